/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/outcome.h - an outcome's words in the visualizer, one row each
 *
 * The engine names an outcome once (OUTCOMES in engine/record.h: its id
 * and its name); its glyph and colour are the theme's (theme.c).  What a
 * student types and reads about it is here, in one row an outcome: the
 * key that answers the quiz with it and that the f dialog chooses it
 * with (so the two cannot drift apart), the filter n/N then look for, the
 * scan step that can give it, the quiz's label, and its name in the
 * kernel: page_check_references()'s PAGEREF_* (2.6.34), or what
 * 2.6.33's inline tests in shrink_page_list() do instead.
 */
#ifndef VMSCAN_TUI_OUTCOME_H
#define VMSCAN_TUI_OUTCOME_H

#include <stdint.h>

#include "../engine/record.h"
#include "../replay/stepindex.h"

struct outcome_words {
	const char *answer;    /* the quiz's label: "reclaim if clean"; NULL: no key */
	const char *pageref;   /* "PAGEREF_KEEP"; NULL: none */
	const char *inline_33; /* "goto keep_locked"; NULL: none */
	enum filter filter;    /* what n/N look for after f and the key */
	char key;	       /* quiz answer and f's choice; 0: not one a student names */
	uint8_t scan;	       /* the scan step that can give it (STEP_SCAN_*) */
};

extern const struct outcome_words outcome_words[NR_OUTCOMES];

/* The outcome @key names (a student's answer, f's choice), or OUT_NONE. */
enum outcome outcome_of_key(int key);

#endif
