/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/history.h - the inspected page (app.insp), and its history so far
 *
 *	history_select(a, object, index);	the cursor on a page
 *	while (history_update(a)) ...		a slice of its history between keys
 *	history_close(a);			the inspector closed
 */
#ifndef VMSCAN_TUI_HISTORY_H
#define VMSCAN_TUI_HISTORY_H

#include "state.h"

/* Records kept for one page: 12 MiB.  A page touched more often than this
 * in the part of the run replayed shows its first events only. */
#define INSPECTOR_MAX_EVENTS (1u << 18)

void history_select(struct app *a, uint32_t object, uint32_t index);
/* Replays a slice more of the page's history; false when nothing to do. */
bool history_update(struct app *a);
void history_close(struct app *a);

#endif
