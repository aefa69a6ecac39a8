/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/job.c - work that runs a slice at a time, between keys
 *
 * Nothing the visualizer does on a key may take longer than a slice: a
 * run can be far longer than anyone will wait for (a scenario of 10^15
 * steps loads in a millisecond).  So the step index, compare mode's
 * divergences and the inspector's history are all built a slice at a
 * time (VIEW_SLICE_STEPS engine steps, a few milliseconds), by app_work(),
 * which the main loop calls while no key is waiting.  A command that needs
 * more than is there now (go to step N, the next reclaim, the last step,
 * the next divergence, the same access under another policy) starts a
 * job: it finishes by itself once the work reaches what it needs, shows
 * its progress meanwhile, and any key stops it.  When there is no job,
 * app_work() goes on indexing in the background, up to each index's limit
 * (index_limit in its view_tunables), then stops: a paused visualizer ends up idle.
 *
 * A job knows nothing of the modes: its opener gives it reach() (is the
 * answer within reach? then act on it) and, if it wants to hear of the
 * end, done() (htop's Panel event handler idea).
 */
#include <stdio.h>
#include <string.h>

#include "job.h"
#include "run.h"

void job_progress(struct app *a)
{
	const struct view *v = &a->views[0];

	snprintf(a->ui.msg, sizeof a->ui.msg, "looking for %s: indexed to step %llu (any key stops)",
		 a->job.what, (unsigned long long)v->total);
	if (a->job.kind == JOB_CMP_FIND)
		snprintf(a->ui.msg, sizeof a->ui.msg,
			 "looking for %s: compared to access %llu (any key stops)", a->job.what,
			 (unsigned long long)a->cmp.ls.k);
}

void job_start(struct app *a, const struct job *j, const char *what)
{
	a->job = *j;
	snprintf(a->job.what, sizeof a->job.what, "%s", what);
	a->ui.msg[0] = '\0';
	/* often there is nothing to wait for */
	if (!job_try(a))
		job_progress(a);
}

void job_stop(struct app *a)
{
	if (a->job.kind == JOB_NONE)
		return;
	run_settle(a);
	snprintf(a->ui.msg, sizeof a->ui.msg, "stopped looking for %s (indexed to step %llu)", a->job.what,
		 (unsigned long long)a->views[0].total);
	a->job.kind = JOB_NONE;
}

/* Is the job's answer within reach?  Acts on it if so. */
bool job_try(struct app *a)
{
	struct job *j = &a->job;

	if (j->kind == JOB_NONE)
		return true;
	/* the answer's own words, not the progress line, once it is reached
	 * (a search that took a while ended under "looking for ...") */
	char progress[sizeof a->ui.msg];

	memcpy(progress, a->ui.msg, sizeof progress);
	a->ui.msg[0] = '\0';
	if (!j->reach(a, j)) {
		if (!a->ui.msg[0])
			memcpy(a->ui.msg, progress, sizeof progress);
		return false;
	}
	j->kind = JOB_NONE;
	if (j->done)
		j->done(a, j);
	return true;
}
