/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay/timeline.c - snapshots every `interval` steps, thinned to a budget
 *
 * The engine is deterministic and does no I/O, so the state after step n
 * is a pure function of the state after any earlier step: replaying from a
 * snapshot gives exactly what was there.  Snapshots are packed states
 * (engine_pack: an evicted page's slot and most of a page's words cost next
 * to nothing, so a long trace fits four times as many in the budget).  A
 * seek replays at most the gap between two snapshots, so the gaps should
 * be even: over budget, the snapshot whose neighbours are closest goes, and
 * once the run's length is known (timeline_plan) the interval is the run
 * divided by the number of snapshots the budget holds.
 *
 * One more snapshot, the cursor, follows the user: a seek that has to
 * replay far leaves it CURSOR_GAP steps before where it lands, so that the
 * steps back that usually follow replay from there, not from the last
 * periodic snapshot (up to a whole interval back).  It is one state more
 * than the budget's snapshots, kept only for a state of at most
 * CURSOR_MAX_STATE bytes that fits the budget: a larger one would cost the
 * budget a dozen packed snapshots, and its steps back replay from those.
 */
#include <stdlib.h>
#include <string.h>

#include "../util/grow.h"
#include "timeline.h"

struct snapshot {
	uint64_t step;
	void *state;
	size_t size; /* bytes engine_pack() used */
};

struct timeline {
	struct engine *e;
	size_t state_size, budget;
	size_t bytes; /* the snapshots' sizes, summed */
	uint64_t interval;
	bool planned;		/* timeline_plan() set the interval */
	uint64_t total;		/* 0 until the end has been reached */
	struct snapshot *snaps; /* in step order; snaps[0] is step 0 */
	size_t nr, cap;
	struct snapshot cursor; /* a plain engine_save(), quick to take;
					 * state NULL until needed or planned */
	bool cursor_valid;
	bool cursor_allowed; /* timeline_allow_cursor(): whatever the state's size */
	bool cursor_failed;  /* its memory could not be had: no more asking */
};

#define CURSOR_GAP	 16384		    /* steps, at most: ~1-2 ms of replay */
#define CURSOR_MAX_STATE ((size_t)16 << 20) /* a 400 Ki-page zone, about */

static bool keeps_cursor(size_t state_size, size_t budget)
{
	return state_size <= CURSOR_MAX_STATE && state_size <= budget;
}

/* A larger state gets a cursor too once its owner has the room for it
 * (timeline_allow_cursor), left only while the user is idle
 * (timeline_leave_cursor): saving it costs a far seek a few ms more. */
static bool may_cursor(const struct timeline *t)
{
	return (keeps_cursor(t->state_size, t->budget) || t->cursor_allowed) && !t->cursor_failed;
}

/* @e's state packed into a buffer of its own size; false if out of memory. */
static bool pack(const struct engine *e, struct snapshot *s)
{
	void *buf = malloc(engine_pack_bound(e));

	if (!buf)
		return false;
	s->size = engine_pack(e, buf);
	s->step = engine_steps(e);
	/* give back what the packing did not use; shrinking may not fail,
	 * but if it does the whole buffer is kept */
	s->state = realloc(buf, s->size);
	if (!s->state)
		s->state = buf;
	return true;
}

/* A snapshot of @e, which is t->e or an engine running the same run. */
static bool take_snapshot(struct timeline *t, const struct engine *e)
{
	if (!grow_array(t->snaps, t->cap, t->nr + 1, 16))
		return false;
	if (!pack(e, &t->snaps[t->nr]))
		return false;
	t->bytes += t->snaps[t->nr++].size;
	return true;
}

/* Over budget: drop the snapshot whose neighbours are closest together
 * (the newest one's right neighbour being @now, where the next one is
 * about to be taken), so that the longest replay grows least.  snaps[0]
 * stays. */
static void drop_one(struct timeline *t, uint64_t now)
{
	uint64_t best_gap = UINT64_MAX;
	size_t best = 1;

	for (size_t i = 1; i < t->nr; i++) {
		uint64_t right = i + 1 < t->nr ? t->snaps[i + 1].step : now;
		if (right - t->snaps[i - 1].step < best_gap) {
			best_gap = right - t->snaps[i - 1].step;
			best = i;
		}
	}
	t->bytes -= t->snaps[best].size;
	free(t->snaps[best].state);
	memmove(&t->snaps[best], &t->snaps[best + 1], (t->nr - best - 1) * sizeof *t->snaps);
	t->nr--;
}

struct timeline *timeline_new(const struct workload *wl, const struct reclaim_policy *policy,
			      size_t budget_bytes, struct engine_error *err)
{
	struct timeline *t = calloc(1, sizeof *t);

	if (!t)
		return NULL;
	t->e = engine_new(wl, policy, err);
	if (!t->e) {
		free(t);
		return NULL;
	}
	t->state_size = engine_state_size(t->e);
	t->budget = budget_bytes;
	/* a snapshot every ~1/64 of a state's size in steps, at least 256:
	 * replaying a step is far cheaper than copying a page's state */
	t->interval = t->state_size / 64 > 256 ? t->state_size / 64 : 256;
	if (!take_snapshot(t, t->e)) {
		timeline_free(t);
		return NULL;
	}
	return t;
}

void timeline_free(struct timeline *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->nr; i++)
		free(t->snaps[i].state);
	free(t->snaps);
	free(t->cursor.state);
	engine_free(t->e);
	free(t);
}

size_t timeline_default_budget(const struct workload *wl, uint64_t indexed)
{
	const size_t all = (size_t)192 << 20, least = (size_t)32 << 20;
	size_t state_size = workload_state_size(wl), held = workload_trace_bytes(wl) + (size_t)indexed;
	/* the engine, the builder, and the cursor if there is one */
	size_t states = state_size * (state_size <= CURSOR_MAX_STATE ? 3 : 2);

	if (states >= all - least || held >= all - least - states)
		return least;
	return all - states - held;
}

const struct engine *timeline_engine(const struct timeline *t)
{
	return t->e;
}
size_t timeline_bytes(const struct timeline *t)
{
	return t->bytes;
}
size_t timeline_snapshots(const struct timeline *t)
{
	return t->nr;
}

/* At a snapshot point: make room first (the next snapshot will be about as
 * large as the last), then keep one.  Once the budget is full, and as long
 * as the run's length is not known, the interval grows to the snapshots'
 * average spacing, so that the number of snapshots taken stays about the
 * budget's worth times the log of the run's length. */
static void at_step(struct timeline *t, const struct engine *e)
{
	uint64_t now = engine_steps(e);
	bool dropped = false;

	if (now < t->snaps[t->nr - 1].step + t->interval)
		return;
	while (t->bytes + t->snaps[t->nr - 1].size > t->budget && t->nr > 1) {
		drop_one(t, now);
		dropped = true;
	}
	if (dropped && !t->planned && now / t->nr > t->interval)
		t->interval = now / t->nr;
	if (now >= t->snaps[t->nr - 1].step + t->interval)
		take_snapshot(t, e);
}

void timeline_offer(struct timeline *t, const struct engine *ahead)
{
	at_step(t, ahead);
}

/* The cursor's memory, taken and written ahead of the seek that needs it:
 * the first touch of a fresh buffer page-faults it in, which would cost a
 * far seek as much again as its replay (8 to 27 ms for a 7 MB state). */
static void cursor_alloc(struct timeline *t)
{
	if (t->cursor.state || !may_cursor(t))
		return;
	t->cursor.state = malloc(t->state_size);
	if (t->cursor.state)
		engine_save(t->e, t->cursor.state);
	else
		t->cursor_failed = true; /* or the idle work would ask forever */
}

void timeline_set_budget(struct timeline *t, size_t budget_bytes)
{
	t->budget = budget_bytes;
	while (t->bytes > t->budget && t->nr > 1)
		drop_one(t, engine_steps(t->e));
}

void timeline_plan(struct timeline *t, uint64_t total)
{
	size_t size = 0, fit;

	for (size_t i = 0; i < t->nr; i++)
		if (t->snaps[i].size > size)
			size = t->snaps[i].size;
	fit = size ? t->budget / size : 0;
	if (fit < 2)
		fit = 2;
	if (total / fit + 1 > t->interval)
		t->interval = total / fit + 1;
	t->planned = true;
	cursor_alloc(t); /* not yet needed, and the caller is not waiting */
}

const struct step_record *timeline_forward(struct timeline *t)
{
	const struct step_record *r = engine_step(t->e);
	uint64_t now = engine_steps(t->e);

	if (r->kind == STEP_END) {
		if (!t->total)
			t->total = now;
		return r;
	}
	at_step(t, t->e);
	return r;
}

/* Forward to @step or the end with engine_run(), which skips the records
 * of the steps in between; stops at each snapshot point on the way. */
static void run_until(struct timeline *t, uint64_t step)
{
	uint64_t now = engine_steps(t->e);

	while (now < step && !engine_done(t->e)) {
		uint64_t next = t->snaps[t->nr - 1].step + t->interval;
		/* a budget cut can drop snapshots behind the engine, leaving
		 * the next point behind it: then only @step stops the run */
		uint64_t to = next > now && next < step ? next : step;

		engine_run(t->e, to - now);
		now = engine_steps(t->e);
		at_step(t, t->e);
	}
	if (engine_done(t->e) && !t->total)
		t->total = now;
}

const struct step_record *timeline_seek(struct timeline *t, uint64_t step)
{
	size_t lo = 0, hi = t->nr;
	uint64_t now = engine_steps(t->e), from = now, gap;

	if (t->total && step > t->total)
		step = t->total;
	/* forward within reach: just run on */
	if (step < now || step - now > t->interval) {
		const void *state;

		while (hi - lo > 1) { /* last snapshot at or before step */
			size_t mid = (lo + hi) / 2;
			if (t->snaps[mid].step <= step)
				lo = mid;
			else
				hi = mid;
		}
		from = t->snaps[lo].step;
		state = t->snaps[lo].state;
		if (t->cursor_valid && t->cursor.step <= step && t->cursor.step > from) {
			from = t->cursor.step;
			state = NULL;
		}
		if (from > now || step < now) {
			if (state)
				engine_unpack(t->e, state);
			else
				engine_restore(t->e, t->cursor.state);
		} else {
			from = now;
		}
	}
	gap = t->interval / 4 < CURSOR_GAP ? t->interval / 4 + 1 : CURSOR_GAP;
	if (step - from > 2 * gap && keeps_cursor(t->state_size, t->budget)) {
		/* a far replay: leave the cursor on the way */
		run_until(t, step - gap);
		cursor_alloc(t);
		if (t->cursor.state && engine_steps(t->e) == step - gap) {
			engine_save(t->e, t->cursor.state);
			t->cursor.step = step - gap;
			t->cursor_valid = true;
		}
	}
	run_until(t, step);
	return engine_last(t->e);
}

void timeline_allow_cursor(struct timeline *t)
{
	t->cursor_allowed = true;
}

/* The last snapshot at or before @step. */
static const struct snapshot *snapshot_before(const struct timeline *t, uint64_t step)
{
	size_t lo = 0, hi = t->nr;

	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (t->snaps[mid].step <= step)
			lo = mid;
		else
			hi = mid;
	}
	return &t->snaps[lo];
}

bool timeline_cursor_wanted(const struct timeline *t, uint64_t step)
{
	if (!may_cursor(t) || step > engine_steps(t->e))
		return false;
	if (t->cursor_valid && t->cursor.step <= step && step - t->cursor.step <= CURSOR_GAP)
		return false;
	return step - snapshot_before(t, step)->step > CURSOR_GAP;
}

bool timeline_leave_cursor(struct timeline *t, uint64_t step, uint64_t lead)
{
	uint64_t now = engine_steps(t->e);

	if (!timeline_cursor_wanted(t, step))
		return false;
	cursor_alloc(t);
	if (!t->cursor.state)
		return false;
	if (lead > CURSOR_GAP / 2)
		lead = CURSOR_GAP / 2;
	step = step > lead ? step - lead : 0;
	timeline_seek(t, step);
	engine_save(t->e, t->cursor.state);
	t->cursor.step = step;
	t->cursor_valid = true;
	timeline_seek(t, now); /* forward from there: the replay of now - step steps */
	return true;
}

uint64_t timeline_run_to_end(struct timeline *t)
{
	run_until(t, UINT64_MAX);
	return t->total;
}
