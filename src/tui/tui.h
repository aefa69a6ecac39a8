/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/tui.h - the interactive visualizer (the only folder that uses curses)
 *
 * main() parses the command line and calls tui_run(); the TUI loads the
 * scenario, builds a timeline per policy shown, and draws.  It never
 * decides anything about pages: every decision on screen is a step record
 * of the engine.
 */
#ifndef VMSCAN_TUI_H
#define VMSCAN_TUI_H

#include <stdbool.h>

struct scenario;

/* Below this size the visualizer says "Terminal too small" (layout.c). */
#define TUI_MIN_COLS  56
#define TUI_MIN_LINES 16

struct tui_options {
	const char *path; /* scenario file, NULL: the built-in default */
	/* a scenario already made (--trace: main() builds it as `run` does),
	 * calloc'd; tui_run() takes it over and frees it; NULL: load path */
	struct scenario *scenario;
	const char *policy;  /* NULL: the scenario's, else 2.6.34 */
	const char *compare; /* "A,B": start in compare mode, NULL: single */
	bool ascii;	     /* ASCII glyphs (also when the locale is not UTF-8) */
	bool no_color;	     /* also when NO_COLOR is set and not empty */
	bool big;	     /* projector mode */
	bool quiz;	     /* start in quiz mode */
};

/* Returns the process exit status (0 on q). */
int tui_run(const struct tui_options *o);

#endif
