/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/mapped_ratio.c - the KS2012 proposal, which was never merged
 *
 * At the 2012 Kernel Summit Weiner argued that the accessed bit alone
 * cannot tell a burst-used index from a used-once stream, and proposed to
 * let the share of memory held by mapped file pages decide how hard they
 * are protected.  Few mapped pages cost little to keep however cold they
 * are; when mapped pages fill memory they must be reclaimed however hot.
 * Pre-2.6.28 kernels had a cousin of this rule (reclaim_mapped from
 * mapped_ratio and swap_tendency in shrink_active_list), removed with the
 * split LRU.
 *
 * The rule here, for a mapped file page found young by the inactive scan
 * (everything else is 2.6.34):
 *
 *   mapped file pages <= 25% of memory   activate at first sight (2.6.33)
 *   25% .. 75%                           two sightings (2.6.34)
 *   >= 75%                               reclaim if clean, young or not
 *
 * It protects an index used in bursts while the index is a small share of
 * memory, and loses it once the index grows (a 200-page index in
 * data/database-index.json refaults 4600 times).  It cannot tell a working
 * set from a stream by their size alone: the share of mapped pages says
 * how much protection costs, not whether the pages will be used again.
 */
#include "common.h"

#define MAPPED_FEW_PERCENT  25
#define MAPPED_MOST_PERCENT 75

/* This policy's own branches. */
enum { BR_MR_FEW_MAPPED = BR_OWN, BR_MR_MOSTLY_MAPPED };

static enum page_references check_references(struct engine *e, struct page *page,
					     const struct scan_control *sc, struct reference_check *rc)
{
	enum page_references ref = page_check_references_2634(e, page, sc, rc);
	unsigned share;

	/* only the young mapped file page cases are decided differently */
	if (rc->branch != BR_FILE_FIRST_YOUNG && rc->branch != BR_FILE_YOUNG_AGAIN)
		return ref;
	share = mapped_file_percent(e);
	if (share >= MAPPED_MOST_PERCENT)
		return decide(rc, BR_MR_MOSTLY_MAPPED, PAGEREF_RECLAIM_CLEAN);
	if (share <= MAPPED_FEW_PERCENT)
		return decide(rc, BR_MR_FEW_MAPPED, PAGEREF_ACTIVATE);
	return ref;
}

/* clang-format off */
static const struct policy_check check_rows[] = {
	CHECK_PATCH1_LUMPY,
	CHECK_PATCH1_VM_LOCKED,
	CHECK_2634_ANON_YOUNG,
	{ BR_MR_MOSTLY_MAPPED, "referenced_ptes && mapped file >= 75% of memory", "PAGEREF_RECLAIM_CLEAN",
	  "mapped-ratio (the KS2012 proposal, never merged)", "mr_mostly_mapped",
	  "young mapped file page, but mapped file pages fill most of memory: reclaim it anyway if clean" },
	{ BR_MR_FEW_MAPPED,    "referenced_ptes && mapped file <= 25% of memory", "PAGEREF_ACTIVATE",
	  "mapped-ratio (the KS2012 proposal, never merged)", "mr_few_mapped",
	  "young mapped file page while mapped file pages are a small share of memory: protect it, activate" },
	CHECKS_2634_FILE,
};
/* clang-format on */
static const struct policy_checks checks = POLICY_CHECKS(check_rows);

/* engine_run()'s reclaim loop with this rule compiled in (POLICY_HOT) */
static POLICY_HOT uint64_t reclaim_run_mapped_ratio(struct engine *e, uint64_t max)
{
	return reclaim_run(e, max, check_references);
}

const struct reclaim_policy policy_mapped_ratio = {
	.name = "mapped-ratio",
	.summary = "the KS2012 proposal: protect mapped file pages by their share of memory",
	.origin = "Weiner at KS2012 (LWN, 2012-09-17); never merged",
	.kernel = "2.6.34",
	.memcg = true, /* 2.6.34 memcg limit reclaim on its lists */
	.check_references = check_references,
	.reclaim_run = reclaim_run_mapped_ratio,
	.keep_active = keep_active_2634,
	.checks = &checks,
	.active_checks = &active_checks_2634,
};
