/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/memory.c - page faults and mappings (mm/memory.c)
 *
 * An access through a mapping either finds its pte (the hardware sets the
 * accessed bit, the kernel is not told) or faults.  The rules are those of
 * 2.6.34, the same in 2.6.33:
 *  - a page-cache miss through a mapping reads the page, puts it at the head
 *    of the inactive file list and installs a young pte; the fault path
 *    does not call mark_page_accessed() (2.6.29, bf3f3bc);
 *  - a first touch of anonymous memory puts the page on the active anon
 *    list; a swapped-out page comes back on the inactive one;
 *  - munmap hands young ptes to mark_page_accessed() (zap_pte_range).
 *
 * Left out: fault-around (only the page asked for is read), COW of private
 * file pages, shmem, partial munmap of a mapping.
 */
#include "filemap.h"
#include "lru_gen.h"
#include "memory.h"
#include "mlock.h"
#include "page_alloc.h"
#include "rmap.h"
#include "swap.h"

/* The mapping of @obj that covers @index in the address space of the task
 * doing the current operation; without one, the access maps the whole
 * object implicitly (as a program that mmapped the file would).  Each task
 * reaches a page through its own page table: with cgroups a task is named
 * by its cgroup, and a mapping made by another cgroup's task is not its
 * own: its first access to a page another task mapped finds no pte in its
 * own table, a minor fault (2.6.34 mm/memory.c:3062 handle_pte_fault() on
 * the faulting mm, :3120 PGFAULT), and the young bit it leaves is in its
 * own mapping, the one 2.6.34 mm/rmap.c:570 page_referenced_file() tests
 * for its cgroup only.
 * With all eight slots taken the access falls back to a covering mapping
 * of another task, then to mapping 0 widened to the whole object. */
static unsigned find_vma(struct engine *e, uint32_t obj, uint32_t index)
{
	const struct wl_op *op = &e->wl->ops[e->c.op];
	uint8_t memcg = e->wl->nr_cgroups ? op->memcg : 0;
	unsigned as, free_slot = MAX_MAPPINGS, other = MAX_MAPPINGS;

	/* mlock() faults its pages in through the mapping it locks (2.6.34
	 * mm/mlock.c:181 __get_user_pages() on that vma), which do_mlock()
	 * has set up over them */
	if (op->kind == WL_MLOCK)
		return op->as;
	for (as = 0; as < MAX_MAPPINGS; as++) {
		struct vma *v = object_vma(e, obj, as);
		if (v->in_use && index >= v->first && index - v->first < v->count) {
			if (v->memcg == memcg)
				return as;
			if (other == MAX_MAPPINGS)
				other = as;
		}
		if (!v->in_use && free_slot == MAX_MAPPINGS)
			free_slot = as;
	}
	if (free_slot == MAX_MAPPINGS && other != MAX_MAPPINGS)
		return other;
	as = free_slot == MAX_MAPPINGS ? 0 : free_slot;
	struct vma *v = object_vma(e, obj, as);
	if (!v->in_use) {
		v->in_use = 1;
		v->flags = e->wl->objects[obj].exec ? VM_EXEC : 0;
		v->memcg = memcg; /* the mm of the task that mapped it */
		e->obj[obj].nr_vmas++;
	}
	v->first = 0;
	v->count = e->wl->objects[obj].pages;
	return as;
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

/*
 * A fault under 6.1's multi-gen LRU: the page, anon (new or swapped in)
 * or file, is PG_active while it is added (mm/swap.c:526 folio_add_lru(),
 * lru_gen_in_fault()), so it enters the youngest generation; not in a
 * MADV_SEQUENTIAL mapping (mm/memory.c:5170), where it enters the
 * oldest.  A shadow or swap entry is looked at first (lru_gen_refault(),
 * in a fault unless the mapping is MADV_SEQUENTIAL).  Counters as in the
 * two-list fault below.
 */
static void lru_gen_fault(struct engine *e, struct page *p, uint32_t obj, uint32_t old, const struct vma *vma,
			  struct step_record *r)
{
	bool anon = e->wl->objects[obj].type == OBJ_ANON;

	if (anon)
		page_set(p, PG_anon);
	if (!anon || SLOT_TAG(old) == SLOT_SWAP) {
		count_vm_event(e, PGMAJFAULT);
		count_vm_events(e, PGPGIN, 4);
	}
	if (anon && SLOT_TAG(old) == SLOT_SWAP) {
		count_vm_event(e, PSWPIN);
		page_set(p, PG_swapcache);
		if (r->inputs & IN_WRITE || vm_swap_full(e) || (vma->flags & VM_LOCKED)) {
			free_swap_cache(e, p);
			page_set(p, PG_dirty);
		}
	}
	/* 6.1 mm/memory.c:5170 lru_gen_enter_fault(): in_lru_fault only
	 * outside VM_SEQ_READ (and VM_RAND_READ, not modelled) mappings */
	lru_gen_refault(e, p, old, !(vma->flags & VM_SEQ_READ));
	if (vma->flags & VM_LOCKED) {
		page_set(p, PG_mlocked);
		count_vm_event(e, UNEVICTABLE_PGS_MLOCKED);
		r->branch = BR_FAULT_LOCKED;
		lru_cache_add(e, page_to_pfn(e, p), LRU_UNEVICTABLE);
		return;
	}
	r->branch = vma->flags & VM_SEQ_READ ? BR_GEN_FAULT_SEQ : BR_GEN_FAULT;
	if (!(vma->flags & VM_SEQ_READ))
		page_set(p, PG_active);
	lru_cache_add(e, page_to_pfn(e, p), LRU_ACTIVE_FILE);
	r->gen = (uint8_t)folio_gen_counter(p);
}

/* The list a swapped-in page joins: the inactive anon list, or with 6.1's
 * anon workingset (5.9) the active one when its shadow's refault
 * distance fits (6.1 mm/swap_state.c:496 __read_swap_cache_async() ->
 * workingset_refault()). */
static enum lru_list swapin_list(struct engine *e, struct page *p, uint32_t old)
{
	if (!policy_has(e, CAP_WORKINGSET_61))
		return LRU_INACTIVE_ANON;
	count_vm_event(e, WORKINGSET_REFAULT_ANON);
	if (!e->policy->refault_activate(e, p, SLOT_VAL(old)))
		return LRU_INACTIVE_ANON;
	count_vm_event(e, WORKINGSET_ACTIVATE_ANON);
	return LRU_ACTIVE_ANON;
}

/* The task doing the current operation runs: a switch to another task's
 * mm flushes the TLB (6.1 arch/x86/mm/tlb.c switch_mm_irqs_off(), a CPU
 * without PCID); each cgroup's tasks are one task here (find_vma()). */
static void task_switch(struct engine *e)
{
	uint8_t task;

	if (!policy_has(e, CAP_TLB_NOFLUSH))
		return;
	task = (uint8_t)((e->wl->nr_cgroups ? e->wl->ops[e->c.op].memcg : 0) + 1);
	if (e->c.tlb_task != task) {
		tlb_flush_mm(e);
		e->c.tlb_task = task;
	}
}

/* An access through a mapping: the hardware sets the accessed bit if the
 * pte is there, otherwise the page faults. */
void do_touch(struct engine *e, uint32_t obj, uint32_t index, bool write, struct step_record *r)
{
	unsigned as = find_vma(e, obj, index);
	const struct vma *vma = object_vma(e, obj, as);
	uint32_t *slot = page_slot(e, obj, index);
	uint32_t old, pfn;
	struct page *p;

	r->func = FN_HANDLE_MM_FAULT;
	if (write)
		r->inputs |= IN_WRITE;
	task_switch(e);
	if (SLOT_TAG(*slot) == SLOT_PAGE) {
		p = pfn_to_page(e, SLOT_VAL(*slot));
		r->from = p->lru;
		if (p->mapped >> as & 1) {
			if (write)
				p->pte_dirty |= (uint8_t)(1u << as);
			if (tlb_fill(e, p, as))
				p->young |= (uint8_t)(1u << as);
			r->branch = !(p->young >> as & 1)      ? BR_TOUCH_TLB
				    : vma->flags & VM_SEQ_READ ? BR_TOUCH_SEQ
							       : BR_TOUCH_YOUNG;
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
	pfn = page_cache_alloc(e, obj, index, page_slot(e, obj, index), &old);
	p = pfn_to_page(e, pfn);
	r->outcome = SLOT_TAG(old) == SLOT_EMPTY ? OUT_FAULT : OUT_REFAULT;
	/* 6.1 mm/swap.c:527 folio_add_lru() and mm/workingset.c:401: the
	 * multi-gen LRU's fault, above */
	if (lru_gen_enabled(e)) {
		lru_gen_fault(e, p, obj, old, vma, r);
		page_add_rmap(e, p, as, write);
		note_page(e, r, p);
		return;
	}
	if (e->wl->objects[obj].type == OBJ_ANON) {
		page_set(p, PG_anon);
		if (SLOT_TAG(old) == SLOT_SWAP) {
			/* 2.6.34 do_swap_page(): back into the swap cache, inactive
			 * anon; the copy in swap is kept unless the access writes
			 * (memory.c:2705 reuse_swap_page(), the page having one
			 * user here), swap is filling up or the mapping is locked
			 * (:2716 try_to_free_swap()). */
			count_vm_event(e, PGMAJFAULT);
			count_vm_event(e, PSWPIN);
			count_vm_events(e, PGPGIN, 4);
			page_set(p, PG_swapcache);
			if (write || vm_swap_full(e) || (vma->flags & VM_LOCKED)) {
				free_swap_cache(e, p);
				page_set(p, PG_dirty);
			}
			r->branch = BR_FAULT_SWAPIN;
			lru_cache_add(e, pfn,
				      (vma->flags & VM_LOCKED) ? LRU_UNEVICTABLE : swapin_list(e, p, old));
			/* 2.6.34 swap_state.c:395 swapin_readahead(): "push any
			 * new pages onto the LRU now" */
			lru_add_drain(e);
		} else {
			r->branch = BR_FAULT_ANON;
			/* 6.1 mm/memory.c:4159 do_anonymous_page():
			 * lru_cache_add_inactive_or_unevictable() (5.9) */
			lru_cache_add(e, pfn,
				      (vma->flags & VM_LOCKED)		 ? LRU_UNEVICTABLE
				      : policy_has(e, CAP_WORKINGSET_61) ? LRU_INACTIVE_ANON
									 : LRU_ACTIVE_ANON);
		}
	} else {
		count_vm_event(e, PGMAJFAULT);
		count_vm_events(e, PGPGIN, 4);
		r->branch = BR_FAULT_FILE;
		enum lru_list l = file_page_list(e, p, old, &r->branch);
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

uint32_t drop_range(struct engine *e, uint32_t obj, uint32_t first, uint32_t count)
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
uint32_t do_unmap(struct engine *e, uint32_t obj, unsigned as)
{
	struct vma *v = object_vma(e, obj, as);
	uint32_t n = 0;

	if (!v->in_use)
		return 0;
	lru_add_drain(e); /* 2.6.34 mmap.c:1880 unmap_region(), memory.c:1198 zap_page_range() */
	/* 6.1 arch/x86/mm/tlb.c:993 flush_tlb_mm_range(): more than 33 pages
	 * and the whole mm is flushed, not the range */
	if (v->count > TLB_SINGLE_PAGE_FLUSH_CEILING)
		tlb_flush_mm(e);
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

void do_map(struct engine *e, const struct wl_op *op)
{
	struct vma *v = object_vma(e, op->object, op->as);

	if (v->in_use)
		do_unmap(e, op->object, op->as);
	v->in_use = 1;
	v->memcg = e->wl->nr_cgroups ? op->memcg : 0;
	v->first = op->first;
	v->count = op->count;
	v->flags =
		(uint8_t)((op->flags & WL_F_EXEC ? VM_EXEC : 0) | (op->flags & WL_F_SEQ ? VM_SEQ_READ : 0));
	e->obj[op->object].nr_vmas++;
}
