/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/list.h - the zone's lists of pages, linked by pfn
 *
 * Every page is on exactly one list at all times: an LRU list, the
 * isolated batch, the free list or the kernel's own pages.  Links are
 * pfns, so each operation is O(1) and a page costs two 32-bit links.  The
 * head is where pages are added; the tail is where the scanner takes
 * them.  An active list also counts each object's active pages.  Inline:
 * these are the engine's innermost operations (make bench).
 */
#ifndef VMSCAN_LIST_H
#define VMSCAN_LIST_H

#include "internal.h"
#include "mm_inline.h"

static inline void link_between(struct engine *e, uint32_t pfn, uint32_t prev, uint32_t next, enum lru_list l)
{
	struct lru_head *h = &e->c.lists[l];
	struct page *p = &e->pages[pfn];

	p->prev = prev;
	p->next = next;
	p->lru = (uint8_t)l;
	if (prev == PFN_NONE)
		h->head = pfn;
	else
		e->pages[prev].next = pfn;
	if (next == PFN_NONE)
		h->tail = pfn;
	else
		e->pages[next].prev = pfn;
	h->nr++;
	if (is_active_lru(l) && p->object != OBJECT_KERNEL)
		e->obj[p->object].active++;
	/* 2.6.34 mem_cgroup_add_lru_list(): the cgroup's count of the list */
	if (p->memcg && l <= LRU_UNEVICTABLE)
		e->c.memcg[p->memcg - 1].count[l]++;
}

static inline void list_add_head(struct engine *e, uint32_t pfn, enum lru_list l)
{
	link_between(e, pfn, PFN_NONE, e->c.lists[l].head, l);
}

static inline void list_add_tail(struct engine *e, uint32_t pfn, enum lru_list l)
{
	link_between(e, pfn, e->c.lists[l].tail, PFN_NONE, l);
}

/* list_del_from() below, told by a constant @at_head or @at_tail that the
 * page is its list's head or tail, which saves a test and a store. */
static inline void list_del_at(struct engine *e, uint32_t pfn, enum lru_list l, bool at_head, bool at_tail)
{
	struct page *p = &e->pages[pfn];
	struct lru_head *h = &e->c.lists[l];

	if (at_head || p->prev == PFN_NONE)
		h->head = p->next;
	else
		e->pages[p->prev].next = p->next;
	if (at_tail || p->next == PFN_NONE)
		h->tail = p->prev;
	else
		e->pages[p->next].prev = p->prev;
	h->nr--;
	if (is_active_lru(l) && p->object != OBJECT_KERNEL)
		e->obj[p->object].active--;
	if (p->memcg && l <= LRU_UNEVICTABLE) /* mem_cgroup_del_lru_list() */
		e->c.memcg[p->memcg - 1].count[l]--;
	p->next = p->prev = PFN_NONE;
	p->lru = LRU_NONE;
}

/* list_del() from list @l, which the caller knows: a constant @l lets the
 * compiler drop the active count's test (make bench's hot paths). */
static inline void list_del_from(struct engine *e, uint32_t pfn, enum lru_list l)
{
	list_del_at(e, pfn, l, false, false);
}

/* list_del_from() of @pfn, the tail of @l (where the scanner takes pages),
 * and of the head (where the allocator takes them).  Each reclaimed page
 * of a scan leaves three lists at an end (the figures:
 * tests/bench/README.md). */
static inline void list_del_tail(struct engine *e, uint32_t pfn, enum lru_list l)
{
	list_del_at(e, pfn, l, false, true);
}
static inline void list_del_head(struct engine *e, uint32_t pfn, enum lru_list l)
{
	list_del_at(e, pfn, l, true, false);
}

static inline void list_del(struct engine *e, uint32_t pfn)
{
	list_del_from(e, pfn, (enum lru_list)e->pages[pfn].lru);
}

static inline void list_move_head(struct engine *e, uint32_t pfn, enum lru_list l)
{
	list_del(e, pfn);
	list_add_head(e, pfn, l);
}

/* The pages of list @from, in their order, at the head of list @to, which
 * is where list_add_head() of each, tail first, would leave them; @from
 * ends empty.  Only the links and the lists' lengths: the caller sets each
 * page's lru and the counts link_between() keeps (make bench: a pagevec's
 * drain). */
static inline void list_splice_head(struct engine *e, enum lru_list from, enum lru_list to)
{
	struct lru_head *f = &e->c.lists[from], *t = &e->c.lists[to];

	if (f->head == PFN_NONE)
		return;
	e->pages[f->tail].next = t->head;
	if (t->head == PFN_NONE)
		t->tail = f->tail;
	else
		e->pages[t->head].prev = f->tail;
	t->head = f->head;
	t->nr += f->nr;
	f->head = f->tail = PFN_NONE;
	f->nr = 0;
}

#endif
