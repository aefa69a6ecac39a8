/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel.h - what a panel is: a name and a draw function over a frame
 *
 * Each panel file exports one `const struct panel_ops` with designated
 * initialisers (htop's MeterClass shape).  draw() receives only const
 * pointers: a panel cannot change the engine or the UI state.  The whole
 * screen is erased and redrawn when anything changed (ncurses then sends
 * only the differences; nothing is drawn while idle).
 */
#ifndef VMSCAN_TUI_PANEL_H
#define VMSCAN_TUI_PANEL_H

#include "app.h"
#include "theme.h"

struct panel_ops {
	const char *name;
	const char *title;
	void (*draw)(const struct rect *r, const struct frame *f, bool focused);
};

extern const struct panel_ops panel_lists, panel_decision, panel_counters, panel_log, panel_inspector;

/* The screen's regions; h == 0 means not shown at this size. */
struct layout {
	bool too_small;
	struct rect header, caption, lists, decision, counters, log, inspector, legend, footer;
};

#define MIN_COLS  56
#define MIN_LINES 16

void layout_compute(struct layout *l, const struct frame *f, int ncols, int nlines);
/* Rows the lists panel would like at width @w, uncompressed. */
int panel_lists_want(const struct frame *f, int w);

void panel_header_draw(const struct rect *r, const struct frame *f);
void panel_caption_draw(const struct rect *r, const struct frame *f);
void panel_legend_draw(const struct rect *r, const struct frame *f);
void panel_footer_draw(const struct rect *r, const struct frame *f);
void panel_help_draw(const struct frame *f);
void panel_too_small_draw(int ncols, int nlines);
void dialog_draw(const struct frame *f);
/* The quiz's question in place of the decision panel. */
void quiz_draw(const struct rect *r, const struct frame *f);
/* Sparkline of @s over steps 1..step, @w columns. */
void sparkline_draw(int y, int x, int w, const struct view *v, int s, attr_t a);
/* The inputs a scan step read, as one line of "name=value". */
void decision_inputs(const struct step_record *r, char *buf, size_t n);
/* The policy's tests from row @y; returns rows used.  @hide_answer: no
 * taken / not-taken marks (the quiz asks first). */
int decision_checks(int y, const struct rect *r, const struct policy_check *c, int nc,
		    const struct step_record *rec, bool hide_answer, int maxrows);
/* "used_once" for BR_USED_ONCE (a static buffer) */
const char *branch_short(unsigned br);
/* "libc.so[3]" */
void page_name(const struct app *a, uint32_t object, uint32_t index, char *buf, size_t n);

#endif
