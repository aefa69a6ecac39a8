/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/series.c - a run as rows on the shared access axis, and as CSV
 *
 * Row k must show the state just before access k + 1, which is known only
 * once that access is taken; so while row k is wanted the row is copied
 * out after every step, and handed on when the next access comes (or the
 * run ends).  A copy is the lists, the key counters and two figures per
 * object, taken only between a wanted access and the next.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../replay/names.h"
#include "series.h"

const enum vmstat_item cli_key_counters[] = {
	PGACTIVATE, PGDEACTIVATE,    PGREFILL,	 PGSCAN_KSWAPD, PGSCAN_DIRECT,
	PGSTEAL,    PGROTATED,	     PGMAJFAULT, SIM_REFAULT,	WORKINGSET_ACTIVATE,
	ALLOCSTALL, NR_VMSCAN_WRITE, PSWPOUT,
};
const unsigned cli_nr_key_counters = sizeof cli_key_counters / sizeof cli_key_counters[0];
_Static_assert(sizeof cli_key_counters / sizeof cli_key_counters[0] <= SERIES_MAX_COUNTERS,
	       "a row holds every key counter");

const char *const series_list_name[SERIES_NR_LISTS] = {
	"nr_inactive_anon", "nr_active_anon", "nr_inactive_file",
	"nr_active_file",   "nr_unevictable", "nr_free_pages",
};

/* The generations by age rank (engine_shown_lists(): rank r is sequence
 * number max_seq - r); a type whose min_seq is younger than a rank has no
 * such generation, and its pages there stay 0. */
static void capture_gens(const struct engine *e, struct series_row *row)
{
	struct shown_list sl[NR_SHOWN_LISTS];
	unsigned n = engine_shown_lists(e, SHOWN_ANON | SHOWN_FILE, sl);

	row->gens = false;
	memset(row->gen_pages, 0, sizeof row->gen_pages);
	for (unsigned i = 0; i < n; i++) {
		row->gens |= sl[i].gen;
		if (sl[i].gen && sl[i].rank < SERIES_NR_GENS)
			row->gen_pages[sl[i].rank][sl[i].type] = sl[i].nr_gen;
	}
}

static void capture(const struct engine *e, struct series_row *row, uint64_t access)
{
	const uint64_t *vm = engine_vmstat(e);
	uint32_t n = engine_workload(e)->nr_objects;

	row->access = access;
	row->step = engine_steps(e);
	for (int l = 0; l <= LRU_UNEVICTABLE; l++)
		row->lists[l] = (uint32_t)engine_lru_size(e, (enum lru_list)l);
	row->lists[SERIES_NR_LISTS - 1] = engine_list(e, LRU_FREE).nr;
	for (unsigned i = 0; i < cli_nr_key_counters; i++)
		row->counters[i] = vm[cli_key_counters[i]];
	for (uint32_t o = 0; o < n; o++) {
		struct object_stats st = engine_object(e, o);
		row->resident[o] = st.resident;
		row->active[o] = st.active;
		row->refaults[o] = st.refaults;
	}
	for (uint32_t k = 1; k <= engine_workload(e)->nr_cgroups && k <= WL_MAX_CGROUPS; k++) {
		row->memcg_usage[k - 1] = (uint32_t)engine_memcg_stat(e, k, MEMCG_USAGE);
		row->memcg_failcnt[k - 1] = engine_memcg_stat(e, k, MEMCG_FAILCNT);
	}
	capture_gens(e, row);
}

int series_run(const struct cli_command *cmd, struct engine *e, const struct series_opts *o, series_fn *fn,
	       void *ctx)
{
	uint32_t n = engine_workload(e)->nr_objects;
	struct series_row row = { 0 };
	uint64_t access = 0, every = o->every ? o->every : 1;
	bool pending = true; /* row 0 */
	int rc = 0;

	row.resident = calloc(n ? n : 1, sizeof *row.resident);
	row.active = calloc(n ? n : 1, sizeof *row.active);
	row.refaults = calloc(n ? n : 1, sizeof *row.refaults);
	if (!row.resident || !row.active || !row.refaults) {
		fprintf(stderr, "%s: error: out of memory\n", cli_prefix(cmd));
		free(row.resident);
		free(row.active);
		free(row.refaults);
		return -1;
	}
	capture(e, &row, 0);
	while (!engine_done(e)) {
		const struct step_record *r;
		if (cli_out_of_steps(cmd, e, o->max_steps, o->max_steps_flag)) {
			rc = 1;
			break;
		}
		r = engine_step(e);
		if (r->kind == STEP_WORKLOAD) {
			if (pending && (rc = fn(ctx, e, &row)) != 0)
				break;
			access++;
			pending = access % every == 0;
		}
		if (pending)
			capture(e, &row, access);
	}
	if (rc == 0) { /* the end: the last row, wanted or not */
		capture(e, &row, access);
		rc = fn(ctx, e, &row);
	}
	free(row.resident);
	free(row.active);
	free(row.refaults);
	return rc;
}

/* ---- CSV -------------------------------------------------------------- */

void cli_csv_field(FILE *f, const char *s)
{
	size_t len = strlen(s);

	if (!strpbrk(s, ",\"\r\n") && !(len && (s[0] == ' ' || s[len - 1] == ' '))) {
		fputs(s, f);
		return;
	}
	putc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			putc('"', f);
		putc(*s, f);
	}
	putc('"', f);
}

const char *cli_key_counter_name(unsigned i, const struct engine *e)
{
	const char *name =
		e ? engine_vmstat_name(e, cli_key_counters[i]) : vmstat_name_in(cli_key_counters[i], false);

	if (!name && cli_key_counters[i] == PGSTEAL) /* 6.1 mm/vmscan.c:5050 */
		return "pgsteal_kswapd+pgsteal_direct";
	return name ? name : vmstat_name[cli_key_counters[i]];
}

bool cli_names_counters_otherwise(const struct engine *e)
{
	for (unsigned i = 0; i < cli_nr_key_counters; i++)
		if (strcmp(cli_key_counter_name(i, e), cli_key_counter_name(i, NULL)) != 0)
			return true;
	return false;
}

static const char *const gen_type_name[2] = { "anon", "file" };

/* The counters' columns carry the names @namer's --vmstat prints when
 * every run names them alike (6.1's when every run is mglru's), else
 * (NULL) 2.6.34's, one name a column. */
static void csv_header(const struct scenario *s, bool gens, const struct engine *namer)
{
	fputs("access,policy,step", stdout);
	for (int l = 0; l < SERIES_NR_LISTS; l++)
		printf(",%s", series_list_name[l]);
	for (unsigned i = 0; i < cli_nr_key_counters; i++)
		printf(",%s", cli_key_counter_name(i, namer));
	for (uint32_t o = 0; o < s->wl.nr_objects; o++) {
		/* NAME.resident, .refaults, .active (new columns go last, so
		 * that a reader by position keeps working), each quoted as a
		 * whole when NAME needs it */
		static const char *const what[] = { "resident", "refaults", "active" };
		for (int k = 0; k < 3; k++) {
			size_t len = strlen(s->wl.objects[o].name) + 16;
			char *col = malloc(len);
			putchar(',');
			if (col) {
				snprintf(col, len, "%s.%s", s->wl.objects[o].name, what[k]);
				cli_csv_field(stdout, col);
				free(col);
			}
		}
	}
	/* each cgroup's usage and failcnt (names hold no comma or quote) */
	for (uint32_t k = 0; k < s->wl.nr_cgroups; k++)
		printf(",cgroup.%s.usage,cgroup.%s.failcnt", s->wl.cgroups[k].name, s->wl.cgroups[k].name);
	for (unsigned r = 0; gens && r < SERIES_NR_GENS; r++)
		printf(",gen.age%u.%s,gen.age%u.%s", r, gen_type_name[0], r, gen_type_name[1]);
	putchar('\n');
}

/* What csv_header() printed columns for. */
struct csv_ctx {
	const struct scenario *s;
	bool gens; /* the generations' columns */
};

static int csv_row(void *ctx, const struct engine *e, const struct series_row *row)
{
	const struct csv_ctx *c = ctx;
	uint32_t n = engine_workload(e)->nr_objects, ctx_cgroups = c->s->wl.nr_cgroups;
	char label[80];

	printf("%" PRIu64 ",", row->access);
	cli_csv_field(stdout, cli_policy_label(e, c->s, label, sizeof label));
	printf(",%" PRIu64, row->step);
	for (int l = 0; l < SERIES_NR_LISTS; l++)
		printf(",%" PRIu32, row->lists[l]);
	for (unsigned i = 0; i < cli_nr_key_counters; i++)
		printf(",%" PRIu64, row->counters[i]);
	for (uint32_t o = 0; o < n; o++)
		printf(",%" PRIu32 ",%" PRIu64 ",%" PRIu32, row->resident[o], row->refaults[o],
		       row->active[o]);
	for (uint32_t k = 0; k < ctx_cgroups && k < WL_MAX_CGROUPS; k++)
		if (k < engine_workload(e)->nr_cgroups)
			printf(",%" PRIu32 ",%" PRIu64, row->memcg_usage[k], row->memcg_failcnt[k]);
		else
			fputs(",,", stdout); /* a "P/global" run has no cgroups */
	for (unsigned r = 0; c->gens && r < SERIES_NR_GENS; r++)
		if (row->gens)
			printf(",%" PRIu32 ",%" PRIu32, row->gen_pages[r][0], row->gen_pages[r][1]);
		else
			fputs(",,", stdout); /* a two-list policy has no generations */
	putchar('\n');
	return cli_output_failed() ? 1 : 0;
}

int csv_print(const struct cli_command *cmd, const struct scenario *s, struct engine *const *e, int n,
	      const struct series_opts *o)
{
	struct csv_ctx c = { s, false };
	const struct engine *namer = n ? e[0] : NULL;

	for (int k = 0; k < n; k++) {
		c.gens |= shown_generations(e[k]) > 0;
		for (unsigned i = 0; namer && i < cli_nr_key_counters; i++)
			if (strcmp(cli_key_counter_name(i, e[k]), cli_key_counter_name(i, namer)) != 0)
				namer = NULL;
	}
	csv_header(s, c.gens, namer);
	for (int k = 0; k < n; k++)
		if (series_run(cmd, e[k], o, csv_row, &c) != 0)
			return 1;
	return cli_output_failed() ? 1 : 0;
}
