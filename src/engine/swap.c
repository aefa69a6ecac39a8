/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/swap.c - adding pages to the lists and promoting them (mm/swap.c)
 *
 * lru_cache_add() is where every new page enters: it waits in the per-CPU
 * pagevec of its list (PAGEVEC_SIZE pages) and reaches the head of that
 * list when the pagevec fills or is drained (lru_add_drain(), at the start
 * of shrink_inactive_list() and shrink_active_list(), munmap, mlock and
 * swap-in).  mark_page_accessed() is the two-step rule for pages the kernel
 * sees being used (read(), write(), unmap of a young pte): the first call
 * sets PG_referenced, the second activates, through activate_page(), but
 * only a page already on its list: one still in the pagevec keeps its mark.
 *
 * One CPU: the workload and reclaim (kswapd included) share the pagevecs,
 * so reclaim's drain empties the workload's.
 *
 * With CAP_LRU_ADD_61 (the policy 6.1): one lru_add batch of 15 pages for
 * every list (6.1 cpu_fbatches.lru_add, PAGEVEC_SIZE 15), drained whole
 * when full, and a second mark_page_accessed() of a page still waiting
 * in it marks it active there (3.12, __lru_cache_activate_folio()): it
 * joins the active list when the batch drains.
 */
#include "list.h"
#include "lru_gen.h"
#include "swap.h"

/* 2.6.34 update_page_reclaim_stat(): what get_scan_ratio() later weighs. */
static void update_page_reclaim_stat(struct engine *e, const struct page *page, bool file, bool rotated)
{
	e->c.recent_scanned[file]++;
	if (rotated)
		e->c.recent_rotated[file]++;
	/* the page's cgroup's too (2.6.34 mm/swap.c:155-173) */
	if (page->memcg) {
		struct mem_cgroup *mc = &e->c.memcg[page->memcg - 1];
		mc->recent_scanned[file]++;
		if (rotated)
			mc->recent_rotated[file]++;
	}
}

/* 2.6.34 ____pagevec_lru_add(): a waiting page joins the head of its list,
 * PageLRU from now on; what get_scan_ratio() weighs counts it now. */
static void pagevec_lru_add_page(struct engine *e, uint32_t pfn)
{
	struct page *page = &e->pages[pfn];
	enum lru_list l = (enum lru_list)page->pvec_lru;

	list_del_from(e, pfn, LRU_PAGEVEC);
	page->pvec_lru = 0;
	e->c.pvec_nr[l]--;
	if (PageMlocked(page)) {
		/* mlocked while it waited: shrink_page_list() would cull it
		 * at once (cull_mlocked); the engine keeps no mlocked page on
		 * an evictable list */
		page_set(page, PG_unevictable);
		list_add_head(e, pfn, LRU_UNEVICTABLE);
		return;
	}
	if (is_active_lru(l))
		page_set(page, PG_active);
	list_add_head(e, pfn, l);
	update_page_reclaim_stat(e, page, is_file_lru(l), is_active_lru(l));
}

/* pagevec_lru_add_page() of an mlocked page met by pagevec_drain_whole():
 * rare, so out of its loop. */
static ENGINE_COLD void pagevec_cull_mlocked(struct engine *e, uint32_t pfn)
{
	list_del_from(e, pfn, LRU_PAGEVEC);
	page_set(&e->pages[pfn], PG_unevictable);
	list_add_head(e, pfn, LRU_UNEVICTABLE);
}

/* pagevec_lru_add_page() of every waiting page, all of them waiting for
 * list @l: an mlocked one is taken out on the way, and the rest, whose
 * links already are in the order that adding them one by one would give,
 * join the head of @l in one splice. */
ENGINE_HOT void pagevec_drain_whole(struct engine *e, enum lru_list l)
{
	bool active = is_active_lru(l), file = is_file_lru(l);
	uint32_t pfn = e->c.lists[LRU_PAGEVEC].tail, nr = 0;

	while (pfn != PFN_NONE) {
		struct page *page = &e->pages[pfn];
		uint32_t newer = page->prev;

		page->pvec_lru = 0;
		if (PageMlocked(page)) {
			pagevec_cull_mlocked(e, pfn);
			pfn = newer;
			continue;
		}
		page->lru = (uint8_t)l;
		if (active) {
			page_set(page, PG_active);
			if (page->object != OBJECT_KERNEL)
				e->obj[page->object].active++;
		}
		if (page->memcg) {
			struct mem_cgroup *mc = &e->c.memcg[page->memcg - 1];

			mc->count[l]++;
			mc->recent_scanned[file]++;
			if (active)
				mc->recent_rotated[file]++;
		}
		nr++;
		pfn = newer;
	}
	e->c.pvec_nr[l] = 0;
	e->c.recent_scanned[file] += nr;
	if (active)
		e->c.recent_rotated[file] += nr;
	list_splice_head(e, LRU_PAGEVEC, l);
}

/* The pagevec of list @l (@all: every list's) reaches the lists, oldest
 * page first, as the kernel walks a pagevec: at most 4 * PAGEVEC_SIZE
 * pages, so O(1).  Once a pagevec's worth of faults: out of their loop
 * (trace_run()), which it would crowd. */
static ENGINE_COLD void pagevec_drain(struct engine *e, int l, bool all)
{
	uint32_t pfn = e->c.lists[LRU_PAGEVEC].tail;

	if (all) {
		/* every list's pages (6.1's one batch, or lru_add_drain() of
		 * 2.6.34's pagevecs): those of all but the list with the most,
		 * and any mlocked page, join their lists one by one in the
		 * batch's order, the rest in one splice below; lists apart,
		 * each one's order is what adding every page in turn gives */
		for (int k = 0; k < NR_EVICTABLE_LRU; k++)
			if (e->c.pvec_nr[k] > e->c.pvec_nr[l])
				l = k;
		while (e->c.pvec_nr[l] != e->c.lists[LRU_PAGEVEC].nr && pfn != PFN_NONE) {
			uint32_t newer = e->pages[pfn].prev;

			if (e->pages[pfn].pvec_lru != l || PageMlocked(&e->pages[pfn]))
				pagevec_lru_add_page(e, pfn);
			pfn = newer;
		}
	}
	if (e->c.pvec_nr[l] == e->c.lists[LRU_PAGEVEC].nr) {
		/* the faults' list as a constant: its tests fold away */
		if (l == LRU_INACTIVE_FILE)
			pagevec_drain_whole(e, LRU_INACTIVE_FILE);
		else
			pagevec_drain_whole(e, (enum lru_list)l);
		return;
	}
	/* one list's pagevec among the others' (2.6.34's, filled) */
	while (pfn != PFN_NONE) {
		uint32_t newer = e->pages[pfn].prev;

		if (e->pages[pfn].pvec_lru == l)
			pagevec_lru_add_page(e, pfn);
		pfn = newer;
	}
}

/* 2.6.34 lru_add_drain(): every pagevec of the CPU to its list. */
void lru_add_drain(struct engine *e)
{
	if (e->c.lists[LRU_PAGEVEC].nr)
		pagevec_drain(e, 0, true);
}

/* 2.6.34 __lru_cache_add(): a new page waits in the pagevec of list @l;
 * the page that fills it takes them all to the list.  An mlocked page goes
 * straight to the unevictable list (add_page_to_unevictable_list()). */
void lru_cache_add(struct engine *e, uint32_t pfn, enum lru_list l)
{
	struct page *page = &e->pages[pfn];

	if (l == LRU_UNEVICTABLE) {
		page_set(page, PG_unevictable);
		page_clear(page, PG_active);
		list_add_head(e, pfn, l);
		return;
	}
	/* 6.1 lru_add_fn() -> lru_gen_add_folio(): the generation comes from
	 * PG_active, which folio_add_lru() set for a fault (no lru_add
	 * batch under the multi-gen LRU: lru_gen.c) */
	if (lru_gen_add_folio(e, pfn, false))
		return;
	page->pvec_lru = (uint8_t)l;
	list_add_head(e, pfn, LRU_PAGEVEC);
	++e->c.pvec_nr[l];
	/* 6.1 mm/swap.c:534 folio_add_lru(): one batch, moved whole to the
	 * lists when full (folio_batch_add_and_move()) */
	if (policy_has(e, CAP_LRU_ADD_61)) {
		if (e->c.lists[LRU_PAGEVEC].nr == FOLIO_BATCH_SIZE_61)
			pagevec_drain(e, 0, true);
	} else if (e->c.pvec_nr[l] == PAGEVEC_SIZE) {
		pagevec_drain(e, l, false);
	}
}

/* 6.1 mm/swap.c:298 lru_note_cost(): halved, both, once they add up to
 * more than a quarter of the lists ("a floating average") */
void lru_note_cost(struct engine *e, bool file, uint32_t nr_pages)
{
	uint64_t lrusize = 0;

	e->c.lru_cost[file] += nr_pages;
	for (int l = 0; l < NR_EVICTABLE_LRU; l++)
		lrusize += zone_lru_pages(e, l);
	if (e->c.lru_cost[0] + e->c.lru_cost[1] > lrusize / 4) {
		e->c.lru_cost[0] /= 2;
		e->c.lru_cost[1] /= 2;
	}
}

/* 6.1 mm/swap.c:401 __lru_cache_activate_folio(): a page waiting in the
 * batch is marked active there; no pgactivate (lru_add_fn() counts none) */
static void lru_cache_activate_page(struct engine *e, struct page *page)
{
	enum lru_list l = (enum lru_list)page->pvec_lru;

	if (is_active_lru(l) || l == LRU_UNEVICTABLE)
		return;
	e->c.pvec_nr[l]--;
	page->pvec_lru = (uint8_t)(l + LRU_ACTIVE_ANON);
	e->c.pvec_nr[l + LRU_ACTIVE_ANON]++;
}

/* 2.6.34 activate_page(): inactive to the head of the active list. */
static void activate_page(struct engine *e, struct page *page)
{
	if (!PageLRU(page) || PageActive(page) || PageUnevictable(page))
		return;
	page_set(page, PG_active);
	list_move_head(e, page_to_pfn(e, page), (enum lru_list)page_lru_base(page));
	count_vm_event(e, PGACTIVATE);
	update_page_reclaim_stat(e, page, page_is_file_cache(page), true);
	if (e->policy->on_activate)
		e->policy->on_activate(e, page);
}

/* 2.6.34 mark_page_accessed(): inactive,unreferenced -> inactive,referenced
 * -> active,unreferenced -> active,referenced.  Returns the branch that
 * fired; @r (may be NULL) gets it too.  Whether PG_referenced was already
 * set is as random as the workload, so the common case does not branch
 * on it: the mark is set either way (make bench). */
enum branch mark_page_accessed(struct engine *e, struct page *page, struct step_record *r)
{
	const uint16_t ref = 1u << PG_referenced, active = 1u << PG_active | 1u << PG_unevictable;
	uint16_t f = page->flags;
	enum branch br;

	if (lru_gen_enabled(e)) /* 6.1 mm/swap.c:475 folio_mark_accessed() */
		return folio_inc_refs(e, page, r);
	if ((f & (ref | active)) == ref && PageLRU(page)) {
		activate_page(e, page);
		page_clear(page, PG_referenced);
		br = BR_MPA_ACTIVATE;
	} else if ((f & (ref | active)) == ref && page->lru == LRU_PAGEVEC && policy_has(e, CAP_LRU_ADD_61) &&
		   !is_active_lru(page->pvec_lru)) {
		/* 6.1 mm/swap.c:500-502 */
		lru_cache_activate_page(e, page);
		page_clear(page, PG_referenced);
		if (e->policy->on_activate)
			e->policy->on_activate(e, page);
		br = BR_MPA_BATCH_ACTIVATE;
	} else {
		page->flags = f | ref;
		br = !(f & ref)			? BR_MPA_REFERENCE
		     : page->lru == LRU_PAGEVEC ? BR_MPA_PAGEVEC /* not PageLRU yet */
						: BR_MPA_NOTHING;
	}
	if (r) {
		r->branch = (uint16_t)br;
		r->outcome = (uint8_t)mpa_outcome(br);
	}
	return br;
}

/* mark_page_accessed() of a page without PG_referenced, as one just read
 * in: whatever the rest of its state, the two-step rule's first step, and
 * no branch to report (the fault path's tests of the rest are saved). */
void mark_page_accessed_unreferenced(struct engine *e, struct page *page)
{
#ifdef VMSCAN_DEBUG
	if (PageReferenced(page)) /* as VM_BUG_ON_PAGE(): the caller's word broken */
		__builtin_trap();
#endif
	if (lru_gen_enabled(e))
		folio_inc_refs(e, page, NULL);
	else
		SetPageReferenced(page);
}
