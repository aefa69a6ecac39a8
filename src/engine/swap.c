/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/swap.c - adding pages to the lists and promoting them (mm/swap.c)
 *
 * lru_cache_add() is where every new page enters, at the head of its list.
 * mark_page_accessed() is the two-step rule for pages the kernel sees
 * being used (read(), write(), unmap of a young pte): the first call sets
 * PG_referenced, the second activates, through activate_page().
 *
 * Left out: the per-cpu pagevecs that batch these additions (in the
 * kernel a page waiting in one cannot be activated yet).
 */
#include "list.h"
#include "swap.h"

/* 2.6.34 update_page_reclaim_stat(): what get_scan_ratio() later weighs. */
static void update_page_reclaim_stat(struct engine *e, bool file, bool rotated)
{
	e->c.recent_scanned[file]++;
	if (rotated)
		e->c.recent_rotated[file]++;
}

/* A new page enters list @l at its head (2.6.34 ____pagevec_lru_add). */
void lru_cache_add(struct engine *e, uint32_t pfn, enum lru_list l)
{
	struct page *page = &e->pages[pfn];

	if (l == LRU_UNEVICTABLE) {
		page_set(page, PG_unevictable);
		page_clear(page, PG_active);
		list_add_head(e, pfn, l);
		return;
	}
	if (is_active_lru(l))
		page_set(page, PG_active);
	list_add_head(e, pfn, l);
	update_page_reclaim_stat(e, is_file_lru(l), is_active_lru(l));
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

	if ((f & (ref | active)) == ref && PageLRU(page)) {
		activate_page(e, page);
		page_clear(page, PG_referenced);
		br = BR_MPA_ACTIVATE;
	} else {
		page->flags = f | ref;
		br = f & ref ? BR_MPA_NOTHING : BR_MPA_REFERENCE;
	}
	if (r) {
		r->branch = (uint16_t)br;
		r->outcome = (uint8_t)mpa_outcome(br);
	}
	return br;
}

/* 2.6.34 activate_page(): inactive to the head of the active list. */
void activate_page(struct engine *e, struct page *page)
{
	if (!PageLRU(page) || PageActive(page) || PageUnevictable(page))
		return;
	page_set(page, PG_active);
	list_move_head(e, page_to_pfn(e, page), (enum lru_list)page_lru_base(page));
	count_vm_event(e, PGACTIVATE);
	update_page_reclaim_stat(e, page_is_file_cache(page), true);
	/* 3.15 mark_page_accessed(): only a file page's activation ticks the
	 * workingset clock */
	if (e->policy->on_activate && page_is_file_cache(page))
		e->policy->on_activate(e);
}
