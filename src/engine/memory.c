/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/memory.c - the workload: faults, read(), write(), mappings, mlock
 *
 * One engine step per page accessed (or per operation for map, unmap,
 * madvise, munlock, free and pause).  The rules are those of 2.6.34's
 * mm/memory.c, mm/filemap.c and mm/mlock.c, the same in 2.6.33:
 *  - a page-cache miss through a mapping reads the page, puts it at the head
 *    of the inactive file list and installs a young pte; the fault path
 *    does not call mark_page_accessed() (2.6.29, bf3f3bc);
 *  - a first touch of anonymous memory puts the page on the active anon
 *    list;
 *  - read() and write() call mark_page_accessed() once per page;
 *  - munmap hands young ptes to mark_page_accessed() (zap_pte_range).
 *
 * Left out: readahead and fault-around (only the page asked for is read),
 * COW of private file pages, shmem, partial munmap/mlock of a mapping.
 */
#include "internal.h"

static uint64_t op_steps(const struct wl_op *op)
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

bool page_evictable(const struct engine *e, const struct page *page)
{
	(void)e;
	return !PageMlocked(page);
}

/* The page a per-page operation accesses now.  Random accesses are drawn
 * once and kept until the step runs, so asking twice is harmless. */
static bool current_access(struct engine *e, uint32_t *obj, uint32_t *index)
{
	const struct wl_op *op = &e->wl->ops[e->c.op];

	if (e->c.pend_valid) {
		*obj = e->c.pend_obj;
		*index = e->c.pend_index;
		return true;
	}
	*obj = op->object;
	switch (op->kind) {
	case WL_TOUCH:
	case WL_READ:
	case WL_WRITE:
	case WL_DIRTY:
	case WL_MLOCK: *index = op->first + (uint32_t)e->c.sub; break;
	case WL_RANDOM:
		if (op->flags & WL_F_ZIPF) {
			if (e->zipf.op != e->c.op)
				zipf_setup(&e->zipf, op->range, op->theta, e->c.op);
			*index = op->first + zipf_sample(&e->zipf, e->c.rng);
		} else {
			*index = op->first + (uint32_t)(((rng_next(e->c.rng) >> 32) * op->range) >> 32);
		}
		break;
	case WL_TRACE:
		*index = op->trace[e->c.sub];
		if (op->trace_object)
			*obj = op->trace_object[e->c.sub];
		break;
	default: return false;
	}
	/* kept until the step runs: a random draw must not be drawn twice */
	e->c.pend_obj = *obj;
	e->c.pend_index = *index;
	e->c.pend_valid = true;
	return true;
}

static void advance(struct engine *e);

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

/* The mapping of @obj that covers @index; without one, the access maps the
 * whole object implicitly (as a program that mmapped the file would). */
static unsigned find_vma(struct engine *e, uint32_t obj, uint32_t index)
{
	unsigned as, free_slot = MAX_MAPPINGS;

	for (as = 0; as < MAX_MAPPINGS; as++) {
		struct vma *v = object_vma(e, obj, as);
		if (v->in_use && index >= v->first && index - v->first < v->count)
			return as;
		if (!v->in_use && free_slot == MAX_MAPPINGS)
			free_slot = as;
	}
	as = free_slot == MAX_MAPPINGS ? 0 : free_slot;
	struct vma *v = object_vma(e, obj, as);
	if (!v->in_use) {
		v->in_use = 1;
		v->flags = e->wl->objects[obj].exec ? VM_EXEC : 0;
		e->obj[obj].nr_vmas++;
	}
	v->first = 0;
	v->count = e->wl->objects[obj].pages;
	return as;
}

/* A new page for @obj/@index: takes a free page, fills it from disk or
 * swap, and puts it in the page cache.  Returns its pfn, off every list;
 * the caller adds it.  Sets *old to the slot's old contents. */
ENGINE_HOT uint32_t page_cache_alloc(struct engine *e, uint32_t obj, uint32_t index, uint32_t *old)
{
	uint32_t pfn = alloc_page(e);
	struct page *p = pfn_to_page(e, pfn);
	uint32_t *slot = page_slot(e, obj, index);

	*old = *slot;
	p->object = obj;
	p->index = index;
	*slot = slot_make(SLOT_PAGE, pfn);
	e->obj[obj].resident++;
	e->obj[obj].faults++;
	if (SLOT_TAG(*old) == SLOT_SHADOW || SLOT_TAG(*old) == SLOT_SWAP) {
		e->obj[obj].refaults++;
		count_vm_event(e, SIM_REFAULT);
	}
	return pfn;
}

/* Which list a file page that was just read in goes to.  3.15: a refault
 * whose distance fits in the active list is inserted active. */
ENGINE_HOT enum lru_list file_page_list(struct engine *e, uint32_t old, uint16_t *branch)
{
	if (SLOT_TAG(old) != SLOT_SHADOW || !e->policy->refault_activate)
		return LRU_INACTIVE_FILE;
	count_vm_event(e, WORKINGSET_REFAULT);
	if (e->policy->refault_activate(e, SLOT_VAL(old))) {
		count_vm_event(e, WORKINGSET_ACTIVATE);
		*branch = BR_REFAULT_ACTIVATE;
		return LRU_ACTIVE_FILE;
	}
	*branch = BR_REFAULT_INACTIVE;
	return LRU_INACTIVE_FILE;
}

static void note_page(const struct engine *e, struct step_record *r, const struct page *p)
{
	r->pfn = page_to_pfn(e, p);
	r->to = p->lru;
	if (PageReferenced(p))
		r->inputs |= IN_REFERENCED_PAGE;
	if (page_mapped(p))
		r->inputs |= IN_MAPPED;
	if (PageAnon(p))
		r->inputs |= IN_ANON;
	if (PageDirty(p))
		r->inputs |= IN_DIRTY;
}

/* mlock_vma_page(): PG_mlocked set, and off the evictable lists. */
void mlock_vma_page(struct engine *e, struct page *page)
{
	if (PageMlocked(page))
		return;
	page_set(page, PG_mlocked);
	count_vm_event(e, UNEVICTABLE_PGS_MLOCKED);
	if (PageLRU(page) && !PageUnevictable(page))
		putback_lru_page(e, page);
}

/* munlock_vma_page(): unless another locked mapping still maps it, the page
 * goes back to the inactive list of its type (2.6.34: rescued). */
void munlock_vma_page(struct engine *e, struct page *page)
{
	for (unsigned as = 0; as < MAX_MAPPINGS; as++)
		if ((page->mapped >> as & 1) && (object_vma(e, page->object, as)->flags & VM_LOCKED))
			return;
	if (!page_test_clear(page, PG_mlocked))
		return;
	count_vm_event(e, UNEVICTABLE_PGS_MUNLOCKED);
	if (page->lru == LRU_UNEVICTABLE) {
		page_clear(page, PG_active);
		putback_lru_page(e, page);
		count_vm_event(e, UNEVICTABLE_PGS_RESCUED);
	}
}

static bool vm_swap_full(const struct engine *e)
{
	return (uint64_t)e->c.swap_free * 2 < e->wl->memory.swap_pages;
}

/* try_to_free_swap(): give up the swap copy; the page is the only one now. */
static void free_swap_cache(struct engine *e, struct page *p)
{
	if (page_test_clear(p, PG_swapcache))
		e->c.swap_free++;
}

/* An access through a mapping: the hardware sets the accessed bit if the
 * pte is there, otherwise the page faults. */
static void do_touch(struct engine *e, uint32_t obj, uint32_t index, bool write, struct step_record *r)
{
	unsigned as = find_vma(e, obj, index);
	const struct vma *vma = object_vma(e, obj, as);
	uint32_t *slot = page_slot(e, obj, index);
	uint32_t old, pfn;
	struct page *p;

	r->func = FN_HANDLE_MM_FAULT;
	if (write)
		r->inputs |= IN_WRITE;
	if (SLOT_TAG(*slot) == SLOT_PAGE) {
		p = pfn_to_page(e, SLOT_VAL(*slot));
		r->from = p->lru;
		if (p->mapped >> as & 1) {
			p->young |= (uint8_t)(1u << as);
			if (write)
				p->pte_dirty |= (uint8_t)(1u << as);
			r->branch = vma->flags & VM_SEQ_READ ? BR_TOUCH_SEQ : BR_TOUCH_YOUNG;
			r->func = FN_NONE;
		} else {
			count_vm_event(e, PGFAULT);
			page_add_rmap(e, p, as, write);
			r->branch = BR_FAULT_MINOR;
		}
		if ((vma->flags & VM_LOCKED) && !PageMlocked(p))
			mlock_vma_page(e, p);
		note_page(e, r, p);
		return;
	}

	r->from = LRU_FREE;
	count_vm_event(e, PGFAULT);
	pfn = page_cache_alloc(e, obj, index, &old);
	p = pfn_to_page(e, pfn);
	r->outcome = SLOT_TAG(old) == SLOT_EMPTY ? OUT_FAULT : OUT_REFAULT;
	if (e->wl->objects[obj].type == OBJ_ANON) {
		page_set(p, PG_anon);
		if (SLOT_TAG(old) == SLOT_SWAP) {
			/* 2.6.34 do_swap_page(): back into the swap cache, inactive
			 * anon; the copy in swap is kept unless swap is filling up or
			 * the access writes. */
			count_vm_event(e, PGMAJFAULT);
			count_vm_event(e, PSWPIN);
			count_vm_events(e, PGPGIN, 4);
			page_set(p, PG_swapcache);
			if (write || vm_swap_full(e)) {
				free_swap_cache(e, p);
				page_set(p, PG_dirty);
			}
			r->branch = BR_FAULT_SWAPIN;
			lru_cache_add(e, pfn, (vma->flags & VM_LOCKED) ? LRU_UNEVICTABLE : LRU_INACTIVE_ANON);
		} else {
			r->branch = BR_FAULT_ANON;
			lru_cache_add(e, pfn, (vma->flags & VM_LOCKED) ? LRU_UNEVICTABLE : LRU_ACTIVE_ANON);
		}
	} else {
		count_vm_event(e, PGMAJFAULT);
		count_vm_events(e, PGPGIN, 4);
		r->branch = BR_FAULT_FILE;
		enum lru_list l = file_page_list(e, old, &r->branch);
		lru_cache_add(e, pfn, (vma->flags & VM_LOCKED) ? LRU_UNEVICTABLE : l);
	}
	if (vma->flags & VM_LOCKED) {
		page_set(p, PG_mlocked);
		count_vm_event(e, UNEVICTABLE_PGS_MLOCKED);
		r->branch = BR_FAULT_LOCKED;
	}
	page_add_rmap(e, p, as, write);
	note_page(e, r, p);
}

/* read() or write() of one page: do_generic_file_read() and
 * generic_perform_write() both end in mark_page_accessed().  @r may be
 * NULL (engine_run() skipping the record); returns the outcome. */
ENGINE_HOT enum outcome do_rw(struct engine *e, uint32_t obj, uint32_t index, bool write,
			      struct step_record *r)
{
	uint32_t *slot = page_slot(e, obj, index);
	enum outcome out;
	struct page *p;

	if (SLOT_TAG(*slot) == SLOT_PAGE) {
		p = pfn_to_page(e, SLOT_VAL(*slot));
		if (r)
			r->from = p->lru;
		out = mpa_outcome(mark_page_accessed(e, p, r));
	} else {
		uint16_t placed = BR_READ_MISS;
		uint32_t old, pfn = page_cache_alloc(e, obj, index, &old);

		p = pfn_to_page(e, pfn);
		if (!write)
			count_vm_events(e, PGPGIN, 4);
		lru_cache_add(e, pfn, file_page_list(e, old, &placed));
		mark_page_accessed(e, p, NULL);
		out = SLOT_TAG(old) == SLOT_EMPTY ? OUT_FAULT : OUT_REFAULT;
		if (r) {
			r->from = LRU_FREE;
			r->branch = placed;
			r->outcome = (uint8_t)out;
		}
	}
	if (write)
		page_set(p, PG_dirty);
	if (r) {
		r->func = write ? FN_GENERIC_PERFORM_WRITE : FN_DO_GENERIC_FILE_READ;
		if (write)
			r->inputs |= IN_WRITE;
		note_page(e, r, p);
	}
	return out;
}

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
static __attribute__((noinline)) bool trace_miss(struct engine *e, const struct trace_loop *t, uint32_t index)
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
static uint64_t trace_fast_run(struct engine *e, const struct wl_op *op, bool write, uint64_t max)
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
uint64_t workload_fast_run(struct engine *e, uint64_t max)
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

/* Takes a resident page out of memory for good (truncate, munmap of anon
 * memory): no shadow is left, swap copies are released. */
static void drop_page(struct engine *e, struct page *p)
{
	uint32_t *slot = page_slot(e, p->object, p->index);

	for (unsigned as = 0; as < MAX_MAPPINGS; as++)
		page_remove_rmap(e, p, as);
	free_swap_cache(e, p);
	*slot = slot_make(SLOT_EMPTY, 0);
	e->obj[p->object].resident--;
	free_page(e, page_to_pfn(e, p));
}

static uint32_t drop_range(struct engine *e, uint32_t obj, uint32_t first, uint32_t count)
{
	uint32_t n = 0;

	for (uint32_t i = first; i < first + count; i++) {
		uint32_t *slot = page_slot(e, obj, i);
		if (SLOT_TAG(*slot) == SLOT_PAGE) {
			drop_page(e, pfn_to_page(e, SLOT_VAL(*slot)));
			n++;
		} else if (SLOT_TAG(*slot) == SLOT_SWAP) {
			e->c.swap_free++;
			*slot = slot_make(SLOT_EMPTY, 0);
		}
	}
	return n;
}

/* munmap of mapping @as: zap_pte_range() per page. */
static uint32_t do_unmap(struct engine *e, uint32_t obj, unsigned as)
{
	struct vma *v = object_vma(e, obj, as);
	uint32_t n = 0;

	if (!v->in_use)
		return 0;
	for (uint32_t i = v->first; i < v->first + v->count; i++) {
		uint32_t *slot = page_slot(e, obj, i);
		struct page *p;

		if (SLOT_TAG(*slot) != SLOT_PAGE)
			continue;
		p = pfn_to_page(e, SLOT_VAL(*slot));
		if (!(p->mapped >> as & 1))
			continue;
		n++;
		/* 2.6.34 zap_pte_range(): a young pte of a file page is passed
		 * on to mark_page_accessed(), unless the VMA said sequential.
		 * This is what lets patch 2/3 drop page_mapping_inuse(). */
		if (page_is_file_cache(p) && (p->young >> as & 1) && !(v->flags & VM_SEQ_READ))
			mark_page_accessed(e, p, NULL);
		page_remove_rmap(e, p, as);
		if (v->flags & VM_LOCKED) {
			v->flags &= (uint8_t)~VM_LOCKED;
			munlock_vma_page(e, p);
			v->flags |= VM_LOCKED;
		}
		if (PageAnon(p) && !page_mapped(p))
			drop_page(e, p);
	}
	if (e->wl->objects[obj].type == OBJ_ANON)
		drop_range(e, obj, v->first, v->count);
	v->in_use = 0;
	v->flags = 0;
	e->obj[obj].nr_vmas--;
	return n;
}

static void do_map(struct engine *e, const struct wl_op *op)
{
	struct vma *v = object_vma(e, op->object, op->as);

	if (v->in_use)
		do_unmap(e, op->object, op->as);
	v->in_use = 1;
	v->first = op->first;
	v->count = op->count;
	v->flags =
		(uint8_t)((op->flags & WL_F_EXEC ? VM_EXEC : 0) | (op->flags & WL_F_SEQ ? VM_SEQ_READ : 0));
	e->obj[op->object].nr_vmas++;
}

static void do_mlock(struct engine *e, const struct wl_op *op, uint32_t index, struct step_record *r)
{
	struct vma *v = object_vma(e, op->object, op->as);
	uint32_t *slot;

	if (e->c.sub == 0) {
		if (!v->in_use || v->first != op->first || v->count != op->count) {
			struct wl_op m = *op;
			m.flags = e->wl->objects[op->object].exec ? WL_F_EXEC : 0;
			do_map(e, &m);
		}
		v->flags |= VM_LOCKED;
	}
	slot = page_slot(e, op->object, index);
	if (SLOT_TAG(*slot) != SLOT_PAGE) {
		do_touch(e, op->object, index, false, r); /* faults straight onto the unevictable list */
	} else {
		struct page *p = pfn_to_page(e, SLOT_VAL(*slot));
		r->from = p->lru;
		if (!(p->mapped >> op->as & 1))
			page_add_rmap(e, p, op->as, false);
		/* 2.6.34 page_check_references: "mlock lost the isolation race";
		 * the page is left for reclaim to find in its VM_LOCKED mapping */
		if (!(op->flags & WL_F_RACE))
			mlock_vma_page(e, p);
		note_page(e, r, p);
	}
	r->func = FN_MLOCK;
	r->branch = BR_MLOCK;
}

static uint32_t do_munlock(struct engine *e, const struct wl_op *op)
{
	struct vma *v = object_vma(e, op->object, op->as);
	uint32_t n = 0;

	if (!v->in_use || !(v->flags & VM_LOCKED))
		return 0;
	v->flags &= (uint8_t)~VM_LOCKED;
	for (uint32_t i = v->first; i < v->first + v->count; i++) {
		uint32_t *slot = page_slot(e, op->object, i);
		if (SLOT_TAG(*slot) == SLOT_PAGE) {
			munlock_vma_page(e, pfn_to_page(e, SLOT_VAL(*slot)));
			n++;
		}
	}
	return n;
}

static void do_alloc(struct engine *e, uint8_t order, struct step_record *r)
{
	for (uint32_t i = 0; i < 1u << order; i++)
		list_add_head(e, alloc_page(e), LRU_KERNEL);
	r->count = 1u << order;
	r->from = LRU_FREE;
	r->to = LRU_KERNEL;
}

static uint32_t do_free_kernel(struct engine *e, uint32_t n)
{
	uint32_t done = 0;

	while (done < n && e->c.lists[LRU_KERNEL].nr) {
		free_page(e, e->c.lists[LRU_KERNEL].head);
		done++;
	}
	return done;
}

static void advance(struct engine *e)
{
	const struct wl_op *op;

	e->c.pend_valid = false;
	if (++e->c.sub < e->c.op_len)
		return;
	e->c.sub = 0;
	do {
		if (++e->c.op >= e->wl->nr_ops) {
			e->c.done = true;
			return;
		}
		op = &e->wl->ops[e->c.op];
	} while (op_steps(op) == 0);
	e->c.op_len = op_steps(op);
	if (op->kind == WL_RANDOM)
		rng_seed(e->c.rng, op->seed);
}

/* Positions the cursor on the first operation that has steps. */
void workload_begin(struct engine *e)
{
	e->c.op = 0;
	e->c.sub = 0;
	while (e->c.op < e->wl->nr_ops && op_steps(&e->wl->ops[e->c.op]) == 0)
		e->c.op++;
	if (e->c.op >= e->wl->nr_ops) {
		e->c.done = true;
		return;
	}
	e->c.op_len = op_steps(&e->wl->ops[e->c.op]);
	if (e->wl->ops[e->c.op].kind == WL_RANDOM)
		rng_seed(e->c.rng, e->wl->ops[e->c.op].seed);
}

/* Skips the access that could not get memory (out of memory). */
void workload_skip(struct engine *e)
{
	advance(e);
}

void workload_step(struct engine *e, struct step_record *r)
{
	const struct wl_op *op = &e->wl->ops[e->c.op];
	uint32_t obj = op->object, index = 0;

	r->kind = STEP_WORKLOAD;
	r->op = e->c.op;
	r->object = obj;
	if ((op->flags & WL_F_PAUSE) && e->c.sub == 0)
		r->inputs |= IN_PAUSE;
	if (current_access(e, &obj, &index)) {
		r->object = obj;
		r->index = index;
		r->count = 1;
	}
	switch (op->kind) {
	case WL_TOUCH: do_touch(e, obj, index, op->via == VIA_TOUCH_WRITE, r); break;
	case WL_RANDOM:
	case WL_TRACE:
		if (op->via == VIA_READ || op->via == VIA_WRITE)
			do_rw(e, obj, index, op->via == VIA_WRITE, r);
		else
			do_touch(e, obj, index, op->via == VIA_TOUCH_WRITE, r);
		break;
	case WL_READ: do_rw(e, obj, index, false, r); break;
	case WL_WRITE: do_rw(e, obj, index, true, r); break;
	case WL_DIRTY: {
		uint32_t *slot = page_slot(e, obj, index);
		r->func = FN_SET_PAGE_DIRTY;
		if (SLOT_TAG(*slot) == SLOT_PAGE) {
			struct page *p = pfn_to_page(e, SLOT_VAL(*slot));
			page_set(p, PG_dirty);
			r->from = p->lru;
			r->branch = BR_DIRTY;
			note_page(e, r, p);
		} else {
			r->branch = BR_ABSENT;
		}
		break;
	}
	case WL_MLOCK: do_mlock(e, op, index, r); break;
	case WL_MUNLOCK:
		r->func = FN_MUNLOCK;
		r->branch = BR_MUNLOCK;
		r->count = do_munlock(e, op);
		break;
	case WL_MAP:
		r->func = FN_MMAP;
		r->branch = BR_MAP;
		r->count = op->count;
		r->index = op->first;
		do_map(e, op);
		break;
	case WL_UNMAP:
		r->func = FN_MUNMAP;
		r->branch = BR_UNMAP;
		r->count = do_unmap(e, obj, op->as);
		break;
	case WL_MADVISE: {
		struct vma *v = object_vma(e, obj, op->as);
		r->func = FN_MADVISE;
		r->branch = op->flags & WL_F_SEQ ? BR_MADVISE_SEQ : BR_MADVISE_NORMAL;
		if (op->flags & WL_F_SEQ)
			v->flags |= VM_SEQ_READ;
		else
			v->flags &= (uint8_t)~VM_SEQ_READ;
		break;
	}
	case WL_ALLOC:
		r->func = FN_ALLOC_PAGES;
		r->branch = BR_ALLOC;
		r->object = OBJECT_KERNEL;
		do_alloc(e, op->order, r);
		break;
	case WL_FREE:
		r->func = FN_FREE_PAGES;
		r->branch = BR_FREE;
		r->to = LRU_FREE;
		if (obj == OBJECT_KERNEL)
			r->count = do_free_kernel(e, op->count);
		else
			r->count = drop_range(e, obj, op->first, op->count);
		break;
	default:
		r->func = FN_PAUSE;
		r->branch = BR_PAUSE;
		break;
	}
	advance(e);
}
