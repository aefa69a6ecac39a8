/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/workingset.c - refault distance (3.15, mm/workingset.c)
 *
 * The later answer to the database-index problem of the 2.6.34 rule.
 *
 *	      evictions and activations advance the zone's clock
 *	  +----------------------------------------------------------+
 *	  |  inactive list  -> evicted: the clock value is left in the |
 *	  |                    page's empty page-cache slot (shadow)   |
 *	  +----------------------------------------------------------+
 *
 * When a file page is faulted or read back in and its slot holds a shadow,
 * the refault distance is how far the clock moved while it was out: how
 * much inactive-list traffic it missed.  Had the inactive list been longer
 * by that much, the page would have been found there; if the distance is no
 * more than the active file list, the page is worth the space an active
 * page takes, so it comes back straight onto the active list.
 *
 * The clock here counts inactive file evictions plus activations, as
 * 3.15's zone->inactive_age did: those of mark_page_accessed() and those
 * of a refault inserted active (add_to_page_cache_lru()).  Shadows are 30
 * bits wide (the slot keeps two tag bits); distances wrap modulo 2^30.
 *
 * 6.1's version (workingset_eviction_61() and on, for a policy with
 * CAP_WORKINGSET_61): the clock is the lruvec's nonresident_age, moved by
 * every eviction, file or swap cache (5.9), by every activation, and by
 * every active page put back on its list; the shadow keeps PG_workingset
 * (4.20) in its lowest bit; a refault is compared with the workingset
 * it competes with, which holds anon pages when there is swap to use.
 *
 * Left out: the shadow-node shrinker (workingset_nodereclaim), the
 * eviction buckets (bucket_order, 0 below 2^28 pages of memory).
 */
#include "swap.h"

uint32_t workingset_eviction(struct engine *e, const struct page *page)
{
	(void)page;
	e->c.inactive_age++;
	return (uint32_t)(e->c.inactive_age & 0x3fffffffu);
}

bool workingset_refault(struct engine *e, struct page *page, uint32_t shadow)
{
	(void)page;
	uint32_t distance = ((uint32_t)e->c.inactive_age - shadow) & 0x3fffffffu;

	if (distance > zone_lru_pages(e, LRU_ACTIVE_FILE))
		return false;
	/* 3.15 add_to_page_cache_lru(): workingset_activation() after
	 * SetPageActive() */
	e->c.inactive_age++;
	return true;
}

void workingset_activation(struct engine *e, const struct page *page)
{
	/* 3.15 mark_page_accessed(): only a file page's activation ticks
	 * the clock */
	if (page_is_file_cache(page))
		e->c.inactive_age++;
}

/* ---- 6.1 -------------------------------------------------------------- */

#define WORKINGSET_SHIFT_61 1 /* 6.1 mm/workingset.c:171 */
#define EVICTION_MASK_61    (0x3fffffffu >> WORKINGSET_SHIFT_61)

/* 6.1 mm/workingset.c:325 workingset_age_nonresident() */
void workingset_age_nonresident(struct engine *e, uint32_t nr_pages)
{
	e->c.inactive_age += nr_pages;
}

/* 6.1 mm/workingset.c:351 workingset_eviction(): the clock before this
 * eviction, and PG_workingset (pack_shadow(), :188) */
uint32_t workingset_eviction_61(struct engine *e, const struct page *page)
{
	uint32_t eviction = (uint32_t)e->c.inactive_age & EVICTION_MASK_61;

	workingset_age_nonresident(e, 1);
	return eviction << WORKINGSET_SHIFT_61 | PageWorkingset(page);
}

/* 6.1 mm/workingset.c:385 workingset_refault(), the decision: true puts
 * @page on the active list.  The caller counts workingset_refault_*. */
bool workingset_refault_61(struct engine *e, struct page *page, uint32_t shadow)
{
	bool file = page_is_file_cache(page), workingset = shadow & 1u;
	uint32_t eviction = shadow >> WORKINGSET_SHIFT_61;
	uint32_t distance = ((uint32_t)e->c.inactive_age - eviction) & EVICTION_MASK_61;
	uint64_t workingset_size = zone_lru_pages(e, LRU_ACTIVE_FILE);

	/* :457-470: what the page competes with; anon only if it can be
	 * swapped (mem_cgroup_get_nr_swap_pages() > 0) */
	if (!file)
		workingset_size += zone_lru_pages(e, LRU_INACTIVE_FILE);
	if (e->c.swap_free > 0) {
		workingset_size += zone_lru_pages(e, LRU_ACTIVE_ANON);
		if (file)
			workingset_size += zone_lru_pages(e, LRU_INACTIVE_ANON);
	}
	if (distance > workingset_size) /* :471 */
		return false;
	/* :474 folio_set_active(): the caller adds it to the active list */
	workingset_age_nonresident(e, 1); /* :475 */
	if (workingset) {		  /* :479 the page was active before its eviction */
		page->flags |= 1u << PG_workingset;
		lru_note_cost(e, file, 1); /* :482 lru_note_cost_folio() */
		count_vm_event(e, file ? WORKINGSET_RESTORE_FILE : WORKINGSET_RESTORE_ANON);
	}
	return true;
}

/* 6.1 mm/workingset.c:507 workingset_activation(): any activation, anon
 * or file, ages the clock */
void workingset_activation_61(struct engine *e, const struct page *page)
{
	(void)page;
	workingset_age_nonresident(e, 1);
}
