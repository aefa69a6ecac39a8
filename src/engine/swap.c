/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/swap.c - adding pages to the lists and promoting them (mm/swap.c)
 *
 * mark_page_accessed() is the two-step rule for pages the kernel sees being
 * used (read(), write(), unmap of a young pte): the first call sets
 * PG_referenced, the second activates.  lru_cache_add() is where every new
 * page enters, at the head of its list.  Both are in internal.h, inline:
 * every fault calls them.
 *
 * Left out: the per-cpu pagevecs that batch these additions (a page waiting
 * in one cannot be activated; see kernel-model.md §1.3).
 */
#include "internal.h"

/* 2.6.34 activate_page(): inactive to the head of the active list. */
void activate_page(struct engine *e, struct page *page)
{
	if (!PageLRU(page) || PageActive(page) || PageUnevictable(page))
		return;
	page_set(page, PG_active);
	list_move_head(e, page_to_pfn(e, page), (enum lru_list)page_lru_base(page));
	count_vm_event(e, PGACTIVATE);
	update_page_reclaim_stat(e, page_is_file_cache(page), true);
	if (e->policy->on_activate)
		e->policy->on_activate(e);
}

/* 2.6.34 putback_lru_page(): back on the list its flags say, or on the
 * unevictable list if it may not be reclaimed (counted as culled). */
void putback_lru_page(struct engine *e, struct page *page)
{
	uint32_t pfn = page_to_pfn(e, page);

	if (page->lru != LRU_NONE)
		list_del(e, pfn);
	if (page_evictable(e, page)) {
		page_clear(page, PG_unevictable);
		list_add_head(e, pfn, (enum lru_list)page_lru_base(page));
		return;
	}
	if (!PageUnevictable(page))
		count_vm_event(e, UNEVICTABLE_PGS_CULLED);
	page_set(page, PG_unevictable);
	page_clear(page, PG_active);
	list_add_head(e, pfn, LRU_UNEVICTABLE);
}
