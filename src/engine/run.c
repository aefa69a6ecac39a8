/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/run.c - engine_run(): steps whose records nobody reads
 *
 * engine_run() takes the same steps as engine_step() would, and fills the
 * record of the last one only.  The read()s and write()s that need no
 * reclaim first run in the loops below, the pages of an isolated batch in
 * the policy's reclaim loop (reclaim_run(), vmscan.c); every other step is
 * a full engine_step().  tests/unit/test_property.c checks on random
 * workloads that the state comes out the same, byte for byte.
 */
#include "cursor.h"
#include "filemap.h"
#include "page_alloc.h"
#include "writeback.h"

/* Is the current operation one workload_fast_run() can take, and does it
 * write? */
static bool fast_op(const struct wl_op *op, bool *write)
{
	switch (op->kind) {
	case WL_RANDOM:
	case WL_TRACE: *write = op->via == VIA_WRITE; return op->via == VIA_READ || op->via == VIA_WRITE;
	case WL_READ: *write = false; return true;
	case WL_WRITE: *write = true; return true;
	default: return false;
	}
}

/* How far ahead workload_fast_run() warms the cache on a trace: the
 * page-cache slot of the access TRACE_AHEAD_SLOT accesses on, the struct
 * page of the one TRACE_AHEAD_PAGE on (whose slot was warmed earlier).  A
 * hint only: a slot that changes meanwhile costs a miss, never a wrong
 * answer.  (Written out in the loop, not in a helper: GCC 12's modref pass
 * finds such a helper free of side effects and drops the call.)  Once a
 * hit took about 8 ns, 16/8 no longer covered a miss to memory: 32/16
 * measured 1.62x and 1.73x the bare loop against 1.79x and 1.81x. */
#define TRACE_AHEAD_SLOT 32
#define TRACE_AHEAD_PAGE 16

static uint32_t *trace_slot(struct engine *e, const struct wl_op *op, uint64_t k)
{
	return page_slot(e, op->trace_object ? op->trace_object[k] : op->object, op->trace[k]);
}

/* What trace_fast_run() hands trace_hits(): the loop's constants. */
struct trace_loop {
	const uint32_t *trace, *slots;
	struct page *pages;
	uint32_t obj;
	uint32_t quiet_mark; /* free pages for a miss to be taken in trace_hits() */
	bool write;
};

/* A miss in trace_hits(): the page read in, as do_rw() and after_workload()
 * do it in trace_fast_run().  Returns whether trace_hits() may go on: kswapd
 * still asleep and free memory still at the quiet mark.  Out of line, so
 * that the hit loop keeps its registers. */
static ENGINE_FLATTEN ENGINE_COLD bool trace_miss(struct engine *e, const struct trace_loop *t,
						  uint32_t index)
{
	after_workload(e, do_rw(e, t->obj, index, t->write, NULL));
	return !reclaim_running(e) && nr_free_pages(e) >= t->quiet_mark;
}

/*
 * trace_fast_run()'s common case, while free memory is at the low watermark
 * or above: from @sub up to @end (at most TRACE_AHEAD_SLOT before the
 * trace's end, so the warming never reads past it), each access whose page
 * is in memory and whose mark_page_accessed() takes one of its two cheap
 * branches, and, if @misses, each miss while free memory stays at
 * t->quiet_mark (trace_miss()).  Returns the access it stopped at: a miss
 * it may not take, a hit that activates, the access after a miss that
 * woke kswapd or used up the quiet free pages, or @end.  A function of its
 * own, so that its few values stay in registers, not in engine_run()'s
 * stack frame: 35 instructions a hit, whose only branches are whether it
 * hits and the rare activation.
 */
static __attribute__((noinline)) uint64_t trace_hits(struct engine *e, const struct trace_loop *t,
						     uint64_t sub, uint64_t end, bool misses)
{
	const uint16_t ref = 1u << PG_referenced, act = 1u << PG_active | 1u << PG_unevictable;
	const uint32_t *trace = t->trace, *slots = t->slots;
	struct page *pages = t->pages;
	uint16_t dirty = t->write ? (uint16_t)(1u << PG_dirty) : 0;
	uint64_t first_uses = 0;

	for (; sub < end; sub++) {
		uint32_t ahead, slot;
		struct page *p;
		uint16_t f;

		__builtin_prefetch(&slots[trace[sub + TRACE_AHEAD_SLOT]]);
		/* a slot holding a page is its pfn (SLOT_PAGE is 0); for any
		 * other, page 0 is warmed: no branch to mispredict */
		ahead = slots[trace[sub + TRACE_AHEAD_PAGE]];
		__builtin_prefetch(&pages[ahead & (0u - (SLOT_TAG(ahead) == SLOT_PAGE))]);
		slot = slots[trace[sub]];
		if (SLOT_TAG(slot) != SLOT_PAGE) {
			if (!misses)
				break;
			if (!trace_miss(e, t, trace[sub])) {
				sub++;
				break;
			}
			continue;
		}
		p = &pages[SLOT_VAL(slot)];
		f = p->flags;
		/* mark_page_accessed(): inactive, referenced, on the LRU: it
		 * activates, the caller's.  Otherwise PG_referenced is set, and
		 * was a first use if it was clear; without a branch on it, as
		 * it is as random as the trace. */
		if (((f & (ref | act)) == ref) & PageLRU(p))
			break;
		p->flags = f | ref | dirty;
		first_uses += !(f & ref);
	}
	e->c.decisions[OUT_REFERENCE] += first_uses;
	return sub;
}

/*
 * workload_fast_run() for the commonest long operation, a trace of one
 * object (make bench's standard trace, `run --trace`): the loop below with
 * what cannot change in it hoisted out, the common accesses in
 * trace_hits(), and the rest through do_rw().  The state changes are
 * do_rw()'s, in the same order.
 * Hoisted, and why it holds:
 *  - the write-back due next: only reclaim starts one, and reclaim stops
 *    this loop, so the ring's head stays put and the steps left before it
 *    falls due are known at the start;
 *  - "free memory at the low watermark or above": only a miss changes the
 *    free count, so it is tested again after each one.  While it holds, a
 *    hit can neither wake kswapd nor need reclaim.
 */
static ENGINE_FLATTEN uint64_t trace_fast_run(struct engine *e, const struct wl_op *op, bool write,
					      uint64_t max)
{
	uint32_t obj = op->object, *slots = page_slot(e, obj, 0), index = 0;
	const uint32_t *trace = op->trace;
	struct page *pages = e->pages;
	uint64_t start = e->c.sub, sub = start, end = start + max, len = e->c.op_len;
	uint64_t warm_end = len > TRACE_AHEAD_SLOT ? len - TRACE_AHEAD_SLOT : 0, step0 = e->c.step;
	bool quiet = nr_free_pages(e) >= e->c.wmark_low;
	/* a miss needs the min watermark's page too (the check below) */
	struct trace_loop t = { trace,
				slots,
				pages,
				obj,
				e->c.wmark_low > e->c.wmark_min ? e->c.wmark_low : e->c.wmark_min + 1,
				write };

	if (e->c.wb_len) {
		int32_t room = (int32_t)(pages[e->wb_ring[e->c.wb_head]].wb_due - (uint32_t)(step0 + 1));
		if (room <= 0)
			return 0;
		if ((uint64_t)room < max)
			end = start + (uint64_t)room;
	}
	while (sub < end) {
		enum outcome out;
		uint32_t slot;

		if (quiet && sub < warm_end) {
			uint64_t stop = end < warm_end ? end : warm_end;
#ifdef VMSCAN_DEBUG
			stop = sub + 1; /* engine_check after every step */
#endif
			sub = trace_hits(e, &t, sub, stop, nr_free_pages(e) >= t.quiet_mark);
#ifdef VMSCAN_DEBUG
			e->c.sub = sub;
			e->c.step = step0 + (sub - start);
			debug_check(e);
#endif
			if (sub >= end || reclaim_running(e))
				break; /* done, or kswapd woke */
		}
		/* the rest - a hit that activates, memory below the low
		 * watermark, the trace's last few accesses - as do_rw() has it */
		index = trace[sub];
		slot = slots[index];
		if (SLOT_TAG(slot) != SLOT_PAGE && !zone_watermark_ok(e, e->c.wmark_min, 1))
			break; /* the allocation reclaims first: the full step */
		e->c.sub = sub;
		e->c.step = step0 + (sub - start);
		out = do_rw(e, obj, index, write, NULL);
		after_workload(e, out);
		e->c.sub = ++sub;
		e->c.step++;
		debug_check(e);
		if (reclaim_running(e))
			break; /* kswapd woke */
		quiet = nr_free_pages(e) >= e->c.wmark_low;
	}
	e->c.sub = sub;
	e->c.step = step0 + (sub - start);
	if (sub > start) {
		/* as current_access(), advance() and after_workload() leave them */
		e->c.pend_obj = obj;
		e->c.pend_index = trace[sub - 1];
		e->c.pend_valid = false;
		e->c.alloc_reclaimed = e->c.kswapd_tried = false;
	}
	return sub - start;
}

/*
 * engine_run()'s inner loop: up to @max accesses of the current operation,
 * while each is a read() or write() that needs no reclaim first (its page
 * is in memory, or free memory stays above the min watermark) - most of a
 * long trace.  The same calls as workload_step() makes, without the record:
 * nobody reads it.  The caller keeps the operation's last access out of
 * @max, so the cursor never leaves the operation here.  Stops before an
 * access that would reclaim or a write-back that falls due, and after one
 * that woke kswapd.  Returns the number of steps taken.
 */
static ENGINE_FLATTEN uint64_t workload_fast_run(struct engine *e, uint64_t max)
{
	const struct wl_op *op = &e->wl->ops[e->c.op];
	bool write, trace = op->kind == WL_TRACE;
	uint64_t done = 0;

	if (e->c.done || !fast_op(op, &write))
		return 0;
	if (trace && !op->trace_object)
		return trace_fast_run(e, op, write, max);
	while (done < max) {
		uint32_t obj, index;
		enum outcome out;

		if (writeback_due_at(e, e->c.step + 1))
			break;
		if (trace) {
			uint64_t sub = e->c.sub;

			if (sub + TRACE_AHEAD_SLOT < e->c.op_len)
				__builtin_prefetch(trace_slot(e, op, sub + TRACE_AHEAD_SLOT));
			if (sub + TRACE_AHEAD_PAGE < e->c.op_len) {
				uint32_t s = *trace_slot(e, op, sub + TRACE_AHEAD_PAGE);
				if (SLOT_TAG(s) == SLOT_PAGE)
					__builtin_prefetch(&e->pages[SLOT_VAL(s)]);
			}
		}
		if (!current_access(e, &obj, &index))
			break;
		if (SLOT_TAG(*page_slot(e, obj, index)) != SLOT_PAGE &&
		    !zone_watermark_ok(e, e->c.wmark_min, 1))
			break; /* the allocation reclaims first: the full step */
		out = do_rw(e, obj, index, write, NULL);
		/* advance(): the caller left the last access out, so the
		 * operation goes on */
		e->c.pend_valid = false;
		e->c.sub++;
		e->c.step++;
		done++;
		after_workload(e, out);
		debug_check(e);
		if (reclaim_running(e))
			break; /* kswapd woke */
	}
	return done;
}

uint64_t engine_run(struct engine *e, uint64_t n)
{
	uint64_t taken = 0;

	while (taken < n && !engine_done(e)) {
		/* The last step of the run is always a full one, so that
		 * engine_last() holds its record, and so is an operation's
		 * last access (the workload may end with it).  Before them,
		 * two kinds of step run without a record, their state change
		 * being the same: read()s and write()s that need no reclaim
		 * first (workload_fast_run), and reclaim's pages of an
		 * isolated batch (reclaim_run).  Every other step - the
		 * reclaim state machine's moves above all - is the full
		 * engine_step(). */
		if (taken + 1 < n) {
			uint64_t room = n - taken - 1, k = 0;

			if (reclaim_running(e)) {
				const struct reclaim_policy *p = e->policy;
				k = p->reclaim_run ? p->reclaim_run(e, room)
						   : reclaim_run(e, room, p->check_references);
			} else if (e->c.sub + 1 < e->c.op_len) {
				uint64_t left = e->c.op_len - e->c.sub - 1;
				k = workload_fast_run(e, room < left ? room : left);
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
