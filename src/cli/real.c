/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/real.c - `vmscan-viz real`: "is it real?"  The scenario's workload
 * replayed on Debian's Linux 6.1 in qemu (real_vm.c), its figures set
 * beside the simulator's under the policy that corresponds: lru_gen on
 * for mglru; off for a two-list policy, whose rules 6.1's two lists have
 * grown past (said in the report).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "real.h"
#include "series.h"
#include "timeline_csv.h"
#include "../util/jsonw.h"
#include "../util/text.h"

#define REAL_MAX_RUNS  20
#define REAL_MAX_SIZES 64

enum { O_POLICY, O_MEMORY, O_SWEEP, O_RUNS, O_JSON, O_CSV, O_EVERY, O_PLOT, O_OPS, O_GENS, NR_O };
static const struct cli_option real_opts[NR_O + 1] = {
	[O_POLICY] = { .name = "policy",
		       .short_name = 'p',
		       .arg = "P",
		       .help = "simulate under P (default mglru: lru_gen on; a two-list policy: off)" },
	[O_MEMORY] = { .name = "memory",
		       .short_name = 'm',
		       .arg = "PAGES",
		       .help = "the zone and the cgroup's memory.max this size, not the scenario's" },
	[O_SWEEP] = { .name = "sweep",
		      .arg = "FROM:TO:STEP",
		      .help = "every memory size from FROM to TO pages: a verdict per size" },
	[O_RUNS] = { .name = "runs", .arg = "N", .help = "boot the kernel N times (1 to 20): the spread" },
	[O_JSON] = CLI_OPT_JSON,
	[O_CSV] = { .name = "csv",
		    .help = "the timeline: objects' resident pages and refaults, sim and real" },
	[O_EVERY] = { .name = "every",
		      .arg = "N",
		      .help = "with --csv or --plot, a sample every N accesses (default 100)" },
	[O_PLOT] = { .name = "plot",
		     .arg = "FILE.svg",
		     .help = "draw the timeline into FILE.svg or FILE.png: the simulator and the kernel "
			     "(the picture plot draws of its CSV)" },
	[O_OPS] = { .name = "ops", .help = "print the op file the guest replays, and boot nothing" },
	[O_GENS] = { .name = "gens", .help = "lru_gen at the scenario's pause points, sim and real" },
};
static int real_main(int argc, char **argv);
const struct cli_command cli_cmd_real = {
	"real",
	"SCENARIO [--policy P] [--memory PAGES | --sweep FROM:TO:STEP] [--runs N] [--json | --csv] [--every "
	"N] "
	"[--plot FILE.svg]",
	"replay a scenario on a real Linux 6.1 in qemu, beside the simulation",
	real_opts,
	real_main,
	NULL,
};

/* One memory size: the simulation, and each boot of the kernel. */
struct point {
	uint32_t memory;
	struct real_fig sim, real[REAL_MAX_RUNS];
	unsigned runs;
};

struct ctx {
	const struct scenario *s;
	const struct reclaim_policy *p;
	bool lru_gen, gens;
	unsigned runs;
	uint64_t every;
	const char *kernel; /* uname of the first boot */
};

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The runs' values of one figure: the median, lowest and highest. */
struct spread {
	uint64_t med, lo, hi;
};
static struct spread spread(const uint64_t *v, unsigned n)
{
	uint64_t s[REAL_MAX_RUNS];

	if (!n)
		return (struct spread){ 0, 0, 0 };
	memcpy(s, v, n * sizeof *s);
	qsort(s, n, sizeof *s, cmp_u64);
	return (struct spread){ s[n / 2], s[0], s[n - 1] };
}

enum fig_kind { F_RESIDENT, F_FAULTS, F_REFAULTS, F_EVICTED };
static uint64_t obj_value(const struct real_fig *f, uint32_t o, int k)
{
	switch (k) {
	case F_RESIDENT: return f->obj[o].resident;
	case F_FAULTS: return f->obj[o].faults;
	case F_REFAULTS: return f->obj[o].refaults;
	default: return f->obj[o].evicted;
	}
}

static struct spread real_obj(const struct point *pt, uint32_t o, int k)
{
	uint64_t v[REAL_MAX_RUNS] = { 0 };

	for (unsigned r = 0; r < pt->runs; r++)
		v[r] = obj_value(&pt->real[r], o, k);
	return spread(v, pt->runs);
}

static struct spread real_ctr(const struct point *pt, int c)
{
	uint64_t v[REAL_MAX_RUNS] = { 0 };

	for (unsigned r = 0; r < pt->runs; r++)
		v[r] = pt->real[r].ctr[c];
	return spread(v, pt->runs);
}

/* "16", or "16 (16-32)" when the runs differ. */
static const char *spread_text(struct spread s, char *buf, size_t n)
{
	if (s.lo == s.hi)
		snprintf(buf, n, "%" PRIu64, s.med);
	else
		snprintf(buf, n, "%" PRIu64 " (%" PRIu64 "-%" PRIu64 ")", s.med, s.lo, s.hi);
	return buf;
}

static bool holds(double v, int cmp, double want)
{
	static const signed char sign_ok[5][3] = {
		/* v < want, ==, > */
		[CMP_LT] = { 1, 0, 0 }, [CMP_LE] = { 1, 1, 0 }, [CMP_EQ] = { 0, 1, 0 },
		[CMP_GE] = { 0, 1, 1 }, [CMP_GT] = { 0, 0, 1 },
	};
	return sign_ok[cmp][v < want ? 0 : v == want ? 1 : 2];
}

static bool applies(const struct expectation *x, const char *policy)
{
	return !x->policy || strcmp(x->policy, policy) == 0;
}

/* Expectation @i on @fig: 1 holds, 0 fails, -1 not measured there, -2
 * not one of the policy's (or one at a step: a run on the kernel has none). */
static int verdict(const struct ctx *c, const struct real_fig *fig, uint32_t i)
{
	const struct expectation *x = &c->s->expect[i];
	bool ok;
	double v;

	if (!applies(x, c->p->name) || x->at_step)
		return -2;
	v = real_fig_measure(fig, &c->s->wl, x, &ok);
	return ok ? holds(v, x->cmp, x->value) : -1;
}

/* Why the two-list policy @p is not 6.1 with lru_gen off. */
static const char *kernel_differs(const struct reclaim_policy *p)
{
	if (p->lru_gen)
		return NULL;
	if (p->caps)
		return "the policy 6.1 models 6.1's two lists inside 2.6.34's reclaim loops: no compaction, "
		       "no "
		       "watermark boost, no reclaim stalls, and global reclaim here against the "
		       "guest's "
		       "cgroup limit reclaim (data/README.md)";
	return "lru_gen off runs 6.1's two lists, with rules after 2.6.34 this policy leaves out (the "
	       "policy 6.1 has them): first-sight activation of exec and shared file pages (3.3), the "
	       "lru_add batch's activation (3.12), anon pages starting inactive with refault detection and "
	       "the anon/file balance by cost (5.8), the active list aged after refaults (4.12)";
}

/* @pts[0..@n-1]'s sizes: "512 pages", "448 to 640 pages". */
static void header(const struct ctx *c, const struct point *pts, unsigned n, FILE *f)
{
	const char *why = kernel_differs(c->p);
	char size[64];

	if (n > 1)
		snprintf(size, sizeof size, "%u to %u pages", pts[0].memory, pts[n - 1].memory);
	else
		snprintf(size, sizeof size, "%u pages", pts[0].memory);
	fprintf(f, "%s: %s\n", c->s->path, c->s->title ? c->s->title : "");
	fprintf(f, "sim: %s at %s; real: %s (%s), lru_gen %s, memory.max %s, %u boot%s each\n", c->p->name,
		size, c->kernel && c->kernel[0] ? c->kernel : "Linux 6.1", real_kernel_package(),
		c->lru_gen ? "on" : "off", size, pts[0].runs, pts[0].runs == 1 ? "" : "s");
	if (why)
		fprintf(f, "note: %s\n", why);
}

static void text_objects(const struct ctx *c, const struct point *pt, FILE *f)
{
	static const char *const kinds[4] = { "resident", "faults", "refaults", "evicted" };
	char buf[64];

	fprintf(f, "\n%-16s", "object");
	for (int k = 0; k < 4; k++)
		fprintf(f, " %-21s", kinds[k]);
	fprintf(f, "\n%-16s", "");
	for (int k = 0; k < 4; k++)
		fprintf(f, " %-7s %-13s", "sim", "real");
	fprintf(f, "\n");
	for (uint32_t o = 0; o < c->s->wl.nr_objects; o++) {
		fprintf(f, "%-16.16s", c->s->wl.objects[o].name);
		for (int k = 0; k < 4; k++)
			fprintf(f, " %-7" PRIu64 " %-13s", obj_value(&pt->sim, o, k),
				spread_text(real_obj(pt, o, k), buf, sizeof buf));
		fprintf(f, "\n");
	}
}

static void text_counters(const struct point *pt, FILE *f)
{
	char buf[64];

	fprintf(f, "\n%-26s %-9s %s\n", "counter", "sim", "real");
	for (int i = 0; i < NR_REAL_COUNTERS; i++)
		fprintf(f, "%-26s %-9" PRIu64 " %s\n", real_counter_name[i], pt->sim.ctr[i],
			spread_text(real_ctr(pt, i), buf, sizeof buf));
	fprintf(f, "(lists in pages at the end; cgroup memory.stat, pswpin/pswpout from /proc/vmstat)\n");
}

/* The expectations of the policy measured on both: "PASS 16" each. */
static int text_expect(const struct ctx *c, const struct point *pt, FILE *f)
{
	int shown = 0;

	for (uint32_t i = 0; i < c->s->nr_expect; i++) {
		const struct expectation *x = &c->s->expect[i];
		bool ok_s, ok_r;
		double vs, vr;
		if (!applies(x, c->p->name) || x->at_step)
			continue;
		if (!shown++)
			fprintf(f, "\n%-34s %-14s %s\n", "expectation", "sim", "real");
		vs = real_fig_measure(&pt->sim, &c->s->wl, x, &ok_s);
		vr = real_fig_measure(&pt->real[0], &c->s->wl, x, &ok_r);
		fprintf(f, "%-34.34s %-4s %-9g ", x->text,
			ok_s ? (holds(vs, x->cmp, x->value) ? "PASS" : "FAIL") : "-", vs);
		if (ok_r)
			fprintf(f, "%s %g\n", holds(vr, x->cmp, x->value) ? "PASS" : "FAIL", vr);
		else
			fprintf(f, "- (not measured on the kernel)\n");
	}
	return shown;
}

static const char *caption_of(const struct scenario *s, uint32_t op)
{
	uint32_t k = op < s->wl.nr_ops ? s->wl.ops[op].caption : UINT32_MAX;

	return k < s->wl.nr_captions ? s->wl.captions[k] : "";
}

static void text_gens(const struct ctx *c, const struct point *pt, FILE *f)
{
	const struct real_fig *r = &pt->real[0];

	if (!c->lru_gen) {
		fprintf(f, "\nlru_gen: off on both sides\n");
		return;
	}
	for (uint32_t i = 0; i < r->nr_pauses || i < pt->sim.nr_pauses; i++) {
		uint32_t op = i < r->nr_pauses ? r->pause_op[i] : pt->sim.pause_op[i];
		fprintf(f, "\nlru_gen before operation %u (%s)\n", op + 1, caption_of(c->s, op));
		fprintf(f, "sim (seq, age in steps, anon, file):\n%s",
			i < pt->sim.nr_pauses ? pt->sim.gens[i] : "");
		fprintf(f, "real (/sys/kernel/debug/lru_gen: seq, age in ms, anon, file):\n%s",
			i < r->nr_pauses ? r->gens[i] : "");
	}
	if (!r->nr_pauses && !pt->sim.nr_pauses)
		fprintf(f, "\nlru_gen: %s\n", c->lru_gen ? "the scenario has no pause" : "off");
}

static void text_report(const struct ctx *c, const struct point *pt, FILE *f)
{
	header(c, pt, 1, f);
	text_objects(c, pt, f);
	text_counters(pt, f);
	text_expect(c, pt, f);
	if (c->gens)
		text_gens(c, pt, f);
	if (pt->real[0].warn[0])
		fprintf(f, "\nthe guest warned: %s\n", pt->real[0].warn);
}

/* --sweep: a line per size, each object's refaults sim/real and the
 * expectations that fail on either. */
static void text_sweep(const struct ctx *c, const struct point *pts, unsigned n, FILE *f)
{
	char buf[64];

	header(c, pts, n, f);
	fprintf(f, "\n%-7s", "memory");
	for (uint32_t o = 0; o < c->s->wl.nr_objects; o++)
		fprintf(f, " %-18.18s", c->s->wl.objects[o].name);
	fprintf(f, " expectations failed (sim | real)\n%-7s", "");
	for (uint32_t o = 0; o < c->s->wl.nr_objects; o++)
		fprintf(f, " %-18s", "refaults sim/real");
	fprintf(f, "\n");
	for (unsigned k = 0; k < n; k++) {
		const struct point *pt = &pts[k];
		int fs = 0, fr = 0;
		fprintf(f, "%-7u", pt->memory);
		for (uint32_t o = 0; o < c->s->wl.nr_objects; o++) {
			char cell[96];
			snprintf(cell, sizeof cell, "%" PRIu64 "/%s", obj_value(&pt->sim, o, F_REFAULTS),
				 spread_text(real_obj(pt, o, F_REFAULTS), buf, sizeof buf));
			fprintf(f, " %-18s", cell);
		}
		for (uint32_t i = 0; i < c->s->nr_expect; i++) {
			fs += verdict(c, &pt->sim, i) == 0;
			fr += verdict(c, &pt->real[0], i) == 0;
		}
		fprintf(f, " %d | %d\n", fs, fr);
	}
}

static void json_fig(struct jsonw *w, const char *key, const struct ctx *c, const struct real_fig *fig)
{
	jsonw_begin(w, key, '{');
	jsonw_begin(w, "objects", '{');
	for (uint32_t o = 0; o < c->s->wl.nr_objects; o++) {
		jsonw_begin(w, c->s->wl.objects[o].name, '{');
		jsonw_u64(w, "resident", fig->obj[o].resident);
		jsonw_u64(w, "faults", fig->obj[o].faults);
		jsonw_u64(w, "refaults", fig->obj[o].refaults);
		jsonw_u64(w, "evicted", fig->obj[o].evicted);
		jsonw_end(w, '}');
	}
	jsonw_end(w, '}');
	jsonw_begin(w, "counters", '{');
	for (int i = 0; i < NR_REAL_COUNTERS; i++)
		jsonw_u64(w, real_counter_name[i], fig->ctr[i]);
	jsonw_end(w, '}');
	if (c->gens) {
		jsonw_begin(w, "lru_gen", '[');
		for (uint32_t i = 0; i < fig->nr_pauses; i++) {
			jsonw_begin(w, NULL, '{');
			jsonw_u64(w, "operation", fig->pause_op[i] + 1);
			jsonw_str(w, "text", fig->gens[i]);
			jsonw_end(w, '}');
		}
		jsonw_end(w, ']');
	}
	jsonw_end(w, '}');
}

static void json_point(struct jsonw *w, const struct ctx *c, const struct point *pt)
{
	jsonw_begin(w, NULL, '{');
	jsonw_u64(w, "memory", pt->memory);
	json_fig(w, "sim", c, &pt->sim);
	jsonw_begin(w, "real", '[');
	for (unsigned r = 0; r < pt->runs; r++)
		json_fig(w, NULL, c, &pt->real[r]);
	jsonw_end(w, ']');
	jsonw_begin(w, "expect", '[');
	for (uint32_t i = 0; i < c->s->nr_expect; i++) {
		int vs = verdict(c, &pt->sim, i), vr = verdict(c, &pt->real[0], i);
		if (vs == -2)
			continue;
		jsonw_begin(w, NULL, '{');
		jsonw_str(w, "check", c->s->expect[i].text);
		jsonw_bool(w, "sim", vs == 1);
		if (vr >= 0)
			jsonw_bool(w, "real", vr == 1);
		else
			jsonw_str(w, "real", NULL);
		jsonw_end(w, '}');
	}
	jsonw_end(w, ']');
	jsonw_end(w, '}');
}

static void json_report(const struct ctx *c, const struct point *pts, unsigned n)
{
	struct jsonw w;

	jsonw_init(&w, stdout);
	jsonw_begin(&w, NULL, '{');
	jsonw_str(&w, "scenario", c->s->path);
	jsonw_str(&w, "policy", c->p->name);
	jsonw_bool(&w, "lru_gen", c->lru_gen);
	jsonw_str(&w, "kernel_package", real_kernel_package());
	jsonw_str(&w, "kernel", c->kernel);
	jsonw_str(&w, "differs", kernel_differs(c->p));
	jsonw_begin(&w, "sizes", '[');
	for (unsigned k = 0; k < n; k++)
		json_point(&w, c, &pts[k]);
	jsonw_end(&w, ']');
	jsonw_end(&w, '}');
	fputc('\n', stdout);
}

/* --csv: the timeline, a row per sample of each side; each row names its
 * scenario, policy and kernel (the simulator's rows none), so that a file
 * says what it is wherever it goes (plot --real draws it). */
static void csv_fig(const struct ctx *c, const struct real_fig *fig, const char *side, uint32_t memory,
		    unsigned run)
{
	for (uint32_t k = 0; k < fig->nr_samples; k++) {
		printf("%s,", side);
		cli_csv_field(stdout, c->s->path);
		putchar(',');
		cli_csv_field(stdout, c->p->name);
		putchar(',');
		cli_csv_field(stdout, run ? fig->kernel : "");
		printf(",%u,%u,%" PRIu64 ",%" PRIu64, memory, run, fig->sample_at[k], fig->sample_seq[k]);
		for (uint32_t o = 0; o < c->s->wl.nr_objects; o++) {
			size_t at = ((size_t)k * fig->nr_objects + o) * 2;
			printf(",%u,%u", fig->sample[at], fig->sample[at + 1]);
		}
		printf("\n");
		if (cli_output_failed())
			return;
	}
}

static void csv_report(const struct ctx *c, const struct point *pts, unsigned n)
{
	printf("%s", REAL_CSV_HEAD);
	for (uint32_t o = 0; o < c->s->wl.nr_objects; o++)
		for (int k = 0; k < 2; k++) {
			size_t len = strlen(c->s->wl.objects[o].name) + 16;
			char *col = malloc(len);
			putchar(',');
			if (col) {
				snprintf(col, len, "%s.%s", c->s->wl.objects[o].name,
					 k ? "refaults" : "resident");
				cli_csv_field(stdout, col);
				free(col);
			}
		}
	printf("\n");
	for (unsigned k = 0; k < n; k++) {
		csv_fig(c, &pts[k].sim, "sim", pts[k].memory, 0);
		for (unsigned r = 0; r < pts[k].runs; r++)
			csv_fig(c, &pts[k].real[r], "real", pts[k].memory, r + 1);
	}
}

/* --plot: @pt's samples as the timeline real --csv would give. */
static int to_timeline(const struct ctx *c, const struct point *pt, struct timeline *t)
{
	uint32_t n = c->s->wl.nr_objects;
	size_t width;
	uint64_t *row;

	memset(t, 0, sizeof *t);
	t->nobj = n;
	width = tl_width(t);
	t->scenario = strdup(c->s->path);
	t->policy = strdup(c->p->name);
	t->kernel = strdup(pt->real[0].kernel);
	t->names = calloc(n ? n : 1, sizeof *t->names);
	t->most = calloc(n ? n : 1, sizeof *t->most);
	row = malloc(width * sizeof *row);
	if (!t->scenario || !t->policy || !t->kernel || !t->names || !t->most || !row) {
		free(row);
		return -1;
	}
	for (uint32_t o = 0; o < n; o++)
		if (!(t->names[o] = strdup(c->s->wl.objects[o].name))) {
			free(row);
			return -1;
		}
	t->memory = pt->memory;
	t->nrun = pt->runs;
	t->every = c->every;
	for (unsigned b = 0; b <= pt->runs; b++) {
		const struct real_fig *f = b ? &pt->real[b - 1] : &pt->sim;
		for (uint32_t k = 0; k < f->nr_samples; k++) {
			row[0] = f->sample_at[k];
			row[1] = f->sample_seq[k];
			if (row[1] > t->max_seq)
				t->max_seq = row[1];
			for (size_t i = 0; i < 2 * (size_t)n; i++) {
				row[2 + i] = f->sample[(size_t)k * 2 * f->nr_objects + i];
				if (i % 2 && row[2 + i] > t->most[i / 2])
					t->most[i / 2] = row[2 + i];
			}
			if (tl_add(b ? &t->run[b - 1] : &t->sim, width, row) < 0) {
				free(row);
				return -1;
			}
		}
	}
	free(row);
	return 0;
}

/* Is @name a program on $PATH?  (--plot asks before the boots, not after.) */
static bool on_path(const char *name)
{
	const char *path = getenv("PATH");
	char buf[1200];

	for (const char *p = path ? path : ""; *p;) {
		size_t len = strcspn(p, ":");
		snprintf(buf, sizeof buf, "%.*s/%s", (int)len, len ? p : ".", name);
		if (access(buf, X_OK) == 0)
			return true;
		p += len + (p[len] == ':');
	}
	return false;
}

/* --sweep FROM:TO:STEP into @sizes. */
static int parse_sweep(const char *text, uint32_t *sizes, unsigned *n)
{
	unsigned long from, to, step;
	char tail;

	if (sscanf(text, "%lu:%lu:%lu%c", &from, &to, &step, &tail) != 3 || step == 0 || from > to ||
	    from < SCENARIO_MIN_MEMORY_PAGES || to > ENGINE_MAX_PAGES ||
	    (to - from) / step + 1 > REAL_MAX_SIZES)
		return cli_usage_error(
			&cli_cmd_real,
			"--sweep: expected FROM:TO:STEP, pages from %u up, at most %d sizes (found '%s')",
			SCENARIO_MIN_MEMORY_PAGES, REAL_MAX_SIZES, text);
	*n = 0;
	for (unsigned long m = from; m <= to; m += step)
		sizes[(*n)++] = (uint32_t)m;
	return 0;
}

/* The simulation of @pt: @s's workload with its zone at pt->memory pages. */
static int simulate(const struct ctx *c, struct point *pt)
{
	struct workload wl = c->s->wl;
	struct engine_error err;
	struct engine *e;

	wl.memory.pages = pt->memory;
	if (!(e = engine_new(&wl, c->p, &err))) {
		fprintf(stderr, "%s: %s at %u pages: %s\n", cli_prefix(&cli_cmd_real), c->s->path, pt->memory,
			err.msg);
		return 1;
	}
	real_fig_sim(e, c->every, &pt->sim);
	engine_free(e);
	return 0;
}

/* The visualizer's line: the real kernel's refaults per object and the
 * counters a student looks at first. */
static void summary_line(const struct ctx *c, const struct point *pt, FILE *f)
{
	const struct real_fig *r = &pt->real[0];

	fprintf(f, "real 6.1, lru_gen %s (vmscan-viz real): refaults", c->lru_gen ? "on" : "off");
	for (uint32_t o = 0; o < c->s->wl.nr_objects; o++) {
		fprintf(f, "%s ", o ? "," : "");
		text_print(f, c->s->wl.objects[o].name, 0);
		fprintf(f, " %" PRIu64, r->obj[o].refaults);
	}
	fprintf(f, "; pgmajfault %" PRIu64 " pgscan %" PRIu64 " pgactivate %" PRIu64 "\n",
		r->ctr[RC_PGMAJFAULT], r->ctr[RC_PGSCAN], r->ctr[RC_PGACTIVATE]);
}

/* @path written whole by @fn, or left as it was. */
static void save_as(const char *path, const struct ctx *c, const struct point *pt,
		    void (*fn)(const struct ctx *, const struct point *, FILE *))
{
	char tmp[1300];
	FILE *f;

	snprintf(tmp, sizeof tmp, "%s.%ld", path, (long)getpid());
	if (!(f = fopen(tmp, "w")))
		return;
	fn(c, pt, f);
	if (fclose(f) != 0 || rename(tmp, path) != 0)
		remove(tmp);
}

/* The report of a run at the scenario's own size, and its line, kept
 * where the visualizer finds them (real_result_path()). */
static void save_result(const struct ctx *c, const struct point *pt)
{
	char path[1200], dir[1200];

	real_result_path(c->s->path, c->p->name, path, sizeof path);
	snprintf(dir, sizeof dir, "%s", path);
	*strrchr(dir, '/') = '\0';
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		return;
	save_as(path, c, pt, text_report);
	snprintf(path + strlen(path) - 4, sizeof path - strlen(path) + 4, ".line");
	save_as(path, c, pt, summary_line);
}

static int run_points(struct ctx *c, struct point *pts, unsigned n, const char *dir)
{
	const char *prefix = cli_prefix(&cli_cmd_real), *t = getenv("VMSCAN_REAL_TIMEOUT");
	const char *flush = getenv("VMSCAN_REAL_FLUSH");
	struct real_run_opts o = { .lru_gen = c->lru_gen,
				   .every = c->every,
				   .flush = flush && flush[0] == '1' };
	char err[512];

	/* a generous bound: a boot takes seconds, an access under TCG 0.2 ms */
	o.timeout = t && atoi(t) > 0 ? (unsigned)atoi(t) : 120 + (unsigned)(c->s->steps / 1000);
	for (unsigned k = 0; k < n; k++) {
		struct point *pt = &pts[k];
		if (simulate(c, pt) != 0)
			return 1;
		o.memory = pt->memory;
		for (unsigned r = 0; r < c->runs; r++) {
			char *out = NULL;
			int rc = real_boot(prefix, dir, c->s->wl.memory.swap_pages, &o, &out);
			real_fig_init(&pt->real[r], c->s->wl.nr_objects);
			pt->runs = r + 1;
			if (rc == 0 && real_fig_parse(out, &pt->real[r], err, sizeof err) < 0) {
				fprintf(stderr, "%s: %s\n", prefix, err);
				rc = 1;
			}
			free(out);
			if (rc)
				return rc;
			if (!c->kernel)
				c->kernel = pt->real[r].kernel;
		}
	}
	return 0;
}

static int real_main(int argc, char **argv)
{
	const struct cli_command *cmd = &cli_cmd_real;
	const char *prefix = cli_prefix(cmd);
	struct cli_args a;
	struct scenario s;
	struct diag_list d = { 0 };
	struct ctx c = { .s = &s, .runs = 1 };
	uint32_t sizes[REAL_MAX_SIZES] = { 0 };
	unsigned n = 1;
	struct point *pts = NULL;
	char why[256], dir[1100];
	char *ops = NULL;
	size_t len = 0;
	uint64_t v;
	FILE *mf;
	int rc = cli_parse(cmd, argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (a.npos != 1)
		return cli_usage_error(cmd,
				       a.npos ? "give one scenario"
					      : "which scenario? (e.g. '%s data/used-once-mmap.json')",
				       prefix);
	if (a.val[O_MEMORY] && a.val[O_SWEEP])
		return cli_usage_error(cmd, "--memory or --sweep, not both");
	if (a.val[O_JSON] && a.val[O_CSV])
		return cli_usage_error(cmd, "--json or --csv, not both");
	if (a.val[O_EVERY] && !a.val[O_CSV] && !a.val[O_PLOT])
		return cli_usage_error(cmd, "--every goes with --csv or --plot");
	if (a.val[O_PLOT]) {
		const char *dot = strrchr(a.val[O_PLOT], '.');
		if (!dot || (strcmp(dot, ".svg") != 0 && strcmp(dot, ".png") != 0))
			return cli_usage_error(cmd, "--plot: the file's name must end in .png or .svg");
		if (a.val[O_SWEEP] || a.val[O_OPS])
			return cli_usage_error(cmd,
					       "--plot draws one memory size's run: not with --%s (give "
					       "--csv, then plot --real FILE.csv --memory PAGES)",
					       a.val[O_SWEEP] ? "sweep" : "ops");
		if (!on_path("gnuplot")) {
			fprintf(stderr,
				"%s: error: --plot: gnuplot is not installed (Debian: apt-get install "
				"gnuplot-nox)\n",
				prefix);
			return 1;
		}
	}
	if (a.val[O_RUNS]) {
		if (cli_uint(cmd, "runs", a.val[O_RUNS], 1, REAL_MAX_RUNS, "boots", &v) != 0)
			return EXIT_USAGE;
		c.runs = (unsigned)v;
	}
	if (a.val[O_CSV] || a.val[O_PLOT]) {
		c.every = 100;
		if (a.val[O_EVERY] &&
		    cli_uint(cmd, "every", a.val[O_EVERY], 1, UINT32_MAX, "accesses", &c.every) != 0)
			return EXIT_USAGE;
	}
	if (a.val[O_SWEEP] && parse_sweep(a.val[O_SWEEP], sizes, &n) != 0)
		return EXIT_USAGE;
	if (a.val[O_MEMORY]) {
		if (cli_uint(cmd, "memory", a.val[O_MEMORY], SCENARIO_MIN_MEMORY_PAGES, ENGINE_MAX_PAGES,
			     "pages", &v) != 0)
			return EXIT_USAGE;
		sizes[0] = (uint32_t)v;
	}
	c.gens = a.val[O_GENS] != NULL;
	{ /* the kernel replays the scenario as written: no P/global */
		struct policy_ref r;
		if (cli_policy_ref(a.val[O_POLICY] ? a.val[O_POLICY] : "mglru", NULL, false, &r) < 0)
			return EXIT_USAGE;
		c.p = r.policy;
	}
	c.lru_gen = c.p->lru_gen;
	if (scenario_load(a.pos[0], &s, &d) < 0) {
		char line[1024];
		for (size_t i = 0; i < d.n; i++) {
			diag_format(&d.v[i], line, sizeof line);
			fprintf(stderr, "%s\n", line);
		}
		diag_list_free(&d);
		return 1;
	}
	if (!a.val[O_MEMORY] && !a.val[O_SWEEP])
		sizes[0] = s.wl.memory.pages;
	mf = open_memstream(&ops, &len);
	if (!mf || real_ops_write(mf, &s.wl, why, sizeof why) < 0) {
		if (mf)
			fclose(mf);
		free(ops);
		fprintf(stderr, "%s: %s cannot be replayed on a real kernel: %s\n", prefix, s.path, why);
		scenario_free(&s);
		return 1;
	}
	fclose(mf);
	if (a.val[O_OPS]) {
		fwrite(ops, 1, len, stdout);
		free(ops);
		scenario_free(&s);
		return 0;
	}
	rc = real_prepare(prefix);
	if (rc == 0)
		rc = real_image(prefix, &s.wl, ops, len, dir, sizeof dir);
	free(ops);
	if (rc == 0 && !(pts = calloc(n, sizeof *pts)))
		rc = 1;
	for (unsigned k = 0; rc == 0 && k < n; k++)
		pts[k].memory = sizes[k];
	if (rc == 0)
		rc = run_points(&c, pts, n, dir);
	if (rc == 0) {
		if (a.val[O_JSON])
			json_report(&c, pts, n);
		else if (a.val[O_CSV])
			csv_report(&c, pts, n);
		else if (a.val[O_SWEEP])
			text_sweep(&c, pts, n, stdout);
		else
			text_report(&c, &pts[0], stdout);
		if (!a.val[O_SWEEP] && pts[0].memory == s.wl.memory.pages)
			save_result(&c, &pts[0]);
	}
	if (rc == 0 && a.val[O_PLOT]) {
		struct timeline t;
		if (to_timeline(&c, &pts[0], &t) < 0) {
			fprintf(stderr, "%s: error: out of memory\n", prefix);
			rc = 1;
		} else {
			/* the picture's name after a text report; never inside --csv or --json */
			rc = plot_timeline(cmd, &t,
					   &(struct tl_plot){ .width = 1000,
							      .height = 600,
							      .out = a.val[O_PLOT],
							      .quiet = a.val[O_CSV] || a.val[O_JSON] });
		}
		tl_free(&t);
	}
	for (unsigned k = 0; pts && k < n; k++) {
		real_fig_free(&pts[k].sim);
		for (unsigned r = 0; r < pts[k].runs; r++)
			real_fig_free(&pts[k].real[r]);
	}
	free(pts);
	scenario_free(&s);
	return rc;
}
