/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_swap.c - the lru_add pagevec's drain (engine/swap.c)
 *
 * Each row adds pages read in, oldest first, to the pagevec (or 6.1's
 * batch) and drains it, by filling it or by lru_add_drain(); the lists
 * must then read as if each page, oldest first, had been added at the
 * head of its list one by one: the newest page at the head, the list's
 * old pages after the new ones, an mlocked page on the unevictable list,
 * and the counts (the list's, the object's active pages, the cgroup's,
 * what get_scan_ratio() weighs) as engine_check() and the row expect.  A
 * batch whose pages all wait for one list is spliced whole; of 6.1's
 * mixed one, the pages for the other lists (and any mlocked page) go one
 * by one and the rest are spliced; 2.6.34's pagevecs of several lists go
 * page by page: the rows take every way.
 */
#include "engine/filemap.h"
#include "engine/internal.h"
#include "engine/swap.h"
#include "harness.h"
#include "policy/registry.h"

#define MAX_NEW 15 /* FOLIO_BATCH_SIZE_61 */

struct row {
	const char *sentence;
	const char *policy;
	bool memcg;	  /* every page charged to cgroup 1 */
	bool active;	  /* the new pages wait for the active file list */
	unsigned old;	  /* pages already on that list */
	unsigned nr;	  /* new pages, the drain's */
	unsigned mlocked; /* bit k: new page k mlocked while it waits */
	int other;	  /* the new page that waits for the other file list, or -1 */
	bool fills;	  /* the last page fills the pagevec: no lru_add_drain() */
};

static const struct row rows[] = {
	{ "6.1: a batch of inactive file pages, drained by lru_add_drain(), joins an empty list", "6.1",
	  false, false, 0, 5, 0, -1, false },
	{ "6.1: the fifteenth page fills the batch, which joins the head of the inactive file list", "6.1",
	  false, false, 3, 15, 0, -1, true },
	{ "6.1: a batch for the active file list sets PG_active and the object's active count", "6.1", false,
	  true, 2, 15, 0, -1, true },
	{ "6.1: an mlocked page in the batch goes to the unevictable list, the others are spliced", "6.1",
	  false, false, 4, 15, 1u << 6, -1, true },
	{ "6.1: the batch's oldest and newest page mlocked while they wait", "6.1", false, false, 1, 7,
	  1u << 0 | 1u << 6, -1, false },
	{ "6.1: a batch of pages charged to a cgroup counts on its lists and its reclaim stat", "6.1", true,
	  true, 1, 15, 1u << 3, -1, true },
	{ "6.1: a mixed batch, one page for the active list: it joins that list alone, the rest are spliced",
	  "6.1", false, false, 2, 15, 1u << 2, 8, true },
	{ "6.1: a mixed batch whose page for the other list and one of the rest are mlocked: both culled in "
	  "order",
	  "6.1", false, false, 2, 15, 1u << 3 | 1u << 8, 8, true },
	{ "6.1: a mixed batch of active file pages and one inactive, drained by lru_add_drain()", "6.1",
	  false, true, 3, 9, 0, 5, false },
	{ "2.6.34: the fourteenth page fills the inactive file pagevec, which joins its list", "2.6.34",
	  false, false, 5, 14, 0, -1, true },
	{ "2.6.34: lru_add_drain() of the active file pagevec, a cgroup's pages", "2.6.34", true, true, 3, 9,
	  0, -1, false },
	{ "2.6.34: a cgroup's page mlocked while the pagevec fills", "2.6.34", true, false, 0, 14, 1u << 12,
	  -1, true },
	{ "2.6.34: lru_add_drain() of two pagevecs, the inactive and the active file one", "2.6.34", false,
	  false, 2, 10, 1u << 9, 4, false },
};

static struct object_spec objs[] = { { "file", OBJ_FILE, false, 256 } };
static const struct wl_cgroup cgroup = { "cg", 512, 0, 60 };
static const struct wl_op op_root = { .kind = WL_PAUSE, .caption = UINT32_MAX };
static const struct wl_op op_cg = { .kind = WL_PAUSE, .caption = UINT32_MAX, .memcg = 1 };

static struct workload workload(bool memcg)
{
	struct workload wl = {
		.memory = { .pages = 1024, .swap_pages = 0, .swappiness = 60, .writeback_steps = 4 },
		.objects = objs,
		.nr_objects = 1,
		.ops = memcg ? &op_cg : &op_root,
		.nr_ops = 1,
	};
	if (memcg) {
		wl.cgroups = &cgroup;
		wl.nr_cgroups = 1;
	}
	return wl;
}

/* Page @index of the file, read in (page_cache_alloc(), which charges the
 * task's cgroup), then waiting in the pagevec of list @l. */
static uint32_t add_page(struct engine *e, uint32_t index, enum lru_list l)
{
	uint32_t old, pfn = page_cache_alloc(e, 0, index, page_slot(e, 0, index), &old);

	lru_cache_add(e, pfn, l);
	return pfn;
}

/* Do the @n pages of list @l, head first, read @want? */
static bool list_is(const struct engine *e, enum lru_list l, const uint32_t *want, unsigned n)
{
	uint32_t pfn = e->c.lists[l].head;

	for (unsigned i = 0; i < n; i++, pfn = e->pages[pfn].next)
		if (pfn != want[i])
			return false;
	return pfn == PFN_NONE && e->c.lists[l].nr == n;
}

static void test_drain_rows(void)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		const struct row *r = &rows[i];
		const struct reclaim_policy *pol = policy_find(r->policy);
		struct workload wl = workload(r->memcg);
		struct engine_error err;
		struct engine *e = pol ? engine_new(&wl, pol, &err) : NULL;
		enum lru_list l = r->active ? LRU_ACTIVE_FILE : LRU_INACTIVE_FILE;
		enum lru_list o = r->active ? LRU_INACTIVE_FILE : LRU_ACTIVE_FILE;
		/* the lists as the page-by-page drain leaves them, head first */
		uint32_t want[MAX_NEW + 8], want_other[MAX_NEW], want_unevictable[MAX_NEW];
		unsigned nw = 0, no = 0, nu = 0, joined;
		uint32_t old[8], pfns[MAX_NEW];
		uint64_t scanned, rotated, cg_scanned = 0;
		char why[160];

		CHECKF(e != NULL, "%s: no engine", r->sentence);
		if (!e) {
			ROW_END();
			continue;
		}
		for (unsigned k = 0; k < r->old; k++)
			old[k] = add_page(e, 200 + k, l);
		lru_add_drain(e);
		scanned = e->c.recent_scanned[1];
		rotated = e->c.recent_rotated[1];
		if (r->memcg)
			cg_scanned = e->c.memcg[0].recent_scanned[1];
		for (unsigned k = 0; k < r->nr; k++) {
			pfns[k] = add_page(e, k, (int)k == r->other ? o : l);
			if (r->mlocked >> k & 1) /* while it waits */
				page_set(&e->pages[pfns[k]], PG_mlocked);
		}
		if (!r->fills)
			lru_add_drain(e);
		for (unsigned k = r->nr; k-- > 0;) {
			bool mlocked = PageMlocked(&e->pages[pfns[k]]);

			if (mlocked)
				want_unevictable[nu++] = pfns[k];
			else if ((int)k == r->other)
				want_other[no++] = pfns[k];
			else
				want[nw++] = pfns[k];
		}
		joined = nw;
		for (unsigned k = r->old; k-- > 0;)
			want[nw++] = old[k];
		CHECKF(e->c.lists[LRU_PAGEVEC].nr == 0 && e->c.pvec_nr[l] == 0 && e->c.pvec_nr[o] == 0,
		       "%s: the pagevec is not empty", r->sentence);
		CHECKF(list_is(e, l, want, nw), "%s: the list's pages or their order", r->sentence);
		CHECKF(list_is(e, o, want_other, no), "%s: the other list's pages or their order",
		       r->sentence);
		CHECKF(list_is(e, LRU_UNEVICTABLE, want_unevictable, nu), "%s: the unevictable list",
		       r->sentence);
		CHECKF(e->obj[0].active == (r->active ? nw : no), "%s: the object's active pages: %u",
		       r->sentence, e->obj[0].active);
		CHECK_EQ_U(e->c.recent_scanned[1] - scanned, joined + no);
		CHECK_EQ_U(e->c.recent_rotated[1] - rotated, r->active ? joined : no);
		if (r->memcg) {
			CHECK_EQ_U(e->c.memcg[0].recent_scanned[1] - cg_scanned, joined + no);
			CHECK_EQ_U(e->c.memcg[0].count[LRU_UNEVICTABLE], nu);
		}
		for (unsigned k = 0; k < nu; k++)
			CHECKF(PageUnevictable(&e->pages[want_unevictable[k]]), "%s: not PG_unevictable",
			       r->sentence);
		CHECKF(engine_check(e, why, sizeof why) == 0, "%s: %s", r->sentence, why);
		engine_free(e);
		ROW_END();
	}
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN_TABLE(test_drain_rows);
	return HARNESS_END("swap");
}
