/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/bench/bench.c - the figures of `make bench`
 *
 *   bench throughput N     engine on the standard trace (N accesses), and
 *                          the bare two-list LRU loop on the same trace
 *   bench seek N [MIB]     timeline: one step back and random jumps in an
 *                          N-step run, milliseconds each, with a snapshot
 *                          budget of MIB MiB (default: the visualizer's)
 *   bench growth PAGES     time per step and bytes of state at PAGES pages
 *   bench trace FILE N [KIND]  writes the first N accesses of a trace
 *                          (trace-u32: as little-endian 32-bit words)
 *   bench bare FILE MEM    the bare loop alone, as a process: maps the u32
 *                          FILE and runs it in MEM pages (make bench times
 *                          it against `vmscan-viz run` on the same file)
 *   bench time CMD ARG...  runs CMD, its output to /dev/null, and prints
 *                          "WALL CPU": seconds elapsed and of user + system
 *                          CPU (on a shared machine the steadier figure)
 *
 * The standard trace (KIND mix): about a million distinct pages, 70% of
 * the accesses Zipf(0.99) over a 64 Ki-page hot set, 30% a long scan of
 * pages used once; memory 100 Ki pages; read() accesses; policy 2.6.34.
 * KIND scan: the pure scan, every access a page used once (1 Mi pages
 * round and round); KIND zipf: Zipf(0.9) over 1 Mi pages.  Each is
 * generated here, deterministically, from a fixed seed.
 * Each run prints one line "name value unit"; tests/bench/run.sh repeats
 * the runs and prints the table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine/list.h"
#include "engine/rng.h"
#include "replay/stepindex.h"
#include "replay/timeline.h"
#include "policy/registry.h"

#define HOT_PAGES (64u << 10)
#define ALL_PAGES (1u << 20)
#define MEM_PAGES (100u << 10)

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

enum trace_kind { TRACE_MIX, TRACE_SCAN, TRACE_ZIPF };
static const char *const kind_names[] = { "mix", "scan", "zipf" };

static uint32_t *make_trace(uint32_t n, uint32_t *distinct, enum trace_kind kind)
{
	uint32_t *t = malloc((size_t)n * sizeof *t), scan = 0;
	uint64_t s[4];
	struct zipf z;

	if (!t)
		return NULL;
	rng_seed(s, 20100222); /* the date of the series */
	if (kind == TRACE_SCAN) {
		for (uint32_t i = 0; i < n; i++)
			t[i] = i % ALL_PAGES;
		*distinct = n < ALL_PAGES ? n : ALL_PAGES;
		return t;
	}
	if (kind == TRACE_ZIPF) {
		uint32_t max = 0;
		zipf_setup(&z, ALL_PAGES, 0.9, 0);
		for (uint32_t i = 0; i < n; i++) {
			t[i] = zipf_sample(&z, s);
			max = t[i] > max ? t[i] : max;
		}
		*distinct = max + 1;
		return t;
	}
	zipf_setup(&z, HOT_PAGES, 0.99, 0);
	/* the scan walks the pages above the hot set, round and round */
	for (uint32_t i = 0; i < n; i++)
		t[i] = rng_next(s) % 10 < 7 ? zipf_sample(&z, s)
					    : HOT_PAGES + scan++ % (ALL_PAGES - HOT_PAGES);
	*distinct = scan < ALL_PAGES - HOT_PAGES ? HOT_PAGES + scan : ALL_PAGES;
	return t;
}

static int kind_of(const char *name, enum trace_kind *kind)
{
	for (int k = 0; k < 3; k++)
		if (!strcmp(name, kind_names[k])) {
			*kind = (enum trace_kind)k;
			return 0;
		}
	return -1;
}

/* One file object read() through the trace, in @pages pages of memory. */
struct bench_run {
	uint32_t *trace, distinct;
	struct object_spec obj;
	struct wl_op op;
	struct workload wl;
};

static int bench_setup(struct bench_run *b, uint32_t n, uint32_t pages, enum trace_kind kind)
{
	memset(b, 0, sizeof *b);
	b->trace = make_trace(n, &b->distinct, kind);
	if (!b->trace)
		return -1;
	b->obj = (struct object_spec){ "trace", OBJ_FILE, false, b->distinct };
	b->op = (struct wl_op){
		.kind = WL_TRACE, .via = VIA_READ, .count = n, .trace = b->trace, .caption = UINT32_MAX
	};
	b->wl = (struct workload){
		.memory = { .pages = pages, .swappiness = 60, .writeback_steps = 16, .kswapd = true },
		.objects = &b->obj,
		.nr_objects = 1,
		.ops = &b->op,
		.nr_ops = 1
	};
	return 0;
}

/* The reference: two lists (inactive, active) of index-linked pages with a
 * referenced bit, second access activates, reclaim from the inactive tail,
 * active list aged into the inactive one while it is the larger.
 * 12 bytes a page: two links and a word of flags. */
struct bare_page {
	uint32_t next, prev, flags;
};
enum { BARE_RESIDENT = 1, BARE_ACTIVE = 2, BARE_REF = 4 };
struct bare_list {
	uint32_t head, tail, nr;
};

/* inline, as the engine's list operations are: called out of line, they
 * held the loop to about 100 M/s, where inline ones reach about 110 */
static inline void bare_del(struct bare_page *p, struct bare_list *l, uint32_t i)
{
	if (p[i].prev == UINT32_MAX)
		l->head = p[i].next;
	else
		p[p[i].prev].next = p[i].next;
	if (p[i].next == UINT32_MAX)
		l->tail = p[i].prev;
	else
		p[p[i].next].prev = p[i].prev;
	l->nr--;
}

static inline void bare_add(struct bare_page *p, struct bare_list *l, uint32_t i)
{
	p[i].prev = UINT32_MAX;
	p[i].next = l->head;
	if (l->head == UINT32_MAX)
		l->tail = i;
	else
		p[l->head].prev = i;
	l->head = i;
	l->nr++;
}

static uint64_t bare_lru(const uint32_t *trace, uint32_t n, uint32_t distinct, uint32_t mem)
{
	struct bare_page *p = calloc(distinct, sizeof *p);
	struct bare_list in = { UINT32_MAX, UINT32_MAX, 0 }, act = { UINT32_MAX, UINT32_MAX, 0 };
	uint64_t evictions = 0;

	if (!p)
		return 0;
	for (uint32_t k = 0; k < n; k++) {
		uint32_t i = trace[k];
		if (p[i].flags & BARE_RESIDENT) {
			if (!(p[i].flags & BARE_REF)) {
				p[i].flags |= BARE_REF;
			} else if (!(p[i].flags & BARE_ACTIVE)) {
				bare_del(p, &in, i);
				bare_add(p, &act, i);
				p[i].flags = BARE_RESIDENT | BARE_ACTIVE;
			}
			continue;
		}
		while (in.nr + act.nr >= mem) {
			if (act.nr > in.nr) { /* age the active list */
				uint32_t v = act.tail;
				bare_del(p, &act, v);
				bare_add(p, &in, v);
				p[v].flags &= ~(uint32_t)BARE_ACTIVE;
				continue;
			}
			uint32_t v = in.tail; /* reclaim from the inactive tail */
			bare_del(p, &in, v);
			if (p[v].flags & BARE_REF) { /* referenced: one more trip */
				p[v].flags &= ~(uint32_t)BARE_REF;
				bare_add(p, &in, v);
				continue;
			}
			p[v].flags = 0;
			evictions++;
		}
		p[i].flags = BARE_RESIDENT | BARE_REF;
		bare_add(p, &in, i);
	}
	free(p);
	return evictions;
}

static int throughput(uint32_t n, enum trace_kind kind)
{
	struct bench_run b;
	struct engine_error err;
	struct engine *e;
	double t0, t1, t2;
	uint64_t ev;

	if (bench_setup(&b, n, MEM_PAGES, kind) < 0)
		return 1;
	e = engine_new(&b.wl, policy_find("2.6.34"), &err);
	if (!e)
		return 1;
	t0 = now();
	engine_run(e, UINT64_MAX);
	t1 = now();
	ev = bare_lru(b.trace, n, b.distinct, MEM_PAGES);
	t2 = now();
	printf("engine_accesses_per_s %.1f M/s\n", n / (t1 - t0) / 1e6);
	printf("engine_steps_per_s %.1f M/s\n", (double)engine_steps(e) / (t1 - t0) / 1e6);
	printf("bare_lru_accesses_per_s %.1f M/s\n", n / (t2 - t1) / 1e6);
	printf("engine_vs_bare %.2f x\n", (t1 - t0) / (t2 - t1));
	printf("distinct_pages %u pages\n", b.distinct);
	printf("engine_pgsteal %llu pages\n", (unsigned long long)engine_vmstat(e)[PGSTEAL]);
	printf("bare_evictions %llu pages\n", (unsigned long long)ev);
	printf("bytes_per_zone_page %zu B\n", sizeof(struct page) + sizeof(uint32_t));
	engine_free(e);
	free(b.trace);
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* As the visualizer does it: a first run counts the steps (its index), the
 * timeline spaces its snapshots over them, runs to the end, and then jumps
 * and steps back.  @budget_mib 0: the visualizer's own budget for this
 * run (timeline_default_budget, counting its trace and index). */
static int seek(uint32_t n, size_t budget_mib)
{
	struct bench_run b;
	struct engine_error err;
	struct timeline *t;
	struct engine *count;
	double back[64], jump[64], t0;
	uint64_t total, s = 7;
	size_t budget;

	if (bench_setup(&b, n, MEM_PAGES, TRACE_MIX) < 0)
		return 1;
	/* the visualizer's budget: known only once the index (two bytes a
	 * step) is, as there; a placeholder until then */
	t = timeline_new(&b.wl, policy_find("2.6.34"), (size_t)32 << 20, &err);
	count = engine_new(&b.wl, policy_find("2.6.34"), &err);
	if (!t || !count)
		return 1;
	t0 = now();
	engine_run(count, UINT64_MAX);
	printf("count_run_s %.2f s\n", now() - t0);
	budget = budget_mib ? budget_mib << 20
			    : timeline_default_budget(&b.wl, engine_steps(count) * STEP_INDEX_STEP_BYTES);
	timeline_set_budget(t, budget);
	timeline_plan(t, engine_steps(count));
	engine_free(count);
	t0 = now();
	total = timeline_run_to_end(t);
	printf("timeline_build_s %.2f s\n", now() - t0);
	for (int i = 0; i < 64; i++) {
		uint64_t at;
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		at = (s >> 11) % total;
		t0 = now();
		timeline_seek(t, at);
		jump[i] = (now() - t0) * 1e3;
		t0 = now();
		timeline_seek(t, at ? at - 1 : 0);
		back[i] = (now() - t0) * 1e3;
	}
	qsort(back, 64, sizeof back[0], cmp_double);
	qsort(jump, 64, sizeof jump[0], cmp_double);
	printf("steps %llu steps\n", (unsigned long long)total);
	printf("step_back_median_ms %.2f ms\n", back[32]);
	printf("step_back_max_ms %.2f ms\n", back[63]);
	printf("jump_median_ms %.2f ms\n", jump[32]);
	printf("jump_max_ms %.2f ms\n", jump[63]);
	printf("snapshot_budget %.1f MiB\n", (double)budget / (1 << 20));
	printf("snapshot_bytes %.1f MiB\n", (double)timeline_bytes(t) / (1 << 20));
	printf("packed_snapshot %.2f MiB\n",
	       (double)timeline_bytes(t) / (1 << 20) / (double)timeline_snapshots(t));
	printf("state %.2f MiB\n", (double)workload_state_size(&b.wl) / (1 << 20));
	timeline_free(t);
	free(b.trace);
	return 0;
}

/* One list operation (list_move_head: a list_del and a list_add_head) on a
 * random page of the zone, averaged over a million: the lists are linked
 * by index, so it is O(1) at any size; what grows is the cache misses. */
static double list_move_ns(struct engine *e)
{
	uint64_t s = 1;
	uint32_t moved = 0;
	double t0 = now();

	for (int i = 0; i < 1000000; i++) {
		uint32_t pfn;
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		pfn = (uint32_t)((s >> 33) % e->nr_pages);
		if (e->pages[pfn].lru == LRU_INACTIVE_FILE || e->pages[pfn].lru == LRU_ACTIVE_FILE) {
			list_move_head(e, pfn, (enum lru_list)e->pages[pfn].lru);
			moved++;
		}
	}
	return moved ? (now() - t0) * 1e9 / moved : 0;
}

static int growth(uint32_t pages)
{
	struct bench_run b;
	struct engine_error err;
	struct engine *e;
	struct rusage ru;
	double t0, t1;

	if (bench_setup(&b, pages * 8, pages, TRACE_MIX) < 0)
		return 1;
	e = engine_new(&b.wl, policy_find("2.6.34"), &err);
	if (!e)
		return 1;
	t0 = now();
	while (!engine_done(e))
		engine_step(e);
	t1 = now();
	printf("ns_per_step %.1f ns\n", (t1 - t0) * 1e9 / (double)engine_steps(e));
	printf("ns_per_list_move %.1f ns\n", list_move_ns(e));
	getrusage(RUSAGE_SELF, &ru);
	printf("state_bytes_per_zone_page %.1f B\n",
	       (double)engine_state_size(e) / pages); /* incl. every object page's slot */
	printf("max_rss %.1f MiB\n", ru.ru_maxrss / 1024.0);
	engine_free(e);
	free(b.trace);
	return 0;
}

/* A trace as a file for `vmscan-viz run --trace` and for other
 * simulators: txt (a page number a line) or u32 (little-endian words). */
static int write_trace(const char *path, uint32_t n, bool u32, enum trace_kind kind)
{
	uint32_t distinct, *t = make_trace(n, &distinct, kind);
	FILE *f = fopen(path, "wb");
	int rc = 0;

	if (!t || !f) {
		perror(path);
		rc = 1;
	}
	for (uint32_t i = 0; !rc && i < n; i++) {
		if (u32) {
			unsigned char b[4] = { (unsigned char)t[i], (unsigned char)(t[i] >> 8),
					       (unsigned char)(t[i] >> 16), (unsigned char)(t[i] >> 24) };
			rc = fwrite(b, 1, 4, f) != 4;
		} else {
			rc = fprintf(f, "%u\n", t[i]) < 0;
		}
	}
	if (f && fclose(f) != 0)
		rc = 1;
	free(t);
	return rc;
}

/*
 * The bare loop as a whole process, the reference for `vmscan-viz run
 * --trace FILE --trace-format u32` in make bench: maps the file, sizes the
 * page array from its largest page number, runs bare_lru().  What a
 * program that only simulates must do with the same file; the words are
 * read in place (little-endian hosts: the bench runs on x86).
 */
static int bare_file(const char *path, uint32_t mem)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	const uint32_t *t;
	uint32_t n, max = 0;
	uint64_t ev;

	if (fd < 0 || fstat(fd, &st) < 0 || st.st_size < 4) {
		perror(path);
		return 1;
	}
	n = (uint32_t)(st.st_size / 4);
	t = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (t == MAP_FAILED) {
		perror(path);
		return 1;
	}
	for (uint32_t i = 0; i < n; i++)
		max = t[i] > max ? t[i] : max;
	ev = bare_lru(t, n, max + 1, mem);
	printf("bare_evictions %llu pages\n", (unsigned long long)ev);
	munmap((void *)(uintptr_t)t, (size_t)st.st_size);
	return 0;
}

static int time_command(char **argv)
{
	double t0 = now(), wall;
	struct rusage ru;
	int status;
	pid_t pid = fork();

	if (pid < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("wait4");
		return 1;
	}
	wall = now() - t0;
	printf("%.3f %.3f\n", wall,
	       (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
		       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6);
	return WIFEXITED(status) && WEXITSTATUS(status) == 127;
}

int main(int argc, char **argv)
{
	uint32_t n = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 0;
	enum trace_kind kind = TRACE_MIX;

	if ((argc == 3 || argc == 4) && strcmp(argv[1], "throughput") == 0 && n &&
	    (argc == 3 || kind_of(argv[3], &kind) == 0))
		return throughput(n, kind);
	if ((argc == 3 || argc == 4) && strcmp(argv[1], "seek") == 0 && n)
		return seek(n, argc == 4 ? strtoul(argv[3], NULL, 10) : 0);
	if (argc == 3 && strcmp(argv[1], "growth") == 0 && n >= 64)
		return growth(n);
	if ((argc == 4 || argc == 5) &&
	    (strcmp(argv[1], "trace") == 0 || strcmp(argv[1], "trace-u32") == 0) &&
	    (n = (uint32_t)strtoul(argv[3], NULL, 10)) && (argc == 4 || kind_of(argv[4], &kind) == 0))
		return write_trace(argv[2], n, argv[1][5] == '-', kind);
	if (argc >= 3 && strcmp(argv[1], "time") == 0)
		return time_command(argv + 2);
	if (argc == 4 && strcmp(argv[1], "bare") == 0 && (n = (uint32_t)strtoul(argv[3], NULL, 10)))
		return bare_file(argv[2], n);
	fprintf(stderr, "usage: bench throughput N [mix|scan|zipf] | seek N [MIB] | growth PAGES | "
			"trace[-u32] FILE N [mix|scan|zipf] | bare FILE.u32 MEM | time CMD ARG...\n");
	return 2;
}
