/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/run.h - the run shown: load it, adopt it, redo it under a policy, move it
 *
 * Below every mode: the single run's view (app.views[0]) and the
 * scenario it runs.  Choosing a policy or a scenario redoes the run in a
 * new view and swaps it in only when it built, so a failure leaves the
 * screen as it was.  A move withdraws the quiz's open question and brings
 * the inspected page's history along (question.c, history.c).
 *
 *	if (run_load(a, path, NULL, err, sizeof err) < 0) ...err...
 *	run_goto(a, 437);		   in quiz mode, stops before a decision and asks
 *	job_start(a, &(struct job){ .kind = JOB_GOTO, .reach = run_reach_step, .target = 10000 }, "step 10000");
 *	run_free(a);
 */
#ifndef VMSCAN_TUI_RUN_H
#define VMSCAN_TUI_RUN_H

#include "state.h"

/* @policy NULL: the scenario's own, else 2.6.34. */
int run_load(struct app *a, const char *path, const struct policy_ref *policy, char *err, size_t n);
/* The same with @s already loaded (calloc'd; the app owns it from here,
 * and frees it on failure): how the visualizer starts on a trace file. */
/* app.real[] from `vmscan-viz real`'s cache, for the scenario loaded,
 * when app.real_wanted (the visualizer; not `screen`). */
void run_real_results(struct app *a);
int run_adopt(struct app *a, struct scenario *s, const struct policy_ref *policy, char *err, size_t n);
/* The run redone under @r, at step 0 (a failure leaves it as it was: -1,
 * ui.msg says why, in one line). */
int run_switch_policy(struct app *a, const struct policy_ref *r);
/* The workload a run under @r gets: the scenario's, or the copy of it
 * without cgroups that the app keeps while the scenario lives. */
const struct workload *run_workload(const struct app *a, const struct policy_ref *r);
/* @v's policy as the user named it ("2.6.34/global"), and its name. */
struct policy_ref run_ref(const struct app *a, const struct view *v);
const char *run_name(const struct app *a, const struct view *v, char *buf, size_t n);
/* Can @r run this scenario?  If not, false with @msg (one line, under 80
 * columns) saying why and what runs instead. */
bool run_models(const struct app *a, const struct policy_ref *r, char *msg, size_t n);
/* To @step as it is, even a decision (h, Home, play from the end). */
void run_go(struct app *a, uint64_t step);
/* A jump to @step (n/N, g, End, a log entry): in quiz mode, onto a
 * decision, it stops before it and asks. */
void run_goto(struct app *a, uint64_t step);
/* One step, unless the quiz wants an answer first.  False when stopped. */
bool run_step(struct app *a);
/* Every view's timeline back at its step (view_settle). */
void run_settle(struct app *a);
/* Does bookmark @b belong to the run shown (its policy, or none named)? */
bool run_owns_bookmark(const struct app *a, const struct bookmark *b);
/* The bookmark the run stands at, where it put it or one step on (the
 * answer to its question): the caption says its line.  NULL: none. */
const struct bookmark *run_bookmark(const struct app *a);
/* The views and the scenario freed. */
void run_free(struct app *a);

/* The single run's jobs (struct job's reach): step `target` (JOB_GOTO),
 * the last step (JOB_LAST), the next step of `filter` from `from` in `dir`
 * (JOB_FIND), access `target` `offset` steps into its reclaim (JOB_ACCESS). */
bool run_reach_step(struct app *a, struct job *j);
bool run_reach_last(struct app *a, struct job *j);
bool run_reach_find(struct app *a, struct job *j);
bool run_reach_access(struct app *a, struct job *j);

#endif
