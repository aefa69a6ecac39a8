/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/v2_6_34.c - after patch 3/3, "vmscan: detect mapped file pages
 * used only once" (6457474, Feb 2010): Linux 2.6.34
 *
 * Every mapped page starts with a young pte from the fault that brought it
 * in, so one young pte says nothing about reuse.  page_referenced() no
 * longer reads PG_referenced; page_check_references() reads both apart and
 * uses PG_referenced as a mark for mapped file pages: the first time the
 * scanner finds one young, it sets the mark and keeps the page on the
 * inactive list for one more trip (PAGEREF_KEEP); young again next time,
 * and marked, it is activated; not young, it was used once and goes if
 * clean.  The shortest life of a used-once mapped page shrinks from a
 * cycle of all memory to a cycle of the inactive list.  Anonymous pages are
 * still activated at first sight.  shrink_active_list() now reads the ptes
 * of every page and ignores PG_referenced.
 *
 * The cost, which the article describes: a mapped page used in bursts (a
 * database index) is seen young only once per burst, and a fast-cycling
 * inactive list reclaims it before the second look.
 */
#include "../engine/internal.h"

enum page_references page_check_references_2634(struct engine *e, struct page *page,
						const struct scan_control *sc, struct reference_check *rc)
{
	rc->referenced_ptes = page_referenced(e, page, &rc->vm_flags);
	rc->referenced_page = TestClearPageReferenced(page);

	if (sc_lumpy_ignores_references(sc)) {
		rc->branch = BR_LUMPY;
		return PAGEREF_RECLAIM;
	}
	if (rc->vm_flags & VM_LOCKED) {
		rc->branch = BR_VM_LOCKED;
		return PAGEREF_RECLAIM;
	}
	if (rc->referenced_ptes) {
		if (PageAnon(page)) {
			rc->branch = BR_ANON_YOUNG;
			return PAGEREF_ACTIVATE;
		}
		/* patch 3/3: marked either way, so that a page deactivated
		 * later and found young again comes back at once */
		SetPageReferenced(page);
		if (rc->referenced_page) {
			rc->branch = BR_FILE_YOUNG_AGAIN;
			return PAGEREF_ACTIVATE;
		}
		rc->branch = BR_FILE_FIRST_YOUNG;
		return PAGEREF_KEEP;
	}
	if (rc->referenced_page) {
		rc->branch = BR_USED_ONCE;
		return PAGEREF_RECLAIM_CLEAN;
	}
	rc->branch = BR_UNREFERENCED;
	return PAGEREF_RECLAIM;
}

bool keep_active_2634(struct engine *e, struct page *page, struct reference_check *rc)
{
	/* patch 3/3: no guard; young ptes only, PG_referenced left alone */
	rc->referenced_ptes = page_referenced(e, page, &rc->vm_flags);
	return keep_active_vm_exec(page, rc->referenced_ptes, rc);
}

const struct policy_check checks_2634[] = {
	{ BR_LUMPY, "sc->order > PAGE_ALLOC_COSTLY_ORDER", "PAGEREF_RECLAIM" },
	{ BR_VM_LOCKED, "vm_flags & VM_LOCKED", "PAGEREF_RECLAIM" },
	{ BR_ANON_YOUNG, "referenced_ptes && PageAnon(page)", "PAGEREF_ACTIVATE" },
	{ BR_FILE_YOUNG_AGAIN, "referenced_ptes && referenced_page", "PAGEREF_ACTIVATE" },
	{ BR_FILE_FIRST_YOUNG, "referenced_ptes", "PAGEREF_KEEP" },
	{ BR_USED_ONCE, "referenced_page", "PAGEREF_RECLAIM_CLEAN" },
	{ BR_UNREFERENCED, "otherwise", "PAGEREF_RECLAIM" },
};
const uint8_t nr_checks_2634 = sizeof checks_2634 / sizeof checks_2634[0];

const struct policy_check active_checks_2634[] = {
	{ BR_ACT_UNREFERENCED, "page_referenced() == 0", "deactivate" },
	{ BR_ACT_EXEC, "vm_flags & VM_EXEC, file page", "keep active" },
	{ BR_ACT_REFERENCED, "otherwise", "deactivate" },
};
const uint8_t nr_active_checks_2634 = sizeof active_checks_2634 / sizeof active_checks_2634[0];

const struct reclaim_policy policy_v2_6_34 = {
	.name = "2.6.34",
	.summary = "patch 3/3: mapped file pages need two young sightings (used-once detection)",
	.origin = "Weiner, vmscan: detect mapped file pages used only once (6457474)",
	.check_references = page_check_references_2634,
	.keep_active = keep_active_2634,
	.checks = checks_2634,
	.nr_checks = sizeof checks_2634 / sizeof checks_2634[0],
	.active_checks = active_checks_2634,
	.nr_active_checks = sizeof active_checks_2634 / sizeof active_checks_2634[0],
};
