/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_lists.c - the LRU lists, page by page, head on the left
 *
 * Each list is drawn from its head (newest, where lru_cache_add and
 * activation put pages) to its tail (oldest, where shrink_*_list takes
 * them), so aging reads left to right and the scanner sits at the right
 * end of the list it is scanning.  A cell is one page: its colour is its
 * object, its glyph its reference state (young pte, PG_referenced,
 * mapped), underlined when dirty, W under writeback.  When the lists do
 * not fit, one cell stands for k pages (the title says so) and shows its
 * hottest page.
 *
 * Where each page went.  The page of the current step is drawn where it
 * is now, reversed, with its outcome's glyph on its outcome's colour: at
 * the head of the active list when activated, of the inactive list when
 * kept or deactivated, in the isolated batch while the question is open.
 * A page evicted goes to the last row, a strip of the pages evicted
 * lately (newest first, from the view's ring of recent records), where it
 * turns into the refault mark if it has come back since; a page that
 * came back is marked as a refault on its list too.  Under a policy that
 * leaves shadows of evicted pages (refault), the strip says so.
 *
 * Rows stay put while the run plays: each list has as many rows as its
 * largest size in the whole run needs (the view's index knows it), the
 * isolated batch and the unevictable list (when the scenario mlocks) a
 * row each, shown even when empty; which lists appear depends on the
 * scenario's objects, not on the step.
 *
 * Lists are walked page by page, each page a cache miss once the zone is
 * large: a million pages take tens of milliseconds, and even 64 Ki took
 * 3 ms of a step's CPU.  So a draw walks at most WALK_MAX pages: when the
 * lists hold more, each shows its head and its tail (where pages enter
 * and where reclaim takes them), k pages a cell, and an elided middle; the
 * tail is walked from the tail back, so no page is walked twice.  All the
 * lists are walked together, a page of each in turn (walk_lists), and
 * drawn afterwards, a row of cells at a time.
 *
 * One memory cgroup's lists (the key m).  2.6.34 links each charged page
 * on its cgroup's per-zone lists too (mem_cgroup_add_lru_list(),
 * memcontrol.c), in the order of the zone's, so the panel draws them as
 * the zone's lists filtered by the page's owner: its isolated batch at a
 * limit reclaim is the candidates that reclaim took (mem_cgroup_isolate_pages()).
 * Rows are those of the zone's lists, so that m moves no panel.
 *
 * Whose pages (the key M): each cell shows the letter of the cgroup its
 * pages are charged to (page->memcg, first touch pays), in the place of
 * their state, so that a class reads whose a page is without its colour;
 * the title pairs each letter with its cgroup.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../replay/names.h"
#include "../util/grow.h"
#include "panel.h"
#include "panel_cgroup.h"

#define WALK_MAX (1u << 12) /* pages one draw may visit: 0.1 to 0.3 ms */
#define TAIL_W	 9	    /* "◂ kswapd" */
#define NR_SHOWN 10	    /* 7 lists, or 6.1's 8 generations, the unevictable list and the batch */

/* Whose lists are drawn: cgroup k (1-based), or 0, the zone's. */
static uint8_t owner(const struct frame *f)
{
	uint8_t k = f->app->ui.lists_memcg;

	return k <= f->app->sc->wl.nr_cgroups ? k : 0;
}

/* Pages on list @l that the panel draws: the zone's, or the cgroup's own
 * count (the lists it keeps, 2.6.34 MEM_CGROUP_ZSTAT), counted on the
 * isolated batch and the pagevec, which it has no count of. */
static uint32_t list_nr(const struct frame *f, int l)
{
	struct lru_info li = engine_list(f->e, l);
	const struct page *pg = engine_pages(f->e);
	uint8_t k = owner(f);
	uint32_t n = 0;

	if (!k)
		return li.nr;
	if (l <= LRU_UNEVICTABLE)
		return (uint32_t)engine_memcg_stat(f->e, k, (enum memcg_stat_item)(MEMCG_INACTIVE_ANON + l));
	for (uint32_t p = li.head, i = 0; p != PFN_NONE && i < li.nr; p = pg[p].next, i++)
		n += pg[p].memcg == k;
	return n;
}

/* The lists this scenario can fill, in drawing order (engine_shown_lists()):
 * file lists (or generations) if it has a file, anon ones if it has
 * anonymous memory, the unevictable list if it mlocks, and always the
 * isolated batch and the pagevec, where the LRU has one. */
static int shown_lists(const struct frame *f, struct shown_list *out)
{
	const struct workload *wl = &f->app->sc->wl;
	bool file = false, anon = false, mlock = false;
	struct shown_list all[NR_SHOWN_LISTS];
	unsigned n;

	for (uint32_t o = 0; o < wl->nr_objects; o++)
		*(wl->objects[o].type == OBJ_ANON ? &anon : &file) = true;
	for (uint32_t i = 0; i < wl->nr_ops && !mlock; i++)
		mlock = wl->ops[i].kind == WL_MLOCK;
	n = engine_shown_lists(f->e,
			       SHOWN_FILE_FIRST | (file || !anon ? SHOWN_FILE : 0) | (anon ? SHOWN_ANON : 0) |
				       (mlock ? SHOWN_UNEVICTABLE : 0) | SHOWN_ISOLATED | SHOWN_PAGEVEC,
			       all);
	n = n < NR_SHOWN ? n : NR_SHOWN;
	memcpy(out, all, n * sizeof *out);
	return (int)n;
}

/* Does the panel draw @e's generations (6.1's multi-gen LRU), not lists? */
static bool shows_gens(const struct engine *e)
{
	struct shown_list sl[NR_SHOWN_LISTS];

	return engine_shown_lists(e, SHOWN_ANON | SHOWN_FILE, sl) && sl[0].gen;
}

#define GEN_NAME_W    20  /* "seq 12 file youngest" */
#define GEN_AGE_W     9	  /* "age 12345" */
#define LIST_NAME_W   13  /* "inactive_file" */
#define GEN_SHORT_MAX 100 /* narrower panels: the generations' labels as short as the lists' */

/* ">inactive_file 123 ": the count as wide as the zone's size needs; under
 * 6.1's multi-gen LRU ">seq 5 file youngest age 12  123 ", or in a panel
 * narrower than GEN_SHORT_MAX (@w) ">seq 5 file    123 ", as wide as the
 * lists' labels, so that a generation is drawn at the lists' scale (the
 * title says which is the youngest, the scanner's mark the oldest).  In
 * compare mode the wider of the two sides', so that both have as many
 * cells a row. */
static int label_w(const struct frame *f, int w)
{
	int digits = 1;

	for (uint32_t n = engine_nr_pages(f->e); n >= 10; n /= 10)
		digits++;
	if ((shows_gens(f->e) || (f->pair && shows_gens(view_engine(f->pair)))) && w >= GEN_SHORT_MAX)
		return 1 + GEN_NAME_W + 1 + GEN_AGE_W + 1 + digits + 1;
	return 1 + LIST_NAME_W + 1 + digits + 1;
}

/* "seq 5 file youngest", "seq 4 file", "seq 3 file oldest", and its age:
 * steps since inc_max_seq() made it (the kernel's lru_gen file counts
 * milliseconds, 6.1 mm/vmscan.c lru_gen_seq_show()). */
static void gen_label(const struct shown_list *sl, char *name, size_t nn, char *age, size_t na)
{
	size_t len;

	gen_name(sl->seq, sl->type, name, nn); /* as every record names it */
	len = strlen(name);
	snprintf(name + len, nn - len, "%s", sl->youngest ? " youngest" : sl->oldest ? " oldest" : "");
	snprintf(age, na, "age %llu", (unsigned long long)sl->age);
}

static uint32_t rows_for(uint32_t nr, uint32_t k, int cpr)
{
	uint32_t cells = (nr + k - 1) / k;
	uint32_t rows = (cells + (uint32_t)cpr - 1) / (uint32_t)cpr;
	return rows ? rows : 1;
}

/* The largest size list @l reaches in the run.  The index samples sizes
 * at the end of each bucket; a list rarely grows by more than a batch
 * (SWAP_CLUSTER_MAX) between two samples, so that much is added: a list
 * larger still is drawn head and tail. */
static uint32_t list_max_of(const struct frame *f, const struct view *v, int l);

/* ...the larger of the two sides' in compare mode, so that the rows line
 * up; not across the two LRUs, whose lists are not the same lists (6.1's
 * "active" count is its two youngest generations). */
static uint32_t list_max(const struct frame *f, int l)
{
	bool same = f->pair && shows_gens(view_engine(f->pair)) == shows_gens(f->e);
	uint32_t m = list_max_of(f, f->view, l), o = same ? list_max_of(f, f->pair, l) : 0;

	return m > o ? m : o;
}

static uint32_t list_max_of(const struct frame *f, const struct view *v, int l)
{
	static const int8_t spark[NR_LISTS] = {
		[LRU_INACTIVE_ANON] = SPARK_INACTIVE_ANON + 1,
		[LRU_ACTIVE_ANON] = SPARK_ACTIVE_ANON + 1,
		[LRU_INACTIVE_FILE] = SPARK_INACTIVE_FILE + 1,
		[LRU_ACTIVE_FILE] = SPARK_ACTIVE_FILE + 1,
	};
	const struct step_index *h = &v->idx;
	uint64_t m;

	if (!spark[l])
		return 0; /* a row, whatever it holds */
	m = (uint64_t)h->max[spark[l] - 1] + (h->bucket_steps < 32 ? h->bucket_steps : 32);
	return m < engine_nr_pages(f->e) ? (uint32_t)m : engine_nr_pages(f->e);
}

/* How the panel is cut up: the same for every step of a run. */
struct geom {
	int n;				/* lists shown */
	uint8_t l[NR_SHOWN];		/* which */
	struct shown_list sl[NR_SHOWN]; /* what engine_shown_lists() says of each */
	int rows[NR_SHOWN];		/* rows each */
	uint32_t k;			/* pages a cell */
	int cw, cpr, lw;		/* columns a cell, cells a row, label width */
	bool gen_short;			/* generations labelled by name and size only (label_w()) */
	bool elide;			/* the zone is too large to walk: heads and tails */
	bool pv_shared;			/* no row for the pagevec: it follows the isolated batch */
	uint8_t grp[NR_SHOWN]; /* 6.1: generations drawn in entry i's row, it and the older ones after it */
};

/*
 * 6.1's generations.  Pages move between them and they open and close
 * while the run plays, so a row a generation sized by its largest would
 * move the rows at every aging.  Instead each type gets a band of rows
 * for the run: room for its most pages over the run (the index's
 * max_type) at the panel's scale, and a row more for each other
 * generation that may be partly filled (MAX_NR_GENS in all, 6.1
 * include/linux/mmzone.h).  In the band its live generations, youngest
 * first, each wrap as a list does; the rows left over go to the oldest,
 * where eviction takes pages.  A band short of rows draws empty
 * generations in one row, then the youngest together ("seq 5-4 file"),
 * never the oldest with another.
 */
#define GEN_BAND_MIN 2 /* MIN_NR_GENS: the oldest and one row for the younger */
#define GEN_MAX	     4 /* MAX_NR_GENS, 6.1 include/linux/mmzone.h */

static bool gen_panel(const struct frame *f)
{
	return shows_gens(f->e);
}

/* the types drawn, file first as shown_lists() orders them */
static int gen_types(const struct frame *f, unsigned *out)
{
	const struct workload *wl = &f->app->sc->wl;
	bool file = false, anon = false;
	int n = 0;

	for (uint32_t o = 0; o < wl->nr_objects; o++)
		*(wl->objects[o].type == OBJ_ANON ? &anon : &file) = true;
	if (file || !anon)
		out[n++] = 1;
	if (anon)
		out[n++] = 0;
	return n;
}

static uint32_t gen_type_max(const struct frame *f, unsigned t)
{
	const struct step_index *h = &f->view->idx;
	uint32_t m = h->max_type[t], o = f->pair ? f->pair->idx.max_type[t] : 0;
	uint64_t n = (uint64_t)(m > o ? m : o) + (h->bucket_steps < 32 ? h->bucket_steps : 32);

	return n < engine_nr_pages(f->e) ? (uint32_t)n : engine_nr_pages(f->e);
}

static int gen_band_rows(const struct frame *f, unsigned t, uint32_t k, int cpr)
{
	return (int)rows_for(gen_type_max(f, t), k, cpr) + GEN_MAX - 1;
}

/* Rows of the bands and the other rows (unevictable, isolated) at @k. */
static int gen_rows_at(const struct frame *f, const struct geom *g, uint32_t k)
{
	unsigned types[2];
	int nt = gen_types(f, types), rows = 0;

	for (int i = 0; i < nt; i++)
		rows += gen_band_rows(f, types[i], k, g->cpr);
	for (int i = 0; i < g->n; i++)
		rows += !g->sl[i].gen;
	return rows;
}

/* The fewest pages a cell that fits the bands whole in @avail rows, or the
 * scale that puts each type's most pages in one row. */
static uint32_t gen_fit_k(const struct frame *f, const struct geom *g, int avail)
{
	unsigned types[2];
	int nt = gen_types(f, types);
	uint32_t lo = 1, hi = 1;

	for (int i = 0; i < nt; i++) {
		uint32_t m = (gen_type_max(f, types[i]) + (uint32_t)g->cpr - 1) / (uint32_t)g->cpr;
		hi = m > hi ? m : hi;
	}
	while (lo < hi) { /* rows fall as k grows */
		uint32_t mid = lo + (hi - lo) / 2;
		if (gen_rows_at(f, g, mid) <= avail)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* Type @t's live generations, entries [@first, @end) of @g, youngest
 * first, laid into @band rows: rows and groups.  While they need more,
 * two neighbours with at most one non-empty generation between them share
 * a row, else the longest row gives one (its middle elided), else the two
 * neighbours holding the fewest non-empty generations share one. */
static void gen_band_layout(const struct frame *f, struct geom *g, int first, int end, int band)
{
	uint32_t nr[NR_SHOWN];
	int need = 0;

	for (int i = first; i < end; i++) {
		nr[i] = list_nr(f, g->l[i]);
		g->grp[i] = 1;
		g->rows[i] = nr[i] ? (int)rows_for(nr[i], g->k, g->cpr) : 1;
		need += g->rows[i];
	}
	while (need > band) {
		int best = -1, best_full = 1 << 20, best_size = 0, big = -1;
		for (int i = first; i < end; i++) {
			int j = i + g->grp[i], full = 0;
			if (!g->grp[i])
				continue;
			if (g->rows[i] > 1 && (big < 0 || g->rows[i] > g->rows[big]))
				big = i;
			if (j >= end)
				continue;
			for (int m = i; m < j + g->grp[j]; m++)
				full += nr[m] > 0;
			/* the fewest non-empty, then the fewest generations in one row */
			if (full < best_full || (full == best_full && g->grp[i] + g->grp[j] < best_size))
				best = i, best_full = full, best_size = g->grp[i] + g->grp[j];
		}
		if (best >= 0 && (best_full <= 1 || big < 0)) {
			int j = best + g->grp[best];
			uint32_t sum = 0;
			need -= g->rows[best] + g->rows[j];
			g->grp[best] = (uint8_t)(g->grp[best] + g->grp[j]);
			g->grp[j] = 0;
			g->rows[j] = 0;
			for (int m = best; m < best + g->grp[best]; m++)
				sum += nr[m];
			g->rows[best] = sum ? (int)rows_for(sum, g->k, g->cpr) : 1;
			need += g->rows[best];
		} else if (big >= 0) {
			g->rows[big]--;
			need--;
		} else {
			break;
		}
	}
	if (need < band) { /* the rest to the oldest's row */
		int last = end - 1;
		while (last > first && !g->grp[last])
			last--;
		g->rows[last] += band - need;
	}
}

/* The bands in @avail rows: whole if they fit at g->k, else shared by
 * their wants, GEN_BAND_MIN each at least. */
static void gen_geometry(const struct frame *f, struct geom *g, int avail)
{
	unsigned types[2];
	int nt = gen_types(f, types), others = 0, band[2] = { 0 }, want = 0, left;

	for (int i = 0; i < g->n; i++)
		others += !g->sl[i].gen;
	left = avail - others;
	for (int i = 0; i < nt; i++)
		want += band[i] = gen_band_rows(f, types[i], g->k, g->cpr);
	if (want > left)
		for (int i = 0; i < nt; i++) {
			band[i] = want ? band[i] * (left > 0 ? left : 0) / want : 0;
			band[i] = band[i] < GEN_BAND_MIN ? GEN_BAND_MIN : band[i];
		}
	for (int i = 0, e = 0; i < nt; i++) {
		int first = e;
		while (e < g->n && g->sl[e].gen && g->sl[e].type == types[i])
			e++;
		if (e > first)
			gen_band_layout(f, g, first, e, band[i]);
	}
	for (int i = 0; i < g->n; i++)
		if (!g->sl[i].gen)
			g->rows[i] = 1, g->grp[i] = 1;
}

/* The two-list LRU's rows for this scenario (shown_lists() under a
 * classic policy): what the scale leaves room for under every policy. */
static int classic_rows(const struct frame *f)
{
	const struct workload *wl = &f->app->sc->wl;
	bool file = false, anon = false, mlock = false;

	for (uint32_t o = 0; o < wl->nr_objects; o++)
		*(wl->objects[o].type == OBJ_ANON ? &anon : &file) = true;
	for (uint32_t i = 0; i < wl->nr_ops && !mlock; i++)
		mlock = wl->ops[i].kind == WL_MLOCK;
	return 2 * (file || !anon) + 2 * anon + mlock + 2;
}

/* The most pages the lists can hold in any run of @wl, whatever the
 * policy: the zone's, no more than the objects have, and, when every
 * operation is charged to a cgroup, no more than the hard limits add up
 * to (2.6.34 mm/memcontrol.c: a charge past the limit reclaims first);
 * cgroup @k's own lists no more than its limit. */
static uint32_t pages_bound(const struct workload *wl, uint32_t nr, uint8_t k)
{
	uint64_t objects = 0, limits = 0;
	bool charged = wl->nr_cgroups > 0;

	if (k && k <= wl->nr_cgroups)
		return wl->cgroups[k - 1].limit < nr ? wl->cgroups[k - 1].limit : nr;
	for (uint32_t o = 0; o < wl->nr_objects; o++)
		objects += wl->objects[o].pages;
	for (uint32_t c = 0; c < wl->nr_cgroups; c++)
		limits += wl->cgroups[c].limit;
	for (uint32_t i = 0; i < wl->nr_ops && charged;
	     i++) { /* the operations that fault or read pages in */
		uint8_t kind = wl->ops[i].kind;
		charged = wl->ops[i].memcg != 0 || (kind != WL_TOUCH && kind != WL_READ && kind != WL_WRITE &&
						    kind != WL_RANDOM && kind != WL_TRACE);
	}
	if (charged && limits < objects)
		objects = limits;
	return objects < nr ? (uint32_t)objects : nr;
}

/* The pages a cell: from the zone's size and the panel's room, never
 * from the run, so that every policy of a scenario, both sides of
 * compare (2.6.34 against mglru too) and every step draw a page the
 * same size, and ] from one lesson bookmark to the next keeps it.  The
 * pages_bound() fit in the rows left once each list has its part row. */
static uint32_t fit_k(const struct frame *f, struct geom *g, int avail)
{
	uint32_t total = 0, k, cells;
	int rows = avail - classic_rows(f) + 1;

	for (int i = 0; i < g->n; i++)
		total += list_max(f, g->l[i]);
	g->elide = total > WALK_MAX;
	cells = (uint32_t)(avail > 0 ? avail : 1) * (uint32_t)g->cpr;
	if (g->elide) { /* the fewest pages a cell that keeps the walk under WALK_MAX */
		k = WALK_MAX / cells;
		return k ? k : 1;
	}
	cells = (uint32_t)(rows > 1 ? rows : 1) * (uint32_t)g->cpr;
	total = pages_bound(engine_workload(f->e), engine_nr_pages(f->e), owner(f));
	if (f->pair) { /* both sides' bound: 2.6.34/global has no limits */
		uint32_t o =
			pages_bound(engine_workload(view_engine(f->pair)), engine_nr_pages(f->e), owner(f));
		total = o > total ? o : total;
	}
	k = (total + cells - 1) / cells;
	return k ? k : 1; /* nothing to hold: a page a cell */
}

/* Two columns a cell, the object's initial and the glyph: in projector
 * mode, and in monochrome, where no colour tells the objects apart. */
static bool initials(const struct frame *f)
{
	return f->app->ui.big || !theme_colors();
}

/* Lays the lists out in @h rows of width @w (title and evicted strip
 * included).  Projector mode takes two columns a cell (the object's
 * initial and the glyph) as long as that costs at most two pages a cell;
 * monochrome, where the initial is all that tells objects apart, as long
 * as it at most doubles the pages a cell. */
static void geometry(const struct frame *f, int w, int h, struct geom *g)
{
	int avail = h - 2, left;

	memset(g, 0, sizeof *g);
	g->n = shown_lists(f, g->sl);
	for (int i = 0; i < g->n; i++)
		g->l[i] = g->sl[i].lru;
	if (gen_panel(f)) { /* no pagevec under 6.1: nothing gives way but the bands */
		g->lw = label_w(f, w);
		g->gen_short = w < GEN_SHORT_MAX;
		g->cw = initials(f) ? 2 : 1;
		g->cpr = w - g->lw - TAIL_W > 1 ? w - g->lw - TAIL_W : 1;
		if (g->cw == 2)
			g->cpr = g->cpr / 2 > 1 ? g->cpr / 2 : 1;
		/* compare: the zone's scale both sides (fit_k()); alone, coarser
		 * only if the bands would not fit whole at it */
		g->k = fit_k(f, g, avail);
		if (!f->pair && gen_fit_k(f, g, avail) > g->k)
			g->k = gen_fit_k(f, g, avail);
		g->elide = false;
		gen_geometry(f, g, avail);
		return;
	}
	/* the pagevec's own row is the first to give way (it is last in the
	 * order, and not in panel_lists_need()'s min) */
	if (avail < g->n) {
		g->n--;
		g->pv_shared = true;
	}
	g->lw = label_w(f, w);
	g->gen_short = w < GEN_SHORT_MAX;
	g->cw = 1;
	g->cpr = w - g->lw - TAIL_W > 1 ? w - g->lw - TAIL_W : 1;
	g->k = fit_k(f, g, avail);
	if (initials(f)) {
		struct geom b = *g;
		b.cw = 2;
		b.cpr = b.cpr / 2 > 1 ? b.cpr / 2 : 1;
		b.k = fit_k(f, &b, avail);
		if (b.k <= (g->k > 2 ? g->k : 2) || (!theme_colors() && b.k <= 2 * g->k))
			*g = b;
	}
	left = avail;
	for (int i = 0; i < g->n; i++) {
		int want = g->l[i] < LRU_UNEVICTABLE ? (int)rows_for(list_max(f, g->l[i]), g->k, g->cpr) : 1;
		int rest = g->n - i - 1; /* a row for each list still to come */
		g->rows[i] = want < left - rest ? want : left - rest > 1 ? left - rest : 1;
		left -= g->rows[i];
	}
}

void panel_lists_need(const struct frame *f, int w, struct lists_need *n)
{
	struct shown_list sl[NR_SHOWN];
	struct geom g;

	if (gen_panel(f)) { /* title, the bands, unevictable and isolated, the evicted strip */
		unsigned types[2];
		int nt = gen_types(f, types), others = 0, cpr;
		int nl = shown_lists(f, sl);

		for (int i = 0; i < nl; i++)
			others += !sl[i].gen;
		cpr = w - label_w(f, w) - TAIL_W > 1 ? w - label_w(f, w) - TAIL_W : 1;
		if (initials(f))
			cpr = cpr / 2 > 1 ? cpr / 2 : 1;
		/* as the two-list policies' rows count (a list a type and state,
		 * the pagevec's), so that p and ] move no panel */
		n->min = 2 + nt * GEN_BAND_MIN + others;
		n->want = 2 + nt * 2 + others + 1 +
			  (int)((engine_nr_pages(f->e) + (uint32_t)cpr - 1) / (uint32_t)cpr);
		if (n->want > n->min + 24)
			n->want = n->min + 24;
		return;
	}
	n->min = 1 + shown_lists(f, sl); /* title, a row a list but the pagevec's, the evicted strip */
	memset(&g, 0, sizeof g);
	g.n = shown_lists(f, g.sl);
	for (int i = 0; i < g.n; i++)
		g.l[i] = g.sl[i].lru;
	g.lw = label_w(f, w);
	g.cpr = w - g.lw - TAIL_W > 1 ? w - g.lw - TAIL_W : 1;
	if (initials(f)) /* two columns a cell */
		g.cpr = g.cpr / 2 > 1 ? g.cpr / 2 : 1;
	/* every list at a page a cell: the pages the lists can hold
	 * (pages_bound(): the zone's, or the cgroups' limits) in rows, and a
	 * partial row a list.  From the scenario, not the run, so that the
	 * panel's height is the same under every policy (p and ] move no panel) */
	n->want = 2 + g.n +
		  (int)((pages_bound(engine_workload(f->e), engine_nr_pages(f->e), 0) + (uint32_t)g.cpr - 1) /
			(uint32_t)g.cpr);
	if (n->want > n->min + 24) /* beyond that, compress */
		n->want = n->min + 24;
}

static enum cell_glyph page_glyph(const struct page *p)
{
	bool young = (p->young & p->mapped) != 0;

	if (PageWriteback(p))
		return G_WRITEBACK;
	if (young && PageReferenced(p))
		return G_YOUNG_REF;
	if (young)
		return G_YOUNG;
	if (p->flags & LRU_GEN_MASK) { /* on a generation: its tier, if above 0 */
		/* 6.1 mm_inline.h folio_lru_refs() and lru_tier_from_refs():
		 * order_base_2(refs + 1), refs counting PG_workingset */
		unsigned refs = ((p->flags & LRU_REFS_MASK) >> LRU_REFS_PGOFF) + PageWorkingset(p);
		if (refs)
			return refs == 1 ? G_TIER1 : refs <= 3 ? G_TIER2 : G_TIER3;
	}
	if (PageReferenced(p))
		return G_REF;
	if (page_mapped(p))
		return G_MAPPED;
	return G_IDLE;
}

/* The page @r names, if it is in memory and still that page. */
static uint32_t page_of(const struct frame *f, const struct step_record *r)
{
	const struct page *pg = engine_pages(f->e);

	if (r->kind == STEP_END || r->pfn == PFN_NONE || r->pfn >= engine_nr_pages(f->e) ||
	    pg[r->pfn].object != r->object || pg[r->pfn].index != r->index || pg[r->pfn].lru == LRU_FREE ||
	    pg[r->pfn].lru == LRU_KERNEL)
		return PFN_NONE;
	return r->pfn;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

struct marks {
	uint32_t examined, cursor; /* pfns, PFN_NONE if none */
	int outcome;		   /* the examined page's mark; OUT_NONE: plain reverse */
	uint32_t refault[LOG_MAX]; /* pages that came back lately, sorted */
	int nr_refault;
	const struct workload *whose; /* M: cells by cgroup letter; NULL: by state */
};

static void find_marks(const struct frame *f, struct marks *m)
{
	const struct step_record *r = f->ask ? f->ask : &f->view->rec;
	const struct inspector *in = &f->app->insp;

	m->examined = page_of(f, r);
	m->outcome = f->ask ? OUT_NONE : r->outcome;
	m->cursor = in->cursor ? engine_object_page(f->e, in->object, in->index) : PFN_NONE;
	m->nr_refault = 0;
	m->whose = f->app->ui.cgroup_cells && f->app->sc->wl.nr_cgroups ? &f->app->sc->wl : NULL;
	for (int i = 0; i < LOG_MAX; i++) {
		const struct step_record *e = view_log_entry(f->view, i);
		uint32_t pfn;
		if (!e)
			break;
		if (e->outcome == OUT_REFAULT && (pfn = page_of(f, e)) != PFN_NONE)
			m->refault[m->nr_refault++] = pfn;
	}
	qsort(m->refault, (size_t)m->nr_refault, sizeof m->refault[0], cmp_u32);
}

/* What one cell shows, from its k pages: the hottest page's glyph, the
 * head-most page's colour and name, and marks. */
struct cell {
	uint32_t object, index;		     /* of the head-most page */
	uint8_t glyph;			     /* enum cell_glyph */
	uint8_t to;			     /* a pagevec's page: the list it waits to join */
	uint8_t memcg;			     /* the head-most page's cgroup (0 the root) */
	bool dirty, ex, cur, refault, mixed; /* mixed: pages of several cgroups */
};

/* A run of cells to fill from a list: from its head on, or from its tail
 * back. */
struct walk {
	uint32_t p;	/* next page */
	uint32_t left;	/* cells still to fill */
	uint32_t taken; /* pages in the current cell so far */
	bool back;
	struct cell *out; /* the current cell */
	uint32_t k;	  /* pages a cell */
	uint8_t memcg;	  /* only this cgroup's pages; 0: every page */
};

/*
 * Fills every walk's cells, one page of each walk in turn.  Walking a list
 * is a chain of cache misses, each page's address in the one before; one
 * list after another, a large zone paid them one at a time (perf: a third
 * of a step's CPU).  Taken in turn, the chains of all walks (up to twelve)
 * are in flight at once.
 */
static void walk_lists(const struct frame *f, struct walk *w, int nw, const struct marks *m)
{
	const struct page *pg = engine_pages(f->e);
	bool busy = true;

	while (busy) {
		busy = false;
		for (int i = 0; i < nw; i++) {
			struct walk *wk = &w[i];
			struct cell *c = wk->out;
			uint32_t p = wk->p;
			enum cell_glyph g;

			if (!wk->left || p == PFN_NONE)
				continue;
			busy = true;
			if (wk->memcg && pg[p].memcg != wk->memcg) { /* another's page: not drawn */
				wk->p = wk->back ? pg[p].prev : pg[p].next;
				if (wk->p == PFN_NONE && wk->taken) {
					wk->taken = 0;
					wk->out++;
					wk->left--;
				}
				continue;
			}
			if (!wk->taken)
				*c = (struct cell){ .object = pg[p].object,
						    .index = pg[p].index,
						    .glyph = NR_CELL_GLYPHS,
						    .to = pg[p].pvec_lru,
						    .memcg = pg[p].memcg };
			g = page_glyph(&pg[p]);
			if (g < c->glyph)
				c->glyph = (uint8_t)g;
			c->dirty |= PageDirty(&pg[p]);
			c->mixed |= pg[p].memcg != c->memcg;
			c->ex |= p == m->examined;
			c->cur |= p == m->cursor;
			if (m->nr_refault && !c->refault)
				c->refault = bsearch(&p, m->refault, (size_t)m->nr_refault, sizeof p,
						     cmp_u32) != NULL;
			if (wk->back) {
				c->object = pg[p].object;
				c->index = pg[p].index;
			}
			wk->p = wk->back ? pg[p].prev : pg[p].next;
			if (++wk->taken == wk->k || wk->p == PFN_NONE) {
				wk->taken = 0;
				wk->out++;
				wk->left--;
			}
		}
	}
}

/* A cell's state glyph, or under M whose its pages are. */
static const char *state_or_whose(const struct cell *c, const struct marks *m)
{
	if (!m->whose)
		return cell_glyph((enum cell_glyph)c->glyph);
	theme_note(N_WHOSE);
	return c->mixed ? "&" : cgroup_letter(m->whose, c->memcg);
}

/* A cell's glyph and attributes. */
static const char *cell_look(const struct cell *c, const struct marks *m, attr_t *a)
{
	const char *g;

	if (c->ex && m->outcome != OUT_NONE) {
		/* the outcome's glyph on its object's colour: whose page it is
		 * stays on the lists (the glyph and the decision say the outcome) */
		*a = theme_colors() ? theme_object_bar(c->object) | A_BOLD : theme_outcome_mark(m->outcome);
		g = outcome_glyph(m->outcome);
	} else if (c->ex) {
		*a = theme_attr(T_EXAMINED);
		theme_note(N_EXAMINED);
		g = state_or_whose(c, m);
	} else if (c->refault) {
		*a = theme_outcome(OUT_REFAULT);
		g = outcome_glyph(OUT_REFAULT);
	} else {
		*a = c->cur ? theme_attr(T_CURSOR) : theme_object(c->object);
		g = state_or_whose(c, m);
	}
	if (c->ex && m->outcome != OUT_NONE)
		theme_note(N_EXAMINED);
	if (c->cur)
		theme_note(N_CURSOR);
	if (c->dirty) {
		*a |= A_UNDERLINE;
		theme_note(N_DIRTY);
	}
	return g;
}

/* The cells drawn at (@y, @x), @rows of @cpr, noted for a mouse click
 * in the UI's hit map (frame.hits; NULL: none kept). */
static void note_hits(const struct frame *f, int y, int x, int rows, int cpr, int cw, int n,
		      const struct cell *cells)
{
	struct lists_hits *h = f->hits;

	if (!h || h->nr == LISTS_HIT_RUNS || n <= 0)
		return;
	if (!grow_array(h->page, h->cap, h->nr_pages + (size_t)n, 64))
		return;
	h->run[h->nr++] = (struct lists_hit_run){ y, x, rows, cpr, cw, n, h->nr_pages };
	for (int c = 0; c < n; c++)
		h->page[h->nr_pages++] = (struct lists_hit_page){ cells[c].object, cells[c].index };
}

bool panel_lists_hit(const struct lists_hits *h, int y, int x, uint32_t *object, uint32_t *index)
{
	for (int i = 0; i < h->nr; i++) {
		const struct lists_hit_run *r = &h->run[i];
		int c = (y - r->y) * r->cpr + (x - r->x) / r->cw;
		const struct lists_hit_page *p;
		if (y < r->y || y >= r->y + r->rows || x < r->x || x >= r->x + r->cpr * r->cw || c >= r->n)
			continue;
		p = &h->page[r->first + (size_t)c];
		if (p->object == OBJECT_KERNEL || p->object == UINT32_MAX)
			return false;
		*object = p->object;
		*index = p->index;
		return true;
	}
	return false;
}

/* Cells 0..@n-1 from (@y, @x), @cpr a row; @elided: cell number @elided is
 * the elision mark (-1: none).  At one column a cell, each row is built
 * and drawn at once. */
static void draw_cells_of(const struct frame *f, int y, int x, const struct geom *g, const struct cell *cells,
			  int n, int elided, const struct marks *m)
{
	int cpr = g->cpr, cw = g->cw;
	cchar_t row[512], last;
	const char *last_gl = NULL;
	attr_t last_a = 0;

	note_hits(f, y, x, (n + cpr - 1) / cpr, cpr, cw, n, cells);
	for (int c0 = 0; c0 < n; c0 += cpr) {
		int end = c0 + cpr < n ? c0 + cpr : n, k = 0;
		bool fast = cw == 1 && end - c0 <= (int)(sizeof row / sizeof row[0]);

		for (int c = c0; c < end; c++) {
			int yy = y + c / cpr, xx = x + (c % cpr) * cw;
			const struct cell *cl = &cells[c];
			attr_t a;
			const char *gl;

			if (c == elided) {
				a = theme_attr(T_DIM);
				gl = misc_glyph(G_ELIDED_CELL);
			} else {
				gl = cell_look(cl, m, &a);
			}
			/* neighbours mostly look alike: no setcchar() for a repeat */
			if (fast && gl == last_gl && a == last_a) {
				row[k++] = last;
				continue;
			}
			if (fast && glyph_cchar(&row[k], a, gl)) {
				last = row[k++];
				last_gl = gl;
				last_a = a;
				continue;
			}
			if (k) /* a glyph wider than a column: the slow way from here */
				draw_cells(yy, xx - k, row, k);
			k = 0;
			fast = false;
			if (c != elided && cw == 2) { /* projector: the object's initial, then the glyph */
				const char *name = object_name(&f->app->sc->wl, cl->object);
				char ini[2] = { name[0] ? name[0] : '?', '\0' };
				draw_str(yy, xx, 1, a | A_BOLD, ini);
				draw_glyph(yy, xx + 1, a | A_BOLD, gl);
			} else {
				draw_str(yy, xx, cw, a, gl);
			}
		}
		if (k)
			draw_cells(y + c0 / cpr, x + c0 % cpr * cw, row, k);
	}
}

static bool being_scanned(const struct step_record *r, int l)
{
	return (r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE || r->kind == STEP_SORT) &&
	       r->from == l;
}

/* How one list is laid out, and the walks that fill its cells. */
struct list_plan {
	int l, y, rows;
	int grp; /* 6.1: generations in this row (list l and the older after it), 1 for a list */
	const struct shown_list *sl; /* [grp]: what engine_shown_lists() says of them */
	uint32_t cells;		     /* cells to draw */
	uint32_t head_cells;	     /* elided: cells from the head, then the mark */
	bool elide;
	struct cell *cell; /* [cells] */
};

static int plan_list(const struct frame *f, const struct geom *g, struct list_plan *lp, struct walk *w)
{
	struct lru_info li = engine_list(f->e, lp->l);
	uint32_t nr = list_nr(f, lp->l);
	/* the pagevec page by page: at most 4 * PAGEVEC_SIZE, each worth seeing */
	uint32_t cells = (uint32_t)lp->rows * (uint32_t)g->cpr, k = lp->l == LRU_PAGEVEC ? 1 : g->k;
	int nw = 0;

	lp->head_cells = (cells - 1) / 2;
	lp->elide = (uint64_t)cells * k < nr && cells > 2; /* more pages than cells */
	if (lp->elide) {
		/* the head, an elided middle, and the tail walked from the tail
		 * back, so that each page shown is walked once */
		lp->cells = cells;
		w[nw++] = (struct walk){ li.head, lp->head_cells, 0, false, lp->cell, k, owner(f) };
		w[nw++] = (struct walk){ li.tail, cells - 1 - lp->head_cells,	 0,
					 true,	  lp->cell + lp->head_cells + 1, k,
					 owner(f) };
	} else {
		uint32_t need = (nr + k - 1) / k;
		lp->cells = need < cells ? need : cells;
		w[nw++] = (struct walk){ li.head, lp->cells, 0, false, lp->cell, k, owner(f) };
	}
	return nw;
}

/* Generations sharing a row (gen_band_layout()): each one's pages from
 * its head, youngest first, as many as the row holds. */
static int plan_group(const struct frame *f, const struct geom *g, struct list_plan *lp, const uint8_t *l,
		      struct walk *w)
{
	uint32_t room = (uint32_t)lp->rows * (uint32_t)g->cpr, used = 0;
	int nw = 0;

	for (int i = 0; i < lp->grp; i++) {
		uint32_t nr = list_nr(f, l[i]), need = (nr + g->k - 1) / g->k;
		if (need > room - used)
			need = room - used;
		if (need)
			w[nw++] = (struct walk){
				engine_list(f->e, l[i]).head, need, 0, false, lp->cell + used, g->k, owner(f)
			};
		used += need;
	}
	lp->cells = used;
	lp->elide = false;
	lp->head_cells = 0;
	return nw;
}

/* The tail cells were filled from the tail back: put them in order. */
static void order_tail(struct list_plan *lp)
{
	struct cell *t = lp->cell + lp->head_cells + 1;
	uint32_t n = lp->cells - 1 - lp->head_cells;

	for (uint32_t i = 0; i < n / 2; i++) {
		struct cell c = t[i];
		t[i] = t[n - 1 - i];
		t[n - 1 - i] = c;
	}
}

/*
 * The pagevec's pages, grouped by the list each waits to join (the
 * kernel keeps a pagevec per list, lru_add_pvecs[]): "→inactive_file ◇◇◇
 * →active_file !", a refault activated by 3.15 visibly headed for the
 * active list.  Names shorten to their first letters when the row is
 * short.  Returns the columns used.
 */
static int draw_pagevec_cells(const struct frame *f, int y, int x, int w, const struct geom *g,
			      struct cell *cells, int n, const struct marks *m)
{
	static const char *const brief[NR_LISTS] = {
		[LRU_INACTIVE_ANON] = "i_anon", [LRU_ACTIVE_ANON] = "a_anon",  [LRU_INACTIVE_FILE] = "i_file",
		[LRU_ACTIVE_FILE] = "a_file",	[LRU_UNEVICTABLE] = "unevict",
	};
	int cnt[NR_LISTS] = { 0 }, used = 0, full = 0;
	struct cell sorted[128]; /* a pagevec per list, 14 pages each */

	if (n > (int)(sizeof sorted / sizeof sorted[0]))
		n = (int)(sizeof sorted / sizeof sorted[0]);
	for (int c = 0; c < n; c++)
		cnt[cells[c].to < NR_LISTS ? cells[c].to : 0]++;
	for (int l = 0; l < NR_LISTS; l++)
		if (cnt[l])
			full += str_width(lru_name[l]) + 2 + cnt[l];
	for (int l = 0, k = 0; l < NR_LISTS; l++) {
		struct geom one = *g;
		int start = k;
		if (!cnt[l])
			continue;
		for (int c = 0; c < n; c++)
			if ((cells[c].to < NR_LISTS ? cells[c].to : 0) == l)
				sorted[k++] = cells[c];
		used += draw_fmt(y, x + used, w - used, theme_attr(T_DIM), "%s%s ", misc_glyph(G_ARROW),
				 full <= w  ? lru_name[l]
				 : brief[l] ? brief[l]
					    : "?");
		one.cw = 1;
		one.cpr = k - start < w - used ? k - start : w - used;
		if (one.cpr <= 0)
			break;
		draw_cells_of(f, y, x + used, &one, sorted + start, one.cpr, -1, m);
		used += one.cpr + 1;
	}
	return used;
}

/* One list: label, cells in rows, tail marker. */
static void draw_list(const struct rect *r, const struct frame *f, const struct geom *g,
		      const struct list_plan *lp, const struct marks *m)
{
	struct lru_info li = { .nr = list_nr(f, lp->l) };
	int c, x, y = lp->y, scanned = lp->l;
	bool cursor_here = m->cursor != PFN_NONE && engine_pages(f->e)[m->cursor].lru == lp->l;
	/* an open question's step: the scanner it is about to run */
	const struct step_record *rec = f->ask ? f->ask : &f->view->rec;

	const struct shown_list *oldest = &lp->sl[lp->grp - 1]; /* of the row's generations */

	if (lp->sl->gen && lp->grp > 1) { /* "seq 5-4 file": the youngest of them first */
		char name[40], age[24];

		li.nr = 0;
		for (int i = 0; i < lp->grp; i++)
			li.nr += list_nr(f, lp->sl[i].lru);
		snprintf(name, sizeof name, "seq %llu-%llu %s", (unsigned long long)lp->sl->seq,
			 (unsigned long long)oldest->seq, lp->sl->type ? "file" : "anon");
		snprintf(age, sizeof age, "age %llu", (unsigned long long)oldest->age);
		if (g->gen_short && strlen(name) > LIST_NAME_W) /* "12-11 file": seq is the rows' word */
			memmove(name, name + 4, strlen(name + 4) + 1);
		if (g->gen_short)
			draw_fmt(y, r->x, g->lw, theme_attr(T_LABEL), "%s%-*s %*u ", cursor_here ? ">" : " ",
				 LIST_NAME_W, name, g->lw - LIST_NAME_W - 3, li.nr);
		else
			draw_fmt(y, r->x, g->lw, theme_attr(T_LABEL), "%s%-*s %-*s %*u ",
				 cursor_here ? ">" : " ", GEN_NAME_W, name, GEN_AGE_W, age,
				 g->lw - GEN_NAME_W - GEN_AGE_W - 4, li.nr);
	} else if (lp->sl->gen &&
		   g->gen_short) { /* "seq 3 file": the title and the scanner's mark say which */
		char name[32];
		gen_name(lp->sl->seq, lp->sl->type, name, sizeof name);
		draw_fmt(y, r->x, g->lw, theme_attr(T_LABEL), "%s%-*s %*u ", cursor_here ? ">" : " ",
			 LIST_NAME_W, name, g->lw - LIST_NAME_W - 3, li.nr);
	} else if (lp->sl->gen) {
		char name[32], age[24];
		gen_label(lp->sl, name, sizeof name, age, sizeof age);
		draw_fmt(y, r->x, g->lw, theme_attr(T_LABEL), "%s%-*s %-*s %*u ", cursor_here ? ">" : " ",
			 GEN_NAME_W, name, GEN_AGE_W, age, g->lw - GEN_NAME_W - GEN_AGE_W - 4, li.nr);
	} else {
		draw_fmt(y, r->x, g->lw, theme_attr(T_LABEL), "%s%-13s %*u ", cursor_here ? ">" : " ",
			 lru_name[lp->l], g->lw - 16, li.nr);
	}
	if (!li.nr)
		draw_str(y, r->x + g->lw, r->w - g->lw, theme_attr(T_DIM), "(empty)");
	if (lp->l == LRU_PAGEVEC && li.nr) { /* grouped by target; what the row is, where room allows */
		x = r->x + g->lw +
		    draw_pagevec_cells(f, y, r->x + g->lw, r->w - g->lw, g, lp->cell, (int)lp->cells, m) + 1;
		if (r->x + r->w - x >= 24)
			draw_str(y, x, r->x + r->w - x, theme_attr(T_DIM),
				 g->k > 1 ? "1 cell = 1 page, waiting to join its list"
					  : "new pages waiting to join their lists");
	} else {
		draw_cells_of(f, y, r->x + g->lw, g, lp->cell, (int)lp->cells,
			      lp->elide ? (int)lp->head_cells : -1, m);
	}
	if (!li.nr || (lp->l > LRU_UNEVICTABLE && !lp->sl->gen))
		return;
	if (lp->sl->gen) { /* eviction takes only the oldest generation's tail */
		if (!oldest->oldest)
			return;
		scanned = oldest->lru;
	}
	c = lp->cells ? (int)lp->cells - 1 : 0;
	x = r->x + g->lw + (c % g->cpr + 1) * g->cw + 1;
	/* a cgroup's view: the scanner is at its tail only when the page
	 * scanned is the cgroup's (limit reclaim of backup is not on db's) */
	if (being_scanned(rec, scanned) && (!owner(f) || rec->owner == owner(f)))
		draw_fmt(y + c / g->cpr, x, TAIL_W, theme_attr(T_WARN), "%s %s", misc_glyph(G_TAIL),
			 reclaimer_word(rec->reclaimer));
	else if (lp->l < LRU_UNEVICTABLE || lp->sl->gen)
		draw_fmt(y + c / g->cpr, x, TAIL_W, theme_attr(T_DIM), "%s tail", misc_glyph(G_TAIL));
}

/* The pagevec on the isolated batch's row, after its cells: "pagevec 5"
 * and a cell a page, as many as the row has room for. */
struct shared_pv {
	struct list_plan lp;
	struct geom g; /* one row, its own width */
	int label_x, rows;
};

static int plan_shared_pagevec(const struct rect *r, const struct frame *f, const struct geom *g,
			       const struct list_plan *iso, struct shared_pv *pv, struct walk *w,
			       struct cell *cells)
{
	int x = r->x + g->lw + (iso->cells ? (int)iso->cells * g->cw + 1 : 8) + 1;
	int room = r->x + r->w - (x + 12) - 1;

	pv->label_x = x;
	if (room < 4 || list_nr(f, LRU_PAGEVEC) == 0)
		return 0;
	pv->g = *g;
	pv->g.cpr = room;
	pv->g.cw = 1;
	pv->rows = 1;
	pv->lp = (struct list_plan){ .l = LRU_PAGEVEC, .y = iso->y, .rows = 1, .cell = cells };
	return plan_list(f, &pv->g, &pv->lp, w);
}

static void draw_shared_pagevec(const struct frame *f, const struct shared_pv *pv, const struct marks *m)
{
	draw_fmt(pv->lp.y, pv->label_x, 12, theme_attr(T_LABEL), "pagevec %2u ", list_nr(f, LRU_PAGEVEC));
	draw_pagevec_cells(f, pv->lp.y, pv->label_x + 11, pv->g.cpr + 1, &pv->g, pv->lp.cell,
			   (int)pv->lp.cells, m);
}

static bool same_page(const struct step_record *a, const struct step_record *b)
{
	return a->object == b->object && a->index == b->index;
}

/* The evicted strip: the pages evicted lately, newest first, each in its
 * object's colour with the outcome that evicted it, or the refault mark if
 * it came back since; the current step's eviction reversed. */
static void draw_evicted(const struct rect *r, int y, const struct frame *f, const struct geom *g,
			 struct cell *cells)
{
	uint8_t outs[512];
	const struct view *v = f->view;
	const struct step_record *cur = f->ask ? NULL : &v->rec;
	uint64_t evicted = 0;
	int n = 0, max, x0;
	/* the cgroup view (m): that cgroup's pages only, however evicted */
	uint8_t k = owner(f);

	for (uint32_t o = 0; !k && o < f->app->sc->wl.nr_objects; o++)
		evicted += engine_object(f->e, o).evicted;
	if (k)
		evicted = engine_memcg_evicted(f->e, k);
	/* the count whole, and a space before the cells, however many were
	 * evicted (the label's width is the zone's size: more pages leave) */
	x0 = r->x + draw_fmt(y, r->x, r->w, theme_attr(T_LABEL), " %-13s %*llu ",
			     k ? "its evicted" : "evicted" /* the title says whose */, g->lw - 16,
			     (unsigned long long)evicted);
	x0 = x0 > r->x + g->lw ? x0 : r->x + g->lw;
	max = r->x + r->w - x0 - 1 < g->cpr ? r->x + r->w - x0 - 1 : g->cpr;
	max = max < (int)sizeof outs ? max : (int)sizeof outs;
	for (int i = 0; n < max; i++) {
		const struct step_record *e = view_log_entry(v, i);
		bool back = false;
		if (!e)
			break;
		if (e->to != LRU_FREE || (e->kind != STEP_SCAN_INACTIVE && e->kind != STEP_SCAN_ACTIVE) ||
		    (k && e->owner != k))
			continue;
		for (int j = 0; j < i && !back; j++) { /* a newer record brought it back */
			const struct step_record *b = view_log_entry(v, j);
			back = (b->outcome == OUT_REFAULT || b->outcome == OUT_FAULT) && same_page(b, e);
		}
		cells[n] = (struct cell){ .object = e->object,
					  .index = e->index,
					  .ex = cur && e->step == cur->step,
					  .refault = back };
		outs[n++] = back ? OUT_REFAULT : e->outcome;
	}
	if (!n) {
		static const char hint[] = "(none lately: evicted pages appear here, newest first)";
		draw_str(y, x0, r->x + r->w - x0, theme_attr(T_DIM),
			 str_width(hint) <= r->x + r->w - x0 ? hint : "(none evicted lately)");
		return;
	}
	note_hits(f, y, x0, 1, n, 1, n, cells);
	for (int c = 0; c < n; c++) {
		attr_t a = !cells[c].ex	    ? theme_object(cells[c].object)
			   : theme_colors() ? theme_object_bar(cells[c].object) | A_BOLD
					    : theme_outcome_mark(outs[c]);
		if (cells[c].refault && !cells[c].ex)
			a = theme_outcome(OUT_REFAULT);
		if (cells[c].ex)
			theme_note(N_EXAMINED);
		draw_glyph(y, x0 + c, a, outcome_glyph(outs[c]));
	}
	if (r->x + r->w - x0 - n > 16)
		draw_str(y, x0 + n + 1, r->x + r->w - x0 - n - 1, theme_attr(T_DIM),
			 f->view->policy->evict_shadow ? "(newest first; each leaves a shadow)"
						       : "(newest first)");
}

/* The cgroup an object's pages are charged to: the task of its first
 * access (first touch pays, 2.6.34 mm/memcontrol.c
 * mem_cgroup_charge_common()); 0 the root or never accessed. */
static uint8_t object_cgroup(const struct workload *wl, uint32_t o)
{
	for (uint32_t i = 0; i < wl->nr_ops; i++) {
		const struct wl_op *op = &wl->ops[i];
		if (op->object == o && (op->kind == WL_TOUCH || op->kind == WL_READ || op->kind == WL_WRITE ||
					op->kind == WL_RANDOM || op->kind == WL_TRACE))
			return op->memcg <= wl->nr_cgroups ? op->memcg : 0;
	}
	return 0;
}

/* Every object's colour and name after the title; the names shortened
 * alike when they do not all fit, so that no object is without a key.
 * With cgroups, the objects under the cgroup they are charged to, each
 * cgroup with its usage and limit ("db 256/256"), so that a page's
 * colour says whose it is; a cgroup's own view (m) keys its objects only. */
static void draw_object_key(const struct rect *r, int y, int x, const struct frame *f)
{
	const struct workload *wl = &f->app->sc->wl;
	int room = r->x + r->w - 1 - x, need = 0, namew = 1 << 20, nobj = 0;
	uint8_t only = owner(f), cg[256];
	bool groups = wl->nr_cgroups > 0 && wl->nr_objects <= sizeof cg;
	bool whose = groups && f->app->ui.cgroup_cells; /* M: each cgroup's letter before it */
	char label[64];

	if (!wl->nr_objects)
		return;
	for (uint32_t o = 0; groups && o < wl->nr_objects; o++)
		cg[o] = object_cgroup(wl, o);
	for (uint32_t o = 0; o < wl->nr_objects; o++)
		if (!groups || !only || cg[o] == only) {
			need += str_width(wl->objects[o].name) + 4;
			nobj++;
		}
	for (uint32_t c = 1; groups && !only && c <= wl->nr_cgroups; c++) {
		snprintf(label, sizeof label, " %s%s%s %llu/%llu", whose ? cgroup_letter(wl, c) : "",
			 whose ? "=" : "", wl->cgroups[c - 1].name,
			 (unsigned long long)engine_memcg_stat(f->e, c, MEMCG_USAGE),
			 (unsigned long long)engine_memcg_stat(f->e, c, MEMCG_LIMIT));
		room -= str_width(label);
	}
	if (need > room && nobj) { /* "  name " each: the longest name that lets them all in */
		namew = room / nobj - 4;
		if (namew < 1)
			namew = 1;
	}
	for (uint32_t c = 0; c <= (groups && !only ? wl->nr_cgroups : 0); c++) {
		if (groups && !only && c) {
			snprintf(label, sizeof label, " %s%s%s %llu/%llu", whose ? cgroup_letter(wl, c) : "",
				 whose ? "=" : "", wl->cgroups[c - 1].name,
				 (unsigned long long)engine_memcg_stat(f->e, c, MEMCG_USAGE),
				 (unsigned long long)engine_memcg_stat(f->e, c, MEMCG_LIMIT));
			x += draw_str(y, x, r->x + r->w - 1 - x, theme_attr(T_LABEL), label);
		}
		for (uint32_t o = 0; o < wl->nr_objects && x + 4 <= r->x + r->w - 1; o++) {
			int nw = str_width(wl->objects[o].name) < namew ? str_width(wl->objects[o].name)
									: namew;
			if (groups && (only ? cg[o] != only : cg[o] != c))
				continue;
			x += draw_str(y, x, 2, theme_object_bar(o), "  ");
			theme_note(N_BAR);
			x += draw_str(y, x, 1, theme_attr(T_NORMAL), " ");
			x += draw_str(y, x, nw, theme_attr(T_NORMAL), wl->objects[o].name);
			x += draw_str(y, x, 1, theme_attr(T_NORMAL), " ");
		}
	}
}

static void lists_draw(const struct rect *r, const struct frame *f, bool focused)
{
	struct marks m;
	struct geom g;
	struct cell *cell_buf;
	struct list_plan plan[NR_SHOWN];
	struct walk walks[2 * NR_SHOWN + 1];
	struct shared_pv pv = { 0 };
	char title[200], whose[96] = "";
	int y = r->y + 1, nw = 0, x;
	uint8_t k = owner(f);
	uint32_t used = 0;

	if (f->hits)
		f->hits->nr = 0, f->hits->nr_pages = 0;
	geometry(f, r->w, r->h, &g);
	find_marks(f, &m);
	if (k) { /* whose, and how full: memory.usage_in_bytes, limit, soft limit, failcnt */
		const struct wl_cgroup *cg = &f->app->sc->wl.cgroups[k - 1];
		char soft[40] = "";
		if (cg->soft_limit)
			snprintf(soft, sizeof soft, r->w >= 110 ? ", soft limit %u" : " soft %u",
				 cg->soft_limit);
		snprintf(whose, sizeof whose, "%s's %s %llu/%llu%s%s%s failcnt %llu", cg->name,
			 r->w >= 110 ? "pages" : "lists",
			 (unsigned long long)engine_memcg_stat(f->e, k, MEMCG_USAGE),
			 (unsigned long long)engine_memcg_stat(f->e, k, MEMCG_LIMIT),
			 r->w >= 110 ? " (limit)" : "", soft, r->w >= 110 ? "," : "",
			 (unsigned long long)engine_memcg_stat(f->e, k, MEMCG_FAILCNT));
	}
	if (k && r->w < 110) /* room for the key of its objects */
		snprintf(title, sizeof title, "%s, 1 cell = %u page%s", whose, g.k, g.k == 1 ? "" : "s");
	else if (k)
		snprintf(title, sizeof title, "%s: head %s tail, 1 cell = %u page%s", whose,
			 misc_glyph(G_ARROW), g.k, g.k == 1 ? "" : "s");
	else if (gen_panel(f) && r->w >= 110) /* 6.1: generations, and what their age counts */
		snprintf(title, sizeof title,
			 "Generations: head (newest) %s tail (oldest), 1 cell = %u page%s, age in steps",
			 misc_glyph(G_ARROW), g.k, g.k == 1 ? "" : "s");
	else if (gen_panel(f) && g.gen_short) /* no ages: the labels are the lists' width */
		snprintf(title, sizeof title, "youngest first, head %s tail, 1 cell = %u page%s",
			 misc_glyph(G_ARROW), g.k, g.k == 1 ? "" : "s");
	else if (gen_panel(f))
		snprintf(title, sizeof title, "head %s tail, 1 cell = %u page%s, age in steps",
			 misc_glyph(G_ARROW), g.k, g.k == 1 ? "" : "s");
	else if (g.elide)
		snprintf(title, sizeof title,
			 "LRU lists: head (newest) %s tail (oldest), 1 cell = %u pages, long lists %s",
			 misc_glyph(G_ARROW), g.k, misc_glyph(G_ELIDED));
	else if (f->app->sc->wl.nr_cgroups && r->w < 110) /* room for each cgroup's usage and limit */
		snprintf(title, sizeof title, "1 cell = %u page%s", g.k, g.k == 1 ? "" : "s");
	else if (r->w >= 110 && !f->app->sc->wl.nr_cgroups) /* with cgroups, room for their usage */
		snprintf(title, sizeof title,
			 "LRU lists: head (newest) %s tail (oldest), 1 cell = %u page%s%s",
			 misc_glyph(G_ARROW), g.k, g.k == 1 ? "" : "s",
			 g.k == 1 ? "" : " (the hottest shown)");
	else
		snprintf(title, sizeof title, "LRU lists: head %s tail, 1 cell = %u page%s",
			 misc_glyph(G_ARROW), g.k, g.k == 1 ? "" : "s");
	draw_title(r, title, focused);
	x = r->x + 4 + str_width(title) + 2;
	draw_object_key(r, r->y, x, f);
	/* where each list goes, then every list walked at once, then drawn */
	/* the cells of this draw (the hit map keeps their pages, not them) */
	if (!(cell_buf = calloc((size_t)r->h * (size_t)g.cpr + (size_t)g.cpr, sizeof *cell_buf)))
		return;
	for (int i = 0; i < g.n; i++) {
		struct list_plan *lp = &plan[i];
		*lp = (struct list_plan){ .l = g.l[i],
					  .y = y,
					  .rows = g.rows[i],
					  .grp = g.grp[i] ? g.grp[i] : 1,
					  .sl = &g.sl[i],
					  .cell = cell_buf + used };
		if (gen_panel(f) && !g.grp[i]) /* drawn in a younger generation's row */
			lp->rows = 0;
		else if (lp->grp > 1)
			nw += plan_group(f, &g, lp, g.l + i, walks + nw);
		else
			nw += plan_list(f, &g, lp, walks + nw);
		used += lp->cells;
		y += lp->rows;
	}
	if (g.pv_shared)
		nw += plan_shared_pagevec(r, f, &g, &plan[g.n - 1], &pv, walks + nw, cell_buf + used);
	walk_lists(f, walks, nw, &m);
	for (int i = 0; i < g.n; i++) {
		if (plan[i].elide)
			order_tail(&plan[i]);
		if (plan[i].rows)
			draw_list(r, f, &g, &plan[i], &m);
	}
	if (g.pv_shared && pv.rows)
		draw_shared_pagevec(f, &pv, &m);
	used += pv.lp.cells;
	if (y < r->y + r->h)
		draw_evicted(r, r->y + r->h - 1, f, &g, cell_buf + used);
	free(cell_buf);
}

const struct panel_ops panel_lists = {
	.name = "lists",
	.title = "LRU lists",
	.draw = lists_draw,
};
