/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/bench/view.c - the visualizer's run at a million pages, headless
 *
 *   bench-view FILE.u32 MEMORY [N [POLICY]]
 *
 * Drives src/replay/view.h as the visualizer does, on a u32 trace file
 * read as `vmscan-viz --trace FILE --trace-format u32 --memory MEMORY`
 * reads it (under POLICY, 2.6.34 unless given), and prints "name value unit" lines for
 * tests/bench/run.sh:
 *
 *   load_ms            reading the trace (scenario_from_trace())
 *   first_frame_ms     loading the trace and view_build() (the steps
 *                      indexed before the first frame, the move to step 0)
 *   slice_max_ms       the longest slice of background indexing: the most
 *                      a key waits while the run is indexed
 *   index_complete_s   the whole run indexed, slice by slice
 *   step_back_*_ms     view_goto() to the step before, at N random steps
 *   jump_*_ms          view_goto() to N random steps, from the one before
 *   idle_work_*_ms     after a jump, view_idle() (the visualizer's work
 *                      while no key waits: a cursor for the steps back)
 *   step_back_after_idle_*_ms   then ten steps back, each
 *   switch_ms          `p`: the run redone under 2.6.33 (view_rebuild()),
 *                      or under 2.6.34 when POLICY is not 2.6.34,
 *                      up to its first frame
 *   switch_access_ms   ...and until the same access is indexed and shown
 *   max_rss_before_switch, max_rss   the most memory the process held,
 *                      before `p` and in all
 *
 * Times are CPU time (see now()).  The trace is `bench trace-u32 FILE N`'s: about a million distinct
 * pages.  Medians and maxima over N (default 64) targets drawn from a
 * fixed seed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "policy/registry.h"
#include "replay/view.h"
#include "scenario/scenario.h"

/* CPU time of this thread: the build machine is shared (a load of 5 to 10
 * on two cores), where wall time says more of the others than of this
 * program; on an idle machine the two agree (the work is CPU-bound, page
 * faults included).  BENCH_WALL=1 measures wall time instead. */
static double now(void)
{
	static int wall = -1;
	struct timespec t;

	if (wall < 0)
		wall = getenv("BENCH_WALL") != NULL;
	clock_gettime(wall ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static uint64_t next_rand(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return *s >> 11;
}

static void print_spread(const char *name, double *v, int n)
{
	qsort(v, (size_t)n, sizeof v[0], cmp_double);
	printf("%s_median_ms %.2f ms\n", name, v[n / 2]);
	printf("%s_max_ms %.2f ms\n", name, v[n - 1]);
}

int main(int argc, char **argv)
{
	struct scenario s;
	struct diag_list d = { 0 };
	struct view v;
	struct rusage ru;
	char err[200];
	double t0, slice_max = 0, *back, *jump, *idle;
	uint64_t memory, seed = 7, access;
	const struct reclaim_policy *policy, *other;
	int n;

	if (argc < 3 || argc > 5 || !(memory = strtoull(argv[2], NULL, 10))) {
		fprintf(stderr, "usage: bench-view FILE.u32 MEMORY [N [POLICY]]\n");
		return 2;
	}
	policy = policy_find(argc > 4 ? argv[4] : "2.6.34");
	if (!policy) {
		fprintf(stderr, "bench-view: no policy %s\n", argv[4]);
		return 2;
	}
	other = policy_find(strcmp(policy->name, "2.6.34") ? "2.6.34" : "2.6.33");
	n = argc > 3 ? atoi(argv[3]) : 64;
	if (n < 1)
		n = 1;
	back = calloc((size_t)n, sizeof *back);
	jump = calloc((size_t)n, sizeof *jump);
	idle = calloc((size_t)n, sizeof *idle);
	t0 = now();
	if (!back || !jump || !idle || scenario_from_trace(argv[1], "u32", memory, VIA_READ, &s, &d) < 0) {
		fprintf(stderr, "%s: %s\n", argv[1], d.n ? d.v[0].msg : "out of memory");
		return 1;
	}
	printf("load_ms %.1f ms\n", (now() - t0) * 1e3);
	if (view_build(&v, &s.wl, policy, NULL, err, sizeof err) < 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	printf("first_frame_ms %.1f ms\n", (now() - t0) * 1e3);
	t0 = now();
	while (!v.complete) {
		double t1 = now();
		view_build_more(&v, VIEW_SLICE_STEPS);
		view_settle(&v);
		if (now() - t1 > slice_max)
			slice_max = now() - t1;
	}
	printf("index_complete_s %.2f s\n", now() - t0);
	printf("slice_max_ms %.2f ms\n", slice_max * 1e3);
	printf("steps %llu steps\n", (unsigned long long)v.total);
	for (int i = 0; i < n; i++) {
		uint64_t at = 1 + next_rand(&seed) % v.total;
		t0 = now();
		view_goto(&v, at);
		jump[i] = (now() - t0) * 1e3;
		t0 = now();
		view_goto(&v, at - 1);
		back[i] = (now() - t0) * 1e3;
	}
	print_spread("step_back", back, n);
	print_spread("jump", jump, n);
	/* as the visualizer does between keys: a jump, the work it does while
	 * the user looks (view_idle), then steps back */
	for (int i = 0; i < n; i++) {
		uint64_t at = 1 + next_rand(&seed) % v.total;
		view_goto(&v, at);
		t0 = now();
		while (view_idle(&v))
			;
		idle[i] = (now() - t0) * 1e3;
		t0 = now();
		for (int j = 1; j <= 10 && j < (int)at; j++)
			view_goto(&v, at - (uint64_t)j);
		back[i] = (now() - t0) * 1e3 / 10;
	}
	print_spread("idle_work", idle, n);
	print_spread("step_back_after_idle", back, n);
	getrusage(RUSAGE_SELF, &ru);
	printf("max_rss_before_switch %.1f MiB\n", ru.ru_maxrss / 1024.0);
	printf("snapshots %zu snapshots\n", timeline_snapshots(v.tl));
	printf("snapshot_bytes %.1f MiB\n", (double)timeline_bytes(v.tl) / (1 << 20));
	/* p: the same access under another policy, as run_switch_policy() asks */
	view_goto(&v, v.total / 2);
	access = step_index_access_at(&v.idx, v.step);
	t0 = now();
	if (view_rebuild(&v, other, err, sizeof err) < 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	printf("switch_ms %.1f ms\n", (now() - t0) * 1e3);
	while (step_index_accesses(&v.idx) <= access && !v.complete) {
		double t1 = now();
		view_build_more(&v, VIEW_SLICE_STEPS);
		view_settle(&v);
		if (now() - t1 > slice_max)
			slice_max = now() - t1;
	}
	view_goto(&v, step_index_access_step(&v.idx, access));
	printf("switch_access_ms %.1f ms\n", (now() - t0) * 1e3);
	printf("switch_slice_max_ms %.2f ms\n", slice_max * 1e3);
	getrusage(RUSAGE_SELF, &ru);
	printf("max_rss %.1f MiB\n", ru.ru_maxrss / 1024.0);
	view_free(&v);
	scenario_free(&s);
	free(back);
	free(jump);
	free(idle);
	return 0;
}
