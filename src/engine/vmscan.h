/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/vmscan.h - what vmscan.c offers: reclaim, run step by step
 */
#ifndef VMSCAN_VMSCAN_H
#define VMSCAN_VMSCAN_H

#include "internal.h"

void wakeup_kswapd(struct engine *e);
void reclaim_start_direct(struct engine *e, uint8_t order, uint32_t nr_needed);
bool reclaim_running(const struct engine *e);
/* One step of the reclaim that runs: examines one page into @r; false
 * when reclaim ended without examining one. */
bool reclaim_step(struct engine *e, struct step_record *r);
bool inactive_anon_is_low(const struct engine *e);
bool inactive_file_is_low(const struct engine *e);
void putback_lru_page(struct engine *e, struct page *page);

#endif
