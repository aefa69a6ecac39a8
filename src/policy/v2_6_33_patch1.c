/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/v2_6_33_patch1.c - after patch 1/3, "vmscan: factor out page
 * reference checks" (dfc8d63, Feb 2010)
 *
 * The inline test of 2.6.33 becomes page_check_references(), returning
 * PAGEREF_RECLAIM, PAGEREF_RECLAIM_CLEAN or PAGEREF_ACTIVATE; shrink_page_list
 * keeps a dirty page only for PAGEREF_RECLAIM_CLEAN.  Meant to change
 * nothing.  One corner did change: a referenced page seen in a VM_LOCKED
 * mapping now gets PAGEREF_RECLAIM where 2.6.33 would have kept it if dirty;
 * try_to_unmap() culls such a page before the dirty test is reached, so the
 * outcome is the same (tests/unit/test_equivalence.c checks it on every
 * scenario).  shrink_active_list() is 2.6.33's.  Written as the patch is:
 * 2.6.33's tests, with what the patch changed.
 */
#include "common.h"

enum page_references page_check_references_patch1(struct engine *e, struct page *page,
						  const struct scan_control *sc, struct reference_check *rc)
{
	enum page_references ref = check_references_2633(e, page, sc, rc);

	/* references are read first: a page nothing references is reclaimed
	 * as such before lumpy reclaim is asked */
	if (rc->branch == BR_LUMPY && !rc->referenced_ptes && !rc->referenced_page)
		return decide(rc, BR_NOT_REFERENCED, PAGEREF_RECLAIM);
	/* mlock lost the isolation race: reclaim it, try_to_unmap() culls it */
	if (rc->branch == BR_33_VM_LOCKED)
		return decide(rc, BR_VM_LOCKED, PAGEREF_RECLAIM);
	return ref;
}

/* clang-format off */
static const struct policy_check check_rows[] = {
	CHECK_PATCH1_NOT_REFERENCED,
	CHECK_PATCH1_LUMPY,
	CHECK_PATCH1_VM_LOCKED,
	{ BR_MAPPING_INUSE,        "page_mapping_inuse(page)", "PAGEREF_ACTIVATE",
	  "patch 1/3 (dfc8d63), page_check_references(), page_mapping_inuse()", NULL, NULL },
	{ BR_REFERENCED_NOT_INUSE, "otherwise",                "PAGEREF_RECLAIM_CLEAN",
	  "patch 1/3 (dfc8d63), PAGEREF_RECLAIM_CLEAN", NULL, NULL },
};
/* clang-format on */
static const struct policy_checks checks = POLICY_CHECKS(check_rows);

/* engine_run()'s reclaim loop with this rule compiled in (POLICY_HOT) */
static POLICY_HOT uint64_t reclaim_run_patch1(struct engine *e, uint64_t max)
{
	return reclaim_run(e, max, page_check_references_patch1);
}

const struct reclaim_policy policy_v2_6_33_patch1 = {
	.name = "2.6.33-patch1",
	.summary = "patch 1/3: the same decisions, factored into page_check_references()",
	.origin = "Weiner, vmscan: factor out page reference checks (dfc8d63)",
	.kernel = "2.6.33",
	.memcg = true, /* 2.6.34 memcg limit reclaim on its lists */
	.check_references = page_check_references_patch1,
	.reclaim_run = reclaim_run_patch1,
	.keep_active = keep_active_2633,
	.checks = &checks,
	.active_checks = &active_checks_2633,
};
