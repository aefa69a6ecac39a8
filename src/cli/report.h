/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/report.h - printing an engine's end state, as text, JSON or vmstat
 */
#ifndef VMSCAN_REPORT_H
#define VMSCAN_REPORT_H

#include "../util/jsonw.h"
#include "cli.h"

/* Which rules fired, and how often: steps counted by kind, branch and
 * follow-up action (the rows of the text report's "rules" section); an
 * action is always one of the engine's branches. */
struct rule_counts {
	engine_rule_counts n; /* counted by the engine: engine_count_rules() */
};

/* How report_simulate() runs. */
struct report_opts {
	uint64_t max_steps;	    /* stop there (0: no limit) */
	const char *max_steps_flag; /* --max-steps as given, NULL: the default */
	bool check;		    /* engine_check() after every step */
	bool ftrace;		    /* print an ftrace line after every batch */
};
enum { REPORT_BROKEN = 1, REPORT_STOPPED, REPORT_UNWRITTEN };

/* Runs @e to the end; counts rules into @rules when not NULL.  Returns 0,
 * or why it stopped (a message is printed). */
int report_simulate(const struct cli_command *cmd, struct engine *e, const struct report_opts *o,
		    struct rule_counts *rules);
void report_text(const struct engine *e, const struct scenario *s, const struct rule_counts *rules);
void report_json(const struct engine *e, const struct scenario *s);
/* The body of report_json's object, for compare's per-policy entries. */
void report_json_fields(struct jsonw *w, const struct engine *e, const struct scenario *s);
void report_vmstat(const struct engine *e);
void report_lru_gen(const struct engine *e, bool full);
/* Cgroup @k's (1-based) memory.stat, as 2.6.34 prints it: bytes. */
void report_memory_stat(const struct engine *e, unsigned k);
/* One step as a JSON object (trace), on one line. */
void report_step_json(struct jsonw *w, const struct step_record *r, const struct reclaim_policy *p,
		      const struct scenario *s, bool with_caption);

#endif
