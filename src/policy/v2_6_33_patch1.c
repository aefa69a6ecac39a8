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
 * scenario).
 */
#include "../engine/internal.h"

static enum page_references check_references(struct engine *e, struct page *page,
					     const struct scan_control *sc, struct reference_check *rc)
{
	int referenced = page_referenced_2633(e, page, rc);

	if (!referenced) {
		rc->branch = BR_NOT_REFERENCED;
		return PAGEREF_RECLAIM;
	}
	/* patch 1/3: lumpy reclaim ignores references */
	if (sc_lumpy_ignores_references(sc)) {
		rc->branch = BR_LUMPY;
		return PAGEREF_RECLAIM;
	}
	/* patch 1/3: mlock lost the isolation race; try_to_unmap() culls it */
	if (rc->vm_flags & VM_LOCKED) {
		rc->branch = BR_VM_LOCKED;
		return PAGEREF_RECLAIM;
	}
	if (page_mapping_inuse(e, page)) {
		rc->branch = BR_MAPPING_INUSE;
		return PAGEREF_ACTIVATE;
	}
	/* patch 1/3: reclaim if clean, defer dirty pages to writeback */
	rc->branch = BR_REFERENCED_NOT_INUSE;
	return PAGEREF_RECLAIM_CLEAN;
}

static bool keep_active(struct engine *e, struct page *page, struct reference_check *rc)
{
	/* unchanged from 2.6.33 */
	if (!page_mapping_inuse(e, page)) {
		rc->branch = BR_ACT_NOT_INUSE;
		return false;
	}
	return keep_active_vm_exec(page, page_referenced_2633(e, page, rc), rc);
}

static const struct policy_check checks[] = {
	{ BR_NOT_REFERENCED, "referenced == 0 (young ptes + PG_referenced)", "PAGEREF_RECLAIM" },
	{ BR_LUMPY, "sc->order > PAGE_ALLOC_COSTLY_ORDER", "PAGEREF_RECLAIM" },
	{ BR_VM_LOCKED, "vm_flags & VM_LOCKED", "PAGEREF_RECLAIM" },
	{ BR_MAPPING_INUSE, "page_mapping_inuse(page)", "PAGEREF_ACTIVATE" },
	{ BR_REFERENCED_NOT_INUSE, "otherwise", "PAGEREF_RECLAIM_CLEAN" },
};

static const struct policy_check active_checks[] = {
	{ BR_ACT_NOT_INUSE, "!page_mapping_inuse(page)", "deactivate" },
	{ BR_ACT_UNREFERENCED, "page_referenced() == 0", "deactivate" },
	{ BR_ACT_EXEC, "vm_flags & VM_EXEC, file page", "keep active" },
	{ BR_ACT_REFERENCED, "otherwise", "deactivate" },
};

const struct reclaim_policy policy_v2_6_33_patch1 = {
	.name = "2.6.33-patch1",
	.summary = "patch 1/3: the same decisions, factored into page_check_references()",
	.origin = "Weiner, vmscan: factor out page reference checks (dfc8d63)",
	.check_references = check_references,
	.keep_active = keep_active,
	.checks = checks,
	.nr_checks = sizeof checks / sizeof checks[0],
	.active_checks = active_checks,
	.nr_active_checks = sizeof active_checks / sizeof active_checks[0],
};
