/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/v2_6_33_patch2.c - after patch 2/3, "vmscan: drop
 * page_mapping_inuse()" (31c0569, Feb 2010)
 *
 * page_mapped() replaces page_mapping_inuse() at both call sites.  A page
 * of an mmapped file that is not itself mapped, and an unmapped swap-cache
 * page, are no longer protected by their PG_referenced mark: the unmap path
 * already turns young ptes into PG_referenced or an activation
 * (zap_pte_range), so the file-wide guess is not needed.  In
 * shrink_active_list() an unmapped page is now deactivated without a look.
 * Written as the patch is: patch 1/3's rules, with one test changed.
 */
#include "common.h"

static enum page_references check_references(struct engine *e, struct page *page,
					     const struct scan_control *sc, struct reference_check *rc)
{
	enum page_references ref = page_check_references_patch1(e, page, sc, rc);

	/* a referenced page is activated if page_mapped(), not if
	 * page_mapping_inuse() */
	if (rc->branch != BR_MAPPING_INUSE && rc->branch != BR_REFERENCED_NOT_INUSE)
		return ref;
	if (page_mapped(page))
		return decide(rc, BR_REFERENCED_MAPPED, PAGEREF_ACTIVATE);
	return decide(rc, BR_REFERENCED_UNMAPPED, PAGEREF_RECLAIM_CLEAN);
}

static bool keep_active(struct engine *e, struct page *page, struct reference_check *rc)
{
	/* the guard is page_mapped() */
	if (!page_mapped(page))
		return decide_active(rc, BR_ACT_NOT_MAPPED, false);
	return keep_active_referenced_2633(e, page, rc);
}

/* clang-format off */
static const struct policy_check check_rows[] = {
	CHECK_PATCH1_NOT_REFERENCED,
	CHECK_PATCH1_LUMPY,
	CHECK_PATCH1_VM_LOCKED,
	{ BR_REFERENCED_MAPPED,   "page_mapped(page)", "PAGEREF_ACTIVATE",
	  "patch 2/3 (31c0569), page_mapped() replaces page_mapping_inuse()", NULL, NULL },
	{ BR_REFERENCED_UNMAPPED, "otherwise",         "PAGEREF_RECLAIM_CLEAN",
	  "patch 2/3 (31c0569), page_mapping_inuse() dropped", NULL, NULL },
};
static const struct policy_check active_rows[] = {
	{ BR_ACT_NOT_MAPPED, "!page_mapped(page)", "deactivate",
	  "patch 2/3 (31c0569), page_mapped() guard in shrink_active_list", NULL, NULL },
	ACTIVE_CHECKS_2633,
};
/* clang-format on */
static const struct policy_checks checks = POLICY_CHECKS(check_rows);
static const struct policy_checks active_checks = POLICY_CHECKS(active_rows);

/* engine_run()'s reclaim loop with this rule compiled in (POLICY_HOT) */
static POLICY_HOT uint64_t reclaim_run_patch2(struct engine *e, uint64_t max)
{
	return reclaim_run(e, max, check_references);
}

const struct reclaim_policy policy_v2_6_33_patch2 = {
	.name = "2.6.33-patch2",
	.summary = "patch 2/3: page_mapped() instead of page_mapping_inuse()",
	.origin = "Weiner, vmscan: drop page_mapping_inuse() (31c0569)",
	.kernel = "2.6.33",
	.memcg = true, /* 2.6.34 memcg limit reclaim on its lists */
	.check_references = check_references,
	.reclaim_run = reclaim_run_patch2,
	.keep_active = keep_active,
	.checks = &checks,
	.active_checks = &active_checks,
};
