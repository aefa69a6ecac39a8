/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/outcome.h - every outcome in the visualizer, one row each
 *
 * The engine names an outcome once (OUTCOMES in engine/record.h: its id
 * and its name).  Everything else the screen says or draws about it is
 * one row here: the glyph (UTF-8 and ASCII) and the ink (its colours in
 * 256, 8 and no colours, dark and light theme) the theme draws it with;
 * the legend's long and short labels and the help screen's sentence; the
 * key that answers the quiz with it and that the f dialog chooses it with
 * (so the two cannot drift apart), the filter n/N then look for, the scan
 * step that can give it, the quiz's label, and its name in the kernel:
 * page_check_references()'s PAGEREF_* (2.6.34), or what 2.6.33's inline
 * tests in shrink_page_list() do instead.  tests/unit/test_tables.c fails
 * if a row lacks a column it needs.
 */
#ifndef VMSCAN_TUI_OUTCOME_H
#define VMSCAN_TUI_OUTCOME_H

#include <stdint.h>

#include "../engine/record.h"
#include "../replay/stepindex.h"
#include "ink.h"

struct outcome_row {
	const char *glyph[2];  /* UTF-8, ASCII: no glyph stands for two things in either */
	struct ink ink;	       /* what theme_outcome() draws it in */
	const char *label;     /* the legend's: "reclaim_clean" */
	const char *shrt;      /* the legend's when space is short: "clean" */
	const char *help;      /* the help screen's sentence */
	const char *answer;    /* the quiz's label: "reclaim if clean"; NULL: no key */
	const char *pageref;   /* "PAGEREF_KEEP"; NULL: none */
	const char *inline_33; /* "goto keep_locked"; NULL: none */
	enum filter filter;    /* what n/N look for after f and the key */
	char key;	       /* quiz answer and f's choice; 0: not one a student names */
	uint8_t scan;	       /* the scan step that can give it (STEP_SCAN_*) */
};

extern const struct outcome_row outcome_table[NR_OUTCOMES];

/* The outcome @key names (a student's answer, f's choice), or OUT_NONE. */
enum outcome outcome_of_key(int key);

#endif
