/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/v6_1.c - the two-list LRU of Linux 6.1, lru_gen off: what a
 * Debian 12 or Ubuntu 22.04 machine runs (CONFIG_LRU_GEN=y, not enabled)
 *
 * 2.6.34's two lists, with what later kernels changed in a page's fate:
 *  - folio_check_references() (6.1 mm/vmscan.c:1446, shared with mglru.c):
 *    a young page is activated if it was marked already, young in more
 *    than one mapping, or a file page of a VM_EXEC mapping (3.3); else it
 *    is marked and kept one more trip, anon pages as well (no first-sight
 *    activation of anon since 5.9); PG_referenced alone reclaims a file
 *    page if clean; no lumpy reclaim (compaction, 3.x); the rmap walk
 *    mlocks a page of a VM_LOCKED mapping, try_to_unmap() ignores young
 *    ptes (CAP_FOLIO_61);
 *  - shrink_active_list() (6.1 mm/vmscan.c:2563): a young executable file
 *    page stays active, every other page is deactivated with
 *    PG_workingset set;
 *  - the workingset of 5.9 (CAP_WORKINGSET_61, engine/workingset.c): new
 *    anon pages start inactive, swapped-out pages leave shadows and
 *    swap-ins are refaults, activations and active put-backs age the
 *    clock, a refault is held against the lists it competes with;
 *  - write() marks no page accessed, as 6.1's ext4 (CAP_WRITE_61,
 *    engine/filemap.c), where 2.6.34 marks it;
 *  - x86 clears a young bit without a TLB flush (6.1
 *    arch/x86/mm/pgtable.c:581), so a touch through a translation the
 *    TLB still holds is not seen (CAP_TLB_NOFLUSH, engine/rmap.c: qemu's
 *    256-entry direct-mapped TLB, flushed at a task switch and a munmap
 *    of more than 33 pages);
 *  - mark_page_accessed() of a page still in the lru_add batch activates
 *    it there (3.12), one batch of 15 (CAP_LRU_ADD_61, engine/swap.c);
 *  - the scan balance (CAP_SCAN_COST_61, engine/vmscan.c):
 *    get_scan_count()'s cost model (lru_note_cost(): pages written,
 *    workingset refaults), prepare_scan_count()'s may_deactivate (an
 *    active list is aged while its inactive list is low, or after
 *    refaults of its type were activated since the last reclaim),
 *    cache_trim_mode and file_is_tiny, inactive_is_low() sized by the list,
 *    shrink_lruvec()'s targets unbatched, each isolated once;
 *  - the dirty and writeback rules of shrink_folio_list() and shrink_node()
 *    (CAP_DIRTY_61, engine/vmscan.c, shared with mglru.c): a page under
 *    writeback is activated with PG_reclaim; a dirty file page too
 *    (nr_vmscan_immediate_reclaim), written by kswapd only when it comes
 *    back marked and the node is PGDAT_DIRTY; a batch all dirty and
 *    unqueued wakes the flushers; the end of a write moves a PG_reclaim
 *    page, active or not, to the inactive tail (engine/writeback.c).
 *
 * Simplified (also in the summary and data/README.md): one zone, no
 * compaction, no watermark boost, no proactive or memory.low reclaim;
 * 2.6.34's reclaim loops around these rules (balance_pgdat()'s priority
 * loop and order handling; no proportional stop in shrink_lruvec(), no
 * force_deactivate retry; the flusher also woken where 2.6.34's direct
 * reclaim wakes it); no reclaim_throttle() stalls, writeback_throttling_sane()
 * and may_enter_fs() always hold (no legacy memcg wait on writeback);
 * 2.6.34's memcg limit reclaim, with 2.6.34's scan balance on the cgroup's
 * reclaim_stat.
 */
#include "common.h"

/* 6.1 mm/vmscan.c:2615-2634: a referenced executable file page stays
 * active; any other page is deactivated and marked PG_workingset, which
 * its shadow keeps if it is evicted. */
static bool keep_active_61(struct engine *e, struct page *page, struct reference_check *rc)
{
	rc->referenced_ptes = page_referenced(e, page, &rc->vm_flags);
	if (keep_active_vm_exec(page, rc->referenced_ptes, rc))
		return true;
	page->flags |= 1u << PG_workingset; /* :2634 folio_set_workingset() */
	return false;
}

/* clang-format off */
static const struct policy_check check_rows[] = {
	{ BR_61_VM_LOCKED, "vm_flags & VM_LOCKED", "FOLIOREF_ACTIVATE", "6.1 mm/vmscan.c:1460 folio_check_references()",
	  "61_vm_locked", "the rmap walk met a VM_LOCKED mapping and mlocked the page: culled to the unevictable list, not activated" },
	{ BR_61_YOUNG_REFERENCED, "referenced_ptes && (referenced_folio || ptes>1)", "FOLIOREF_ACTIVATE",
	  "6.1 mm/vmscan.c:1484 (3.3 shared mappings)", "61_young_referenced",
	  "young pte and already marked PG_referenced, or young in several mappings: activated (pgactivate)" },
	{ BR_61_YOUNG_EXEC, "referenced_ptes && VM_EXEC && file", "FOLIOREF_ACTIVATE", "6.1 mm/vmscan.c:1490 (3.3)",
	  "61_young_exec", "young pte in an executable file mapping: activated at first sight" },
	{ BR_61_FIRST_YOUNG, "referenced_ptes", "FOLIOREF_KEEP", "6.1 mm/vmscan.c:1493 folio_check_references()",
	  "61_first_young", "young pte seen for the first time, anon or file: marked PG_referenced and kept one more trip" },
	{ BR_61_USED_ONCE, "referenced_folio && file", "FOLIOREF_RECLAIM_CLEAN", "6.1 mm/vmscan.c:1497 folio_check_references()",
	  "61_used_once", "PG_referenced but no young pte since, a file page: used once, reclaimed if clean" },
	{ BR_61_UNREFERENCED, "otherwise", "FOLIOREF_RECLAIM", "6.1 mm/vmscan.c:1500 folio_check_references()",
	  "61_unreferenced", "no young pte, and no mark on a file page: reclaimed (it leaves a shadow, anon pages too)" },
};
static const struct policy_check active_rows[] = {
	{ BR_ACT_UNREFERENCED, "folio_referenced() == 0", "deactivate, PG_workingset",
	  "6.1 mm/vmscan.c:2633 shrink_active_list()", NULL, NULL },
	{ BR_ACT_EXEC, "vm_flags & VM_EXEC, file folio", "keep active",
	  "6.1 mm/vmscan.c:2626 shrink_active_list() (2.6.31)", NULL, NULL },
	{ BR_ACT_REFERENCED, "otherwise", "deactivate, PG_workingset",
	  "6.1 mm/vmscan.c:2633 shrink_active_list()", NULL, NULL },
};
/* clang-format on */
static const struct policy_checks checks_61 = POLICY_CHECKS(check_rows);
static const struct policy_checks active_checks_61 = POLICY_CHECKS(active_rows);

const struct reclaim_policy policy_v6_1 = {
	.name = "6.1",
	.summary = "the two-list LRU of Linux 6.1 (lru_gen off): folio_check_references() with first-sight "
		   "activation of VM_EXEC and shared file pages, anon pages start inactive with refault "
		   "detection (5.9), the lru_add batch activates (3.12), scan balance by cost and "
		   "may_deactivate, 6.1's dirty and writeback rules (PG_reclaim activation, PGDAT_DIRTY); "
		   "one zone, no compaction, no watermark boost, no reclaim stalls, 2.6.34's reclaim loops "
		   "and memcg (hybrid); x86's TLB hides touches after a young bit is cleared (no flush)",
	.origin = "Linux 6.1 mm/vmscan.c, mm/swap.c, mm/workingset.c with lru_gen off",
	.kernel = "6.1",
	.memcg = true, /* 2.6.34's memcg limit reclaim on its lists */
	.check_references = folio_check_references_61,
	.keep_active = keep_active_61,
	.evict_shadow = workingset_eviction_61,
	.refault_activate = workingset_refault_61,
	.on_activate = workingset_activation_61,
	.reclaim_run = reclaim_run_61,
	.checks = &checks_61,
	.active_checks = &active_checks_61,
	.caps = CAP_FOLIO_61 | CAP_WORKINGSET_61 | CAP_LRU_ADD_61 | CAP_SCAN_COST_61 | CAP_WRITE_61 |
		CAP_DIRTY_61 | CAP_TLB_NOFLUSH,
};
