/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay/stepindex.h - two bytes a step: what a whole run did, searchable
 *
 * Roles.  A step index is filled once, step by step, by an engine running
 * ahead of what is shown (the builder), and answers afterwards without
 * running anything: which steps were scan decisions and with which
 * outcome (n/N), where a caption or pause point starts, which step is
 * workload access number k (compare mode, and p keeping the access), and
 * the list sizes over the run in fixed buckets (the sparklines).
 *
 *	struct step_index ix;
 *	step_index_init(&ix, STEP_INDEX_MAX_STEPS);
 *	while (step_index_build(&ix, builder, tl, 4096) > 0)
 *		...between slices, answer keys...
 *	s = step_index_find_of(&ix, now, FILTER_RECLAIM, +1, STEP_ANY_OBJECT);
 *	step = step_index_access_step(&ix, 515);
 *	step_index_free(&ix);
 *
 * Budget.  A step costs two bytes (what it was, and whose page: n/N of
 * one object), and one workload access in 256 costs eight more (the
 * access map), so a run of N steps costs about 2N bytes.
 * The index stops at `limit` steps (STEP_INDEX_MAX_STEPS unless told):
 * a longer run is indexed, shown and searched up to there and no
 * further (state INDEX_FULL), and the visualizer says so.
 *
 * Contract.  Nothing here allocates except step_index_build(), which
 * stops (INDEX_NO_MEMORY) rather than fail: what is indexed stays usable.
 * No I/O, no curses, no exit.
 */
#ifndef VMSCAN_REPLAY_STEPINDEX_H
#define VMSCAN_REPLAY_STEPINDEX_H

#include <stdbool.h>
#include <stdint.h>

#include "../engine/engine.h"
#include "timeline.h"

/* 64 Mi steps: 128 MiB of index, about 4 to 10 s of building. */
#define STEP_INDEX_MAX_STEPS  ((uint64_t)1 << 26)
#define STEP_INDEX_STEP_BYTES 2 /* the mark and the object's tag */
/* The objects n/N can be limited to: the first 255 of the scenario (a
 * step's object tag is a byte; the others share tag 0 with none). */
#define STEP_INDEX_OBJECTS    255
#define STEP_ANY_OBJECT	      UINT32_MAX
#define SPARK_BUCKETS	      512 /* sparkline resolution over the whole run */
#define ACCESS_EVERY	      256 /* the access map keeps one step in this many accesses */

/* A step's byte. */
enum mark_bits {
	MARK_OUTCOME = 0x0f,  /* enum outcome */
	MARK_DECISION = 0x10, /* a shrink_page_list/shrink_active_list step; 6.1's sort or walk */
	MARK_PAUSE = 0x20,    /* IN_PAUSE: the scenario asks to stop here */
	MARK_CAPTION = 0x40,  /* first step of an operation with a caption */
	MARK_WORKLOAD = 0x80, /* a workload step: one access (compare mode steps by these) */
};

enum spark {
	SPARK_INACTIVE_ANON,
	SPARK_ACTIVE_ANON,
	SPARK_INACTIVE_FILE,
	SPARK_ACTIVE_FILE,
	SPARK_FREE,
	SPARK_REFAULT,
	NR_SPARKS
};

/* What n/N look for. */
enum filter {
	FILTER_DECISION,
	FILTER_ACTIVATE,
	FILTER_KEEP,
	FILTER_RECLAIM,
	FILTER_RECLAIM_CLEAN,
	FILTER_DEACTIVATE,
	FILTER_ROTATE,
	FILTER_REFAULT, /* a workload step: the access refaulted */
	FILTER_CAPTION,
	NR_FILTERS
};
extern const char *const filter_name[NR_FILTERS];

enum index_state {
	INDEX_GROWING,	 /* the builder goes on */
	INDEX_COMPLETE,	 /* the whole run is indexed */
	INDEX_FULL,	 /* the run goes on past `limit` steps: indexed up to there */
	INDEX_NO_MEMORY, /* memory ran out: indexed up to there */
};

struct step_index {
	uint8_t *marks; /* marks[s - 1] describes step s */
	uint8_t *objs;	/* objs[s - 1]: 1 + the object of step s's page, 0 none or past STEP_INDEX_OBJECTS */
	uint64_t nr, cap, limit;
	uint64_t *acc; /* acc[j]: step of workload access j * ACCESS_EVERY + 1 */
	uint64_t nr_acc, acc_cap;
	enum index_state state;
	uint32_t prev_op;
	/* the sparklines: list sizes at each bucket's end, refaults in it */
	uint64_t bucket_steps; /* steps a bucket; doubles when all are used */
	unsigned nb;	       /* buckets in use */
	uint32_t v[NR_SPARKS][SPARK_BUCKETS];
	uint32_t max[NR_SPARKS];
	/* the most pages of each type (0 anon, 1 file) on the evictable
	 * lists at a sample: under 6.1 how many one type's generations can
	 * hold together, which the lists panel scales them by */
	uint32_t max_type[2];
};

void step_index_init(struct step_index *ix, uint64_t limit);
void step_index_free(struct step_index *ix);
/* Adds the step whose record is @r, after which the state is @e's; -1 when
 * the index takes no more (ix->state says why). */
int step_index_add(struct step_index *ix, const struct step_record *r, const struct engine *e);
/* Runs up to @steps more steps and indexes them: @bld's when not NULL
 * (each offered to @tl, for its snapshots), else @tl's own engine, moved
 * forward.  Returns the steps indexed; 0 once the state is not GROWING. */
uint64_t step_index_build(struct step_index *ix, struct engine *bld, struct timeline *tl, uint64_t steps);
static inline bool step_index_done(const struct step_index *ix)
{
	return ix->state != INDEX_GROWING;
}
/* The byte of step @s (1..nr), 0 outside. */
static inline uint8_t step_index_mark(const struct step_index *ix, uint64_t s)
{
	return s >= 1 && s <= ix->nr ? ix->marks[s - 1] : 0;
}
/* The first step after @from (@dir > 0) or the last before it (@dir < 0)
 * that @f matches, among the steps indexed whose page is of object
 * @object (below STEP_INDEX_OBJECTS; STEP_ANY_OBJECT: any); 0 if none. */
uint64_t step_index_find_of(const struct step_index *ix, uint64_t from, enum filter f, int dir,
			    uint32_t object);
/* Workload accesses among steps 1..@step: the access the run is at. */
uint64_t step_index_access_at(const struct step_index *ix, uint64_t step);
/* The step of workload access @k (1-based); 0 when not indexed. */
uint64_t step_index_access_step(const struct step_index *ix, uint64_t k);
/* Workload accesses indexed. */
static inline uint64_t step_index_accesses(const struct step_index *ix)
{
	return ix->nr_acc;
}

#endif
