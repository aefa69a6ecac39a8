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

#include "../scenario/policy_ref.h"
#include "size.h"

struct scenario;

struct tui_options {
	const char *path; /* scenario file, NULL: the built-in default */
	/* a scenario already made (--trace: main() builds it as `run` does),
	 * calloc'd; tui_run() takes it over and frees it; NULL: load path */
	struct scenario *scenario;
	struct policy_ref policy;     /* .policy NULL: the scenario's, else 2.6.34 */
	struct policy_ref compare[2]; /* --compare A,B: start in compare mode; [0].policy NULL: single */
	bool ascii;		      /* ASCII glyphs (also when the locale is not UTF-8) */
	bool no_color;		      /* also when NO_COLOR is set and not empty */
	bool big;		      /* projector mode */
	bool light;		      /* the light theme (--theme light) */
	bool quiz;		      /* start in quiz mode */
};

/* Returns the process exit status (0 on q). */
int tui_run(const struct tui_options *o);

/* What the visualizer and `vmscan-viz screen` (headless.c) share, so
 * that both draw one screen the same way.  tui_open() loads the scenario
 * (or adopts o->scenario) and starts compare mode: 0, or an exit status
 * after a message (1 bad scenario, 2 bad --compare). */
struct app;
int tui_open(struct app *a, const struct tui_options *o);
/* After the screen is set up: the UI state the options ask for. */
void tui_init_ui(struct app *a, const struct tui_options *o);
/* Colour depth (0 mono, 8, 16, 256; calls start_color()) and glyph set. */
int tui_colors_wanted(const struct tui_options *o);
bool tui_ascii_wanted(const struct tui_options *o);
/* The whole frame, onto stdscr, then refresh(). */
void tui_draw(struct app *a);

#endif
