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
 * The last clause of page_mapping_inuse() is what let a torrent client's
 * already-hashed, unmapped chunks be activated: the file was still mapped
 * for the chunk being hashed (seeds/000-article.md).
 */
#include "../engine/internal.h"

static enum page_references check_references(struct engine *e, struct page *page,
					     const struct scan_control *sc, struct reference_check *rc)
{
	int referenced = page_referenced_2633(e, page, rc);

	/* 2.6.33: order > PAGE_ALLOC_COSTLY_ORDER fails the test outright */
	if (sc_lumpy_ignores_references(sc)) {
		rc->branch = BR_LUMPY;
		return PAGEREF_RECLAIM;
	}
	if (!referenced) {
		rc->branch = BR_NOT_REFERENCED;
		return PAGEREF_RECLAIM;
	}
	/* 2.6.33: !(vm_flags & VM_LOCKED) keeps it from activation; being
	 * referenced, it is still spared if dirty */
	if (rc->vm_flags & VM_LOCKED) {
		rc->branch = BR_33_VM_LOCKED;
		return PAGEREF_RECLAIM_CLEAN;
	}
	if (page_mapping_inuse(e, page)) {
		rc->branch = BR_MAPPING_INUSE;
		return PAGEREF_ACTIVATE;
	}
	rc->branch = BR_REFERENCED_NOT_INUSE;
	return PAGEREF_RECLAIM_CLEAN;
}

static bool keep_active(struct engine *e, struct page *page, struct reference_check *rc)
{
	/* 2.6.33: only pages "in use" have their references read (and their
	 * PG_referenced cleared as a side effect) */
	if (!page_mapping_inuse(e, page)) {
		rc->branch = BR_ACT_NOT_INUSE;
		return false;
	}
	return keep_active_vm_exec(page, page_referenced_2633(e, page, rc), rc);
}

static const struct policy_check checks[] = {
	{ BR_LUMPY, "order > PAGE_ALLOC_COSTLY_ORDER (lumpy reclaim)", "reclaim" },
	{ BR_NOT_REFERENCED, "referenced == 0 (young ptes + PG_referenced)", "reclaim" },
	{ BR_33_VM_LOCKED, "vm_flags & VM_LOCKED", "reclaim, kept if dirty" },
	{ BR_MAPPING_INUSE, "page_mapping_inuse(page)", "activate" },
	{ BR_REFERENCED_NOT_INUSE, "otherwise", "reclaim, kept if dirty" },
};

static const struct policy_check active_checks[] = {
	{ BR_ACT_NOT_INUSE, "!page_mapping_inuse(page)", "deactivate" },
	{ BR_ACT_UNREFERENCED, "page_referenced() == 0", "deactivate" },
	{ BR_ACT_EXEC, "vm_flags & VM_EXEC, file page", "keep active" },
	{ BR_ACT_REFERENCED, "otherwise", "deactivate" },
};

const struct reclaim_policy policy_v2_6_33 = {
	.name = "2.6.33",
	.summary = "before the series: referenced pages activated if page_mapping_inuse()",
	.origin = "Linux 2.6.33, mm/vmscan.c shrink_page_list()",
	.check_references = check_references,
	.keep_active = keep_active,
	.checks = checks,
	.nr_checks = sizeof checks / sizeof checks[0],
	.active_checks = active_checks,
	.nr_active_checks = sizeof active_checks / sizeof active_checks[0],
};
