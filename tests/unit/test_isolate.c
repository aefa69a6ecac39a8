/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_isolate.c - a batch's isolation from the walk's record
 * (engine/vmscan.c isolate_tail(), scan_ahead_step())
 *
 * While kswapd examines a batch, each step walks one page up the list the
 * batch came from and records it; the next batch of that list takes its
 * pages from the record, each checked against the link of the one below.
 * Each row lets a first batch run, so that the record is there, then
 * changes the list between the two batches as the workload could (a page
 * of the recorded stretch activated, the tail itself, two pages) and
 * checks that the second batch holds the list's true tail pages, oldest
 * first, whatever the record said.
 */
#include "engine/filemap.h"
#include "engine/internal.h"
#include "engine/swap.h"
#include "engine/vmscan.h"
#include "harness.h"
#include "policy/registry.h"

#define PAGES 2048 /* the zone; the file fills all but a few */
#define FILE  2040
#define BATCH SWAP_CLUSTER_MAX

struct row {
	const char *sentence;
	int activate[2]; /* pages above the tail activated between the batches, -1: none */
};

static const struct row rows[] = {
	{ "nothing changed: the second batch is the recorded stretch", { -1, -1 } },
	{ "the fifth page above the tail activated: the batch skips it and goes on by the links", { 5, -1 } },
	{ "the tail page activated: the record is not used", { 0, -1 } },
	{ "two pages of the stretch activated, the second and the last the walk reached", { 2, BATCH - 1 } },
	{ "the page just past the recorded stretch activated: the batch follows the links there",
	  { BATCH, -1 } },
};

static struct object_spec objs[] = { { "file", OBJ_FILE, false, FILE } };
static const struct wl_op op = { .kind = WL_PAUSE, .caption = UINT32_MAX };

/* the @k-th page above the tail of list @l, or PFN_NONE */
static uint32_t above_tail(const struct engine *e, enum lru_list l, int k)
{
	uint32_t pfn = e->c.lists[l].tail;

	while (k-- > 0 && pfn != PFN_NONE)
		pfn = e->pages[pfn].prev;
	return pfn;
}

/* Steps kswapd until the isolated batch is empty again after one was
 * taken; false if reclaim ended first. */
static bool finish_a_batch(struct engine *e, const struct reclaim_policy *pol)
{
	bool began = false;

	for (int i = 0; i < 100000; i++) {
		if (!reclaim_step(e, NULL, pol->check_references))
			return false;
		if (e->c.lists[LRU_ISOLATED].nr)
			began = true;
		else if (began)
			return true;
	}
	return false;
}

static void test_isolate_rows(void)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		const struct row *r = &rows[i];
		const struct reclaim_policy *pol = policy_find("2.6.34");
		struct workload wl = {
			.memory = { .pages = PAGES,
				    .swap_pages = 0,
				    .swappiness = 60,
				    .writeback_steps = 4,
				    .kswapd = true },
			.objects = objs,
			.nr_objects = 1,
			.ops = &op,
			.nr_ops = 1,
		};
		struct engine_error err;
		struct engine *e = pol ? engine_new(&wl, pol, &err) : NULL;
		uint32_t want[BATCH], old;
		unsigned nw = 0;
		uint32_t pfn;

		CHECKF(e != NULL, "%s: no engine", r->sentence);
		if (!e) {
			ROW_END();
			continue;
		}
		for (uint32_t k = 0; k < FILE; k++)
			lru_cache_add(e, page_cache_alloc(e, 0, k, page_slot(e, 0, k), &old),
				      LRU_INACTIVE_FILE);
		lru_add_drain(e);
		kswapd_run_for(e, 0);
		CHECKF(finish_a_batch(e, pol), "%s: kswapd took no batch", r->sentence);
		/* the walk recorded the stretch above the new tail */
		CHECKF(e->scan_ahead_list == LRU_INACTIVE_FILE && e->scan_ahead_nr == BATCH + 1 &&
			       e->scan_ahead[0] == e->c.lists[LRU_INACTIVE_FILE].tail,
		       "%s: no record of the walk (list %u, %u pages)", r->sentence, e->scan_ahead_list,
		       e->scan_ahead_nr);
		/* mark_page_accessed() twice: PG_referenced, then the active list */
		uint32_t gone[2];
		for (int k = 0; k < 2; k++)
			gone[k] = r->activate[k] < 0 ? PFN_NONE
						     : above_tail(e, LRU_INACTIVE_FILE, r->activate[k]);
		for (int k = 0; k < 2; k++) {
			if (gone[k] == PFN_NONE)
				continue;
			mark_page_accessed(e, &e->pages[gone[k]], NULL);
			mark_page_accessed(e, &e->pages[gone[k]], NULL);
			CHECKF(e->pages[gone[k]].lru == LRU_ACTIVE_FILE, "%s: page %u not activated",
			       r->sentence, gone[k]);
		}
		for (pfn = e->c.lists[LRU_INACTIVE_FILE].tail; pfn != PFN_NONE && nw < BATCH;
		     pfn = e->pages[pfn].prev)
			want[nw++] = pfn;
		/* the step that takes the next batch also examines its first
		 * page, which leaves the batch */
		CHECKF(reclaim_step(e, NULL, pol->check_references), "%s: reclaim ended", r->sentence);
		CHECKF(e->c.lists[LRU_ISOLATED].nr == nw - 1, "%s: %u pages isolated, not %u", r->sentence,
		       e->c.lists[LRU_ISOLATED].nr, nw - 1);
		CHECKF(e->pages[want[0]].lru != LRU_INACTIVE_FILE && e->pages[want[0]].lru != LRU_ISOLATED,
		       "%s: the tail page was not the batch's first", r->sentence);
		pfn = e->c.lists[LRU_ISOLATED].tail;
		for (unsigned k = 1; k < nw; k++, pfn = pfn == PFN_NONE ? pfn : e->pages[pfn].prev)
			CHECKF(pfn == want[k], "%s: isolated page %u is %u, not %u", r->sentence, k, pfn,
			       want[k]);
		CHECKF(pfn == PFN_NONE, "%s: the batch holds more pages", r->sentence);
		char why[160];
		CHECKF(engine_check(e, why, sizeof why) == 0, "%s: %s", r->sentence, why);
		engine_free(e);
		ROW_END();
	}
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN_TABLE(test_isolate_rows);
	return HARNESS_END("isolate");
}
