/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/compare.c - compare mode: one scenario, two policies, in lockstep
 *
 * The two runs take different numbers of steps (each side runs the reclaim
 * its own rules cause), so they are aligned by workload step: position k is
 * the state after the k-th workload step (access) and all the reclaim that
 * followed it, up to the next access, on each side.  An index per side
 * (at[side][k], 8 bytes a workload step) maps k to that side's engine step;
 * stepping moves k, and each side's log shows the scan steps in between.
 *
 * Divergence, precisely.  The "stretch" k of a side is its steps after
 * position k-1 up to position k: access k and the scan steps that followed
 * it.  For every page (object, index) that BOTH sides scanned in stretch k,
 * take the FIRST scan decision (record outcome: PAGEREF_ACTIVATE, _KEEP,
 * _RECLAIM, _RECLAIM_CLEAN from shrink_page_list, deactivate / rotate from
 * shrink_active_list...) each side took about it there.  Position k is a
 * divergence when, for at least one such page, the two outcomes differ.
 * Pages scanned on one side only, and the rule (branch) behind an equal
 * outcome, do not count.  The page named is the one whose first decision
 * comes first on the left side.  All positions are classified once when
 * compare mode starts, in one pass over both runs (a bitmap, 1 bit a
 * workload step), so n/N never replay anything but the stretch they land on.
 *
 * Layout: 160 columns or more, the two sides side by side; narrower, one
 * above the other.  Each side shows its lists, the log of its stretch and
 * (when tall enough) its decision: the divergent one when there is one.
 * The rows above show the counters that differ most, each object's
 * residency and refaults, and the divergence, or at the end a verdict in
 * words (the wording of `vmscan-viz compare`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "panel.h"

#define SIDE_BY_SIDE_COLS 160

static const char *const side_name[2] = { "left", "right" };

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

/* What classify() builds. */
static void free_classes(struct compare *c)
{
	free(c->divmap);
	free(c->base);
	free(c->stamp[0]);
	free(c->stamp[1]);
	free(c->order);
	free(c->out);
	c->divmap = NULL;
	c->base = c->stamp[0] = c->stamp[1] = NULL;
	c->order = NULL;
	c->out = NULL;
}

static void free_index(struct compare *c)
{
	free(c->at[0]);
	free(c->at[1]);
	free_classes(c);
}

/* Two runs share the snapshot memory one run has on its own. */
static void share_budget(struct app *a, unsigned ways)
{
	for (int i = 0; i < a->nr_views; i++) {
		struct timeline *t = a->views[i].tl;
		timeline_set_budget(t, view_budget(&a->views[i]) / ways);
	}
}

void compare_stop(struct app *a)
{
	if (!a->cmp.on)
		return;
	view_free(&a->views[1]);
	a->insp.cursor = false;
	free_index(&a->cmp);
	memset(&a->cmp, 0, sizeof a->cmp);
	a->cmp.pick = -1;
	a->nr_views = 1;
	share_budget(a, 1);
}

const struct reclaim_policy *compare_default_other(const struct reclaim_policy *first)
{
	return policy_find(strcmp(first->name, "2.6.33") ? "2.6.33" : "2.6.34");
}

/* The kernel's name for a scan decision: PAGEREF_* for page_check_references(). */
static const char *decision_kernel_name(const struct step_record *r)
{
	if (r->kind == STEP_SCAN_INACTIVE)
		switch (r->outcome) {
		case OUT_ACTIVATE: return "PAGEREF_ACTIVATE";
		case OUT_KEEP: return "PAGEREF_KEEP";
		case OUT_RECLAIM: return "PAGEREF_RECLAIM";
		case OUT_RECLAIM_CLEAN: return "PAGEREF_RECLAIM_CLEAN";
		default: break;
		}
	return r->outcome < NR_OUTCOMES ? outcome_name[r->outcome] : "?";
}

/* ---- the divergence rule ------------------------------------------------ */

static bool is_scan(const struct step_record *r)
{
	return r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE;
}

/* Slot of the page a scan record is about, or UINT32_MAX (kernel pages). */
static uint32_t slot(const struct app *a, const struct step_record *r)
{
	const struct workload *wl = &a->sc->wl;

	if (r->object >= wl->nr_objects || r->index >= wl->objects[r->object].pages)
		return UINT32_MAX;
	return a->cmp.base[r->object] + r->index;
}

struct hit {
	bool found;
	uint32_t object, index, ord;
};

/* Step side @s through stretch @k (its timeline must stand at at[s][k-1]),
 * under generation c->gen.  Left: note each page's first decision and its
 * rank.  Right: compare each page's first decision with the left's. */
static void walk(struct app *a, int s, uint64_t k, struct hit *h)
{
	struct compare *c = &a->cmp;
	struct timeline *tl = a->views[s].tl;
	uint32_t n = 0;

	for (uint64_t st = c->at[s][k - 1]; st < c->at[s][k]; st++) {
		const struct step_record *r = timeline_forward(tl);
		uint32_t p;
		if (!is_scan(r) || (p = slot(a, r)) == UINT32_MAX || c->stamp[s][p] == c->gen)
			continue;
		c->stamp[s][p] = c->gen; /* later decisions about p in this stretch do not count */
		if (s == 0) {
			c->out[p] = r->outcome;
			c->order[p] = n++;
		} else if (c->stamp[0][p] == c->gen && c->out[p] != r->outcome &&
			   (!h->found || c->order[p] < h->ord)) {
			*h = (struct hit){ true, r->object, r->index, c->order[p] };
		}
	}
}

static void next_gen(struct compare *c, uint32_t slots)
{
	if (++c->gen == 0) { /* wrapped: forget every stamp */
		memset(c->stamp[0], 0, slots * sizeof *c->stamp[0]);
		memset(c->stamp[1], 0, slots * sizeof *c->stamp[1]);
		c->gen = 1;
	}
}

static uint32_t nr_slots(const struct app *a)
{
	const struct workload *wl = &a->sc->wl;

	return wl->nr_objects ? a->cmp.base[wl->nr_objects - 1] + wl->objects[wl->nr_objects - 1].pages : 0;
}

/* Classify every position, in one pass over both runs. */
static int classify(struct app *a)
{
	struct compare *c = &a->cmp;
	const struct workload *wl = &a->sc->wl;
	uint32_t slots = 0;

	free_classes(c);
	c->base = malloc((wl->nr_objects + 1) * sizeof *c->base);
	if (!c->base)
		return -1;
	for (uint32_t o = 0; o < wl->nr_objects; o++) {
		c->base[o] = slots;
		slots += wl->objects[o].pages;
	}
	c->divmap = calloc((size_t)(c->nr / 8 + 1), 1);
	c->stamp[0] = calloc(slots + 1, sizeof *c->stamp[0]);
	c->stamp[1] = calloc(slots + 1, sizeof *c->stamp[1]);
	c->order = calloc(slots + 1, sizeof *c->order);
	c->out = calloc(slots + 1, 1);
	if (!c->divmap || !c->stamp[0] || !c->stamp[1] || !c->order || !c->out)
		return -1;
	c->gen = 0;
	c->nr_div = 0;
	for (int s = 0; s < 2; s++)
		timeline_seek(a->views[s].tl, 0);
	for (uint64_t k = 1; k <= c->nr; k++) {
		struct hit h = { 0 };
		next_gen(c, slots);
		walk(a, 0, k, &h);
		walk(a, 1, k, &h);
		if (h.found) {
			c->divmap[k / 8] |= (uint8_t)(1u << (k % 8));
			c->nr_div++;
		}
	}
	return 0;
}

static bool is_divergence(const struct compare *c, uint64_t k)
{
	return k >= 1 && k <= c->nr && (c->divmap[k / 8] >> (k % 8)) & 1;
}

/* Rank of divergence k among all (1-based). */
static uint64_t divergence_rank(const struct compare *c, uint64_t k)
{
	uint64_t n = 0;

	for (uint64_t i = 1; i <= k; i++)
		n += is_divergence(c, i);
	return n;
}

/* The page of divergence k and each side's first decision about it. */
static void find_divergence(struct app *a, uint64_t k)
{
	struct compare *c = &a->cmp;
	struct hit h = { 0 };

	memset(&c->div, 0, sizeof c->div);
	if (!is_divergence(c, k))
		return;
	next_gen(c, nr_slots(a));
	for (int s = 0; s < 2; s++)
		timeline_seek(a->views[s].tl, c->at[s][k - 1]);
	walk(a, 0, k, &h);
	walk(a, 1, k, &h);
	if (!h.found)
		return;
	c->div.found = true;
	c->div.k = k;
	c->div.object = h.object;
	c->div.index = h.index;
	for (int s = 0; s < 2; s++) {
		timeline_seek(a->views[s].tl, c->at[s][k - 1]);
		for (uint64_t st = c->at[s][k - 1]; st < c->at[s][k]; st++) {
			const struct step_record *r = timeline_forward(a->views[s].tl);
			if (is_scan(r) && r->object == h.object && r->index == h.index) {
				c->div.rec[s] = *r;
				break;
			}
		}
	}
}

static void go(struct app *a, uint64_t k)
{
	struct compare *c = &a->cmp;

	c->k = k > c->nr ? c->nr : k;
	find_divergence(a, c->k);
	/* the divergent page gets the cursor's mark in both sides' lists */
	a->insp.cursor = c->div.found;
	a->insp.object = c->div.object;
	a->insp.index = c->div.index;
	for (int s = 0; s < 2; s++)
		view_goto(&a->views[s], c->at[s][c->k]);
}

/* Rebuild the index of side @s (its view is new) and reclassify. */
static int reindex(struct app *a, int s, char *err, size_t n)
{
	struct compare *c = &a->cmp;
	uint64_t nr;

	free(c->at[s]);
	c->at[s] = NULL;
	if (positions(&a->views[s], &c->at[s], &nr) < 0) {
		snprintf(err, n, "compare: out of memory");
		return -1;
	}
	if (s == 0)
		c->nr = nr;
	if (c->at[!s] && nr != c->nr) {
		snprintf(err, n, "compare: the two runs do not have the same workload steps");
		return -1;
	}
	return 0;
}

int compare_start(struct app *a, const struct reclaim_policy *second, char *err, size_t n)
{
	struct compare *c = &a->cmp;
	uint64_t k = 0;

	compare_stop(a);
	err[0] = '\0';
	if (view_build(&a->views[1], &a->sc->wl, second, err, n) < 0)
		return -1;
	/* the lockstep index covers both whole runs */
	view_finish(&a->views[0]);
	view_finish(&a->views[1]);
	a->nr_views = 2;
	share_budget(a, 2);
	c->on = true;
	c->pick = -1;
	if (reindex(a, 0, err, n) < 0 || reindex(a, 1, err, n) < 0 || classify(a) < 0) {
		if (!err[0])
			snprintf(err, n, "compare: out of memory");
		compare_stop(a);
		return -1;
	}
	while (k < c->nr && c->at[0][k + 1] <= a->views[0].step)
		k++;
	a->insp.open = false;
	a->quiz.on = false;
	a->quiz.asking = false;
	go(a, k);
	return 0;
}

void compare_set_policy(struct app *a, int side, const struct reclaim_policy *p)
{
	struct view nv;
	char err[200] = "";

	if (view_build(&nv, &a->sc->wl, p, err, sizeof err) < 0) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "policy %s: %.100s", p->name, err);
		return;
	}
	view_finish(&nv);
	view_free(&a->views[side]);
	a->views[side] = nv;
	share_budget(a, 2);
	if (reindex(a, side, err, sizeof err) < 0 || classify(a) < 0) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "%.150s", err[0] ? err : "compare: out of memory");
		compare_stop(a);
		return;
	}
	go(a, a->cmp.k);
	snprintf(a->ui.msg, sizeof a->ui.msg, "%s side: policy %s, run redone; %llu divergences",
		 side_name[side], p->name, (unsigned long long)a->cmp.nr_div);
}

static int next_divergence(struct app *a, int dir)
{
	struct compare *c = &a->cmp;

	a->ui.playing = false;
	for (uint64_t k = c->k + (uint64_t)dir; k >= 1 && k <= c->nr; k += (uint64_t)dir)
		if (is_divergence(c, k)) {
			go(a, k);
			return REDRAW_ALL;
		}
	snprintf(a->ui.msg, sizeof a->ui.msg, "no divergence %s",
		 dir > 0 ? "after this access" : "before this access");
	return REDRAW_ALL;
}

int compare_command(struct app *a, enum command cmd)
{
	struct compare *c = &a->cmp;

	switch (cmd) {
	case CMD_STEP:
		a->ui.playing = false;
		go(a, c->k + 1);
		return REDRAW_ALL;
	case CMD_BACK:
		a->ui.playing = false;
		go(a, c->k ? c->k - 1 : 0);
		return REDRAW_ALL;
	case CMD_FIRST: go(a, 0); return REDRAW_ALL;
	case CMD_LAST: go(a, c->nr); return REDRAW_ALL;
	case CMD_NEXT: return next_divergence(a, 1);
	case CMD_PREV: return next_divergence(a, -1);
	case CMD_FOCUS:
	case CMD_FOCUS_BACK: c->focus = !c->focus; return REDRAW_ALL;
	case CMD_POLICY:
		a->ui.playing = false;
		c->pick = c->focus;
		return dialog_open(a, DLG_POLICY);
	case CMD_PLAY:
		if (!a->ui.playing && c->k >= c->nr)
			go(a, 0);
		a->ui.playing = !a->ui.playing;
		return REDRAW_ALL;
	case CMD_FILTER:
	case CMD_GOTO:
	case CMD_OPEN:
	case CMD_INSPECT:
	case CMD_FIND:
	case CMD_QUIZ:
	case CMD_UP:
	case CMD_DOWN:
	case CMD_PAGE_UP:
	case CMD_PAGE_DOWN:
		snprintf(a->ui.msg, sizeof a->ui.msg, "in compare mode: c leaves it first");
		return REDRAW_ALL;
	default: return -1;
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
	PGACTIVATE,  PGDEACTIVATE,	  PGSTEAL, PGSCAN_KSWAPD, PGSCAN_DIRECT, PGMAJFAULT,
	SIM_REFAULT, WORKINGSET_ACTIVATE, PSWPOUT, PGROTATED,
};

static uint64_t absdiff(uint64_t x, uint64_t y)
{
	return x > y ? x - y : y - x;
}

/* The counters that differ most, both sides' values "left|right". */
static int draw_counters(int y, int x0, int w, const struct app *a)
{
	const uint64_t *v0 = engine_vmstat(view_engine(&a->views[0])),
		       *v1 = engine_vmstat(view_engine(&a->views[1]));
	bool used[sizeof key_counters / sizeof key_counters[0]] = { 0 };
	char item[96];
	int x = x0;

	x += draw_str(y, x, w - x, theme_attr(T_LABEL), "differ most ");
	for (int shown = 0; shown < 4; shown++) {
		int best = -1;
		for (size_t i = 0; i < sizeof key_counters / sizeof key_counters[0]; i++)
			if (!used[i] && absdiff(v0[key_counters[i]], v1[key_counters[i]]) > 0 &&
			    (best < 0 || absdiff(v0[key_counters[i]], v1[key_counters[i]]) >
						 absdiff(v0[key_counters[best]], v1[key_counters[best]])))
				best = (int)i;
		if (best < 0) {
			if (shown == 0)
				x += draw_str(y, x, w - x, theme_attr(T_DIM), "(no counter differs yet)  ");
			break;
		}
		used[best] = true;
		snprintf(item, sizeof item, "%s %llu|%llu  ", vmstat_name[key_counters[best]],
			 (unsigned long long)v0[key_counters[best]],
			 (unsigned long long)v1[key_counters[best]]);
		if (x + (int)strlen(item) - 2 > w) /* only whole items */
			break;
		x += draw_str(y, x, w - x, theme_attr(T_NORMAL), item);
	}
	return x - x0;
}

/* Each object: resident share and refaults on both sides, "left|right";
 * @label: say what the figures are (when there is room). */
static int draw_objects(int y, int x0, int w, const struct app *a, bool label)
{
	int x = x0;
	char item[160];

	if (label)
		x += draw_str(y, x, w - x, theme_attr(T_LABEL), "resident|refaults ");
	for (uint32_t o = 0; o < a->sc->wl.nr_objects && x < w; o++) {
		struct object_stats s0 = engine_object(view_engine(&a->views[0]), o);
		struct object_stats s1 = engine_object(view_engine(&a->views[1]), o);
		uint32_t pages = a->sc->wl.objects[o].pages;
		bool differ = s0.resident != s1.resident || s0.refaults != s1.refaults;
		snprintf(item, sizeof item, "%s %u|%u%% rf %llu|%llu  ", a->sc->wl.objects[o].name,
			 100 * s0.resident / pages, 100 * s1.resident / pages,
			 (unsigned long long)s0.refaults, (unsigned long long)s1.refaults);
		if (x + str_width(item) - 2 > w) /* only whole items */
			break;
		x += draw_str(y, x, w - x, theme_attr(differ ? T_WARN : T_DIM), item);
	}
	return x - x0;
}

/* The verdict in words, as `vmscan-viz compare` words it: which policy kept
 * which object (objects that differ, most refaults first), then the cost. */
static void verdict_text(const struct app *a, char *buf, size_t n)
{
	const struct engine *e0 = view_engine(&a->views[0]), *e1 = view_engine(&a->views[1]);
	const char *p0 = a->views[0].policy->name, *p1 = a->views[1].policy->name;
	const struct workload *wl = &a->sc->wl;
	size_t len = 0;
	bool done[64] = { 0 };
	int said = 0;

	len += (size_t)snprintf(buf + len, n - len, "verdict:");
	for (uint32_t round = 0; round < wl->nr_objects && round < 64; round++) {
		int64_t best = -1;
		uint32_t bo = 0;
		for (uint32_t o = 0; o < wl->nr_objects && o < 64; o++) {
			struct object_stats x = engine_object(e0, o), y = engine_object(e1, o);
			int64_t d = (int64_t)absdiff(x.refaults, y.refaults) * 4 +
				    (int64_t)absdiff(x.resident, y.resident);
			if (!done[o] && d > 0 && d > best) {
				best = d;
				bo = o;
			}
		}
		if (best < 0)
			break;
		done[bo] = true;
		struct object_stats x = engine_object(e0, bo), y = engine_object(e1, bo);
		if (len < n)
			len += (size_t)snprintf(
				buf + len, n - len,
				" %s: %s keeps %u of %u pages, %s keeps %u; refaults %llu vs %llu.",
				wl->objects[bo].name, p0, x.resident, wl->objects[bo].pages, p1, y.resident,
				(unsigned long long)x.refaults, (unsigned long long)y.refaults);
		said++;
	}
	if (!said && len < n)
		len += (size_t)snprintf(buf + len, n - len,
					" both keep the same pages with the same refaults.");
	if (len < n) {
		const uint64_t *v0 = engine_vmstat(e0), *v1 = engine_vmstat(e1);
		unsigned long long scan0 = v0[PGSCAN_KSWAPD], scan1 = v1[PGSCAN_KSWAPD];

		scan0 += v0[PGSCAN_DIRECT];
		scan1 += v1[PGSCAN_DIRECT];
		snprintf(buf + len, n - len,
			 " cost: %s activated %llu pages and scanned %llu; %s activated %llu and scanned "
			 "%llu.",
			 p0, (unsigned long long)v0[PGACTIVATE], scan0, p1,
			 (unsigned long long)v1[PGACTIVATE], scan1);
	}
}

/* Rows draw_wrap() takes for @s at width @w (the same cuts: at a space). */
static int wrap_rows(const char *s, int w)
{
	int rows = 0;

	while (*s) {
		size_t n = strlen(s);
		if (n > (size_t)w) {
			size_t sp = (size_t)w;
			while (sp > 0 && s[sp] != ' ')
				sp--;
			n = sp ? sp : (size_t)w;
		}
		s += n;
		while (*s == ' ')
			s++;
		rows++;
	}
	return rows ? rows : 1;
}

/* The divergence (or the verdict at the end) in @rows rows from @y. */
static void draw_divergence(int y, int rows, int w, const struct app *a)
{
	const struct compare *c = &a->cmp;
	char page[96], text[1024];
	int x = 0;

	if (c->k >= c->nr && c->nr > 0) {
		verdict_text(a, text, sizeof text);
		draw_wrap(y, 0, w, rows, theme_attr(T_TAKEN), text);
		return;
	}
	if (!c->div.found) {
		if (c->k)
			snprintf(text, sizeof text,
				 "no divergence after access %llu (n/N: next/previous of %llu in the run)",
				 (unsigned long long)c->k, (unsigned long long)c->nr_div);
		else
			snprintf(text, sizeof text,
				 "n: jump to the next access after which the two policies decide a page "
				 "differently (%llu in the run)",
				 (unsigned long long)c->nr_div);
		draw_wrap(y, 0, w, rows, theme_attr(T_DIM), text);
		return;
	}
	page_name(a, c->div.object, c->div.index, page, sizeof page);
	x = draw_fmt(y, 0, w, theme_attr(T_WARN), "divergence %llu/%llu after access %llu: %s:",
		     (unsigned long long)divergence_rank(c, c->k), (unsigned long long)c->nr_div,
		     (unsigned long long)c->k, page);
	/* wide: one line; narrow: each decision on its own row */
	bool narrow = w < SIDE_BY_SIDE_COLS && rows >= 3;
	for (int s = 0; s < 2; s++) {
		const struct step_record *r = &c->div.rec[s];
		if (narrow) {
			y++;
			x = draw_str(y, 0, w, theme_attr(T_NORMAL), s ? "  vs " : "     ");
		} else {
			x += draw_str(y, x, w - x, theme_attr(T_NORMAL), s ? "  vs  " : " ");
		}
		x += draw_fmt(y, x, w - x, theme_outcome(r->outcome), "%s %s (%s)", a->views[s].policy->name,
			      decision_kernel_name(r), branch_name(a->views[s].policy, r->branch));
	}
}

/* The log of the side's stretch: access k and the scan steps after it,
 * newest first; the divergent decision reversed. */
static void draw_stretch_log(const struct rect *r, const struct app *a, int s)
{
	const struct compare *c = &a->cmp;
	const struct view *v = &a->views[s];
	uint64_t from = c->k ? c->at[s][c->k - 1] : 0, to = c->at[s][c->k], scans = 0;
	char title[128];
	int y = r->y + 1, i = 0;
	const struct step_record *rec;

	for (uint64_t st = from; st < to; st++)
		scans += (v->hist.marks[st] & MARK_DECISION) != 0;
	snprintf(title, sizeof title, "Log: access %llu and the %llu scan steps after it (newest first)",
		 (unsigned long long)c->k, (unsigned long long)scans);
	draw_title(r, title, false);
	if (!c->k) {
		if (r->h > 1)
			draw_str(y, r->x + 1, r->w - 2, theme_attr(T_DIM), "(nothing yet)");
		return;
	}
	if (!scans && (!(rec = log_entry(v, 0)) || rec->step <= from))
		draw_str(y, r->x + 1, r->w - 2, theme_attr(T_DIM),
			 "(a touch of a page in memory: nothing to decide, no scan)");
	for (; y < r->y + r->h && (rec = log_entry(v, i)) && rec->step > from; i++, y++) {
		char name[96];
		bool hl = c->div.found && rec->step == c->div.rec[s].step;
		int x = r->x + 1;
		page_name(a, rec->object, rec->index, name, sizeof name);
		x += draw_fmt(y, x, r->x + r->w - x, theme_attr(T_DIM), "%7llu ",
			      (unsigned long long)rec->step);
		x += draw_fmt(y, x, r->x + r->w - x, theme_outcome(rec->outcome) | (hl ? A_REVERSE : 0),
			      "%s %-21s", outcome_glyph(rec->outcome),
			      is_scan(rec) ? decision_kernel_name(rec) : outcome_name[rec->outcome]);
		x += draw_fmt(y, x, r->x + r->w - x, theme_attr(T_NORMAL), " %-16s ", name);
		draw_str(y, x, r->x + r->w - x, theme_attr(T_DIM), branch_name(v->policy, rec->branch));
	}
}

static void draw_side(const struct rect *r, const struct app *a, int s)
{
	static struct view shown; /* the side's view, its record replaced by the divergent decision */
	const struct compare *c = &a->cmp;
	const struct view *v = &a->views[s];
	struct frame f = { .app = a, .view = v, .e = view_engine(v) };
	struct watermarks wm = engine_watermarks(f.e);
	int rows = r->h - 1, lh, gh, dh;

	if (rows >= 16) {
		int want = panel_lists_want(&f, r->w);
		lh = rows * 40 / 100;
		lh = want < lh ? (want > 4 ? want : 4) : lh; /* the rest goes to the log */
		gh = rows * 25 / 100;
		dh = rows - lh - gh;
	} else if (rows >= 6) {
		lh = (rows + 1) / 2;
		gh = rows - lh;
		dh = 0;
	} else {
		lh = rows;
		gh = dh = 0;
	}
	struct rect lists = { r->y + 1, r->x, lh, r->w }, lg = { lists.y + lh, r->x, gh, r->w },
		    dec = { lg.y + gh, r->x, dh, r->w };

	draw_fmt(r->y, r->x, r->w, theme_attr(c->focus == s ? T_TITLE_FOCUS : T_BAR),
		 "%s%s: %s | access %llu/%llu | step %llu/%llu | free %u (min %u low %u high %u) ",
		 c->focus == s ? ">" : " ", side_name[s], v->policy->name, (unsigned long long)c->k,
		 (unsigned long long)c->nr, (unsigned long long)v->step, (unsigned long long)v->total,
		 engine_list(f.e, LRU_FREE).nr, wm.min, wm.low, wm.high);
	if (lists.h >= 2)
		panel_lists.draw(&lists, &f, false);
	if (lg.h >= 2)
		draw_stretch_log(&lg, a, s);
	if (dec.h >= 3) {
		if (c->div.found) {
			shown = *v;
			shown.rec = c->div.rec[s];
			f.view = &shown;
		}
		panel_decision.draw(&dec, &f, false);
	}
}

void compare_draw(const struct app *a)
{
	const struct compare *c = &a->cmp;
	bool wide = COLS >= SIDE_BY_SIDE_COLS;
	bool end = c->k >= c->nr && c->nr > 0;
	int divrows = wide ? 1 : 3, top, h;
	char text[1024];

	if (end) { /* as many rows as the verdict needs, within reason */
		verdict_text(a, text, sizeof text);
		divrows = wrap_rows(text, COLS);
		divrows = divrows > (wide ? 3 : 6) ? (wide ? 3 : 6) : divrows;
	}
	top = 4 + divrows; /* bar, caption, counters, objects, divergence or verdict */
	h = LINES - top - 1;
	const struct wl_op *op = c->k && c->k <= c->nr ? &a->sc->wl.ops[a->views[0].rec.op] : NULL;

	draw_fmt(0, 0, COLS, theme_attr(T_BAR), " compare %s vs %s | access %llu/%llu | %s | %s ",
		 a->views[0].policy->name, a->views[1].policy->name, (unsigned long long)c->k,
		 (unsigned long long)c->nr, a->ui.playing ? "playing" : "paused", a->sc->title);
	if (a->ui.msg[0])
		draw_str(1, 0, COLS, theme_attr(T_WARN), a->ui.msg);
	else if (op && op->caption != UINT32_MAX)
		draw_str(1, 0, COLS, theme_attr(T_CAPTION), a->sc->wl.captions[op->caption]);
	draw_counters(2, 0, COLS, a);
	draw_objects(3, 0, COLS, a, wide);
	draw_divergence(top - divrows, divrows, COLS, a);
	if (wide) {
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
	draw_fmt(LINES - 1, 0, COLS, theme_attr(T_BAR),
		 " %s one access  n/N divergence  Tab side  p its policy  Home/End  Space play  c leave  ? "
		 "help  q quit ",
		 theme_ascii() ? "Left/Right" : "\xe2\x86\x90\xe2\x86\x92");
}
