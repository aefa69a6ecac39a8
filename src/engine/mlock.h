/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/mlock.h - what mlock.c offers: unevictable pages
 */
#ifndef VMSCAN_MLOCK_H
#define VMSCAN_MLOCK_H

#include "internal.h"

bool page_evictable(const struct engine *e, const struct page *page);
void mlock_vma_page(struct engine *e, struct page *page);
void munlock_vma_page(struct engine *e, struct page *page);
/* The workload's mlock of one page of @op's range, and munlock of the
 * whole mapping (returns the pages it let go). */
void do_mlock(struct engine *e, const struct wl_op *op, uint32_t index, struct step_record *r);
uint32_t do_munlock(struct engine *e, const struct wl_op *op);

#endif
