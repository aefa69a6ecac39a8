/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/page_alloc.h - what page_alloc.c offers: free pages, and the
 * watermarks that say when to reclaim
 */
#ifndef VMSCAN_PAGE_ALLOC_H
#define VMSCAN_PAGE_ALLOC_H

#include "internal.h"

uint32_t int_sqrt(uint64_t x); /* the kernel's, lib/math/int_sqrt.c: floor(sqrt(x)) */
uint32_t alloc_page(struct engine *e);
void free_page_from(struct engine *e, uint32_t pfn, enum lru_list from);
void free_page(struct engine *e, uint32_t pfn);
void zone_init_watermarks(struct engine *e);
bool zone_watermark_ok(const struct engine *e, uint32_t mark, uint32_t nr);
/* Before an allocation of @nr pages at @order: the fast path's low
 * watermark test, and the slow path's wakeup_kswapd() when it fails. */
void alloc_slowpath_wake(struct engine *e, uint32_t nr, uint8_t order);
/* The workload's kernel allocations: 2^@order pages to the kernel's list,
 * and @n of them back (free_pages). */
void do_alloc(struct engine *e, uint8_t order, struct step_record *r);
uint32_t do_free_kernel(struct engine *e, uint32_t n);

#endif
