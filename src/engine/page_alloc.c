/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/page_alloc.c - the free list and the watermarks (mm/page_alloc.c)
 *
 * Watermarks are derived as 2.6.34's init_per_zone_wmark_min() and
 * setup_per_zone_wmarks() do for a single zone: min_free_kbytes is
 * sqrt(16 * memory in KiB), clamped to [128, 65536]; low is min + min/4 and
 * high is min + min/2.  One liberty: in a zone of a few hundred pages the
 * 128 KiB floor would keep an eighth or more of memory free, so min is
 * capped at pages/8 there (a scenario can set the marks itself).
 *
 * Left out: the buddy allocator's orders and fragmentation (an order-k
 * allocation needs 2^k free pages, not 2^k contiguous ones), per-cpu lists,
 * lowmem reserves and the ALLOC_HIGH/HARDER reductions.
 */
#include "list.h"
#include "lru_gen.h"
#include "memcontrol.h"
#include "page_alloc.h"
#include "vmscan.h"

uint32_t int_sqrt(uint64_t x)
{
	uint64_t r = 0;
	while ((r + 1) * (r + 1) <= x)
		r++;
	return (uint32_t)r;
}

void zone_init_watermarks(struct engine *e)
{
	const struct memory_spec *m = &e->wl->memory;
	uint64_t kbytes = (uint64_t)e->nr_pages * 4;
	uint32_t min_free_kbytes, min, gb;

	if (m->wmark_high) {
		e->c.wmark_min = m->wmark_min;
		e->c.wmark_low = m->wmark_low;
		e->c.wmark_high = m->wmark_high;
	} else {
		min_free_kbytes = int_sqrt(kbytes * 16);
		if (min_free_kbytes < 128)
			min_free_kbytes = 128;
		if (min_free_kbytes > 65536)
			min_free_kbytes = 65536;
		min = min_free_kbytes / 4;
		if (min > e->nr_pages / 8)
			min = e->nr_pages / 8;
		if (min < 1)
			min = 1;
		e->c.wmark_min = min;
		e->c.wmark_low = min + min / 4;
		e->c.wmark_high = min + min / 2;
	}
	/* 2.6.34 calculate_zone_inactive_ratio(): int_sqrt(10 * GB), 1 under 1 GB */
	gb = (uint32_t)(kbytes >> 20);
	e->c.inactive_ratio = gb ? int_sqrt(10ull * gb) : 1;
	if (!e->c.inactive_ratio)
		e->c.inactive_ratio = 1;
}

/* zone_watermark_ok() for order-0 pages: @nr pages can go and leave the
 * zone at or above @mark. */
bool zone_watermark_ok(const struct engine *e, uint32_t mark, uint32_t nr)
{
	uint32_t free = nr_free_pages(e);
	return free >= nr && free - nr >= mark;
}

/* A page that belongs to nobody: no flags, no ptes, the kernel's. */
static void page_blank(struct page *p)
{
	p->flags = 0;
	p->mapped = p->young = p->pte_dirty = 0;
	p->object = OBJECT_KERNEL;
}

/* alloc_page() takes the page at the head of the free list; the caller
 * has checked that there is one.  The page comes back blank and on no
 * list. */
uint32_t alloc_page(struct engine *e)
{
	uint32_t pfn = e->c.lists[LRU_FREE].head;
	struct page *p = &e->pages[pfn];

	list_del_head(e, pfn, LRU_FREE);
	page_blank(p);
	p->index = 0;
	count_vm_event(e, PGALLOC);
	return pfn; /* on LRU_NONE: the caller puts it on a list */
}

/* Back to the free list from list @from (LRU_NONE: from no list).  As in
 * free_pcppages_bulk(), freeing a page tells reclaim the zone is not
 * hopeless after all. */
void free_page_from(struct engine *e, uint32_t pfn, enum lru_list from)
{
	struct page *p = &e->pages[pfn];

	if (from == LRU_PAGEVEC) /* truncated or unmapped before it reached its list */
		e->c.pvec_nr[p->pvec_lru]--;
	if (from != LRU_NONE)
		list_del_from(e, pfn, from);
	if (p->memcg)
		mem_cgroup_uncharge(e, p);
	lru_gen_del_folio(e, p);
	p->pvec_lru = 0;
	page_blank(p);
	list_add_head(e, pfn, LRU_FREE);
	e->c.pages_scanned = 0;
	e->c.all_unreclaimable = false;
	count_vm_event(e, PGFREE);
}

void free_page(struct engine *e, uint32_t pfn)
{
	free_page_from(e, pfn, (enum lru_list)e->pages[pfn].lru);
}

/*
 * 2.6.34 page_alloc.c:1980 __alloc_pages_nodemask(): the fast path takes
 * the pages only while the zone keeps its low watermark after them
 * (get_page_from_freelist() with ALLOC_WMARK_LOW); otherwise
 * __alloc_pages_slowpath() begins (:1844) with wake_all_kswapd(), which
 * calls wakeup_kswapd() for the zone, and goes on to take the pages down
 * to the min watermark.  Nothing else wakes kswapd: a page found in
 * memory allocates nothing.  An allocation whose slow path step_once()
 * has already begun (it waited for memory) does not wake it again.
 */
void alloc_slowpath_wake(struct engine *e, uint32_t nr, uint8_t order)
{
	if (e->c.kswapd_tried || zone_watermark_ok(e, e->c.wmark_low, nr))
		return;
	e->c.kswapd_tried = true;
	wakeup_kswapd(e, order);
}

void do_alloc(struct engine *e, uint8_t order, struct step_record *r)
{
	alloc_slowpath_wake(e, 1u << order, order);
	for (uint32_t i = 0; i < 1u << order; i++)
		list_add_head(e, alloc_page(e), LRU_KERNEL);
	r->count = 1u << order;
	r->from = LRU_FREE;
	r->to = LRU_KERNEL;
}

uint32_t do_free_kernel(struct engine *e, uint32_t n)
{
	uint32_t done = 0;

	while (done < n && e->c.lists[LRU_KERNEL].nr) {
		free_page(e, e->c.lists[LRU_KERNEL].head);
		done++;
	}
	return done;
}
