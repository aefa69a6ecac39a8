/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_replay.c - the headless logic both front ends share
 *
 * The step index (marks, search, the access map, sparkline buckets), the
 * divergence rules on one stretch (decisions, fates), the lockstep over
 * two whole runs, and the verdict's words.  Rules are tables of records
 * made by hand; the lockstep is checked on the shipped scenarios against
 * facts found another way (a plain run of each policy), and against
 * itself run in slices of every size.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "policy/registry.h"
#include "replay/diverge.h"
#include "replay/names.h"
#include "replay/stepindex.h"
#include "replay/verdict.h"
#include "scenario/scenario.h"
#include "util/grow.h"

/* A small scenario whose engine the index samples lists from. */
static const char tiny_json[] = "{\"format\":1,\"title\":\"t\",\"memory\":{\"pages\":64},"
				"\"objects\":[{\"name\":\"f\",\"type\":\"file\",\"pages\":8}],"
				"\"workload\":[{\"op\":\"read\",\"object\":\"f\",\"caption\":\"reads\"},"
				"{\"op\":\"read\",\"object\":\"f\"}]}";

static struct scenario tiny;
static struct engine *tiny_engine;

static void tiny_up(void)
{
	struct diag_list d = { 0 };
	struct engine_error err;

	if (scenario_parse("tiny", NULL, tiny_json, sizeof tiny_json - 1, &tiny, &d) < 0)
		CHECKF(0, "the tiny scenario does not load: %s", d.n ? d.v[0].msg : "?");
	diag_list_free(&d);
	tiny_engine = engine_new(&tiny.wl, policy_find("2.6.34"), &err);
	CHECKF(tiny_engine, "no engine: %s", err.msg);
}

static struct step_record rec(uint8_t kind, uint8_t outcome, uint32_t object, uint32_t index)
{
	return (struct step_record){
		.kind = kind, .outcome = outcome, .object = object, .index = index, .pfn = 1, .op = 0
	};
}

/* ---- the step index --------------------------------------------------------- */

static void test_a_steps_byte_says_what_it_was(void)
{
	static const struct {
		const char *sentence;
		struct step_record r;
		uint8_t mark;
	} rows[] = {
		{ "a workload step is an access, with its outcome",
		  { .kind = STEP_WORKLOAD, .outcome = OUT_REFAULT, .op = 1 },
		  MARK_WORKLOAD | OUT_REFAULT },
		{ "a shrink_page_list step is a decision, with its outcome",
		  { .kind = STEP_SCAN_INACTIVE, .outcome = OUT_RECLAIM_CLEAN, .op = 1 },
		  MARK_DECISION | OUT_RECLAIM_CLEAN },
		{ "a shrink_active_list step is a decision too",
		  { .kind = STEP_SCAN_ACTIVE, .outcome = OUT_ROTATE, .op = 1 },
		  MARK_DECISION | OUT_ROTATE },
		{ "a writeback completion is neither",
		  { .kind = STEP_WRITEBACK, .outcome = OUT_ROTATE_TAIL, .op = 1 },
		  OUT_ROTATE_TAIL },
		{ "a step the scenario pauses at is a pause point",
		  { .kind = STEP_WORKLOAD, .inputs = IN_PAUSE, .op = 1 },
		  MARK_WORKLOAD | MARK_PAUSE },
		{ "the first step of an operation with a caption is marked",
		  { .kind = STEP_WORKLOAD, .op = 0 },
		  MARK_WORKLOAD | MARK_CAPTION },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		struct step_index ix;
		step_index_init(&ix, 100);
		ix.prev_op = 5; /* another operation came before */
		CHECKF(step_index_add(&ix, &rows[i].r, tiny_engine) == 0, "%s", rows[i].sentence);
		CHECKF(step_index_mark(&ix, 1) == rows[i].mark, "%s: mark %#x, want %#x", rows[i].sentence,
		       step_index_mark(&ix, 1), rows[i].mark);
		step_index_free(&ix);
		ROW_END();
	}
}

static void test_only_an_operations_first_step_carries_its_caption(void)
{
	struct step_index ix;
	struct step_record r = rec(STEP_WORKLOAD, OUT_FAULT, 0, 0);

	step_index_init(&ix, 100);
	step_index_add(&ix, &r, tiny_engine);
	step_index_add(&ix, &r, tiny_engine);
	CHECK(step_index_mark(&ix, 1) & MARK_CAPTION);
	CHECK(!(step_index_mark(&ix, 2) & MARK_CAPTION));
	step_index_free(&ix);
}

/* Steps 1..12: access, scan(reclaim), scan(activate), access(refault),
 * scan(reclaim_clean), pause access, access, scan(deactivate), ... */
static void fill_search_run(struct step_index *ix)
{
	static const struct {
		uint8_t kind, outcome;
		uint16_t inputs;
		uint32_t object;
	} steps[] = {
		{ STEP_WORKLOAD, OUT_FAULT, 0, 0 },
		{ STEP_SCAN_INACTIVE, OUT_RECLAIM, 0, 1 },
		{ STEP_SCAN_INACTIVE, OUT_ACTIVATE, 0, 0 },
		{ STEP_WORKLOAD, OUT_REFAULT, 0, 1 },
		{ STEP_SCAN_INACTIVE, OUT_RECLAIM_CLEAN, 0, 0 },
		{ STEP_WORKLOAD, OUT_NONE, IN_PAUSE, OBJECT_KERNEL },
		{ STEP_WORKLOAD, OUT_REFERENCE, 0, 1 },
		{ STEP_SCAN_ACTIVE, OUT_DEACTIVATE, 0, 0 },
		{ STEP_SCAN_INACTIVE, OUT_RECLAIM, 0, 0 },
		{ STEP_WORKLOAD, OUT_ACTIVATE, 0, 1 },
		{ STEP_SCAN_ACTIVE, OUT_ROTATE, 0, 300 },
		{ STEP_WORKLOAD, OUT_FAULT, 0, 1 },
	};

	step_index_init(ix, 1000);
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		struct step_record r = { .kind = steps[i].kind,
					 .outcome = steps[i].outcome,
					 .inputs = steps[i].inputs,
					 .op = 1,
					 .object = steps[i].object };
		step_index_add(ix, &r, tiny_engine);
	}
}

static void test_n_and_N_find_steps_by_kind(void)
{
	static const struct {
		const char *sentence;
		uint64_t from;
		enum filter f;
		int dir;
		uint64_t want;
	} rows[] = {
		{ "n from the start finds the first reclaim", 0, FILTER_RECLAIM, 1, 2 },
		{ "n from a reclaim finds the next one, not itself", 2, FILTER_RECLAIM, 1, 9 },
		{ "N finds the previous reclaim", 9, FILTER_RECLAIM, -1, 2 },
		{ "N from the first one finds none", 2, FILTER_RECLAIM, -1, 0 },
		{ "n past the last one finds none", 9, FILTER_RECLAIM, 1, 0 },
		{ "any decision: the next scan step", 3, FILTER_DECISION, 1, 5 },
		{ "an access that activates is not a decision", 9, FILTER_ACTIVATE, 1, 0 },
		{ "a decision that activates is found", 0, FILTER_ACTIVATE, 1, 3 },
		{ "refault finds the access that refaulted", 0, FILTER_REFAULT, 1, 4 },
		{ "caption finds a pause point", 0, FILTER_CAPTION, 1, 6 },
		{ "deactivate and rotate are shrink_active_list's", 0, FILTER_ROTATE, 1, 11 },
		{ "N from past the end searches from the last step", 100, FILTER_DECISION, -1, 11 },
	};
	struct step_index ix;

	fill_search_run(&ix);
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		uint64_t got = step_index_find_of(&ix, rows[i].from, rows[i].f, rows[i].dir, STEP_ANY_OBJECT);
		CHECKF(got == rows[i].want, "%s: got step %llu, want %llu", rows[i].sentence,
		       (unsigned long long)got, (unsigned long long)rows[i].want);
		ROW_END();
	}
	step_index_free(&ix);
}

/* n/N of one object (the filter dialog's =): the next reclaim of index,
 * not of the table read past it. */
static void test_n_and_N_of_one_object(void)
{
	static const struct {
		const char *sentence;
		uint64_t from;
		enum filter f;
		int dir;
		uint32_t object;
		uint64_t want;
	} rows[] = {
		{ "the next reclaim of object 0 passes over object 1's", 0, FILTER_RECLAIM, 1, 0, 9 },
		{ "the next reclaim of object 1 is its own", 0, FILTER_RECLAIM, 1, 1, 2 },
		{ "the previous decision of object 1 from the end", 100, FILTER_DECISION, -1, 1, 2 },
		{ "a refault of object 0: none", 0, FILTER_REFAULT, 1, 0, 0 },
		{ "a refault of object 1", 0, FILTER_REFAULT, 1, 1, 4 },
		{ "any object", 9, FILTER_DECISION, 1, STEP_ANY_OBJECT, 11 },
		{ "an object past the tagged ones is never found", 0, FILTER_DECISION, 1, 300, 0 },
	};
	struct step_index ix;

	fill_search_run(&ix);
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		uint64_t got = step_index_find_of(&ix, rows[i].from, rows[i].f, rows[i].dir, rows[i].object);
		CHECKF(got == rows[i].want, "%s: got step %llu, want %llu", rows[i].sentence,
		       (unsigned long long)got, (unsigned long long)rows[i].want);
		ROW_END();
	}
	step_index_free(&ix);
}

/* The access map against a count from step 1, for runs whose reclaim
 * comes in different rhythms. */
static void test_the_access_map_agrees_with_counting(void)
{
	static const struct {
		const char *sentence;
		unsigned accesses, every, scans; /* after every @every-th access, @scans scan steps */
	} rows[] = {
		{ "accesses one after the other", 1000, 1, 0 },
		{ "three scan steps after every access", 1000, 1, 3 },
		{ "a reclaim burst of 700 steps every 300 accesses", 2000, 300, 700 },
		{ "scan steps before the first access", 600, 1000000, 0 },
		{ "exactly one access map entry's worth", ACCESS_EVERY, 7, 2 },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		struct step_index ix;
		uint64_t *step_of = calloc(rows[i].accesses + 1, sizeof *step_of), steps = 0, bad = 0;
		struct step_record acc = rec(STEP_WORKLOAD, OUT_FAULT, 0, 0),
				   scan = rec(STEP_SCAN_INACTIVE, OUT_KEEP, 0, 0);

		step_index_init(&ix, UINT64_MAX);
		if (rows[i].every == 1000000) /* a few scan steps first */
			for (int s = 0; s < 5; s++, steps++)
				step_index_add(&ix, &scan, tiny_engine);
		for (unsigned k = 1; k <= rows[i].accesses; k++) {
			step_index_add(&ix, &acc, tiny_engine);
			step_of[k] = ++steps;
			if (k % rows[i].every == 0)
				for (unsigned s = 0; s < rows[i].scans; s++, steps++)
					step_index_add(&ix, &scan, tiny_engine);
		}
		CHECK_EQ_U(step_index_accesses(&ix), rows[i].accesses);
		for (unsigned k = 1; k <= rows[i].accesses; k++)
			bad += step_index_access_step(&ix, k) != step_of[k];
		CHECKF(bad == 0, "%s: %llu accesses at the wrong step", rows[i].sentence,
		       (unsigned long long)bad);
		bad = 0;
		for (uint64_t s = 0, k = 0; s <= steps; s++) {
			while (k < rows[i].accesses && step_of[k + 1] <= s)
				k++;
			bad += step_index_access_at(&ix, s) != k;
		}
		CHECKF(bad == 0, "%s: %llu steps at the wrong access", rows[i].sentence,
		       (unsigned long long)bad);
		CHECK_EQ_U(step_index_access_step(&ix, rows[i].accesses + 1), 0);
		free(step_of);
		step_index_free(&ix);
		ROW_END();
	}
}

static void test_an_index_stops_at_its_limit_and_says_so(void)
{
	struct step_index ix;
	struct step_record r = rec(STEP_WORKLOAD, OUT_FAULT, 0, 0);
	int took = 0;

	step_index_init(&ix, 10);
	for (int i = 0; i < 25; i++)
		took += step_index_add(&ix, &r, tiny_engine) == 0;
	CHECK_EQ_U(took, 10);
	CHECK_EQ_U(ix.nr, 10);
	CHECK(ix.state == INDEX_FULL);
	CHECK(step_index_done(&ix));
	CHECK(ix.cap <= 10);
	step_index_free(&ix);
}

static void test_building_stops_where_the_run_ends(void)
{
	struct step_index ix;
	struct engine_error err;
	struct engine *bld = engine_new(&tiny.wl, policy_find("2.6.34"), &err);
	struct timeline *tl = timeline_new(&tiny.wl, policy_find("2.6.34"), 1 << 20, &err);
	uint64_t total = 0;

	step_index_init(&ix, 1000);
	while (step_index_build(&ix, bld, tl, 3) > 0)
		total += 0;
	CHECK(ix.state == INDEX_COMPLETE);
	CHECK_EQ_U(ix.nr, 16); /* two reads of 8 pages, no reclaim in 64 pages */
	CHECK_EQ_U(step_index_accesses(&ix), 16);
	CHECK_EQ_U(step_index_build(&ix, bld, tl, 3), 0);
	(void)total;
	engine_free(bld);
	timeline_free(tl);
	step_index_free(&ix);
}

static void test_sparkline_buckets_merge_and_keep_the_refaults(void)
{
	struct step_index ix;
	struct step_record r = rec(STEP_WORKLOAD, OUT_REFAULT, 0, 0);
	unsigned n = SPARK_BUCKETS * 3;
	uint64_t sum = 0;

	step_index_init(&ix, UINT64_MAX);
	for (unsigned i = 0; i < n; i++)
		step_index_add(&ix, &r, tiny_engine);
	CHECK_EQ_U(ix.bucket_steps, 4);
	for (unsigned b = 0; b < ix.nb; b++)
		sum += ix.v[SPARK_REFAULT][b];
	CHECK_EQ_U(sum, n);
	CHECK_EQ_U(ix.max[SPARK_REFAULT], 4);
	step_index_free(&ix);
}

/* ---- the rules on one stretch ------------------------------------------------- */

#define MAXR 6
struct stretch_row {
	const char *sentence;
	struct step_record left[MAXR], right[MAXR];
	bool decision;
	uint32_t object, index;
	int loser;
};

#define ACC(o, i, out)                                                                         \
	{                                                                                      \
		.kind = STEP_WORKLOAD, .outcome = (out), .object = (o), .index = (i), .pfn = 1 \
	}
#define SCAN(o, i, out)                                                                             \
	{                                                                                           \
		.kind = STEP_SCAN_INACTIVE, .outcome = (out), .object = (o), .index = (i), .pfn = 1 \
	}
#define ASCAN(o, i, out)                                                                          \
	{                                                                                         \
		.kind = STEP_SCAN_ACTIVE, .outcome = (out), .object = (o), .index = (i), .pfn = 1 \
	}

static const struct stretch_row stretch_rows[] = {
	{ "the same first decision on both sides is no divergence",
	  { ACC(0, 9, OUT_FAULT), SCAN(1, 0, OUT_KEEP) },
	  { ACC(0, 9, OUT_FAULT), SCAN(1, 0, OUT_KEEP) },
	  false,
	  0,
	  0,
	  -1 },
	{ "different first decisions about one page diverge, naming the page",
	  { ACC(0, 9, OUT_FAULT), SCAN(1, 3, OUT_ACTIVATE) },
	  { ACC(0, 9, OUT_FAULT), SCAN(1, 3, OUT_KEEP) },
	  true,
	  1,
	  3,
	  -1 },
	{ "a page scanned on one side only does not count",
	  { ACC(0, 9, OUT_FAULT), SCAN(1, 3, OUT_ACTIVATE) },
	  { ACC(0, 9, OUT_FAULT), SCAN(1, 4, OUT_KEEP) },
	  false,
	  0,
	  0,
	  -1 },
	{ "only the first decision about a page counts, on the left",
	  { ACC(0, 9, OUT_FAULT), SCAN(1, 3, OUT_KEEP), SCAN(1, 3, OUT_RECLAIM) },
	  { ACC(0, 9, OUT_FAULT), SCAN(1, 3, OUT_KEEP) },
	  false,
	  0,
	  0,
	  -1 },
	{ "only the first decision about a page counts, on the right",
	  { ACC(0, 9, OUT_FAULT), SCAN(1, 3, OUT_KEEP) },
	  { ACC(0, 9, OUT_FAULT), SCAN(1, 3, OUT_KEEP), SCAN(1, 3, OUT_RECLAIM) },
	  false,
	  0,
	  0,
	  -1 },
	{ "of two divergent pages, the one the left decided about first is named",
	  { ACC(0, 9, OUT_FAULT), SCAN(1, 5, OUT_ACTIVATE), SCAN(1, 2, OUT_ACTIVATE) },
	  { ACC(0, 9, OUT_FAULT), SCAN(1, 2, OUT_KEEP), SCAN(1, 5, OUT_KEEP) },
	  true,
	  1,
	  5,
	  -1 },
	{ "shrink_active_list's deactivate against rotate diverges",
	  { ACC(0, 9, OUT_FAULT), ASCAN(2, 1, OUT_DEACTIVATE) },
	  { ACC(0, 9, OUT_FAULT), ASCAN(2, 1, OUT_ROTATE) },
	  true,
	  2,
	  1,
	  -1 },
	{ "kernel pages are not compared",
	  { ACC(0, 9, OUT_FAULT), SCAN(OBJECT_KERNEL, 0, OUT_ACTIVATE) },
	  { ACC(0, 9, OUT_FAULT), SCAN(OBJECT_KERNEL, 0, OUT_KEEP) },
	  false,
	  0,
	  0,
	  -1 },
	{ "a hit on the left and a refault on the right: the right loses the page",
	  { ACC(1, 0, OUT_REFERENCE) },
	  { ACC(1, 0, OUT_REFAULT) },
	  false,
	  0,
	  0,
	  1 },
	{ "a fault on the left and a hit on the right: the left loses it",
	  { ACC(1, 0, OUT_FAULT) },
	  { ACC(1, 0, OUT_ACTIVATE) },
	  false,
	  0,
	  0,
	  0 },
	{ "a refault on one side and a first fault on the other: the refaulting side loses",
	  { ACC(1, 0, OUT_FAULT) },
	  { ACC(1, 0, OUT_REFAULT) },
	  false,
	  0,
	  0,
	  1 },
	{ "a miss on both sides is no fate divergence",
	  { ACC(1, 0, OUT_REFAULT) },
	  { ACC(1, 0, OUT_REFAULT) },
	  false,
	  0,
	  0,
	  -1 },
	{ "an operation that touches no page is no fate divergence",
	  { { .kind = STEP_WORKLOAD, .outcome = OUT_NONE, .object = 1, .pfn = PFN_NONE } },
	  { { .kind = STEP_WORKLOAD, .outcome = OUT_NONE, .object = 1, .pfn = PFN_NONE } },
	  false,
	  0,
	  0,
	  -1 },
	{ "both kinds at once: a decision and a fate divergence",
	  { ACC(1, 0, OUT_REFERENCE), SCAN(2, 7, OUT_RECLAIM) },
	  { ACC(1, 0, OUT_FAULT), SCAN(2, 7, OUT_KEEP) },
	  true,
	  2,
	  7,
	  1 },
};

static void test_the_rules_on_one_stretch(void)
{
	struct stretch_rule sr = { 0 };

	for (size_t i = 0; i < sizeof stretch_rows / sizeof stretch_rows[0]; i++) {
		const struct stretch_row *row = &stretch_rows[i];
		const struct stretch_result *res;
		ROW_BEGIN(row->sentence);
		stretch_begin(&sr);
		for (int s = 0; s < 2; s++)
			for (int j = 0; j < MAXR; j++) {
				const struct step_record *r = s ? &row->right[j] : &row->left[j];
				if (r->pfn || r->kind != STEP_WORKLOAD) /* an unused slot is all zero */
					stretch_feed(&sr, s, r);
			}
		res = stretch_end(&sr);
		CHECKF(res->decision == row->decision, "%s: decision %d", row->sentence, res->decision);
		if (row->decision)
			CHECKF(res->object == row->object && res->index == row->index &&
				       res->first[0].outcome != res->first[1].outcome,
			       "%s: named %u[%u]", row->sentence, res->object, res->index);
		CHECKF(res->loser == row->loser, "%s: loser %d, want %d", row->sentence, res->loser,
		       row->loser);
		ROW_END();
	}
	stretch_free(&sr);
}

/* The table grows past its first size, and a new stretch forgets the last. */
static void test_many_pages_in_one_stretch(void)
{
	struct stretch_rule sr = { 0 };
	const struct stretch_result *res;
	struct step_record r = rec(STEP_SCAN_INACTIVE, OUT_KEEP, 1, 0);

	stretch_begin(&sr);
	for (uint32_t i = 0; i < 5000; i++) {
		r.index = i * 7919;
		stretch_feed(&sr, 0, &r);
	}
	for (uint32_t i = 0; i < 5000; i++) {
		r.index = i * 7919;
		r.outcome = i == 4321 || i == 4999 ? OUT_ACTIVATE : OUT_KEEP;
		stretch_feed(&sr, 1, &r);
	}
	res = stretch_end(&sr);
	CHECK(res->decision && res->index == 4321u * 7919u);
	stretch_begin(&sr);
	r.outcome = OUT_ACTIVATE;
	stretch_feed(&sr, 1, &r); /* the left did not scan it in this stretch */
	CHECK(!stretch_end(&sr)->decision);
	stretch_free(&sr);
}

/* A decision's fate, whatever its words (diverge.h decision_fate()). */
static void test_a_decisions_fate_is_where_it_sends_the_page(void)
{
	static const struct {
		uint8_t x, y;
		bool same;
	} rows[] = {
		{ OUT_RECLAIM_CLEAN, OUT_RECLAIM, true }, /* PAGEREF_RECLAIM_CLEAN vs mglru's on to reclaim */
		{ OUT_ACTIVATE, OUT_ROTATE, true },	  /* both end on the active list */
		{ OUT_KEEP, OUT_DEACTIVATE, true },	  /* both end on the inactive list */
		{ OUT_KEEP, OUT_RECLAIM, false },
		{ OUT_ACTIVATE, OUT_KEEP, false },
		{ OUT_CULL, OUT_KEEP, false },
		{ OUT_OOM, OUT_NONE, false }, /* outcomes of no list are fates of their own */
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		bool same = decision_fate(rows[i].x) == decision_fate(rows[i].y) &&
			    decision_fate(rows[i].x) != DFATE_OTHER;
		CHECKF(same == rows[i].same, "%s vs %s: same fate %d", outcome_name[rows[i].x],
		       outcome_name[rows[i].y], same);
	}
}

/* Two outcomes of one fate are no decision divergence, but DIV_WORDING's. */
static void test_other_words_for_one_fate_are_the_wording_kind(void)
{
	struct stretch_rule sr = { 0 };
	struct step_record l = rec(STEP_SCAN_INACTIVE, OUT_RECLAIM_CLEAN, 1, 0);
	struct step_record r = rec(STEP_SCAN_INACTIVE, OUT_RECLAIM, 1, 0);
	const struct stretch_result *res;

	for (int wording = 0; wording < 2; wording++) {
		sr.wording = wording;
		stretch_begin(&sr);
		stretch_feed(&sr, 0, &l);
		stretch_feed(&sr, 1, &r);
		res = stretch_end(&sr);
		CHECKF(res->worded, "wording %d: the same fate in other words is noticed", wording);
		CHECKF(res->decision == (bool)wording, "wording %d: decision %d", wording, res->decision);
		CHECK_EQ_U(sr.nr_pairs, (unsigned)wording);
	}
	stretch_free(&sr);
}

/* ---- two runs in lockstep ------------------------------------------------------- */

static int load(const char *path, struct scenario *s)
{
	struct diag_list d = { 0 };
	int rc = scenario_load(path, s, &d);

	CHECKF(rc == 0, "%s does not load (run from the top of the tree)", path);
	diag_list_free(&d);
	return rc;
}

static void run_lockstep(struct lockstep *ls, const struct scenario *s, const char *a, const char *b,
			 uint64_t slice)
{
	const struct reclaim_policy *p[2] = { policy_find(a), policy_find(b) };
	struct engine_error err;

	CHECKF(lockstep_start(ls, (const struct workload *const[2]){ &s->wl, &s->wl }, p, &err) == 0,
	       "lockstep: %s", err.msg);
	while (!ls->done)
		CHECK(lockstep_run(ls, slice, UINT64_MAX) >= 0);
}

/* Bursts (operations) in which @object refaults under @policy, and the
 * access of the first refault of each, from a plain run. */
static unsigned refault_bursts(const struct scenario *s, const char *policy, uint32_t object, uint64_t *first,
			       unsigned max)
{
	struct engine_error err;
	struct engine *e = engine_new(&s->wl, policy_find(policy), &err);
	uint32_t last_op = UINT32_MAX;
	uint64_t access = 0;
	unsigned n = 0;

	while (e && !engine_done(e)) {
		const struct step_record *r = engine_step(e);
		if (r->kind != STEP_WORKLOAD)
			continue;
		access++;
		if (r->outcome == OUT_REFAULT && r->object == object && r->op != last_op) {
			if (n < max)
				first[n] = access;
			n++;
			last_op = r->op;
		}
	}
	engine_free(e);
	return n;
}

static void test_each_burst_that_loses_the_index_is_one_fate_divergence(void)
{
	struct scenario s;
	struct lockstep ls;
	uint64_t first[64], k = 0;
	unsigned n, found = 0, at_first = 0;

	if (load("data/database-index.json", &s) < 0)
		return;
	n = refault_bursts(&s, "2.6.34", 1 /* index */, first, 64);
	CHECKF(n == 23, "2.6.34 refaults the index in %u bursts (data/LECTURE.md says 23)", n);
	CHECK_EQ_U(refault_bursts(&s, "2.6.33", 1, first + 32, 32), 0);
	run_lockstep(&ls, &s, "2.6.33", "2.6.34", 4096);
	while ((k = lockstep_find(&ls, DIV_FATE_RIGHT, k, 1)) != 0) {
		at_first += found < n && k == first[found];
		found++;
	}
	CHECK_EQ_U(found, n);
	CHECK_EQ_U(at_first, n); /* each at its burst's first refault */
	CHECK_EQ_U(ls.count[DIV_FATE_RIGHT], n);
	CHECK(ls.count[DIV_FATE] >= n);
	CHECK_EQ_U(lockstep_rank(&ls, DIV_FATE_RIGHT, first[n - 1]), n);
	lockstep_free(&ls);
	scenario_free(&s);
}

static void test_decision_divergences_of_the_shipped_lessons(void)
{
	/* Every page the two policies decide differently about counts, so
	 * that n reaches big.iso[0]'s reclaim: the torrent's first access
	 * holds 64 divergent decisions (libc.so's 16 pages, then the
	 * torrent's), the database index's 64. */
	static const struct {
		const char *sentence, *path;
		uint64_t accesses, decisions;
	} rows[] = {
		{ "the torrent: 2.6.33 and 2.6.34 decide differently about 64 pages after 1 access",
		  "data/used-once-mmap.json", 1, 64 },
		{ "the database index: about 64 pages after 1 access", "data/database-index.json", 1, 64 },
	};
	/* across implementations only what changes a page's fate: libc.so's
	 * 16 kept pages, then 16 of the torrent's, not the 200 first
	 * decisions that differ mostly in words (PAGEREF_RECLAIM_CLEAN
	 * against mglru's on to reclaim) */
	struct scenario t;
	if (load("data/used-once-mmap.json", &t) == 0) {
		struct lockstep ls;
		run_lockstep(&ls, &t, "2.6.34", "mglru", 1 << 20);
		CHECK_EQ_U(ls.count[DIV_DECISION], 32);
		CHECKF(ls.count[DIV_WORDING] > 0, "2.6.34 and mglru: no decision in other words");
		lockstep_free(&ls);
		scenario_free(&t);
	}

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		struct scenario s;
		struct lockstep ls;
		if (load(rows[i].path, &s) == 0) {
			uint64_t k = 0, n = 0, last = 0;
			run_lockstep(&ls, &s, "2.6.33", "2.6.34", 1 << 20);
			while ((k = lockstep_find(&ls, DIV_DECISION, k, 1)) != 0) {
				n++;
				last = k;
			}
			CHECKF(n == rows[i].accesses, "%s: %llu accesses", rows[i].sentence,
			       (unsigned long long)n);
			CHECKF(ls.count[DIV_DECISION] == rows[i].decisions, "%s: %llu", rows[i].sentence,
			       (unsigned long long)ls.count[DIV_DECISION]);
			/* the rank counts decisions too: all of them by the last access */
			CHECK_EQ_U(lockstep_rank(&ls, DIV_DECISION, last), rows[i].decisions);
			CHECK_EQ_U(lockstep_rank(&ls, DIV_DECISION, last - 1), 0);
			lockstep_free(&ls);
			scenario_free(&s);
		}
		ROW_END();
	}
}

static void test_the_same_policy_twice_never_diverges(void)
{
	struct scenario s;
	struct lockstep ls;

	if (load("data/used-once-mmap.json", &s) < 0)
		return;
	run_lockstep(&ls, &s, "2.6.34", "2.6.34", 1 << 20);
	for (int kind = 0; kind < NR_DIV_KINDS; kind++)
		CHECK_EQ_U(ls.count[kind], 0);
	CHECK(ls.k > 0);
	lockstep_free(&ls);
	scenario_free(&s);
}

/* Slices of any size give the same map, and a limit holds. */
static void test_a_lockstep_in_slices_is_the_lockstep_in_one_go(void)
{
	static const uint64_t slices[] = { 1, 2, 7, 100, 4096 };
	struct scenario s;
	struct lockstep whole, part;

	if (load("data/database-index.json", &s) < 0)
		return;
	run_lockstep(&whole, &s, "2.6.33", "2.6.34", UINT64_MAX);
	for (size_t i = 0; i < sizeof slices / sizeof slices[0]; i++) {
		char sentence[64];
		snprintf(sentence, sizeof sentence, "slices of %llu steps", (unsigned long long)slices[i]);
		ROW_BEGIN(sentence);
		run_lockstep(&part, &s, "2.6.33", "2.6.34", slices[i]);
		CHECKF(part.k == whole.k && memcmp(part.map, whole.map, (size_t)(whole.k / 2 + 1)) == 0,
		       "%s differ", sentence);
		lockstep_free(&part);
		ROW_END();
	}
	{
		const struct reclaim_policy *p[2] = { policy_find("2.6.33"), policy_find("2.6.34") };
		struct engine_error err;
		lockstep_start(&part, (const struct workload *const[2]){ &s.wl, &s.wl }, p, &err);
		while (lockstep_run(&part, 1000, 5000) > 0)
			;
		CHECK_EQ_U(part.k, 5000);
		CHECK(!part.done);
		lockstep_free(&part);
	}
	lockstep_free(&whole);
	scenario_free(&s);
}

/* ---- the verdict -------------------------------------------------------------- */

static void finish(struct engine *e)
{
	while (!engine_done(e))
		engine_step(e);
}

static void test_the_verdict_in_words(void)
{
	struct scenario s;
	struct engine_error err;
	struct engine *e[3];
	struct verdict v;
	char buf[512], tiny_buf[12];
	size_t len;

	if (load("data/database-index.json", &s) < 0)
		return;
	e[0] = engine_new(&s.wl, policy_find("2.6.33"), &err);
	e[1] = engine_new(&s.wl, policy_find("2.6.34"), &err);
	e[2] = engine_new(&s.wl, policy_find("2.6.34"), &err);
	for (int i = 0; i < 3; i++)
		finish(e[i]);
	CHECK(verdict_make(&v, e[0], e[1]) == 0);
	CHECK(v.nr >= 1 && v.obj[0].object == 1); /* the index, most refaults apart, first */
	verdict_object_text(&v, 0, "index", buf, sizeof buf);
	snprintf(tiny_buf, sizeof tiny_buf, "%s", "");
	{
		char want[256];
		snprintf(want, sizeof want,
			 "index: 2.6.33 keeps %u of 64 pages, 2.6.34 keeps %u; refaults %llu vs %llu.",
			 engine_object(e[0], 1).resident, engine_object(e[1], 1).resident,
			 (unsigned long long)engine_object(e[0], 1).refaults,
			 (unsigned long long)engine_object(e[1], 1).refaults);
		CHECK_STR(buf, want);
	}
	len = verdict_cost_text(&v, buf, sizeof buf);
	CHECK(strncmp(buf, "cost: 2.6.33 activated ", 23) == 0 && len == strlen(buf));
	len = verdict_cost_text(&v, tiny_buf, sizeof tiny_buf);
	CHECKF(strlen(tiny_buf) == sizeof tiny_buf - 1 && len > sizeof tiny_buf,
	       "a short buffer is cut: \"%s\"", tiny_buf);
	verdict_free(&v);
	CHECK(verdict_make(&v, e[1], e[2]) == 0);
	CHECK_EQ_U(v.nr, 0);
	verdict_same_text(buf, sizeof buf);
	CHECK_STR(buf, "both keep the same pages with the same refaults.");
	verdict_free(&v);
	for (int i = 0; i < 3; i++)
		engine_free(e[i]);
	scenario_free(&s);
}

/* ---- naming a generation ------------------------------------------------------ */

static void test_a_generation_is_named_by_its_sequence_number(void)
{
	static const struct {
		const char *sentence;
		int list;
		uint64_t max_seq;
		const char *want;
	} rows[] = {
		{ "the youngest file generation at max_seq 3 is seq 3", LRU_GEN_FIRST + 7, 3, "seq 3 file" },
		{ "slot 0 at max_seq 3 is the oldest, seq 0", LRU_GEN_FIRST + 1, 3, "seq 0 file" },
		{ "slot 0 at max_seq 6 is seq 4, not 8 or 0", LRU_GEN_FIRST + 0, 6, "seq 4 anon" },
		{ "slot 2 at max_seq 6 is seq 6", LRU_GEN_FIRST + 5, 6, "seq 6 file" },
		{ "slot 3 at max_seq 6 is seq 3", LRU_GEN_FIRST + 6, 6, "seq 3 anon" },
		{ "a two-digit sequence number", LRU_GEN_FIRST + 3, 25, "seq 25 file" },
		{ "a classic list keeps its kernel name", LRU_INACTIVE_FILE, 6, "inactive_file" },
		{ "a generation list without a max_seq (no 6.1) keeps its slot name", LRU_GEN_FIRST + 7, 0,
		  "gen3_file" },
		{ "no list is a dash", LRU_NONE, 6, "-" },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char buf[24];
		ROW_BEGIN(rows[i].sentence);
		CHECK_STR(list_label(rows[i].list, rows[i].max_seq, buf, sizeof buf), rows[i].want);
		ROW_END();
	}
	{
		char tiny_buf[6];
		gen_name(12, 1, tiny_buf, sizeof tiny_buf);
		CHECK_STR(tiny_buf, "seq 1"); /* cut to the buffer, terminated */
	}
}

/* Under 6.1 f a (find the next activation) stops where the log and
 * run's counters say activate: sort_folio()'s tier protection
 * (database-index-pread: index[0] at step 3043, the first of 64), and
 * each type's most pages are kept for the lists panel's bands. */
static void test_f_a_finds_6_1s_tier_protection(void)
{
	struct scenario s;
	struct engine_error err;
	struct step_index ix;
	struct engine *bld;
	struct timeline *tl;
	uint64_t first;
	unsigned found = 0;

	if (load("data/database-index-pread.json", &s) < 0)
		return;
	bld = engine_new(&s.wl, policy_find("mglru"), &err);
	tl = timeline_new(&s.wl, policy_find("mglru"), 1 << 20, &err);
	step_index_init(&ix, STEP_INDEX_MAX_STEPS);
	while (step_index_build(&ix, bld, tl, 4096) > 0)
		;
	first = step_index_find_of(&ix, 0, FILTER_ACTIVATE, 1, STEP_ANY_OBJECT);
	CHECKF(first == 3043, "the first activation under mglru: got step %llu, want 3043",
	       (unsigned long long)first);
	for (uint64_t at = 0; (at = step_index_find_of(&ix, at, FILTER_ACTIVATE, 1, STEP_ANY_OBJECT));)
		found++;
	CHECKF(found == 64, "f a under mglru finds %u activations, run counts 64", found);
	CHECKF(ix.max_type[1] > 0 && ix.max_type[1] <= 1024, "the file pages' most: %u", ix.max_type[1]);
	CHECK_EQ_U(ix.max_type[0], 0); /* no anonymous memory */
	step_index_free(&ix);
	engine_free(bld);
	timeline_free(tl);
	scenario_free(&s);
}

/* A step without an outcome is said in a word, never "none"; a branch
 * in a few words, never its id. */
static void test_a_step_without_an_outcome_says_what_it_did(void)
{
	static const struct {
		const char *sentence;
		uint8_t kind, outcome;
		uint16_t branch;
		const char *want;
	} rows[] = {
		{ "an outcome keeps its name", STEP_SORT, OUT_ACTIVATE, BR_SORT_PROTECTED, "activate" },
		{ "isolate_folio() isolates", STEP_SORT, OUT_NONE, BR_ISOLATE, "isolated" },
		{ "the walk finds a young pte", STEP_AGING, OUT_NONE, BR_AGE_YOUNG, "pte young" },
		{ "inc_max_seq() opens a generation", STEP_AGING, OUT_NONE, BR_INC_MAX_SEQ, "new gen" },
		{ "kswapd's soft limit pass", STEP_SOFT_LIMIT, OUT_NONE, BR_SOFT_LIMIT, "soft limit" },
		{ "nothing worth a word is blank", STEP_WORKLOAD, OUT_NONE, BR_NONE, "" },
	};
	char buf[160];

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct step_record r = { .kind = rows[i].kind,
					 .outcome = rows[i].outcome,
					 .branch = rows[i].branch };
		ROW_BEGIN(rows[i].sentence);
		CHECK_STR(step_outcome_word(&r), rows[i].want);
		ROW_END();
	}
	CHECK_STR(branch_gist(policy_find("mglru"), BR_AGE_YOUNG, buf, sizeof buf),
		  "the aging walk found this pte young");
	CHECK_STR(branch_gist(policy_find("mglru"), BR_NONE, buf, sizeof buf), "");
}

/* The walk's steps say where the page went: to max_seq, from the
 * generation its gen counter held (which differs once a page the walk
 * left behind is found young again), never from a slot name. */
static void test_an_aging_step_shows_the_walks_move(void)
{
	struct scenario s;
	struct engine_error err;
	struct engine *e;
	unsigned young = 0, moved = 0, bad_to = 0, bad_from = 0;

	if (load("data/used-once-mmap.json", &s) < 0)
		return;
	e = engine_new(&s.wl, policy_find("mglru"), &err);
	CHECKF(e, "no engine: %s", err.msg);
	while (e && !engine_done(e)) {
		const struct step_record *r = engine_step(e);
		if (r->kind != STEP_AGING || r->branch != BR_AGE_YOUNG || !is_lru_gen_list(r->to))
			continue;
		young++;
		bad_to += r->max_seq != engine_lru_gen(e).max_seq ||
			  lru_gen_list_seq(r->max_seq, r->to) != r->max_seq;
		bad_from += !is_lru_gen_list(r->from) || lru_gen_list_seq(r->max_seq, r->from) > r->max_seq;
		moved += r->from != r->to;
	}
	CHECKF(young > 0, "no page found young by the walk");
	CHECK_EQ_U(bad_to, 0);
	CHECK_EQ_U(bad_from, 0);
	CHECKF(moved > 0 && moved < young, "%u of %u walk steps moved their page", moved, young);
	engine_free(e);
	scenario_free(&s);
}

/* ---- across the two implementations (2.6.34 vs 6.1's multi-gen LRU) ------------ */

/* What each access of a plain run found: 1 a miss (fault or refault), 2 a
 * refault, 0 a hit, -1 no page (an operation, not a page access); the
 * accesses are the run's workload steps, in order.  Returns how many. */
static uint64_t access_fates(const struct scenario *s, const char *policy, int8_t **out, uint32_t **object)
{
	struct engine_error err;
	struct engine *e = engine_new(&s->wl, policy_find(policy), &err);
	uint64_t n = 0, cap_out = 0, cap_object = 0;

	*out = NULL;
	*object = NULL;
	CHECKF(e, "%s: %s", policy, err.msg);
	while (e && !engine_done(e)) {
		const struct step_record *r = engine_step(e);
		if (r->kind != STEP_WORKLOAD)
			continue;
		if (!grow_array(*out, cap_out, n + 1, 4096) ||
		    !grow_array(*object, cap_object, n + 1, 4096)) {
			CHECKF(0, "%s: out of memory at access %" PRIu64, policy, n);
			break;
		}
		(*object)[n] = r->object;
		(*out)[n++] = r->pfn == PFN_NONE || r->object == OBJECT_KERNEL ? -1
			      : r->outcome == OUT_REFAULT		       ? 2
			      : r->outcome == OUT_FAULT			       ? 1
									       : 0;
	}
	engine_free(e);
	return n;
}

/* The fate divergences of two plain runs, computed here without the
 * replay layer: an access found in memory on one side only, or refaulted
 * on one side only; an episode per object with gaps of at most FATE_GAP
 * accesses, marked at its first access.  @want_loser -1: either side. */
static unsigned fates_by_hand(const int8_t *f[2], const uint32_t *obj, uint64_t n, int want_loser,
			      uint64_t *at, unsigned max)
{
	uint64_t last = 0;
	uint32_t last_obj = UINT32_MAX;
	unsigned nr = 0;

	for (uint64_t k = 1; k <= n; k++) {
		int a = f[0][k - 1], b = f[1][k - 1], loser = -1;
		if (a < 0 || b < 0)
			continue;
		if ((a > 0) != (b > 0))
			loser = a > 0 ? 0 : 1;
		else if ((a == 2) != (b == 2))
			loser = a == 2 ? 0 : 1;
		if (loser < 0 || (want_loser >= 0 && loser != want_loser))
			continue;
		if (!last || k - last > 32 || last_obj != obj[k - 1]) {
			if (nr < max)
				at[nr] = k;
			nr++;
		}
		last = k;
		last_obj = obj[k - 1];
	}
	return nr;
}

/* compare 2.6.34,mglru: n (lockstep_find(), as the TUI's n calls it)
 * visits every fate divergence, in order, and no other; the two runs
 * take the same accesses although their steps differ (6.1 has sort and
 * aging steps, no shrink_active_list()). */
static void test_n_reaches_every_fate_divergence_across_implementations(void)
{
	static const char *const paths[] = { "data/used-once-mmap.json", "data/database-index.json" };
	static const enum div_kind kinds[] = { DIV_FATE, DIV_FATE_LEFT, DIV_FATE_RIGHT };

	for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
		struct scenario s;
		struct lockstep ls;
		int8_t *f[2];
		uint32_t *obj[2];
		uint64_t n[2];

		ROW_BEGIN(paths[i]);
		if (load(paths[i], &s) < 0) {
			ROW_END();
			continue;
		}
		n[0] = access_fates(&s, "2.6.34", &f[0], &obj[0]);
		n[1] = access_fates(&s, "mglru", &f[1], &obj[1]);
		CHECKF(n[0] == n[1] && n[0] > 0, "%s: %llu vs %llu accesses", paths[i],
		       (unsigned long long)n[0], (unsigned long long)n[1]);
		run_lockstep(&ls, &s, "2.6.34", "mglru", 4096);
		CHECK_EQ_U(ls.k, n[0]);
		for (size_t j = 0; j < sizeof kinds / sizeof kinds[0]; j++) {
			uint64_t want[512], k = 0;
			const int8_t *ff[2] = { f[0], f[1] };
			unsigned nw = fates_by_hand(ff, obj[0], n[0] < n[1] ? n[0] : n[1],
						    kinds[j] == DIV_FATE	? -1
						    : kinds[j] == DIV_FATE_LEFT ? 0
										: 1,
						    want, 512),
				 got = 0, wrong = 0;
			while ((k = lockstep_find(&ls, kinds[j], k, 1)) != 0) {
				wrong += got >= nw || got >= 512 || want[got] != k;
				got++;
			}
			CHECKF(got == nw && !wrong, "%s, %s: n visits %u, by hand %u, %u out of place",
			       paths[i], div_kind_name[kinds[j]], got, nw, wrong);
			CHECK_EQ_U(ls.count[kinds[j]], nw);
			if (kinds[j] == DIV_FATE)
				CHECKF(nw > 0, "%s: 2.6.34 and mglru never differ on what an access finds",
				       paths[i]);
		}
		lockstep_free(&ls);
		for (int side = 0; side < 2; side++) {
			free(f[side]);
			free(obj[side]);
		}
		scenario_free(&s);
		ROW_END();
	}
}

/* The verdict names what each implementation kept and refaulted: the
 * figures of each plain run, object by object. */
static void test_the_verdict_across_implementations(void)
{
	struct scenario s;
	struct engine_error err;
	struct engine *e[2];
	struct verdict v;

	if (load("data/database-index.json", &s) < 0)
		return;
	e[0] = engine_new(&s.wl, policy_find("2.6.34"), &err);
	e[1] = engine_new(&s.wl, policy_find("mglru"), &err);
	CHECK(e[0] && e[1]);
	finish(e[0]);
	finish(e[1]);
	CHECK(verdict_make(&v, e[0], e[1]) == 0);
	CHECKF(v.nr > 0, "2.6.34 and mglru keep the same pages of every object");
	for (uint32_t i = 0; i < v.nr; i++) {
		char buf[512], want[512];
		struct object_stats a = engine_object(e[0], v.obj[i].object),
				    b = engine_object(e[1], v.obj[i].object);
		verdict_object_text(&v, i, "x", buf, sizeof buf);
		snprintf(want, sizeof want,
			 "x: 2.6.34 keeps %u of %u pages, mglru keeps %u; refaults %llu vs %llu.", a.resident,
			 s.wl.objects[v.obj[i].object].pages, b.resident, (unsigned long long)a.refaults,
			 (unsigned long long)b.refaults);
		CHECK_STR(buf, want);
	}
	verdict_free(&v);
	engine_free(e[0]);
	engine_free(e[1]);
	scenario_free(&s);
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	tiny_up();
	RUN_TABLE(test_a_steps_byte_says_what_it_was);
	RUN(test_only_an_operations_first_step_carries_its_caption);
	RUN_TABLE(test_n_and_N_find_steps_by_kind);
	RUN_TABLE(test_n_and_N_of_one_object);
	RUN_TABLE(test_the_access_map_agrees_with_counting);
	RUN(test_an_index_stops_at_its_limit_and_says_so);
	RUN(test_building_stops_where_the_run_ends);
	RUN(test_sparkline_buckets_merge_and_keep_the_refaults);
	RUN_TABLE(test_the_rules_on_one_stretch);
	RUN(test_many_pages_in_one_stretch);
	RUN_TABLE(test_a_decisions_fate_is_where_it_sends_the_page);
	RUN(test_other_words_for_one_fate_are_the_wording_kind);
	RUN(test_each_burst_that_loses_the_index_is_one_fate_divergence);
	RUN_TABLE(test_decision_divergences_of_the_shipped_lessons);
	RUN(test_the_same_policy_twice_never_diverges);
	RUN_TABLE(test_a_lockstep_in_slices_is_the_lockstep_in_one_go);
	RUN(test_the_verdict_in_words);
	RUN_TABLE(test_a_generation_is_named_by_its_sequence_number);
	RUN(test_an_aging_step_shows_the_walks_move);
	RUN(test_f_a_finds_6_1s_tier_protection);
	RUN(test_a_step_without_an_outcome_says_what_it_did);
	RUN_TABLE(test_n_reaches_every_fate_divergence_across_implementations);
	RUN(test_the_verdict_across_implementations);
	engine_free(tiny_engine);
	scenario_free(&tiny);
	return HARNESS_END("replay");
}
