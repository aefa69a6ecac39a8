/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_policy.c - every branch of every policy's decisions
 *
 * Each row sets up one page (type, ptes, flags, mappings of its file) and
 * names the branch and answer page_check_references() must give under one
 * policy, or keep_active() under shrink_active_list().  A row reads as a
 * sentence; one loop runs them all.  Then where each branch comes from,
 * under each policy.
 */
#include "engine/internal.h"
#include "engine/list.h"
#include "engine/lru_gen.h"
#include "engine/page_alloc.h"
#include "engine/rmap.h"
#include "engine/swap.h"
#include "harness.h"
#include "policy/registry.h"

struct setup {
	bool anon, young, referenced, locked_vma, exec_vma, seq_vma, swapcache, unmapped_but_file_mapped;
	bool mapped;
	int order;
	unsigned mapped_share; /* mapped-ratio: percent of memory held by mapped file pages */
	bool graded;	       /* mapped-graded: the file LRU holds 100 pages ... */
	unsigned file_share;   /* ... of which this many are mapped */
	uint32_t index;	       /* the page's offset in its file */
	bool on_list;	       /* mglru: left on its generation's list, not isolated */
	bool shared;	       /* mapped and young in a second mapping too */
};

struct row {
	const char *sentence;
	const char *policy;
	struct setup s;
	enum page_references want;
	const char *branch;	    /* its name */
	bool want_referenced_after; /* PG_referenced after the check */
};

#define PAGES 128

static struct object_spec objs[] = {
	{ "file", OBJ_FILE, false, PAGES },
	{ "anon", OBJ_ANON, false, PAGES },
};
static const struct wl_op nop = { .kind = WL_PAUSE, .caption = UINT32_MAX };
static const struct workload wl = {
	.memory = { .pages = 1024,
		    .swap_pages = 256,
		    .swappiness = 60,
		    .writeback_steps = 4,
		    .kswapd = true },
	.objects = objs,
	.nr_objects = 2,
	.ops = &nop,
	.nr_ops = 1,
};

/* Builds the page described by @s in a fresh engine; returns the page. */
static struct page *make_page(struct engine *e, const struct setup *s)
{
	uint32_t obj = s->anon ? 1 : 0, pfn = alloc_page(e);
	struct page *p = pfn_to_page(e, pfn);
	struct vma *v = object_vma(e, obj, 0);

	p->object = obj;
	p->index = s->index;
	*page_slot(e, obj, s->index) = slot_make(SLOT_PAGE, pfn);
	e->obj[obj].resident++;
	if (s->anon)
		page_set(p, PG_anon);
	lru_cache_add(e, page_to_pfn(e, p), s->anon ? LRU_INACTIVE_ANON : LRU_INACTIVE_FILE);
	lru_add_drain(e);
	v->in_use = 1;
	v->count = PAGES;
	e->obj[obj].nr_vmas = 1;
	v->flags = (uint8_t)((s->locked_vma ? VM_LOCKED : 0) | (s->exec_vma ? VM_EXEC : 0) |
			     (s->seq_vma ? VM_SEQ_READ : 0));
	if (s->mapped) {
		page_add_rmap(e, p, 0, false);
		if (!s->young)
			p->young = 0;
	}
	if (s->shared) {
		struct vma *w = object_vma(e, obj, 1);

		w->in_use = 1;
		w->count = PAGES;
		e->obj[obj].nr_vmas = 2;
		page_add_rmap(e, p, 1, false);
	}
	if (!s->mapped && !s->unmapped_but_file_mapped) {
		v->in_use = 0;
		e->obj[obj].nr_vmas = 0;
	}
	/* the multi-gen LRU asks folio_check_references() about a page that
	 * isolate_folio() took off its generation (gen counter 0) */
	if (e->policy->lru_gen && !s->on_list) {
		list_del(e, pfn);
		lru_gen_del_folio(e, p);
		list_add_head(e, pfn, LRU_ISOLATED);
	}
	if (s->referenced)
		SetPageReferenced(p);
	if (s->swapcache)
		page_set(p, PG_swapcache);
	/* mapped-ratio reads the share of mapped file pages */
	e->c.nr_mapped_file = (uint32_t)((uint64_t)s->mapped_share * e->nr_pages / 100);
	/* mapped-graded reads the mapped share of the file LRU: 99 more
	 * unmapped pages of the file make it 100 pages */
	if (s->graded) {
		for (uint32_t i = 0, n = 0; n < 99; i++) {
			uint32_t more;
			if (i == s->index)
				continue;
			more = alloc_page(e);
			pfn_to_page(e, more)->object = 0;
			pfn_to_page(e, more)->index = i;
			*page_slot(e, 0, i) = slot_make(SLOT_PAGE, more);
			e->obj[0].resident++;
			lru_cache_add(e, more, LRU_INACTIVE_FILE);
			n++;
		}
		lru_add_drain(e); /* on the list, as reclaim finds them */
		e->c.nr_mapped_file = s->file_share;
	}
	return p;
}

static const struct row rows[] = {
	/* 6.1 mm/vmscan.c:1446 folio_check_references(), with 6.1 mm/rmap.c:826
	 * (a young pte starts the look-around) and mm/vmscan.c:4658 (which
	 * sets PG_referenced on an isolated page) */
	{ "6.1: a young mapped page is activated at first sight: the look-around marked it",
	  "mglru",
	  { .mapped = 1, .young = 1 },
	  PAGEREF_ACTIVATE,
	  "61_young_referenced",
	  true },
	{ "6.1: a young anonymous page is activated at first sight too",
	  "mglru",
	  { .anon = 1, .mapped = 1, .young = 1 },
	  PAGEREF_ACTIVATE,
	  "61_young_referenced",
	  true },
	{ "6.1: a page in a VM_LOCKED mapping is activated (and mlocked by the rmap walk)",
	  "mglru",
	  { .mapped = 1, .young = 1, .locked_vma = 1 },
	  PAGEREF_ACTIVATE,
	  "61_vm_locked",
	  false },
	{ "6.1: a young pte in a MADV_SEQUENTIAL mapping does not count: reclaimed",
	  "mglru",
	  { .mapped = 1, .young = 1, .seq_vma = 1 },
	  PAGEREF_RECLAIM,
	  "61_unreferenced",
	  false },
	{ "6.1: a mapped page without a young pte is reclaimed",
	  "mglru",
	  { .mapped = 1 },
	  PAGEREF_RECLAIM,
	  "61_unreferenced",
	  false },
	/* the function's own rows that shrink_folio_list() cannot reach under
	 * the multi-gen LRU (the look-around marks every isolated young page,
	 * isolate_folio() clears PG_referenced): shown with a page left on
	 * its list, or marked by hand */
	{ "6.1 folio_check_references(): young, unmarked, in an exec mapping: activated (3.3)",
	  "mglru",
	  { .mapped = 1, .young = 1, .exec_vma = 1, .on_list = 1 },
	  PAGEREF_ACTIVATE,
	  "61_young_exec",
	  true },
	{ "6.1 folio_check_references(): young and unmarked: marked and kept",
	  "mglru",
	  { .mapped = 1, .young = 1, .on_list = 1 },
	  PAGEREF_KEEP,
	  "61_first_young",
	  true },
	{ "6.1 folio_check_references(): PG_referenced only, a file page: reclaimed if clean",
	  "mglru",
	  { .referenced = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  "61_used_once",
	  false },
	/* 6.1 with lru_gen off: the same folio_check_references() on the two
	 * lists, 6.1 mm/vmscan.c:1446-1500 */
	{ "6.1: a page in a VM_LOCKED mapping is activated, and the rmap walk mlocked it",
	  "6.1",
	  { .mapped = 1, .young = 1, .locked_vma = 1 },
	  PAGEREF_ACTIVATE,
	  "61_vm_locked",
	  false },
	{ "6.1: a young page already marked is activated and stays marked",
	  "6.1",
	  { .mapped = 1, .young = 1, .referenced = 1 },
	  PAGEREF_ACTIVATE,
	  "61_young_referenced",
	  true },
	{ "6.1: a file page young in two mappings is activated at first sight (3.3)",
	  "6.1",
	  { .mapped = 1, .young = 1, .shared = 1 },
	  PAGEREF_ACTIVATE,
	  "61_young_referenced",
	  true },
	{ "6.1: a young file page of an executable mapping is activated at first sight (3.3)",
	  "6.1",
	  { .mapped = 1, .young = 1, .exec_vma = 1 },
	  PAGEREF_ACTIVATE,
	  "61_young_exec",
	  true },
	{ "6.1: a young file page seen for the first time is marked and kept",
	  "6.1",
	  { .mapped = 1, .young = 1 },
	  PAGEREF_KEEP,
	  "61_first_young",
	  true },
	{ "6.1: a young anon page seen for the first time is marked and kept, not activated",
	  "6.1",
	  { .anon = 1, .mapped = 1, .young = 1 },
	  PAGEREF_KEEP,
	  "61_first_young",
	  true },
	{ "6.1: an anon page of an executable mapping is not activated at first sight",
	  "6.1",
	  { .anon = 1, .mapped = 1, .young = 1, .exec_vma = 1 },
	  PAGEREF_KEEP,
	  "61_first_young",
	  true },
	{ "6.1: no lumpy reclaim: a young page at order 4 is read as at order 0",
	  "6.1",
	  { .mapped = 1, .young = 1, .order = 4 },
	  PAGEREF_KEEP,
	  "61_first_young",
	  true },
	{ "6.1: a marked file page with no young pte was used once: reclaimed if clean",
	  "6.1",
	  { .mapped = 1, .referenced = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  "61_used_once",
	  false },
	{ "6.1: a marked anon page with no young pte is reclaimed (used-once is for file pages)",
	  "6.1",
	  { .anon = 1, .mapped = 1, .referenced = 1, .swapcache = 1 },
	  PAGEREF_RECLAIM,
	  "61_unreferenced",
	  false },
	{ "6.1: a young pte in a MADV_SEQUENTIAL mapping does not count",
	  "6.1",
	  { .mapped = 1, .young = 1, .seq_vma = 1 },
	  PAGEREF_RECLAIM,
	  "61_unreferenced",
	  false },
	/* 2.6.33: the inline test */
	{ "2.6.33: lumpy reclaim ignores a young mapped page",
	  "2.6.33",
	  { .mapped = 1, .young = 1, .order = 4 },
	  PAGEREF_RECLAIM,
	  "lumpy",
	  false },
	{ "2.6.33: an unreferenced page is reclaimed",
	  "2.6.33",
	  { .mapped = 1 },
	  PAGEREF_RECLAIM,
	  "not_referenced",
	  false },
	{ "2.6.33: a young pte in a locked vma does not count as a reference",
	  "2.6.33",
	  { .mapped = 1, .young = 1, .locked_vma = 1 },
	  PAGEREF_RECLAIM,
	  "not_referenced",
	  false },
	{ "2.6.33: a PG_referenced page in a locked vma is not activated but spared if dirty",
	  "2.6.33",
	  { .mapped = 1, .referenced = 1, .locked_vma = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  "33_vm_locked",
	  false },
	{ "2.6.33: a young mapped file page is activated at first sight",
	  "2.6.33",
	  { .mapped = 1, .young = 1 },
	  PAGEREF_ACTIVATE,
	  "mapping_inuse",
	  false },
	{ "2.6.33: an unmapped referenced page of an mmapped file is activated",
	  "2.6.33",
	  { .referenced = 1, .unmapped_but_file_mapped = 1 },
	  PAGEREF_ACTIVATE,
	  "mapping_inuse",
	  false },
	{ "2.6.33: an unmapped referenced swap-cache page is activated",
	  "2.6.33",
	  { .anon = 1, .referenced = 1, .swapcache = 1 },
	  PAGEREF_ACTIVATE,
	  "mapping_inuse",
	  false },
	{ "2.6.33: a referenced page of an unmapped file is reclaimed if clean",
	  "2.6.33",
	  { .referenced = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  "referenced_not_inuse",
	  false },
	{ "2.6.33: page_referenced clears PG_referenced of a mapped page",
	  "2.6.33",
	  { .mapped = 1, .referenced = 1 },
	  PAGEREF_ACTIVATE,
	  "mapping_inuse",
	  false },
	/* patch 1/3: the same, as a function */
	{ "patch1: an unreferenced page is reclaimed",
	  "2.6.33-patch1",
	  { .mapped = 1 },
	  PAGEREF_RECLAIM,
	  "not_referenced",
	  false },
	{ "patch1: lumpy reclaim ignores references",
	  "2.6.33-patch1",
	  { .mapped = 1, .young = 1, .order = 5 },
	  PAGEREF_RECLAIM,
	  "lumpy",
	  false },
	{ "patch1: a PG_referenced page in a locked vma is left to try_to_unmap",
	  "2.6.33-patch1",
	  { .mapped = 1, .referenced = 1, .locked_vma = 1 },
	  PAGEREF_RECLAIM,
	  "vm_locked",
	  false },
	{ "patch1: a young mapped page is activated",
	  "2.6.33-patch1",
	  { .mapped = 1, .young = 1 },
	  PAGEREF_ACTIVATE,
	  "mapping_inuse",
	  false },
	{ "patch1: an unmapped referenced page of an mmapped file is activated",
	  "2.6.33-patch1",
	  { .referenced = 1, .unmapped_but_file_mapped = 1 },
	  PAGEREF_ACTIVATE,
	  "mapping_inuse",
	  false },
	{ "patch1: a referenced page of an unmapped file is reclaimed if clean",
	  "2.6.33-patch1",
	  { .referenced = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  "referenced_not_inuse",
	  false },
	{ "patch1: order 3 still respects references",
	  "2.6.33-patch1",
	  { .mapped = 1, .young = 1, .order = 3 },
	  PAGEREF_ACTIVATE,
	  "mapping_inuse",
	  false },
	/* patch 2/3: page_mapped() */
	{ "patch2: an unreferenced page is reclaimed",
	  "2.6.33-patch2",
	  { .mapped = 1 },
	  PAGEREF_RECLAIM,
	  "not_referenced",
	  false },
	{ "patch2: lumpy reclaim ignores references",
	  "2.6.33-patch2",
	  { .mapped = 1, .young = 1, .order = 4 },
	  PAGEREF_RECLAIM,
	  "lumpy",
	  false },
	{ "patch2: a PG_referenced page in a locked vma is left to try_to_unmap",
	  "2.6.33-patch2",
	  { .mapped = 1, .referenced = 1, .locked_vma = 1 },
	  PAGEREF_RECLAIM,
	  "vm_locked",
	  false },
	{ "patch2: a young mapped page is activated",
	  "2.6.33-patch2",
	  { .mapped = 1, .young = 1 },
	  PAGEREF_ACTIVATE,
	  "referenced_mapped",
	  false },
	{ "patch2: an unmapped referenced page of an mmapped file is only reclaimed if clean",
	  "2.6.33-patch2",
	  { .referenced = 1, .unmapped_but_file_mapped = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  "referenced_unmapped",
	  false },
	{ "patch2: an unmapped referenced swap-cache page is reclaimed if clean",
	  "2.6.33-patch2",
	  { .anon = 1, .referenced = 1, .swapcache = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  "referenced_unmapped",
	  false },
	/* 2.6.34: used-once detection */
	{ "2.6.34: lumpy reclaim ignores references and still clears PG_referenced",
	  "2.6.34",
	  { .mapped = 1, .young = 1, .referenced = 1, .order = 4 },
	  PAGEREF_RECLAIM,
	  "lumpy",
	  false },
	{ "2.6.34: a locked vma leaves the page to try_to_unmap",
	  "2.6.34",
	  { .mapped = 1, .young = 1, .locked_vma = 1 },
	  PAGEREF_RECLAIM,
	  "vm_locked",
	  false },
	{ "2.6.34: a young anon page is activated at once",
	  "2.6.34",
	  { .anon = 1, .mapped = 1, .young = 1 },
	  PAGEREF_ACTIVATE,
	  "anon_young",
	  false },
	{ "2.6.34: a young mapped file page seen for the first time is kept and marked",
	  "2.6.34",
	  { .mapped = 1, .young = 1 },
	  PAGEREF_KEEP,
	  "file_first_young",
	  true },
	{ "2.6.34: a young mapped file page already marked is activated and stays marked",
	  "2.6.34",
	  { .mapped = 1, .young = 1, .referenced = 1 },
	  PAGEREF_ACTIVATE,
	  "file_young_again",
	  true },
	{ "2.6.34: a marked page with no young pte was used once: reclaim if clean",
	  "2.6.34",
	  { .mapped = 1, .referenced = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  "used_once",
	  false },
	{ "2.6.34: an unmapped page of an mmapped file with PG_referenced is reclaimed if clean",
	  "2.6.34",
	  { .referenced = 1, .unmapped_but_file_mapped = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  "used_once",
	  false },
	{ "2.6.34: a page with neither mark nor young pte is reclaimed",
	  "2.6.34",
	  { .mapped = 1 },
	  PAGEREF_RECLAIM,
	  "unreferenced",
	  false },
	{ "2.6.34: a young pte in a MADV_SEQUENTIAL vma does not count",
	  "2.6.34",
	  { .mapped = 1, .young = 1, .seq_vma = 1 },
	  PAGEREF_RECLAIM,
	  "unreferenced",
	  false },
	/* refault: 2.6.34's checks */
	{ "refault: a young mapped file page seen first is kept, as in 2.6.34",
	  "refault",
	  { .mapped = 1, .young = 1 },
	  PAGEREF_KEEP,
	  "file_first_young",
	  true },
	{ "refault: a used-once page is reclaimed if clean, as in 2.6.34",
	  "refault",
	  { .mapped = 1, .referenced = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  "used_once",
	  false },
	/* mapped-ratio */
	{ "mapped-ratio: few mapped pages: a young file page is activated at first sight",
	  "mapped-ratio",
	  { .mapped = 1, .young = 1, .mapped_share = 10 },
	  PAGEREF_ACTIVATE,
	  "mr_few_mapped",
	  true },
	{ "mapped-ratio: a middling share keeps 2.6.34's first look",
	  "mapped-ratio",
	  { .mapped = 1, .young = 1, .mapped_share = 50 },
	  PAGEREF_KEEP,
	  "file_first_young",
	  true },
	{ "mapped-ratio: a middling share activates on the second look",
	  "mapped-ratio",
	  { .mapped = 1, .young = 1, .referenced = 1, .mapped_share = 50 },
	  PAGEREF_ACTIVATE,
	  "file_young_again",
	  true },
	{ "mapped-ratio: mapped pages filling memory are reclaimed however young",
	  "mapped-ratio",
	  { .mapped = 1, .young = 1, .referenced = 1, .mapped_share = 80 },
	  PAGEREF_RECLAIM_CLEAN,
	  "mr_mostly_mapped",
	  true },
	{ "mapped-ratio: anon pages are still activated at once",
	  "mapped-ratio",
	  { .anon = 1, .mapped = 1, .young = 1, .mapped_share = 90 },
	  PAGEREF_ACTIVATE,
	  "anon_young",
	  false },
	{ "mapped-ratio: lumpy reclaim ignores references, as in 2.6.34",
	  "mapped-ratio",
	  { .mapped = 1, .young = 1, .order = 4, .mapped_share = 10 },
	  PAGEREF_RECLAIM,
	  "lumpy",
	  false },
	{ "mapped-ratio: a locked vma leaves the page to try_to_unmap, however few pages are mapped",
	  "mapped-ratio",
	  { .mapped = 1, .young = 1, .locked_vma = 1, .mapped_share = 10 },
	  PAGEREF_RECLAIM,
	  "vm_locked",
	  false },
	{ "mapped-ratio: a marked page with no young pte was used once, however few pages are mapped",
	  "mapped-ratio",
	  { .mapped = 1, .referenced = 1, .mapped_share = 10 },
	  PAGEREF_RECLAIM_CLEAN,
	  "used_once",
	  false },
	{ "mapped-ratio: an unreferenced page is reclaimed",
	  "mapped-ratio",
	  { .mapped = 1, .mapped_share = 10 },
	  PAGEREF_RECLAIM,
	  "unreferenced",
	  false },
	/* mapped-graded: the share of the file LRU; page 1's place is 727
	 * per mille, page 3's 487 (graded_place()) */
	{ "mapped-graded: few mapped pages: a young file page is activated at first sight",
	  "mapped-graded",
	  { .mapped = 1, .young = 1, .graded = 1, .file_share = 10, .index = 1 },
	  PAGEREF_ACTIVATE,
	  "mg_few_young",
	  true },
	{ "mapped-graded: few mapped pages: an unused mapped page is kept all the same",
	  "mapped-graded",
	  { .mapped = 1, .graded = 1, .file_share = 25, .index = 1 },
	  PAGEREF_KEEP,
	  "mg_few_kept",
	  false },
	{ "mapped-graded: few mapped pages: a used-once mapped page is kept all the same",
	  "mapped-graded",
	  { .mapped = 1, .referenced = 1, .graded = 1, .file_share = 10, .index = 1 },
	  PAGEREF_KEEP,
	  "mg_few_kept",
	  false },
	{ "mapped-graded: at a 50% share (weight 500) a young page placed at 487 is activated at first sight",
	  "mapped-graded",
	  { .mapped = 1, .young = 1, .graded = 1, .file_share = 50, .index = 3 },
	  PAGEREF_ACTIVATE,
	  "mg_graded",
	  true },
	{ "mapped-graded: at a 50% share a young page placed at 727 needs two sightings",
	  "mapped-graded",
	  { .mapped = 1, .young = 1, .graded = 1, .file_share = 50, .index = 1 },
	  PAGEREF_KEEP,
	  "file_first_young",
	  true },
	{ "mapped-graded: at a 26% share (weight 980) the page placed at 727 is activated at first sight",
	  "mapped-graded",
	  { .mapped = 1, .young = 1, .graded = 1, .file_share = 26, .index = 1 },
	  PAGEREF_ACTIVATE,
	  "mg_graded",
	  true },
	{ "mapped-graded: in the graded band a marked young page not protected is activated on its second "
	  "look",
	  "mapped-graded",
	  { .mapped = 1, .young = 1, .referenced = 1, .graded = 1, .file_share = 60, .index = 1 },
	  PAGEREF_ACTIVATE,
	  "file_young_again",
	  true },
	{ "mapped-graded: in the graded band an unused marked page was used once",
	  "mapped-graded",
	  { .mapped = 1, .referenced = 1, .graded = 1, .file_share = 50, .index = 3 },
	  PAGEREF_RECLAIM_CLEAN,
	  "used_once",
	  false },
	{ "mapped-graded: in the graded band an unused unmarked page is reclaimed",
	  "mapped-graded",
	  { .mapped = 1, .graded = 1, .file_share = 50, .index = 3 },
	  PAGEREF_RECLAIM,
	  "unreferenced",
	  false },
	{ "mapped-graded: mapped pages filling the file LRU are reclaimed however young",
	  "mapped-graded",
	  { .mapped = 1, .young = 1, .referenced = 1, .graded = 1, .file_share = 75, .index = 3 },
	  PAGEREF_RECLAIM_CLEAN,
	  "mg_mostly_mapped",
	  true },
	{ "mapped-graded: an unmapped page is 2.6.34's however few pages are mapped",
	  "mapped-graded",
	  { .referenced = 1, .unmapped_but_file_mapped = 1, .graded = 1, .file_share = 10, .index = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  "used_once",
	  false },
	{ "mapped-graded: anon pages are still activated at once",
	  "mapped-graded",
	  { .anon = 1, .mapped = 1, .young = 1, .graded = 1, .file_share = 90 },
	  PAGEREF_ACTIVATE,
	  "anon_young",
	  false },
	{ "mapped-graded: lumpy reclaim ignores references, however few pages are mapped",
	  "mapped-graded",
	  { .mapped = 1, .young = 1, .order = 4, .graded = 1, .file_share = 10, .index = 1 },
	  PAGEREF_RECLAIM,
	  "lumpy",
	  false },
	{ "mapped-graded: a locked vma leaves the page to try_to_unmap, however few pages are mapped",
	  "mapped-graded",
	  { .mapped = 1, .young = 1, .locked_vma = 1, .graded = 1, .file_share = 10, .index = 1 },
	  PAGEREF_RECLAIM,
	  "vm_locked",
	  false },
};

static void test_page_check_references_rows(void)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		const struct row *r = &rows[i];
		const struct reclaim_policy *pol = policy_find(r->policy);
		struct engine_error err;
		struct engine *e = engine_new(&wl, pol, &err);
		struct scan_control sc = { .order = (uint8_t)r->s.order, .priority = DEF_PRIORITY };
		struct reference_check rc = { .branch = BR_NONE };
		struct page *p;
		enum page_references got;

		CHECKF(pol && e, "%s: no engine", r->sentence);
		if (!pol || !e) {
			ROW_END();
			continue;
		}
		p = make_page(e, &r->s);
		got = pol->check_references(e, p, &sc, &rc);
		CHECKF(got == r->want, "%s: answer %d, want %d", r->sentence, got, r->want);
		CHECKF(strcmp(branch_name(pol, rc.branch), r->branch) == 0, "%s: branch %s, want %s",
		       r->sentence, branch_name(pol, rc.branch), r->branch);
		CHECKF(PageReferenced(p) == r->want_referenced_after, "%s: PG_referenced after is %d",
		       r->sentence, PageReferenced(p));
		CHECKF(!(p->young & 1) || r->s.locked_vma, "%s: the young bit was not cleared", r->sentence);
		/* 6.1 mm/rmap.c folio_referenced_one(): the walk mlocks the page */
		if (r->s.locked_vma && (pol->caps & CAP_FOLIO_61))
			CHECKF(PageMlocked(p), "%s: not mlocked by the rmap walk", r->sentence);
		engine_free(e);
		ROW_END();
	}
}

struct active_row {
	const char *sentence;
	const char *policy;
	struct setup s;
	bool want_keep, want_rotated;
	const char *branch;
	bool want_referenced_after;
};

static const struct active_row active_rows[] = {
	{ "2.6.33: an unmapped page of an unmapped file is deactivated blind, its mark kept",
	  "2.6.33",
	  { .referenced = 1 },
	  false,
	  false,
	  "act_not_inuse",
	  true },
	{ "2.6.33: a mapped page without young pte or mark is deactivated",
	  "2.6.33",
	  { .mapped = 1 },
	  false,
	  false,
	  "act_unreferenced",
	  false },
	/* 2.6.33 mm/rmap.c page_referenced(): TestClearPageReferenced() adds
	 * one to the count; vm_flags takes only young ptes' mappings' flags */
	{ "2.6.33: a marked mapped page with no young pte is referenced by its mark alone: rotated, "
	  "deactivated",
	  "2.6.33",
	  { .mapped = 1, .referenced = 1 },
	  false,
	  true,
	  "act_pg_referenced",
	  false },
	{ "2.6.33: a marked page in an exec vma with no young pte is not kept: vm_flags has no VM_EXEC",
	  "2.6.33",
	  { .mapped = 1, .referenced = 1, .exec_vma = 1 },
	  false,
	  true,
	  "act_pg_referenced",
	  false },
	{ "2.6.33: a young non-exec page counts as rotated and is deactivated",
	  "2.6.33",
	  { .mapped = 1, .young = 1 },
	  false,
	  true,
	  "act_referenced",
	  false },
	{ "2.6.33: a young executable file page stays active",
	  "2.6.33",
	  { .mapped = 1, .young = 1, .exec_vma = 1 },
	  true,
	  true,
	  "act_exec",
	  false },
	{ "2.6.33: a young anon page in an exec vma is deactivated (JITs)",
	  "2.6.33",
	  { .anon = 1, .mapped = 1, .young = 1, .exec_vma = 1 },
	  false,
	  true,
	  "act_referenced",
	  false },
	{ "patch1: unchanged: unmapped page of an mmapped file has its references read, its mark counted",
	  "2.6.33-patch1",
	  { .referenced = 1, .unmapped_but_file_mapped = 1 },
	  false,
	  true,
	  "act_pg_referenced",
	  false },
	{ "patch2: an unmapped page is deactivated blind even if its file is mapped",
	  "2.6.33-patch2",
	  { .referenced = 1, .unmapped_but_file_mapped = 1 },
	  false,
	  false,
	  "act_not_mapped",
	  true },
	{ "patch2: a mapped page without young pte or mark is deactivated",
	  "2.6.33-patch2",
	  { .mapped = 1 },
	  false,
	  false,
	  "act_unreferenced",
	  false },
	/* 2.6.33 mm/rmap.c page_referenced(): TestClearPageReferenced() adds
	 * one to the count; vm_flags takes only young ptes' mappings' flags */
	{ "patch2: a marked mapped page with no young pte is referenced by its mark alone: rotated, "
	  "deactivated",
	  "2.6.33-patch2",
	  { .mapped = 1, .referenced = 1 },
	  false,
	  true,
	  "act_pg_referenced",
	  false },
	{ "patch2: a marked page in an exec vma with no young pte is not kept: vm_flags has no VM_EXEC",
	  "2.6.33-patch2",
	  { .mapped = 1, .referenced = 1, .exec_vma = 1 },
	  false,
	  true,
	  "act_pg_referenced",
	  false },
	{ "patch2: a young non-exec page counts as rotated and is deactivated",
	  "2.6.33-patch2",
	  { .mapped = 1, .young = 1 },
	  false,
	  true,
	  "act_referenced",
	  false },
	{ "patch2: a young executable file page stays active",
	  "2.6.33-patch2",
	  { .mapped = 1, .young = 1, .exec_vma = 1 },
	  true,
	  true,
	  "act_exec",
	  false },
	{ "2.6.34: PG_referenced alone does not count on the active list",
	  "2.6.34",
	  { .mapped = 1, .referenced = 1 },
	  false,
	  false,
	  "act_unreferenced",
	  true },
	{ "2.6.34: a young non-exec page counts as rotated and is deactivated",
	  "2.6.34",
	  { .mapped = 1, .young = 1 },
	  false,
	  true,
	  "act_referenced",
	  false },
	{ "2.6.34: a young executable file page stays active",
	  "2.6.34",
	  { .mapped = 1, .young = 1, .exec_vma = 1 },
	  true,
	  true,
	  "act_exec",
	  false },
	{ "2.6.34: an unmapped page is deactivated",
	  "2.6.34",
	  { .referenced = 1 },
	  false,
	  false,
	  "act_unreferenced",
	  true },
	/* 6.1 mm/vmscan.c:2615-2634 */
	{ "6.1: a young executable file page stays active",
	  "6.1",
	  { .mapped = 1, .young = 1, .exec_vma = 1 },
	  true,
	  true,
	  "act_exec",
	  false },
	{ "6.1: a young page of a plain mapping is deactivated",
	  "6.1",
	  { .mapped = 1, .young = 1 },
	  false,
	  true,
	  "act_referenced",
	  false },
	{ "6.1: a young anon page of an executable mapping is deactivated (JITs)",
	  "6.1",
	  { .anon = 1, .mapped = 1, .young = 1, .exec_vma = 1 },
	  false,
	  true,
	  "act_referenced",
	  false },
	{ "6.1: PG_referenced alone does not count on the active list",
	  "6.1",
	  { .mapped = 1, .referenced = 1 },
	  false,
	  false,
	  "act_unreferenced",
	  true },
};

static void test_keep_active_rows(void)
{
	for (size_t i = 0; i < sizeof active_rows / sizeof active_rows[0]; i++) {
		ROW_BEGIN(active_rows[i].sentence);
		const struct active_row *r = &active_rows[i];
		const struct reclaim_policy *pol = policy_find(r->policy);
		struct engine_error err;
		struct engine *e = engine_new(&wl, pol, &err);
		struct reference_check rc = { .branch = BR_NONE };
		struct page *p;
		bool keep;

		if (!pol || !e) {
			CHECKF(0, "%s: no engine", r->sentence);
			ROW_END();
			continue;
		}
		p = make_page(e, &r->s);
		keep = pol->keep_active(e, p, &rc);
		CHECKF(keep == r->want_keep, "%s: keep %d", r->sentence, keep);
		CHECKF(rc.rotated == r->want_rotated, "%s: rotated %d", r->sentence, rc.rotated);
		/* 6.1 mm/vmscan.c:2634: a deactivated page is marked PG_workingset */
		if (pol->caps & CAP_WORKINGSET_61)
			CHECKF(PageWorkingset(p) == !keep, "%s: PG_workingset %d", r->sentence,
			       PageWorkingset(p));
		CHECKF(strcmp(branch_name(pol, rc.branch), r->branch) == 0, "%s: branch %s, want %s",
		       r->sentence, branch_name(pol, rc.branch), r->branch);
		CHECKF(PageReferenced(p) == r->want_referenced_after, "%s: PG_referenced after is %d",
		       r->sentence, PageReferenced(p));
		engine_free(e);
		ROW_END();
	}
}

/* Every test a policy lists for the decision panel has a row above that
 * makes it decide (no untested rule): a row of a policy that runs the same
 * function (refault runs 2.6.34's page_check_references(), patch 1/3
 * 2.6.33's shrink_active_list() test). */
static bool has_row(const struct reclaim_policy *pol, const char *branch, bool active)
{
	if (!active) {
		for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
			const struct reclaim_policy *of = policy_find(rows[i].policy);
			if (of && of->check_references == pol->check_references &&
			    strcmp(rows[i].branch, branch) == 0)
				return true;
		}
		return false;
	}
	for (size_t i = 0; i < sizeof active_rows / sizeof active_rows[0]; i++) {
		const struct reclaim_policy *of = policy_find(active_rows[i].policy);
		if (of && of->keep_active == pol->keep_active && strcmp(active_rows[i].branch, branch) == 0)
			return true;
	}
	return false;
}

/* Where a branch comes from, under the policy that runs it: the engine's
 * own rules are those of the policy's kernel unless they are older, and a
 * policy's tests say where each came from in that policy. */
struct origin_row {
	const char *sentence;
	const char *policy;
	const char *branch;
	const char *want; /* the origin, or the start of it */
};

static const struct origin_row origin_rows[] = {
	{ "under 2.6.33, shrink_page_list's activation is 2.6.33's", "2.6.33", "spl_activate",
	  "2.6.33 shrink_page_list, activate_locked" },
	{ "under 2.6.34, the same activation is 2.6.34's", "2.6.34", "spl_activate",
	  "2.6.34 shrink_page_list, activate_locked" },
	{ "under patch 2/3, a freed page leaves through 2.6.33's __remove_mapping", "2.6.33-patch2",
	  "spl_freed", "2.6.33 __remove_mapping" },
	{ "under the refault policy, a read miss is 2.6.34's do_generic_file_read", "refault", "read_miss",
	  "2.6.34 do_generic_file_read" },
	{ "a rule older than both kernels keeps its version", "2.6.33", "spl_unevictable",
	  "2.6.28 split LRU, cull_mlocked" },
	{ "a rule from a later kernel keeps its version", "refault", "refault_activate",
	  "3.15 workingset_refault" },
	{ "2.6.33 tests lumpy reclaim inline in shrink_page_list", "2.6.33", "lumpy",
	  "2.6.33 shrink_page_list, order > PAGE_ALLOC_COSTLY_ORDER" },
	{ "from patch 1/3 on, lumpy reclaim is tested in page_check_references", "2.6.34", "lumpy",
	  "patch 1/3 (dfc8d63), page_check_references()" },
	{ "the active-list rule of 2.6.31 is 2.6.31's under 2.6.33", "2.6.33", "act_exec", "2.6.31 " },
	{ "a reference by PG_referenced alone is 2.6.33's page_referenced()", "2.6.33-patch2",
	  "act_pg_referenced", "2.6.33 mm/rmap.c page_referenced(), TestClearPageReferenced" },
	{ "a policy's own branch has the origin its test gives", "mapped-ratio", "mr_few_mapped",
	  "mapped-ratio (the KS2012 proposal" },
	{ "mapped-graded's own branch has the origin its test gives", "mapped-graded", "mg_graded",
	  "mapped-graded (the KS2012 proposal read as a graded rule" },
	{ "a branch with no kernel origin has none", "2.6.34", "pause", "" },
};

/* The number of the branch called @name under @p, or NR_BRANCH_IDS. */
static unsigned branch_called(const struct reclaim_policy *p, const char *name)
{
	for (unsigned br = 0; br < NR_BRANCH_IDS; br++)
		if (strcmp(branch_name(p, br), name) == 0)
			return br;
	return NR_BRANCH_IDS;
}

static void test_origin_rows(void)
{
	for (size_t i = 0; i < sizeof origin_rows / sizeof origin_rows[0]; i++) {
		ROW_BEGIN(origin_rows[i].sentence);
		const struct origin_row *r = &origin_rows[i];
		const struct reclaim_policy *pol = policy_find(r->policy);
		unsigned br = pol ? branch_called(pol, r->branch) : NR_BRANCH_IDS;
		char buf[160];
		const char *got;

		CHECKF(br < NR_BRANCH_IDS, "%s: no branch %s", r->sentence, r->branch);
		if (br >= NR_BRANCH_IDS) {
			ROW_END();
			continue;
		}
		got = branch_origin(pol, br, buf, sizeof buf);
		CHECKF(r->want[0] ? strncmp(got, r->want, strlen(r->want)) == 0 : !got[0],
		       "%s: origin \"%s\", want \"%s...\"", r->sentence, got, r->want);
		ROW_END();
	}
}

/* Under a policy of 2.6.33, with or without the first two patches, no
 * branch says it comes from 2.6.34. */
static void test_no_2634_origin_under_2633(void)
{
	for (unsigned k = 0; k < nr_reclaim_policies; k++) {
		const struct reclaim_policy *pol = reclaim_policies[k];
		char buf[160];

		if (strcmp(pol->kernel, "2.6.33") != 0)
			continue;
		for (unsigned br = 0; br < NR_BRANCH_IDS; br++)
			CHECKF(!strstr(branch_origin(pol, br, buf, sizeof buf), "2.6.34"),
			       "%s: %s says it comes from \"%s\"", pol->name, branch_name(pol, br), buf);
	}
}

/* Every test a policy lists has a branch number of the policy layer, a
 * name and a reason, a name no other branch of the policy has, and a row
 * above that makes it decide. */
static void test_every_listed_test(void)
{
	for (unsigned k = 0; k < nr_reclaim_policies; k++) {
		const struct reclaim_policy *pol = reclaim_policies[k];
		for (int active = 0; active < 2; active++) {
			const struct policy_checks *t = active ? pol->active_checks : pol->checks;
			/* the multi-gen LRU's second table lists the engine's
			 * sort_folio()/isolate_folio() branches */
			for (unsigned c = 0; active && pol->lru_gen && c < t->nr; c++)
				CHECKF(t->row[c].branch < NR_BRANCHES &&
					       engine_branches[t->row[c].branch].reason[0],
				       "%s: sort test %u is not an engine branch", pol->name, c);
			if (active && pol->lru_gen)
				continue;
			for (unsigned c = 0; c < t->nr; c++) {
				unsigned br = t->row[c].branch;
				const char *name = branch_name(pol, br);
				CHECKF(br >= BR_POLICY && br < NR_BRANCH_IDS,
				       "%s: test %u has branch number %u", pol->name, c, br);
				CHECKF(name[0] && branch_reason(pol, br)[0],
				       "%s: branch %u has no name or no reason", pol->name, br);
				CHECKF(branch_called(pol, name) == br, "%s: two branches are called %s",
				       pol->name, name);
				CHECKF(has_row(pol, name, active), "%s: branch %s has no test row", pol->name,
				       name);
			}
		}
	}
}

/* The reclaim loop calls workingset_eviction_61() by name under
 * CAP_WORKINGSET_61 (engine/vmscan.c evict_shadow()): so it must be the
 * hook of every policy that claims it. */
static void test_workingset_61_shadow(void)
{
	unsigned claimed = 0;

	for (unsigned k = 0; k < nr_reclaim_policies; k++) {
		const struct reclaim_policy *pol = reclaim_policies[k];

		if (!(pol->caps & CAP_WORKINGSET_61))
			continue;
		claimed++;
		CHECKF(pol->evict_shadow == workingset_eviction_61,
		       "%s: CAP_WORKINGSET_61 without workingset_eviction_61()", pol->name);
	}
	CHECKF(claimed > 0, "no policy claims CAP_WORKINGSET_61");
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN_TABLE(test_page_check_references_rows);
	RUN_TABLE(test_keep_active_rows);
	RUN(test_every_listed_test);
	RUN_TABLE(test_origin_rows);
	RUN(test_no_2634_origin_under_2633);
	RUN(test_workingset_61_shadow);
	return HARNESS_END("policy");
}
