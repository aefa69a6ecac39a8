/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/check.c - the invariants, the simulator's VM_BUG_ON
 *
 * O(pages + slots): the tests call it after every step; the headless front
 * end after every step under --check.
 */
#include <string.h>

#include "lru_gen.h"

static int fail(char *why, size_t n, const char *msg)
{
	if (n) {
		size_t len = strlen(msg);
		if (len >= n)
			len = n - 1;
		memcpy(why, msg, len);
		why[len] = '\0';
	}
	return -1;
}

/* Each cgroup's usage, cache, rss, mapped_file and list counts against
 * its pages (O(cgroups x pages)), and no usage above the limit. */
static int check_memcg(const struct engine *e, char *why, size_t n)
{
	for (uint32_t k = 1; k <= e->wl->nr_cgroups; k++) {
		const struct mem_cgroup *mc = &e->c.memcg[k - 1];
		uint32_t usage = 0, anon = 0, mapped = 0, count[NR_EVICTABLE_LRU + 1] = { 0 };

		for (uint32_t pfn = 0; pfn < e->nr_pages; pfn++) {
			const struct page *p = &e->pages[pfn];
			if (p->memcg != k)
				continue;
			if (p->lru == LRU_FREE || p->lru == LRU_KERNEL)
				return fail(why, n, "a free or kernel page is charged to a cgroup");
			usage++;
			anon += e->wl->objects[p->object].type == OBJ_ANON;
			mapped += page_mapped(p) && page_is_file_cache(p);
			if (p->lru <= LRU_UNEVICTABLE)
				count[p->lru]++;
		}
		if (usage != mc->usage || anon != mc->rss || usage - anon != mc->cache)
			return fail(why, n, "a cgroup's usage, rss or cache disagrees with its pages");
		if (mapped != mc->mapped_file)
			return fail(why, n, "a cgroup's mapped_file disagrees with its pages");
		if (memcmp(count, mc->count, sizeof count) != 0)
			return fail(why, n, "a cgroup's list counts disagree with its pages");
		if (mc->usage > mc->limit)
			return fail(why, n, "a cgroup's usage is above its limit");
		if (mc->usage > mc->max_usage || mc->pgpgin - mc->pgpgout != mc->usage)
			return fail(why, n, "a cgroup's max_usage or pgpgin - pgpgout disagrees with usage");
	}
	for (uint32_t pfn = 0; pfn < e->nr_pages; pfn++)
		if (e->pages[pfn].memcg > e->wl->nr_cgroups)
			return fail(why, n, "a page is charged to a cgroup that does not exist");
	return 0;
}

/* The seq in [min_seq[type], max_seq] whose generation is @gen, or
 * UINT64_MAX: the generation is not live. */
static uint64_t seq_of(const struct lru_gen_state *lg, unsigned gen, unsigned type)
{
	for (uint64_t seq = lg->min_seq[type]; seq <= lg->max_seq; seq++)
		if (lru_gen_from_seq(seq) == gen)
			return seq;
	return UINT64_MAX;
}

/* With the two lists, the multi-gen LRU's lists and bits must be unused. */
static int lru_gen_unused(const struct engine *e, char *why, size_t n)
{
	for (uint32_t pfn = 0; pfn < e->nr_pages; pfn++) {
		const struct page *p = &e->pages[pfn];

		/* PG_workingset is 6.1's on the two lists too */
		unsigned bits = LRU_REFS_MASK | (policy_has(e, CAP_WORKINGSET_61) ? 0u : 1u << PG_workingset);

		if (folio_gen_counter(p) || is_lru_gen_list(p->lru) || (p->flags & bits))
			return fail(why, n, "a multi-gen LRU list or bit is in use under the two lists");
	}
	return 0;
}

/* The multi-gen LRU's invariants (6.1 seq_is_valid(), the gen counters,
 * the sizes). */
static int lru_gen_check(const struct engine *e, char *why, size_t n)
{
	const struct lru_gen_state *lg = &e->c.lg;
	int64_t count[MAX_NR_GENS][2] = { { 0 } };

	for (uint32_t pfn = 0; pfn < e->nr_pages; pfn++) {
		const struct page *p = &e->pages[pfn];
		unsigned counter = folio_gen_counter(p), type = page_is_file_cache(p);

		if (p->lru < LRU_UNEVICTABLE)
			return fail(why, n, "a page is on a two-list LRU under the multi-gen LRU");
		if (!is_lru_gen_list(p->lru)) {
			if (counter)
				return fail(why, n, "a page off the generations' lists has a gen counter");
			continue;
		}
		unsigned phys = (unsigned)(p->lru - LRU_GEN_FIRST) / 2;
		uint64_t pseq = seq_of(lg, phys, type),
			 lseq = counter ? seq_of(lg, counter - 1, type) : UINT64_MAX;
		if ((unsigned)(p->lru - LRU_GEN_FIRST) % 2 != type || PageActive(p))
			return fail(why, n,
				    "a page's type or PG_active disagrees with its generation's list");
		/* lazy sorting: a page's list is never younger than its gen
		 * counter, but for anon pages left behind when inc_min_seq()
		 * moves min_seq[anon] on without swap (6.1's accepted
		 * cold/hot inversion, mm/vmscan.c:4334) */
		if (!counter || pseq == UINT64_MAX || lseq == UINT64_MAX || (type && pseq > lseq))
			return fail(why, n,
				    "a page's gen counter or list is not a live generation, or is older than "
				    "its list");
		count[counter - 1][type]++;
	}
	/* 6.1 seq_is_valid(): 2 <= file's generations <= anon's <= 4 */
	uint64_t nf = lg->max_seq - lg->min_seq[1] + 1, na = lg->max_seq - lg->min_seq[0] + 1;
	if (lg->min_seq[0] > lg->max_seq || lg->min_seq[1] > lg->max_seq || nf < MIN_NR_GENS || nf > na ||
	    na > MAX_NR_GENS)
		return fail(why, n, "the generations are not 2 <= file <= anon <= 4");
	for (unsigned g = 0; g < MAX_NR_GENS; g++)
		for (unsigned t = 0; t < 2; t++)
			if (count[g][t] != lg->nr_pages[g][t])
				return fail(why, n,
					    "a generation's size disagrees with its pages' gen counters");
	return 0;
}

int engine_check(const struct engine *e, char *why, size_t n)
{
	uint64_t total = 0, sum;
	uint32_t resident = 0, mapped_file = 0, waiting[NR_EVICTABLE_LRU] = { 0 };

	for (int l = 0; l < NR_LISTS; l++) {
		const struct lru_head *h = &e->c.lists[l];
		uint32_t count = 0, prev = PFN_NONE;

		for (uint32_t pfn = h->head; pfn != PFN_NONE; pfn = e->pages[pfn].next) {
			const struct page *p = &e->pages[pfn];
			if (p->lru != l)
				return fail(why, n,
					    "a page's lru field disagrees with the list it is linked on");
			if (p->prev != prev)
				return fail(why, n, "a list's back link is broken");
			if (++count > e->nr_pages)
				return fail(why, n, "a list has a cycle");
			if (l < LRU_UNEVICTABLE &&
			    (PageActive(p) != is_active_lru(l) || page_is_file_cache(p) != is_file_lru(l)))
				return fail(why, n, "a page's PG_active or type disagrees with its list");
			if (l == LRU_UNEVICTABLE && !PageMlocked(p))
				return fail(why, n, "a page on the unevictable list is not mlocked");
			if (l < LRU_UNEVICTABLE && PageMlocked(p))
				return fail(why, n, "an mlocked page is on an evictable list");
			if (l == LRU_PAGEVEC) {
				if (p->pvec_lru >= NR_EVICTABLE_LRU || PageActive(p) ||
				    page_is_file_cache(p) != is_file_lru(p->pvec_lru))
					return fail(why, n,
						    "a page in the pagevec waits for a list it cannot join");
				waiting[p->pvec_lru]++;
			}
			prev = pfn;
		}
		if (count != h->nr || prev != h->tail)
			return fail(why, n, "a list's count or tail is wrong");
		total += count;
	}
	if (total != e->nr_pages)
		return fail(why, n, "the lists do not add up to the zone's pages");
	for (int l = 0; l < NR_EVICTABLE_LRU; l++)
		if (waiting[l] != e->c.pvec_nr[l] ||
		    (waiting[l] >= PAGEVEC_SIZE && !policy_has(e, CAP_LRU_ADD_61)))
			return fail(why, n, "a pagevec's count is wrong, or it is full and not drained");
	if (policy_has(e, CAP_LRU_ADD_61) && e->c.lists[LRU_PAGEVEC].nr >= FOLIO_BATCH_SIZE_61)
		return fail(why, n, "6.1's lru_add batch is full and not drained");
	if (e->c.lists[LRU_ISOLATED].nr && e->c.rs.stage != RS_BATCH && e->c.rs.stage != RS_LRU_GEN_SCAN)
		return fail(why, n, "pages are isolated outside a reclaim batch");
	if ((lru_gen_enabled(e) ? lru_gen_check : lru_gen_unused)(e, why, n) < 0)
		return -1;

	for (uint32_t pfn = 0; pfn < e->nr_pages; pfn++) {
		const struct page *p = &e->pages[pfn];
		if (p->lru == LRU_FREE || p->lru == LRU_KERNEL)
			continue;
		if (p->object >= e->wl->nr_objects || p->index >= e->wl->objects[p->object].pages)
			return fail(why, n, "a page in use belongs to no object");
		if (e->slots[e->obj[p->object].slot_base + p->index] != slot_make(SLOT_PAGE, pfn))
			return fail(why, n, "a page's page-cache slot does not point back at it");
		if ((p->young | p->pte_dirty) & ~p->mapped)
			return fail(why, n, "a pte bit is set for a mapping that does not map the page");
		if (page_mapped(p) && page_is_file_cache(p))
			mapped_file++;
		resident++;
	}
	if (mapped_file != e->c.nr_mapped_file)
		return fail(why, n, "nr_mapped_file disagrees with the pages");

	/* per-object counts, from the pages (O(pages), not O(object pages));
	 * with every page's slot pointing back, equal counts also mean no
	 * slot points at a page that is not its own */
	memset(e->check_counts, 0, (size_t)e->wl->nr_objects * CHECK_COUNTS * sizeof *e->check_counts);
	for (uint32_t pfn = 0; pfn < e->nr_pages; pfn++) {
		const struct page *p = &e->pages[pfn];
		uint32_t *c = &e->check_counts[(size_t)CHECK_COUNTS * p->object];

		if (p->lru == LRU_FREE || p->lru == LRU_KERNEL)
			continue;
		c[0]++;
		c[1] += is_active_lru(p->lru);
		if (folio_gen_counter(p))
			c[2 + folio_gen_counter(p) - 1]++;
	}
	sum = 0;
	for (uint32_t o = 0; o < e->wl->nr_objects; o++) {
		const uint32_t *c = &e->check_counts[(size_t)CHECK_COUNTS * o];

		if (c[0] != e->obj[o].resident || c[1] != e->obj[o].active)
			return fail(why, n, "an object's resident or active count is wrong");
		if (memcmp(&c[2], e->obj[o].gen_pages, sizeof e->obj[o].gen_pages) != 0)
			return fail(why, n, "an object's count of a generation's pages is wrong");
		sum += c[0];
	}
	if (sum != resident || nr_free_pages(e) + resident + e->c.lists[LRU_KERNEL].nr != e->nr_pages)
		return fail(why, n, "free + resident + kernel pages do not equal memory");
	if (e->c.swap_free > e->wl->memory.swap_pages)
		return fail(why, n, "more swap is free than exists");

	/* counters against decisions: every freed page was a reclaim decision */
	if (e->c.vm[PGSTEAL] > e->c.decisions[OUT_RECLAIM] + e->c.decisions[OUT_RECLAIM_CLEAN])
		return fail(why, n, "pgsteal exceeds the reclaim decisions");
	if (e->c.vm[PGROTATED] != e->c.decisions[OUT_ROTATE_TAIL])
		return fail(why, n, "pgrotated disagrees with the rotate_tail decisions");
	if (e->c.vm[SIM_KEEP] > e->c.decisions[OUT_KEEP])
		return fail(why, n, "PAGEREF_KEEP count exceeds the keep decisions");
	if (e->c.vm[PGDEACTIVATE] < e->c.decisions[OUT_DEACTIVATE])
		return fail(why, n, "pgdeactivate is below the deactivate decisions");
	return e->wl->nr_cgroups ? check_memcg(e, why, n) : 0;
}
