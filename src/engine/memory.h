/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/memory.h - what memory.c offers: faults and mappings
 */
#ifndef VMSCAN_MEMORY_H
#define VMSCAN_MEMORY_H

#include "internal.h"

/* An access to @obj page @index through a mapping (a write if @write). */
void do_touch(struct engine *e, uint32_t obj, uint32_t index, bool write, struct step_record *r);
/* mmap of @op's range as mapping op->as; munmap of mapping @as (returns
 * the pages that were mapped). */
void do_map(struct engine *e, const struct wl_op *op);
uint32_t do_unmap(struct engine *e, uint32_t obj, unsigned as);
/* Pages of @obj out of memory for good (returns how many were in it). */
uint32_t drop_range(struct engine *e, uint32_t obj, uint32_t first, uint32_t count);

#endif
