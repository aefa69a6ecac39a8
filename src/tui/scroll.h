/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/scroll.h - one scroller for every scrolling list
 *
 * The help screen, a dialog's list or message, the log's selection and
 * the counters all move the same way: the arrows a row, PgUp/PgDn a page,
 * Home/End to an end, never past the first or the last row.
 *
 *	long d;
 *	if (scroll_key(key, page, nr, &d))
 *		top = scroll_by(top, d, nr);
 */
#ifndef VMSCAN_TUI_SCROLL_H
#define VMSCAN_TUI_SCROLL_H

#include <limits.h>
#include <stdbool.h>

#include "theme.h"

/* @pos moved by @delta rows, kept within 0..@nr-1 (0 when empty). */
static inline int scroll_by(int pos, long delta, int nr)
{
	long p = (long)pos + delta;

	return nr <= 0 || p < 0 ? 0 : p >= nr ? nr - 1 : (int)p;
}

/* The rows @key moves a list of @nr rows, @page a page: false (and no
 * move) for a key that does not scroll. */
static inline bool scroll_key(int key, int page, int nr, long *delta)
{
	switch (key) {
	case KEY_UP: *delta = -1; return true;
	case KEY_DOWN: *delta = 1; return true;
	case KEY_PPAGE: *delta = -page; return true;
	case KEY_NPAGE: *delta = page; return true;
	case KEY_HOME: *delta = -(long)nr; return true;
	case KEY_END: *delta = nr; return true;
	default: *delta = 0; return false;
	}
}

#endif
