/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay/view.c - one run of the scenario under one policy, as the viewer shows it
 *
 * The run is indexed once by a builder engine running ahead of what is
 * shown (replay/stepindex.h): the first tun.first_steps steps at load
 * time, the rest a slice at a time between keys (the visualizer's app_work), up to
 * tun.index_limit steps (struct view_tunables).  What is shown is a separate timeline, which
 * keeps snapshots wherever it has been and those the builder offers on
 * its way.  Moving to a step is timeline_seek(); the log is refilled by
 * replaying the LOG_REPLAY steps before it, which costs at most one
 * snapshot interval plus LOG_REPLAY engine steps (well under 1 ms).
 * Nothing here runs for longer than it is asked to: a step past the
 * index is reached by indexing further first, in slices.
 */
#include <stdlib.h>
#include <string.h>

#include "view.h"

const struct view_tunables view_tunables_default = {
	.first_steps = (uint64_t)1 << 16,
	.index_limit = STEP_INDEX_MAX_STEPS,
	.eager_state = (size_t)16 << 20,
};

const struct engine *view_engine(const struct view *v)
{
	return timeline_engine(v->tl);
}

size_t view_budget(const struct view *v)
{
	return timeline_default_budget(engine_workload(timeline_engine(v->tl)),
				       v->idx.nr * STEP_INDEX_STEP_BYTES);
}

uint64_t view_build_more(struct view *v, uint64_t steps)
{
	uint64_t done;

	if (v->complete)
		return 0;
	if (!v->bld && !v->no_builder) {
		/* made here, between keys, where view_build() left it out */
		struct engine_error ee;
		v->bld = engine_new(engine_workload(view_engine(v)), v->policy, &ee);
		if (v->bld)
			engine_run(v->bld, v->idx.nr); /* to where the index is: an empty one, so far */
		v->no_builder = !v->bld;
	}
	if (!v->bld && !v->displaced && v->step < v->total)
		timeline_seek(v->tl, v->total); /* the shown engine indexes: from the front */
	done = step_index_build(&v->idx, v->bld, v->tl, steps);
	v->displaced = !v->bld && (v->displaced || v->step < engine_steps(view_engine(v)));
	v->total = v->idx.nr;
	if (step_index_done(&v->idx)) {
		v->complete = true;
		v->truncated = v->idx.state != INDEX_COMPLETE;
		engine_free(v->bld);
		v->bld = NULL;
		/* the builder's room, counted in the budget, takes the cursor */
		timeline_allow_cursor(v->tl);
		/* the length is known, and so the index's size: the budget
		 * counts it, and snapshots from here on span the run evenly */
		timeline_set_budget(v->tl, view_budget(v));
		timeline_plan(v->tl, v->total);
	}
	return done;
}

/* @msg into @err (size @n), cut to fit: no stdio in this layer. */
static void say(char *err, size_t n, const char *msg)
{
	size_t len = strlen(msg);

	if (n == 0)
		return;
	if (len >= n)
		len = n - 1;
	memcpy(err, msg, len);
	err[len] = '\0';
}

int view_build(struct view *v, const struct workload *wl, const struct reclaim_policy *p,
	       const struct view_tunables *tun, char *err, size_t n)
{
	struct engine_error ee = { { 0 } };
	size_t budget = timeline_default_budget(wl, 0);

	memset(v, 0, sizeof *v);
	v->policy = p;
	v->tun = tun ? *tun : view_tunables_default;
	step_index_init(&v->idx, v->tun.index_limit);
	v->tl = timeline_new(wl, p, budget, &ee);
	/* Every run has a builder, however large its state, so that the
	 * index grows in the background from the first frame on; the budget
	 * counts it (timeline_default_budget).  A large state's builder
	 * costs as much to make as the shown engine (tens of milliseconds
	 * of first touches at a million pages): it is made after the first
	 * frame, in the first slice of background work, and nothing is
	 * indexed before that frame. */
	if (v->tl && workload_state_size(wl) <= v->tun.eager_state)
		v->bld = engine_new(wl, p, &ee);
	if (!v->tl || (!v->bld && workload_state_size(wl) <= v->tun.eager_state)) {
		say(err, n, ee.msg[0] ? ee.msg : "out of memory");
		view_free(v);
		return -1;
	}
	if (v->bld)
		view_build_more(v, v->tun.first_steps);
	if (v->total == 0 && v->idx.state == INDEX_NO_MEMORY) {
		say(err, n, "out of memory for the step index");
		view_free(v);
		return -1;
	}
	view_goto(v, 0);
	return 0;
}

void view_free(struct view *v)
{
	timeline_free(v->tl);
	engine_free(v->bld);
	step_index_free(&v->idx);
	memset(v, 0, sizeof *v);
}

int view_rebuild(struct view *v, const struct reclaim_policy *p, char *err, size_t n)
{
	return view_rebuild_on(v, engine_workload(view_engine(v)), p, err, n);
}

int view_rebuild_on(struct view *v, const struct workload *wl, const struct reclaim_policy *p, char *err,
		    size_t n)
{
	const struct workload *old = engine_workload(view_engine(v));
	const struct reclaim_policy *was = v->policy;
	const struct view_tunables tun = v->tun;
	uint64_t step = v->step;
	struct view nv;

	/* A small run is built beside the old one, which stays if the new
	 * one cannot be made.  A large one's memory is the budget's: the
	 * old run goes first (engine, snapshots, index), so that the two
	 * never coexist, and comes back, rebuilt, if the new one fails. */
	if (workload_state_size(wl) <= tun.eager_state) {
		if (view_build(&nv, wl, p, &tun, err, n) < 0)
			return -1;
		view_free(v);
		*v = nv;
		return 0;
	}
	view_free(v);
	if (view_build(v, wl, p, &tun, err, n) == 0)
		return 0;
	if (view_build(v, old, was, &tun, err, n) < 0)
		return -2;
	view_goto(v, step); /* where it was if indexed already: no waiting here */
	return -1;
}

/* Where a step back from the current step starts replaying (view_goto). */
static uint64_t back_from(const struct view *v)
{
	return v->step > LOG_REPLAY + 1 ? v->step - 1 - LOG_REPLAY : 0;
}
/* The cursor goes this far before it: room for as many steps back
 * before it is wanted again. */
#define BACK_LEAD 4096

bool view_idle_pending(const struct view *v)
{
	return v->complete && !v->displaced && back_from(v) > 0 &&
	       timeline_cursor_wanted(v->tl, back_from(v));
}

bool view_idle(struct view *v)
{
	return view_idle_pending(v) && timeline_leave_cursor(v->tl, back_from(v), BACK_LEAD);
}

static bool loggable(const struct step_record *r)
{
	return r->kind != STEP_END && (r->outcome != OUT_NONE || r->kind != STEP_WORKLOAD);
}

static void log_push(struct view *v, const struct step_record *r)
{
	if (!loggable(r))
		return;
	v->log[v->log_head] = *r;
	v->log_head = (v->log_head + 1) % LOG_MAX;
	if (v->log_n < LOG_MAX)
		v->log_n++;
}

/* One step forward from the current one, keeping counters and log. */
void view_settle(struct view *v)
{
	if (!v->displaced)
		return;
	timeline_seek(v->tl, v->step);
	v->displaced = false;
}

bool view_at_end(struct view *v)
{
	if (v->step >= v->total && !v->complete) {
		view_build_more(v, VIEW_SLICE_STEPS);
		view_settle(v);
	}
	return v->step >= v->total;
}

void view_forward(struct view *v)
{
	const struct step_record *r;

	if (view_at_end(v))
		return;
	view_settle(v);
	memcpy(v->prev_vmstat, engine_vmstat(view_engine(v)), sizeof v->prev_vmstat);
	r = timeline_forward(v->tl);
	v->rec = *r;
	v->step = engine_steps(view_engine(v));
	log_push(v, r);
}

void view_goto(struct view *v, uint64_t step)
{
	uint64_t from;

	if (step > v->total)
		step = v->total;
	from = step > LOG_REPLAY ? step - LOG_REPLAY : 0;
	v->displaced = false;
	v->rec = *timeline_seek(v->tl, from);
	v->step = from;
	v->log_n = v->log_head = 0;
	memcpy(v->prev_vmstat, engine_vmstat(view_engine(v)), sizeof v->prev_vmstat);
	while (v->step < step)
		view_forward(v);
	if (step == 0)
		v->rec.kind = STEP_END;
}

struct step_record view_peek(struct view *v)
{
	struct step_record r;
	uint64_t now = v->step;

	view_settle(v);
	r = *timeline_forward(v->tl);
	timeline_seek(v->tl, now); /* back to where we were: one snapshot interval at most */
	return r;
}

const struct step_record *view_log_entry(const struct view *v, int i)
{
	if (i < 0 || (unsigned)i >= v->log_n)
		return NULL;
	return &v->log[(v->log_head + LOG_MAX - 1 - (unsigned)i) % LOG_MAX];
}
