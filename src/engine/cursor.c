/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/cursor.c - where the workload is: operation, step within it
 *
 * A workload is a flat list of operations (workload.h); per-page
 * operations take one step per page, `random` and `trace` one step per
 * access, the others one step.  The cursor is the current operation, the
 * step within it, and, once asked for, the page the next step accesses
 * (a random draw is made once and kept until the step runs).
 */
#include "cursor.h"
#include "page_alloc.h"
#include "rng.h"

uint64_t engine_op_steps(const struct wl_op *op)
{
	switch (op->kind) {
	case WL_TOUCH:
	case WL_READ:
	case WL_WRITE:
	case WL_DIRTY:
	case WL_MLOCK:
	case WL_ALLOC:
	case WL_RANDOM:
	case WL_TRACE: return op->count;
	default: return 1;
	}
}

/* The next page a WL_RANDOM operation draws: uniform, or Zipf through @z
 * (set up for @op). */
static uint32_t random_draw(const struct wl_op *op, const struct zipf *z, uint64_t rng[4])
{
	if (op->flags & WL_F_ZIPF)
		return op->first + zipf_sample(z, rng);
	return op->first + (uint32_t)(((rng_next(rng) >> 32) * op->range) >> 32);
}

void engine_random_accesses(const struct workload *wl, uint32_t i, uint32_t *out)
{
	const struct wl_op *op = &wl->ops[i];
	struct zipf z = { .op = UINT32_MAX };
	uint64_t rng[4];

	rng_seed(rng, op->seed);
	if (op->flags & WL_F_ZIPF)
		zipf_setup(&z, op->range, op->theta, i);
	for (uint32_t k = 0; k < op->count; k++)
		out[k] = random_draw(op, &z, rng);
}

/* The page a per-page operation accesses now, or false for an operation
 * that accesses none. */
bool current_access(struct engine *e, uint32_t *obj, uint32_t *index)
{
	const struct wl_op *op = &e->wl->ops[e->c.op];

	*obj = op->object;
	switch (op->kind) {
	case WL_TOUCH:
	case WL_READ:
	case WL_WRITE:
	case WL_DIRTY:
	case WL_MLOCK: *index = op->first + (uint32_t)e->c.sub; return true;
	case WL_TRACE:
		*index = op->trace[e->c.sub];
		if (op->trace_object)
			*obj = op->trace_object[e->c.sub];
		return true;
	case WL_RANDOM:
		/* drawn once and kept until the step runs: the allocator asks
		 * before the step does, and reclaim may run in between */
		if (!e->c.pend_valid) {
			if ((op->flags & WL_F_ZIPF) && e->zipf.op != e->c.op)
				zipf_setup(&e->zipf, op->range, op->theta, e->c.op);
			e->c.pend_index = random_draw(op, &e->zipf, e->c.rng);
			e->c.pend_valid = true;
		}
		*index = e->c.pend_index;
		return true;
	default: return false;
	}
}

static bool page_resident(struct engine *e, uint32_t obj, uint32_t index)
{
	return SLOT_TAG(*page_slot(e, obj, index)) == SLOT_PAGE;
}

bool workload_needs_pages(struct engine *e, uint32_t *nr, uint8_t *order)
{
	const struct wl_op *op;
	uint32_t obj, index;

	*nr = 0;
	*order = 0;
	if (e->c.done)
		return false;
	op = &e->wl->ops[e->c.op];
	if (op->kind == WL_ALLOC) {
		*order = op->order;
		*nr = 1u << op->order;
		return true;
	}
	if (op->kind == WL_DIRTY || !current_access(e, &obj, &index))
		return false;
	if (page_resident(e, obj, index))
		return false;
	*nr = 1;
	return true;
}

void advance(struct engine *e)
{
	const struct wl_op *op;

	advance_within(e, 1);
	if (e->c.sub < e->c.op_len)
		return;
	e->c.sub = 0;
	do {
		if (++e->c.op >= e->wl->nr_ops) {
			e->c.done = true;
			return;
		}
		op = &e->wl->ops[e->c.op];
	} while (engine_op_steps(op) == 0);
	e->c.op_len = engine_op_steps(op);
	if (op->kind == WL_RANDOM)
		rng_seed(e->c.rng, op->seed);
}

bool workload_waits_for_memory(struct engine *e, uint32_t *nr, uint8_t *order)
{
	return workload_needs_pages(e, nr, order) && !zone_watermark_ok(e, e->c.wmark_min, *nr);
}

/* Positions the cursor on the first operation that has steps. */
void workload_begin(struct engine *e)
{
	e->c.op = 0;
	e->c.sub = 0;
	while (e->c.op < e->wl->nr_ops && engine_op_steps(&e->wl->ops[e->c.op]) == 0)
		e->c.op++;
	if (e->c.op >= e->wl->nr_ops) {
		e->c.done = true;
		return;
	}
	e->c.op_len = engine_op_steps(&e->wl->ops[e->c.op]);
	if (e->wl->ops[e->c.op].kind == WL_RANDOM)
		rng_seed(e->c.rng, e->wl->ops[e->c.op].seed);
}

/* Skips the access that could not get memory (out of memory). */
void workload_skip(struct engine *e)
{
	advance(e);
}
