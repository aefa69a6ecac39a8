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
	if (sc_lumpy_ignores_references(sc)) {
		rc->branch = BR_LUMPY;
		return PAGEREF_RECLAIM;
	}
	if (rc->vm_flags & VM_LOCKED) {
		rc->branch = BR_VM_LOCKED;
		return PAGEREF_RECLAIM;
	}
	/* patch 2/3: page_mapped(), not page_mapping_inuse() */
	if (page_mapped(page)) {
		rc->branch = BR_REFERENCED_MAPPED;
		return PAGEREF_ACTIVATE;
	}
	rc->branch = BR_REFERENCED_UNMAPPED;
	return PAGEREF_RECLAIM_CLEAN;
}

static bool keep_active(struct engine *e, struct page *page, struct reference_check *rc)
{
	/* patch 2/3: the guard is page_mapped() */
	if (!page_mapped(page)) {
		rc->branch = BR_ACT_NOT_MAPPED;
		return false;
	}
	return keep_active_vm_exec(page, page_referenced_2633(e, page, rc), rc);
}

static const struct policy_check checks[] = {
	{ BR_NOT_REFERENCED, "referenced == 0 (young ptes + PG_referenced)", "PAGEREF_RECLAIM" },
	{ BR_LUMPY, "sc->order > PAGE_ALLOC_COSTLY_ORDER", "PAGEREF_RECLAIM" },
	{ BR_VM_LOCKED, "vm_flags & VM_LOCKED", "PAGEREF_RECLAIM" },
	{ BR_REFERENCED_MAPPED, "page_mapped(page)", "PAGEREF_ACTIVATE" },
	{ BR_REFERENCED_UNMAPPED, "otherwise", "PAGEREF_RECLAIM_CLEAN" },
};

static const struct policy_check active_checks[] = {
	{ BR_ACT_NOT_MAPPED, "!page_mapped(page)", "deactivate" },
	{ BR_ACT_UNREFERENCED, "page_referenced() == 0", "deactivate" },
	{ BR_ACT_EXEC, "vm_flags & VM_EXEC, file page", "keep active" },
	{ BR_ACT_REFERENCED, "otherwise", "deactivate" },
};

const struct reclaim_policy policy_v2_6_33_patch2 = {
	.name = "2.6.33-patch2",
	.summary = "patch 2/3: page_mapped() instead of page_mapping_inuse()",
	.origin = "Weiner, vmscan: drop page_mapping_inuse() (31c0569)",
	.check_references = check_references,
	.keep_active = keep_active,
	.checks = checks,
	.nr_checks = sizeof checks / sizeof checks[0],
	.active_checks = active_checks,
	.nr_active_checks = sizeof active_checks / sizeof active_checks[0],
};
