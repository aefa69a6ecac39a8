/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_tables.c - the visualizer's vocabularies, one table each,
 * are whole
 *
 * An outcome's glyph, ink, legend words, quiz key, filter and kernel name
 * are one row of tui/outcome.c; a row that lacks one of them would draw a
 * blank, a legend item without words, or a quiz answer n/N cannot find.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "tui/outcome.h"

static bool given(const char *s)
{
	return s && *s;
}

static void test_every_outcome_can_be_drawn_and_named_in_the_legend(void)
{
	for (int o = OUT_NONE + 1; o < NR_OUTCOMES; o++) {
		const struct outcome_row *r = &outcome_table[o];

		CHECKF(given(r->glyph[0]) && given(r->glyph[1]), "%s: a glyph in UTF-8 and in ASCII",
		       outcome_name[o]);
		CHECKF(r->glyph[1] && strlen(r->glyph[1]) == 1, "%s: the ASCII glyph is one character",
		       outcome_name[o]);
		/* an ink left out is all zeros: black on black in the light theme */
		CHECKF(r->ink.light_bg != 0 && (r->ink.fg256 != 0 || r->ink.bg256 != 0),
		       "%s: an ink in both themes", outcome_name[o]);
		CHECKF(given(r->label) && given(r->shrt) && given(r->help), "%s: the legend's words",
		       outcome_name[o]);
		CHECKF(!given(r->label) || strcmp(r->label, outcome_name[o]) == 0,
		       "%s: the legend calls it by its name, not \"%s\"", outcome_name[o], r->label);
		for (int p = OUT_NONE + 1; p < o; p++)
			for (int a = 0; a < 2; a++)
				CHECKF(!r->glyph[a] || !outcome_table[p].glyph[a] ||
					       strcmp(r->glyph[a], outcome_table[p].glyph[a]) != 0,
				       "%s and %s share the glyph %s", outcome_name[o], outcome_name[p],
				       r->glyph[a]);
	}
}

static void test_an_outcome_with_a_key_answers_the_quiz_and_filters_steps(void)
{
	int keyed = 0;

	for (int o = 0; o < NR_OUTCOMES; o++) {
		const struct outcome_row *r = &outcome_table[o];

		if (!r->key) {
			CHECKF(!r->answer && !r->pageref, "%s: words for a key it has not", outcome_name[o]);
			continue;
		}
		keyed++;
		CHECKF((int)outcome_of_key(r->key) == o, "%s: its key '%c' names another outcome",
		       outcome_name[o], r->key);
		CHECKF(given(r->answer), "%s: the quiz's label", outcome_name[o]);
		CHECKF(r->scan == STEP_SCAN_INACTIVE || r->scan == STEP_SCAN_ACTIVE,
		       "%s: the scan step that gives it", outcome_name[o]);
		CHECKF(r->filter != FILTER_DECISION && r->filter < NR_FILTERS &&
			       strcmp(filter_name[r->filter], outcome_name[o]) == 0,
		       "%s: n/N look for it under its own name, not \"%s\"", outcome_name[o],
		       r->filter < NR_FILTERS ? filter_name[r->filter] : "?");
		if (r->scan == STEP_SCAN_INACTIVE) {
			char want[40] = "PAGEREF_";
			for (size_t i = 0; outcome_name[o][i] && i + 9 < sizeof want; i++)
				want[8 + i] = (char)toupper((unsigned char)outcome_name[o][i]);
			CHECKF(given(r->pageref) && strcmp(r->pageref, want) == 0,
			       "%s: page_check_references()'s name is %s", outcome_name[o], want);
			CHECKF(given(r->inline_33), "%s: what 2.6.33's inline tests do", outcome_name[o]);
		}
	}
	CHECKF(keyed == 6, "the four answers of shrink_page_list() and the two of shrink_active_list(): %d",
	       keyed);
	/* every filter named after an outcome is that outcome's */
	for (int f = 0; f < NR_FILTERS; f++)
		for (int o = 0; o < NR_OUTCOMES; o++)
			if (strcmp(filter_name[f], outcome_name[o]) == 0 && o != OUT_REFAULT)
				CHECKF(outcome_table[o].key && outcome_table[o].filter == (enum filter)f,
				       "the filter %s has its outcome's key", filter_name[f]);
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN(test_every_outcome_can_be_drawn_and_named_in_the_legend);
	RUN(test_an_outcome_with_a_key_answers_the_quiz_and_filters_steps);
	return HARNESS_END("tables");
}
