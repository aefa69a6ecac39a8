/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/screen.h - the visualizer's screen without a terminal
 *
 * `vmscan-viz screen` asks for one frame: a scenario, a policy or two, a
 * step or an access, a size and a mode.  tui_screen() (headless.c) sets
 * the visualizer up as tui_run() would, presses the keys a user would
 * press to get there (g STEP Enter, / PAGE Enter, i, ?), lets the
 * background work finish, calls the visualizer's own tui_draw() on a
 * curses screen that writes to /dev/null, and reads that screen back,
 * cell by cell, into a grid.  No curses type crosses this header: the
 * writers (cli/screen_out.c) turn the grid into text, ANSI or SVG.
 *
 *	struct screen_request r = { .o = { .path = "x.json" }, .ncols = 80, .nlines = 24,
 *				    .has_step = true, .step = 437 };
 *	struct screen_grid g;
 *	char err[256];
 *	if (tui_screen(&r, &g, err, sizeof err) == 0) {
 *		screen_write(stdout, &g, SCREEN_TEXT);
 *		screen_grid_free(&g);
 *	}
 */
#ifndef VMSCAN_TUI_SCREEN_H
#define VMSCAN_TUI_SCREEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tui.h"

enum screen_attr {
	SCREEN_BOLD = 1,
	SCREEN_DIM = 2,
	SCREEN_UNDERLINE = 4,
	SCREEN_REVERSE = 8,
};

struct screen_cell {
	char text[24]; /* UTF-8: the character and any combining marks; "" right of a wide one */
	uint8_t width; /* columns: 1, 2 (a wide character), 0 (the right half of one) */
	uint8_t attr;  /* enum screen_attr */
	short fg, bg;  /* xterm palette index (0-255), or -1: the terminal's default */
};

struct screen_grid {
	int ncols, nlines;
	int colors;		  /* the depth drawn with: 0 (monochrome), 8, 16, 256 */
	bool light;		  /* the light theme: the page behind the cells is white */
	struct screen_cell *cell; /* lines * cols, row by row */
	char title[256];	  /* what the frame shows, one line (for an SVG's <title>) */
};

struct screen_request {
	struct tui_options o; /* scenario, policy, --compare, glyphs, colours, --big, --quiz */
	int ncols, nlines;
	bool has_step, has_access;
	uint64_t step, access; /* compare mode moves by access only */
	uint64_t divergence;   /* compare mode: the n-th divergence (n pressed n times), 0: none */
	const char *inspect;   /* "NAME[IDX]": the inspector on that page, NULL: none */
	bool examined;	       /* the inspector on the page the step examined (the key i) */
	const char *cgroup;    /* the lists panel draws this memory cgroup's lists (m), NULL: the zone's */
	bool whose;	       /* the cells lettered by cgroup, whose pages they are (M) */
	const char *bookmark;  /* the scenario's bookmark of that name, gone to from the list (') */
	bool help;	       /* the help screen (?) over the frame */
	/* the colour depth drawn with: 8, 16 or 256; 0: 256; -1: that of the
	 * terminal $TERM names (tigetnum("colors")), 256 when it names none
	 * with colours.  Monochrome (o.no_color, NO_COLOR) wins. */
	int colors;
};

/* Draws the frame @r asks for into @g (screen_grid_free() it).  Returns
 * 0; 1 when the scenario does not load or the step, access or page asked
 * for is not in the run (@err says why, unless the loader printed it:
 * then @err is ""); 2 when no terminal description can be found. */
int tui_screen(const struct screen_request *r, struct screen_grid *g, char *err, size_t n);
void screen_grid_free(struct screen_grid *g);

#endif
