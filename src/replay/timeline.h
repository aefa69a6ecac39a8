/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay/timeline.h - going back in time: snapshots and replay
 *
 * Roles.  A timeline owns one engine and keeps packed snapshots of its
 * state as it moves forward, one every `interval` steps, within a memory
 * budget: when the budget is full, the snapshot whose neighbours are
 * closest is dropped.  Seeking to step n restores the nearest snapshot at
 * or before n and replays the rest, so a step back costs at most the
 * longest gap between snapshots, never a replay from the start.
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

#include "../engine/engine.h"

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
/* @ahead runs the same workload and policy (the visualizer's index
 * builder, ahead of what is shown) and has just taken a step: where a
 * snapshot falls due past the newest one, its state is kept as if the
 * timeline had been there itself, so a jump far ahead replays one interval,
 * not the whole way from where the timeline has been. */
void timeline_offer(struct timeline *t, const struct engine *ahead);
/* The run is @total steps long (a first run counted them): the snapshots
 * still to be taken are spaced so that the budget's worth spans the run. */
void timeline_plan(struct timeline *t, uint64_t total);
/* The snapshot budget a visualizer gives a run of @wl, @indexed steps of
 * which it has indexed (a byte a step): what is left of 192 MiB once the
 * whole states (the engine, a second engine indexing the run, and the
 * cursor snapshot where a state is at most 16 MiB), the traces and the
 * index are counted, and at least 32 MiB.  A 100 Ki-page zone without a
 * trace gets 170 MiB, tests/bench/one-mi-pages.json 113; make bench's
 * 10 M-access trace, fully indexed, 120 at 100 Ki pages and 70 at 1 Mi. */
size_t timeline_default_budget(const struct workload *wl, uint64_t indexed);
/* A new budget (compare mode shares one between two runs): snapshots over
 * it are dropped now. */
void timeline_set_budget(struct timeline *t, size_t budget_bytes);
/* The owner has room for a cursor whatever the state's size (the
 * visualizer, once the engine that indexed the run is freed): from now
 * on timeline_leave_cursor() may keep one, one whole state more. */
void timeline_allow_cursor(struct timeline *t);
/* Would timeline_leave_cursor(@t, @step) do anything?  Cheap. */
bool timeline_cursor_wanted(const struct timeline *t, uint64_t step);
/* For the steps back that usually follow: unless a snapshot or the
 * cursor is already within CURSOR_GAP steps at or before @step (at or
 * before the current step), leaves the cursor @lead steps before it (at
 * most half that gap), so that seeks to @step and the @lead steps before
 * it replay from there, and comes back (a seek there and a replay back,
 * one snapshot interval at most).  For a caller with time on its hands
 * (the visualizer while no key waits); true if it did. */
bool timeline_leave_cursor(struct timeline *t, uint64_t step, uint64_t lead);
/* Steps in the whole run, or 0 if not known yet. */
uint64_t timeline_total(const struct timeline *t);
size_t timeline_bytes(const struct timeline *t);
size_t timeline_snapshots(const struct timeline *t);

#endif
