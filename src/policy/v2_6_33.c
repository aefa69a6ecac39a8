/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/v2_6_33.c - reclaim's reference checks in Linux 2.6.33
 *
 * Before Weiner's series, shrink_page_list() decided in one inline test:
 * a page is activated if it was referenced (a young pte, or PG_referenced,
 * which page_referenced() counted and cleared), the allocation is not
 * high-order, no VM_LOCKED mapping was met, and page_mapping_inuse() holds:
 * the page is mapped, or in swap cache, or belongs to a file that anybody
 * has mmapped.  A referenced page that is not activated is still spared if
 * dirty.  shrink_active_list() looks at references only for pages that
 * page_mapping_inuse() calls in use; all others are deactivated blind.
 *
 * The last clause of page_mapping_inuse() is what lets a torrent client's
 * already-hashed, unmapped chunks be activated: the file is still mapped
 * for the chunk being hashed.
 */
#include "common.h"

enum page_references check_references_2633(struct engine *e, struct page *page, const struct scan_control *sc,
					   struct reference_check *rc)
{
	int referenced = page_referenced_2633(e, page, rc);

	/* order > PAGE_ALLOC_COSTLY_ORDER fails the test outright */
	if (sc_lumpy_ignores_references(sc))
		return decide(rc, BR_LUMPY, PAGEREF_RECLAIM);
	if (!referenced)
		return decide(rc, BR_NOT_REFERENCED, PAGEREF_RECLAIM);
	/* !(vm_flags & VM_LOCKED) keeps it from activation; being referenced,
	 * it is still spared if dirty */
	if (rc->vm_flags & VM_LOCKED)
		return decide(rc, BR_33_VM_LOCKED, PAGEREF_RECLAIM_CLEAN);
	if (page_mapping_inuse(e, page))
		return decide(rc, BR_MAPPING_INUSE, PAGEREF_ACTIVATE);
	return decide(rc, BR_REFERENCED_NOT_INUSE, PAGEREF_RECLAIM_CLEAN);
}

bool keep_active_2633(struct engine *e, struct page *page, struct reference_check *rc)
{
	/* only pages "in use" have their references read (and their
	 * PG_referenced cleared as a side effect) */
	if (!page_mapping_inuse(e, page))
		return decide_active(rc, BR_ACT_NOT_INUSE, false);
	return keep_active_referenced_2633(e, page, rc);
}

/* clang-format off */
static const struct policy_check check_rows[] = {
	{ BR_LUMPY,                "order > PAGE_ALLOC_COSTLY_ORDER (lumpy reclaim)", "reclaim",
	  "2.6.33 shrink_page_list, order > PAGE_ALLOC_COSTLY_ORDER", NULL, NULL },
	{ BR_NOT_REFERENCED,       "referenced == 0 (young ptes + PG_referenced)",    "reclaim",
	  "2.6.33 shrink_page_list, page_referenced() == 0", NULL, NULL },
	{ BR_33_VM_LOCKED,         "vm_flags & VM_LOCKED",                            "reclaim, kept if dirty",
	  "2.6.33 shrink_page_list inline test, !(vm_flags & VM_LOCKED)", NULL, NULL },
	{ BR_MAPPING_INUSE,        "page_mapping_inuse(page)",                        "activate",
	  "2.6.33 shrink_page_list, page_mapping_inuse()", NULL, NULL },
	{ BR_REFERENCED_NOT_INUSE, "otherwise",                                       "reclaim, kept if dirty",
	  "2.6.33 shrink_page_list, PageDirty && referenced", NULL, NULL },
};
static const struct policy_check active_rows[] = {
	{ BR_ACT_NOT_INUSE, "!page_mapping_inuse(page)", "deactivate",
	  "2.6.33 shrink_active_list, page_mapping_inuse() guard", NULL, NULL },
	ACTIVE_CHECKS_2633,
};
/* clang-format on */
static const struct policy_checks checks = POLICY_CHECKS(check_rows);
const struct policy_checks active_checks_2633 = POLICY_CHECKS(active_rows);

/* engine_run()'s reclaim loop with this rule compiled in (POLICY_HOT) */
static POLICY_HOT uint64_t reclaim_run_2633(struct engine *e, uint64_t max)
{
	return reclaim_run(e, max, check_references_2633);
}

const struct reclaim_policy policy_v2_6_33 = {
	.name = "2.6.33",
	.summary = "before the series: referenced pages activated if page_mapping_inuse()",
	.origin = "Linux 2.6.33, mm/vmscan.c shrink_page_list()",
	.kernel = "2.6.33",
	.memcg = true, /* 2.6.34 memcg limit reclaim on its lists */
	.check_references = check_references_2633,
	.reclaim_run = reclaim_run_2633,
	.keep_active = keep_active_2633,
	.checks = &checks,
	.active_checks = &active_checks_2633,
};
