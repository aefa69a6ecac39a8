/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/branch.h - every branch a step can take, with its reason in words
 *
 * A step record names the branch that fired; the words live here, once, so
 * the screen, `trace` and the tests say the same sentence.  The third column
 * says where the rule comes from (kernel version, patch), so a student can
 * find it in mm/.
 */
#ifndef VMSCAN_BRANCH_H
#define VMSCAN_BRANCH_H

/*   id                        reason (one sentence, shown on screen)                                                                  origin */
/* clang-format off */
#define BRANCHES(X)                                                                                                                         \
	X(BR_NONE,                 "",                                                                                                       "")  \
	/* page_check_references(), all versions */                                                                                         \
	X(BR_LUMPY,                "high-order (lumpy) reclaim ignores references: reclaim",                                                "2.6.33 shrink_page_list, order > PAGE_ALLOC_COSTLY_ORDER") \
	X(BR_VM_LOCKED,            "the rmap walk met a VM_LOCKED mapping: mlock lost the isolation race, let try_to_unmap cull it",        "2.6.34 page_check_references (patch 1/3)") \
	X(BR_NOT_REFERENCED,       "no young pte and no PG_referenced: nothing says the page is in use, reclaim it",                       "2.6.33 shrink_page_list, page_referenced() == 0") \
	X(BR_33_VM_LOCKED,         "referenced but seen in a VM_LOCKED mapping: not activated; try_to_unmap will cull it",                 "2.6.33 shrink_page_list inline test, !(vm_flags & VM_LOCKED)") \
	X(BR_MAPPING_INUSE,        "referenced, and page_mapping_inuse(): mapped, in swap cache, or of a file somebody maps: activate",     "2.6.33 page_mapping_inuse()") \
	X(BR_REFERENCED_NOT_INUSE, "referenced but not in use by any mapping: reclaim it if clean, leave it to the flushers if dirty",      "2.6.33 shrink_page_list, dirty && referenced") \
	X(BR_REFERENCED_MAPPED,    "referenced and mapped by a page table: activate",                                                      "2.6.34 patch 2/3, page_mapped() replaces page_mapping_inuse()") \
	X(BR_REFERENCED_UNMAPPED,  "referenced but not mapped (an mmapped file or swap cache no longer protects it): reclaim if clean",     "2.6.34 patch 2/3, page_mapping_inuse() dropped") \
	X(BR_ANON_YOUNG,           "anonymous page with a young pte: activate at once",                                                    "2.6.34 patch 3/3, PageAnon() && referenced_ptes") \
	X(BR_FILE_YOUNG_AGAIN,     "mapped file page young again and already marked PG_referenced: used more than once, activate",         "2.6.34 patch 3/3, referenced_ptes && referenced_page") \
	X(BR_FILE_FIRST_YOUNG,     "mapped file page seen young for the first time: marked PG_referenced and spared one more trip around the inactive list", "2.6.34 patch 3/3, PAGEREF_KEEP") \
	X(BR_USED_ONCE,            "PG_referenced but no young pte since: it was used once, reclaim it if clean",                          "2.6.34 patch 3/3, referenced_page only") \
	X(BR_UNREFERENCED,         "no young pte and no PG_referenced: reclaim",                                                           "2.6.34 patch 3/3") \
	X(BR_MR_FEW_MAPPED,        "young mapped file page while mapped file pages are a small share of memory: protect it, activate",     "mapped-ratio (the KS2012 proposal, never merged)") \
	X(BR_MR_MOSTLY_MAPPED,     "young mapped file page, but mapped file pages fill most of memory: reclaim it anyway if clean",        "mapped-ratio (the KS2012 proposal, never merged)") \
	/* shrink_page_list(), before and after the decision */                                                                             \
	X(BR_SPL_UNEVICTABLE,      "mlocked page found on an evictable list: culled to the unevictable list",                              "2.6.28 split LRU, cull_mlocked") \
	X(BR_SPL_WRITEBACK,        "still under writeback: kept, references not even looked at",                                           "2.6.34 shrink_page_list, PageWriteback") \
	X(BR_SPL_ACTIVATE,         "put back at the head of the active list (pgactivate)",                                                  "2.6.34 shrink_page_list, activate_locked") \
	X(BR_SPL_KEEP,             "put back at the head of the inactive list for one more trip",                                          "2.6.34 shrink_page_list, keep_locked") \
	X(BR_SPL_NO_SWAP,          "anonymous page but no free swap slot: activated instead",                                              "2.6.34 shrink_page_list, add_to_swap() failed") \
	X(BR_SPL_UNMAP_YOUNG,      "try_to_unmap found a pte young again: activated",                                                      "2.6.34 try_to_unmap, SWAP_FAIL") \
	X(BR_SPL_UNMAP_MLOCK,      "try_to_unmap met a VM_LOCKED mapping: page mlocked and culled to the unevictable list",               "2.6.34 try_to_unmap, SWAP_MLOCK") \
	X(BR_SPL_DIRTY_DEFERRED,   "dirty and recently referenced: kept, the write is left to the flusher threads",                        "2.6.34 shrink_page_list, PAGEREF_RECLAIM_CLEAN && PageDirty") \
	X(BR_SPL_NO_WRITEPAGE,     "dirty, but this reclaimer may not write pages yet: kept",                                              "2.6.34 shrink_page_list, !sc->may_writepage") \
	X(BR_SPL_PAGEOUT,          "dirty: pageout() started writeback and set PG_reclaim; kept until the write ends",                     "2.6.34 pageout()") \
	X(BR_SPL_FREED,            "clean and unmapped: removed from the page cache and freed (pgsteal)",                                  "2.6.34 __remove_mapping") \
	X(BR_SPL_FREED_SWAP,       "clean swap-cache page: freed, its contents stay in swap (pgsteal)",                                    "2.6.34 __remove_mapping, swap cache") \
	/* shrink_active_list() */                                                                                                          \
	X(BR_ACT_UNEVICTABLE,      "mlocked: moved to the unevictable list",                                                               "2.6.28 split LRU, putback_lru_page") \
	X(BR_ACT_NOT_INUSE,        "not in use by any mapping: deactivated without a look at its references",                              "2.6.33 shrink_active_list, page_mapping_inuse() guard") \
	X(BR_ACT_NOT_MAPPED,       "not mapped: deactivated without a look at its references",                                             "2.6.34 patch 2/3, page_mapped() guard") \
	X(BR_ACT_UNREFERENCED,     "no young pte: deactivated to the inactive list (pgdeactivate)",                                        "2.6.34 shrink_active_list") \
	X(BR_ACT_REFERENCED,       "young pte, but not executable file code: deactivated anyway (counted as rotated for the anon/file balance)", "2.6.31 shrink_active_list, nr_rotated") \
	X(BR_ACT_EXEC,             "young pte in an executable file mapping: one more trip around the active list",                        "2.6.31 Wu Fengguang, VM_EXEC in shrink_active_list") \
	/* workload steps: faults, page cache, mappings */                                                                                  \
	X(BR_FAULT_FILE,           "page-cache miss through a mapping: read from disk, added to the inactive file list with a young pte (major fault)", "2.6.34 filemap_fault, add_to_page_cache_lru") \
	X(BR_FAULT_ANON,           "first touch of anonymous memory: a new page at the head of the active anon list",                      "2.6.34 do_anonymous_page, lru_cache_add_active_or_unevictable") \
	X(BR_FAULT_SWAPIN,         "swapped-out page touched: read back into the swap cache, inactive anon list",                          "2.6.34 do_swap_page") \
	X(BR_FAULT_MINOR,          "in the page cache but not in this mapping: minor fault, pte installed young; reclaim is not told",     "2.6.29 bf3f3bc, no mark_page_accessed in the fault path") \
	X(BR_FAULT_LOCKED,         "fault in a VM_LOCKED mapping: the page goes straight to the unevictable list",                         "2.6.28 mlock_vma_page") \
	X(BR_TOUCH_YOUNG,          "access through a present pte: the hardware sets the accessed bit, the kernel is not told",             "x86 accessed bit") \
	X(BR_TOUCH_SEQ,            "access through a MADV_SEQUENTIAL mapping: the accessed bit is set but will not count as a reference",  "2.6.29 VM_SequentialReadHint in page_referenced_one") \
	X(BR_REFAULT_ACTIVATE,     "refault distance no longer than the active file list: the page is inserted active (workingset_activate)", "3.15 workingset_refault, a528910e12ec") \
	X(BR_REFAULT_INACTIVE,     "refault distance longer than the active file list: inserted inactive as usual",                        "3.15 workingset_refault") \
	X(BR_READ_MISS,            "read() page-cache miss: new page on the inactive file list, then mark_page_accessed sets PG_referenced", "2.6.34 do_generic_file_read") \
	X(BR_MPA_REFERENCE,        "mark_page_accessed: first access, PG_referenced set",                                                  "2.6.34 mark_page_accessed") \
	X(BR_MPA_ACTIVATE,         "mark_page_accessed: PG_referenced already set on an inactive page: activated (pgactivate)",            "2.6.34 mark_page_accessed, activate_page") \
	X(BR_MPA_NOTHING,          "mark_page_accessed: already referenced, nothing changes",                                             "2.6.34 mark_page_accessed") \
	X(BR_DIRTY,                "page set dirty: it must be written before it can be freed",                                           "2.6.34 set_page_dirty") \
	X(BR_ABSENT,               "page is not in memory: nothing to do",                                                                 "") \
	X(BR_MAP,                  "mapping established; no page is touched yet",                                                          "2.6.34 mmap_region") \
	X(BR_UNMAP,                "mapping torn down: young ptes passed to mark_page_accessed, dirty ptes to PG_dirty",                   "2.6.34 zap_pte_range") \
	X(BR_MADVISE_SEQ,          "madvise(MADV_SEQUENTIAL): young ptes of this mapping stop counting as references",                     "2.6.29 VM_SEQ_READ") \
	X(BR_MADVISE_NORMAL,       "madvise(MADV_NORMAL): young ptes count as references again",                                           "2.6.29 VM_SEQ_READ") \
	X(BR_MLOCK,                "mlock: faulted in if needed, PG_mlocked set, moved to the unevictable list",                            "2.6.28 mlock_vma_page") \
	X(BR_MUNLOCK,              "munlock: PG_mlocked cleared, page put back on the inactive list",                                      "2.6.28 munlock_vma_page") \
	X(BR_ALLOC,                "kernel allocation: free pages taken off the free list",                                                "2.6.34 __alloc_pages") \
	X(BR_FREE,                 "pages freed back to the free list",                                                                    "2.6.34 free_hot_cold_page") \
	X(BR_PAUSE,                "pause",                                                                                                 "") \
	X(BR_OOM,                  "reclaim could not free enough memory: the allocation failed and the access was dropped",               "2.6.34 __alloc_pages_slowpath") \
	X(BR_WB_ROTATE,            "writeback ended on a PG_reclaim page: rotated to the inactive tail, to be freed next (pgrotated)",      "2.6.34 rotate_reclaimable_page") \
	X(BR_WB_DONE,              "writeback ended: the page is clean",                                                                   "2.6.34 end_page_writeback")
/* clang-format on */

/* clang-format off */
enum branch {
#define X(id, reason, origin) id,
	BRANCHES(X)
#undef X
	NR_BRANCHES
};
/* clang-format on */

extern const char *const branch_reason[NR_BRANCHES];
extern const char *const branch_origin[NR_BRANCHES];
extern const char *const branch_id[NR_BRANCHES];

#endif
