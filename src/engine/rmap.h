/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/rmap.h - what rmap.c offers the engine (the reference walks the
 * policies call are in policy_helpers.h)
 */
#ifndef VMSCAN_RMAP_H
#define VMSCAN_RMAP_H

#include "internal.h"

enum ttu_result { SWAP_SUCCESS, SWAP_FAIL, SWAP_AGAIN, SWAP_MLOCK };
enum ttu_result try_to_unmap(struct engine *e, struct page *page);
void page_remove_rmap(struct engine *e, struct page *page, unsigned as);
void page_add_rmap(struct engine *e, struct page *page, unsigned as, bool write);
bool tlb_fill(struct engine *e, struct page *page, unsigned as);
void tlb_flush_mm(struct engine *e);

#endif
