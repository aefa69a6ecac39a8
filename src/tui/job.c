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
 */
#include <stdio.h>
#include <string.h>

#include "app.h"

static void progress(struct app *a)
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
		progress(a);
}

void app_settle(struct app *a)
{
	for (int i = 0; i < a->nr_views; i++)
		view_settle(&a->views[i]);
}

void job_stop(struct app *a)
{
	if (a->job.kind == JOB_NONE)
		return;
	app_settle(a);
	snprintf(a->ui.msg, sizeof a->ui.msg, "stopped looking for %s (indexed to step %llu)", a->job.what,
		 (unsigned long long)a->views[0].total);
	a->job.kind = JOB_NONE;
}

/* The step a go-to lands on, and what to say when it is not @want. */
static void land(struct app *a, uint64_t want)
{
	struct view *v = &a->views[0];

	if (want <= v->total) {
		app_goto(a, want);
		return;
	}
	app_goto(a, v->total);
	if (v->truncated)
		snprintf(a->ui.msg, sizeof a->ui.msg,
			 "step %llu is past what the visualizer indexes: at step %llu, the last indexed",
			 (unsigned long long)want, (unsigned long long)v->total);
	else
		snprintf(a->ui.msg, sizeof a->ui.msg, "step %llu is past the end: the run has %llu steps",
			 (unsigned long long)want, (unsigned long long)v->total);
}

/* Is the job's answer within reach?  Acts on it if so. */
bool job_try(struct app *a)
{
	struct job *j = &a->job;
	struct view *v = &a->views[0];
	uint64_t s;

	switch (j->kind) {
	case JOB_NONE: return true;
	case JOB_GOTO:
		if (j->target > v->total && !v->complete)
			return false;
		land(a, j->target);
		break;
	case JOB_LAST:
		if (!v->complete)
			return false;
		app_goto(a, v->total);
		if (v->truncated)
			snprintf(a->ui.msg, sizeof a->ui.msg,
				 "the run is longer than the visualizer indexes: this is step %llu, the last "
				 "indexed",
				 (unsigned long long)v->total);
		break;
	case JOB_FIND:
		s = step_index_find(&v->idx, j->from, j->filter, j->dir);
		if (!s && j->dir > 0 && !v->complete)
			return false;
		if (s)
			app_goto(a, s);
		else
			snprintf(a->ui.msg, sizeof a->ui.msg, "no %s step %s%s", filter_name[j->filter],
				 j->dir > 0 ? "after this one" : "before this one",
				 j->dir > 0 && v->truncated ? " in the part indexed" : "");
		break;
	case JOB_ACCESS:
		if (!app_keep_access(a, j->target, j->offset, j->from))
			return false;
		break;
	case JOB_CMP_GOTO:
		if (j->target > compare_positions(a) && !compare_complete(a) &&
		    !(a->views[0].truncated || a->views[1].truncated))
			return false;
		compare_go(a, j->target);
		if (j->target != UINT64_MAX && j->target > a->cmp.k)
			snprintf(a->ui.msg, sizeof a->ui.msg, "access %llu is past %s: at access %llu",
				 (unsigned long long)j->target,
				 compare_complete(a) ? "the end" : "what both runs indexed",
				 (unsigned long long)a->cmp.k);
		break;
	case JOB_CMP_FIND:
		if (!compare_find(a, j->from, j->dir))
			return false;
		break;
	}
	j->kind = JOB_NONE;
	if (j->bookmark)
		bookmark_arrive(a, j->bookmark - 1);
	return true;
}

/* A view's index grows in the background only where a builder runs ahead
 * of the shown timeline (or is yet to be made); without one, only while a
 * job needs it. */
static bool grows(const struct app *a, const struct view *v)
{
	return !v->complete && (!v->no_builder || a->job.kind != JOB_NONE);
}

bool app_busy(const struct app *a)
{
	const struct inspector *in = &a->insp;

	if (a->job.kind != JOB_NONE)
		return true;
	for (int i = 0; i < a->nr_views; i++)
		if (grows(a, &a->views[i]))
			return true;
	if (compare_pending(a))
		return true;
	for (int i = 0; i < a->nr_views; i++)
		if (view_idle_pending(&a->views[i]))
			return true;
	return in->open && in->cursor && in->upto < a->views[0].step && in->scratch &&
	       !engine_done(in->scratch);
}

/* Index the views a slice further; false when none has anything left. */
static bool index_slice(struct app *a)
{
	bool any = false;

	for (int i = 0; i < a->nr_views; i++) {
		struct view *v = &a->views[i];
		if (!grows(a, v))
			continue;
		view_build_more(v, VIEW_SLICE_STEPS);
		any = true;
		if (v->complete && v->idx.state == INDEX_NO_MEMORY)
			snprintf(a->ui.msg, sizeof a->ui.msg, "out of memory: the run is cut at step %llu",
				 (unsigned long long)v->total);
	}
	return any;
}

enum redraw app_work(struct app *a)
{
	bool did, had_job = a->job.kind != JOB_NONE;

	if (a->job.kind ==
	    JOB_CMP_FIND) /* the classification first: it waits on the index only at its front */
		did = compare_work(a, VIEW_SLICE_STEPS) || index_slice(a);
	else
		did = index_slice(a) || compare_work(a, VIEW_SLICE_STEPS) || inspector_update(a);
	if (!did && a->job.kind == JOB_NONE) /* nothing shown changes: no redraw for it */
		for (int i = 0; i < a->nr_views; i++)
			if (view_idle(&a->views[i]))
				return REDRAW_NONE;
	if (a->job.kind != JOB_NONE && !job_try(a)) {
		progress(a);
		for (int i = 0; i < a->nr_views; i++)
			if (a->views[i].displaced) /* the shown engine is at the index's front: no frame */
				return REDRAW_NONE;
	}
	app_settle(a);
	return did || had_job ? REDRAW_ALL : REDRAW_NONE;
}
