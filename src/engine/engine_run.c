/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/engine_run.c - engine_run(): steps whose records nobody reads
 *
 * engine_run() takes the same steps as engine_step() would and fills the
 * record of the last one only.  Before it, two kinds of step run in the
 * loops below, with no record:
 *  - the workload's read() and write() accesses: workload_step() and
 *    after_workload(), as step_once() makes them (engine_step.c);
 *  - reclaim's steps: reclaim_step(), as step_once() makes it, with the
 *    policy's check_references() known to the loop (struct
 *    reclaim_policy.reclaim_run).
 * Both call the same functions as the full step, with a NULL record (a
 * trace of one object calls what workload_step() calls: trace_run()); what
 * they save is only the record and the tests of step_once() whose answer
 * cannot change inside the loop, each named where it is left out.  Every
 * other step (faults, mappings, write-back, the allocator's slow path, the
 * last of an operation) is a full engine_step().  The contract - the same
 * state, byte for byte, as as many engine_step() calls - is checked on
 * thousands of random workloads by tests/unit/test_property.c, which
 * compares the two after every operation kind under every policy.
 */
#include "check.h"
#include "cursor.h"
#include "filemap.h"
#include "lru_gen.h"
#include "page_alloc.h"
#include "vmscan.h"
#include "writeback.h"

/*
 * A trace's accesses are known ahead: the page-cache slot of the access
 * TRACE_AHEAD_SLOT steps on and the struct page of the one
 * TRACE_AHEAD_PAGE on (whose slot was warmed earlier) are fetched now, so
 * that neither is a miss to memory when its step comes (make bench: the
 * loads of a hit were most of its time; 32/16 measured 1.62x and 1.73x
 * the bare loop against 1.79x and 1.81x for 16/8).  A hint only: a slot
 * that changes meanwhile costs a useless fetch, never a wrong answer.
 * Always inline: a call to a function that only prefetches is found free
 * of side effects and dropped.
 */
#define TRACE_AHEAD_SLOT 32
#define TRACE_AHEAD_PAGE 16

static uint32_t *trace_slot(struct engine *e, const struct wl_op *op, uint64_t k)
{
	return page_slot(e, op->trace_object ? op->trace_object[k] : op->object, op->trace[k]);
}

/* The hint for a trace's access @sub, bounds tested. */
ENGINE_HOT void trace_prefetch(struct engine *e, const struct wl_op *op, uint64_t sub)
{
	if (sub + TRACE_AHEAD_SLOT < e->c.op_len)
		__builtin_prefetch(trace_slot(e, op, sub + TRACE_AHEAD_SLOT));
	if (sub + TRACE_AHEAD_PAGE < e->c.op_len)
		__builtin_prefetch(&e->pages[slot_pfn_or_0(*trace_slot(e, op, sub + TRACE_AHEAD_PAGE))]);
}

/*
 * Up to @max accesses of the current operation, while it is a read() or
 * write() one: workload_step() and after_workload(), as step_once() makes
 * them.  Left out of step_once(), and why it holds:
 *  - reclaim is not running: it was not when engine_run() called, and only
 *    an allocation can wake kswapd here (alloc_slowpath_wake()), which
 *    after_workload() reports; the loop stops when it does;
 *  - no write-back falls due: only reclaim starts one, so the steps that
 *    can run before the next falls due are known at the start;
 *  - the workload goes on: the caller keeps the operation's last access
 *    out of @max, so the cursor stays in the operation;
 *  - the access does not wait for memory: it needs a page at most, so
 *    with one to spare above the min watermark it cannot; below, the loop
 *    asks workload_waits_for_memory() and stops where step_once() would
 *    reclaim first;
 *  - nor for its cgroup's limit: an operation of a task in a cgroup asks
 *    charge_blocked() and stops where step_once() would run
 *    limit reclaim first (trace_run() is not used for such operations).
 */
static ENGINE_FLATTEN uint64_t workload_run(struct engine *e, const struct wl_op *op, uint64_t max)
{
	uint64_t done = 0;
	uint32_t nr;
	uint8_t order;

	while (done < max) {
		bool woke;

		if (op->kind == WL_TRACE)
			trace_prefetch(e, op, e->c.sub);
		if (!zone_watermark_ok(e, e->c.wmark_min, 1) && workload_waits_for_memory(e, &nr, &order))
			break;
		/* the charge of a task in a cgroup at its limit: step_once()
		 * runs the cgroup's limit reclaim first */
		if (op->memcg && charge_blocked(e))
			break;
		e->c.step++;
		done++;
		woke = after_workload(e, workload_step(e, NULL));
		debug_check(e);
		if (woke)
			break;
	}
	return done;
}

/*
 * workload_run() for a trace of one object (make bench's, `run --trace`'s),
 * with the trace and the object's page-cache slots at hand.  For an access
 * of such a trace, workload_step() is current_access(), which only reads
 * the trace, do_rw() and advance(); here do_rw() is called as it calls
 * itself (rw_cached_page() for a page in the cache, rw_page_cache_miss()
 * for one that is not, with the slot the loop read), then after_workload(), and the cursor and the step count are
 * moved on once, when the loop stops (advance_within()): nothing in
 * between reads them.  Left out of step_once(): as in workload_run().
 * The page-cache slot and struct page of the accesses ahead are warmed as
 * in trace_prefetch(), without its bounds tests until the last
 * TRACE_AHEAD_SLOT accesses.
 */
static ENGINE_FLATTEN uint64_t trace_run(struct engine *e, const struct wl_op *op, bool write, uint64_t max)
{
	uint32_t obj = op->object, *slots = page_slot(e, obj, 0);
	const uint32_t *trace = op->trace;
	struct page *pages = e->pages;
	uint64_t start = e->c.sub, sub = start, end = start + max;
	uint64_t warm_end = e->c.op_len > TRACE_AHEAD_SLOT ? e->c.op_len - TRACE_AHEAD_SLOT : 0;
	/* below it, the loop's end is not reached either: one test an access */
	uint64_t warm_stop = end < warm_end ? end : warm_end;

	for (;;) {
		uint32_t slot, ahead;
		enum outcome out;
		bool woke;

		if (sub < warm_stop) {
			__builtin_prefetch(&slots[trace[sub + TRACE_AHEAD_SLOT]]);
			ahead = slots[trace[sub + TRACE_AHEAD_PAGE]];
			__builtin_prefetch(&pages[slot_pfn_or_0(ahead)]);
		} else if (sub < end) {
			trace_prefetch(e, op, sub);
		} else {
			break;
		}
		slot = slots[trace[sub]];
		if (SLOT_TAG(slot) == SLOT_PAGE) {
			out = rw_cached_page(e, &pages[SLOT_VAL(slot)], write, NULL);
		} else {
			/* it needs a page: without one to spare above the min
			 * watermark, step_once() reclaims first */
			if (!zone_watermark_ok(e, e->c.wmark_min, 1))
				break;
			out = rw_page_cache_miss(e, obj, trace[sub], &slots[trace[sub]], write, NULL);
		}
		sub++;
		woke = after_workload(e, out);
		debug_check(e);
		if (woke)
			break;
	}
	e->c.step += sub - start;
	advance_within(e, sub - start);
	return sub - start;
}

/* The workload's steps that engine_run() takes without a record, up to
 * @max: accesses of a read() or write() operation, short of its last. */
static uint64_t workload_steps(struct engine *e, uint64_t max)
{
	const struct wl_op *op = &e->wl->ops[e->c.op];
	uint64_t room = writeback_room(e);
	bool write;

	if (e->c.done || e->c.sub + 1 >= e->c.op_len || !rw_access(op, &write))
		return 0;
	if (room < max)
		max = room;
	if (e->c.op_len - e->c.sub - 1 < max)
		max = e->c.op_len - e->c.sub - 1;
	if (op->kind == WL_TRACE && !op->trace_object && !op->memcg)
		return trace_run(e, op, write, max);
	return workload_run(e, op, max);
}

/*
 * Up to @max steps of the reclaim that runs, with @check as
 * page_check_references().  A policy's reclaim_run hook passes its own
 * rule as a constant, and under link-time optimisation the rule is
 * compiled into this loop (POLICY_HOT, policy_helpers.h).  Left out of
 * step_once(): nothing, but where the workload is over, the step that may
 * end reclaim (a move of the state machine) may end the run too, and is
 * left to a full step.  A step in which reclaim ends without examining a
 * page goes on to the workload in step_once(): the loop gives it back.
 */
uint64_t reclaim_run(struct engine *e, uint64_t max, check_references_fn *check)
{
	uint64_t done = 0;

	while (done < max) {
		if (e->c.done && !reclaim_batch_pending(e))
			break;
		/* 6.1: the pages of scan_folios() in one loop (lru_gen.c) */
		if (e->c.rs.stage == RS_LRU_GEN_SCAN) {
			uint64_t k = lru_gen_scan_run(e, max - done);

			done += k;
			debug_check_steps(e, k);
			if (k)
				continue;
		}
		e->c.step++;
		if (!reclaim_step(e, NULL, check)) {
			e->c.step--;
			break;
		}
		done++;
		debug_check(e);
	}
	return done;
}

uint64_t engine_run(struct engine *e, uint64_t n)
{
	uint64_t taken = 0;

	while (taken < n && !engine_done(e)) {
		/* the last step of the run is a full one, so that engine_last()
		 * holds its record */
		if (taken + 1 < n) {
			uint64_t room = n - taken - 1, k = 0;

			if (reclaim_running(e)) {
				const struct reclaim_policy *p = e->policy;
				k = p->reclaim_run ? p->reclaim_run(e, room)
						   : reclaim_run(e, room, p->check_references);
			} else {
				k = workload_steps(e, room);
			}
			taken += k;
			if (k)
				continue;
		}
		engine_step(e);
		taken++;
	}
	return taken;
}
