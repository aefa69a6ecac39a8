/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/common.h - what the policy files share
 *
 * The branches of the kernel's reference checks, 2.6.33 to 2.6.34: every
 * way page_check_references() (or 2.6.33's inline test before it) and the
 * reference test of shrink_active_list() can decide, with a name and a
 * reason.  Their numbers follow the engine's own (BR_POLICY).  Where each
 * comes from differs between policies, so each policy says it in its
 * tests (struct policy_check.origin).  A policy beyond these kernels
 * declares its own branches in its file, from BR_OWN on.
 *
 * Then the rules that several policies run: the active-list rule every
 * kernel modelled has (2.6.31), and the rules of the kernels the later
 * policies are built on.
 */
#ifndef VMSCAN_POLICY_COMMON_H
#define VMSCAN_POLICY_COMMON_H

#include "../engine/policy_helpers.h"

/* clang-format off */
#define KERNEL_BRANCHES(X)                                                                                                                  \
	/* page_check_references(), and 2.6.33's inline test */                                                                             \
	X(BR_LUMPY,                "lumpy",                "high-order (lumpy) reclaim ignores references: reclaim")                                    \
	X(BR_VM_LOCKED,            "vm_locked",            "the rmap walk met a VM_LOCKED mapping: mlock lost the isolation race, let try_to_unmap cull it") \
	X(BR_NOT_REFERENCED,       "not_referenced",       "no young pte and no PG_referenced: nothing says the page is in use, reclaim it")           \
	X(BR_33_VM_LOCKED,         "33_vm_locked",         "referenced but seen in a VM_LOCKED mapping: not activated; try_to_unmap will cull it")     \
	X(BR_MAPPING_INUSE,        "mapping_inuse",        "referenced, and page_mapping_inuse(): mapped, in swap cache, or of a file somebody maps: activate") \
	X(BR_REFERENCED_NOT_INUSE, "referenced_not_inuse", "referenced but not in use by any mapping: reclaim it if clean, leave it to the flushers if dirty") \
	X(BR_REFERENCED_MAPPED,    "referenced_mapped",    "referenced and mapped by a page table: activate")                                          \
	X(BR_REFERENCED_UNMAPPED,  "referenced_unmapped",  "referenced but not mapped (an mmapped file or swap cache no longer protects it): reclaim if clean") \
	X(BR_ANON_YOUNG,           "anon_young",           "anonymous page with a young pte: activate at once")                                        \
	X(BR_FILE_YOUNG_AGAIN,     "file_young_again",     "mapped file page young again and already marked PG_referenced: used more than once, activate") \
	X(BR_FILE_FIRST_YOUNG,     "file_first_young",     "mapped file page seen young for the first time: marked PG_referenced and spared one more trip around the inactive list") \
	X(BR_USED_ONCE,            "used_once",            "PG_referenced but no young pte since: it was used once, reclaim it if clean")              \
	X(BR_UNREFERENCED,         "unreferenced",         "no young pte and no PG_referenced: reclaim")                                               \
	/* shrink_active_list() */                                                                                                          \
	X(BR_ACT_NOT_INUSE,        "act_not_inuse",        "not in use by any mapping: deactivated without a look at its references")                  \
	X(BR_ACT_NOT_MAPPED,       "act_not_mapped",       "not mapped: deactivated without a look at its references")                                 \
	X(BR_ACT_UNREFERENCED,     "act_unreferenced",     "no young pte: deactivated to the inactive list (pgdeactivate)")                            \
	X(BR_ACT_REFERENCED,       "act_referenced",       "young pte, but not executable file code: deactivated anyway (counted as rotated for the anon/file balance)") \
	X(BR_ACT_EXEC,             "act_exec",             "young pte in an executable file mapping: one more trip around the active list")                 \
	X(BR_ACT_PG_REFERENCED,    "act_pg_referenced",    "only PG_referenced, which page_referenced() counted until 2.6.34: deactivated, counted as rotated")
/* clang-format on */

enum kernel_branch {
	BR_KERNEL_BASE = BR_POLICY - 1,
#define X(id, name, reason) id,
	KERNEL_BRANCHES(X)
#undef X
		BR_KERNEL_END
};
#define NR_KERNEL_BRANCHES (BR_KERNEL_END - BR_POLICY)
extern const struct branch_text kernel_branches[NR_KERNEL_BRANCHES];

/* A policy's own branches: BR_OWN, BR_OWN + 1, ... up to NR_BRANCH_IDS. */
#define BR_OWN 96
_Static_assert(BR_KERNEL_END <= BR_OWN && BR_OWN < NR_BRANCH_IDS, "branch numbers overlap");

/* The last line of every test: which branch decided, and the answer. */
static inline enum page_references decide(struct reference_check *rc, uint16_t branch,
					  enum page_references ref)
{
	rc->branch = branch;
	return ref;
}
static inline bool decide_active(struct reference_check *rc, uint16_t branch, bool keep)
{
	rc->branch = branch;
	return keep;
}

/* The active-list rule of every kernel modelled (2.6.31): a page with
 * @referenced > 0 counts as rotated; a referenced file page in a VM_EXEC
 * mapping stays active, everything else is deactivated.  Its three tests
 * close every policy's shrink_active_list() table. */
bool keep_active_vm_exec(const struct page *page, int referenced, struct reference_check *rc);
/* clang-format off */
#define CHECK_ACT_UNREFERENCED                                                                                            \
	{ BR_ACT_UNREFERENCED, "page_referenced() == 0",        "deactivate",  "2.6.28 shrink_active_list (split LRU)", NULL, NULL }
#define CHECKS_ACT_VM_EXEC                                                                                                \
	{ BR_ACT_EXEC,         "vm_flags & VM_EXEC, file page", "keep active", "2.6.31 Wu Fengguang, VM_EXEC in shrink_active_list", NULL, NULL }, \
	{ BR_ACT_REFERENCED,   "otherwise",                     "deactivate",  "2.6.31 shrink_active_list, nr_rotated", NULL, NULL }
#define VM_EXEC_ACTIVE_CHECKS CHECK_ACT_UNREFERENCED, CHECKS_ACT_VM_EXEC
/* clang-format on */

/* The active-list rule with 2.6.33's page_referenced(), which counts a
 * set PG_referenced as one reference: a page referenced by its mark alone
 * (no young pte, so no VM_EXEC in vm_flags) counts as rotated and is
 * deactivated, and says so by its own branch.  Reads the references
 * itself; 2.6.33 and patches 1/3 and 2/3 call it past their guards. */
bool keep_active_referenced_2633(struct engine *e, struct page *page, struct reference_check *rc);
/* clang-format off */
#define ACTIVE_CHECKS_2633                                                                                                \
	CHECK_ACT_UNREFERENCED,                                                                                           \
	{ BR_ACT_PG_REFERENCED, "referenced_ptes == 0, PG_referenced", "deactivate",                                       \
	  "2.6.33 mm/rmap.c page_referenced(), TestClearPageReferenced", NULL, NULL },                                     \
	CHECKS_ACT_VM_EXEC
/* clang-format on */

/* 2.6.33 (v2_6_33.c): shrink_page_list()'s inline test, as a function, on
 * which patch 1/3 is built; shrink_active_list() reads references only of
 * pages page_mapping_inuse() calls in use, unchanged by patch 1/3. */
enum page_references check_references_2633(struct engine *e, struct page *page, const struct scan_control *sc,
					   struct reference_check *rc);
bool keep_active_2633(struct engine *e, struct page *page, struct reference_check *rc);
extern const struct policy_checks active_checks_2633;

/* Patch 1/3 (v2_6_33_patch1.c): page_check_references(), which patch 2/3
 * changes in one test. */
enum page_references page_check_references_patch1(struct engine *e, struct page *page,
						  const struct scan_control *sc, struct reference_check *rc);
/* 2.6.34 (v2_6_34.c): the rules the later policies build on. */
enum page_references page_check_references_2634(struct engine *e, struct page *page,
						const struct scan_control *sc, struct reference_check *rc);
bool keep_active_2634(struct engine *e, struct page *page, struct reference_check *rc);
uint64_t reclaim_run_2634(struct engine *e, uint64_t max);
extern const struct policy_checks checks_2634, active_checks_2634;

/* 6.1's folio_check_references() (mglru.c), the same under both of 6.1's
 * LRUs: its branches, numbered from BR_OWN, are named and explained by
 * the rows of each policy that asks it (mglru.c, v6_1.c). */
enum {
	BR_61_VM_LOCKED = BR_OWN,
	BR_61_YOUNG_REFERENCED,
	BR_61_YOUNG_EXEC,
	BR_61_FIRST_YOUNG,
	BR_61_USED_ONCE,
	BR_61_UNREFERENCED,
};
enum page_references folio_check_references_61(struct engine *e, struct page *page,
					       const struct scan_control *sc, struct reference_check *rc);
uint64_t reclaim_run_61(struct engine *e, uint64_t max); /* the reclaim loop with it (make bench) */

/* Tests that several policies list, as the patch that wrote them has them. */
/* clang-format off */
#define CHECK_PATCH1_NOT_REFERENCED                                                                          \
	{ BR_NOT_REFERENCED,   "referenced == 0 (young ptes + PG_referenced)", "PAGEREF_RECLAIM",                \
	  "patch 1/3 (dfc8d63), page_check_references(), !referenced", NULL, NULL }
#define CHECK_PATCH1_LUMPY                                                                                   \
	{ BR_LUMPY,            "sc->order > PAGE_ALLOC_COSTLY_ORDER",          "PAGEREF_RECLAIM",                \
	  "patch 1/3 (dfc8d63), page_check_references(), lumpy reclaim", NULL, NULL }
#define CHECK_PATCH1_VM_LOCKED                                                                               \
	{ BR_VM_LOCKED,        "vm_flags & VM_LOCKED",                         "PAGEREF_RECLAIM",                \
	  "patch 1/3 (dfc8d63), page_check_references(), VM_LOCKED", NULL, NULL }
#define CHECK_2634_ANON_YOUNG                                                                                \
	{ BR_ANON_YOUNG,       "referenced_ptes && PageAnon(page)",            "PAGEREF_ACTIVATE",               \
	  "2.6.34 patch 3/3, PageAnon() && referenced_ptes", NULL, NULL }
/* 2.6.34's tests from the young file page on */
#define CHECKS_2634_FILE                                                                                     \
	{ BR_FILE_YOUNG_AGAIN, "referenced_ptes && referenced_page",           "PAGEREF_ACTIVATE",               \
	  "2.6.34 patch 3/3, referenced_ptes && referenced_page", NULL, NULL },                                 \
	{ BR_FILE_FIRST_YOUNG, "referenced_ptes",                              "PAGEREF_KEEP",                   \
	  "2.6.34 patch 3/3, PAGEREF_KEEP", NULL, NULL },                                                       \
	{ BR_USED_ONCE,        "referenced_page",                              "PAGEREF_RECLAIM_CLEAN",          \
	  "2.6.34 patch 3/3, referenced_page only", NULL, NULL },                                               \
	{ BR_UNREFERENCED,     "otherwise",                                    "PAGEREF_RECLAIM",                \
	  "2.6.34 patch 3/3", NULL, NULL }
/* clang-format on */

#endif
