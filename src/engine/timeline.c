/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/timeline.c - snapshots every `interval` steps, thinned to a budget
 *
 * The engine is deterministic and does no I/O, so the state after step n
 * is a pure function of the state after any earlier step: replaying from a
 * snapshot gives exactly what was there.  Snapshots are plain copies
 * (engine_save); thinning keeps them evenly spaced in O(budget) memory.
 *
 * One more snapshot, the cursor, follows the user: a seek that has to
 * replay far leaves it CURSOR_GAP steps before where it lands, so that the
 * steps back that usually follow replay from there, not from the last
 * periodic snapshot (up to a whole interval back).  It is one state more
 * than the budget's snapshots, kept only when a state is smaller than the
 * budget: a zone so large that its state is not gets no cursor, and holds
 * at most three states (the engine's and two snapshots).
 */
#include <stdlib.h>

#include "timeline.h"

struct snapshot {
	uint64_t step;
	void *state;
};

struct timeline {
	struct engine *e;
	size_t state_size, budget;
	uint64_t interval;
	uint64_t total;			/* 0 until the end has been reached */
	struct snapshot *snaps;		/* in step order; snaps[0] is step 0 */
	size_t nr, cap;
	struct snapshot cursor;		/* state NULL until the first far seek */
	bool cursor_valid;
};

#define CURSOR_GAP 16384		/* steps, at most: ~1-2 ms of replay */

static bool take_snapshot(struct timeline *t)
{
	void *state;

	if (t->nr == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		struct snapshot *s = realloc(t->snaps, cap * sizeof *s);
		if (!s)
			return false;
		t->snaps = s;
		t->cap = cap;
	}
	state = malloc(t->state_size);
	if (!state)
		return false;
	engine_save(t->e, state);
	t->snaps[t->nr++] = (struct snapshot){ engine_steps(t->e), state };
	return true;
}

/* Keep snaps[0] and every other one after it; the interval doubles. */
static void thin(struct timeline *t)
{
	size_t j = 1;

	for (size_t i = 1; i < t->nr; i++) {
		if (i % 2 == 0)
			t->snaps[j++] = t->snaps[i];
		else
			free(t->snaps[i].state);
	}
	t->nr = j;
	t->interval *= 2;
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
	if (!take_snapshot(t)) {
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

const struct engine *timeline_engine(const struct timeline *t) { return t->e; }
uint64_t timeline_total(const struct timeline *t) { return t->total; }
size_t timeline_bytes(const struct timeline *t) { return t->nr * t->state_size; }

/* At a snapshot point: thin to the budget first, then keep one. */
static void at_step(struct timeline *t, uint64_t now)
{
	if (now < t->snaps[t->nr - 1].step + t->interval)
		return;
	while ((t->nr + 1) * t->state_size > t->budget && t->nr > 1)
		thin(t);
	if (now >= t->snaps[t->nr - 1].step + t->interval)
		take_snapshot(t);
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
	at_step(t, now);
	return r;
}

/* Forward to @step or the end with engine_run(), which skips the records
 * of the steps in between; stops at each snapshot point on the way. */
static void run_until(struct timeline *t, uint64_t step)
{
	uint64_t now = engine_steps(t->e);

	while (now < step && !engine_done(t->e)) {
		uint64_t next = t->snaps[t->nr - 1].step + t->interval;

		engine_run(t->e, (step < next ? step : next) - now);
		now = engine_steps(t->e);
		at_step(t, now);
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

		while (hi - lo > 1) {		/* last snapshot at or before step */
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
			state = t->cursor.state;
		}
		if (from > now || step < now)
			engine_restore(t->e, state);
		else
			from = now;
	}
	gap = t->interval / 4 < CURSOR_GAP ? t->interval / 4 + 1 : CURSOR_GAP;
	if (step - from > 2 * gap && t->state_size <= t->budget) {
		/* a far replay: leave the cursor on the way */
		run_until(t, step - gap);
		if (!t->cursor.state)
			t->cursor.state = malloc(t->state_size);
		if (t->cursor.state && engine_steps(t->e) == step - gap) {
			engine_save(t->e, t->cursor.state);
			t->cursor.step = step - gap;
			t->cursor_valid = true;
		}
	}
	run_until(t, step);
	return engine_last(t->e);
}

uint64_t timeline_run_to_end(struct timeline *t)
{
	run_until(t, UINT64_MAX);
	return t->total;
}
