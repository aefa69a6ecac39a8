/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_policy.c - every branch of every policy's decisions
 *
 * Each row sets up one page (type, ptes, flags, mappings of its file) and
 * names the branch and answer page_check_references() must give under one
 * policy, or keep_active() under shrink_active_list().  A row reads as a
 * sentence; one loop runs them all.  The rows come from kernel-model.md §2
 * and the seed patches.
 */
#include "engine/internal.h"
#include "harness.h"

struct setup {
	bool anon, young, referenced, locked_vma, exec_vma, seq_vma, swapcache, unmapped_but_file_mapped;
	bool mapped;
	int order;
	unsigned mapped_share; /* mapped-ratio: percent of memory held by mapped file pages */
};

struct row {
	const char *sentence;
	const char *policy;
	struct setup s;
	enum page_references want;
	enum branch branch;
	bool want_referenced_after; /* PG_referenced after the check */
};

#define PAGES 64

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
	p->index = 0;
	*page_slot(e, obj, 0) = slot_make(SLOT_PAGE, pfn);
	e->obj[obj].resident++;
	if (s->anon)
		page_set(p, PG_anon);
	lru_cache_add(e, page_to_pfn(e, p), s->anon ? LRU_INACTIVE_ANON : LRU_INACTIVE_FILE);
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
	if (!s->mapped && !s->unmapped_but_file_mapped) {
		v->in_use = 0;
		e->obj[obj].nr_vmas = 0;
	}
	if (s->referenced)
		SetPageReferenced(p);
	if (s->swapcache)
		page_set(p, PG_swapcache);
	/* mapped-ratio reads the share of mapped file pages */
	e->c.nr_mapped_file = (uint32_t)((uint64_t)s->mapped_share * e->nr_pages / 100);
	return p;
}

static const struct row rows[] = {
	/* 2.6.33: the inline test */
	{ "2.6.33: lumpy reclaim ignores a young mapped page",
	  "2.6.33",
	  { .mapped = 1, .young = 1, .order = 4 },
	  PAGEREF_RECLAIM,
	  BR_LUMPY,
	  false },
	{ "2.6.33: an unreferenced page is reclaimed",
	  "2.6.33",
	  { .mapped = 1 },
	  PAGEREF_RECLAIM,
	  BR_NOT_REFERENCED,
	  false },
	{ "2.6.33: a young pte in a locked vma does not count as a reference",
	  "2.6.33",
	  { .mapped = 1, .young = 1, .locked_vma = 1 },
	  PAGEREF_RECLAIM,
	  BR_NOT_REFERENCED,
	  false },
	{ "2.6.33: a PG_referenced page in a locked vma is not activated but spared if dirty",
	  "2.6.33",
	  { .mapped = 1, .referenced = 1, .locked_vma = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  BR_33_VM_LOCKED,
	  false },
	{ "2.6.33: a young mapped file page is activated at first sight",
	  "2.6.33",
	  { .mapped = 1, .young = 1 },
	  PAGEREF_ACTIVATE,
	  BR_MAPPING_INUSE,
	  false },
	{ "2.6.33: an unmapped referenced page of an mmapped file is activated",
	  "2.6.33",
	  { .referenced = 1, .unmapped_but_file_mapped = 1 },
	  PAGEREF_ACTIVATE,
	  BR_MAPPING_INUSE,
	  false },
	{ "2.6.33: an unmapped referenced swap-cache page is activated",
	  "2.6.33",
	  { .anon = 1, .referenced = 1, .swapcache = 1 },
	  PAGEREF_ACTIVATE,
	  BR_MAPPING_INUSE,
	  false },
	{ "2.6.33: a referenced page of an unmapped file is reclaimed if clean",
	  "2.6.33",
	  { .referenced = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  BR_REFERENCED_NOT_INUSE,
	  false },
	{ "2.6.33: page_referenced clears PG_referenced of a mapped page",
	  "2.6.33",
	  { .mapped = 1, .referenced = 1 },
	  PAGEREF_ACTIVATE,
	  BR_MAPPING_INUSE,
	  false },
	/* patch 1/3: the same, as a function */
	{ "patch1: an unreferenced page is reclaimed",
	  "2.6.33-patch1",
	  { .mapped = 1 },
	  PAGEREF_RECLAIM,
	  BR_NOT_REFERENCED,
	  false },
	{ "patch1: lumpy reclaim ignores references",
	  "2.6.33-patch1",
	  { .mapped = 1, .young = 1, .order = 5 },
	  PAGEREF_RECLAIM,
	  BR_LUMPY,
	  false },
	{ "patch1: a PG_referenced page in a locked vma is left to try_to_unmap",
	  "2.6.33-patch1",
	  { .mapped = 1, .referenced = 1, .locked_vma = 1 },
	  PAGEREF_RECLAIM,
	  BR_VM_LOCKED,
	  false },
	{ "patch1: a young mapped page is activated",
	  "2.6.33-patch1",
	  { .mapped = 1, .young = 1 },
	  PAGEREF_ACTIVATE,
	  BR_MAPPING_INUSE,
	  false },
	{ "patch1: an unmapped referenced page of an mmapped file is activated",
	  "2.6.33-patch1",
	  { .referenced = 1, .unmapped_but_file_mapped = 1 },
	  PAGEREF_ACTIVATE,
	  BR_MAPPING_INUSE,
	  false },
	{ "patch1: a referenced page of an unmapped file is reclaimed if clean",
	  "2.6.33-patch1",
	  { .referenced = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  BR_REFERENCED_NOT_INUSE,
	  false },
	{ "patch1: order 3 still respects references",
	  "2.6.33-patch1",
	  { .mapped = 1, .young = 1, .order = 3 },
	  PAGEREF_ACTIVATE,
	  BR_MAPPING_INUSE,
	  false },
	/* patch 2/3: page_mapped() */
	{ "patch2: an unreferenced page is reclaimed",
	  "2.6.33-patch2",
	  { .mapped = 1 },
	  PAGEREF_RECLAIM,
	  BR_NOT_REFERENCED,
	  false },
	{ "patch2: lumpy reclaim ignores references",
	  "2.6.33-patch2",
	  { .mapped = 1, .young = 1, .order = 4 },
	  PAGEREF_RECLAIM,
	  BR_LUMPY,
	  false },
	{ "patch2: a PG_referenced page in a locked vma is left to try_to_unmap",
	  "2.6.33-patch2",
	  { .mapped = 1, .referenced = 1, .locked_vma = 1 },
	  PAGEREF_RECLAIM,
	  BR_VM_LOCKED,
	  false },
	{ "patch2: a young mapped page is activated",
	  "2.6.33-patch2",
	  { .mapped = 1, .young = 1 },
	  PAGEREF_ACTIVATE,
	  BR_REFERENCED_MAPPED,
	  false },
	{ "patch2: an unmapped referenced page of an mmapped file is only reclaimed if clean",
	  "2.6.33-patch2",
	  { .referenced = 1, .unmapped_but_file_mapped = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  BR_REFERENCED_UNMAPPED,
	  false },
	{ "patch2: an unmapped referenced swap-cache page is reclaimed if clean",
	  "2.6.33-patch2",
	  { .anon = 1, .referenced = 1, .swapcache = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  BR_REFERENCED_UNMAPPED,
	  false },
	/* 2.6.34: used-once detection */
	{ "2.6.34: lumpy reclaim ignores references and still clears PG_referenced",
	  "2.6.34",
	  { .mapped = 1, .young = 1, .referenced = 1, .order = 4 },
	  PAGEREF_RECLAIM,
	  BR_LUMPY,
	  false },
	{ "2.6.34: a locked vma leaves the page to try_to_unmap",
	  "2.6.34",
	  { .mapped = 1, .young = 1, .locked_vma = 1 },
	  PAGEREF_RECLAIM,
	  BR_VM_LOCKED,
	  false },
	{ "2.6.34: a young anon page is activated at once",
	  "2.6.34",
	  { .anon = 1, .mapped = 1, .young = 1 },
	  PAGEREF_ACTIVATE,
	  BR_ANON_YOUNG,
	  false },
	{ "2.6.34: a young mapped file page seen for the first time is kept and marked",
	  "2.6.34",
	  { .mapped = 1, .young = 1 },
	  PAGEREF_KEEP,
	  BR_FILE_FIRST_YOUNG,
	  true },
	{ "2.6.34: a young mapped file page already marked is activated and stays marked",
	  "2.6.34",
	  { .mapped = 1, .young = 1, .referenced = 1 },
	  PAGEREF_ACTIVATE,
	  BR_FILE_YOUNG_AGAIN,
	  true },
	{ "2.6.34: a marked page with no young pte was used once: reclaim if clean",
	  "2.6.34",
	  { .mapped = 1, .referenced = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  BR_USED_ONCE,
	  false },
	{ "2.6.34: an unmapped page of an mmapped file with PG_referenced is reclaimed if clean",
	  "2.6.34",
	  { .referenced = 1, .unmapped_but_file_mapped = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  BR_USED_ONCE,
	  false },
	{ "2.6.34: a page with neither mark nor young pte is reclaimed",
	  "2.6.34",
	  { .mapped = 1 },
	  PAGEREF_RECLAIM,
	  BR_UNREFERENCED,
	  false },
	{ "2.6.34: a young pte in a MADV_SEQUENTIAL vma does not count",
	  "2.6.34",
	  { .mapped = 1, .young = 1, .seq_vma = 1 },
	  PAGEREF_RECLAIM,
	  BR_UNREFERENCED,
	  false },
	/* refault: 2.6.34's checks */
	{ "refault: a young mapped file page seen first is kept, as in 2.6.34",
	  "refault",
	  { .mapped = 1, .young = 1 },
	  PAGEREF_KEEP,
	  BR_FILE_FIRST_YOUNG,
	  true },
	{ "refault: a used-once page is reclaimed if clean, as in 2.6.34",
	  "refault",
	  { .mapped = 1, .referenced = 1 },
	  PAGEREF_RECLAIM_CLEAN,
	  BR_USED_ONCE,
	  false },
	/* mapped-ratio */
	{ "mapped-ratio: few mapped pages: a young file page is activated at first sight",
	  "mapped-ratio",
	  { .mapped = 1, .young = 1, .mapped_share = 10 },
	  PAGEREF_ACTIVATE,
	  BR_MR_FEW_MAPPED,
	  true },
	{ "mapped-ratio: a middling share keeps 2.6.34's first look",
	  "mapped-ratio",
	  { .mapped = 1, .young = 1, .mapped_share = 50 },
	  PAGEREF_KEEP,
	  BR_FILE_FIRST_YOUNG,
	  true },
	{ "mapped-ratio: a middling share activates on the second look",
	  "mapped-ratio",
	  { .mapped = 1, .young = 1, .referenced = 1, .mapped_share = 50 },
	  PAGEREF_ACTIVATE,
	  BR_FILE_YOUNG_AGAIN,
	  true },
	{ "mapped-ratio: mapped pages filling memory are reclaimed however young",
	  "mapped-ratio",
	  { .mapped = 1, .young = 1, .referenced = 1, .mapped_share = 80 },
	  PAGEREF_RECLAIM_CLEAN,
	  BR_MR_MOSTLY_MAPPED,
	  true },
	{ "mapped-ratio: anon pages are still activated at once",
	  "mapped-ratio",
	  { .anon = 1, .mapped = 1, .young = 1, .mapped_share = 90 },
	  PAGEREF_ACTIVATE,
	  BR_ANON_YOUNG,
	  false },
	{ "mapped-ratio: an unreferenced page is reclaimed",
	  "mapped-ratio",
	  { .mapped = 1, .mapped_share = 10 },
	  PAGEREF_RECLAIM,
	  BR_UNREFERENCED,
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
		CHECKF(rc.branch == r->branch, "%s: branch %s, want %s", r->sentence, branch_id[rc.branch],
		       branch_id[r->branch]);
		CHECKF(PageReferenced(p) == r->want_referenced_after, "%s: PG_referenced after is %d",
		       r->sentence, PageReferenced(p));
		CHECKF(!(p->young & 1) || r->s.locked_vma, "%s: the young bit was not cleared", r->sentence);
		engine_free(e);
		ROW_END();
	}
}

struct active_row {
	const char *sentence;
	const char *policy;
	struct setup s;
	bool want_keep, want_rotated;
	enum branch branch;
	bool want_referenced_after;
};

static const struct active_row active_rows[] = {
	{ "2.6.33: an unmapped page of an unmapped file is deactivated blind, its mark kept",
	  "2.6.33",
	  { .referenced = 1 },
	  false,
	  false,
	  BR_ACT_NOT_INUSE,
	  true },
	{ "2.6.33: a mapped page without young pte or mark is deactivated",
	  "2.6.33",
	  { .mapped = 1 },
	  false,
	  false,
	  BR_ACT_UNREFERENCED,
	  false },
	{ "2.6.33: a marked mapped page counts as rotated, the mark cleared, and is deactivated",
	  "2.6.33",
	  { .mapped = 1, .referenced = 1 },
	  false,
	  true,
	  BR_ACT_REFERENCED,
	  false },
	{ "2.6.33: a young executable file page stays active",
	  "2.6.33",
	  { .mapped = 1, .young = 1, .exec_vma = 1 },
	  true,
	  true,
	  BR_ACT_EXEC,
	  false },
	{ "2.6.33: a young anon page in an exec vma is deactivated (JITs)",
	  "2.6.33",
	  { .anon = 1, .mapped = 1, .young = 1, .exec_vma = 1 },
	  false,
	  true,
	  BR_ACT_REFERENCED,
	  false },
	{ "patch1: unchanged: unmapped page of an mmapped file has its references read",
	  "2.6.33-patch1",
	  { .referenced = 1, .unmapped_but_file_mapped = 1 },
	  false,
	  true,
	  BR_ACT_REFERENCED,
	  false },
	{ "patch2: an unmapped page is deactivated blind even if its file is mapped",
	  "2.6.33-patch2",
	  { .referenced = 1, .unmapped_but_file_mapped = 1 },
	  false,
	  false,
	  BR_ACT_NOT_MAPPED,
	  true },
	{ "patch2: a young executable file page stays active",
	  "2.6.33-patch2",
	  { .mapped = 1, .young = 1, .exec_vma = 1 },
	  true,
	  true,
	  BR_ACT_EXEC,
	  false },
	{ "2.6.34: PG_referenced alone does not count on the active list",
	  "2.6.34",
	  { .mapped = 1, .referenced = 1 },
	  false,
	  false,
	  BR_ACT_UNREFERENCED,
	  true },
	{ "2.6.34: a young non-exec page counts as rotated and is deactivated",
	  "2.6.34",
	  { .mapped = 1, .young = 1 },
	  false,
	  true,
	  BR_ACT_REFERENCED,
	  false },
	{ "2.6.34: a young executable file page stays active",
	  "2.6.34",
	  { .mapped = 1, .young = 1, .exec_vma = 1 },
	  true,
	  true,
	  BR_ACT_EXEC,
	  false },
	{ "2.6.34: an unmapped page is deactivated",
	  "2.6.34",
	  { .referenced = 1 },
	  false,
	  false,
	  BR_ACT_UNREFERENCED,
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
		CHECKF(rc.branch == r->branch, "%s: branch %s, want %s", r->sentence, branch_id[rc.branch],
		       branch_id[r->branch]);
		CHECKF(PageReferenced(p) == r->want_referenced_after, "%s: PG_referenced after is %d",
		       r->sentence, PageReferenced(p));
		engine_free(e);
		ROW_END();
	}
}

/* Every branch a policy lists for the decision panel must be reachable by
 * some row above (no untested rule). */
static void test_every_listed_branch_has_a_row(void)
{
	for (unsigned k = 0; k < nr_reclaim_policies; k++) {
		const struct reclaim_policy *pol = reclaim_policies[k];
		for (unsigned c = 0; c < pol->nr_checks; c++) {
			bool found = false;
			for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
				if (rows[i].branch == pol->checks[c].branch &&
				    (strcmp(rows[i].policy, pol->name) == 0 ||
				     strcmp(pol->name, "refault") == 0 ||
				     strcmp(pol->name, "mapped-ratio") == 0))
					found = true;
			CHECKF(found, "%s: branch %s has no test row", pol->name,
			       branch_id[pol->checks[c].branch]);
		}
	}
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN_TABLE(test_page_check_references_rows);
	RUN_TABLE(test_keep_active_rows);
	RUN(test_every_listed_branch_has_a_row);
	return HARNESS_END("policy");
}
