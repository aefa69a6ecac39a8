/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/cursor.h - the workload's side of a step: where the workload is
 * (cursor.c) and the step that runs there (workload_step.c)
 */
#ifndef VMSCAN_CURSOR_H
#define VMSCAN_CURSOR_H

#include "internal.h"
#include "memcontrol.h"
#include "vmscan.h"

/* cursor.c */
void workload_begin(struct engine *e);
bool current_access(struct engine *e, uint32_t *obj, uint32_t *index);
/* The cursor one step on: the next access, or the next operation. */
void advance(struct engine *e);
/* The cursor @n steps on within the current operation: what @n calls of
 * advance() do when the operation goes on after them. */
static inline void advance_within(struct engine *e, uint64_t n)
{
	e->c.pend_valid = false;
	e->c.sub += n;
}
void workload_skip(struct engine *e);
bool workload_needs_pages(struct engine *e, uint32_t *nr, uint8_t *order);

/* True when the next workload step needs pages that free memory cannot
 * give without going under the min watermark: @nr of them, of @order.
 * The allocator's slow path runs first (engine_step.c). */
bool workload_waits_for_memory(struct engine *e, uint32_t *nr, uint8_t *order);

/* Would the workload's next access have to wait for its cgroup's limit:
 * it needs a page, and its charge would fail?  What
 * mem_cgroup_try_charge() is told (engine_step.c; engine_run()'s loops stop
 * there). */
static inline bool charge_blocked(struct engine *e)
{
	uint32_t nr;
	uint8_t order;

	return mem_cgroup_over_limit(e) && workload_needs_pages(e, &nr, &order);
}

/* workload_step.c */
/* The step at the cursor, into @r; returns its outcome.  @r may be NULL
 * only for a read() or write() access (rw_access()). */
enum outcome workload_step(struct engine *e, struct step_record *r);

/* Is @op's access a read() or write() (and which)?  Those go through the
 * page cache with mark_page_accessed(); the others are faults, mappings
 * and the like. */
static inline bool rw_access(const struct wl_op *op, bool *write)
{
	switch (op->kind) {
	case WL_READ: *write = false; return true;
	case WL_WRITE: *write = true; return true;
	case WL_RANDOM:
	case WL_TRACE: *write = op->via == VIA_WRITE; return op->via == VIA_READ || op->via == VIA_WRITE;
	default: return false;
	}
}

/* The bookkeeping after every workload step (engine_step.c, engine_run.c): the
 * decision counted (without a branch: whether an access was a first use
 * is as random as the workload), and the next allocation's slow path not
 * begun.  Returns whether the step's allocation woke kswapd
 * (alloc_slowpath_wake()), which then runs before the next step. */
static inline bool after_workload(struct engine *e, enum outcome outcome)
{
	e->c.decisions[outcome] += outcome != OUT_NONE;
	e->c.alloc_reclaimed = e->c.kswapd_tried = false;
	return e->c.kswapd_awake;
}

#endif
