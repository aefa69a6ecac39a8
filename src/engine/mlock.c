/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/mlock.c - mlock: pages that reclaim may not take (mm/mlock.c)
 *
 * A page in a VM_LOCKED mapping is PG_mlocked and lives on the
 * unevictable list, where the scanner never looks (the split LRU of
 * 2.6.28).  A page that reclaim isolated while mlock ran is found in its
 * VM_LOCKED mapping later and culled (try_to_unmap, SWAP_MLOCK).
 *
 * Left out: partial mlock of a mapping, mlock of anonymous memory before
 * it is touched (the pages are faulted in one a step).
 */
#include "memory.h"
#include "mlock.h"
#include "rmap.h"
#include "swap.h"
#include "vmscan.h"

bool page_evictable(const struct engine *e, const struct page *page)
{
	(void)e;
	return !PageMlocked(page);
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

void do_mlock(struct engine *e, const struct wl_op *op, uint32_t index, struct step_record *r)
{
	struct vma *v = object_vma(e, op->object, op->as);
	bool raced = false;
	uint32_t *slot;

	if (e->c.sub == 0) {
		lru_add_drain(e); /* 2.6.34 mlock.c:481 sys_mlock(): lru_add_drain_all() */
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
		else /* the page stays on its list, and the step says so */
			raced = !PageMlocked(p);
		note_page(e, r, p);
	}
	r->func = FN_MLOCK;
	r->branch = raced ? BR_MLOCK_RACE : BR_MLOCK;
}

uint32_t do_munlock(struct engine *e, const struct wl_op *op)
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
