/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/bookmark.h - the scenario's bookmarks: ] [ and ' (bookmark.c)
 */
#ifndef VMSCAN_TUI_BOOKMARK_H
#define VMSCAN_TUI_BOOKMARK_H

#include "state.h"

enum redraw bookmark_step(struct app *a, int dir); /* ] and [: the next, the previous */
enum redraw bookmark_list(struct app *a);	   /* ': the list, to pick one */

#endif
