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

#include "../policy/registry.h"
#include "size.h"
#include "state.h"
#include "theme.h"

struct panel_ops {
	const char *name;
	const char *title;
	void (*draw)(const struct rect *r, const struct frame *f, bool focused);
};

extern const struct panel_ops panel_lists, panel_decision, panel_counters, panel_log, panel_inspector,
	panel_objects, panel_quiz;

/* The screen's regions; h == 0 means not shown at this size (layout.c). */
struct layout {
	bool too_small;
	struct rect header, caption, lists, objects, decision, banner, log, counters, inspector, legend,
		footer;
	bool decision_inputs, decision_origin; /* the decision's optional rows it has room for */
};

#define MIN_COLS  TUI_MIN_COLS
#define MIN_LINES TUI_MIN_LINES

void layout_compute(struct layout *l, const struct frame *f, int ncols, int nlines);

/* Rows the lists panel needs at width @w: at least (a row a list, title,
 * evicted strip) and at most (every list at its largest, a page a cell). */
struct lists_need {
	int min, want;
};
void panel_lists_need(const struct frame *f, int w, struct lists_need *n);
/* The page in the list cell at (@y, @x) of the draw that filled @h; false if none. */
bool panel_lists_hit(const struct lists_hits *h, int y, int x, uint32_t *object, uint32_t *index);
/* Rows the decision panel needs at width @w: the title, every test, the
 * longest reason and outcome (must); the inputs and heading, the origins. */
struct decision_need {
	int must, inputs, origin;
	int checks; /* of must: the longest list of tests, one row each */
};
void decision_need(const struct frame *f, int w, struct decision_need *n);
/* A row per object; *packed: rows when packed side by side. */
int panel_objects_rows(const struct frame *f, int w, int *packed);
/* Rows the whole legend takes at width @w with its long labels. */
int panel_legend_want(int w);
/* The help screen's legend: its items, the rows item @i takes at width
 * @w, and item @i drawn in @rows rows. */
int legend_help_rows(void);
int legend_help_height(int i, int w);
void legend_help_draw(int y, int x, int w, int i, int rows);

void panel_header_draw(const struct rect *r, const struct frame *f);
void panel_caption_draw(const struct rect *r, const struct frame *f);
void panel_legend_draw(const struct rect *r, const struct frame *f);
/* Projector mode: the outcome of the current step, big. */
void panel_banner_draw(const struct rect *r, const struct frame *f);
void panel_footer_draw(const struct rect *r, const struct frame *f);
void panel_help_draw(const struct frame *f);
/* Entries the help screen has (it scrolls by entry). */
int panel_help_entries(void);
void panel_too_small_draw(int ncols, int nlines);
/* The log's entries in @r, without the panel's title (decision_spare). */
void log_draw_untitled(const struct rect *r, const struct frame *f);
/* The decision panel's rows from @y down, which the step left empty: the
 * log, when it has no panel of its own (panel_decision_spare.c). */
void decision_spare(const struct rect *r, const struct frame *f, int y);
/* The inputs a scan step read, as one line of "name=value". */
void decision_inputs(const struct step_record *r, char *buf, size_t n);
/* The policy's tests from row @y; returns rows used.  @hide_answer: no
 * taken / not-taken marks (the quiz asks first). */
int decision_checks(int y, const struct rect *r, const struct policy_check *c, int nc,
		    const struct step_record *rec, bool hide_answer, int maxrows);
/* Has the policy the PAGEREF_* enum (2.6.34's patch 1/3 on)? */
bool policy_has_pageref(const struct reclaim_policy *p);
/* ... or 6.1's FOLIOREF_* (folio_check_references(), lru_gen on or off). */
bool policy_has_folioref(const struct reclaim_policy *p);
/* A scan decision in the policy's own words: PAGEREF_KEEP, or 2.6.33's
 * "goto activate_locked"; other steps' outcome names. */
const char *scan_decision_name(const struct reclaim_policy *p, const struct step_record *r);
/* A step that names no page (a pause point, an allocation): it in words,
 * "pause point: ..." or "shrink_zone()"; false for a page's step. */
bool step_without_page(const struct step_record *r, char *buf, size_t n);

#endif
