/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/view.c - one run of the scenario under one policy, seen from the TUI
 *
 * The run is simulated once, to the end, by a builder engine (the first
 * million steps at load time, the rest while the visualizer waits for
 * keys).  On that pass every step leaves one byte in an index (its
 * outcome, whether it was a scan decision, a pause point or a caption) and
 * the list sizes are sampled into fixed buckets for the sparklines, so n/N
 * searches and sparklines never re-run anything.  What is shown is a
 * separate timeline, which keeps snapshots wherever it has been.  Moving to
 * a step is timeline_seek(); the log is
 * refilled by replaying the LOG_REPLAY steps before it, which costs at most
 * one snapshot interval plus LOG_REPLAY engine steps (well under 1 ms).
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "app.h"

const char *const filter_name[NR_FILTERS] = {
	[FILTER_DECISION] = "any decision",
	[FILTER_ACTIVATE] = "activate",
	[FILTER_KEEP] = "keep",
	[FILTER_RECLAIM] = "reclaim",
	[FILTER_RECLAIM_CLEAN] = "reclaim_clean",
	[FILTER_DEACTIVATE] = "deactivate",
	[FILTER_ROTATE] = "rotate",
	[FILTER_REFAULT] = "refault",
	[FILTER_CAPTION] = "caption",
};

static const uint8_t filter_outcome[NR_FILTERS] = {
	[FILTER_ACTIVATE] = OUT_ACTIVATE,     [FILTER_KEEP] = OUT_KEEP,
	[FILTER_RECLAIM] = OUT_RECLAIM,	      [FILTER_RECLAIM_CLEAN] = OUT_RECLAIM_CLEAN,
	[FILTER_DEACTIVATE] = OUT_DEACTIVATE, [FILTER_ROTATE] = OUT_ROTATE,
};

bool filter_matches(enum filter f, uint8_t mark)
{
	if (f == FILTER_CAPTION)
		return mark & (MARK_CAPTION | MARK_PAUSE);
	if (f == FILTER_REFAULT) /* a workload step, not a decision */
		return (mark & MARK_OUTCOME) == OUT_REFAULT;
	if (!(mark & MARK_DECISION))
		return false;
	return f == FILTER_DECISION || (mark & MARK_OUTCOME) == filter_outcome[f];
}

const struct engine *view_engine(const struct view *v)
{
	return timeline_engine(v->tl);
}

static int hist_push_mark(struct history *h, uint8_t m)
{
	if (h->nr == h->cap) {
		uint64_t cap = h->cap ? h->cap * 2 : 4096;
		uint8_t *p = realloc(h->marks, cap);
		if (!p)
			return -1;
		h->marks = p;
		h->cap = cap;
	}
	h->marks[h->nr++] = m;
	return 0;
}

/* Halve the resolution: pairs of buckets become one (sizes keep the later
 * value, refaults add up). */
static void hist_merge(struct history *h)
{
	for (unsigned i = 0; i < HIST_BUCKETS / 2; i++) {
		for (int s = 0; s < NR_SPARKS; s++)
			h->v[s][i] = s == SPARK_REFAULT ? h->v[s][(size_t)2 * i] + h->v[s][(size_t)2 * i + 1]
							: h->v[s][(size_t)2 * i + 1];
	}
	for (int s = 0; s < NR_SPARKS; s++)
		memset(&h->v[s][HIST_BUCKETS / 2], 0, sizeof h->v[s][0] * (HIST_BUCKETS / 2));
	h->nb = HIST_BUCKETS / 2;
	h->bucket_steps *= 2;
}

static void hist_sample(struct history *h, const struct engine *e, uint64_t step, const struct step_record *r)
{
	static const uint8_t lists[SPARK_FREE + 1] = {
		LRU_INACTIVE_ANON, LRU_ACTIVE_ANON, LRU_INACTIVE_FILE, LRU_ACTIVE_FILE, LRU_FREE,
	};
	uint64_t b = (step - 1) / h->bucket_steps;

	while (b >= HIST_BUCKETS) {
		hist_merge(h);
		b = (step - 1) / h->bucket_steps;
	}
	for (int s = 0; s <= SPARK_FREE; s++)
		h->v[s][b] = engine_list(e, lists[s]).nr;
	if (r->outcome == OUT_REFAULT)
		h->v[SPARK_REFAULT][b]++;
	h->nb = (unsigned)b + 1;
}

static uint8_t mark_of(const struct step_record *r, uint32_t prev_op, const struct workload *wl)
{
	uint8_t m = r->outcome & MARK_OUTCOME;

	if (r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE)
		m |= MARK_DECISION;
	if (r->inputs & IN_PAUSE)
		m |= MARK_PAUSE;
	if (r->kind == STEP_WORKLOAD)
		m |= MARK_WORKLOAD;
	if (r->op != prev_op && r->op < wl->nr_ops && wl->ops[r->op].caption != UINT32_MAX)
		m |= MARK_CAPTION;
	return m;
}

/* The index and the sparklines come from a second engine, the builder,
 * which runs ahead of what is shown: the first view_first_steps steps at
 * once, the rest in slices while the visualizer waits for keys (or at once
 * when a command needs the whole run: End, go to, n/N, compare).  So a
 * long run is on screen as soon as its start is known. */

uint64_t view_first_steps = (uint64_t)1 << 20;

static void hist_maxima(struct history *h)
{
	for (int s = 0; s < NR_SPARKS; s++)
		for (unsigned i = 0; i < h->nb; i++)
			if (h->v[s][i] > h->max[s])
				h->max[s] = h->v[s][i];
}

size_t view_budget(const struct view *v)
{
	return timeline_default_budget(engine_workload(timeline_engine(v->tl)), v->hist.nr);
}

int view_build_more(struct view *v, uint64_t steps)
{
	const struct engine *e;
	int rc = 0;

	if (v->complete)
		return 0;
	e = v->bld ? v->bld : timeline_engine(v->tl);
	for (uint64_t i = 0; i < steps; i++) {
		const struct step_record *r = v->bld ? engine_step(v->bld) : timeline_forward(v->tl);
		if (r->kind == STEP_END) {
			v->complete = true;
			break;
		}
		if (hist_push_mark(&v->hist, mark_of(r, v->bld_prev_op, engine_workload(e))) < 0) {
			/* keep what is known: the run ends here for the visualizer */
			v->complete = v->truncated = true;
			rc = -1;
			break;
		}
		hist_sample(&v->hist, e, engine_steps(e), r);
		v->bld_prev_op = r->op;
		if (v->bld)
			timeline_offer(v->tl, v->bld);
	}
	v->total = v->hist.nr;
	hist_maxima(&v->hist);
	if (v->complete) {
		engine_free(v->bld);
		v->bld = NULL;
		/* the length is known, and so the index's size: the budget
		 * counts it, and snapshots from here on span the run evenly */
		timeline_set_budget(v->tl, view_budget(v));
		timeline_plan(v->tl, v->total);
	}
	return rc;
}

void view_finish(struct view *v)
{
	while (!v->complete)
		view_build_more(v, VIEW_SLICE_STEPS);
}

int view_build(struct view *v, const struct workload *wl, const struct reclaim_policy *p, char *err, size_t n)
{
	struct engine_error ee = { { 0 } };
	size_t state = workload_state_size(wl), budget = timeline_default_budget(wl, 0);

	memset(v, 0, sizeof *v);
	v->policy = p;
	v->tl = timeline_new(wl, p, budget, &ee);
	/* A state larger than the snapshot budget (a zone of millions of
	 * pages) gets no builder: the shown timeline indexes the whole run
	 * once, at load time, so that at most three states are held (the
	 * loader's memory estimate). */
	if (v->tl && state <= budget)
		v->bld = engine_new(wl, p, &ee);
	if (!v->tl || (!v->bld && state <= budget)) {
		snprintf(err, n, "%s", ee.msg[0] ? ee.msg : "out of memory");
		view_free(v);
		return -1;
	}
	v->bld_prev_op = UINT32_MAX;
	v->hist.bucket_steps = 1;
	if (view_build_more(v, v->bld ? view_first_steps : UINT64_MAX) < 0 && v->total == 0) {
		snprintf(err, n, "out of memory for the step index");
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
	free(v->hist.marks);
	memset(v, 0, sizeof *v);
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
bool view_at_end(struct view *v)
{
	if (v->step >= v->total && !v->complete)
		view_build_more(v, VIEW_SLICE_STEPS);
	return v->step >= v->total;
}

void view_forward(struct view *v)
{
	const struct step_record *r;

	if (view_at_end(v))
		return;
	memcpy(v->prev_vmstat, engine_vmstat(view_engine(v)), sizeof v->prev_vmstat);
	r = timeline_forward(v->tl);
	v->rec = *r;
	v->step = engine_steps(view_engine(v));
	log_push(v, r);
}

void view_goto(struct view *v, uint64_t step)
{
	uint64_t from;

	while (step > v->total && !v->complete)
		view_build_more(v, VIEW_SLICE_STEPS);
	if (step > v->total)
		step = v->total;
	from = step > LOG_REPLAY ? step - LOG_REPLAY : 0;
	v->rec = *timeline_seek(v->tl, from);
	v->step = from;
	v->log_n = v->log_head = 0;
	memcpy(v->prev_vmstat, engine_vmstat(view_engine(v)), sizeof v->prev_vmstat);
	while (v->step < step)
		view_forward(v);
	if (step == 0)
		v->rec.kind = STEP_END;
}

uint64_t view_find(struct view *v, enum filter f, int dir)
{
	if (dir > 0) {
		view_finish(v);
		for (uint64_t s = v->step + 1; s <= v->total; s++)
			if (filter_matches(f, v->hist.marks[s - 1]))
				return s;
	} else {
		for (uint64_t s = v->step; s-- > 1;)
			if (filter_matches(f, v->hist.marks[s - 1]))
				return s;
	}
	return 0;
}

struct step_record view_peek(struct view *v)
{
	struct step_record r;
	uint64_t now = v->step;

	r = *timeline_forward(v->tl);
	timeline_seek(v->tl, now); /* back to where we were: one snapshot interval at most */
	return r;
}
