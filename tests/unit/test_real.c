/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_real.c - `vmscan-viz real` without qemu: the workload
 * unrolled into the op file (the engine's accesses, in the engine's
 * order), the guest's reader of that file, the refusals, and the guest's
 * output read back into figures.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/real.h"
#include "cli/real_ops.h"
#include "cli/timeline_csv.h"
#include "harness.h"
#include "policy/registry.h"
#include "scenario/scenario.h"

static const char good[] = "vmscan-viz-ops 1\n"
			   "memory 256 128 60\n"
			   "cgroup 1 100 60 db\n"
			   "object 0 file 16 1 libc.so\n"
			   "object 1 anon 24 0 heap\n"
			   "g 1\n"
			   "m 0 0 0 16 1\n"
			   "t 0 3 0\n"
			   "t 1 23 1\n"
			   "r 0 15\n"
			   "p 4\n"
			   "u 0 0\n"
			   "end\n";

static void test_parse_good(void)
{
	struct real_ops o;
	char err[128];

	CHECKF(real_ops_parse(good, strlen(good), &o, err, sizeof err) == 0, "%s", err);
	CHECK_EQ_U(o.memory, 256);
	CHECK_EQ_U(o.swap, 128);
	CHECK_EQ_U(o.nr_cgroups, 1);
	CHECK_STR(o.cgroup[1].name, "db");
	CHECK_EQ_U(o.nr_objects, 2);
	CHECK(!o.objects[0].anon && o.objects[0].exec && o.objects[1].anon);
	CHECK_EQ_U(o.nr_ops, 7);
	CHECK_EQ_U(o.accesses, 3);
	CHECK(o.ops[2].kind == 't' && o.ops[2].obj == 0 && o.ops[2].a == 3);
	CHECK(o.ops[3].kind == 't' && o.ops[3].b == 1);
	CHECK(o.ops[1].kind == 'm' && o.ops[1].b == 16 && o.ops[1].flags == 1);
	real_ops_free(&o);
}

/* Each broken file stops at its line and column with what was expected. */
static void test_parse_bad(void)
{
	static const struct {
		const char *sentence, *text, *want;
	} rows[] = {
		{ "not an op file", "hello\n", "1:1: \"vmscan-viz-ops 1\"" },
		{ "no memory line", "vmscan-viz-ops 1\nobject 0 file 1 0 a\n", "2:1: \"memory" },
		{ "an object out of order", "vmscan-viz-ops 1\nmemory 64 0 60\nobject 1 file 4 0 a\nend\n",
		  "3:8: the next object's number" },
		{ "a page past the object's end",
		  "vmscan-viz-ops 1\nmemory 64 0 60\nobject 0 file 4 0 a\nt 0 4 0\nend\n",
		  "4:5: a page of the object" },
		{ "an object that does not exist",
		  "vmscan-viz-ops 1\nmemory 64 0 60\nobject 0 file 4 0 a\nr 1 0\nend\n",
		  "4:3: an object's number" },
		{ "a mapping slot past 7",
		  "vmscan-viz-ops 1\nmemory 64 0 60\nobject 0 file 4 0 a\nm 8 0 0 4 0\nend\n",
		  "4:3: a mapping slot, 0 to 7" },
		{ "a mapping past the object",
		  "vmscan-viz-ops 1\nmemory 64 0 60\nobject 0 file 4 0 a\nm 0 0 2 3 0\nend\n",
		  "4:9: pages within the object" },
		{ "an unknown operation", "vmscan-viz-ops 1\nmemory 64 0 60\nobject 0 file 4 0 a\nx 0\nend\n",
		  "4:1: an operation" },
		{ "a cgroup that does not exist",
		  "vmscan-viz-ops 1\nmemory 64 0 60\nobject 0 file 4 0 a\ng 1\nend\n",
		  "4:3: a cgroup's number" },
		{ "cut short", "vmscan-viz-ops 1\nmemory 64 0 60\nobject 0 file 4 0 a\nr 0 1\n",
		  "5:1: \"end\"" },
		{ "trailing words", "vmscan-viz-ops 1\nmemory 64 0 60\nobject 0 file 4 0 a\nr 0 1 2\nend\n",
		  "4:7: the end of the line" },
		{ "a number too large", "vmscan-viz-ops 1\nmemory 99999999999 0 60\n",
		  "2:8: the zone's pages" },
	};
	char err[128];

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct real_ops o;
		ROW_BEGIN(rows[i].sentence);
		err[0] = '\0';
		CHECKF(real_ops_parse(rows[i].text, strlen(rows[i].text), &o, err, sizeof err) < 0,
		       "%s: accepted", rows[i].sentence);
		CHECKF(strncmp(err, rows[i].want, strlen(rows[i].want)) == 0, "%s: \"%s\"", rows[i].sentence,
		       err);
		ROW_END();
	}
}

static char *ops_of(const struct scenario *s, size_t *len, char *why, size_t n)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	if (!f)
		return NULL;
	if (real_ops_write(f, &s->wl, why, n) < 0) {
		fclose(f);
		free(text);
		return NULL;
	}
	fclose(f);
	return text;
}

static bool access_op(const struct wl_op *op)
{
	return op->kind == WL_TOUCH || op->kind == WL_READ || op->kind == WL_WRITE || op->kind == WL_MLOCK ||
	       op->kind == WL_RANDOM || op->kind == WL_TRACE;
}

/* The op file's accesses are the engine's, one for one and in order: the
 * lesson scenarios the real kernel replays, a random burst among them. */
static void test_unroll_is_the_engines(void)
{
	static const char *const files[] = { "data/used-once-mmap.json", "data/database-index.json",
					     "data/database-index-pread.json", "data/exec-working-set.json" };

	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		struct scenario s;
		struct diag_list d = { 0 };
		struct real_ops o;
		struct engine_error ee;
		struct engine *e;
		char why[256], err[128];
		size_t len = 0;
		char *text;
		uint32_t k = 0, bad = 0, seen = 0;
		ROW_BEGIN(files[i]);
		if (scenario_load(files[i], &s, &d) < 0) {
			CHECKF(0, "%s does not load", files[i]);
			diag_list_free(&d);
			ROW_END();
			continue;
		}
		text = ops_of(&s, &len, why, sizeof why);
		CHECKF(text != NULL, "%s: refused: %s", files[i], why);
		CHECKF(text && real_ops_parse(text, len, &o, err, sizeof err) == 0, "%s: %s", files[i], err);
		e = engine_new(&s.wl, policy_find("mglru"), &ee);
		while (e && text && !engine_done(e)) {
			const struct step_record *r = engine_step(e);
			if (r->kind != STEP_WORKLOAD || !access_op(&s.wl.ops[r->op]))
				continue;
			while (k < o.nr_ops && !real_op_is_access(o.ops[k].kind))
				k++;
			seen++;
			if (k >= o.nr_ops || o.ops[k].obj != r->object || o.ops[k].a != r->index)
				bad += !bad ? (fprintf(stderr, "%s: access %u: engine %u/%u, op file %u/%u\n",
						       files[i], seen, r->object, r->index,
						       k < o.nr_ops ? o.ops[k].obj : 0,
						       k < o.nr_ops ? o.ops[k].a : 0),
					       1)
					    : 1;
			k++;
		}
		CHECKF(bad == 0, "%s: %u accesses differ", files[i], bad);
		CHECKF(text && seen == o.accesses, "%s: the engine made %u accesses, the op file has %llu",
		       files[i], seen, text ? (unsigned long long)o.accesses : 0ull);
		if (e)
			engine_free(e);
		if (text)
			real_ops_free(&o);
		free(text);
		scenario_free(&s);
		ROW_END();
	}
}

static void test_refusals(void)
{
	static const struct {
		const char *file, *want;
	} rows[] = {
		{ "data/lumpy.json", "a kernel allocation (order 4)" },
		{ "data/mlocked.json", "\"race\": true" },
		{ "data/cgroup-soft-limit.json", "soft limit" },
		{ "data/used-once-mmap.json", NULL },
		{ "data/database-cgroup.json", NULL },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct scenario s;
		struct diag_list d = { 0 };
		char why[256] = "";
		ROW_BEGIN(rows[i].file);
		if (scenario_load(rows[i].file, &s, &d) < 0) {
			CHECKF(0, "%s does not load", rows[i].file);
			diag_list_free(&d);
			ROW_END();
			continue;
		}
		if (rows[i].want)
			CHECKF(real_refuses(&s.wl, why, sizeof why) < 0 && strstr(why, rows[i].want),
			       "%s: \"%s\"", rows[i].file, why);
		else
			CHECKF(real_refuses(&s.wl, why, sizeof why) == 0, "%s refused: %s", rows[i].file,
			       why);
		scenario_free(&s);
		ROW_END();
	}
}

/* What the guest prints, read back: the kernel's messages in between are
 * passed over, sizes in bytes become pages. */
static void test_guest_output(void)
{
	static const char out[] = "SeaBIOS\nBooting from ROM..vv kernel 6.1.0-57-amd64 #1 SMP\n"
				  "vv start 7 3\n"
				  "[    1.0] some kernel message\n"
				  "vv t 2 5 2 0 0 0\r\n"
				  "vv gen 4 memcg     2 /vv\n"
				  "vv gen 4            0  72  0  16\n"
				  "vv t 3 6 3 1 1 0\n"
				  "vv obj 0 3 4 1 1\n"
				  "vv obj 1 1 1 0 0\n"
				  "vv memstat active_file 12288\n"
				  "vv memstat pgscan 40\n"
				  "vv memstat workingset_refault_file 1\n"
				  "vv vmstat pswpout 5\n"
				  "vv vmstat nr_free_pages -90\n"
				  "vv done\n";
	struct real_fig f;
	struct expectation x = { .metric = EXPECT_REFAULTS, .object = 0 };
	struct workload wl = { 0 };
	bool ok;
	char err[128];

	real_fig_init(&f, 2);
	CHECKF(real_fig_parse(out, &f, err, sizeof err) == 0, "%s", err);
	CHECK(strncmp(f.kernel, "6.1.0-57-amd64", 14) == 0);
	CHECK(f.obj[0].resident == 3 && f.obj[0].faults == 4 && f.obj[0].refaults == 1);
	CHECK_EQ_U(f.ctr[RC_ACTIVE_FILE], 3);
	CHECK_EQ_U(f.ctr[RC_PGSCAN], 40);
	CHECK_EQ_U(f.ctr[RC_PSWPOUT], 5);
	CHECK_EQ_U(f.nr_samples, 2);
	CHECK(f.nr_samples == 2 && f.sample_at[1] == 3 && f.sample_seq[1] == 6 && f.sample[4] == 3 &&
	      f.sample[5] == 1);
	CHECK(f.nr_pauses == 1 && f.pause_op[0] == 4 && strstr(f.gens[0], "/vv"));
	CHECK(real_fig_measure(&f, &wl, &x, &ok) == 1 && ok);
	x.metric = EXPECT_DECISIONS;
	real_fig_measure(&f, &wl, &x, &ok);
	CHECKF(!ok, "a decision is not measured on the kernel");
	real_fig_free(&f);

	real_fig_init(&f, 1);
	CHECK(real_fig_parse("vv start 1 1\nvv error mincore: Invalid argument\n", &f, err, sizeof err) < 0 &&
	      strstr(err, "mincore"));
	real_fig_free(&f);
	real_fig_init(&f, 1);
	CHECK(real_fig_parse("vv start 1 1\nvv t 1 0 0 0\n", &f, err, sizeof err) < 0 &&
	      strstr(err, "before the end"));
	real_fig_free(&f);
}

/* The cache folder follows VMSCAN_REAL_CACHE, then XDG_CACHE_HOME. */
static void test_cache_dir(void)
{
	setenv("VMSCAN_REAL_CACHE", "/x/real", 1);
	CHECK_STR(real_cache_dir(), "/x/real");
	unsetenv("VMSCAN_REAL_CACHE");
	setenv("XDG_CACHE_HOME", "/y", 1);
	CHECK_STR(real_cache_dir(), "/y/vmscan-viz/real");
}

/* The committed timeline (tests/cli/real-used-once-mmap.csv, written by
 * `vmscan-viz real data/used-once-mmap.json --csv --every 256`) read back:
 * its simulator rows are the simulator's samples now, at the accesses of
 * the kernel's rows, so plot --real lines the two up; a simulator changed
 * without the file fails here (write it again with that command). */
static void test_timeline_is_the_simulators(void)
{
	struct timeline t;
	struct scenario s;
	struct diag_list d = { 0 };
	struct engine_error ee;
	struct engine *e;
	struct real_fig f;

	CHECK(tl_read("test", "tests/cli/real-used-once-mmap.csv", 0, &t) == 0);
	CHECK_EQ_U(t.nobj, 3);
	CHECK_EQ_U(t.memory, 256);
	CHECK_EQ_U(t.every, 256);
	CHECK_EQ_U(t.nrun, 1);
	CHECK_STR(t.policy, "mglru");
	CHECK(t.kernel && strncmp(t.kernel, "6.1.0-", 6) == 0);
	CHECK_EQ_U(t.sim.n, t.run[0].n);
	for (size_t r = 0; r < t.sim.n && r < t.run[0].n; r++)
		CHECKF(t.sim.v[r * tl_width(&t)] == t.run[0].v[r * tl_width(&t)],
		       "row %zu: access %llu, kernel %llu", r, (unsigned long long)t.sim.v[r * tl_width(&t)],
		       (unsigned long long)t.run[0].v[r * tl_width(&t)]);
	if (scenario_load("data/used-once-mmap.json", &s, &d) < 0) {
		CHECKF(0, "data/used-once-mmap.json does not load");
		diag_list_free(&d);
		tl_free(&t);
		return;
	}
	e = engine_new(&s.wl, policy_find("mglru"), &ee);
	CHECK(e != NULL);
	if (e) {
		real_fig_sim(e, 256, &f);
		CHECK_EQ_U(f.nr_samples, t.sim.n);
		for (uint32_t k = 0; k < f.nr_samples && k < t.sim.n; k++) {
			const uint64_t *row = t.sim.v + k * tl_width(&t);
			bool same = row[0] == f.sample_at[k] && row[1] == f.sample_seq[k];
			for (uint32_t i = 0; i < 2 * f.nr_objects && i < 2 * t.nobj; i++)
				same &= row[2 + i] == f.sample[(size_t)k * 2 * f.nr_objects + i];
			CHECKF(same,
			       "sample %u (access %llu): the file's simulator row is not the simulator's", k,
			       (unsigned long long)f.sample_at[k]);
		}
		real_fig_free(&f);
		engine_free(e);
	}
	scenario_free(&s);
	tl_free(&t);
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN(test_parse_good);
	RUN_TABLE(test_parse_bad);
	RUN_TABLE(test_unroll_is_the_engines);
	RUN_TABLE(test_refusals);
	RUN(test_guest_output);
	RUN(test_cache_dir);
	RUN(test_timeline_is_the_simulators);
	return HARNESS_END("real");
}
