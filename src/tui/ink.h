/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/ink.h - what an ink is: the colours and attributes of one item
 *
 * A type alone, below both the theme (theme.c's rows for the chrome and
 * the objects) and the outcomes' table (outcome.c), so that the theme can
 * read the outcomes' inks without the two including each other.
 */
#ifndef VMSCAN_TUI_INK_H
#define VMSCAN_TUI_INK_H

#include <curses.h>

/* How an item is drawn, in every depth and both themes: 256-colour fg
 * and bg, 8-colour fg and bg (-1: the terminal's default), attributes
 * added in colour, the whole rendering in monochrome, then the light
 * theme's fg and bg (xterm 256-colour indices, none left to the terminal:
 * used in 256 colours; in 8 or 16 the dark ones with white and black
 * swapped).  The outcomes' inks are their rows in outcome.c. */
struct ink {
	short fg256, bg256;
	short fg8, bg8;
	attr_t color_attr;
	attr_t mono;
	short light_fg, light_bg;
};

#endif
