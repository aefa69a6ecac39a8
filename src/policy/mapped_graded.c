/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/mapped_graded.c - the KS2012 proposal, read as a graded rule
 * (never merged)
 *
 * mapped_ratio.c reads Weiner's proposal as three hard bands that only
 * ever change what a young page gets.  The article says more: when mapped
 * pages are few, "not reclaiming them does not hurt", however unused they
 * are, and the approach should lean much less on the accessed bit.  This
 * file reads it so.  The share is that of mapped pages in the file LRU
 * (the pages they compete with), and protection falls continuously with it:
 *
 *   share <= 25%   every mapped file page is protected, young or not:
 *                  a young one is activated, an unused one kept
 *   25% .. 75%     a weight w falls linearly from 1 to 0; a young page
 *                  whose fixed place in [0, 1) (a hash of its file and
 *                  offset) is below w is activated at first sight, the
 *                  others need 2.6.34's two sightings
 *   >= 75%         a young mapped file page is reclaimed if clean
 *
 * On screen, "mapped share" is that share of the file LRU, and a page's
 * "place" is the hash below.
 *
 * The hash gives each page one standing for the whole run, so the share of
 * pages protected follows w exactly, and the run stays reproducible.
 * Anonymous pages, lumpy reclaim, VM_LOCKED and shrink_active_list() are
 * 2.6.34's.
 */
#include "common.h"

#define GRADED_LOW_PERMILLE  250
#define GRADED_HIGH_PERMILLE 750

/* This policy's own branches. */
enum { BR_MG_FEW_YOUNG = BR_OWN, BR_MG_FEW_KEPT, BR_MG_GRADED, BR_MG_MOSTLY_MAPPED };

/* @page's fixed place in [0, 1000): a hash of its file and offset. */
static unsigned graded_place(const struct page *page)
{
	uint32_t x = page->object * 0x9E3779B1u + page->index;

	x ^= x >> 16;
	x *= 0x85EBCA6Bu;
	x ^= x >> 13;
	x *= 0xC2B2AE35u;
	x ^= x >> 16;
	return x % 1000;
}

static enum page_references check_references(struct engine *e, struct page *page,
					     const struct scan_control *sc, struct reference_check *rc)
{
	enum page_references ref = page_check_references_2634(e, page, sc, rc);
	unsigned share, weight;

	if (rc->branch == BR_LUMPY || rc->branch == BR_VM_LOCKED || PageAnon(page) || !page_mapped(page))
		return ref;
	share = mapped_file_lru_permille(e);
	if (share <= GRADED_LOW_PERMILLE) {
		if (rc->referenced_ptes)
			return decide(rc, BR_MG_FEW_YOUNG, PAGEREF_ACTIVATE);
		return decide(rc, BR_MG_FEW_KEPT, PAGEREF_KEEP);
	}
	if (!rc->referenced_ptes)
		return ref;
	if (share >= GRADED_HIGH_PERMILLE)
		return decide(rc, BR_MG_MOSTLY_MAPPED, PAGEREF_RECLAIM_CLEAN);
	weight = (GRADED_HIGH_PERMILLE - share) * 1000 / (GRADED_HIGH_PERMILLE - GRADED_LOW_PERMILLE);
	if (graded_place(page) < weight)
		return decide(rc, BR_MG_GRADED, PAGEREF_ACTIVATE);
	return ref;
}

/* clang-format off */
static const struct policy_check check_rows[] = {
	CHECK_PATCH1_LUMPY,
	CHECK_PATCH1_VM_LOCKED,
	CHECK_2634_ANON_YOUNG,
	{ BR_MG_FEW_YOUNG,     "referenced_ptes, mapped share <= 25%",   "PAGEREF_ACTIVATE",
	  "mapped-graded (the KS2012 proposal read as a graded rule, never merged)", "mg_few_young",
	  "young mapped file page while mapped pages are a small share of the file LRU: activate" },
	{ BR_MG_FEW_KEPT,      "page_mapped, mapped share <= 25%",       "PAGEREF_KEEP",
	  "mapped-graded (the KS2012 proposal read as a graded rule, never merged)", "mg_few_kept",
	  "mapped file page, unused, but mapped pages are few: keeping it costs little, keep it" },
	{ BR_MG_MOSTLY_MAPPED, "referenced_ptes, mapped share >= 75%",   "PAGEREF_RECLAIM_CLEAN",
	  "mapped-graded (the KS2012 proposal read as a graded rule, never merged)", "mg_mostly_mapped",
	  "young mapped file page, but mapped pages fill most of the file LRU: reclaim it anyway if clean" },
	{ BR_MG_GRADED,        "referenced_ptes, place < weight(share)", "PAGEREF_ACTIVATE",
	  "mapped-graded (the KS2012 proposal read as a graded rule, never merged)", "mg_graded",
	  "young mapped file page within the share still protected at this mapped share: activate at first sight" },
	CHECKS_2634_FILE,
};
/* clang-format on */
static const struct policy_checks checks = POLICY_CHECKS(check_rows);

/* engine_run()'s reclaim loop with this rule compiled in (POLICY_HOT) */
static POLICY_HOT uint64_t reclaim_run_mapped_graded(struct engine *e, uint64_t max)
{
	return reclaim_run(e, max, check_references);
}

const struct reclaim_policy policy_mapped_graded = {
	.name = "mapped-graded",
	.summary = "the KS2012 proposal, graded: mapped file pages protected less as their share of the file "
		   "LRU grows",
	.origin = "Weiner at KS2012 (LWN, 2012-09-17), read as a graded rule; never merged",
	.kernel = "2.6.34",
	.memcg = true, /* 2.6.34 memcg limit reclaim on its lists */
	.check_references = check_references,
	.reclaim_run = reclaim_run_mapped_graded,
	.keep_active = keep_active_2634,
	.checks = &checks,
	.active_checks = &active_checks_2634,
};
