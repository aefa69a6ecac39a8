/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/policy.h - the one interface every kernel version's rules implement
 *
 * What changes between 2.6.33, the three patches of Weiner's 2010 series and
 * the later answers is small: page_check_references() (how shrink_page_list
 * reads a page's references), the reference test of shrink_active_list(),
 * and, from 3.15, what an evicted page leaves behind.  Each policy file in
 * src/policy/ fills one struct reclaim_policy with exactly those, and lists
 * its tests for the decision panel; all else (the scan loop, the lists,
 * writeback, swap) is the engine's, in src/engine/.  The engine reaches a
 * policy only through this struct and never names one.
 *
 * A policy calls the engine helpers of engine/policy_helpers.h, and names
 * the branch that decided (struct reference_check.branch): one of the
 * kernel's, declared in src/policy/common.h, or one of its own, numbered
 * from BR_OWN and explained by its row in its tests.
 */
#ifndef VMSCAN_POLICY_H
#define VMSCAN_POLICY_H

#include <stdbool.h>
#include <stdint.h>

#include "branch.h"
#include "page.h"

struct engine;
struct scan_control;

/* page_check_references()'s answers, named and ordered as in 2.6.34. */
enum page_references {
	PAGEREF_RECLAIM,
	PAGEREF_RECLAIM_CLEAN,
	PAGEREF_KEEP,
	PAGEREF_ACTIVATE,
};

/* VMA flags, as page_referenced() reports them in *vm_flags. */
enum vm_flags {
	VM_EXEC = 1u << 0,
	VM_LOCKED = 1u << 1,
	VM_SEQ_READ = 1u << 2,
};

/* What a reference check read, and which of its branches fired. */
struct reference_check {
	int referenced_ptes;  /* young ptes that counted */
	bool referenced_page; /* PG_referenced was set when read */
	unsigned vm_flags;    /* union of the flags of mappings with a young pte, + VM_LOCKED */
	uint16_t branch;      /* the branch that decided: BR_POLICY and up */
	bool rotated;	      /* shrink_active_list: counts toward recent_rotated */
};

typedef enum page_references check_references_fn(struct engine *e, struct page *page,
						 const struct scan_control *sc, struct reference_check *rc);

/*
 * One test of a policy, for the decision panel: the test in the project's
 * words, the answer it leads to, and where the rule comes from in this
 * policy's kernel (version, patch).  A policy's own branch (BR_OWN and up)
 * is explained here too, by a name and a reason; a branch of the kernel's
 * has its name and reason in src/policy/common.h.
 */
struct policy_check {
	uint16_t branch;
	const char *test;   /* "referenced_ptes && PageAnon(page)" */
	const char *result; /* "PAGEREF_ACTIVATE" */
	const char *origin; /* "2.6.34 patch 3/3, PageAnon() && referenced_ptes" */
	const char *name;   /* own branches only: "mr_few_mapped" */
	const char *reason; /* own branches only: one sentence */
};

/* A policy's tests, in the order the kernel evaluates them: the first
 * that holds decides. */
struct policy_checks {
	const struct policy_check *row;
	unsigned nr;
};
#define POLICY_CHECKS(rows)                              \
	{                                                \
		(rows), sizeof(rows) / sizeof((rows)[0]) \
	}

/*
 * The later kernels' rules around the reference checks that the engine
 * runs for a policy that claims them in struct reclaim_policy.caps; each
 * is asked by the capability, never by the policy's name.
 */
enum policy_caps {
	/* 6.1's rmap walk and shrink_folio_list() around the check: the walk
	 * mlocks a page it finds in a VM_LOCKED mapping, try_to_unmap() no
	 * longer refuses a young pte, an mlocked folio is not activated */
	CAP_FOLIO_61 = 1u << 0,
	/* 5.9: new anon pages start on the inactive anon list; swap-outs
	 * leave shadows and swap-ins are refaults; the clock ages on every
	 * activation, anon or file; PG_workingset (4.20) is set on
	 * deactivation and kept in the shadow; the engine then calls 6.1's
	 * eviction and refault (engine/workingset.c) by name, not through
	 * evict_shadow and refault_activate (the fault path: make bench) */
	CAP_WORKINGSET_61 = 1u << 1,
	/* 3.12: mark_page_accessed() of a page still in the lru_add batch
	 * marks it active there; 6.1's one batch of 15 for every list */
	CAP_LRU_ADD_61 = 1u << 2,
	/* 4.12-5.9: get_scan_count()'s cost model (lru_note_cost()) and
	 * prepare_scan_count(): may_deactivate, file_is_tiny, cache_trim_mode,
	 * inactive_is_low() sized by the list */
	CAP_SCAN_COST_61 = 1u << 3,
	/* 6.1's buffered write() (ext4's grab_cache_page_write_begin(), and
	 * iomap alike) asks for no FGP_ACCESSED: a written page is dirtied,
	 * not marked accessed, under either of 6.1's LRUs */
	CAP_WRITE_61 = 1u << 4,
	/* 6.1's dirty and writeback rules in shrink_folio_list() and
	 * shrink_node(), the same under either LRU: a folio under writeback
	 * is activated with PG_reclaim; a dirty file folio too, written only
	 * by kswapd once it comes back marked while the node is PGDAT_DIRTY;
	 * the end of the write moves a PG_reclaim folio, active or not, to
	 * the inactive tail */
	CAP_DIRTY_61 = 1u << 5,
	/* 4.12: no zone all_unreclaimable; pgdat->kswapd_failures counts
	 * kswapd's fruitless runs instead (here the engine's give-up after a
	 * pass that freed nothing).  Claimed by mglru only: inside the 2.6.34
	 * loop policy 6.1 keeps all_unreclaimable, without which its kswapd
	 * can loop for ever on a zone it cannot balance (test_property's
	 * random scenarios find one) */
	CAP_KSWAPD_FAILURES_61 = 1u << 6,
	/* x86 under 6.1: clearing a pte's accessed bit does not flush the
	 * TLB, so touches through a translation the TLB still holds do not
	 * set the bit again (engine/rmap.c, the one CPU's TLB) */
	CAP_TLB_NOFLUSH = 1u << 7,
};

struct reclaim_policy {
	const char *name;    /* what --policy accepts: "2.6.34" */
	const char *summary; /* one line for `vmscan-viz policies` */
	const char *origin;  /* kernel version and patch this file models */
	const char *kernel;  /* the kernel the engine's own rules are taken from: "2.6.33" */
	/* Runs under memory cgroups: 2.6.34's memcg limit reclaim on the classic
	 * lists (engine/memcontrol.c).  false: engine_new() refuses a
	 * workload with cgroups. */
	bool memcg;

	/* shrink_page_list(): what to do with an isolated inactive page. */
	check_references_fn *check_references;

	/* shrink_active_list(): true keeps @page active for one more trip,
	 * false deactivates it.  Sets rc->rotated when it counts as rotated. */
	bool (*keep_active)(struct engine *e, struct page *page, struct reference_check *rc);

	/* Workingset hooks (3.15); NULL in the 2.6.3x policies.  @page is the
	 * page evicted, refaulting (not on a list yet) or activated. */
	uint32_t (*evict_shadow)(struct engine *e, const struct page *page);
	bool (*refault_activate)(struct engine *e, struct page *page, uint32_t shadow);
	void (*on_activate)(struct engine *e, const struct page *page);

	/* Rules of kernels after 2.6.34 the engine runs on the two lists,
	 * when the policy claims them (enum policy_caps); 0: 2.6.34's. */
	unsigned caps;

	/* Optional, for speed only: engine_run()'s reclaim loop made with this
	 * policy's check_references() (reclaim_run(), policy_helpers.h). */
	uint64_t (*reclaim_run)(struct engine *e, uint64_t max);

	const struct policy_checks *checks;	   /* page_check_references() */
	const struct policy_checks *active_checks; /* shrink_active_list() */

	/* Which LRU the engine runs: false, the two lists of 2.6.x; true,
	 * 6.1's multi-gen LRU (engine/lru_gen.c), whose sort_folio() and
	 * isolate_folio() tests are sort_checks, for the decision panel.
	 * check_references() is then 6.1's folio_check_references(). */
	bool lru_gen;
	const struct policy_checks *sort_checks;
};

#endif
