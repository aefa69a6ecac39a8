/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/workload_step.c - one workload step: the operation at the cursor,
 * sent down the kernel path it takes
 *
 * One engine step per page accessed (or per operation for map, unmap,
 * madvise, munlock, free and pause): a touch is a page fault or a young
 * pte (memory.c), a read() or write() goes through the page cache
 * (filemap.c), mlock and munlock through mlock.c, kernel allocations
 * through page_alloc.c.
 */
#include "cursor.h"
#include "filemap.h"
#include "memory.h"
#include "mlock.h"
#include "page_alloc.h"

/* Every operation but a read() or write() access, into record @r. */
static ENGINE_COLD void operation_step(struct engine *e, const struct wl_op *op, uint32_t obj, uint32_t index,
				       struct step_record *r)
{
	switch (op->kind) {
	case WL_TOUCH:
	case WL_RANDOM:
	case WL_TRACE: do_touch(e, obj, index, op->via == VIA_TOUCH_WRITE, r); break;
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
}

enum outcome workload_step(struct engine *e, struct step_record *r)
{
	const struct wl_op *op = &e->wl->ops[e->c.op];
	uint32_t obj = op->object, index = 0;
	bool access = current_access(e, &obj, &index), write;
	enum outcome out;

	if (r) {
		r->kind = STEP_WORKLOAD;
		r->op = e->c.op;
		r->object = obj;
		if ((op->flags & WL_F_PAUSE) && e->c.sub == 0)
			r->inputs |= IN_PAUSE;
		if (access) {
			r->index = index;
			r->count = 1;
		}
	}
	if (rw_access(op, &write)) {
		out = do_rw(e, obj, index, write, r);
	} else {
		/* engine_run() steps only read() and write() without a record;
		 * should another operation come here without one, it gets a
		 * scratch record rather than a NULL to write through */
		struct step_record scratch = { .pfn = PFN_NONE };
		struct step_record *rr = r ? r : &scratch;
		operation_step(e, op, obj, index, rr);
		if (!r)
			count_rule(e, STEP_WORKLOAD, rr->branch, rr->action);
		out = (enum outcome)rr->outcome;
	}
	advance(e);
	return out;
}
