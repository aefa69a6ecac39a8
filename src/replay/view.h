/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay/view.h - one run of a scenario under one policy, as a viewer sees it
 *
 * Roles.  A view is what the visualizer shows of one run: a timeline
 * (engine + snapshots) standing at the step shown, a step index of the
 * run built by a second engine running ahead of it (the builder), the
 * record of the current step and a ring of recent records for the log.
 * Headless, so that the benchmark and the unit tests drive it as the
 * visualizer does (src/tui/ draws it and maps keys onto it).
 *
 *	struct view v;
 *	if (view_build(&v, &wl, policy, NULL, err, sizeof err) < 0) ...err...
 *	while (!v.complete) view_build_more(&v, VIEW_SLICE_STEPS);  between keys
 *	view_goto(&v, 1234);  view_forward(&v);  view_engine(&v)
 *	view_free(&v);
 *
 * Contract.  Nothing here runs for longer than it is asked to: building
 * is done a slice at a time, and a step past the index is reached by
 * indexing further first.  No I/O, no curses, no exit.
 */
#ifndef VMSCAN_REPLAY_VIEW_H
#define VMSCAN_REPLAY_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../engine/engine.h"
#include "timeline.h"
#include "stepindex.h"

#define LOG_MAX		 256  /* records kept for the log panel */
#define LOG_REPLAY	 400  /* steps replayed after a seek to refill it */
#define VIEW_SLICE_STEPS 4096 /* steps of work between two looks at the keys */

/* How much a view does before its first frame, and how far it indexes:
 * given to view_build() by the front end (the visualizer reads
 * $VMSCAN_INDEX_FIRST and $VMSCAN_INDEX_MAX into it), a test or the
 * benchmark, and kept in the view for view_rebuild(). */
struct view_tunables {
	uint64_t first_steps; /* steps indexed before the first frame */
	uint64_t index_limit; /* steps a run's index holds at most (the tests'
			       * small runs that are "too long") */
	/* A run whose state is at most this many bytes has its builder
	 * made, and its first first_steps steps indexed, before the first
	 * frame; a larger one gets both after it. */
	size_t eager_state;
};
/* The visualizer's: 64 Ki steps first, STEP_INDEX_MAX_STEPS, and 16 MiB
 * (a 400 Ki-page zone, about). */
extern const struct view_tunables view_tunables_default;

struct view {
	const struct reclaim_policy *policy;
	struct view_tunables tun;
	struct timeline *tl;
	struct step_index idx;
	uint64_t total;			    /* steps indexed: all of the run once complete */
	bool complete;			    /* the index is done: the whole run... */
	bool truncated;			    /* ...or cut at total (too long, or out of memory) */
	struct engine *bld;		    /* the builder, until the index is done */
	bool no_builder;		    /* none could be made: the shown timeline indexes */
	bool displaced;			    /* no builder: the timeline indexed past `step` (view_settle) */
	uint64_t step;			    /* current: the state after this step */
	struct step_record rec;		    /* record of `step` (kind STEP_END at step 0) */
	uint64_t prev_vmstat[NR_VM_EVENTS]; /* counters before `step` */
	struct step_record log[LOG_MAX];    /* ring, newest at log[(head-1) % LOG_MAX] */
	unsigned log_n, log_head;
};

/* The run of @wl under @p, at step 0, its first steps indexed as @tun
 * says (NULL: view_tunables_default).  0, or -1 with @err saying why. */
int view_build(struct view *v, const struct workload *wl, const struct reclaim_policy *p,
	       const struct view_tunables *tun, char *err, size_t n);
void view_free(struct view *v);
/* The run redone under @p (the visualizer's `p`), at step 0, its first
 * steps indexed, with the same tunables, in one run's memory: a large run's old state is freed
 * before the new one is made.  On failure @err says why and returns -1
 * with @v as it was (a large run made again, at its step if indexed that
 * far, else at the last indexed), or -2 with @v freed when not even the
 * old run could be made again. */
int view_rebuild(struct view *v, const struct reclaim_policy *p, char *err, size_t n);
/* The same over @wl (the same scenario's workload, or a variant of it:
 * without its cgroups); a failure comes back over the old one. */
int view_rebuild_on(struct view *v, const struct workload *wl, const struct reclaim_policy *p, char *err,
		    size_t n);
/* Index up to @steps more steps of the run (view_build did the first
 * ones); returns how many.  Never more: a caller that needs the index to
 * reach further calls it again between keys. */
uint64_t view_build_more(struct view *v, uint64_t steps);
/* The snapshot budget of @v's run: timeline_default_budget(), counting the
 * trace and the step index the view holds. */
size_t view_budget(const struct view *v);
/* Without a builder, indexing moves the shown timeline: this puts it back
 * at `step` (a replay of one snapshot interval at most). */
void view_settle(struct view *v);
/* At the last step?  Indexes one slice more first if the run goes on. */
bool view_at_end(struct view *v);
/* Moves to @step, or to the last step indexed if @step is past it. */
void view_goto(struct view *v, uint64_t step);
void view_forward(struct view *v);
const struct engine *view_engine(const struct view *v);
/* Work for when no key waits, once the run is indexed: a snapshot just
 * before the current step, so that the steps back that usually follow
 * replay a few thousand steps, not a snapshot interval (on a 1 Mi-page
 * zone, tens of ms of work, taken while the user looks).  view_idle()
 * does it (true if it did anything); view_idle_pending() says whether
 * there is any. */
bool view_idle_pending(const struct view *v);
bool view_idle(struct view *v);
/* Record of the step after the current one, without showing it. */
struct step_record view_peek(struct view *v);
/* The @i-th newest record of the log ring (0: the current step's), NULL
 * past the records kept. */
const struct step_record *view_log_entry(const struct view *v, int i);

#endif
