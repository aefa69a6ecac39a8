/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/layout.c - terminal size -> panel rectangles
 *
 *   header      step n/total, play state, policy, mode badge; then free
 *               memory against the watermarks and who is reclaiming
 *   caption     the scenario's words for the current operation
 *   lists       the LRU lists head -> tail, the isolated batch, the pages
 *               evicted lately
 *   objects     each object's pages in memory, evictions and refaults
 *   decision    the examined page, the policy's tests in the kernel's
 *               order with the one taken, why, and what was done
 *   banner      projector mode: the outcome, big
 *   log | counters (with the sparklines), side by side when wide
 *   legend, footer
 *
 * The story comes first.  These are never given up at any size from
 * 80x24: the header's first line, the lists (a row per list, the isolated
 * batch, the evicted strip), the decision's page, tests, why and outcome
 * (sized for the largest of the lesson's policies: the scenario's and its
 * bookmarks', so that ] and p move no panel), and the footer.  Everything
 * else gets rows in this order while rows are left, so it gives way in
 * the reverse order:
 *
 *   1. the caption, whole          6. the lists' other rows
 *      (the lesson's own words:    7. the decision's inputs, its heading
 *      its longest caption or      8. the legend's other rows
 *      bookmark line, 3 rows most) 9. the decision's origin lines
 *   2. the objects, packed in one 10. the log and the counters with
 *   3. the objects, a row each         their sparklines: what is left
 *   4. the legend's first row
 *   5. the header's second line
 *
 * That is: the log, counters and sparklines go first, then origins,
 * legend lines, the inputs, compression of the lists (more pages a
 * cell), the header's second line, the legend, the objects' bars, and
 * last the caption.  Projector mode (--big, B) keeps only 1-6 and shows the
 * outcome in a banner.
 *
 * A pure function of the terminal's size, the scenario, the policy and
 * whether the inspector is open: nothing here looks at the current step, so no panel moves or changes
 * height while the run plays.  Rows that come and go (the isolated batch,
 * the unevictable list, a reason's second line) are reserved.  Below
 * MIN_COLS x MIN_LINES the screen says how big it must be.
 */
#include <stdio.h>

#include "panel.h"

/* Rows left: take @want of them if there are, else none (or what is left
 * if @partial). */
static int take(int *left, int want, bool partial)
{
	int got = want <= *left ? want : partial ? *left : 0;

	if (got < 0)
		got = 0;
	*left -= got;
	return got;
}

/* Rows the longest caption of the scenario takes, or the longest line of
 * its bookmarks (the caption row says it on arrival), with the pause
 * point's note: at most 3.  (The description, which step 0 shows, is also
 * in the decision panel then, and behind s.) */
#define CAPTION_MAX 3
#define PAUSE_NOTE  "   [pause point: space goes on]"
static int caption_rows(const struct frame *f, int cols)
{
	const struct scenario *sc = f->app->sc;
	const struct workload *wl = &sc->wl;
	int rows = 1;

	for (uint32_t i = 0; i < wl->nr_captions + sc->nr_bookmarks && rows < CAPTION_MAX; i++) {
		char buf[1200];
		int n;
		snprintf(buf, sizeof buf, "%s%s",
			 i < wl->nr_captions ? wl->captions[i] : sc->bookmarks[i - wl->nr_captions].text,
			 i < wl->nr_captions ? PAUSE_NOTE : "");
		n = wrap_count(buf, cols - 2);
		rows = n > rows ? n : rows;
	}
	return rows < CAPTION_MAX ? rows : CAPTION_MAX;
}

struct grant {
	int header2, caption, lists, objects, legend, inputs, origin, banner;
};

#define LOG_KEPT       5  /* the log's title and 4 entries */
#define LOG_KEPT_LINES 36 /* from this height */
/* The inspector open in that band: its title, the page now (3 rows), its
 * counts, the history's heading and 6 events, a page's usual life from its
 * fault to a refault (LECTURE.md Part 3's index[0]).  At 120x40 the band's
 * 6 rows left the history no row at all; the lists' extra rows give way to
 * it (more pages a cell) while it is open. */
#define INSP_KEPT      12

static void grant_rows(struct grant *g, const struct frame *f, int cols, int left, int lines,
		       const struct lists_need *ln, const struct decision_need *dn, int nobj_rows_packed,
		       int nobj)
{
	bool big = f->app->ui.big;
	int legend_want = panel_legend_want(cols), held;

	*g = (struct grant){ 0 };
	/* the lesson's own words whole, then its pictures, then the legend;
	 * projector mode's banner after the words and the bars (at 80x24 a
	 * question's bookmark line is the question: the banner only names the
	 * page), and without a row of its own it is drawn in the footer's */
	g->caption = take(&left, 1, false);
	if (g->caption)
		g->caption += take(&left, caption_rows(f, cols) - 1, true);
	g->objects = take(&left, nobj_rows_packed, false);
	if (big)
		g->banner = take(&left, 3, false) ? 3 : take(&left, 1, false);
	if (g->objects && nobj > g->objects)
		g->objects += take(&left, nobj - g->objects, false);
	g->legend = take(&left, 1, false);
	g->header2 = take(&left, 1, false);
	/* a tall screen keeps a few rows of the log and counters before the
	 * lists grow (120x40: every panel is there) */
	held = !big && lines >= LOG_KEPT_LINES && left >= 2 * LOG_KEPT ? LOG_KEPT : 0;
	if (held && f->app->insp.open && !f->app->cmp.on)
		held = left < INSP_KEPT ? left : INSP_KEPT;
	left -= held;
	g->lists = take(&left, ln->want - ln->min, true);
	if (big)
		return;
	g->inputs = take(&left, dn->inputs, false);
	if (g->legend)
		g->legend += take(&left, legend_want - 1, true);
	g->origin = g->inputs ? take(&left, dn->origin, false) : 0;
}

static void place_band(struct layout *l, int top, int h, int cols, bool big)
{
	bool wide = cols >= 100;
	int leftw = wide ? cols * 55 / 100 : cols;

	if (h < 3 || big) /* too small to be useful: the decision keeps the rows */
		return;
	l->log = (struct rect){ top, 0, h, leftw };
	if (wide)
		l->counters = (struct rect){ top, leftw + 1, h, cols - leftw - 1 };
}

void layout_compute(struct layout *l, const struct frame *f, int cols, int lines)
{
	struct lists_need ln;
	struct decision_need dn;
	struct grant g;
	int must, y, band, nobj, packed;
	bool big = f->app->ui.big;

	*l = (struct layout){ 0 };
	if (cols < MIN_COLS || lines < MIN_LINES) {
		l->too_small = true;
		return;
	}
	panel_lists_need(f, cols, &ln);
	decision_need(f, cols, &dn);
	nobj = panel_objects_rows(f, cols, &packed);
	must = 1 + ln.min + dn.must + 1;		     /* header, lists, decision, footer */
	if (must > lines && must - lines <= dn.checks - 3) { /* short: the tests fold (panel_decision.c) */
		dn.must -= must - lines;
		dn.checks -= must - lines;
		must = lines;
	}
	grant_rows(&g, f, cols, lines - must, lines, &ln, &dn, packed, nobj);

	y = 0;
	l->header = (struct rect){ y, 0, 1 + g.header2, cols };
	y += l->header.h;
	l->caption = (struct rect){ y, 0, g.caption, cols };
	y += g.caption;
	l->lists = (struct rect){ y, 0, ln.min + g.lists, cols };
	y += l->lists.h;
	l->objects = (struct rect){ y, 0, g.objects, cols };
	y += g.objects;
	l->decision = (struct rect){ y, 0, dn.must + g.inputs + g.origin, cols };
	l->decision_inputs = g.inputs > 0;
	l->decision_origin = g.origin > 0;
	y += l->decision.h;
	l->banner = (struct rect){ y, 0, g.banner, cols };
	y += g.banner;
	l->footer = (struct rect){ lines - 1, 0, 1, cols };
	l->legend = (struct rect){ lines - 1 - g.legend, 0, g.legend, cols };
	band = l->legend.y - y;
	place_band(l, y, band, cols, f->app->ui.big);
	if (!l->log.h && band > 0) { /* rows nobody takes: fewer pages a cell, else the decision's */
		int more = ln.want - l->lists.h < band ? ln.want - l->lists.h : band;
		if (more > 0) {
			l->lists.h += more;
			l->objects.y += more;
			l->decision.y += more;
			l->banner.y += more;
			band -= more;
		}
		if (f->app->ui.big && l->banner.h) { /* projector: a bigger banner */
			l->banner.h += band;
		} else {
			l->decision.h += band;
			l->banner.y += band;
		}
	}
	/* the inspector takes the place of the log and the counters, or the decision's */
	l->inspector = l->log.h >= 6 ? (struct rect){ l->log.y, 0, l->log.h, cols } : l->decision;
	if (big && !l->banner.h)
		l->banner = l->footer;
}
