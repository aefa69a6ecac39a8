/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/inspector.h - the inspector's keys (i, Esc, /, the lists' cursor);
 * its panel is panel_inspector (panel.h)
 */
#ifndef VMSCAN_TUI_INSPECTOR_H
#define VMSCAN_TUI_INSPECTOR_H

#include "state.h"

/* False if @cmd is not the inspector's (the arrows are, over the lists). */
bool inspector_command(struct app *a, enum command cmd, enum redraw *r);

#endif
