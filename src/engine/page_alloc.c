/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/page_alloc.c - the watermarks (mm/page_alloc.c); the free list's
 * alloc_page() and free_page() are in internal.h, inline
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
#include "internal.h"

static uint32_t int_sqrt(uint64_t x)
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
