/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/branch.h - the branches of the rules the engine owns, in words
 *
 * A step record names the branch that fired (record.branch) and what
 * shrink_page_list() did next (record.action).  The numbers below
 * BR_POLICY are the engine's own rules, listed here: the fault and
 * page-cache paths, mark_page_accessed(), shrink_page_list() around the
 * policy's decision, the guard of shrink_active_list(), mlock, write-back.
 * From BR_POLICY on, a number is a branch of the running policy's
 * page_check_references() or shrink_active_list() test, which the policy
 * layer declares and explains (src/policy/); front ends look any branch up
 * through src/policy/registry.h, given the policy of the run.
 *
 * Columns: the id; its name in traces and reports; the kernel the rule
 * comes from (NULL: the same in every kernel modelled, so the origin names
 * the kernel of the running policy; "": no version to give); where in the
 * kernel to find it; the reason, one sentence shown on screen.
 */
#ifndef VMSCAN_BRANCH_H
#define VMSCAN_BRANCH_H

#include <stddef.h>

/* clang-format off */
#define BRANCHES(X) \
	X(BR_NONE,               "none",               "",       "",                                                        "")                                                                                                                   \
	/* shrink_page_list(), around the policy's page_check_references() */                                                                                                                                                                     \
	X(BR_SPL_UNEVICTABLE,    "spl_unevictable",    "2.6.28", "split LRU, cull_mlocked",                                 "mlocked page found on an evictable list: culled to the unevictable list")                                            \
	X(BR_SPL_WRITEBACK,      "spl_writeback",      NULL,     "shrink_page_list, PageWriteback",                         "still under writeback: kept, references not even looked at")                                                         \
	X(BR_SPL_ACTIVATE,       "spl_activate",       NULL,     "shrink_page_list, activate_locked",                       "put back at the head of the active list (pgactivate)")                                                               \
	X(BR_SPL_KEEP,           "spl_keep",           NULL,     "shrink_page_list, keep_locked",                           "put back at the head of the inactive list for one more trip")                                                        \
	X(BR_SPL_NO_SWAP,        "spl_no_swap",        NULL,     "shrink_page_list, add_to_swap() failed",                  "anonymous page but no free swap slot: activated instead")                                                            \
	X(BR_SPL_UNMAP_YOUNG,    "spl_unmap_young",    NULL,     "try_to_unmap, SWAP_FAIL",                                 "try_to_unmap found a pte young again: activated")                                                                    \
	X(BR_SPL_UNMAP_MLOCK,    "spl_unmap_mlock",    NULL,     "try_to_unmap, SWAP_MLOCK",                                "try_to_unmap met a VM_LOCKED mapping: page mlocked and culled to the unevictable list")                              \
	X(BR_SPL_DIRTY_DEFERRED, "spl_dirty_deferred", NULL,     "shrink_page_list, PageDirty and referenced: keep_locked", "dirty and recently referenced: kept, the write is left to the flusher threads")                                      \
	X(BR_SPL_NO_WRITEPAGE,   "spl_no_writepage",   NULL,     "shrink_page_list, !sc->may_writepage",                    "dirty, but this reclaimer may not write pages yet: kept")                                                            \
	X(BR_SPL_PAGEOUT,        "spl_pageout",        NULL,     "pageout()",                                               "dirty: pageout() started writeback and set PG_reclaim; kept until the write ends")                                   \
	X(BR_SPL_FREED,          "spl_freed",          NULL,     "__remove_mapping",                                        "clean and unmapped: removed from the page cache and freed (pgsteal)")                                                \
	X(BR_SPL_FREED_SWAP,     "spl_freed_swap",     NULL,     "__remove_mapping, swap cache",                            "clean swap-cache page: freed, its contents stay in swap (pgsteal)")                                                  \
	/* shrink_active_list(), before the policy's test */                                                                                                                                                                                      \
	X(BR_ACT_UNEVICTABLE,    "act_unevictable",    "2.6.28", "split LRU, putback_lru_page",                             "mlocked: moved to the unevictable list")                                                                             \
	/* workload steps: faults, page cache, mappings */                                                                                                                                                                                        \
	X(BR_FAULT_FILE,         "fault_file",         NULL,     "filemap_fault, add_to_page_cache_lru",                    "page-cache miss through a mapping: read from disk, into the pagevec of the inactive file list, a young pte (major fault)")  \
	X(BR_FAULT_ANON,         "fault_anon",         NULL,     "do_anonymous_page, lru_cache_add_active_or_unevictable",  "first touch of anonymous memory: a new page, into the pagevec of the active anon list")                                    \
	X(BR_FAULT_SWAPIN,       "fault_swapin",       NULL,     "do_swap_page",                                            "swapped-out page touched: read back into the swap cache, inactive anon list (swapin_readahead drains the pagevecs)")                                        \
	X(BR_FAULT_MINOR,        "fault_minor",        "2.6.29", "bf3f3bc, no mark_page_accessed in the fault path",        "in the page cache but not in this mapping: minor fault, pte installed young; reclaim is not told")                   \
	X(BR_FAULT_LOCKED,       "fault_locked",       "2.6.28", "mlock_vma_page",                                          "fault in a VM_LOCKED mapping: the page goes straight to the unevictable list")                                       \
	X(BR_TOUCH_YOUNG,        "touch_young",        "",       "x86 accessed bit",                                        "access through a present pte: the hardware sets the accessed bit, the kernel is not told")                           \
	X(BR_TOUCH_SEQ,          "touch_seq",          "2.6.29", "VM_SequentialReadHint in page_referenced_one",            "access through a MADV_SEQUENTIAL mapping: the accessed bit is set but will not count as a reference")                \
	X(BR_TOUCH_TLB,          "touch_tlb",          "6.1",    "x86 ptep_clear_flush_young, arch/x86/mm/pgtable.c:581",  "access through a pte the TLB still holds: its accessed bit, cleared by reclaim without a flush, is not set again")    \
	X(BR_REFAULT_ACTIVATE,   "refault_activate",   "3.15",   "workingset_refault, a528910e12ec",                        "refault distance no longer than the active file list: the page is inserted active (workingset_activate)")            \
	X(BR_REFAULT_INACTIVE,   "refault_inactive",   "3.15",   "workingset_refault",                                      "refault distance longer than the active file list: inserted inactive as usual")                                      \
	X(BR_READ_MISS,          "read_miss",          NULL,     "do_generic_file_read",                                    "read() page-cache miss: new page into the pagevec of the inactive file list, then mark_page_accessed sets PG_referenced")             \
	X(BR_READ_MISS_SAME_POS, "read_miss_same_pos", NULL,     "do_generic_file_read, prev_index/prev_offset",            "read() miss of the page this file's last read was of: new page into the pagevec of the inactive file list, not marked")\
	X(BR_READ_SAME_POS,      "read_same_pos",      NULL,     "do_generic_file_read, prev_index/prev_offset",            "read() of the same page as this file's last read, from the same offset: not marked again")                                      \
	X(BR_MPA_REFERENCE,      "mpa_reference",      NULL,     "mark_page_accessed",                                      "mark_page_accessed: first access, PG_referenced set")                                                                \
	X(BR_MPA_ACTIVATE,       "mpa_activate",       NULL,     "mark_page_accessed, activate_page",                       "mark_page_accessed: PG_referenced already set on an inactive page: activated (pgactivate)")                          \
	X(BR_MPA_NOTHING,        "mpa_nothing",        NULL,     "mark_page_accessed",                                      "mark_page_accessed: already referenced, nothing changes")                                                            \
	X(BR_MPA_PAGEVEC,        "mpa_pagevec",        NULL,     "mark_page_accessed, PageLRU",                             "mark_page_accessed: already referenced, but still in the pagevec, not PageLRU: not activated")                                                            \
	X(BR_DIRTY,              "dirty",              NULL,     "set_page_dirty",                                          "page set dirty: it must be written before it can be freed")                                                          \
	X(BR_ABSENT,             "absent",             "",       "",                                                        "page is not in memory: nothing to do")                                                                               \
	X(BR_MAP,                "map",                NULL,     "mmap_region",                                             "mapping established; no page is touched yet")                                                                        \
	X(BR_UNMAP,              "unmap",              NULL,     "zap_pte_range",                                           "mapping torn down: young ptes passed to mark_page_accessed, dirty ptes to PG_dirty")                                 \
	X(BR_MADVISE_SEQ,        "madvise_seq",        "2.6.29", "VM_SEQ_READ",                                             "madvise(MADV_SEQUENTIAL): young ptes of this mapping stop counting as references")                                   \
	X(BR_MADVISE_NORMAL,     "madvise_normal",     "2.6.29", "VM_SEQ_READ",                                             "madvise(MADV_NORMAL): young ptes count as references again")                                                         \
	X(BR_MLOCK,              "mlock",              "2.6.28", "mlock_vma_page",                                          "mlock: faulted in if needed, PG_mlocked set, moved to the unevictable list")                                         \
	X(BR_MUNLOCK,            "munlock",            "2.6.28", "munlock_vma_page",                                        "munlock: PG_mlocked cleared, page put back on the inactive list")                                                    \
	X(BR_ALLOC,              "alloc",              NULL,     "__alloc_pages",                                           "kernel allocation: free pages taken off the free list")                                                              \
	X(BR_FREE,               "free",               NULL,     "free_hot_cold_page",                                      "pages freed back to the free list")                                                                                  \
	X(BR_PAUSE,              "pause",              "",       "",                                                        "pause")                                                                                                              \
	X(BR_OOM,                "oom",                NULL,     "__alloc_pages_slowpath",                                  "reclaim could not free enough memory: the allocation failed and the access was dropped")                             \
	X(BR_WB_ROTATE,          "wb_rotate",          NULL,     "rotate_reclaimable_page",                                 "writeback ended on a PG_reclaim page: rotated to the inactive tail, to be freed next (pgrotated)")                   \
	X(BR_WB_DONE,            "wb_done",            NULL,     "end_page_writeback",                                      "writeback ended: the page is clean") \
	X(BR_MEMCG_OOM,          "memcg_oom",          NULL,     "__mem_cgroup_try_charge, mem_cgroup_handle_oom",        "the cgroup's limit reclaim freed nothing in six rounds: the charge failed and the access was dropped (memcg OOM)") \
	X(BR_SOFT_LIMIT,         "soft_limit",         NULL,     "balance_pgdat, mem_cgroup_soft_limit_reclaim",           "kswapd soft limit reclaim: the cgroup furthest over its soft limit is shrunk first, at priority 0") \
	/* the multi-gen LRU (6.1, engine/lru_gen.c): where pages enter, folio_inc_refs(), sort_folio(), isolate_folio(), the aging */ \
	X(BR_GEN_FAULT,          "gen_fault",          "6.1",    "folio_add_lru, lru_gen_in_fault; lru_gen_add_folio",      "page fault: PG_active set by folio_add_lru, so the page enters the youngest generation (max_seq), its pte young") \
	X(BR_GEN_FAULT_SEQ,      "gen_fault_seq",      "6.1",    "handle_mm_fault, VM_SEQ_READ; lru_gen_add_folio",         "fault in a MADV_SEQUENTIAL mapping: not marked active, so the page enters the oldest generation (min_seq)") \
	X(BR_GEN_READ_MISS,      "gen_read_miss",      "6.1",    "filemap_add_folio; lru_gen_add_folio, folio_inc_refs",    "read() miss: the page enters the oldest generation (min_seq), then folio_mark_accessed sets PG_referenced (tier 0)") \
	X(BR_GEN_READ_SAME_POS,  "gen_read_same_pos",  "6.1",    "filemap_read, pos_same_folio; lru_gen_add_folio",         "read() miss of the page this file's last read ended in: oldest generation, not marked") \
	X(BR_INC_REFS_REFERENCED,"inc_refs_referenced","6.1",    "folio_inc_refs",                                          "access through a file descriptor: PG_referenced set (1 access, tier 0); the page does not move") \
	X(BR_INC_REFS_WORKINGSET,"inc_refs_workingset","6.1",    "folio_inc_refs",                                          "second access through a file descriptor: PG_workingset set (tier 1); the page does not move") \
	X(BR_INC_REFS_COUNT,     "inc_refs_count",     "6.1",    "folio_inc_refs",                                          "another access through a file descriptor: the refs counter goes up (tier 2 at 3-4 accesses, tier 3 at 5); no move") \
	X(BR_INC_REFS_SATURATED, "inc_refs_saturated", "6.1",    "folio_inc_refs",                                          "refs counter already at 3 (tier 3): nothing changes") \
	X(BR_SORT_UNEVICTABLE,   "sort_unevictable",   "6.1",    "sort_folio, !folio_evictable",                            "mlocked: moved to the unevictable list (unevictable_pgs_culled)") \
	X(BR_SORT_PROMOTED,      "sort_promoted",      "6.1",    "sort_folio, promoted",                                    "the aging or the look-around already gave it a younger gen counter: linked at the head of that generation (pgrefill)") \
	X(BR_SORT_PROTECTED,     "sort_protected",     "6.1",    "sort_folio, tier > tier_idx",                             "its tier is above the feedback loop's cut-off: protected, to the next generation, refs reset (workingset_activate)") \
	X(BR_SORT_WRITEBACK,     "sort_writeback",     "6.1",    "sort_folio, writeback or dirty file",                     "dirty file page or under writeback: eviction does not write it, moved to the next generation with PG_reclaim (pgrefill)") \
	X(BR_ISOLATE,            "isolate",            "6.1",    "isolate_folio",                                           "no sort_folio() test held: isolated for shrink_folio_list (pgscan); PG_referenced cleared") \
	X(BR_ISOLATE_SKIP,       "isolate_skip",       "6.1",    "isolate_folio, may_writepage",                            "dirty, or anon without a swap slot, and this reclaimer may not write: skipped, back to its list's head (pgskip)") \
	X(BR_AGE_YOUNG,          "age_young",          "6.1",    "walk_pte_range, folio_update_gen",                        "the aging walk found this pte young: accessed bit cleared, the page of max_seq now (sort_folio moves it), refs reset") \
	X(BR_INC_MAX_SEQ,        "inc_max_seq",        "6.1",    "inc_max_seq",                                             "the walk is over: a new, empty youngest generation opens (max_seq + 1); the promoted pages are now the second youngest") \
	X(BR_INC_MIN_SEQ,        "inc_min_seq",        "6.1",    "inc_min_seq",                                             "four generations exist: the oldest one is retired first (min_seq + 1)") \
	X(BR_SPL_DIRTY_IMMEDIATE,"spl_dirty_immediate","6.1",    "shrink_folio_list, folio_set_reclaim; activate_locked",  "dirty file page, not kswapd's to write: PG_reclaim set, activated (nr_vmscan_immediate_reclaim)") \
	X(BR_GEN_WRITE_MISS,     "gen_write_miss",     "6.1",    "generic_perform_write, grab_cache_page_write_begin",     "write() miss (ext4): the page enters the oldest generation, not marked (no FGP_ACCESSED)") \
	X(BR_GEN_WRITE,          "gen_write",          "6.1",    "generic_perform_write, grab_cache_page_write_begin",     "write() (ext4): the page is dirtied, not marked (no FGP_ACCESSED): its tier stays") \
	X(BR_MLOCK_RACE,         "mlock_race",         "2.6.28", "mlock_vma_page, isolation race",                         "mlock lost the race to reclaim: VM_LOCKED set, page not mlocked yet, left on its list to be culled") \
	X(BR_SPL_GEN_REFERENCED, "spl_gen_referenced", "6.1",    "shrink_folio_list, folio_update_gen() tried to promote",  "mapped, PG_referenced after isolation: an earlier look-around found its pte young; kept, to the youngest generation") \
	X(BR_MPA_BATCH_ACTIVATE, "mpa_batch_activate", "3.12",   "mark_page_accessed, __lru_cache_activate_folio",          "mark_page_accessed: referenced, still in the lru_add batch: made active there (3.12)") \
	X(BR_61_WRITE,           "write_61",           "6.1",    "generic_perform_write, grab_cache_page_write_begin",     "write() (ext4): the page is dirtied, not marked accessed (no FGP_ACCESSED): PG_referenced stays as it was") \
	X(BR_SPL_WB_IMMEDIATE,   "spl_wb_immediate",   "6.1",    "shrink_folio_list, writeback case 1: nr_immediate",      "under writeback with PG_reclaim, node PGDAT_WRITEBACK: back before its write ended; activated (nr_immediate)") \
	X(BR_SPL_WB_RECLAIM,     "spl_wb_reclaim",     "6.1",    "shrink_folio_list, writeback case 2: folio_set_reclaim", "under writeback: PG_reclaim set, activated out of the way; the write's end moves it to the inactive tail")
/* clang-format on */

enum branch {
#define X(id, name, since, where, reason) id,
	BRANCHES(X)
#undef X
		NR_BRANCHES
};

/* The first branch number a policy may use, and the bound of them all:
 * every record's branch and action is below NR_BRANCH_IDS. */
#define BR_POLICY     76
#define NR_BRANCH_IDS 128
_Static_assert(NR_BRANCHES <= BR_POLICY, "the engine's branches fit below BR_POLICY");

struct branch_text {
	const char *name;   /* "spl_activate" */
	const char *since;  /* "2.6.28"; NULL: the running policy's kernel; "": none */
	const char *where;  /* "shrink_page_list, activate_locked" */
	const char *reason; /* one sentence */
};
extern const struct branch_text engine_branches[NR_BRANCHES];

#endif
