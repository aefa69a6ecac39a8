/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_shown.c - engine_shown_lists() gives a viewer the lists
 * of the LRU the policy runs, as the engine has them
 *
 * The viewers (lists panel, report, series, real) iterate what it gives
 * and never ask which LRU runs, so what it gives must be the state: under
 * the two lists their four lists in the order asked, the pagevec when
 * asked; under 6.1's multi-gen LRU each type's live generations, youngest
 * (max_seq) to oldest (min_seq), each with its list, rank, age and both
 * sizes, and no pagevec.  Checked along whole runs, every few steps.
 */
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "harness.h"
#include "policy/registry.h"
#include "scenario/scenario.h"

#define ALL_FLAGS                                                                                   \
	(SHOWN_ANON | SHOWN_FILE | SHOWN_UNEVICTABLE | SHOWN_ISOLATED | SHOWN_FREE | SHOWN_KERNEL | \
	 SHOWN_PAGEVEC)

/* The two lists: the order of the flags, each list's size, nothing more. */
static void check_two_lists(const struct engine *e, uint64_t step)
{
	static const struct {
		unsigned flags;
		uint8_t want[6];
		unsigned n;
	} asks[] = {
		{ SHOWN_FILE | SHOWN_ANON | SHOWN_FILE_FIRST,
		  { LRU_ACTIVE_FILE, LRU_INACTIVE_FILE, LRU_ACTIVE_ANON, LRU_INACTIVE_ANON },
		  4 },
		{ SHOWN_FILE | SHOWN_ANON | SHOWN_INACTIVE_FIRST | SHOWN_PAGEVEC,
		  { LRU_INACTIVE_ANON, LRU_ACTIVE_ANON, LRU_INACTIVE_FILE, LRU_ACTIVE_FILE, LRU_PAGEVEC },
		  5 },
		{ SHOWN_FILE | SHOWN_UNEVICTABLE | SHOWN_ISOLATED,
		  { LRU_ACTIVE_FILE, LRU_INACTIVE_FILE, LRU_UNEVICTABLE, LRU_ISOLATED },
		  4 },
	};
	struct shown_list sl[NR_SHOWN_LISTS];

	for (size_t a = 0; a < sizeof asks / sizeof *asks; a++) {
		unsigned n = engine_shown_lists(e, asks[a].flags, sl);

		CHECKF(n == asks[a].n, "step %llu, ask %zu: %u lists, not %u", (unsigned long long)step, a, n,
		       asks[a].n);
		for (unsigned i = 0; i < n && i < asks[a].n; i++) {
			CHECKF(sl[i].lru == asks[a].want[i] && !sl[i].gen,
			       "step %llu, ask %zu: list %u is %s", (unsigned long long)step, a, i,
			       lru_name[sl[i].lru]);
			CHECK_EQ_U(sl[i].nr, engine_list(e, (enum lru_list)sl[i].lru).nr);
		}
	}
}

/* The generations: live ones only, youngest first, as lru_gen has them. */
static void check_generations(const struct engine *e, uint64_t step)
{
	struct lru_gen_info g = engine_lru_gen(e);
	struct shown_list sl[NR_SHOWN_LISTS];
	unsigned n = engine_shown_lists(e, ALL_FLAGS, sl), i = 0;

	CHECKF(n <= NR_SHOWN_LISTS, "step %llu: %u lists", (unsigned long long)step, n);
	for (unsigned t = 0; t < 2; t++) /* anon's first: no SHOWN_FILE_FIRST */
		for (uint64_t seq = g.max_seq + 1; seq-- > g.min_seq[t]; i++) {
			const struct shown_list *s = &sl[i];
			unsigned gen = (unsigned)(seq % 4);

			CHECKF(i < n && s->gen && s->type == t && s->seq == seq,
			       "step %llu: entry %u is not seq %llu of type %u", (unsigned long long)step, i,
			       (unsigned long long)seq, t);
			if (i >= n)
				return;
			CHECK_EQ_U(s->lru, LRU_GEN_FIRST + 2 * gen + t);
			CHECK_EQ_U(s->rank, g.max_seq - seq);
			CHECK(s->youngest == (seq == g.max_seq) && s->oldest == (seq == g.min_seq[t]));
			CHECK_EQ_U(s->age, engine_steps(e) - g.timestamps[gen]);
			CHECK_EQ_U(s->nr, engine_list(e, (enum lru_list)s->lru).nr);
			CHECK_EQ_U(s->nr_gen, g.nr_pages[gen][t] > 0 ? (uint64_t)g.nr_pages[gen][t] : 0);
		}
	/* then the others asked, and no pagevec: the multi-gen LRU has none here */
	static const uint8_t others[] = { LRU_UNEVICTABLE, LRU_ISOLATED, LRU_FREE, LRU_KERNEL };
	CHECKF(n == i + sizeof others, "step %llu: %u lists after the generations, not 4",
	       (unsigned long long)step, n - i);
	for (unsigned k = 0; k < sizeof others && i + k < n; k++)
		CHECKF(sl[i + k].lru == others[k] && !sl[i + k].gen, "step %llu: %s in place of %s",
		       (unsigned long long)step, lru_name[sl[i + k].lru], lru_name[others[k]]);
}

static void test_the_lists_shown_are_the_lru_of_the_policy(void)
{
	static const struct {
		const char *scenario, *policy;
		bool gens;
	} rows[] = {
		{ "data/anon-working-set.json", "2.6.34", false },
		{ "data/anon-working-set.json", "mglru", true },
		{ "data/default.json", "2.6.33", false },
		{ "data/default.json", "mglru", true },
		{ "data/mlocked.json", "mglru", true },
	};

	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		char name[96];
		snprintf(name, sizeof name, "%s under %s", rows[i].scenario, rows[i].policy);
		ROW_BEGIN(name);
		struct scenario s;
		struct diag_list d = { 0 };
		struct engine_error err = { "" };
		struct engine *e = NULL;

		if (scenario_load(rows[i].scenario, &s, &d) < 0) {
			CHECKF(0, "%s does not load", rows[i].scenario);
			diag_list_free(&d);
			ROW_END();
			continue;
		}
		diag_list_free(&d);
		e = engine_new(&s.wl, policy_find(rows[i].policy), &err);
		CHECKF(e, "%s: %s", name, err.msg);
		for (uint64_t k = 0; e && !engine_done(e) && k < 40000; k++) {
			engine_step(e);
			if (k % 97 == 0 || engine_done(e)) {
				if (rows[i].gens)
					check_generations(e, k);
				else
					check_two_lists(e, k);
			}
		}
		engine_free(e);
		scenario_free(&s);
		ROW_END();
	}
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN(test_the_lists_shown_are_the_lru_of_the_policy);
	return HARNESS_END("shown");
}
