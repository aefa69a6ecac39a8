/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/rmap.c - page table references, the reverse map (mm/rmap.c)
 *
 * A page keeps one bit per mapping of its object (at most MAX_MAPPINGS):
 * mapped, young (the pte's accessed bit) and dirty.  page_referenced() walks
 * them in mapping order as the kernel walks a file's VMAs, and
 * try_to_unmap() takes them down.  In a cgroup's limit reclaim
 * page_referenced() reads only the mappings of that cgroup's tasks, and
 * try_to_unmap() all of them (2.6.34 mm/rmap.c:911: a young pte that
 * page_referenced() skipped refuses the unmap, and the page is activated).
 *
 * Left out: the swap token (page_referenced() pretended a page of a task
 * holding it was referenced), KSM, the trylock failure that makes an
 * unlocked caller count a page as referenced, nonlinear mappings.
 */
#include <string.h>

#include "lru_gen.h"
#include "memcontrol.h"
#include "mlock.h"
#include "rmap.h"

int page_referenced(struct engine *e, struct page *page, unsigned *vm_flags)
{
	int referenced = 0;
	unsigned target = e->c.rs.sc.mem_cgroup;

	*vm_flags = 0;
	for (unsigned m = page->mapped; m; m &= m - 1) {
		unsigned as = (unsigned)__builtin_ctz(m), bit = 1u << as;
		const struct vma *vma = object_vma(e, page->object, as);

		/* 2.6.34 mm/rmap.c:570 page_referenced_file() (:502 _anon()):
		 * limit reclaim passes sc->mem_cgroup, and a mapping of an mm
		 * in another cgroup is skipped, its young bit neither tested
		 * nor cleared (mm_match_cgroup(): equality, no hierarchy) */
		if (target && vma->memcg != target)
			continue;
		/* 2.6.34 page_referenced_one(): a locked VMA ends the walk, so
		 * the page goes on to try_to_unmap and gets culled. */
		if (vma->flags & VM_LOCKED) {
			*vm_flags |= VM_LOCKED;
			/* 6.1 mm/rmap.c:816 folio_referenced_one() mlocks the page itself */
			if (folio_rules_61(e))
				mlock_vma_page(e, page);
			break;
		}
		/* 6.1 mm/rmap.c:826 folio_referenced_one(): a young pte outside
		 * VM_SEQ_READ starts the look-around, which clears it and its
		 * young neighbours, and counts one reference */
		if (lru_gen_enabled(e) && (page->young & bit) && !(vma->flags & VM_SEQ_READ)) {
			lru_gen_look_around(e, page, as);
			referenced++;
			*vm_flags |= vma->flags;
			continue;
		}
		if (page->young & bit) {
			page->young &= (uint8_t)~bit;
			/* 2.6.29: a young pte in a VM_SEQ_READ mapping is cleared
			 * but not counted as a reference. */
			if (!(vma->flags & VM_SEQ_READ)) {
				referenced++;
				*vm_flags |= vma->flags;
			}
		}
	}
	return referenced;
}

int page_referenced_2633(struct engine *e, struct page *page, struct reference_check *rc)
{
	rc->referenced_page = TestClearPageReferenced(page);
	rc->referenced_ptes = page_referenced(e, page, &rc->vm_flags);
	return rc->referenced_ptes + rc->referenced_page;
}

bool page_mapping_inuse(const struct engine *e, const struct page *page)
{
	/* in page tables; swap cache was "more reluctant" to go; or the file is mmapped */
	return page_mapped(page) || PageSwapCache(page) || mapping_mapped(e, page);
}

bool mapping_mapped(const struct engine *e, const struct page *page)
{
	return page_is_file_cache(page) && page->object != OBJECT_KERNEL && e->obj[page->object].nr_vmas > 0;
}

unsigned mapped_file_percent(const struct engine *e)
{
	return (unsigned)((uint64_t)e->c.nr_mapped_file * 100 / e->nr_pages);
}

unsigned mapped_file_lru_permille(const struct engine *e)
{
	uint64_t file = zone_lru_pages(e, LRU_ACTIVE_FILE) + zone_lru_pages(e, LRU_INACTIVE_FILE);
	uint64_t share;

	/* the batch being scanned is off its list but still the file LRU's */
	if (e->c.rs.batch_lru == LRU_INACTIVE_FILE || e->c.rs.batch_lru == LRU_ACTIVE_FILE)
		file += zone_lru_pages(e, LRU_ISOLATED);
	if (!file)
		return 1000;
	share = (uint64_t)e->c.nr_mapped_file * 1000 / file;
	return share > 1000 ? 1000 : (unsigned)share;
}

/*
 * The one CPU's TLB, for a policy that claims CAP_TLB_NOFLUSH.  x86 under
 * 6.1 clears an accessed bit without flushing the TLB (6.1
 * arch/x86/mm/pgtable.c:581 ptep_clear_flush_young(), and the multi-gen
 * LRU's walks use ptep_test_and_clear_young() alike): the CPU sets the bit
 * only when it walks the page table on a TLB miss, so a page touched
 * through a translation the TLB still holds looks idle to reclaim until
 * the entry goes: unmapped (try_to_unmap() and munmap flush it), evicted
 * by another page of the same TLB set, or flushed with its mm (a context
 * switch on a CPU without PCID, qemu's default; a munmap of more than 33
 * pages).  2.6.34 flushes whenever it clears a young bit, which is the
 * same as having no TLB here.
 */
static uint32_t *tlb_entry(struct engine *e, const struct page *page)
{
	return &e->c.tlb[(e->obj[page->object].slot_base + page->index) & (TLB_ENTRIES - 1)];
}

static uint32_t tlb_key(struct engine *e, struct page *page, unsigned as)
{
	return page_to_pfn(e, page) * MAX_MAPPINGS + as + 1;
}

/* An access through the pte of mapping @as: true if the CPU walked the
 * page table for it (a TLB miss), which sets the accessed bit. */
bool tlb_fill(struct engine *e, struct page *page, unsigned as)
{
	uint32_t *t, key;

	if (!policy_has(e, CAP_TLB_NOFLUSH))
		return true;
	t = tlb_entry(e, page);
	key = tlb_key(e, page, as);
	if (*t == key)
		return false;
	*t = key;
	return true;
}

void tlb_flush_mm(struct engine *e)
{
	if (policy_has(e, CAP_TLB_NOFLUSH))
		memset(e->c.tlb, 0, sizeof e->c.tlb);
}

/* The pte of mapping @as is cleared: its translation is flushed. */
static void tlb_flush_page(struct engine *e, struct page *page, unsigned as)
{
	uint32_t *t;

	if (!policy_has(e, CAP_TLB_NOFLUSH))
		return;
	t = tlb_entry(e, page);
	if (*t == tlb_key(e, page, as))
		*t = 0;
}

/* A pte of mapping @as now maps @page, young (the access that faulted it
 * in); dirty too for a write. */
void page_add_rmap(struct engine *e, struct page *page, unsigned as, bool write)
{
	uint8_t bit = (uint8_t)(1u << as);

	if (!page->mapped && page_is_file_cache(page)) {
		e->c.nr_mapped_file++;
		if (page->memcg)
			mem_cgroup_update_file_mapped(e, page, 1);
	}
	page->mapped |= bit;
	page->young |= bit;
	tlb_fill(e, page, as); /* the access that faulted loads the new pte */
	if (write)
		page->pte_dirty |= bit;
}

/* The pte of mapping @as is gone; its dirty bit moves to PG_dirty, as
 * zap_pte_range() and try_to_unmap_one() both do. */
void page_remove_rmap(struct engine *e, struct page *page, unsigned as)
{
	uint8_t bit = (uint8_t)(1u << as);

	if (!(page->mapped & bit))
		return;
	if (page->pte_dirty & bit)
		page_set(page, PG_dirty);
	tlb_flush_page(e, page, as);
	page->mapped &= (uint8_t)~bit;
	page->young &= (uint8_t)~bit;
	page->pte_dirty &= (uint8_t)~bit;
	if (!page->mapped && page_is_file_cache(page)) {
		e->c.nr_mapped_file--;
		if (page->memcg)
			mem_cgroup_update_file_mapped(e, page, -1);
	}
}

/* 2.6.34 try_to_unmap(): per mapping, a locked VMA makes the page mlocked
 * (SWAP_MLOCK), a pte found young again refuses (SWAP_FAIL); otherwise the
 * pte goes (for anon pages a swap entry takes its place). */
enum ttu_result try_to_unmap(struct engine *e, struct page *page)
{
	for (unsigned m = page->mapped; m; m &= m - 1) {
		unsigned as = (unsigned)__builtin_ctz(m), bit = 1u << as;

		if (object_vma(e, page->object, as)->flags & VM_LOCKED) {
			mlock_vma_page(e, page);
			return SWAP_MLOCK;
		}
		/* 6.1 try_to_unmap_one() no longer tests the accessed bit */
		if ((page->young & bit) && !folio_rules_61(e)) {
			page->young &= (uint8_t)~bit;
			return SWAP_FAIL;
		}
		page_remove_rmap(e, page, as);
	}
	return SWAP_SUCCESS;
}
