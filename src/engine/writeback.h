/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/writeback.h - what writeback.c offers: writes that end later
 */
#ifndef VMSCAN_WRITEBACK_H
#define VMSCAN_WRITEBACK_H

#include "internal.h"

void writeback_start(struct engine *e, struct page *page, bool reclaim);
bool writeback_due(const struct engine *e);
/* The steps that can run before the next write-back falls due. */
uint64_t writeback_room(const struct engine *e);
void writeback_end(struct engine *e, struct step_record *r);
void wakeup_flusher_threads(struct engine *e, uint64_t nr);

#endif
