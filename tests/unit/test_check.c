/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_check.c - run --check (report_simulate()) on a zone large
 * enough that it checks only every few steps: a broken invariant is still
 * caught, and located at the first step after the break, not at the
 * sampled check that found it; an unbroken run passes with the same end
 * state as a run without --check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/report.h"
#include "engine/internal.h"
#include "policy/registry.h"
#include "harness.h"

/* A zone of 16 Ki pages (checked every 16 steps) and a file of 18 Ki pages
 * read once: reclaim runs through the last 2 Ki. */
static const char scenario_text[] = "{\"format\":1,\"title\":\"check\",\"memory\":{\"pages\":16384},"
				    "\"objects\":[{\"name\":\"big\",\"type\":\"file\",\"pages\":18432}],"
				    "\"workload\":[{\"op\":\"read\",\"object\":\"big\"}]}";

static bool load(struct scenario *s, struct engine **e, char *path)
{
	struct diag_list d = { 0 };
	struct engine_error err;
	FILE *f;
	int fd = mkstemp(path);

	if (fd < 0 || !(f = fdopen(fd, "w")))
		return false;
	fputs(scenario_text, f);
	fclose(f);
	if (scenario_load(path, s, &d) < 0) {
		diag_list_free(&d);
		return false;
	}
	diag_list_free(&d);
	*e = engine_new(&s->wl, policy_find("2.6.34"), &err);
	return *e != NULL;
}

/* report_simulate() with its messages to stderr caught in @msg. */
static int simulate(struct engine *e, const struct report_opts *o, char *msg, size_t n)
{
	FILE *tmp = tmpfile();
	int saved = dup(2), rc;
	size_t got;

	fflush(stderr);
	dup2(fileno(tmp), 2);
	rc = report_simulate(&cli_cmd_run, e, o, NULL);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	got = fread(msg, 1, n - 1, tmp);
	msg[got] = '\0';
	fclose(tmp);
	return rc;
}

static void test_an_unbroken_run_passes_and_ends_as_without_check(void)
{
	char path[] = "/tmp/test_check_XXXXXX", path2[] = "/tmp/test_check_XXXXXX", msg[512];
	struct report_opts with = { .check = true }, without = { 0 };
	struct scenario s, s2;
	struct engine *a, *b;
	bool loaded = load(&s, &a, path) && load(&s2, &b, path2);

	unlink(path);
	unlink(path2);
	if (!loaded) {
		CHECKF(0, "the scenario does not load");
		return;
	}
	CHECKF(simulate(a, &with, msg, sizeof msg) == 0, "run --check fails: %s", msg);
	CHECKF(simulate(b, &without, msg, sizeof msg) == 0, "run fails: %s", msg);
	CHECKF(engine_steps(a) == engine_steps(b) && engine_steps(a) > 18432, "steps %llu and %llu",
	       (unsigned long long)engine_steps(a), (unsigned long long)engine_steps(b));
	CHECKF(memcmp(engine_vmstat(a), engine_vmstat(b), NR_VM_EVENTS * sizeof(uint64_t)) == 0,
	       "--check changes the counters");
	CHECKF(engine_vmstat(a)[PGSTEAL] > 1000, "reclaim freed only %llu pages",
	       (unsigned long long)engine_vmstat(a)[PGSTEAL]);
	engine_free(a);
	engine_free(b);
	scenario_free(&s);
	scenario_free(&s2);
}

/* The break: a step's worth of state changed behind the engine's back, in
 * the middle of the run, between two sampled checks. */
static const struct {
	const char *what;
	uint64_t at;	     /* broken after this step */
	const char *message; /* what the check says */
} breaks[] = {
	{ "an object's resident count off by one, after step 17001", 17001,
	  "after step 17002: an object's resident or active count is wrong" },
	{ "an object's resident count off by one, after step 17002", 17002,
	  "after step 17003: an object's resident or active count is wrong" },
};

static void test_a_broken_invariant_is_caught_at_its_step(void)
{
	for (size_t i = 0; i < sizeof breaks / sizeof *breaks; i++) {
		char path[] = "/tmp/test_check_XXXXXX", msg[512];
		struct report_opts o = { .check = true, .max_steps = breaks[i].at };
		struct scenario s;
		struct engine *e;

		ROW_BEGIN(breaks[i].what);
		if (!load(&s, &e, path)) {
			CHECKF(0, "the scenario does not load");
			ROW_END();
			continue;
		}
		unlink(path);
		CHECKF(simulate(e, &o, msg, sizeof msg) == REPORT_STOPPED, "%s: not stopped: %s",
		       breaks[i].what, msg);
		e->obj[0].resident++;
		o.max_steps = 0;
		CHECKF(simulate(e, &o, msg, sizeof msg) == REPORT_BROKEN, "%s: not caught: %s",
		       breaks[i].what, msg);
		CHECKF(strstr(msg, breaks[i].message) != NULL, "%s: says '%s', not '%s'", breaks[i].what, msg,
		       breaks[i].message);
		engine_free(e);
		scenario_free(&s);
		ROW_END();
	}
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN(test_an_unbroken_run_passes_and_ends_as_without_check);
	RUN_TABLE(test_a_broken_invariant_is_caught_at_its_step);
	return HARNESS_END("check");
}
