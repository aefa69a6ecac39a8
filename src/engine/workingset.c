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
 * Left out: the shadow-node shrinker (workingset_nodereclaim), anon
 * workingset (5.9), PG_workingset and workingset_restore (4.20).
 */
#include "internal.h"

uint32_t workingset_eviction(struct engine *e, const struct page *page)
{
	(void)page;
	e->c.inactive_age++;
	return (uint32_t)(e->c.inactive_age & 0x3fffffffu);
}

bool workingset_refault(struct engine *e, uint32_t shadow)
{
	uint32_t distance = ((uint32_t)e->c.inactive_age - shadow) & 0x3fffffffu;

	return distance <= zone_lru_pages(e, LRU_ACTIVE_FILE);
}

void workingset_activation(struct engine *e)
{
	e->c.inactive_age++;
}
