/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/record.h - what one step did, and why
 *
 * Every engine step fills one struct step_record: a workload access, one
 * page examined by shrink_page_list() or shrink_active_list(), or one
 * writeback completion.  The TUI colours it, `trace` prints it, the tests
 * compare it.  It is a value: 56 bytes, no pointers.
 */
#ifndef VMSCAN_RECORD_H
#define VMSCAN_RECORD_H

#include <stdint.h>

enum step_kind {
	STEP_WORKLOAD,	    /* one workload access or operation */
	STEP_SCAN_INACTIVE, /* shrink_page_list() examined one page */
	STEP_SCAN_ACTIVE,   /* shrink_active_list() examined one page */
	STEP_WRITEBACK,	    /* a write started by reclaim has finished */
	STEP_SORT,	    /* 6.1 scan_folios(): one page sorted, isolated or skipped */
	STEP_AGING,	    /* 6.1 aging: the walk found a young pte; inc_max_seq, inc_min_seq */
	STEP_SOFT_LIMIT,    /* 2.6.34 kswapd's soft limit pass picks the cgroup furthest over */
	STEP_END,	    /* the workload is exhausted */
	NR_STEP_KINDS
};

/* What happened to the page; the first four are page_check_references()'s
 * answers, with the kernel's names (enum page_references, 2.6.34). */
/* clang-format off */
#define OUTCOMES(X)                                          \
	X(OUT_NONE,          "none")                         \
	X(OUT_ACTIVATE,      "activate")                     \
	X(OUT_KEEP,          "keep")                         \
	X(OUT_RECLAIM,       "reclaim")                      \
	X(OUT_RECLAIM_CLEAN, "reclaim_clean")                \
	X(OUT_DEACTIVATE,    "deactivate")                   \
	X(OUT_ROTATE,        "rotate")                       \
	X(OUT_ROTATE_TAIL,   "rotate_tail")                  \
	X(OUT_CULL,          "cull")                         \
	X(OUT_FAULT,         "fault")                        \
	X(OUT_REFAULT,       "refault")                      \
	X(OUT_REFERENCE,     "reference")                    \
	X(OUT_OOM,           "oom")
/* clang-format on */

/* clang-format off */
enum outcome {
#define X(id, name) id,
	OUTCOMES(X)
#undef X
	NR_OUTCOMES
};
/* clang-format on */

/* The function whose rule decided, named as in mm/. */
/* clang-format off */
#define STEP_FUNCS(X)                                    \
	X(FN_NONE,                 "")                   \
	X(FN_SHRINK_PAGE_LIST,     "shrink_page_list")   \
	X(FN_SHRINK_ACTIVE_LIST,   "shrink_active_list") \
	X(FN_HANDLE_MM_FAULT,      "handle_mm_fault")    \
	X(FN_MARK_PAGE_ACCESSED,   "mark_page_accessed") \
	X(FN_DO_GENERIC_FILE_READ, "do_generic_file_read") \
	X(FN_GENERIC_PERFORM_WRITE,"generic_perform_write") \
	X(FN_SET_PAGE_DIRTY,       "set_page_dirty")     \
	X(FN_MMAP,                 "mmap_region")        \
	X(FN_MUNMAP,               "zap_pte_range")      \
	X(FN_MADVISE,              "madvise")            \
	X(FN_MLOCK,                "mlock_vma_page")     \
	X(FN_MUNLOCK,              "munlock_vma_page")   \
	X(FN_ALLOC_PAGES,          "__alloc_pages")      \
	X(FN_FREE_PAGES,           "free_pages")         \
	X(FN_END_PAGE_WRITEBACK,   "end_page_writeback") \
	X(FN_PAUSE,                "")                   \
	X(FN_MEM_CGROUP_OOM,       "mem_cgroup_handle_oom") \
	X(FN_SHRINK_FOLIO_LIST,    "shrink_folio_list")  \
	X(FN_SORT_FOLIO,           "sort_folio")         \
	X(FN_ISOLATE_FOLIO,        "isolate_folio")      \
	X(FN_FOLIO_INC_REFS,       "folio_inc_refs")     \
	X(FN_WALK_PTE_RANGE,       "walk_pte_range")     \
	X(FN_INC_MAX_SEQ,          "inc_max_seq")        \
	X(FN_INC_MIN_SEQ,          "inc_min_seq")        \
	X(FN_FILEMAP_READ,         "filemap_read")       \
	X(FN_MEM_CGROUP_SOFT_LIMIT_RECLAIM, "mem_cgroup_soft_limit_reclaim")
/* clang-format on */

/* clang-format off */
enum step_func {
#define X(id, name) id,
	STEP_FUNCS(X)
#undef X
	NR_STEP_FUNCS
};
/* clang-format on */

/* Bits of step_record.inputs: what page_check_references() (or the rule
 * of the step) read, as it found it. */
enum step_input {
	IN_REFERENCED_PAGE = 1u << 0, /* PG_referenced was set (and is now clear) */
	IN_VM_LOCKED = 1u << 1,	      /* the rmap walk met a VM_LOCKED mapping */
	IN_ANON = 1u << 2,	      /* PageAnon */
	IN_VM_EXEC = 1u << 3,	      /* a young pte was in a VM_EXEC mapping */
	IN_MAPPED = 1u << 4,	      /* page_mapped() */
	IN_MAPPING_MAPPED = 1u << 5,  /* mapping_mapped(): some mapping of the file exists */
	IN_SWAPCACHE = 1u << 6,	      /* PageSwapCache */
	IN_DIRTY = 1u << 7,	      /* PageDirty when looked at */
	IN_WRITEBACK = 1u << 8,	      /* PageWriteback */
	IN_LUMPY = 1u << 9,	      /* sc->order > PAGE_ALLOC_COSTLY_ORDER */
	IN_WRITE = 1u << 10,	      /* the access was a write */
	IN_PAUSE = 1u << 11,	      /* the scenario asks the viewer to pause here */
	IN_WORKINGSET = 1u << 12,     /* PG_workingset (6.1) */
	IN_YOUNG = 1u << 13,	      /* a pte of the page was young (6.1 sort and aging steps) */
};

/* RECLAIMER_MEMCG: a cgroup's limit reclaim, in the task whose charge hit
 * the limit (2.6.34 try_to_free_mem_cgroup_pages()).  RECLAIMER_SOFT:
 * kswapd's soft limit pass over one cgroup's lists (2.6.34
 * mem_cgroup_shrink_node_zone()), in kswapd. */
enum reclaimer { RECLAIMER_NONE, RECLAIMER_KSWAPD, RECLAIMER_DIRECT, RECLAIMER_MEMCG, RECLAIMER_SOFT };

/* current_is_kswapd(): the soft limit pass runs in kswapd too. */
static inline int reclaimer_is_kswapd(unsigned reclaimer)
{
	return reclaimer == RECLAIMER_KSWAPD || reclaimer == RECLAIMER_SOFT;
}

struct step_record {
	uint64_t step;		 /* 1-based number of this step */
	uint32_t pfn;		 /* page examined or touched, PFN_NONE if none */
	uint32_t object;	 /* its object, or OBJECT_KERNEL / UINT32_MAX */
	uint32_t index;		 /* its index in the object */
	uint32_t op;		 /* workload operation that is current */
	uint32_t count;		 /* pages affected, for range operations */
	uint16_t branch;	 /* enum branch: the rule that decided */
	uint16_t action;	 /* enum branch: what shrink_page_list did next */
	uint16_t inputs;	 /* enum step_input bits */
	uint8_t kind;		 /* enum step_kind */
	uint8_t func;		 /* enum step_func */
	uint8_t outcome;	 /* enum outcome */
	uint8_t from, to;	 /* enum lru_list before and after */
	uint8_t referenced_ptes; /* young ptes counted by page_referenced() */
	uint8_t reclaimer;	 /* enum reclaimer running this step */
	int8_t priority;	 /* scan priority, -1 outside reclaim */
	uint8_t order;		 /* sc->order of the reclaim */
	uint8_t memcg;		 /* limit reclaim and memcg OOM: the cgroup (1-based, 0 none) */
	/* 6.1's multi-gen LRU only (0 otherwise): the page's gen counter as
	 * it was looked at (gen + 1; 0 off every list), its refs (0..4,
	 * folio_lru_refs(), whose tier is order_base_2(refs + 1)), and the
	 * feedback loop's tier cut-off + 1 (tiers above it are protected) */
	uint8_t gen;
	uint8_t refs;
	uint8_t tier_idx;
	uint8_t owner; /* the page's memory cgroup as it was looked at (1-based, 0 root) */
	/* 6.1 only (0 otherwise): max_seq after the step.  Generation lists
	 * are slots (seq % 4); this names the generation a slot held then
	 * (lru_gen_list_seq()), so a record read later still says "seq 6" */
	uint32_t max_seq;
};

extern const char *const outcome_name[NR_OUTCOMES];
extern const char *const step_func_name[NR_STEP_FUNCS];
extern const char *const step_kind_name[NR_STEP_KINDS];
extern const char *const lru_name[];

#endif
