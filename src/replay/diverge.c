/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay/diverge.c - the divergence rules, and two runs in lockstep
 *
 * The decision rule needs, within one stretch, each page's first decision
 * on the left (to compare) and whether the right has decided about it yet
 * (only its first decision counts).  Pages are found by (object, index)
 * in a small open-addressing table that lives as long as the lockstep and
 * is cleared in O(1) per stretch by a generation number; it grows with
 * the largest stretch, not with the objects (a scenario may name a file
 * of millions of pages and scan a few hundred of them at a time).
 */
#include <stdlib.h>
#include <string.h>

#include "../util/grow.h"
#include "diverge.h"

const char *const div_kind_name[NR_DIV_KINDS] = {
	[DIV_DECISION] = "decisions differ",	      [DIV_FATE] = "page in memory on one side only",
	[DIV_FATE_LEFT] = "left side loses the page", [DIV_FATE_RIGHT] = "right side loses the page",
	[DIV_WORDING] = "same fate, other words",
};

enum decision_fate decision_fate(uint8_t outcome)
{
	switch (outcome) {
	/* 2.6.34 mm/vmscan.c shrink_page_list(): PAGEREF_RECLAIM and
	 * PAGEREF_RECLAIM_CLEAN both fall through to "try to reclaim the
	 * page below", as 6.1's shrink_folio_list() does for its own */
	case OUT_RECLAIM:
	case OUT_RECLAIM_CLEAN: return DFATE_RECLAIM;
	/* activate_locked (SetPageActive), and shrink_active_list()'s
	 * referenced exec page kept on the active list (l_active) */
	case OUT_ACTIVATE:
	case OUT_ROTATE: return DFATE_ACTIVE;
	/* keep_locked back on the inactive list, deactivated to it (l_inactive),
	 * rotate_reclaimable_page() to its tail */
	case OUT_KEEP:
	case OUT_DEACTIVATE:
	case OUT_ROTATE_TAIL: return DFATE_INACTIVE;
	case OUT_CULL: return DFATE_UNEVICTABLE;
	default: return DFATE_OTHER;
	}
}

/* Do @x and @y, first decisions about one page, differ as the rule
 * counts: in fate, or (the rule's `wording`) in words only? */
static bool differ(const struct stretch_rule *sr, uint8_t x, uint8_t y)
{
	bool fate = decision_fate(x) != decision_fate(y) || (decision_fate(x) == DFATE_OTHER && x != y);

	return x != y && (sr->wording ? !fate : fate);
}

struct seen_page {
	uint64_t key;		/* object << 32 | index */
	uint32_t gen;		/* the stretch it was seen in; else the slot is free */
	uint32_t rank;		/* order of its first decision on the left */
	uint32_t right_gen;	/* the stretch in which the right decided about it */
	struct step_record rec; /* the left's first decision */
};

enum fate fate_of(const struct step_record *r)
{
	if (r->kind != STEP_WORKLOAD || r->pfn == PFN_NONE || r->object == OBJECT_KERNEL)
		return FATE_NONE;
	if (r->outcome == OUT_REFAULT)
		return FATE_REFAULT;
	if (r->outcome == OUT_FAULT)
		return FATE_FAULT;
	return FATE_HIT;
}

static bool is_scan(const struct step_record *r)
{
	return r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE;
}

void stretch_begin(struct stretch_rule *sr)
{
	if (++sr->gen == 0) { /* wrapped: forget every slot */
		for (uint32_t i = 0; i < sr->cap; i++)
			sr->slot[i].gen = sr->slot[i].right_gen = 0;
		sr->gen = 1;
	}
	sr->used = sr->ranked = sr->nr_pairs = 0;
	sr->have_access[0] = sr->have_access[1] = false;
	memset(&sr->res, 0, sizeof sr->res);
	sr->res.loser = -1;
}

void stretch_free(struct stretch_rule *sr)
{
	free(sr->slot);
	free(sr->pairs);
	memset(sr, 0, sizeof *sr);
}

static uint32_t hash(uint64_t key, uint32_t cap)
{
	key *= 0x9e3779b97f4a7c15ull; /* Fibonacci hashing: the high bits are well mixed */
	return (uint32_t)(key >> 32) & (cap - 1);
}

/* The slot of @key in this stretch, or a free one for it (gen != sr->gen). */
static struct seen_page *lookup(struct stretch_rule *sr, uint64_t key)
{
	uint32_t i = hash(key, sr->cap);

	while (sr->slot[i].gen == sr->gen && sr->slot[i].key != key)
		i = (i + 1) & (sr->cap - 1);
	return &sr->slot[i];
}

/* Room for one more page at a load of at most a half; false: no memory. */
static bool grow(struct stretch_rule *sr)
{
	struct seen_page *old = sr->slot;
	uint32_t old_cap = sr->cap, cap = sr->cap ? sr->cap * 2 : 256;

	if ((sr->used + 1) * 2 <= sr->cap)
		return true;
	if (cap == 0 || !(sr->slot = calloc(cap, sizeof *sr->slot))) {
		sr->slot = old;
		return false;
	}
	sr->cap = cap;
	for (uint32_t i = 0; i < old_cap; i++)
		if (old[i].gen == sr->gen)
			*lookup(sr, old[i].key) = old[i];
	free(old);
	return true;
}

static bool add_pair(struct stretch_rule *sr, uint32_t rank, const struct step_record *left,
		     const struct step_record *right)
{
	if (!grow_array(sr->pairs, sr->pairs_cap, sr->nr_pairs + 1, 16))
		return false;
	sr->pairs[sr->nr_pairs++] = (struct div_pair){ rank, { *left, *right } };
	return true;
}

static int by_rank(const void *a, const void *b)
{
	uint32_t x = ((const struct div_pair *)a)->rank, y = ((const struct div_pair *)b)->rank;

	return x < y ? -1 : x > y;
}

void stretch_feed(struct stretch_rule *sr, int side, const struct step_record *r)
{
	struct seen_page *p;
	uint64_t key;

	if (r->kind == STEP_WORKLOAD && !sr->have_access[side]) {
		sr->access[side] = *r;
		sr->have_access[side] = true;
		return;
	}
	if (!is_scan(r) || r->object == OBJECT_KERNEL || sr->res.oom)
		return;
	key = (uint64_t)r->object << 32 | r->index;
	if (side == 0) {
		if (!grow(sr)) {
			sr->res.oom = true;
			return;
		}
		p = lookup(sr, key);
		if (p->gen == sr->gen) /* later decisions about the page do not count */
			return;
		*p = (struct seen_page){ key, sr->gen, sr->ranked++, 0, *r };
		sr->used++;
		return;
	}
	if (!sr->cap)
		return;
	p = lookup(sr, key);
	if (p->gen != sr->gen || p->right_gen == sr->gen) /* left did not scan it, or not the first */
		return;
	p->right_gen = sr->gen;
	if (p->rec.outcome != r->outcome && decision_fate(p->rec.outcome) == decision_fate(r->outcome) &&
	    decision_fate(r->outcome) != DFATE_OTHER)
		sr->res.worded = true;
	if (!differ(sr, p->rec.outcome, r->outcome))
		return;
	if (!add_pair(sr, p->rank, &p->rec, r)) {
		sr->res.oom = true;
		return;
	}
	if (!sr->res.decision || p->rank < sr->res.rank) {
		sr->res.decision = true;
		sr->res.object = r->object;
		sr->res.index = r->index;
		sr->res.rank = p->rank;
		sr->res.first[0] = p->rec;
		sr->res.first[1] = *r;
	}
}

const struct stretch_result *stretch_end(struct stretch_rule *sr)
{
	struct stretch_result *res = &sr->res;

	if (sr->nr_pairs) /* qsort() may not be given a NULL array, even empty */
		qsort(sr->pairs, sr->nr_pairs, sizeof *sr->pairs, by_rank);
	res->decisions = sr->nr_pairs;
	for (int s = 0; s < 2; s++)
		res->fate[s] = sr->have_access[s] ? fate_of(&sr->access[s]) : FATE_NONE;
	if (res->fate[0] != FATE_NONE && res->fate[1] != FATE_NONE) {
		bool hit0 = res->fate[0] == FATE_HIT, hit1 = res->fate[1] == FATE_HIT;
		if (hit0 != hit1)
			res->loser = hit0 ? 1 : 0;
		else if ((res->fate[0] == FATE_REFAULT) != (res->fate[1] == FATE_REFAULT))
			res->loser = res->fate[0] == FATE_REFAULT ? 0 : 1;
	}
	return res;
}

/* ---- two runs in lockstep ------------------------------------------------- */

int lockstep_start(struct lockstep *ls, const struct workload *const wl[2],
		   const struct reclaim_policy *const p[2], struct engine_error *err)
{
	memset(ls, 0, sizeof *ls);
	for (int s = 0; s < 2; s++)
		if (!(ls->e[s] = engine_new(wl[s], p[s], err))) {
			lockstep_free(ls);
			return -1;
		}
	return 0;
}

void lockstep_free(struct lockstep *ls)
{
	engine_free(ls->e[0]);
	engine_free(ls->e[1]);
	stretch_free(&ls->rule);
	free(ls->map);
	free(ls->dec_n);
	memset(ls, 0, sizeof *ls);
}

static void set_bit(struct lockstep *ls, enum div_kind kind, uint64_t k)
{
	ls->map[k] |= (uint8_t)(1u << kind);
	ls->count[kind]++;
}

bool lockstep_is(const struct lockstep *ls, enum div_kind kind, uint64_t k)
{
	return k >= 1 && k <= ls->k && (ls->map[k] >> kind) & 1;
}

/* Marks stretch k's divergences; fate ones start an episode unless the
 * last one of the same kind was on the same object FATE_GAP accesses ago
 * at most. */
static bool classify(struct lockstep *ls, uint64_t k, const struct stretch_result *res)
{
	if (res->decision) { /* each divergent decision counts */
		if (!grow_array(ls->dec_n, ls->dec_cap, ls->nr_dec + 1, 64))
			return false;
		ls->dec_n[ls->nr_dec++] = res->decisions;
		set_bit(ls, DIV_DECISION, k);
		ls->count[DIV_DECISION] += res->decisions - 1;
	}
	if (res->worded)
		set_bit(ls, DIV_WORDING, k);
	if (res->loser < 0)
		return true;
	for (int kind = DIV_FATE; kind <= DIV_FATE_RIGHT; kind++) {
		uint32_t object = res->loser ? ls->rule.access[1].object : ls->rule.access[0].object;
		if ((kind == DIV_FATE_LEFT && res->loser != 0) || (kind == DIV_FATE_RIGHT && res->loser != 1))
			continue;
		if (!ls->last_k[kind] || k - ls->last_k[kind] > FATE_GAP || ls->last_object[kind] != object)
			set_bit(ls, (enum div_kind)kind, k);
		ls->last_k[kind] = k;
		ls->last_object[kind] = object;
	}
	return true;
}

static bool map_room(struct lockstep *ls, uint64_t k)
{
	if (k < ls->cap)
		return true;
	uint64_t cap = ls->cap ? ls->cap * 2 : 1 << 14;
	uint8_t *m = realloc(ls->map, cap);
	if (!m)
		return false;
	memset(m + ls->cap, 0, cap - ls->cap);
	ls->map = m;
	ls->cap = cap;
	return true;
}

/* Where lockstep_run() stands: reading each side up to its first access,
 * starting stretch k + 1, or reading its left or right half. */
enum phase { PHASE_PRIME_LEFT, PHASE_PRIME_RIGHT, PHASE_BEGIN, PHASE_LEFT, PHASE_RIGHT };

/* Reads side @s up to its next access (kept in ls->next[s]) or its end,
 * feeding the rule when @feed; false when @budget ran out first (the
 * reading goes on at the next call). */
static bool read_stretch(struct lockstep *ls, int s, bool feed, uint64_t *budget)
{
	while (*budget) {
		const struct step_record *r = engine_step(ls->e[s]);
		(*budget)--;
		if (r->kind == STEP_END)
			return true;
		if (r->kind == STEP_WORKLOAD) {
			ls->next[s] = *r;
			ls->have_next[s] = true;
			return true;
		}
		if (feed)
			stretch_feed(&ls->rule, s, r);
	}
	return false;
}

int64_t lockstep_run(struct lockstep *ls, uint64_t steps, uint64_t limit)
{
	uint64_t before = ls->k;

	while (!ls->done) {
		switch ((enum phase)ls->phase) {
		case PHASE_PRIME_LEFT:
		case PHASE_PRIME_RIGHT: /* steps before the first access belong to no stretch */
			if (!read_stretch(ls, ls->phase == PHASE_PRIME_RIGHT, false, &steps))
				return (int64_t)(ls->k - before);
			ls->phase++;
			break;
		case PHASE_BEGIN:
			if (!ls->have_next[0] || !ls->have_next[1]) { /* the runs are over */
				ls->done = true;
				break;
			}
			if (ls->k >= limit)
				return (int64_t)(ls->k - before);
			stretch_begin(&ls->rule);
			for (int s = 0; s < 2; s++) {
				stretch_feed(&ls->rule, s, &ls->next[s]);
				ls->have_next[s] = false;
			}
			ls->phase = PHASE_LEFT;
			break;
		case PHASE_LEFT:
		case PHASE_RIGHT:
			if (!read_stretch(ls, ls->phase == PHASE_RIGHT, true, &steps))
				return (int64_t)(ls->k - before);
			if (ls->phase++ == PHASE_LEFT)
				break;
			if (!map_room(ls, ls->k + 1) || !classify(ls, ls->k + 1, stretch_end(&ls->rule))) {
				ls->done = true;
				return -1;
			}
			ls->k++;
			ls->phase = PHASE_BEGIN;
			break;
		}
	}
	return (int64_t)(ls->k - before);
}

uint64_t lockstep_find(const struct lockstep *ls, enum div_kind kind, uint64_t from, int dir)
{
	if (dir > 0) {
		for (uint64_t k = from + 1; k <= ls->k; k++)
			if (lockstep_is(ls, kind, k))
				return k;
	} else {
		for (uint64_t k = from <= ls->k ? from : ls->k + 1; k-- > 1;)
			if (lockstep_is(ls, kind, k))
				return k;
	}
	return 0;
}

uint64_t lockstep_rank(const struct lockstep *ls, enum div_kind kind, uint64_t k)
{
	uint64_t n = 0, d = 0;

	for (uint64_t i = 1; i <= k && i <= ls->k; i++)
		if (lockstep_is(ls, kind, i))
			n += kind == DIV_DECISION && d < ls->nr_dec ? ls->dec_n[d++] : 1;
	return n;
}
