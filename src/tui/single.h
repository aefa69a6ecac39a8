/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/single.h - the single run's keys (single.c)
 */
#ifndef VMSCAN_TUI_SINGLE_H
#define VMSCAN_TUI_SINGLE_H

#include "state.h"

/* What no other mode took (app.c asks them first). */
enum redraw single_command(struct app *a, enum command cmd);
/* Play: @steps steps, stopping at a question, a pause point, the end. */
enum redraw single_tick(struct app *a, int steps);

#endif
