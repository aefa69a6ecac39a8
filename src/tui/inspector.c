/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/inspector.c - one page, now and its whole history so far
 *
 * The history of a page is not stored anywhere: the engine keeps only the
 * current record.  So the inspector runs a scratch engine of its own over
 * the same workload and policy, from step 0 up to the current step, and
 * keeps the records that name this page (object and index).  The scratch
 * engine only ever moves forward: stepping back just shows fewer of the
 * records already collected, stepping forward continues the replay.
 * Selecting another page, or another policy, starts it again.  The replay
 * runs VIEW_SLICE_STEPS steps at a time between keys (app_work), so a
 * page looked at a billion steps into a run shows its history as it
 * arrives, and the panel says how far it has got.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "panel.h"

/* Records kept for one page: 12 MiB.  A page touched more often than this
 * in the part of the run replayed shows its first events only. */
#define INSPECTOR_MAX_EVENTS (1u << 18)

static void reset(struct inspector *in)
{
	engine_free(in->scratch);
	in->scratch = NULL;
	in->upto = 0;
	in->nev = 0;
}

void inspector_close(struct app *a)
{
	reset(&a->insp);
	free(a->insp.ev);
	a->insp.ev = NULL;
	a->insp.cap = 0;
	a->insp.open = false;
}

void inspector_select(struct app *a, uint32_t object, uint32_t index)
{
	struct inspector *in = &a->insp;

	if (!in->cursor || in->object != object || in->index != index)
		reset(in);
	in->cursor = true;
	in->pinned = false;
	in->object = object;
	in->index = index;
	inspector_update(a);
}

static bool names_page(const struct step_record *r, uint32_t object, uint32_t index)
{
	if (r->kind == STEP_END || r->object != object)
		return false;
	return r->count > 1 ? index >= r->index && index - r->index < r->count : r->index == index;
}

bool inspector_update(struct app *a)
{
	struct inspector *in = &a->insp;
	const struct view *v = &a->views[0];
	struct engine_error err;
	uint64_t slice = VIEW_SLICE_STEPS;

	if (!in->open || !in->cursor || a->cmp.on)
		return false;
	if (in->scratch && engine_policy(in->scratch) != v->policy)
		reset(in);
	if (!in->scratch && !(in->scratch = engine_new(&a->sc->wl, v->policy, &err))) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "inspector: %.140s", err.msg);
		in->open = false;
		return false;
	}
	if (in->upto >= v->step || engine_done(in->scratch))
		return false;
	while (in->upto < v->step && !engine_done(in->scratch) && slice--) {
		const struct step_record *r = engine_step(in->scratch);
		in->upto = engine_steps(in->scratch);
		if (!names_page(r, in->object, in->index))
			continue;
		if (in->nev == INSPECTOR_MAX_EVENTS)
			continue; /* counted no more: the panel says the history is cut */
		if (in->nev == in->cap) {
			size_t cap = in->cap ? in->cap * 2 : 64;
			struct step_record *p = realloc(in->ev, cap * sizeof *p);
			if (!p)
				return false;
			in->ev = p;
			in->cap = cap;
		}
		in->ev[in->nev++] = *r;
	}
	return true;
}

/* "faulted 1  referenced 3  scanned 2 ..." over the events up to @step. */
static void summary(const struct inspector *in, uint64_t step, char *buf, size_t n)
{
	unsigned c[8] = { 0 };

	for (size_t i = 0; i < in->nev && in->ev[i].step <= step; i++) {
		const struct step_record *r = &in->ev[i];
		bool scan = r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE;
		c[0] += r->outcome == OUT_FAULT;
		c[1] += r->outcome == OUT_REFERENCE || r->branch == BR_TOUCH_YOUNG ||
			r->branch == BR_TOUCH_SEQ;
		c[2] += scan;
		c[3] += scan && r->outcome == OUT_KEEP;
		c[4] += r->outcome == OUT_ACTIVATE;
		c[5] += r->outcome == OUT_DEACTIVATE;
		c[6] += scan && r->to == LRU_FREE;
		c[7] += r->outcome == OUT_REFAULT;
	}
	snprintf(buf, n,
		 "faulted %u  referenced %u  scanned %u  kept %u  activated %u  deactivated %u  evicted %u  "
		 "refaulted %u",
		 c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]);
}

static int draw_now(const struct rect *r, int y, const struct frame *f)
{
	const struct inspector *in = &f->app->insp;
	uint32_t pfn = engine_object_page(f->e, in->object, in->index);
	struct object_stats os = engine_object(f->e, in->object);
	const struct page *p;
	char flags[160] = "";
	static const char *const fl[NR_PAGEFLAGS] = {
		"PG_referenced", "PG_active",  "PG_dirty",	 "PG_writeback", "PG_reclaim",
		"PG_swapcache",	 "PG_mlocked", "PG_unevictable", "PG_anon",
	};
	int n = 0;

	if (pfn == PFN_NONE) {
		draw_str(y++, r->x + 1, r->w - 2, theme_attr(T_WARN), "now: not in memory");
	} else {
		p = &engine_pages(f->e)[pfn];
		for (int i = 0; i < NR_PAGEFLAGS; i++)
			if (page_test(p, (enum pageflags)i))
				n += snprintf(flags + n, sizeof flags - (size_t)n, "%s ", fl[i]);
		/* waiting in the pagevec: the engine records the list it will
		 * join (pvec_lru); an active one means it is activated on the
		 * way in, PG_active set as it joins (a refault under 3.15's
		 * workingset_refault(), or a second use while it waited) */
		if (p->lru == LRU_PAGEVEC && p->pvec_lru < NR_LISTS && is_active_lru(p->pvec_lru))
			n += snprintf(flags + n, sizeof flags - (size_t)n,
				      "activate-on-add (PG_active as it joins %s) ", lru_name[p->pvec_lru]);
		draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_LABEL),
			 "now: %s%s%s, pfn %u, %d pte%s (%d young)",
			 p->lru < NR_LISTS ? lru_name[p->lru] : "-",
			 p->lru == LRU_PAGEVEC && p->pvec_lru < NR_LISTS ? " to join " : "",
			 p->lru == LRU_PAGEVEC && p->pvec_lru < NR_LISTS ? lru_name[p->pvec_lru] : "", pfn,
			 page_mapcount(p), page_mapcount(p) == 1 ? "" : "s",
			 __builtin_popcount((unsigned)(p->young & p->mapped)));
		draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_NORMAL), "flags: %s", n ? flags : "none");
	}
	draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_DIM),
		 "object %s: %u resident, %u active, %llu faults, %llu refaults, %llu evicted",
		 object_name(f->app, in->object), os.resident, os.active, (unsigned long long)os.faults,
		 (unsigned long long)os.refaults, (unsigned long long)os.evicted);
	return y;
}

static void inspector_draw(const struct rect *r, const struct frame *f, bool focused)
{
	const struct inspector *in = &f->app->insp;
	char title[192], name[96], sum[200];
	size_t nev = 0, first;
	int y = r->y + 1, rows;

	page_name(f->app, in->object, in->index, name, sizeof name);
	if (in->upto < f->view->step)
		snprintf(title, sizeof title, "Page inspector: %s  (Esc closes; history read to step %llu)",
			 name, (unsigned long long)in->upto);
	else
		snprintf(title, sizeof title, "Page inspector: %s  (Esc closes)", name);
	draw_title(r, title, focused);
	y = draw_now(r, y, f);
	while (nev < in->nev && in->ev[nev].step <= f->view->step)
		nev++;
	summary(in, f->view->step, sum, sizeof sum);
	y += draw_wrap(y, r->x + 1, r->w - 2, 2, theme_attr(T_LABEL), sum);
	draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_TITLE),
		 "history up to step %llu (%zu events%s, newest last):", (unsigned long long)f->view->step,
		 nev, in->nev == INSPECTOR_MAX_EVENTS ? ": the first ones only" : "");
	rows = r->y + r->h - y;
	first = nev > (size_t)(rows > 0 ? rows : 0) ? nev - (size_t)rows : 0;
	for (size_t i = first; i < nev && y < r->y + r->h; i++, y++) {
		const struct step_record *e = &in->ev[i];
		int x = r->x + 1;
		x += draw_fmt(y, x, r->w - 2, theme_attr(T_DIM), "%8llu ", (unsigned long long)e->step);
		x += draw_fmt(y, x, r->x + r->w - 1 - x, theme_outcome(e->outcome), "%s %-13s",
			      outcome_glyph(e->outcome),
			      e->kind == STEP_WORKLOAD && e->outcome == OUT_NONE
				      ? branch_name(f->view->policy, e->branch)
				      : outcome_name[e->outcome]);
		x += draw_fmt(y, x, r->x + r->w - 1 - x, theme_attr(T_NORMAL), " %-13s %s %-13s ",
			      e->from < NR_LISTS ? lru_name[e->from] : "-", misc_glyph(G_ARROW),
			      e->to < NR_LISTS ? lru_name[e->to] : "-");
		draw_str(y, x, r->x + r->w - 1 - x, theme_attr(T_DIM),
			 branch_name(f->view->policy, e->branch));
	}
}

const struct panel_ops panel_inspector = {
	.name = "inspector",
	.title = "Page inspector",
	.draw = inspector_draw,
};
