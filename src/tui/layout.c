/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/layout.c - terminal size -> panel rectangles, recomputed every frame
 *
 *   header (2 lines)  title, policy, step, play state / free vs watermarks, reclaim
 *   caption           the scenario's words for the current operation
 *   lists             the LRU lists, head -> tail
 *   decision | counters      (wide: side by side; narrow: counters dropped)
 *   log      |
 *   legend, footer
 *
 * A pure function of the size and the state, so a resize is just another
 * frame.  Below MIN_COLS x MIN_LINES the screen says how big it must be.
 */
#include "panel.h"

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static void split_lower(struct layout *l, int top, int h, int cols)
{
	bool wide = cols >= 110;
	int leftw = wide ? cols * 58 / 100 : cols;
	int dech, logh;

	if (wide) {
		dech = h >= 24 ? clamp(h * 60 / 100, 14, h - 4) : h;
		logh = h - dech;
		l->counters = (struct rect){ top, leftw + 1, h, cols - leftw - 1 };
	} else {
		logh = h >= 22 ? h / 3 : h >= 16 ? 4 : 0;
		dech = h - logh;
	}
	l->decision = (struct rect){ top, 0, dech, leftw };
	l->log = (struct rect){ top + dech, 0, logh, leftw };
	/* the inspector takes the counters' place, or the log's, or the decision's */
	if (l->counters.h)
		l->inspector = l->counters;
	else if (logh >= 6)
		l->inspector = l->log;
	else
		l->inspector = l->decision;
}

void layout_compute(struct layout *l, const struct frame *f, int cols, int lines)
{
	int top, bottom, mid, want, listh;

	*l = (struct layout){ 0 };
	if (cols < MIN_COLS || lines < MIN_LINES) {
		l->too_small = true;
		return;
	}
	l->header = (struct rect){ 0, 0, 2, cols };
	l->caption = (struct rect){ 2, 0, lines >= 34 ? 2 : 1, cols };
	l->footer = (struct rect){ lines - 1, 0, 1, cols };
	l->legend = (struct rect){ lines - 2, 0, lines >= 20 ? 1 : 0, cols };
	top = l->caption.y + l->caption.h;
	bottom = l->legend.h ? l->legend.y : l->footer.y;
	mid = bottom - top;
	want = panel_lists_want(f, cols);
	listh = clamp(want, 5, mid * (f->app->ui.big ? 55 : 45) / 100);
	if (listh < 5)
		listh = mid - 6 > 3 ? mid - 6 : 3;
	l->lists = (struct rect){ top, 0, listh, cols };
	split_lower(l, top + listh, mid - listh, cols);
}
