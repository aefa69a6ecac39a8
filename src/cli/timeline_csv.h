/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/timeline_csv.h - the timeline of `vmscan-viz real --csv` read back
 *
 * `real --csv` writes, per memory size, the simulator's samples (source
 * sim, run 0) and each boot's (source real, runs 1 to N), every N
 * accesses and at the end, both sides at the same accesses: the columns
 * REAL_CSV_HEAD (real.h), then OBJECT.resident,OBJECT.refaults of each
 * object.  `plot --real` draws what this reads: one memory size, the
 * simulator's line beside each boot's.
 */
#ifndef VMSCAN_CLI_TIMELINE_CSV_H
#define VMSCAN_CLI_TIMELINE_CSV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TL_MAX_RUNS 20 /* real's --runs at most */

/* One side's samples: rows of tl_width() numbers, the access, max_seq,
 * then resident and refaults of each object. */
struct tl_block {
	uint64_t *v;
	size_t n, cap;
};

struct timeline {
	char *scenario, *policy, *kernel; /* the kernel: the first boot's uname */
	char **names;			  /* [nobj] */
	unsigned nobj;
	uint64_t memory; /* the size read: the first, or the one asked for */
	struct tl_block sim, run[TL_MAX_RUNS];
	unsigned nrun;
	uint64_t *most;	  /* [nobj] each object's highest refaults, on either side */
	uint64_t max_seq; /* the highest max_seq: 0 when lru_gen was off */
	uint64_t every;	  /* the samples' spacing, in accesses */
};

static inline size_t tl_width(const struct timeline *t)
{
	return 2 + 2 * (size_t)t->nobj;
}

/* Reads @path (`real --csv`'s output; "-": standard input) for memory size @memory (0: the
 * first in the file) into @t: 0, or 1 after a message on stderr saying
 * where it is not such a file (FILE:LINE:COLUMN: error: ..., what was
 * expected).  @t is freed by tl_free() either way. */
int tl_read(const char *prefix, const char *path, uint64_t memory, struct timeline *t);
/* Appends one row to @b: -1 when out of memory. */
int tl_add(struct tl_block *b, size_t width, const uint64_t *row);
void tl_free(struct timeline *t);

struct cli_command;
struct tl_plot {
	bool resident;		    /* the resident chart, not the refaults one */
	const char *const *objects; /* the panels' objects (none: the most refaults first) */
	unsigned nobjects;
	const char *title; /* NULL: "The simulator and the kernel" and the scenario */
	unsigned width, height;
	const char *out; /* FILE.png or FILE.svg */
	bool quiet;	 /* the picture's name not printed on standard output */
};
/* plot.c: @t drawn as @opt says, the title's second line saying what is
 * drawn against what: 0, or 1 or EXIT_USAGE after a message. */
int plot_timeline(const struct cli_command *cmd, const struct timeline *t, const struct tl_plot *opt);

#endif
