/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/swap.h - what swap.c offers: pages entering the lists, and
 * being found in use
 */
#ifndef VMSCAN_SWAP_H
#define VMSCAN_SWAP_H

#include "internal.h"

void lru_cache_add(struct engine *e, uint32_t pfn, enum lru_list l);
void lru_add_drain(struct engine *e);
/* 6.1 (CAP_SCAN_COST_61): @nr_pages of cost for reclaiming type @file */
void lru_note_cost(struct engine *e, bool file, uint32_t nr_pages);
/* 6.1 (CAP_WORKINGSET_61, workingset.c): the clock moves @nr_pages on */
void workingset_age_nonresident(struct engine *e, uint32_t nr_pages);
enum branch mark_page_accessed(struct engine *e, struct page *page, struct step_record *r);
void mark_page_accessed_unreferenced(struct engine *e, struct page *page);

/* The outcome a step records for mark_page_accessed()'s branch @br. */
static inline enum outcome mpa_outcome(enum branch br)
{
	if (br == BR_MPA_ACTIVATE || br == BR_MPA_BATCH_ACTIVATE)
		return OUT_ACTIVATE;
	/* 6.1 folio_inc_refs(): a mark set or a counter raised */
	return br == BR_MPA_REFERENCE || br == BR_INC_REFS_REFERENCED || br == BR_INC_REFS_WORKINGSET ||
			       br == BR_INC_REFS_COUNT
		       ? OUT_REFERENCE
		       : OUT_NONE;
}

#endif
