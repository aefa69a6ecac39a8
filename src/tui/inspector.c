/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/inspector.c - one page, now and its whole history so far: the
 * inspector's keys and its panel
 *
 * i opens it on the page the cursor is on (arrows move the cursor over
 * the lists, in the order they are drawn), else the current step's; i on
 * the log goes to that entry's step; / finds a page by name.  The history
 * itself is collected by history.c, a slice at a time.
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

#include "../replay/names.h"
#include "dialog.h"
#include "history.h"
#include "inspector.h"
#include "panel.h"
#include "run.h"

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
	char flags[160] = "", now[24];
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
		const struct workload *wl = engine_workload(f->e);
		char whose[48] = ""; /* page->page_cgroup: whose limit the page counts against */
		if (wl->nr_cgroups)
			snprintf(whose, sizeof whose, ", charged to %s",
				 p->memcg && p->memcg <= wl->nr_cgroups ? wl->cgroups[p->memcg - 1].name
									: "the root cgroup");
		draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_LABEL),
			 "now: %s%s%s%s, pfn %u, %d pte%s (%d young)",
			 list_label(p->lru, engine_lru_gen(f->e).max_seq, now, sizeof now),
			 p->lru == LRU_PAGEVEC && p->pvec_lru < NR_LISTS ? " to join " : "",
			 p->lru == LRU_PAGEVEC && p->pvec_lru < NR_LISTS ? lru_name[p->pvec_lru] : "", whose,
			 pfn, page_mapcount(p), page_mapcount(p) == 1 ? "" : "s",
			 __builtin_popcount((unsigned)(p->young & p->mapped)));
		draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_NORMAL), "flags: %s", n ? flags : "none");
	}
	draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_DIM),
		 "object %s: %u resident, %u active, %llu faults, %llu refaults, %llu evicted",
		 object_name(&f->app->sc->wl, in->object), os.resident, os.active,
		 (unsigned long long)os.faults, (unsigned long long)os.refaults,
		 (unsigned long long)os.evicted);
	return y;
}

static void inspector_draw(const struct rect *r, const struct frame *f, bool focused)
{
	const struct inspector *in = &f->app->insp;
	char title[192], name[96], sum[200], lf[24], lt[24];
	size_t nev = 0, first, back, hidden;
	int y = r->y + 1, rows;
	char more[64] = "";

	page_name(&f->app->sc->wl, in->object, in->index, name, sizeof name);
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
	rows = r->y + r->h - y - 1;
	rows = rows > 0 ? rows : 0;
	/* Tab gives the history the arrows (inspector_command): scrolled
	 * @back events up from the newest, as far as the oldest on the top row */
	hidden = nev > (size_t)rows ? nev - (size_t)rows : 0; /* events without a row */
	back = (size_t)in->back < hidden ? (size_t)in->back : hidden;
	first = hidden - back;
	if (hidden) {
		const char *keys = theme_ascii() ? "Up/Down" : "↑/↓";
		if (back)
			snprintf(more, sizeof more, "; %zu earlier, %zu later: Tab, %s", first, back, keys);
		else
			snprintf(more, sizeof more, "; %zu earlier: Tab, %s", first, keys);
	}
	draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_TITLE),
		 "history up to step %llu (%zu events%s, newest last%s):", (unsigned long long)f->view->step,
		 nev, in->nev == INSPECTOR_MAX_EVENTS ? ": the first ones only" : "", more);
	nev = first + (size_t)rows < nev ? first + (size_t)rows : nev;
	for (size_t i = first; i < nev && y < r->y + r->h; i++, y++) {
		const struct step_record *e = &in->ev[i];
		char gist[160];
		int x = r->x + 1;
		x += draw_fmt(y, x, r->w - 2, theme_attr(T_DIM), "%8llu ", (unsigned long long)e->step);
		x += draw_fmt(y, x, r->x + r->w - 1 - x, theme_outcome(e->outcome), "%s %-13s",
			      outcome_glyph(e->outcome),
			      e->kind == STEP_WORKLOAD && e->outcome == OUT_NONE
				      ? branch_name(f->view->policy, e->branch)
				      : step_outcome_word(e));
		x += draw_fmt(y, x, r->x + r->w - 1 - x, theme_attr(T_NORMAL), " %-13s %s %-13s ",
			      list_label(e->from, e->max_seq, lf, sizeof lf), misc_glyph(G_ARROW),
			      list_label(e->to, e->max_seq, lt, sizeof lt));
		draw_str(y, x, r->x + r->w - 1 - x, theme_attr(T_DIM),
			 branch_gist(f->view->policy, e->branch, gist, sizeof gist));
	}
}

const struct panel_ops panel_inspector = {
	.name = "inspector",
	.title = "Page inspector",
	.draw = inspector_draw,
};

/* Move the page cursor @delta pages, or to the next/previous list when
 * @by_list, in the order the lists panel draws. */
static enum redraw cursor_move(struct app *a, int delta, bool by_list)
{
	const struct engine *e = view_engine(&a->views[0]);
	const struct page *pg = engine_pages(e);
	uint32_t n = engine_nr_pages(e), *order = malloc((size_t)n * sizeof *order), cnt;
	long i = -1;

	if (!order)
		return REDRAW_NONE;
	cnt = lists_order(e, order, n);
	if (a->insp.cursor) {
		uint32_t pfn = engine_object_page(e, a->insp.object, a->insp.index);
		for (uint32_t k = 0; k < cnt && pfn != PFN_NONE; k++)
			if (order[k] == pfn)
				i = k;
	}
	if (cnt == 0) {
		free(order);
		return REDRAW_NONE;
	}
	if (i < 0) {
		i = 0;
	} else if (by_list) {
		uint8_t l = pg[order[i]].lru;
		if (delta > 0)
			while (i + 1 < (long)cnt && pg[order[i]].lru == l)
				i++;
		else {
			while (i > 0 && pg[order[i]].lru == l) /* last page of the list before */
				i--;
			l = pg[order[i]].lru;
			while (i > 0 && pg[order[i - 1]].lru == l)
				i--;
		}
	} else {
		i += delta;
		i = i < 0 ? 0 : i >= (long)cnt ? (long)cnt - 1 : i;
	}
	history_select(a, pg[order[i]].object, pg[order[i]].index);
	a->insp.pinned = true;
	free(order);
	return REDRAW_ALL;
}

static enum redraw inspect(struct app *a)
{
	const struct view *v = &a->views[0];
	const struct step_record *r;

	if (a->ui.focus == PANEL_LOG && (r = view_log_entry(v, a->ui.log_sel))) {
		run_goto(a, r->step);
		a->ui.log_sel = 0;
		return REDRAW_ALL;
	}
	if (a->insp.open) {
		history_close(a);
		return REDRAW_ALL;
	}
	a->insp.open = true;
	a->ui.focus = PANEL_LISTS;
	/* the page the cursor was moved to; else (after a find, a bookmark)
	 * the current step's */
	if (a->insp.cursor && a->insp.pinned) {
		history_select(a, a->insp.object, a->insp.index);
		a->insp.pinned = true;
	} else if (v->rec.kind != STEP_END && v->rec.object < a->sc->wl.nr_objects) {
		history_select(a, v->rec.object, v->rec.index);
	} else {
		cursor_move(a, 0, false);
	}
	return REDRAW_ALL;
}

/* "backup.tar 12", "backup.tar:12", "backup.tar[12]": exact name, else a
 * unique prefix. */
static enum redraw find_chosen(struct app *a, const struct dialog_choice *c)
{
	const char *text = c->text;
	const struct workload *wl = &a->sc->wl;
	char name[64];
	unsigned long idx;
	size_t n = strcspn(text, " :[");
	int match = -1, nmatch = 0;
	char *end;

	snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name - 1 ? n : sizeof name - 1), text);
	text += n;
	while (*text == ' ' || *text == ':' || *text == '[')
		text++;
	idx = strtoul(text, &end, 10);
	if (end == text) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "find: give an object and a page index, e.g. %s 0",
			 wl->nr_objects ? wl->objects[0].name : "file");
		return REDRAW_ALL;
	}
	for (uint32_t o = 0; o < wl->nr_objects; o++) {
		if (strcmp(wl->objects[o].name, name) == 0) {
			match = (int)o, nmatch = 1;
			break;
		}
		if (strncmp(wl->objects[o].name, name, strlen(name)) == 0)
			match = (int)o, nmatch++;
	}
	if (nmatch != 1) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "find: %s object '%s'", nmatch ? "more than one" : "no",
			 name);
		return REDRAW_ALL;
	}
	if (idx >= wl->objects[match].pages) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "find: %s has %u pages", wl->objects[match].name,
			 wl->objects[match].pages);
		return REDRAW_ALL;
	}
	a->insp.open = true;
	a->ui.focus = PANEL_LISTS;
	history_select(a, (uint32_t)match, (uint32_t)idx);
	if (engine_object_page(view_engine(&a->views[0]), (uint32_t)match, (uint32_t)idx) == PFN_NONE)
		snprintf(a->ui.msg, sizeof a->ui.msg, "%s[%lu] is not in memory now; its history is shown",
			 wl->objects[match].name, idx);
	return REDRAW_ALL;
}

/* The history's rows, once Tab has given it the arrows: up is older. */
static bool history_scroll(struct app *a, enum command cmd)
{
	int page = a->ui.rows > 24 ? 8 : 4;

	switch (cmd) {
	case CMD_UP: a->insp.back++; break;
	case CMD_DOWN: a->insp.back--; break;
	case CMD_PAGE_UP: a->insp.back += page; break;
	case CMD_PAGE_DOWN: a->insp.back -= page; break;
	default: return false;
	}
	/* the panel stops at the oldest event (inspector_draw) */
	a->insp.back = a->insp.back < 0			 ? 0
		       : a->insp.back > (int)a->insp.nev ? (int)a->insp.nev
							 : a->insp.back;
	return true;
}

bool inspector_command(struct app *a, enum command cmd, enum redraw *r)
{
	bool lists = a->ui.focus == PANEL_LISTS;

	*r = REDRAW_ALL;
	if (a->insp.open && (cmd == CMD_FOCUS || cmd == CMD_FOCUS_BACK)) {
		/* the inspector open: Tab goes between the lists' cursor and its history */
		a->insp.hist = !a->insp.hist;
		a->ui.focus = PANEL_LISTS;
		snprintf(a->ui.msg, sizeof a->ui.msg, "%s",
			 a->insp.hist
				 ? "inspector: the arrows scroll the history (Tab: the lists' cursor)"
				 : "inspector: the arrows move over the lists' pages (Tab: the history)");
		return true;
	}
	if (a->insp.open && a->insp.hist && history_scroll(a, cmd))
		return true;
	switch (cmd) {
	case CMD_INSPECT: *r = inspect(a); return true;
	case CMD_ESCAPE:
		if (a->insp.open)
			history_close(a);
		return true;
	case CMD_FIND: *r = dialog_open(a, DLG_FIND, "Find page: object index", find_chosen, 0); return true;
	case CMD_UP: return lists && ((*r = cursor_move(a, -1, false)), true);
	case CMD_DOWN: return lists && ((*r = cursor_move(a, 1, false)), true);
	case CMD_PAGE_UP: return lists && ((*r = cursor_move(a, -1, true)), true);
	case CMD_PAGE_DOWN: return lists && ((*r = cursor_move(a, 1, true)), true);
	default: return false;
	}
}
