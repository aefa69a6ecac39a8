/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/compare.c - compare mode: one scenario, two policies, in lockstep
 *
 * The two runs take different numbers of steps (each side runs the reclaim
 * its own rules cause), so they are aligned by workload step: position k is
 * the state after the k-th access of the workload and all the reclaim that
 * followed it, on each side.  An index per side (8 bytes a workload step)
 * maps k to that side's engine step; stepping moves k.
 *
 * A divergence at position k: access k and the reclaim that followed it decided
 * differently on the two sides, in number or in outcome of its decisions
 * (read from the history marks, so the search is cheap).  The page named
 * is the first page, in the left side's order, whose first decision there
 * differs from its first decision on the right (or that the right side did
 * not look at), found by replaying that stretch of both runs.
 *
 * Layout: 160 columns or more, the two sides side by side; narrower, one
 * above the other.  Each side shows its lists and its decision; the rows
 * above them show the counters that differ most and the divergence, or at
 * the end a verdict in words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "panel.h"

#define DIV_MAX 4096		/* decisions of one stretch looked at for the divergence */
#define SIDE_BY_SIDE_COLS 160

/* at[k] for k = 0..nr: at[0] is the start; at[k] the step just before
 * access k+1 (access k and the reclaim after it are done); at[nr] the end. */
static int positions(const struct view *v, uint64_t **at, uint64_t *nr)
{
	uint64_t n = 0, k = 0;

	for (uint64_t s = 0; s < v->total; s++)
		n += (v->hist.marks[s] & MARK_WORKLOAD) != 0;
	*at = malloc((size_t)(n + 1) * sizeof **at);
	if (!*at)
		return -1;
	(*at)[0] = 0;
	for (uint64_t s = 1; s <= v->total; s++)
		if (v->hist.marks[s - 1] & MARK_WORKLOAD) {
			if (k > 0)
				(*at)[k] = s - 1;
			k++;
		}
	(*at)[n] = v->total;
	*nr = n;
	return 0;
}

void compare_stop(struct app *a)
{
	if (!a->cmp.on)
		return;
	view_free(&a->views[1]);
	a->insp.cursor = false;
	free(a->cmp.at[0]);
	free(a->cmp.at[1]);
	memset(&a->cmp, 0, sizeof a->cmp);
	a->nr_views = 1;
}

/* Collect a side's scan decisions of stretch k: access k and the reclaim
 * after it, the steps between positions k-1 and k (k >= 1). */
static size_t stretch(struct view *v, const uint64_t *at, uint64_t k, struct step_record *out)
{
	uint64_t from = at[k - 1], to = at[k];
	size_t n = 0;

	timeline_seek(v->tl, from);
	for (uint64_t s = from; s < to && n < DIV_MAX; s++) {
		const struct step_record *r = timeline_forward(v->tl);
		if (r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE)
			out[n++] = *r;
	}
	return n;
}

static bool same_marks(const struct app *a, uint64_t k)
{
	const struct compare *c = &a->cmp;
	/* marks[s - 1] describes step s: stretch k is marks[at[k-1]] .. marks[at[k] - 1] */
	uint64_t f0 = c->at[0][k - 1], t0 = c->at[0][k];
	uint64_t f1 = c->at[1][k - 1], t1 = c->at[1][k];
	const uint8_t *m0 = a->views[0].hist.marks, *m1 = a->views[1].hist.marks;

	for (;;) {
		while (f0 < t0 && !(m0[f0] & MARK_DECISION))
			f0++;
		while (f1 < t1 && !(m1[f1] & MARK_DECISION))
			f1++;
		if (f0 == t0 || f1 == t1)
			return f0 == t0 && f1 == t1;
		if ((m0[f0] & MARK_OUTCOME) != (m1[f1] & MARK_OUTCOME))
			return false;
		f0++;
		f1++;
	}
}

/* The first page of stretch k decided differently; div.found false if none. */
static void find_divergence(struct app *a, uint64_t k)
{
	static struct step_record side[2][DIV_MAX];
	struct compare *c = &a->cmp;
	size_t n[2];

	memset(&c->div, 0, sizeof c->div);
	c->div.k = k;
	if (same_marks(a, k))
		return;
	for (int s = 0; s < 2; s++)
		n[s] = stretch(&a->views[s], c->at[s], k, side[s]);
	for (size_t i = 0; i < n[0] + n[1] && !c->div.found; i++) {
		int s = i < n[0] ? 0 : 1;
		const struct step_record *x = &side[s][i < n[0] ? i : i - n[0]], *y = NULL;
		for (size_t j = 0; j < n[!s] && !y; j++)
			if (side[!s][j].object == x->object && side[!s][j].index == x->index)
				y = &side[!s][j];
		if (y && y->outcome == x->outcome && y->branch == x->branch)
			continue;
		c->div.found = true;
		c->div.object = x->object;
		c->div.index = x->index;
		c->div.rec[s] = *x;
		c->div.seen[s] = true;
		if (y) {
			c->div.rec[!s] = *y;
			c->div.seen[!s] = true;
		}
	}
}

static void go(struct app *a, uint64_t k)
{
	struct compare *c = &a->cmp;

	c->k = k > c->nr ? c->nr : k;
	if (c->k)
		find_divergence(a, c->k);
	else
		memset(&c->div, 0, sizeof c->div);
	/* the divergent page gets the cursor's mark in both sides' lists */
	a->insp.cursor = c->div.found;
	a->insp.object = c->div.object;
	a->insp.index = c->div.index;
	for (int s = 0; s < 2; s++)
		view_goto(&a->views[s], c->at[s][c->k]);
}

int compare_start(struct app *a, const struct reclaim_policy *second, char *err, size_t n)
{
	struct compare *c = &a->cmp;
	uint64_t nr1, k = 0;

	compare_stop(a);
	if (view_build(&a->views[1], &a->sc->wl, second, err, n) < 0)
		return -1;
	a->nr_views = 2;
	c->on = true;
	if (positions(&a->views[0], &c->at[0], &c->nr) < 0 || positions(&a->views[1], &c->at[1], &nr1) < 0 ||
	    nr1 != c->nr) {
		snprintf(err, n, "compare: the two runs do not have the same workload steps");
		compare_stop(a);
		return -1;
	}
	while (k < c->nr && c->at[0][k + 1] <= a->views[0].step)
		k++;
	a->insp.open = false;
	a->quiz.on = false;
	go(a, k);
	return 0;
}

static int next_divergence(struct app *a, int dir)
{
	struct compare *c = &a->cmp;

	for (uint64_t k = c->k + (uint64_t)dir; k >= 1 && k <= c->nr; k += (uint64_t)dir) {
		if (same_marks(a, k))
			continue;
		find_divergence(a, k);
		if (c->div.found) {
			go(a, k);
			return REDRAW_ALL;
		}
	}
	snprintf(a->ui.msg, sizeof a->ui.msg, "no divergence %s", dir > 0 ? "after this access" : "before this access");
	return REDRAW_ALL;
}

int compare_command(struct app *a, enum command cmd)
{
	struct compare *c = &a->cmp;

	switch (cmd) {
	case CMD_STEP: a->ui.playing = false; go(a, c->k + 1); return REDRAW_ALL;
	case CMD_BACK: a->ui.playing = false; go(a, c->k ? c->k - 1 : 0); return REDRAW_ALL;
	case CMD_FIRST: go(a, 0); return REDRAW_ALL;
	case CMD_LAST: go(a, c->nr); return REDRAW_ALL;
	case CMD_NEXT: return next_divergence(a, 1);
	case CMD_PREV: return next_divergence(a, -1);
	case CMD_PLAY:
		if (!a->ui.playing && c->k >= c->nr)
			go(a, 0);
		a->ui.playing = !a->ui.playing;
		return REDRAW_ALL;
	case CMD_FILTER: case CMD_GOTO: case CMD_POLICY: case CMD_OPEN: case CMD_INSPECT:
	case CMD_FIND: case CMD_QUIZ: case CMD_UP: case CMD_DOWN: case CMD_PAGE_UP: case CMD_PAGE_DOWN:
		snprintf(a->ui.msg, sizeof a->ui.msg, "in compare mode: c leaves it first");
		return REDRAW_ALL;
	default:
		return -1;
	}
}

/* Play: one access per tick-step; stops at the end. */
int compare_tick(struct app *a, int steps)
{
	struct compare *c = &a->cmp;

	if (c->k + (uint64_t)steps >= c->nr) {
		a->ui.playing = false;
		steps = (int)(c->nr - c->k);
	}
	go(a, c->k + (uint64_t)steps);
	return REDRAW_ALL;
}

/* ---- drawing ------------------------------------------------------------ */

static const enum vmstat_item key_counters[] = {
	PGACTIVATE, PGDEACTIVATE, PGSTEAL, PGSCAN_KSWAPD, PGSCAN_DIRECT, PGMAJFAULT, SIM_REFAULT,
	WORKINGSET_ACTIVATE, PSWPOUT, PGROTATED,
};

static long long absdiff(uint64_t x, uint64_t y) { return x > y ? (long long)(x - y) : (long long)(y - x); }

/* The counters that differ most, and each object's residency. */
static void draw_summary(int y, int w, const struct app *a)
{
	const uint64_t *v0 = engine_vmstat(view_engine(&a->views[0])), *v1 = engine_vmstat(view_engine(&a->views[1]));
	bool used[sizeof key_counters / sizeof key_counters[0]] = { 0 };
	int x = 0;

	x += draw_str(y, x, w - x, theme_attr(T_LABEL), "differ most ");
	for (int shown = 0; shown < 4; shown++) {
		int best = -1;
		for (size_t i = 0; i < sizeof key_counters / sizeof key_counters[0]; i++)
			if (!used[i] && absdiff(v0[key_counters[i]], v1[key_counters[i]]) > 0 &&
			    (best < 0 || absdiff(v0[key_counters[i]], v1[key_counters[i]]) >
						 absdiff(v0[key_counters[best]], v1[key_counters[best]])))
				best = (int)i;
		if (best < 0)
			break;
		used[best] = true;
		x += draw_fmt(y, x, w - x, theme_attr(T_NORMAL), "%s %llu|%llu  ", vmstat_name[key_counters[best]],
			      (unsigned long long)v0[key_counters[best]], (unsigned long long)v1[key_counters[best]]);
	}
	for (uint32_t o = 0; o < a->sc->wl.nr_objects && x < w; o++) {
		struct object_stats s0 = engine_object(view_engine(&a->views[0]), o);
		struct object_stats s1 = engine_object(view_engine(&a->views[1]), o);
		uint32_t pages = a->sc->wl.objects[o].pages;
		x += draw_fmt(y, x, w - x, theme_attr(s0.resident != s1.resident ? T_WARN : T_DIM), "%s %u%%|%u%%  ",
			      a->sc->wl.objects[o].name, 100 * s0.resident / pages, 100 * s1.resident / pages);
	}
}

static void draw_divergence(int y, int w, const struct app *a)
{
	const struct compare *c = &a->cmp;
	char page[96];
	int x = 0;

	if (c->k >= c->nr) {
		/* the end: which policy kept which object, at what cost */
		const struct engine *e0 = view_engine(&a->views[0]), *e1 = view_engine(&a->views[1]);
		uint32_t best = 0;
		long long bd = -1;
		for (uint32_t o = 0; o < a->sc->wl.nr_objects; o++) {
			struct object_stats s0 = engine_object(e0, o), s1 = engine_object(e1, o);
			long long d = absdiff(s0.refaults, s1.refaults) + absdiff(s0.resident, s1.resident);
			if (d > bd) {
				bd = d;
				best = o;
			}
		}
		struct object_stats s0 = engine_object(e0, best), s1 = engine_object(e1, best);
		draw_fmt(y, 0, w, theme_attr(T_TAKEN),
			 "verdict: %s: %s keeps %u of %u pages (%llu refaults), %s keeps %u (%llu refaults); "
			 "cost: pgactivate %llu vs %llu, pages scanned %llu vs %llu",
			 a->sc->wl.objects[best].name, a->views[0].policy->name, s0.resident, a->sc->wl.objects[best].pages,
			 (unsigned long long)s0.refaults, a->views[1].policy->name, s1.resident,
			 (unsigned long long)s1.refaults, (unsigned long long)engine_vmstat(e0)[PGACTIVATE],
			 (unsigned long long)engine_vmstat(e1)[PGACTIVATE],
			 (unsigned long long)engine_vmstat(e0)[PGSCAN_KSWAPD] + engine_vmstat(e0)[PGSCAN_DIRECT],
			 (unsigned long long)engine_vmstat(e1)[PGSCAN_KSWAPD] + engine_vmstat(e1)[PGSCAN_DIRECT]);
		return;
	}
	if (!c->div.found) {
		draw_str(y, 0, w, theme_attr(T_DIM), c->k ? "same decisions after this access on both sides (n: next divergence)"
							: "n: jump to the next access after which the two policies decide differently");
		return;
	}
	page_name(a, c->div.object, c->div.index, page, sizeof page);
	x += draw_fmt(y, x, w - x, theme_attr(T_WARN), "divergence: %s: ", page);
	for (int s = 0; s < 2; s++) {
		const struct step_record *r = &c->div.rec[s];
		if (c->div.seen[s])
			x += draw_fmt(y, x, w - x, theme_outcome(r->outcome), "%s %s (%s)", a->views[s].policy->name,
				      outcome_name[r->outcome], branch_short(r->branch));
		else
			x += draw_fmt(y, x, w - x, theme_attr(T_DIM), "%s did not look at it", a->views[s].policy->name);
		if (s == 0)
			x += draw_str(y, x, w - x, theme_attr(T_NORMAL), "  vs  ");
	}
}

static void draw_side(const struct rect *r, const struct app *a, int s)
{
	const struct view *v = &a->views[s];
	struct frame f = { a, v, view_engine(v) };
	struct watermarks wm = engine_watermarks(f.e);
	struct rect lists = { r->y + 1, r->x, (r->h - 1) * 45 / 100, r->w };
	struct rect dec = { lists.y + lists.h, r->x, r->h - 1 - lists.h, r->w };

	draw_fmt(r->y, r->x, r->w, theme_attr(T_BAR), " %s %s  step %llu/%llu  free %u (min %u low %u high %u) ",
		 s ? "right:" : "left:", v->policy->name, (unsigned long long)v->step, (unsigned long long)v->total,
		 engine_list(f.e, LRU_FREE).nr, wm.min, wm.low, wm.high);
	if (lists.h >= 3)
		panel_lists.draw(&lists, &f, false);
	if (dec.h >= 3)
		panel_decision.draw(&dec, &f, false);
}

void compare_draw(const struct app *a)
{
	const struct compare *c = &a->cmp;
	int top = 4, h = LINES - top - 1;
	const struct wl_op *op = c->k < c->nr ? &a->sc->wl.ops[a->views[0].rec.op] : NULL;

	draw_fmt(0, 0, COLS, theme_attr(T_BAR), " compare %s vs %s | access %llu/%llu | %s | %s ",
		 a->views[0].policy->name, a->views[1].policy->name, (unsigned long long)c->k,
		 (unsigned long long)c->nr, a->ui.playing ? "playing" : "paused", a->sc->title);
	if (op && op->caption != UINT32_MAX)
		draw_str(1, 0, COLS, theme_attr(T_CAPTION), a->sc->wl.captions[op->caption]);
	else if (a->ui.msg[0])
		draw_str(1, 0, COLS, theme_attr(T_WARN), a->ui.msg);
	draw_summary(2, COLS, a);
	draw_divergence(3, COLS, a);
	if (COLS >= SIDE_BY_SIDE_COLS) {
		int w = (COLS - 1) / 2;
		struct rect left = { top, 0, h, w }, right = { top, w + 1, h, COLS - w - 1 };
		draw_side(&left, a, 0);
		attron(theme_attr(T_DIM));
		draw_vline(top, w, h);
		attroff(theme_attr(T_DIM));
		draw_side(&right, a, 1);
	} else {
		struct rect up = { top, 0, h / 2, COLS }, down = { top + h / 2, 0, h - h / 2, COLS };
		draw_side(&up, a, 0);
		draw_side(&down, a, 1);
	}
	draw_str(LINES - 1, 0, COLS, theme_attr(T_BAR),
		 " ←→ one access  n/N divergence  Home/End  Space play  c leave compare  ? help  q quit ");
}
