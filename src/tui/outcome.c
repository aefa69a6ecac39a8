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

/* clang-format off */
const struct outcome_words outcome_words[NR_OUTCOMES] = {
	[OUT_ACTIVATE]      = { 'a', FILTER_ACTIVATE,      STEP_SCAN_INACTIVE, "activate",
				"PAGEREF_ACTIVATE",      "goto activate_locked" },
	[OUT_KEEP]          = { 'k', FILTER_KEEP,          STEP_SCAN_INACTIVE, "keep",
				"PAGEREF_KEEP",          "goto keep_locked" },
	[OUT_RECLAIM]       = { 'r', FILTER_RECLAIM,       STEP_SCAN_INACTIVE, "reclaim",
				"PAGEREF_RECLAIM",       "on to reclaim" },
	[OUT_RECLAIM_CLEAN] = { 'c', FILTER_RECLAIM_CLEAN, STEP_SCAN_INACTIVE, "reclaim if clean",
				"PAGEREF_RECLAIM_CLEAN", "on to reclaim unless dirty" },
	[OUT_DEACTIVATE]    = { 'd', FILTER_DEACTIVATE,    STEP_SCAN_ACTIVE,   "deactivate" },
	[OUT_ROTATE]        = { 'o', FILTER_ROTATE,        STEP_SCAN_ACTIVE,   "rotate (stay active)" },
};
/* clang-format on */

enum outcome outcome_of_key(int key)
{
	for (int o = 0; o < NR_OUTCOMES; o++)
		if (key && outcome_words[o].key == key)
			return (enum outcome)o;
	return OUT_NONE;
}
