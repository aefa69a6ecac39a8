/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/cursor.h - the workload's side of a step: where the workload is
 * (cursor.c) and the step that runs there (workload.c)
 */
#ifndef VMSCAN_CURSOR_H
#define VMSCAN_CURSOR_H

#include "internal.h"
#include "vmscan.h"

/* cursor.c */
void workload_begin(struct engine *e);
bool current_access(struct engine *e, uint32_t *obj, uint32_t *index);
void advance(struct engine *e);
void workload_skip(struct engine *e);
bool workload_needs_pages(struct engine *e, uint32_t *nr, uint8_t *order);

/* workload.c */
void workload_step(struct engine *e, struct step_record *r);
void note_page(const struct engine *e, struct step_record *r, const struct page *p);

/* The bookkeeping after every workload step (engine.c, run.c). */
static inline void after_workload(struct engine *e, int outcome)
{
	if (outcome != OUT_NONE)
		e->c.decisions[outcome]++;
	e->c.alloc_reclaimed = e->c.kswapd_tried = false;
	if (nr_free_pages(e) < e->c.wmark_low) /* the allocator's slow path */
		wakeup_kswapd(e);
}

#endif
