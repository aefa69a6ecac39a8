/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_equivalence.c - patch 1/3 changed no decision
 *
 * "This is just cleaning up, no semantics should have been changed", the
 * patch says.  On every scenario of data/, 2.6.33 and 2.6.33-patch1 run in
 * lockstep and must do the same thing at every step: same page, same
 * function, same lists before and after, same follow-up in
 * shrink_page_list, and the same counters at the end.  The branch names
 * may differ (patch 1 reorders the tests), and so may the answer in one
 * corner (src/policy/v2_6_33_patch1.c): a referenced page in a VM_LOCKED
 * mapping (reclaim-if-clean before, reclaim after), which try_to_unmap()
 * culls either way.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "harness.h"

static void compare_scenario(const char *path)
{
	struct scenario s;
	struct diag_list d = { 0 };
	struct engine_error err;
	struct engine *a, *b;

	if (scenario_load(path, &s, &d) < 0) {
		CHECKF(0, "%s does not load", path);
		diag_list_free(&d);
		return;
	}
	a = engine_new(&s.wl, policy_find("2.6.33"), &err);
	b = engine_new(&s.wl, policy_find("2.6.33-patch1"), &err);
	while (a && b && !engine_done(a)) {
		const struct step_record *x = engine_step(a), *y = engine_step(b);
		bool locked_corner = (x->inputs & IN_VM_LOCKED) && x->outcome == OUT_RECLAIM_CLEAN &&
				     y->outcome == OUT_RECLAIM;
		if (x->kind != y->kind || x->pfn != y->pfn || x->func != y->func || x->from != y->from ||
		    x->to != y->to || x->action != y->action ||
		    (x->outcome != y->outcome && !locked_corner)) {
			CHECKF(0, "%s: step %llu differs: %s %s -> %s (%s) vs %s %s -> %s (%s)", path,
			       (unsigned long long)x->step, outcome_name[x->outcome],
			       lru_name[x->from < NR_LISTS ? x->from : 0],
			       lru_name[x->to < NR_LISTS ? x->to : 0],
			       branch_name(engine_policy(a), x->branch), outcome_name[y->outcome],
			       lru_name[y->from < NR_LISTS ? y->from : 0],
			       lru_name[y->to < NR_LISTS ? y->to : 0],
			       branch_name(engine_policy(b), y->branch));
			break;
		}
	}
	CHECKF(a && b && engine_done(b), "%s: the two runs end at different steps", path);
	if (a && b)
		CHECKF(memcmp(engine_vmstat(a), engine_vmstat(b), NR_VM_EVENTS * sizeof(uint64_t)) == 0,
		       "%s: counters differ at the end", path);
	engine_free(a);
	engine_free(b);
	scenario_free(&s);
	diag_list_free(&d);
}

static void test_patch1_decides_as_2_6_33_on_every_scenario(void)
{
	struct harness_dir h = { 0 };

	while (harness_next_scenario(&h)) {
		ROW_BEGIN(h.name);
		compare_scenario(h.path);
		ROW_END();
	}
	CHECKF(h.found >= 10, "only %d scenarios found (run from the top of the tree)", h.found);
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN_TABLE(test_patch1_decides_as_2_6_33_on_every_scenario);
	return HARNESS_END("equivalence");
}
