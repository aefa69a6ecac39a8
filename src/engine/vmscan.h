/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/vmscan.h - what vmscan.c offers: reclaim, run step by step
 */
#ifndef VMSCAN_VMSCAN_H
#define VMSCAN_VMSCAN_H

#include "internal.h"

void wakeup_kswapd(struct engine *e, uint8_t order);
void kswapd_run_for(struct engine *e, uint8_t order);
void reclaim_start_direct(struct engine *e, uint8_t order, uint32_t nr_needed);
/* 2.6.34 try_to_free_mem_cgroup_pages(): limit reclaim of cgroup @k
 * (1-based) begins; it runs as RECLAIMER_MEMCG steps. */
void reclaim_start_memcg(struct engine *e, unsigned k);
bool reclaim_running(const struct engine *e);
/* One step of the reclaim that runs, with @check as page_check_references():
 * the next page of the isolated batch, or the state machine's moves up
 * to the page it examines next; false when reclaim ends without
 * examining one.  @r may be NULL (engine_run()). */
bool reclaim_step(struct engine *e, struct step_record *r, check_references_fn *check);
/* Is the next reclaim step a page of the isolated batch? */
static inline bool reclaim_batch_pending(const struct engine *e)
{
	return e->c.rs.stage == RS_BATCH && e->c.lists[LRU_ISOLATED].nr;
}
bool inactive_file_is_low(const struct engine *e);
void putback_lru_page(struct engine *e, struct page *page);

/* How far into the file readahead_hint() guesses (vmscan.c); the slots run
 * this many empty ones past the last object's. */
#define READAHEAD_PAGES (2 * SWAP_CLUSTER_MAX)

#endif
