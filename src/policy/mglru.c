/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/mglru.c - the multi-gen LRU of Linux 6.1 (Yu Zhao, merged in 6.1,
 * on by default with CONFIG_LRU_GEN_ENABLED)
 *
 * Not a new page_check_references() on the two lists but another LRU: the
 * engine runs its lru_gen code (src/engine/lru_gen.c) for this policy, as
 * 6.1 hands over to it where lru_gen_enabled() is tested.  Pages faulted
 * in through page tables enter the youngest generation; pages read()
 * enter the oldest, which is the only one eviction takes from.  The aging
 * walks the page tables, moves every page with a young pte to the
 * youngest generation and opens a new one; eviction only sorts the oldest
 * generation's pages (sort_folio) and isolates the rest.  What this file
 * adds is 6.1's folio_check_references(), which shrink_folio_list() asks
 * about an isolated page: the 2.6.34 rule with 3.3's first-sight
 * activation of VM_EXEC pages and of pages young in several mappings, and
 * no lumpy reclaim.  Under the multi-gen LRU a young pte found here has
 * already run the look-around, which set PG_referenced on this isolated
 * page: so a mapped page found young is activated at first sight.
 *
 * The sort_folio() and isolate_folio() tests are listed here for the
 * decision panel (sort_checks); their code is the engine's.
 *
 * Simplified (also in the summary, lru_gen.c's head and data/README.md):
 * one zone, root memcg; no Bloom filters (a full pte walk); no lru_add
 * batch; 2.6.34's kswapd loop around lru_gen_shrink_lruvec() (hybrid);
 * dirty file pages written only by the engine's flusher wake-ups (2.6.34's
 * direct reclaim rule, and a kswapd pass or direct reclaim that freed
 * nothing, standing in for the background writeback 6.1 relies on), never
 * by reclaim; ext4's write() (engine/filemap.c), which marks nothing.
 * x86's TLB as under the policy 6.1 (CAP_TLB_NOFLUSH, engine/rmap.c): the
 * walks and the look-around clear young bits without a flush (6.1
 * mm/vmscan.c ptep_test_and_clear_young()), so a touch the TLB still
 * holds is not seen.
 */
#include "common.h"

/* 6.1 mm/vmscan.c:1446 folio_check_references(), which 6.1 asks with
 * lru_gen on or off (the policy 6.1, v6_1.c, asks it too). */
enum page_references folio_check_references_61(struct engine *e, struct page *page,
					       const struct scan_control *sc, struct reference_check *rc)
{
	(void)sc;
	/* folio_referenced(): under the multi-gen LRU a young pte runs the
	 * look-around first (engine page_referenced()) */
	rc->referenced_ptes = page_referenced(e, page, &rc->vm_flags);
	rc->referenced_page = TestClearPageReferenced(page);

	if (rc->vm_flags & VM_LOCKED)
		return decide(rc, BR_61_VM_LOCKED, PAGEREF_ACTIVATE);
	if (rc->referenced_ptes) {
		SetPageReferenced(page);
		if (rc->referenced_page || rc->referenced_ptes > 1)
			return decide(rc, BR_61_YOUNG_REFERENCED, PAGEREF_ACTIVATE);
		if ((rc->vm_flags & VM_EXEC) && page_is_file_cache(page))
			return decide(rc, BR_61_YOUNG_EXEC, PAGEREF_ACTIVATE);
		return decide(rc, BR_61_FIRST_YOUNG, PAGEREF_KEEP);
	}
	if (rc->referenced_page && page_is_file_cache(page))
		return decide(rc, BR_61_USED_ONCE, PAGEREF_RECLAIM_CLEAN);
	return decide(rc, BR_61_UNREFERENCED, PAGEREF_RECLAIM);
}

/* Never asked under the multi-gen LRU, which has no active list. */
static bool keep_active_none(struct engine *e, struct page *page, struct reference_check *rc)
{
	(void)e;
	(void)page;
	rc->branch = BR_NONE;
	return false;
}

POLICY_HOT uint64_t reclaim_run_61(struct engine *e, uint64_t max)
{
	return reclaim_run(e, max, folio_check_references_61);
}

/* clang-format off */
static const struct policy_check check_rows[] = {
	{ BR_61_VM_LOCKED, "vm_flags & VM_LOCKED", "FOLIOREF_ACTIVATE", "6.1 mm/vmscan.c:1460 folio_check_references()",
	  "61_vm_locked", "the rmap walk met a VM_LOCKED mapping and mlocked the page: culled, not activated (no pgactivate)" },
	{ BR_61_YOUNG_REFERENCED, "referenced_ptes && (referenced_folio || ptes>1)", "FOLIOREF_ACTIVATE",
	  "6.1 mm/vmscan.c:1484 folio_check_references()", "61_young_referenced",
	  "young pte, and PG_referenced (the look-around set it) or young in several mappings: activated to max_seq (pgactivate)" },
	{ BR_61_YOUNG_EXEC, "referenced_ptes && VM_EXEC && file", "FOLIOREF_ACTIVATE", "6.1 mm/vmscan.c:1490 (3.3)",
	  "61_young_exec", "young pte in an executable file mapping: activated at first use" },
	{ BR_61_FIRST_YOUNG, "referenced_ptes", "FOLIOREF_KEEP", "6.1 mm/vmscan.c:1493 folio_check_references()",
	  "61_first_young", "young pte but no PG_referenced (a MADV_RANDOM-style mapping without look-around): marked and kept" },
	{ BR_61_USED_ONCE, "referenced_folio && file", "FOLIOREF_RECLAIM_CLEAN", "6.1 mm/vmscan.c:1497 folio_check_references()",
	  "61_used_once", "PG_referenced only: reclaim if clean (cannot happen under the multi-gen LRU: isolate_folio() cleared it)" },
	{ BR_61_UNREFERENCED, "otherwise", "FOLIOREF_RECLAIM", "6.1 mm/vmscan.c:1500 folio_check_references()",
	  "61_unreferenced", "no young pte: reclaimed (a file page leaves a shadow with its generation and tier)" },
};
static const struct policy_check sort_rows[] = {
	{ BR_SORT_UNEVICTABLE, "!folio_evictable()",                 "unevictable list",       "6.1 mm/vmscan.c:4727 sort_folio()", NULL, NULL },
	{ BR_SORT_PROMOTED,    "gen != gen(min_seq[type])",           "head of its generation", "6.1 mm/vmscan.c:4746 sort_folio()", NULL, NULL },
	{ BR_SORT_PROTECTED,   "tier > tier_idx",                     "min_seq + 1, tail",      "6.1 mm/vmscan.c:4752 sort_folio()", NULL, NULL },
	{ BR_SORT_WRITEBACK,   "writeback, or file and dirty",        "min_seq + 1, PG_reclaim","6.1 mm/vmscan.c:4765 sort_folio()", NULL, NULL },
	{ BR_ISOLATE_SKIP,     "!may_writepage && (dirty || anon without swap)", "skipped",     "6.1 mm/vmscan.c:4785 isolate_folio()", NULL, NULL },
	{ BR_ISOLATE,          "otherwise",                           "isolated",               "6.1 mm/vmscan.c:4800 isolate_folio()", NULL, NULL },
};
/* clang-format on */
static const struct policy_checks checks_61 = POLICY_CHECKS(check_rows);
static const struct policy_checks sort_checks_61 = POLICY_CHECKS(sort_rows);

const struct reclaim_policy policy_mglru = {
	.name = "mglru",
	.summary =
		"the multi-gen LRU of Linux 6.1: generations, a page-table walk, tiers and a feedback loop; "
		"one zone, no Bloom filters (full pte walk), no lru_add batch, lazy sorting kept, "
		"2.6.34's kswapd loop around it (hybrid), dirty file pages written by the flusher only, "
		"woken where 2.6.34's direct reclaim wakes it and by a reclaim that freed nothing; "
		"ext4's write(), which marks no page accessed; x86's TLB hides touches after a young bit "
		"is cleared (no flush)",
	.origin = "Yu Zhao, the multi-gen LRU series (merged in 6.1; Documentation/mm/multigen_lru.rst)",
	.kernel = "6.1",
	.check_references = folio_check_references_61,
	.keep_active = keep_active_none,
	.reclaim_run = reclaim_run_61,
	.checks = &checks_61,
	.active_checks = &sort_checks_61,
	.lru_gen = true,
	.caps = CAP_WRITE_61 | CAP_DIRTY_61 | CAP_KSWAPD_FAILURES_61 | CAP_TLB_NOFLUSH,
	.sort_checks = &sort_checks_61,
};
