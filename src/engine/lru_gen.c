/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/lru_gen.c - the multi-gen LRU of Linux 6.1 (the lru_gen section of
 * mm/vmscan.c, lru_gen_add_folio() of include/linux/mm_inline.h,
 * folio_inc_refs() of mm/swap.c, lru_gen_eviction()/lru_gen_refault() of
 * mm/workingset.c)
 *
 * Instead of an active and an inactive list, each type (anon 0, file 1)
 * has up to four generations, numbered by sequence:
 *
 *	 max_seq   youngest: faulted pages, pages the aging found young
 *	 ...
 *	 min_seq   oldest: read() pages enter here; eviction takes its tail
 *
 * Eviction (lru_gen_shrink_lruvec -> evict_folios -> scan_folios) looks
 * only at the oldest generation's list, tail first.  Each page there is
 * sorted (sort_folio: moved on, without a look at its ptes) or isolated
 * for shrink_folio_list(), where 6.1's folio_check_references() of the
 * policy reads the ptes; a young one makes the look-around clear it and
 * its neighbours.  A type with only MIN_NR_GENS (2) generations is not
 * evicted: the aging must first make a new one, by a walk of the page
 * tables that clears every young pte and moves its page to max_seq, then
 * inc_max_seq().  Accesses through read()/write() never move a page; they
 * raise its tier (folio_inc_refs), and a tier is protected only once the
 * feedback loop has seen it refault (64 refaults at least) at more than
 * twice tier 0's rate.
 *
 * Each page looked at is a step (STEP_SORT: sorted, isolated, skipped;
 * STEP_SCAN_INACTIVE: shrink_folio_list), and so is each young pte the
 * walk finds and each inc_max_seq()/inc_min_seq() (STEP_AGING).
 *
 * Simplifications, also in the policy's summary and data/README.md: one
 * zone, one node, the root memcg only; no Bloom filters: the walk visits
 * every pte of every mapping should_skip_vma() keeps, and no mm is
 * skipped for holding fewer than 64 pages; no lru_add batch (a page joins
 * its generation when it is added); lazy sorting is kept (the aging and
 * the look-around change a page's gen counter, sort_folio() moves it);
 * evict_folios()'s retry of clean cold survivors is not made (they go to
 * max_seq, as a retried one does); kswapd keeps the engine's 2.6.34
 * balance_pgdat() loop, calling lru_gen_age_node() before every priority
 * and lru_gen_shrink_lruvec() in place of shrink_zone() (a hybrid), with
 * no all_unreclaimable; should_abort_scan() without the fatal signal;
 * dirty file pages are never written by reclaim (one found dirty at unmap
 * is activated with PG_reclaim, engine/vmscan.c shrink_page()), only by the
 * flusher wake-up the engine's
 * direct reclaim keeps from 2.6.34 and by a kswapd pass or a direct
 * reclaim that freed nothing (6.1 wakes the flushers from dirty thresholds
 * and timers, not modelled: without the last, memory full of dirty file
 * pages and no kswapd failed every allocation after twelve priorities of
 * sorting); timestamps count steps.
 */
#include <string.h>

#include "list.h"
#include "lru_gen.h"
#include "mlock.h"
#include "page_alloc.h"
#include "vmscan.h"
#include "writeback.h"

/* ---- generations ---------------------------------------------------------- */

void lru_gen_init(struct engine *e)
{
	struct lru_gen_state *lg = &e->c.lg;

	/* 6.1 mm/vmscan.c:5812: lrugen->enabled = lru_gen_enabled(); the
	 * state stays zero under the two lists (a record's max_seq 0) */
	if (!lru_gen_enabled(e))
		return;
	/* 6.1 mm/vmscan.c:5811 lru_gen_init_lruvec(): max_seq = MIN_NR_GENS + 1 */
	lg->max_seq = MIN_NR_GENS + 1;
	lg->min_seq[0] = lg->min_seq[1] = 0;
}

static unsigned get_nr_gens(const struct engine *e, unsigned type)
{
	return (unsigned)(e->c.lg.max_seq - e->c.lg.min_seq[type] + 1);
}

static unsigned page_type(const struct page *p)
{
	return page_is_file_cache(p);
}

static void set_gen_counter(struct page *p, unsigned counter)
{
	p->flags = (uint16_t)((p->flags & ~LRU_GEN_MASK) | counter << LRU_GEN_PGOFF);
}

/* The refs counter, PG_referenced and PG_workingset cleared (the kernel's
 * LRU_REFS_MASK | LRU_REFS_FLAGS). */
static void clear_refs(struct page *p)
{
	p->flags &= (uint16_t) ~(LRU_REFS_MASK | 1u << PG_workingset | 1u << PG_referenced);
}

/* lru_gen_update_size() of 6.1 (include/linux/mm_inline.h:174): @page
 * counts @delta in generation @gen's size, and in its object's (what
 * engine_object() counts as active: the two youngest generations). */
static void gen_size_add(struct engine *e, const struct page *page, unsigned gen, int delta)
{
	e->c.lg.nr_pages[gen][page_type(page)] += delta;
	e->obj[page->object].gen_pages[gen] += (uint32_t)delta;
}

/* 6.1 include/linux/mm_inline.h:220 lru_gen_add_folio(): false, the page
 * left to the two lists, when the policy runs them (:231). */
bool lru_gen_add_folio(struct engine *e, uint32_t pfn, bool reclaiming)
{
	struct lru_gen_state *lg = &e->c.lg;
	struct page *page = pfn_to_page(e, pfn);
	unsigned type = page_type(page), gen;
	uint64_t seq;

	if (!lru_gen_enabled(e))
		return false;
	if (PageActive(page)) /* hot: faulted in, or rejected by reclaim */
		seq = lg->max_seq;
	else if ((type == 0 && !PageSwapCache(page)) ||
		 (page_test(page, PG_reclaim) && (PageDirty(page) || PageWriteback(page))))
		seq = lg->min_seq[type] + 1; /* cold but not evictable yet */
	else
		seq = lg->min_seq[type]; /* cold and clean */
	gen = lru_gen_from_seq(seq);
	set_gen_counter(page, gen + 1);
	page_clear(page, PG_active);
	gen_size_add(e, page, gen, 1);
	if (reclaiming)
		list_add_tail(e, pfn, lru_gen_list(gen, type));
	else
		list_add_head(e, pfn, lru_gen_list(gen, type));
	return true;
}

void lru_gen_del_folio(struct engine *e, struct page *page)
{
	unsigned counter = folio_gen_counter(page);

	if (!counter)
		return;
	gen_size_add(e, page, counter - 1, -1);
	set_gen_counter(page, 0);
}

/* 6.1 mm/vmscan.c:3648 folio_update_gen(): a page found young joins
 * generation @gen, refs reset; an isolated one gets PG_referenced instead,
 * for shrink_folio_list(). */
static void folio_update_gen(struct engine *e, struct page *page, unsigned gen)
{
	unsigned counter = folio_gen_counter(page);

	if (!counter) {
		SetPageReferenced(page);
		return;
	}
	clear_refs(page);
	gen_size_add(e, page, counter - 1, -1);
	gen_size_add(e, page, gen, 1);
	set_gen_counter(page, gen + 1);
}

/* 6.1 mm/vmscan.c:3671 folio_inc_gen(): a page of the oldest generation
 * moves to the next, refs reset (PG_reclaim set when @reclaiming); one the
 * aging already promoted keeps its generation.  Returns the new gen. */
static unsigned folio_inc_gen(struct engine *e, struct page *page, bool reclaiming)
{
	unsigned type = page_type(page), old_gen = lru_gen_from_seq(e->c.lg.min_seq[type]);
	unsigned counter = folio_gen_counter(page), new_gen;

	if (counter && counter - 1 != old_gen)
		return counter - 1;
	new_gen = (old_gen + 1) % MAX_NR_GENS;
	clear_refs(page);
	if (reclaiming)
		page_set(page, PG_reclaim);
	gen_size_add(e, page, old_gen, -1);
	gen_size_add(e, page, new_gen, 1);
	set_gen_counter(page, new_gen + 1);
	return new_gen;
}

/* list_del() of the page at @pfn, the tail of the generation's list @l
 * (where all the callers take pages): told that @l is one, the compiler
 * drops list_del_from()'s tests for an active list and a cgroup's list
 * (neither can it be), on every page the eviction sorts or isolates.
 * The callers pass the pfns they know, from scan_folio() to move_to() and
 * lru_gen_add_folio(), in place of page_to_pfn() (a division by the 28
 * bytes of a struct page); the figures: tests/bench/README.md. */
static void gen_list_del_tail(struct engine *e, uint32_t pfn, enum lru_list l)
{
	if (l < LRU_GEN_FIRST || l > LRU_GEN_LAST)
		__builtin_unreachable();
	list_del_tail(e, pfn, l);
}

/* The page at @pfn, the tail of a generation's list, moves to generation
 * @gen. */
static void move_to(struct engine *e, uint32_t pfn, unsigned gen, bool tail)
{
	struct page *page = pfn_to_page(e, pfn);

	gen_list_del_tail(e, pfn, (enum lru_list)page->lru);
	if (tail)
		list_add_tail(e, pfn, lru_gen_list(gen, page_type(page)));
	else
		list_add_head(e, pfn, lru_gen_list(gen, page_type(page)));
}

/* ---- accesses through file descriptors ------------------------------------- */

/* 6.1 mm/swap.c:431 folio_inc_refs(): 1 access sets PG_referenced, 2 set
 * PG_workingset, more count in the 2-bit refs counter up to 3.  No list
 * move, no pgactivate. */
enum branch folio_inc_refs(struct engine *e, struct page *page, struct step_record *r)
{
	enum branch br;

	(void)e;
	if (PageUnevictable(page)) {
		br = BR_MPA_NOTHING;
	} else if (!PageReferenced(page)) {
		SetPageReferenced(page);
		br = BR_INC_REFS_REFERENCED;
	} else if (!PageWorkingset(page)) {
		page_set(page, (enum pageflags)PG_workingset);
		br = BR_INC_REFS_WORKINGSET;
	} else if ((page->flags & LRU_REFS_MASK) == LRU_REFS_MASK) {
		br = BR_INC_REFS_SATURATED;
	} else {
		page->flags = (uint16_t)(page->flags + (1u << LRU_REFS_PGOFF));
		br = BR_INC_REFS_COUNT;
	}
	if (r) {
		r->branch = (uint16_t)br;
		r->outcome = br == BR_MPA_NOTHING || br == BR_INC_REFS_SATURATED ? OUT_NONE : OUT_REFERENCE;
		r->refs = (uint8_t)folio_lru_refs(page);
		r->gen = (uint8_t)folio_gen_counter(page);
	}
	return br;
}

/* ---- the shadow of an evicted page (mm/workingset.c) ------------------------ */

/* Shadow bits: workingset (1), refs - 1 (2), min_seq (27, truncated as the
 * kernel's EVICTION_MASK truncates it). */
#define SHADOW_SEQ_BITS 27u
#define SHADOW_SEQ_MASK ((1u << SHADOW_SEQ_BITS) - 1)

static void account_evicted(struct engine *e, unsigned type, unsigned tier)
{
	e->c.lg.evicted[type][tier]++;
}

/* 6.1 mm/workingset.c:220 lru_gen_eviction(). */
uint32_t lru_gen_eviction(struct engine *e, const struct page *page)
{
	unsigned type = page_type(page), refs = folio_lru_refs(page);
	uint32_t seq = (uint32_t)(e->c.lg.min_seq[type] & SHADOW_SEQ_MASK);

	account_evicted(e, type, lru_tier_from_refs(refs));
	return seq << 3 | (refs ? refs - 1 : 0) << 1 | (refs != 0);
}

/* 6.1 mm/workingset.c:247 lru_gen_refault(). */
bool lru_gen_refault(struct engine *e, struct page *page, uint32_t old, bool in_fault)
{
	struct lru_gen_state *lg = &e->c.lg;
	unsigned type = page_type(page), refs, tier;
	uint32_t token = SLOT_VAL(old);

	if (SLOT_TAG(old) != SLOT_SHADOW && SLOT_TAG(old) != SLOT_SWAP)
		return false;
	/* a page evicted from a generation since retired is not counted */
	if ((token >> 3) != (uint32_t)(lg->min_seq[type] & SHADOW_SEQ_MASK))
		return false;
	refs = (token >> 1 & 3) + (token & 1);
	tier = lru_tier_from_refs(refs);
	lg->refaulted[type][tier]++;
	count_vm_event(e, type ? WORKINGSET_REFAULT : WORKINGSET_REFAULT_ANON);
	/* a fault's refault, or one of the saturated tier: PG_workingset */
	if (in_fault || refs == MAX_NR_TIERS) {
		page_set(page, (enum pageflags)PG_workingset);
		count_vm_event(e, type ? WORKINGSET_RESTORE_FILE : WORKINGSET_RESTORE_ANON);
	}
	return true;
}

/* ---- the feedback loop (6.1 mm/vmscan.c:3554-3641, 4889-4935) --------------- */

struct ctrl_pos {
	uint64_t refaulted, total;
	unsigned gain;
};

static struct ctrl_pos read_ctrl_pos(const struct engine *e, unsigned type, unsigned tier, unsigned gain)
{
	const struct lru_gen_state *lg = &e->c.lg;
	struct ctrl_pos pos = {
		.refaulted = lg->avg_refaulted[type][tier] + lg->refaulted[type][tier],
		.total = lg->avg_total[type][tier] + lg->evicted[type][tier],
		.gain = gain,
	};

	if (tier)
		pos.total += lg->protected_[type][tier - 1];
	return pos;
}

/* At every advance of min_seq[type]: the moving averages take half of the
 * generation just retired, whose counts start again from 0. */
static void reset_ctrl_pos(struct engine *e, unsigned type)
{
	struct lru_gen_state *lg = &e->c.lg;

	for (unsigned tier = 0; tier < MAX_NR_TIERS; tier++) {
		uint64_t total = lg->avg_total[type][tier] + lg->evicted[type][tier];

		if (tier)
			total += lg->protected_[type][tier - 1];
		lg->avg_refaulted[type][tier] =
			(lg->avg_refaulted[type][tier] + lg->refaulted[type][tier]) / 2;
		lg->avg_total[type][tier] = total / 2;
		lg->refaulted[type][tier] = lg->evicted[type][tier] = 0;
		if (tier)
			lg->protected_[type][tier - 1] = 0;
	}
}

/* True: the process variable refaults no more than the set point (fewer
 * than 64 refaults always counts as no more). */
static bool positive_ctrl_err(const struct ctrl_pos *sp, const struct ctrl_pos *pv)
{
	return pv->refaulted < MIN_LRU_BATCH || pv->refaulted * (sp->total + MIN_LRU_BATCH) * sp->gain <=
							(sp->refaulted + 1) * pv->total * pv->gain;
}

/* get_tier_idx(): tiers above the result are protected. */
static int get_tier_idx(const struct engine *e, unsigned type)
{
	struct ctrl_pos sp = read_ctrl_pos(e, type, 0, 1), pv;
	unsigned tier;

	for (tier = 1; tier < MAX_NR_TIERS; tier++) {
		pv = read_ctrl_pos(e, type, tier, 2);
		if (!positive_ctrl_err(&sp, &pv))
			break;
	}
	return (int)tier - 1;
}

static unsigned get_type_to_scan(const struct engine *e, unsigned swappiness, int *tier_idx)
{
	unsigned gain[2] = { swappiness, 200 - swappiness }, type, tier;
	struct ctrl_pos sp = read_ctrl_pos(e, 0, 0, gain[0]), pv = read_ctrl_pos(e, 1, 0, gain[1]);

	type = positive_ctrl_err(&sp, &pv);
	sp = read_ctrl_pos(e, !type, 0, gain[!type]);
	for (tier = 1; tier < MAX_NR_TIERS; tier++) {
		pv = read_ctrl_pos(e, type, tier, gain[type]);
		if (!positive_ctrl_err(&sp, &pv))
			break;
	}
	*tier_idx = (int)tier - 1;
	return type;
}

/* ---- retiring and opening generations -------------------------------------- */

/* 6.1 mm/vmscan.c:4268 try_to_inc_min_seq(): past empty oldest
 * generations; with swap, file may not get ahead of anon. */
static bool try_to_inc_min_seq(struct engine *e, bool can_swap)
{
	struct lru_gen_state *lg = &e->c.lg;
	uint64_t min_seq[2] = { lg->min_seq[0], lg->min_seq[1] };
	bool success = false;

	for (unsigned type = !can_swap; type < 2; type++)
		while (min_seq[type] + MIN_NR_GENS <= lg->max_seq &&
		       !e->c.lists[lru_gen_list(lru_gen_from_seq(min_seq[type]), type)].nr)
			min_seq[type]++;
	if (can_swap) {
		min_seq[0] = min_seq[0] < min_seq[1] ? min_seq[0] : min_seq[1];
		min_seq[1] = min_seq[0] > lg->min_seq[1] ? min_seq[0] : lg->min_seq[1];
	}
	for (unsigned type = !can_swap; type < 2; type++) {
		if (min_seq[type] == lg->min_seq[type])
			continue;
		reset_ctrl_pos(e, type);
		lg->min_seq[type] = min_seq[type];
		success = true;
	}
	return success;
}

/* 6.1 mm/vmscan.c:4232 inc_min_seq(): the oldest generation's pages move
 * to the next one (anon without swap: min_seq just moves on).  Its own
 * callers reach it only at four generations. */
static void inc_min_seq(struct engine *e, unsigned type, bool can_swap)
{
	struct lru_gen_state *lg = &e->c.lg;
	enum lru_list l = lru_gen_list(lru_gen_from_seq(lg->min_seq[type]), type);

	if (type == 1 || can_swap) {
		while (e->c.lists[l].nr) {
			uint32_t pfn = e->c.lists[l].tail;
			move_to(e, pfn, folio_inc_gen(e, pfn_to_page(e, pfn), false), true);
		}
	}
	reset_ctrl_pos(e, type);
	lg->min_seq[type]++;
}

static void inc_max_seq(struct engine *e)
{
	struct lru_gen_state *lg = &e->c.lg;

	lg->timestamps[lru_gen_from_seq(lg->max_seq + 1)] = e->c.step;
	lg->max_seq++;
}

/* ---- the aging --------------------------------------------------------------- */

/* get_swappiness(): 0 without 64 free swap slots. */
static unsigned get_swappiness(const struct engine *e)
{
	if (!e->wl->memory.swap_pages || e->c.swap_free < MIN_LRU_BATCH)
		return 0;
	return e->wl->memory.swappiness;
}

/* 6.1 mm/vmscan.c:4431 should_run_aging(). */
static bool should_run_aging(const struct engine *e, bool can_swap, uint64_t *nr_to_scan)
{
	const struct lru_gen_state *lg = &e->c.lg;
	uint64_t old = 0, young = 0, total = 0, min_seq = lg->min_seq[!can_swap];

	for (unsigned type = !can_swap; type < 2; type++)
		for (uint64_t seq = lg->min_seq[type]; seq <= lg->max_seq; seq++) {
			int64_t n = lg->nr_pages[lru_gen_from_seq(seq)][type];
			uint64_t size = n > 0 ? (uint64_t)n : 0;

			total += size;
			if (seq == lg->max_seq)
				young += size;
			else if (seq + MIN_NR_GENS == lg->max_seq)
				old += size;
		}
	*nr_to_scan = total >> e->c.rs.sc.priority;
	if (min_seq + MIN_NR_GENS > lg->max_seq) /* two generations: eviction stalls */
		return true;
	if (min_seq + MIN_NR_GENS < lg->max_seq) /* four */
		return false;
	/* three: too many young pages, or too few old ones */
	return young * MIN_NR_GENS > total || old * (MIN_NR_GENS + 2) < total;
}

/* try_to_inc_max_seq(): the walk begins; inc_max_seq() follows it, then
 * reclaim resumes at @after. */
static void start_walk(struct engine *e, bool can_swap, enum reclaim_stage after)
{
	struct lru_gen_state *lg = &e->c.lg;

	lg->walk_obj = lg->walk_index = 0;
	lg->walk_as = 0;
	lg->walk_can_swap = can_swap;
	lg->walk_young = 0;
	lg->after_walk = (uint8_t)after;
	lg->walk_struct = true; /* direct reclaim has one once it aged */
	e->c.rs.stage = RS_LRU_GEN_WALK;
}

/* should_skip_vma(): locked and MADV_SEQUENTIAL mappings are not walked,
 * nor anonymous ones without swap. */
static bool should_skip_vma(const struct engine *e, const struct vma *v, uint32_t obj, bool can_swap)
{
	if (!v->in_use || (v->flags & (VM_LOCKED | VM_SEQ_READ)))
		return true;
	return !can_swap && e->wl->objects[obj].type == OBJ_ANON;
}

static void fill_page(const struct engine *e, const struct page *p, struct step_record *r)
{
	r->pfn = page_to_pfn(e, p);
	r->object = p->object;
	r->index = p->index;
	r->inputs |= page_inputs(p);
	if (PageReferenced(p))
		r->inputs |= IN_REFERENCED_PAGE;
	if (PageWorkingset(p))
		r->inputs |= IN_WORKINGSET;
	if (p->young)
		r->inputs |= IN_YOUNG;
	if (PageWriteback(p))
		r->inputs |= IN_WRITEBACK;
	r->gen = (uint8_t)folio_gen_counter(p);
	r->refs = (uint8_t)folio_lru_refs(p);
}

/* walk_pte_range() on: up to the next young pte, which is cleared and its
 * page moved to max_seq's generation.  False when the walk is over.  A
 * step visits the ptes up to the young one, so the walk costs a visit per
 * pte of the walked mappings, spread over the steps that find one. */
static bool walk_step(struct engine *e, struct step_record *r)
{
	struct lru_gen_state *lg = &e->c.lg;
	unsigned gen = lru_gen_from_seq(lg->max_seq);

	for (; lg->walk_obj < e->wl->nr_objects; lg->walk_obj++, lg->walk_as = 0, lg->walk_index = 0) {
		for (; lg->walk_as < MAX_MAPPINGS; lg->walk_as++, lg->walk_index = 0) {
			const struct vma *v = object_vma(e, lg->walk_obj, lg->walk_as);
			uint8_t bit = (uint8_t)(1u << lg->walk_as);

			if (should_skip_vma(e, v, lg->walk_obj, lg->walk_can_swap))
				continue;
			if (lg->walk_index < v->first)
				lg->walk_index = v->first;
			for (; lg->walk_index < v->first + v->count; lg->walk_index++) {
				uint32_t slot = *page_slot(e, lg->walk_obj, lg->walk_index);
				struct page *p;

				if (SLOT_TAG(slot) != SLOT_PAGE)
					continue;
				p = pfn_to_page(e, SLOT_VAL(slot));
				if (!(p->mapped & bit))
					continue;
				lg->mm_leaf[0]++;
				if (!(p->young & bit)) {
					lg->mm_leaf[1]++;
					continue;
				}
				lg->mm_leaf[2]++;
				lg->walk_young++;
				if (r) {
					r->kind = STEP_AGING;
					r->func = FN_WALK_PTE_RANGE;
					r->branch = BR_AGE_YOUNG;
					r->outcome = OUT_NONE;
					fill_page(e, p, r);
					/* the generation the page leaves: its gen
					 * counter's, not its list's (a page the walk
					 * promoted before stays on its old list until
					 * sort_folio() moves it) */
					r->from = folio_gen_counter(p)
							  ? (uint8_t)lru_gen_list(folio_gen_counter(p) - 1,
										  page_type(p))
							  : p->lru;
				}
				p->young &= (uint8_t)~bit;
				/* the pte's dirty bit goes to the page */
				if ((p->pte_dirty & bit) && !(PageAnon(p) && !PageSwapCache(p)))
					page_set(p, PG_dirty);
				folio_update_gen(e, p, gen);
				if (r)
					r->to = folio_gen_counter(p)
							? (uint8_t)lru_gen_list(gen, page_type(p))
							: p->lru;
				else
					count_rule(e, STEP_AGING, BR_AGE_YOUNG, BR_NONE);
				lg->walk_index++;
				return true;
			}
		}
	}
	return false;
}

/* The step after the walk: inc_max_seq(), which first retires the oldest
 * generation of a type that has four (file first, inc_min_seq()), under
 * the same lock in 6.1, so in the same step here (the record's action
 * says it did). */
static void inc_step(struct engine *e, struct step_record *r)
{
	struct lru_gen_state *lg = &e->c.lg;
	enum branch action = BR_NONE;

	for (int type = 1; type >= 0; type--) {
		if (get_nr_gens(e, (unsigned)type) != MAX_NR_GENS)
			continue;
		inc_min_seq(e, (unsigned)type, lg->walk_can_swap);
		action = BR_INC_MIN_SEQ;
	}
	inc_max_seq(e);
	if (r) {
		r->kind = STEP_AGING;
		r->func = FN_INC_MAX_SEQ;
		r->branch = BR_INC_MAX_SEQ;
		r->action = (uint16_t)action;
		r->count = (uint32_t)lg->walk_young;
	} else {
		count_rule(e, STEP_AGING, BR_INC_MAX_SEQ, action);
	}
	e->c.rs.stage = lg->after_walk;
}

/* ---- the look-around (6.1 mm/vmscan.c:4589) ---------------------------------- */

void lru_gen_look_around(struct engine *e, struct page *page, unsigned as)
{
	struct lru_gen_state *lg = &e->c.lg;
	const struct vma *v = object_vma(e, page->object, as);
	uint32_t off = page->index - v->first, start, end, promote[MIN_LRU_BATCH];
	unsigned nr = 0, gen = lru_gen_from_seq(lg->max_seq);
	uint8_t bit = (uint8_t)(1u << as);

	/* the ptes of the same mapping in the same PMD (512 ptes), at most 64
	 * of them around this one */
	start = off & ~511u;
	end = start + 512 < v->count ? start + 512 : v->count;
	if (end - start > MIN_LRU_BATCH) {
		if (off - start < MIN_LRU_BATCH / 2)
			end = start + MIN_LRU_BATCH;
		else if (end - off < MIN_LRU_BATCH / 2)
			start = end - MIN_LRU_BATCH;
		else {
			start = off - MIN_LRU_BATCH / 2;
			end = off + MIN_LRU_BATCH / 2;
		}
	}
	for (uint32_t i = start; i < end; i++) {
		uint32_t slot = *page_slot(e, page->object, v->first + i);
		struct page *q;

		if (SLOT_TAG(slot) != SLOT_PAGE)
			continue;
		q = pfn_to_page(e, SLOT_VAL(slot));
		if (!(q->mapped & bit) || !(q->young & bit))
			continue;
		q->young &= (uint8_t)~bit;
		if ((q->pte_dirty & bit) && !(PageAnon(q) && !PageSwapCache(q)))
			page_set(q, PG_dirty);
		if (!folio_gen_counter(q))
			SetPageReferenced(q); /* isolated: for shrink_folio_list() */
		else if (folio_gen_counter(q) - 1 != gen)
			promote[nr++] = SLOT_VAL(slot);
	}
	/* without a walk struct, a few pages are activated one by one
	 * (folio_activate(), pgactivate); otherwise their gen counter moves */
	if (!lg->walk_struct && nr < 15) {
		for (unsigned i = 0; i < nr; i++) {
			struct page *q = pfn_to_page(e, promote[i]);

			list_del(e, promote[i]);
			lru_gen_del_folio(e, q);
			page_set(q, PG_active);
			lru_gen_add_folio(e, promote[i], false);
			count_vm_event(e, PGACTIVATE);
		}
		return;
	}
	for (unsigned i = 0; i < nr; i++)
		folio_update_gen(e, pfn_to_page(e, promote[i]), gen);
}

/* ---- put back and rotation ----------------------------------------------------- */

/* 6.1 mm/vmscan.c:5013-5040, evict_folios(): a page being written keeps
 * its generation rule (min_seq + 1); any other survivor goes to max_seq
 * with its refs reset. */
bool lru_gen_putback(struct engine *e, uint32_t pfn)
{
	struct page *page = pfn_to_page(e, pfn);

	if (!lru_gen_enabled(e))
		return false;
	if (page_test(page, PG_reclaim) && (PageDirty(page) || PageWriteback(page))) {
		if (PageWorkingset(page))
			SetPageReferenced(page);
	} else {
		clear_refs(page);
		page_set(page, PG_active);
	}
	return lru_gen_add_folio(e, pfn, false);
}

unsigned lru_gen_file_lists(const struct engine *e, uint8_t *out)
{
	const struct lru_gen_state *lg = &e->c.lg;
	unsigned n = 0;

	for (; lru_gen_enabled(e) && n < MAX_NR_GENS && lg->min_seq[1] + n <= lg->max_seq; n++)
		out[n] = (uint8_t)lru_gen_list(lru_gen_from_seq(lg->min_seq[1] + n), 1);
	return n;
}

/* ---- the eviction -------------------------------------------------------------- */

void lru_gen_reclaim_begin(struct engine *e, bool kswapd)
{
	if (!lru_gen_enabled(e))
		return;
	/* balance_pgdat()'s scan_control starts zeroed */
	e->c.lg.memcgs_need_aging = false;
	e->c.lg.walk_struct = kswapd;
	e->c.lg.last_reclaimed = 0;
}

/*
 * 6.1 under the multi-gen LRU wakes no flusher from reclaim (only
 * shrink_inactive_list() does); its dirty file pages wait for background
 * writeback, which the engine has no clock for: a reclaim that gives up
 * having freed nothing (kswapd's pass at order 0, direct reclaim at every
 * priority) stands in for it and writes them all.
 */
void lru_gen_reclaim_fruitless(struct engine *e)
{
	if (lru_gen_enabled(e))
		wakeup_flusher_threads(e, 0);
}

/* 6.1 mm/vmscan.c:4527 lru_gen_age_node(), kswapd's aging before each
 * priority: skipped once after an eviction that needed none. */
void lru_gen_age_node(struct engine *e)
{
	struct lru_gen_state *lg = &e->c.lg;
	unsigned swappiness = get_swappiness(e);
	uint64_t nr;

	lg->last_reclaimed = e->c.rs.sc.nr_reclaimed;
	e->c.rs.stage = RS_PRIORITY;
	if (!lg->memcgs_need_aging) {
		lg->memcgs_need_aging = true;
		return;
	}
	if (should_run_aging(e, swappiness != 0, &nr))
		start_walk(e, swappiness != 0, RS_PRIORITY);
}

void lru_gen_shrink_begin(struct engine *e)
{
	struct lru_gen_state *lg = &e->c.lg;

	lg->shrink_scanned = 0;
	lg->shrink_reclaimed = e->c.rs.sc.nr_reclaimed;
	lg->need_aging = lg->need_swapping = false;
	lg->seq_at_start = lg->max_seq;
	if (e->c.rs.sc.reclaimer != RECLAIMER_KSWAPD)
		lg->walk_struct = false; /* set_mm_walk(): none until it ages */
	e->c.rs.stage = RS_LRU_GEN;
}

/* The top of lru_gen_shrink_lruvec()'s loop: get_nr_to_scan(). */
static void shrink_loop_top(struct engine *e)
{
	struct lru_gen_state *lg = &e->c.lg;
	struct scan_control *sc = &e->c.rs.sc;
	bool can_swap;
	uint64_t nr;

	lg->swappiness = (uint8_t)get_swappiness(e);
	can_swap = lg->swappiness != 0;
	lg->need_aging = should_run_aging(e, can_swap, &nr);
	lg->nr_to_scan = nr;
	e->c.rs.stage = RS_LRU_GEN_EVICT;
	if (!lg->need_aging)
		goto check;
	if (sc->priority == DEF_PRIORITY) /* skip the aging at the default priority */
		goto done;
	if (sc->reclaimer == RECLAIMER_KSWAPD) { /* leave it to lru_gen_age_node() */
		lg->nr_to_scan = 0;
		goto check;
	}
	start_walk(e, can_swap, RS_LRU_GEN_EVICT);
	return;
done:
	if (lg->min_seq[!can_swap] + MIN_NR_GENS > lg->max_seq)
		lg->nr_to_scan = 0;
check:
	if (!lg->nr_to_scan)
		e->c.rs.stage = RS_ZONE_DONE;
}

/* scan_folios() begins on @type with tier cut-off @tier. */
static void scan_begin(struct engine *e, unsigned type, int tier)
{
	struct lru_gen_state *lg = &e->c.lg;

	lg->type = (uint8_t)type;
	lg->tier_idx = (int8_t)tier;
	lg->remaining = MAX_LRU_BATCH;
	lg->scanned = lg->sorted = lg->isolated = lg->skipped = 0;
	/* a type down to two generations is not evicted */
	lg->unseen = get_nr_gens(e, type) == MIN_NR_GENS
			     ? 0
			     : e->c.lists[lru_gen_list(lru_gen_from_seq(lg->min_seq[type]), type)].nr;
}

/* 6.1 mm/vmscan.c:4937 isolate_folios(): the type, then the tier. */
static void evict_begin(struct engine *e)
{
	struct lru_gen_state *lg = &e->c.lg;
	unsigned sw = lg->swappiness, type;
	int tier = -1;

	lg->evict_reclaimed = e->c.rs.sc.nr_reclaimed;
	/* without swappiness, file; the older type; swappiness 1 means file
	 * first, 200 anon first; else the feedback loop decides */
	if (sw && (lg->min_seq[0] < lg->min_seq[1] || sw == 200))
		type = 0;
	else if (sw <= 1)
		type = 1;
	else
		type = get_type_to_scan(e, sw, &tier);
	lg->attempts = sw ? 2 : 1;
	if (tier < 0)
		tier = get_tier_idx(e, type);
	scan_begin(e, type, tier);
	e->c.rs.stage = RS_LRU_GEN_SCAN;
}

/* 6.1 mm/vmscan.c:4714 sort_folio(), in the kernel's order.  The branch
 * that moved the page on, or BR_NONE. */
static enum branch sort_folio(struct engine *e, uint32_t pfn, struct page *p, struct step_record *r)
{
	struct lru_gen_state *lg = &e->c.lg;
	unsigned type = page_type(p), gen = folio_gen_counter(p) - 1;
	unsigned tier = lru_tier_from_refs(folio_lru_refs(p));
	enum branch br;

	if (!page_evictable(e, p)) {
		putback_lru_page(e, p); /* counts unevictable_pgs_culled */
		br = BR_SORT_UNEVICTABLE;
	} else if (gen != lru_gen_from_seq(lg->min_seq[type])) {
		move_to(e, pfn, gen, false); /* promoted by the aging or a look-around */
		br = BR_SORT_PROMOTED;
	} else if ((int)tier > lg->tier_idx) {
		move_to(e, pfn, folio_inc_gen(e, p, false), true);
		lg->protected_[type][tier - 1]++;
		count_vm_event(e, type ? WORKINGSET_ACTIVATE : WORKINGSET_ACTIVATE_ANON);
		br = BR_SORT_PROTECTED;
	} else if (PageWriteback(p) || (type == 1 && PageDirty(p))) {
		move_to(e, pfn, folio_inc_gen(e, p, true), false);
		br = BR_SORT_WRITEBACK;
	} else {
		return BR_NONE;
	}
	if (r) {
		r->branch = (uint16_t)br;
		r->func = FN_SORT_FOLIO;
		r->outcome = br == BR_SORT_UNEVICTABLE ? OUT_CULL
			     : br == BR_SORT_PROTECTED ? OUT_ACTIVATE
						       : OUT_ROTATE;
	}
	e->c.decisions[br == BR_SORT_UNEVICTABLE ? OUT_CULL
		       : br == BR_SORT_PROTECTED ? OUT_ACTIVATE
						 : OUT_ROTATE]++;
	return br;
}

/* 6.1 mm/vmscan.c:4776 isolate_folio(): BR_ISOLATE or BR_ISOLATE_SKIP. */
static enum branch isolate_folio(struct engine *e, uint32_t pfn, struct page *p, enum lru_list l,
				 struct step_record *r)
{
	/* a reclaimer that may not write (laptop mode) cannot take a dirty
	 * page or an anonymous one without a swap slot */
	if (!e->c.rs.sc.may_writepage && (PageDirty(p) || (PageAnon(p) && !PageSwapCache(p)))) {
		gen_list_del_tail(e, pfn, l);
		list_add_head(e, pfn, (enum lru_list)lru_gen_list(folio_gen_counter(p) - 1, page_type(p)));
		if (r) {
			r->func = FN_ISOLATE_FOLIO;
			r->branch = BR_ISOLATE_SKIP;
		}
		return BR_ISOLATE_SKIP;
	}
	if (!PageReferenced(p))
		p->flags &= (uint16_t) ~(LRU_REFS_MASK | 1u << PG_workingset);
	page_clear(p, PG_reclaim);
	page_clear(p, PG_referenced);
	gen_list_del_tail(e, pfn, l);
	lru_gen_del_folio(e, p);
	list_add_head(e, pfn, LRU_ISOLATED);
	if (r) {
		r->func = FN_ISOLATE_FOLIO;
		r->branch = BR_ISOLATE;
	}
	return BR_ISOLATE;
}

/* The oldest generation's list of the type scan_folios() scans. */
static enum lru_list scan_list(const struct engine *e)
{
	const struct lru_gen_state *lg = &e->c.lg;

	return lru_gen_list(lru_gen_from_seq(lg->min_seq[lg->type]), lg->type);
}

/* How many more pages scan_folios() may look at before one of its limits
 * (the pages it has not seen, MAX_LRU_BATCH, MIN_LRU_BATCH isolated or
 * skipped) can stop it: each page lowers the first two by one and raises
 * one of the last two by one at most.  0: it stops now. */
static uint32_t scan_budget(const struct lru_gen_state *lg)
{
	uint32_t n = lg->unseen < lg->remaining ? lg->unseen : lg->remaining;

	if (lg->isolated >= MIN_LRU_BATCH || lg->skipped >= MIN_LRU_BATCH)
		return 0;
	if (MIN_LRU_BATCH - lg->isolated < n)
		n = MIN_LRU_BATCH - lg->isolated;
	if (MIN_LRU_BATCH - lg->skipped < n)
		n = MIN_LRU_BATCH - lg->skipped;
	return n;
}

/* One page of scan_folios(): @pfn, the tail of the oldest generation's
 * list @l, sorted or isolated. */
static void scan_folio(struct engine *e, uint32_t pfn, enum lru_list l, struct step_record *r)
{
	struct lru_gen_state *lg = &e->c.lg;
	struct page *p = pfn_to_page(e, pfn);
	enum branch br;

	if (r) {
		r->kind = STEP_SORT;
		fill_page(e, p, r);
		r->from = (uint8_t)l;
		r->tier_idx = (uint8_t)(lg->tier_idx + 1);
		if (mapping_mapped(e, p))
			r->inputs |= IN_MAPPING_MAPPED;
	}
	lg->unseen--;
	lg->remaining--;
	lg->scanned++;
	br = sort_folio(e, pfn, p, r);
	if (br != BR_NONE)
		lg->sorted++;
	else if ((br = isolate_folio(e, pfn, p, l, r)) == BR_ISOLATE)
		lg->isolated++;
	else
		lg->skipped++;
	if (r)
		r->to = p->lru;
	else
		count_rule(e, STEP_SORT, br, BR_NONE);
}

/*
 * The page above @pfn on its list is the one scan_folio() takes next:
 * fetched now, it arrives while this one is sorted or isolated (in
 * scan_step() and lru_gen_scan_run() alike).  Under the multi-gen LRU it
 * stands in for batch_step()'s readahead_hint(), whose guess one batch
 * ahead by file index costs a load of that page's slot, a miss to memory
 * on a pure scan (the figures: tests/bench/README.md).  A hint
 * only: at the list's head (PFN_NONE) the address, computed as an
 * integer, is outside the zone, which a prefetch does not mind.  Always
 * inline, as readahead_hint(): a call that only prefetches is dropped.
 */
static inline __attribute__((always_inline)) void scan_prefetch(const struct engine *e, uint32_t pfn)
{
	uintptr_t next = e->pages[pfn].prev, at = (uintptr_t)e->pages + next * sizeof(struct page);

	/* an integer address on purpose: no test of PFN_NONE on every page */
	__builtin_prefetch((const void *)at); /* NOLINT(performance-no-int-to-ptr) */
}

/* The RS_LRU_GEN_SCAN step: the next page of scan_folios(), if any. */
static bool scan_step(struct engine *e, struct step_record *r)
{
	enum lru_list l = scan_list(e);
	uint32_t pfn = e->c.lists[l].tail;

	if (!scan_budget(&e->c.lg) || pfn == PFN_NONE)
		return false;
	scan_prefetch(e, pfn);
	scan_folio(e, pfn, l, r);
	return true;
}

/* The end of scan_folios(): the counters, and the other type if this one
 * gave nothing; then evict_folios() goes on to shrink_folio_list(). */
static void scan_end(struct engine *e)
{
	struct lru_gen_state *lg = &e->c.lg;
	struct reclaim_state *rs = &e->c.rs;
	bool kswapd = rs->sc.reclaimer == RECLAIMER_KSWAPD;
	uint64_t scanned;

	count_vm_events(e, kswapd ? PGSCAN_KSWAPD : PGSCAN_DIRECT, lg->isolated);
	count_vm_events(e, PGREFILL, lg->sorted);
	count_vm_events(e, lg->type ? PGSCAN_FILE : PGSCAN_ANON, lg->isolated);
	count_vm_events(e, PGSKIP, lg->skipped);
	scanned = lg->isolated || !lg->remaining ? lg->scanned : 0;
	if (!scanned && --lg->attempts) {
		unsigned type = !lg->type;
		scan_begin(e, type, get_tier_idx(e, type));
		return;
	}
	scanned += try_to_inc_min_seq(e, lg->swappiness != 0);
	if (get_nr_gens(e, !lg->swappiness) == MIN_NR_GENS)
		scanned = 0;
	lg->scanned = (uint32_t)scanned; /* evict_folios()'s answer */
	if (lg->type == 0 && e->c.lists[LRU_ISOLATED].nr)
		lg->need_swapping = true;
	rs->sc.nr_scanned += scanned;
	rs->total_scanned += lg->scanned; /* do_try_to_free_pages() wakes the flushers on it */
	if (e->c.lists[LRU_ISOLATED].nr) {
		memset(&rs->batch, 0, sizeof rs->batch);
		rs->batch_lru = LRU_ISOLATED;
		rs->batch_active = 0;
		rs->after_batch = RS_LRU_GEN_EVICTED;
		rs->stage = RS_BATCH;
	} else {
		rs->stage = RS_LRU_GEN_EVICTED;
	}
}

/* 6.1 mm/vmscan.c:5110 should_abort_scan(). */
static bool should_abort_scan(struct engine *e)
{
	struct lru_gen_state *lg = &e->c.lg;
	struct scan_control *sc = &e->c.rs.sc;
	bool kswapd = sc->reclaimer == RECLAIMER_KSWAPD;
	uint64_t goal = e->c.wmark_high > SWAP_CLUSTER_MAX ? e->c.wmark_high : SWAP_CLUSTER_MAX;

	if (!kswapd) {
		if (lg->max_seq - lg->seq_at_start > 1)
			return true;
		if (sc->nr_reclaimed >= sc->nr_to_reclaim && lg->need_swapping)
			return true;
	} else if (sc->nr_reclaimed - lg->last_reclaimed < goal) {
		/* kswapd_shrink_node(): the high watermark is its goal */
		return false;
	}
	if (sc->priority > DEF_PRIORITY - 2)
		return false;
	if (nr_free_pages(e) < (kswapd ? e->c.wmark_high : e->c.wmark_low))
		return false;
	sc->nr_reclaimed += MIN_LRU_BATCH;
	return true;
}

/* After shrink_folio_list(): the rest of lru_gen_shrink_lruvec()'s loop. */
static void evicted(struct engine *e)
{
	struct lru_gen_state *lg = &e->c.lg;
	struct reclaim_state *rs = &e->c.rs;

	if (!lg->scanned) {
		rs->stage = RS_ZONE_DONE;
		return;
	}
	lg->shrink_scanned += lg->scanned;
	if (lg->shrink_scanned < lg->nr_to_scan && !should_abort_scan(e)) {
		rs->stage = RS_LRU_GEN;
		return;
	}
	/* see lru_gen_age_node(): no aging at the next priority */
	if (rs->sc.nr_reclaimed - lg->shrink_reclaimed >= MIN_LRU_BATCH && !lg->need_aging)
		lg->memcgs_need_aging = false;
	rs->stage = RS_ZONE_DONE;
}

bool lru_gen_scan_step(struct engine *e, struct step_record *r)
{
	return scan_step(e, r);
}

/*
 * The steps of scan_folios() that engine_run() takes without a record
 * (reclaim_run()), up to @max: scan_step() as reclaim_step() makes it,
 * each page still one step (its count moved; reclaim_run() counts them
 * to the debug build's check), until scan_step() would find scan_folios()
 * over.  Left out of reclaim_run()'s loop, and why it holds: its test of
 * the workload's end (nothing here moves the workload) and of the stage
 * (sorting or isolating a page leaves it RS_LRU_GEN_SCAN); scan_step()'s
 * limits are tested once for as many pages as scan_budget() allows, and
 * the list's once for the scan (min_seq does not move while pages are
 * sorted: only try_to_inc_min_seq() and inc_min_seq() move it).  The
 * contract, the state of as many reclaim_step() calls, is
 * tests/unit/test_property.c's, which compares engine_run() with
 * engine_step() under mglru.
 */
uint64_t lru_gen_scan_run(struct engine *e, uint64_t max)
{
	enum lru_list l = scan_list(e);
	uint64_t done = 0;
	uint32_t n;

	while (done < max && (n = scan_budget(&e->c.lg)) != 0) {
		if (n > max - done)
			n = (uint32_t)(max - done);
		for (; n; n--) {
			uint32_t pfn = e->c.lists[l].tail;

			if (pfn == PFN_NONE)
				return done;
			scan_prefetch(e, pfn);
			e->c.step++;
			scan_folio(e, pfn, l, NULL);
			done++;
		}
	}
	return done;
}

bool lru_gen_step(struct engine *e, struct step_record *r)
{
	switch (e->c.rs.stage) {
	case RS_LRU_GEN: shrink_loop_top(e); return false;
	case RS_LRU_GEN_EVICT: evict_begin(e); return false;
	case RS_LRU_GEN_SCAN:
		if (scan_step(e, r))
			return true;
		scan_end(e);
		return false;
	case RS_LRU_GEN_EVICTED: evicted(e); return false;
	case RS_LRU_GEN_WALK:
		if (walk_step(e, r))
			return true;
		e->c.rs.stage = RS_LRU_GEN_INC;
		return false;
	case RS_LRU_GEN_INC: inc_step(e, r); return true;
	default: e->c.rs.stage = RS_ZONE_DONE; return false;
	}
}

struct lru_gen_info engine_lru_gen(const struct engine *e)
{
	const struct lru_gen_state *lg = &e->c.lg;
	struct lru_gen_info in = { .enabled = lru_gen_enabled(e) };

	if (!in.enabled)
		return in;
	in.max_seq = lg->max_seq;
	memcpy(in.min_seq, lg->min_seq, sizeof in.min_seq);
	memcpy(in.timestamps, lg->timestamps, sizeof in.timestamps);
	memcpy(in.nr_pages, lg->nr_pages, sizeof in.nr_pages);
	memcpy(in.avg_refaulted, lg->avg_refaulted, sizeof in.avg_refaulted);
	memcpy(in.avg_total, lg->avg_total, sizeof in.avg_total);
	memcpy(in.refaulted, lg->refaulted, sizeof in.refaulted);
	memcpy(in.evicted, lg->evicted, sizeof in.evicted);
	memcpy(in.protected_, lg->protected_, sizeof in.protected_);
	in.walk_total = lg->mm_leaf[0];
	in.walk_old = lg->mm_leaf[1];
	in.walk_young = lg->mm_leaf[2];
	for (unsigned t = 0; t < 2; t++)
		in.tier_idx[t] = get_tier_idx(e, t);
	return in;
}

uint64_t engine_lru_size(const struct engine *e, enum lru_list l)
{
	const struct lru_gen_state *lg = &e->c.lg;
	unsigned type = is_file_lru(l);
	uint64_t n = 0;

	if (!lru_gen_enabled(e) || l >= LRU_UNEVICTABLE)
		return e->c.lists[l].nr;
	/* by the generation in each page's flags, as lrugen->nr_pages counts
	 * them, not by the list a page waits on until sort_folio() moves it */
	for (uint64_t seq = lg->min_seq[type]; seq <= lg->max_seq; seq++)
		if ((seq + 1 >= lg->max_seq) == is_active_lru(l) &&
		    lg->nr_pages[lru_gen_from_seq(seq)][type] > 0)
			n += (uint64_t)lg->nr_pages[lru_gen_from_seq(seq)][type];
	return n;
}
