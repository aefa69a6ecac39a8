/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/timeline.h - going back in time: snapshots and replay
 *
 * Roles.  A timeline owns one engine and keeps snapshots of its state as it
 * moves forward, one every `interval` steps, within a memory budget: when
 * the budget is full, every other snapshot is dropped and the interval
 * doubles.  Seeking to step n restores the nearest snapshot at or before n
 * and replays the rest, so a step back costs at most one interval of
 * replay, never a replay from the start.
 *
 *	struct timeline *t = timeline_new(&wl, policy, 64 << 20, &err);
 *	timeline_forward(t);                  one step, like engine_step()
 *	timeline_seek(t, 1234);               state after step 1234
 *	const struct engine *e = timeline_engine(t);
 *	timeline_free(t);
 *
 * Contract: after timeline_new() succeeds, seeking never fails; when a
 * snapshot cannot be allocated the timeline simply keeps fewer.
 */
#ifndef VMSCAN_TIMELINE_H
#define VMSCAN_TIMELINE_H

#include "engine.h"

struct timeline;

struct timeline *timeline_new(const struct workload *wl, const struct reclaim_policy *policy,
			      size_t budget_bytes, struct engine_error *err);
void timeline_free(struct timeline *t);
const struct engine *timeline_engine(const struct timeline *t);
const struct step_record *timeline_forward(struct timeline *t);
/* Moves to the state after step @step (clamped to the end); returns the
 * record of that step (a STEP_END record at 0). */
const struct step_record *timeline_seek(struct timeline *t, uint64_t step);
/* Runs to the end once (keeping snapshots) and returns the number of steps;
 * the timeline is left at the end. */
uint64_t timeline_run_to_end(struct timeline *t);
/* Steps in the whole run, or 0 if not known yet. */
uint64_t timeline_total(const struct timeline *t);
size_t timeline_bytes(const struct timeline *t);

#endif
