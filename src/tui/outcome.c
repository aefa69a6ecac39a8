/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/outcome.c - an outcome's words in the visualizer, one row each
 *
 * The four answers of shrink_page_list() carry 2.6.34's enum
 * page_references names (patch 1/3, "factor out page reference checks");
 * 2.6.33 has no such enum, its inline tests jump to activate_locked or
 * keep_locked, or fall through to reclaim.  shrink_active_list() gives
 * two: deactivate, or rotate (stay active).
 */
#include "outcome.h"

const struct outcome_words outcome_words[NR_OUTCOMES] = {
	[OUT_ACTIVATE] = { .key = 'a',
			   .filter = FILTER_ACTIVATE,
			   .scan = STEP_SCAN_INACTIVE,
			   .answer = "activate",
			   .pageref = "PAGEREF_ACTIVATE",
			   .inline_33 = "goto activate_locked" },
	[OUT_KEEP] = { .key = 'k',
		       .filter = FILTER_KEEP,
		       .scan = STEP_SCAN_INACTIVE,
		       .answer = "keep",
		       .pageref = "PAGEREF_KEEP",
		       .inline_33 = "goto keep_locked" },
	[OUT_RECLAIM] = { .key = 'r',
			  .filter = FILTER_RECLAIM,
			  .scan = STEP_SCAN_INACTIVE,
			  .answer = "reclaim",
			  .pageref = "PAGEREF_RECLAIM",
			  .inline_33 = "on to reclaim" },
	[OUT_RECLAIM_CLEAN] = { .key = 'c',
				.filter = FILTER_RECLAIM_CLEAN,
				.scan = STEP_SCAN_INACTIVE,
				.answer = "reclaim if clean",
				.pageref = "PAGEREF_RECLAIM_CLEAN",
				.inline_33 = "on to reclaim unless dirty" },
	[OUT_DEACTIVATE] = { .key = 'd',
			     .filter = FILTER_DEACTIVATE,
			     .scan = STEP_SCAN_ACTIVE,
			     .answer = "deactivate" },
	[OUT_ROTATE] = { .key = 'o',
			 .filter = FILTER_ROTATE,
			 .scan = STEP_SCAN_ACTIVE,
			 .answer = "rotate (stay active)" },
};

enum outcome outcome_of_key(int key)
{
	for (int o = 0; o < NR_OUTCOMES; o++)
		if (key && outcome_words[o].key == key)
			return (enum outcome)o;
	return OUT_NONE;
}
