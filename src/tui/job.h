/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/job.h - work that a command asked for, a slice at a time between keys
 *
 *	job_start(a, &(struct job){ .kind = JOB_GOTO, .reach = run_reach_step, .target = s },
 *		  "the step asked for");
 *	... app_work() between keys calls job_try() until it is done ...
 *	job_stop(a);	a key stopped it
 */
#ifndef VMSCAN_TUI_JOB_H
#define VMSCAN_TUI_JOB_H

#include "state.h"

/* Starts @j (its reach() set), acting at once when its answer is there. */
void job_start(struct app *a, const struct job *j, const char *what);
bool job_try(struct app *a);  /* true: done (or no job) */
void job_stop(struct app *a); /* a key stopped it */
/* The progress line: what it looks for, how far the index has got. */
void job_progress(struct app *a);

#endif
