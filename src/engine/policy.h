/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/policy.h - the one interface every kernel version's rules implement
 *
 * What changes between 2.6.33, the three patches of Weiner's 2010 series and
 * the later answers is small: page_check_references() (how shrink_page_list
 * reads a page's references), the reference test of shrink_active_list(),
 * and, from 3.15, what an evicted page leaves behind.  Each policy file in
 * src/policy/ fills one struct reclaim_policy with exactly those; all else
 * (the scan loop, the lists, writeback, swap) is shared in src/engine/.
 *
 * Adding a policy: write src/policy/<name>.c defining one
 * `const struct reclaim_policy policy_<name>`, and add one line to the
 * table in src/policy/registry.c.
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
	enum branch branch;   /* the rule that decided */
	bool rotated;	      /* shrink_active_list: counts toward recent_rotated */
};

/* One line of a policy's decision, for the decision panel: the test in the
 * project's words and the branch it leads to.  Listed in the order the
 * kernel evaluates them; the first that holds decides. */
struct policy_check {
	enum branch branch;
	const char *test;   /* e.g. "referenced_ptes && PageAnon(page)" */
	const char *result; /* e.g. "PAGEREF_ACTIVATE" */
};

struct reclaim_policy {
	const char *name;    /* what --policy accepts: "2.6.34" */
	const char *summary; /* one line for `vmscan-viz policies` */
	const char *origin;  /* kernel version and patch this file models */

	/* shrink_page_list(): what to do with an isolated inactive page. */
	enum page_references (*check_references)(struct engine *e, struct page *page,
						 const struct scan_control *sc, struct reference_check *rc);

	/* shrink_active_list(): true keeps @page active for one more trip,
	 * false deactivates it.  Sets rc->rotated when it counts as rotated. */
	bool (*keep_active)(struct engine *e, struct page *page, struct reference_check *rc);

	/* Workingset hooks (3.15); NULL in the 2.6.3x policies. */
	uint32_t (*evict_shadow)(struct engine *e, const struct page *page);
	bool (*refault_activate)(struct engine *e, uint32_t shadow);
	void (*on_activate)(struct engine *e);

	const struct policy_check *checks;	  /* page_check_references, in order */
	const struct policy_check *active_checks; /* shrink_active_list, in order */
	uint8_t nr_checks, nr_active_checks;
};

/* The registry (src/policy/registry.c). */
extern const struct reclaim_policy *const reclaim_policies[];
extern const unsigned nr_reclaim_policies;
const struct reclaim_policy *policy_find(const char *name);

/* Helpers the policies call; they live in src/engine/ (rmap.c, vmscan.c). */

/* page_referenced() as of 2.6.34: walks @page's ptes, test-and-clears each
 * accessed bit and counts the young ones outside VM_SEQ_READ mappings; stops
 * at a VM_LOCKED mapping.  Does not touch PG_referenced (patch 3/3). */
int page_referenced(struct engine *e, struct page *page, unsigned *vm_flags);
/* page_referenced() as it was before 2.6.34: PG_referenced is tested and
 * cleared first and counts as one more reference.  Fills rc->referenced_ptes,
 * rc->referenced_page and rc->vm_flags; returns their sum. */
int page_referenced_2633(struct engine *e, struct page *page, struct reference_check *rc);
/* 2.6.33 page_mapping_inuse(): mapped, or in swap cache, or of a file that
 * somebody maps.  Dropped by patch 2/3. */
bool page_mapping_inuse(const struct engine *e, const struct page *page);
/* mapping_mapped(): does any mapping of @page's file exist? */
bool mapping_mapped(const struct engine *e, const struct page *page);
/* sc->order > PAGE_ALLOC_COSTLY_ORDER */
bool sc_lumpy_ignores_references(const struct scan_control *sc);
/* Percent of the zone's pages that are mapped file pages (mapped-ratio). */
unsigned mapped_file_percent(const struct engine *e);
/* The shared 2.6.31+ active-list rule: a page with @referenced > 0 counts
 * as rotated; a referenced file page in a VM_EXEC mapping stays active,
 * everything else is deactivated. */
bool keep_active_vm_exec(struct page *page, int referenced, struct reference_check *rc);

/* 2.6.34's rules, shared by the policies built on them (policy/v2_6_34.c). */
enum page_references page_check_references_2634(struct engine *e, struct page *page,
						const struct scan_control *sc, struct reference_check *rc);
bool keep_active_2634(struct engine *e, struct page *page, struct reference_check *rc);
extern const struct policy_check checks_2634[], active_checks_2634[];
extern const uint8_t nr_checks_2634, nr_active_checks_2634;

/* Workingset (3.15), src/engine/workingset.c. */
uint32_t workingset_eviction(struct engine *e, const struct page *page);
bool workingset_refault(struct engine *e, uint32_t shadow);
void workingset_activation(struct engine *e);

#endif
