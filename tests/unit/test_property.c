/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_property.c - random scenarios, invariants after every step
 *
 * Generates thousands of small random workloads (objects, sizes, every
 * operation, every policy, swap or not, kswapd or not) and checks after
 * every step that engine_check() holds, and at random points that going
 * back to a snapshot and forward again with engine_run() (which skips
 * records) gives the same state byte for byte as engine_step() did, that a
 * packed snapshot unpacks to the bytes it was packed from, and that
 * timeline_seek() lands on the state a straight run reached.
 *
 * A failing case is shrunk (operations removed one at a time while it
 * still fails) and printed as a scenario file, ready to be saved under
 * tests/regress/ where tests/golden/run.sh replays it with --check.
 * VMSCAN_PROPERTY_CASES sets the number of cases (default 1500),
 * VMSCAN_PROPERTY_SEED the first seed.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/internal.h"
#include "replay/timeline.h"
#include "policy/registry.h"
#include "harness.h"

#define MAX_OBJ	  5
#define MAX_OPS	  48
#define MAX_TRACE 300

struct gen {
	struct object_spec obj[MAX_OBJ];
	char names[MAX_OBJ][8];
	struct wl_op ops[MAX_OPS];
	uint32_t trace[MAX_OPS][MAX_TRACE], trace_obj[MAX_OPS][MAX_TRACE];
	struct workload wl;
	const char *policy;
};

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}
#define PICK(s, n) ((uint32_t)(rnd(s) % (n)))

static void gen_case(struct gen *g, uint64_t seed)
{
	uint64_t s = seed * 2654435761u + 1;
	uint32_t nobj = 1 + PICK(&s, MAX_OBJ), nops = 1 + PICK(&s, MAX_OPS);

	memset(g, 0, sizeof *g);
	g->wl.memory.pages = 16 + PICK(&s, 240);
	g->wl.memory.swap_pages = PICK(&s, 2) ? PICK(&s, 128) : 0;
	g->wl.memory.swappiness = PICK(&s, 101);
	g->wl.memory.writeback_steps = 1 + PICK(&s, 40);
	g->wl.memory.kswapd = PICK(&s, 4) != 0;
	g->wl.memory.laptop_mode = PICK(&s, 5) == 0;
	for (uint32_t i = 0; i < nobj; i++) {
		snprintf(g->names[i], sizeof g->names[i], "o%u", i);
		g->obj[i] =
			(struct object_spec){ g->names[i], (uint8_t)(PICK(&s, 3) == 0 ? OBJ_ANON : OBJ_FILE),
					      PICK(&s, 3) == 0, 1 + PICK(&s, 400) };
	}
	for (uint32_t i = 0; i < nops; i++) {
		struct wl_op *op = &g->ops[i];
		uint32_t o = PICK(&s, nobj), size = g->obj[o].pages, first = PICK(&s, size);
		uint32_t count = 1 + PICK(&s, size - first);
		static const uint8_t kinds[] = { WL_MAP,   WL_UNMAP, WL_TOUCH, WL_TOUCH,   WL_READ,
						 WL_WRITE, WL_DIRTY, WL_MLOCK, WL_MUNLOCK, WL_MADVISE,
						 WL_ALLOC, WL_FREE,  WL_PAUSE, WL_RANDOM,  WL_TRACE };
		*op = (struct wl_op){ .kind = kinds[PICK(&s, sizeof kinds)],
				      .object = o,
				      .first = first,
				      .count = count,
				      .as = (uint8_t)PICK(&s, 3),
				      .caption = UINT32_MAX };
		if ((op->kind == WL_READ || op->kind == WL_WRITE) && g->obj[o].type == OBJ_ANON)
			op->kind = WL_TOUCH;
		if (op->kind == WL_TOUCH && PICK(&s, 2))
			op->via = VIA_TOUCH_WRITE;
		if (op->kind == WL_MAP || op->kind == WL_MADVISE)
			op->flags =
				(uint8_t)((PICK(&s, 2) ? WL_F_EXEC : 0) | (PICK(&s, 3) == 0 ? WL_F_SEQ : 0));
		if (op->kind == WL_ALLOC) {
			op->object = UINT32_MAX;
			op->order = (uint8_t)PICK(&s, 6);
			op->count = 1 + PICK(&s, 4);
		}
		if (op->kind == WL_FREE && PICK(&s, 2)) {
			op->object = UINT32_MAX;
			op->count = 1 + PICK(&s, 64);
		}
		if (op->kind == WL_RANDOM) {
			op->range = count;
			op->count = 1 + PICK(&s, 300);
			op->seed = rnd(&s) >> 12; /* JSON numbers are exact below 2^53 */
			op->theta = 0.5 + PICK(&s, 100) / 100.0;
			op->flags = PICK(&s, 2) ? WL_F_ZIPF : 0;
			op->via = g->obj[o].type == OBJ_ANON ? VIA_TOUCH : (uint8_t)PICK(&s, 4);
		}
		if (op->kind == WL_TRACE) {
			/* sometimes over several objects of the first one's type */
			bool many = PICK(&s, 2);
			op->count = 1 + PICK(&s, MAX_TRACE);
			op->trace = g->trace[i];
			op->trace_object = many ? g->trace_obj[i] : NULL;
			for (uint32_t k = 0; k < op->count; k++) {
				uint32_t to = o;
				if (many) {
					to = PICK(&s, nobj);
					if (g->obj[to].type != g->obj[o].type)
						to = o;
					g->trace_obj[i][k] = to;
				}
				g->trace[i][k] = PICK(&s, g->obj[to].pages);
			}
			op->via = g->obj[o].type == OBJ_ANON ? VIA_TOUCH : (uint8_t)PICK(&s, 4);
		}
	}
	g->wl.objects = g->obj;
	g->wl.nr_objects = nobj;
	g->wl.ops = g->ops;
	g->wl.nr_ops = nops;
	g->policy = reclaim_policies[PICK(&s, nr_reclaim_policies)]->name;
}

/* Runs the case; returns NULL or a description of what broke. */
static const char *run_case(const struct gen *g, uint64_t seed, char *why, size_t n)
{
	struct engine_error err;
	struct engine *e = engine_new(&g->wl, policy_find(g->policy), &err), *f;
	size_t size;
	void *snap, *a, *b;
	uint64_t s = seed + 7, probe = 1 + PICK(&s, 500), steps = 0;
	const char *bad = NULL;

	if (!e) {
		snprintf(why, n, "engine_new: %.120s", err.msg);
		return why;
	}
	size = engine_state_size(e);
	snap = malloc(size);
	a = malloc(size);
	b = malloc(size);
	f = engine_new(&g->wl, policy_find(g->policy), &err);
	/* the rules that fired, counted from records and without them */
	engine_rule_counts *ra = calloc(1, sizeof *ra), *rb = calloc(1, sizeof *rb);
	/* 6.1 ages at every priority of a direct reclaim that finds nothing
	 * old (should_run_aging()), a step for each inc_max_seq(): a run
	 * out of memory takes a dozen steps per failed access */
	uint64_t bound = engine_policy(e)->lru_gen ? 2000000 : 200000;
	while (!bad && !engine_done(e) && steps < bound) {
		engine_step(e);
		steps++;
		if (engine_check(e, why, n) < 0) {
			bad = why;
			break;
		}
		if (steps == probe && snap && a && b && f) {
			/* back to a snapshot and forward again: the same bytes */
			engine_save(e, snap);
			/* a packed snapshot unpacks to the same bytes */
			void *packed = malloc(engine_pack_bound(e));
			if (packed) {
				size_t used = engine_pack(e, packed);
				engine_unpack(f, packed);
				engine_save(f, a);
				if (used > engine_pack_bound(e) || memcmp(a, snap, size) != 0)
					bad = "engine_unpack differs from the state engine_pack packed";
				free(packed);
			}
			if (ra && rb) {
				memset(ra, 0, sizeof *ra);
				memset(rb, 0, sizeof *rb);
			}
			engine_count_rules(e, ra);
			for (int k = 0; k < 50 && !engine_done(e); k++)
				engine_step(e);
			engine_count_rules(e, NULL);
			engine_save(e, a);
			/* engine_run(), in two runs, skips records on the way */
			uint64_t cut = PICK(&s, 51);
			engine_restore(f, snap);
			engine_count_rules(f, rb);
			engine_run(f, cut);
			engine_run(f, 50 - cut);
			engine_count_rules(f, NULL);
			engine_save(f, b);
			if (memcmp(a, b, size) != 0)
				bad = "engine_run from a snapshot differs from the straight run";
			else if (ra && rb && memcmp(ra, rb, sizeof *ra) != 0)
				bad = "engine_run counts other rules than engine_step's records";
			steps += 50;
			probe += 1 + PICK(&s, 800);
		}
	}
	if (!bad && steps >= bound)
		bad = "the run did not end within its bound of steps";
	engine_free(f);
	if (!bad) {
		/* the timeline agrees with the straight run at a random step */
		/* a budget that holds everything, a few snapshots, or less
		 * than one; the run's length told in advance, or not (a hint:
		 * what it is told must not change what a seek finds) */
		size_t budgets[] = { 1 << 20, size / 4 * (1 + PICK(&s, 6)), size / 2 };
		struct timeline *t = timeline_new(&g->wl, policy_find(g->policy), budgets[PICK(&s, 3)], &err);
		if (t && PICK(&s, 2))
			timeline_plan(t, engine_steps(e) / (1 + PICK(&s, 3)));
		if (t && PICK(&s, 2)) {
			/* snapshots offered by an engine running ahead, as the
			 * visualizer's index builder does, part of the way */
			struct engine *ahead = engine_new(&g->wl, policy_find(g->policy), &err);
			uint64_t stop = PICK(&s, engine_steps(e) + 2);
			while (ahead && !engine_done(ahead) && engine_steps(ahead) < stop) {
				engine_step(ahead);
				timeline_offer(t, ahead);
			}
			engine_free(ahead);
		}
		uint64_t total = t ? timeline_run_to_end(t) : 0, at = total ? PICK(&s, total + 1) : 0;
		struct engine *direct = engine_new(&g->wl, policy_find(g->policy), &err);
		if (t && direct && a && b) {
			/* a timeline that ran longer than the straight run
			 * (a broken engine_run) must fail here, not hang */
			while (engine_steps(direct) < at && !engine_done(direct))
				engine_step(direct);
			timeline_seek(t, at);
			engine_save(direct, a);
			engine_save(timeline_engine(t), b);
			if (memcmp(a, b, size) != 0)
				bad = "timeline_seek differs from the straight run";
			if (total != engine_steps(e))
				bad = "timeline total differs from the straight run";
			/* steps back from there, as the visualizer takes them:
			 * the first far seek leaves the cursor snapshot, the
			 * next ones replay from it */
			static const uint64_t back[] = { 1, 37, 64, 400 };
			for (int k = 0; k < 4 && !bad && at >= back[k]; k++) {
				engine_free(direct);
				direct = engine_new(&g->wl, policy_find(g->policy), &err);
				if (!direct)
					break;
				engine_run(direct, at - back[k]);
				timeline_seek(t, at - back[k]);
				engine_save(direct, a);
				engine_save(timeline_engine(t), b);
				if (memcmp(a, b, size) != 0)
					bad = "timeline_seek backwards differs from the straight run";
			}
		}
		engine_free(direct);
		timeline_free(t);
	}
	free(ra);
	free(rb);
	free(snap);
	free(a);
	free(b);
	engine_free(e);
	return bad;
}

/* The case as a scenario file the loader reads, ready for tests/regress/. */
static void print_case(const struct gen *g)
{
	static const char *const via[] = { "touch", "read", "write", "touch" };
	FILE *f = stderr;

	fprintf(f,
		"{ \"format\": 1, \"title\": \"shrunk property case\", \"policy\": \"%s\",\n"
		"  \"memory\": { \"pages\": %u, \"swap\": %u, \"swappiness\": %u, \"writeback_steps\": %u, "
		"\"kswapd\": %s, \"laptop_mode\": %s },\n  \"objects\": [",
		g->policy, g->wl.memory.pages, g->wl.memory.swap_pages, g->wl.memory.swappiness,
		g->wl.memory.writeback_steps, g->wl.memory.kswapd ? "true" : "false",
		g->wl.memory.laptop_mode ? "true" : "false");
	for (uint32_t i = 0; i < g->wl.nr_objects; i++)
		fprintf(f, "%s{ \"name\": \"%s\", \"type\": \"%s\", \"pages\": %u, \"exec\": %s }",
			i ? ", " : "", g->obj[i].name, g->obj[i].type == OBJ_ANON ? "anon" : "file",
			g->obj[i].pages, g->obj[i].exec ? "true" : "false");
	fprintf(f, "],\n  \"workload\": [\n");
	for (uint32_t i = 0; i < g->wl.nr_ops; i++) {
		const struct wl_op *op = &g->ops[i];
		const char *name = op->object != UINT32_MAX ? g->obj[op->object].name : "";
		uint32_t last = op->first + op->count - 1;

		fprintf(f, "    { ");
		switch (op->kind) {
		case WL_MAP:
			fprintf(f,
				"\"op\": \"map\", \"object\": \"%s\", \"pages\": \"%u-%u\", \"as\": %u, "
				"\"exec\": %s, \"sequential\": %s",
				name, op->first, last, op->as, op->flags & WL_F_EXEC ? "true" : "false",
				op->flags & WL_F_SEQ ? "true" : "false");
			break;
		case WL_UNMAP:
		case WL_MUNLOCK:
			fprintf(f, "\"op\": \"%s\", \"object\": \"%s\", \"as\": %u",
				op->kind == WL_UNMAP ? "unmap" : "munlock", name, op->as);
			break;
		case WL_MADVISE:
			fprintf(f, "\"op\": \"madvise\", \"object\": \"%s\", \"as\": %u, \"advice\": \"%s\"",
				name, op->as, op->flags & WL_F_SEQ ? "sequential" : "normal");
			break;
		case WL_TOUCH:
			fprintf(f,
				"\"op\": \"touch\", \"object\": \"%s\", \"pages\": \"%u-%u\", \"write\": %s",
				name, op->first, last, op->via == VIA_TOUCH_WRITE ? "true" : "false");
			break;
		case WL_READ:
		case WL_WRITE:
		case WL_DIRTY:
			fprintf(f, "\"op\": \"%s\", \"object\": \"%s\", \"pages\": \"%u-%u\"",
				op->kind == WL_READ    ? "read"
				: op->kind == WL_WRITE ? "write"
						       : "dirty",
				name, op->first, last);
			break;
		case WL_MLOCK:
			fprintf(f, "\"op\": \"mlock\", \"object\": \"%s\", \"pages\": \"%u-%u\", \"as\": %u",
				name, op->first, last, op->as);
			break;
		case WL_ALLOC:
			fprintf(f, "\"op\": \"alloc\", \"pages\": %u, \"order\": %u", op->count << op->order,
				op->order);
			break;
		case WL_FREE:
			if (op->object == UINT32_MAX)
				fprintf(f, "\"op\": \"free\", \"pages\": %u", op->count);
			else
				fprintf(f, "\"op\": \"free\", \"object\": \"%s\", \"pages\": \"%u-%u\"", name,
					op->first, last);
			break;
		case WL_RANDOM:
			fprintf(f,
				"\"op\": \"random\", \"object\": \"%s\", \"pages\": \"%u-%u\", \"count\": "
				"%u, \"seed\": %llu, \"via\": \"%s\"",
				name, op->first, op->first + op->range - 1, op->count,
				(unsigned long long)op->seed, via[op->via]);
			if (op->flags & WL_F_ZIPF)
				fprintf(f, ", \"dist\": \"zipf\", \"theta\": %.2f", op->theta);
			break;
		case WL_TRACE:
			/* a trace lives in a file: name what would go there */
			fprintf(f,
				"\"op\": \"trace\", \"file\": \"op%u.txt\", \"object\": \"%s\", \"via\": "
				"\"%s\" "
				"/* %u accesses from test_property seed */",
				i, name, via[op->via], op->count);
			break;
		default: fprintf(f, "\"op\": \"pause\", \"caption\": \"pause\""); break;
		}
		fprintf(f, " }%s\n", i + 1 < g->wl.nr_ops ? "," : "");
	}
	fprintf(f, "  ] }\n");
}

static void shrink_and_report(struct gen *g, uint64_t seed, const char *first)
{
	char why[160];

	for (uint32_t i = 0; i < g->wl.nr_ops;) {
		struct gen t = *g;
		memmove(&t.ops[i], &t.ops[i + 1], (t.wl.nr_ops - i - 1) * sizeof t.ops[0]);
		t.wl.nr_ops--;
		t.wl.ops = t.ops;
		t.wl.objects = t.obj;
		for (uint32_t k = 0; k < MAX_OBJ; k++)
			t.obj[k].name = t.names[k];
		if (t.wl.nr_ops && run_case(&t, seed, why, sizeof why)) {
			*g = t;
			g->wl.ops = g->ops;
			g->wl.objects = g->obj;
			for (uint32_t k = 0; k < MAX_OBJ; k++)
				g->obj[k].name = g->names[k];
		} else {
			i++;
		}
	}
	fprintf(stderr, "property case %llu failed: %s; shrunk to %u operations:\n", (unsigned long long)seed,
		first, g->wl.nr_ops);
	print_case(g);
}

static void test_random_scenarios(void)
{
	const char *env = getenv("VMSCAN_PROPERTY_CASES"), *s0 = getenv("VMSCAN_PROPERTY_SEED");
	uint64_t cases = env ? strtoull(env, NULL, 10) : 1500, first = s0 ? strtoull(s0, NULL, 10) : 1;
	char why[160];
	int failures = 0;

	for (uint64_t seed = first; seed < first + cases && failures < 3; seed++) {
		struct gen g;
		const char *bad;

		ROW_BEGIN(NULL);
		gen_case(&g, seed);
		bad = run_case(&g, seed, why, sizeof why);
		CHECKF(!bad, "seed %llu (%s): %s", (unsigned long long)seed, g.policy, bad ? bad : "");
		ROW_END();
		if (bad) {
			char first_why[160];
			snprintf(first_why, sizeof first_why, "%s", bad);
			shrink_and_report(&g, seed, first_why);
			failures++;
		}
	}
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN(test_random_scenarios);
	return HARNESS_END("property");
}
