/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/filemap.h - what filemap.c offers: the page cache, read() and
 * write()
 */
#ifndef VMSCAN_FILEMAP_H
#define VMSCAN_FILEMAP_H

#include "internal.h"

uint32_t page_cache_alloc(struct engine *e, uint32_t obj, uint32_t index, uint32_t *slot, uint32_t *old);
enum lru_list file_page_list(struct engine *e, struct page *p, uint32_t old, uint16_t *branch);
/* read() or write() of page @index of @obj: do_generic_file_read() and
 * generic_perform_write() both end in mark_page_accessed().  @r may be
 * NULL (engine_run()); returns the outcome. */
enum outcome do_rw(struct engine *e, uint32_t obj, uint32_t index, bool write, struct step_record *r);
/* The same for page @p, found in the page cache. */
enum outcome rw_cached_page(struct engine *e, struct page *p, bool write, struct step_record *r);
/* The same for a page not in the page cache, whose slot @slot the caller
 * has looked up (page_slot()): no second and third look-up of the slot
 * for each page a trace reads in (trace_run(); page_cache_alloc() takes
 * the slot too; the figures: tests/bench/README.md). */
enum outcome rw_page_cache_miss(struct engine *e, uint32_t obj, uint32_t index, uint32_t *slot, bool write,
				struct step_record *r);

#endif
