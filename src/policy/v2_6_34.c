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
 * The cost: a mapped page used in bursts (a database index) is seen young
 * only once per burst, and a fast-cycling inactive list reclaims it before
 * the second look.
 */
#include "common.h"

enum page_references page_check_references_2634(struct engine *e, struct page *page,
						const struct scan_control *sc, struct reference_check *rc)
{
	rc->referenced_ptes = page_referenced(e, page, &rc->vm_flags);
	rc->referenced_page = TestClearPageReferenced(page);

	if (sc_lumpy_ignores_references(sc))
		return decide(rc, BR_LUMPY, PAGEREF_RECLAIM);
	if (rc->vm_flags & VM_LOCKED)
		return decide(rc, BR_VM_LOCKED, PAGEREF_RECLAIM);
	if (rc->referenced_ptes) {
		if (PageAnon(page))
			return decide(rc, BR_ANON_YOUNG, PAGEREF_ACTIVATE);
		/* marked either way, so that a page deactivated later and found
		 * young again comes back at once */
		SetPageReferenced(page);
		if (rc->referenced_page)
			return decide(rc, BR_FILE_YOUNG_AGAIN, PAGEREF_ACTIVATE);
		return decide(rc, BR_FILE_FIRST_YOUNG, PAGEREF_KEEP);
	}
	if (rc->referenced_page)
		return decide(rc, BR_USED_ONCE, PAGEREF_RECLAIM_CLEAN);
	return decide(rc, BR_UNREFERENCED, PAGEREF_RECLAIM);
}

bool keep_active_2634(struct engine *e, struct page *page, struct reference_check *rc)
{
	/* no guard; young ptes only, PG_referenced left alone */
	rc->referenced_ptes = page_referenced(e, page, &rc->vm_flags);
	return keep_active_vm_exec(page, rc->referenced_ptes, rc);
}

/* The reclaim loop with this rule in it (make bench's policy). */
POLICY_HOT uint64_t reclaim_run_2634(struct engine *e, uint64_t max)
{
	return reclaim_run(e, max, page_check_references_2634);
}

/* clang-format off */
static const struct policy_check check_rows[] = {
	CHECK_PATCH1_LUMPY,
	CHECK_PATCH1_VM_LOCKED,
	CHECK_2634_ANON_YOUNG,
	CHECKS_2634_FILE,
};
static const struct policy_check active_rows[] = {
	VM_EXEC_ACTIVE_CHECKS,
};
/* clang-format on */
const struct policy_checks checks_2634 = POLICY_CHECKS(check_rows);
const struct policy_checks active_checks_2634 = POLICY_CHECKS(active_rows);

const struct reclaim_policy policy_v2_6_34 = {
	.name = "2.6.34",
	.summary = "patch 3/3: mapped file pages need two young sightings (used-once detection)",
	.origin = "Weiner, vmscan: detect mapped file pages used only once (6457474)",
	.kernel = "2.6.34",
	.memcg = true, /* 2.6.34 memcg limit reclaim on its lists */
	.check_references = page_check_references_2634,
	.keep_active = keep_active_2634,
	.reclaim_run = reclaim_run_2634,
	.checks = &checks_2634,
	.active_checks = &active_checks_2634,
};
