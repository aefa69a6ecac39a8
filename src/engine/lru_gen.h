/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/lru_gen.h - the multi-gen LRU of 6.1, for the engine's other files
 *
 * What the classic code calls where 6.1's tests lru_gen_enabled() and
 * hands over (6.1 mm/vmscan.c, include/linux/mm_inline.h, mm/swap.c,
 * mm/workingset.c, mm/rmap.c).  engine/lru_gen.c has the model.
 */
#ifndef VMSCAN_LRU_GEN_H
#define VMSCAN_LRU_GEN_H

#include "internal.h"

/* A fresh lruvec: generations 0..3, max_seq 3 (6.1 lru_gen_init_lruvec());
 * nothing under the two lists. */
void lru_gen_init(struct engine *e);

/* mm_inline.h lru_gen_add_folio(): the page at @pfn, on no list and evictable, joins
 * a generation chosen from PG_active, its type and PG_reclaim; at the tail
 * of its list if @reclaiming (folio_rotate_reclaimable()).  False, and
 * nothing done, under the two lists: the caller links it there. */
bool lru_gen_add_folio(struct engine *e, uint32_t pfn, bool reclaiming);
/* mm_inline.h lru_gen_del_folio()'s accounting: @page's gen counter is
 * cleared and its generation's size lowered; its list link is the
 * caller's.  Nothing if the page has no gen counter. */
void lru_gen_del_folio(struct engine *e, struct page *page);

/* swap.c folio_inc_refs(): folio_mark_accessed() under the multi-gen LRU. */
enum branch folio_inc_refs(struct engine *e, struct page *page, struct step_record *r);

/* workingset.c lru_gen_eviction(): the shadow (30 bits) of @page, which
 * is being freed, and the eviction counted for the feedback loop. */
uint32_t lru_gen_eviction(struct engine *e, const struct page *page);
/* workingset.c lru_gen_refault(): @page was just read or faulted back in
 * where the slot held @old; counted if its shadow's generation is still
 * the oldest.  Returns true if it was. */
bool lru_gen_refault(struct engine *e, struct page *page, uint32_t old, bool in_fault);

/* vmscan.c lru_gen_look_around(): a young pte of @page in mapping @as was
 * found by the rmap walk; clears it and its young neighbours. */
void lru_gen_look_around(struct engine *e, struct page *page, unsigned as);

/* evict_folios(): the page at @pfn, which shrink_folio_list() did not
 * free, goes back; false, and nothing done, under the two lists. */
bool lru_gen_putback(struct engine *e, uint32_t pfn);
/* The file generations' lists, oldest first, into @out[MAX_NR_GENS] (the
 * flushers' order); returns how many, 0 under the two lists. */
unsigned lru_gen_file_lists(const struct engine *e, uint8_t *out);

/* The hand-over points of the reclaim state machine (vmscan.c); the first
 * two do nothing under the two lists: a reclaim begins, and one gives up
 * having freed nothing. */
void lru_gen_reclaim_begin(struct engine *e, bool kswapd);
void lru_gen_reclaim_fruitless(struct engine *e);
void lru_gen_age_node(struct engine *e);
void lru_gen_shrink_begin(struct engine *e);
/* One step of an RS_LRU_GEN* stage: true if it examined a page or aged
 * (@r, which may be NULL, filled); false if it only moved the stage. */
bool lru_gen_step(struct engine *e, struct step_record *r);
/* The RS_LRU_GEN_SCAN stage's step when it examines a page (true); false,
 * having changed nothing, when scan_folios() is over: then lru_gen_step()
 * ends it.  reclaim_step() calls it first, as it calls batch_step(). */
bool lru_gen_scan_step(struct engine *e, struct step_record *r);
/* engine_run()'s RS_LRU_GEN_SCAN steps, without records, up to @max:
 * what as many lru_gen_scan_step() calls would do, stopping where the
 * first of them would return false.  Returns the steps taken. */
uint64_t lru_gen_scan_run(struct engine *e, uint64_t max);

/* The gen counter of @page: its generation + 1, 0 when off the lists. */
static inline unsigned folio_gen_counter(const struct page *page)
{
	return (page->flags & LRU_GEN_MASK) >> LRU_GEN_PGOFF;
}
/* folio_lru_refs(): the refs counter plus PG_workingset, 0..4. */
static inline unsigned folio_lru_refs(const struct page *page)
{
	return ((page->flags & LRU_REFS_MASK) >> LRU_REFS_PGOFF) + PageWorkingset(page);
}
/* lru_tier_from_refs(): order_base_2(refs + 1). */
static inline unsigned lru_tier_from_refs(unsigned refs)
{
	return refs == 0 ? 0 : refs == 1 ? 1 : refs <= 3 ? 2 : 3;
}
static inline unsigned lru_gen_from_seq(uint64_t seq)
{
	return (unsigned)(seq % MAX_NR_GENS);
}
static inline enum lru_list lru_gen_list(unsigned gen, unsigned type)
{
	return (enum lru_list)(LRU_GEN_FIRST + 2 * gen + type);
}

#endif
