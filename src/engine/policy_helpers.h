/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/policy_helpers.h - the engine functions a policy may call
 *
 * A policy file in src/policy/ includes this header and nothing else of
 * the engine: the page flags (page.h), the reverse map's reference walks
 * (rmap.c), the few facts about the zone the rules of the series read
 * (vmscan.c), and the workingset clock of 3.15 (workingset.c).  The
 * engine's state stays behind struct engine.
 */
#ifndef VMSCAN_POLICY_HELPERS_H
#define VMSCAN_POLICY_HELPERS_H

#include "page.h"
#include "policy.h"

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
/* Per mille of the file LRU (active, inactive and the batch being scanned)
 * that is mapped file pages, at most 1000 (mapped-graded). */
unsigned mapped_file_lru_permille(const struct engine *e);

/* Workingset (3.15), src/engine/workingset.c: a refault inserted active
 * ticks the clock as 3.15's add_to_page_cache_lru() does. */
uint32_t workingset_eviction(struct engine *e, const struct page *page);
bool workingset_refault(struct engine *e, struct page *page, uint32_t shadow);
void workingset_activation(struct engine *e, const struct page *page);
/* The same in 6.1 (with CAP_WORKINGSET_61): anon pages too, the shadow
 * keeps PG_workingset, and the workingset a refault is held against
 * counts the lists it competes with. */
uint32_t workingset_eviction_61(struct engine *e, const struct page *page);
bool workingset_refault_61(struct engine *e, struct page *page, uint32_t shadow);
void workingset_activation_61(struct engine *e, const struct page *page);

/*
 * engine_run()'s reclaim loop, with @check as page_check_references(),
 * for struct reclaim_policy.reclaim_run: a policy that wants its rule
 * inlined into the loop (make bench) wraps this call in a function of its
 * own marked POLICY_HOT, which passes its check_references() as a constant;
 * under link-time optimisation the loop is then compiled with the rule in
 * it.  Returns the steps taken, as engine_run() counts them.
 */
uint64_t reclaim_run(struct engine *e, uint64_t max, check_references_fn *check);
#define POLICY_HOT __attribute__((flatten))

#endif
