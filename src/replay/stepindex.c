/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay/stepindex.c - the step index: two bytes a step, filled once
 *
 * A step's byte holds its outcome and what kind of step it was, so n/N
 * and compare mode search bytes, not states: a search over a million
 * steps reads a megabyte.  A second byte names the object of the step's
 * page, so that n/N can look for "the next refault of index" alone.  The list sizes for the sparklines are sampled
 * into SPARK_BUCKETS buckets; when they are all used, neighbours merge
 * and a bucket spans twice the steps, so a run of any length costs the
 * same.  The access map keeps the step of one workload access in
 * ACCESS_EVERY; the steps in between are found by counting MARK_WORKLOAD
 * bytes from there (at most ACCESS_EVERY accesses' worth of bytes).
 */
#include <stdlib.h>
#include <string.h>

#include "../util/grow.h"
#include "stepindex.h"

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

static bool filter_matches(enum filter f, uint8_t mark)
{
	if (f == FILTER_CAPTION)
		return mark & (MARK_CAPTION | MARK_PAUSE);
	if (f == FILTER_REFAULT)
		return (mark & MARK_WORKLOAD) && (mark & MARK_OUTCOME) == OUT_REFAULT;
	if (!(mark & MARK_DECISION))
		return false;
	return f == FILTER_DECISION || (mark & MARK_OUTCOME) == filter_outcome[f];
}

void step_index_init(struct step_index *ix, uint64_t limit)
{
	memset(ix, 0, sizeof *ix);
	ix->limit = limit;
	ix->prev_op = UINT32_MAX;
	ix->bucket_steps = 1;
}

void step_index_free(struct step_index *ix)
{
	free(ix->marks);
	free(ix->objs);
	free(ix->acc);
	step_index_init(ix, ix->limit);
}

static uint8_t mark_of(const struct step_record *r, uint32_t prev_op, const struct workload *wl)
{
	uint8_t m = r->outcome & MARK_OUTCOME;

	/* 6.1's sort_folio()/isolate_folio() decide too: a protection is
	 * an activation, as the log and run's counters count it (6.1
	 * mm/vmscan.c:4752, workingset_activate); so does the aging walk
	 * at a young pte, for the page it maps (6.1 mm/vmscan.c:3925
	 * walk_pte_range() -> folio_update_gen()) */
	if (r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE || r->kind == STEP_SORT ||
	    (r->kind == STEP_AGING && r->func == FN_WALK_PTE_RANGE))
		m |= MARK_DECISION;
	if (r->inputs & IN_PAUSE)
		m |= MARK_PAUSE;
	if (r->kind == STEP_WORKLOAD)
		m |= MARK_WORKLOAD;
	if (r->op != prev_op && r->op < wl->nr_ops && wl->ops[r->op].caption != UINT32_MAX)
		m |= MARK_CAPTION;
	return m;
}

/* Halve the resolution: pairs of buckets become one (sizes keep the later
 * value, refaults add up). */
static void merge_buckets(struct step_index *ix)
{
	for (size_t i = 0; i < SPARK_BUCKETS / 2; i++) {
		for (int s = 0; s < NR_SPARKS; s++)
			ix->v[s][i] = s == SPARK_REFAULT ? ix->v[s][2 * i] + ix->v[s][2 * i + 1]
							 : ix->v[s][2 * i + 1];
		if (ix->v[SPARK_REFAULT][i] > ix->max[SPARK_REFAULT])
			ix->max[SPARK_REFAULT] = ix->v[SPARK_REFAULT][i];
	}
	for (int s = 0; s < NR_SPARKS; s++)
		memset(&ix->v[s][SPARK_BUCKETS / 2], 0, sizeof ix->v[s][0] * (SPARK_BUCKETS / 2));
	ix->nb = SPARK_BUCKETS / 2;
	ix->bucket_steps *= 2;
}

static void sample(struct step_index *ix, const struct engine *e, uint64_t step, const struct step_record *r)
{
	static const uint8_t lists[SPARK_FREE + 1] = {
		LRU_INACTIVE_ANON, LRU_ACTIVE_ANON, LRU_INACTIVE_FILE, LRU_ACTIVE_FILE, LRU_FREE,
	};
	uint64_t b = (step - 1) / ix->bucket_steps;

	while (b >= SPARK_BUCKETS) {
		merge_buckets(ix);
		b = (step - 1) / ix->bucket_steps;
	}
	for (int s = 0; s <= SPARK_FREE; s++) {
		ix->v[s][b] = (uint32_t)engine_lru_size(e, (enum lru_list)lists[s]);
		if (ix->v[s][b] > ix->max[s])
			ix->max[s] = ix->v[s][b];
	}
	for (int t = 0; t < 2; t++) {
		uint32_t n = ix->v[t ? SPARK_INACTIVE_FILE : SPARK_INACTIVE_ANON][b] +
			     ix->v[t ? SPARK_ACTIVE_FILE : SPARK_ACTIVE_ANON][b];
		if (n > ix->max_type[t])
			ix->max_type[t] = n;
	}
	if (r->outcome == OUT_REFAULT && ++ix->v[SPARK_REFAULT][b] > ix->max[SPARK_REFAULT])
		ix->max[SPARK_REFAULT] = ix->v[SPARK_REFAULT][b];
	ix->nb = (unsigned)b + 1;
}

/* Room for one more byte (and access map entry); false when there is none. */
static bool make_room(struct step_index *ix, bool access)
{
	if (ix->nr >= ix->limit) {
		ix->state = INDEX_FULL;
		return false;
	}
	if (ix->nr == ix->cap) {
		uint64_t cap = ix->cap ? ix->cap * 2 : 4096;
		uint8_t *p, *o;
		if (cap > ix->limit)
			cap = ix->limit;
		if (!(p = realloc(ix->marks, cap))) {
			ix->state = INDEX_NO_MEMORY;
			return false;
		}
		ix->marks = p;
		if (!(o = realloc(ix->objs, cap))) {
			ix->state = INDEX_NO_MEMORY;
			return false;
		}
		ix->objs = o;
		ix->cap = cap;
	}
	if (access && ix->nr_acc % ACCESS_EVERY == 0 && ix->nr_acc / ACCESS_EVERY == ix->acc_cap) {
		if (!grow_array(ix->acc, ix->acc_cap, ix->acc_cap + 1, 64)) {
			ix->state = INDEX_NO_MEMORY;
			return false;
		}
	}
	return true;
}

int step_index_add(struct step_index *ix, const struct step_record *r, const struct engine *e)
{
	uint8_t m;

	if (ix->state != INDEX_GROWING)
		return -1;
	m = mark_of(r, ix->prev_op, engine_workload(e));
	if (!make_room(ix, m & MARK_WORKLOAD))
		return -1;
	ix->objs[ix->nr] = r->object < STEP_INDEX_OBJECTS ? (uint8_t)(r->object + 1) : 0;
	ix->marks[ix->nr++] = m;
	if (m & MARK_WORKLOAD) {
		if (ix->nr_acc % ACCESS_EVERY == 0)
			ix->acc[ix->nr_acc / ACCESS_EVERY] = ix->nr;
		ix->nr_acc++;
	}
	sample(ix, e, ix->nr, r);
	ix->prev_op = r->op;
	return 0;
}

uint64_t step_index_build(struct step_index *ix, struct engine *bld, struct timeline *tl, uint64_t steps)
{
	const struct engine *e = bld ? bld : timeline_engine(tl);
	uint64_t done = 0;

	while (done < steps && ix->state == INDEX_GROWING) {
		const struct step_record *r;
		if (ix->nr >= ix->limit) { /* before the step: the engine stays where the index ends */
			ix->state = INDEX_FULL;
			break;
		}
		r = bld ? engine_step(bld) : timeline_forward(tl);
		if (r->kind == STEP_END) {
			ix->state = INDEX_COMPLETE;
			break;
		}
		if (step_index_add(ix, r, e) < 0)
			break;
		if (bld)
			timeline_offer(tl, bld);
		done++;
	}
	return done;
}

uint64_t step_index_find_of(const struct step_index *ix, uint64_t from, enum filter f, int dir,
			    uint32_t object)
{
	bool any = object == STEP_ANY_OBJECT;
	uint8_t tag = object < STEP_INDEX_OBJECTS ? (uint8_t)(object + 1) : 0;

	if (!any && !tag) /* an object the index does not tell apart */
		return 0;
	if (dir > 0) {
		for (uint64_t s = from + 1; s <= ix->nr; s++)
			if ((any || ix->objs[s - 1] == tag) && filter_matches(f, ix->marks[s - 1]))
				return s;
	} else {
		for (uint64_t s = from < ix->nr + 1 ? from : ix->nr + 1; s-- > 1;)
			if ((any || ix->objs[s - 1] == tag) && filter_matches(f, ix->marks[s - 1]))
				return s;
	}
	return 0;
}

uint64_t step_index_access_at(const struct step_index *ix, uint64_t step)
{
	uint64_t lo = 0, hi = (ix->nr_acc + ACCESS_EVERY - 1) / ACCESS_EVERY, n;

	if (step > ix->nr)
		step = ix->nr;
	if (hi == 0 || ix->acc[0] > step)
		return 0;
	while (hi - lo > 1) { /* the last map entry at or before @step */
		uint64_t mid = lo + (hi - lo) / 2;
		if (ix->acc[mid] <= step)
			lo = mid;
		else
			hi = mid;
	}
	n = lo * ACCESS_EVERY + 1;
	for (uint64_t s = ix->acc[lo] + 1; s <= step; s++)
		n += (ix->marks[s - 1] & MARK_WORKLOAD) != 0;
	return n;
}

uint64_t step_index_access_step(const struct step_index *ix, uint64_t k)
{
	uint64_t s, left;

	if (k == 0 || k > ix->nr_acc)
		return 0;
	s = ix->acc[(k - 1) / ACCESS_EVERY];
	for (left = (k - 1) % ACCESS_EVERY; left > 0;)
		left -= (ix->marks[s++] & MARK_WORKLOAD) != 0; /* marks[s] is step s + 1 */
	return s;
}
