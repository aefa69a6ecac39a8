/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/series.h - a run as a series of rows, one per workload access
 *
 * The x axis that every policy shares is the workload access: the k-th
 * STEP_WORKLOAD step is access k under every policy, whatever reclaim
 * each one runs in between, so runs of one scenario line up access for
 * access (a step number does not: one policy's reclaim takes more steps
 * than another's).  Row k holds the state after access k and everything
 * it caused: the reclaim and write-back that ran before access k + 1 (the
 * last row, the state at the end of the run, as `run` reports it).  Row
 * 0 is the state before the first access.
 *
 *	struct series_opts o = { .every = 100, .max_steps = 0 };
 *	rc = series_run(cmd, e, &o, my_row, ctx);  // my_row(ctx, e, &row)
 *
 * `compare --csv`, `run --csv` (csv_print) and `plot` read the same rows.
 */
#ifndef VMSCAN_SERIES_H
#define VMSCAN_SERIES_H

#include "cli.h"

/* The counters a comparison shows: compare's tables, the CSV, the plots. */
extern const enum vmstat_item cli_key_counters[];
extern const unsigned cli_nr_key_counters;
#define SERIES_MAX_COUNTERS 16
/* Key counter @i's name as `run --vmstat` of engine @e prints it
 * (engine_vmstat_name()), or 2.6.34's for a NULL @e; 6.1 splits
 * pgsteal_normal by reclaimer, so that one is
 * "pgsteal_kswapd+pgsteal_direct". */
const char *cli_key_counter_name(unsigned i, const struct engine *e);
/* Does @e name some key counter otherwise than 2.6.34 (the tables' rows)? */
bool cli_names_counters_otherwise(const struct engine *e);

/* The lists of a row, in this order: the LRU lists, then the free pages. */
#define SERIES_NR_LISTS (LRU_UNEVICTABLE + 2)
extern const char *const series_list_name[SERIES_NR_LISTS];

/* The generations of a row: 6.1's MAX_NR_GENS (include/linux/mmzone.h). */
#define SERIES_NR_GENS 4

struct series_row {
	uint64_t access; /* workload accesses so far */
	uint64_t step;	 /* the policy's steps so far */
	uint32_t lists[SERIES_NR_LISTS];
	uint64_t counters[SERIES_MAX_COUNTERS];
	uint32_t *resident;		      /* per object */
	uint32_t *active;		      /* per object: of its resident pages, those on an active list */
	uint64_t *refaults;		      /* per object, cumulative */
	uint32_t memcg_usage[WL_MAX_CGROUPS]; /* per cgroup: memory.usage_in_bytes, in pages */
	uint64_t memcg_failcnt[WL_MAX_CGROUPS]; /* per cgroup: memory.failcnt */
	/* Under the multi-gen LRU (gens true): each generation's pages by age
	 * rank, [0] the youngest (max_seq) to [3] (max_seq - 3), then [0] anon
	 * and [1] file; a rank older than the type's min_seq holds 0. */
	bool gens;
	uint32_t gen_pages[SERIES_NR_GENS][2];
};

struct series_opts {
	uint64_t every;		    /* a row every this many accesses (1 or more) */
	uint64_t max_steps;	    /* stop there (0: no limit) */
	const char *max_steps_flag; /* --max-steps as given, NULL: the default */
};

/* Called for each row; a non-zero return stops the run with that value. */
typedef int series_fn(void *ctx, const struct engine *e, const struct series_row *row);

/* Runs @e from where it is to the end, calling @fn for row 0 (when @e has
 * taken no step), every @every-th access and the end.  Returns 0, what
 * @fn returned, 1 when stopped by --max-steps (a message is printed), or
 * -1 when out of memory (said). */
int series_run(const struct cli_command *cmd, struct engine *e, const struct series_opts *o, series_fn *fn,
	       void *ctx);

/* `run --csv`, `compare --csv`: the rows of each engine in turn, as CSV
 * (RFC 4180) with a header: access, policy, step, the lists, the key
 * counters, then per object NAME.resident, NAME.refaults and NAME.active
 * (its pages on an active list: the flood of the active list, per object),
 * then per cgroup cgroup.NAME.usage and cgroup.NAME.failcnt, then, when
 * one of the engines runs the multi-gen LRU, gen.age0.anon, gen.age0.file
 * to gen.age3.file: its generations' sizes by age rank, age0 the youngest
 * (max_seq), empty in the rows of a two-list policy.  Returns 0,
 * or 1 (stopped by --max-steps, or the output failed). */
int csv_print(const struct cli_command *cmd, const struct scenario *s, struct engine *const *e, int n,
	      const struct series_opts *o);
/* @s as one CSV field onto @f: quoted, with quotes doubled, when it holds
 * a comma, a quote, a CR or LF, or begins or ends with a space. */
void cli_csv_field(FILE *f, const char *s);

#endif
