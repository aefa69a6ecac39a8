/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/internal.h - the engine's insides, shared by src/engine/ and the
 * policies in src/policy/ (as the kernel's mm/internal.h is shared by mm/).
 *
 * Everything mutable sits in struct engine_core (one plain struct, copied
 * whole by a snapshot) and in four arrays (pages, page-cache slots,
 * mappings, the writeback queue).  Nothing here is a pointer into another
 * engine's memory, so two engines never share state.
 */
#ifndef VMSCAN_INTERNAL_H
#define VMSCAN_INTERNAL_H

#include "engine.h"
#include "policy_helpers.h"

/* For the few calls on every fault and every reclaimed page (make bench):
 * inlined even where GCC would not, so that a constant list or a NULL
 * record folds away. */
#define ENGINE_HOT     static inline __attribute__((always_inline))
/* The loop over a batch's pages (vmscan.c): every call in it is inlined,
 * across files too under link-time optimisation (make bench), except
 * those to ENGINE_COLD functions, the rare pages' and the state machine's. */
#define ENGINE_FLATTEN __attribute__((flatten))
#define ENGINE_COLD    __attribute__((noinline))

#define DEF_PRIORITY		12
#define SWAP_CLUSTER_MAX	32
#define PAGE_ALLOC_COSTLY_ORDER 3

/*
 * A page-cache slot, one per page of every object: what the kernel's radix
 * tree holds at that index.  The top two bits say what the rest means.
 * SLOT_PAGE is 0, so that a slot holding a page is its pfn: every access
 * reads a slot, and the test is one compare (make bench).
 */
#define SLOT_TAG(s) ((s) >> 30)
#define SLOT_VAL(s) ((s)&0x3fffffffu)
enum slot_tag {
	SLOT_PAGE,   /* in memory: the value is the pfn */
	SLOT_EMPTY,  /* never in memory */
	SLOT_SHADOW, /* evicted file page: the value is its shadow (3.15) */
	SLOT_SWAP,   /* swapped-out anon page: holds a swap slot */
};
static inline uint32_t slot_make(enum slot_tag t, uint32_t v)
{
	return (uint32_t)t << 30 | (v & 0x3fffffffu);
}

struct vma {		       /* one mapping of an object */
	uint32_t first, count; /* page range it covers */
	uint8_t flags;	       /* enum vm_flags */
	uint8_t in_use;
};

struct object_state {
	uint32_t slot_base; /* first slot in engine.slots */
	uint32_t resident, active;
	uint64_t faults, refaults, evicted;
	uint8_t nr_vmas; /* mappings in use: mapping_mapped() */
};

struct lru_head {
	uint32_t head, tail, nr;
};

/* struct scan_control of 2.6.34, the parts the model uses. */
struct scan_control {
	uint8_t reclaimer; /* enum reclaimer */
	int8_t priority;
	uint8_t order;
	bool may_writepage;
	bool may_swap;
	uint64_t nr_to_reclaim;
	uint64_t nr_reclaimed;
	uint64_t nr_scanned;
};

/*
 * Where the reclaim state machine resumes (vmscan.c).  The kernel's reclaim
 * is nested loops; the engine unrolls them into these stages so that it can
 * stop after every page it examines and show it.
 */
enum reclaim_stage {
	RS_IDLE,
	RS_PASS,	 /* balance_pgdat / do_try_to_free_pages: a new pass */
	RS_PRIORITY,	 /* a new priority level */
	RS_SHRINK_ZONE,	 /* shrink_zone: compute nr[] */
	RS_SHRINK_LOOP,	 /* shrink_zone: round robin over the lists */
	RS_BATCH,	 /* examining the isolated batch, one page a step */
	RS_ZONE_TAIL,	 /* shrink_zone: the closing anon aging */
	RS_ZONE_DONE,	 /* after shrink_zone at this priority */
	RS_KSWAPD_AGING, /* balance_pgdat: anon aging before the check */
};

struct reclaim_state {
	uint8_t stage;	      /* enum reclaim_stage */
	uint8_t next_lru;     /* shrink_zone: next list in the round robin */
	uint8_t batch_lru;    /* list the isolated batch came from */
	uint8_t batch_active; /* the batch belongs to shrink_active_list */
	uint8_t after_batch;  /* stage to resume after the batch */
	uint8_t zone_tail_done;
	bool balanced;
	bool flushers_woken;
	struct scan_control sc;
	uint64_t nr[NR_EVICTABLE_LRU];
	unsigned percent[2];
	uint64_t total_scanned;
	uint64_t pass_reclaimed; /* kswapd: reclaimed in this balance pass */
	uint64_t prio_reclaimed_start;
	uint32_t batch_nr_rotated; /* shrink_active_list */
	uint32_t batch_nr_taken;
	struct batch_stats batch; /* shrink_inactive_list, for ftrace */
	struct batch_stats last_batch;
	uint64_t last_batch_step; /* step that finished last_batch */
};

struct engine_core {
	/* zone */
	struct lru_head lists[NR_LISTS];
	uint32_t wmark_min, wmark_low, wmark_high;
	uint32_t swap_free;
	uint32_t inactive_ratio;
	uint64_t recent_scanned[2], recent_rotated[2]; /* anon 0, file 1 */
	uint64_t nr_saved_scan[NR_EVICTABLE_LRU];
	uint64_t pages_scanned;
	bool all_unreclaimable;
	uint32_t nr_mapped_file; /* file pages with at least one pte */
	uint64_t inactive_age;	 /* workingset clock (3.15) */

	/* counters */
	uint64_t vm[NR_VM_EVENTS];
	uint64_t decisions[NR_OUTCOMES];

	/* workload cursor */
	uint32_t op;		       /* current operation */
	uint64_t sub;		       /* step within it */
	uint64_t op_len;	       /* steps of the current operation */
	uint64_t rng[4];	       /* xoshiro256** for WL_RANDOM */
	uint32_t pend_obj, pend_index; /* the page the next workload step accesses */
	bool pend_valid;
	bool alloc_reclaimed; /* direct reclaim already ran for the pending allocation */
	bool kswapd_tried;    /* kswapd already ran for the pending allocation */
	bool kswapd_awake;
	bool done;

	/* reclaim */
	struct reclaim_state rs;

	/* writeback: a FIFO of pfns, all with the same delay */
	uint32_t wb_head, wb_len;

	uint64_t step;
	struct step_record rec;
};

struct zipf { /* rejection-inversion sampler, set up per op */
	double h_x1, h_n, s, q, n;
	uint32_t op; /* op it was set up for; UINT32_MAX: none */
};

struct engine {
	const struct workload *wl;
	const struct reclaim_policy *policy;
	uint32_t nr_pages;
	uint32_t nr_slots;
	struct page *pages;	    /* [nr_pages] */
	uint32_t *slots;	    /* [nr_slots] page-cache slots */
	struct object_state *obj;   /* [wl->nr_objects] */
	struct vma *vmas;	    /* [wl->nr_objects * MAX_MAPPINGS] */
	uint32_t *wb_ring;	    /* [nr_pages] */
	struct zipf zipf;	    /* derived, recomputed after restore */
	uint32_t scan_ahead;	    /* hints, not state: the next page a batch will */
	uint32_t scan_ahead_left;   /* take, to warm, and how many more (vmscan.c) */
	struct step_record end_rec; /* returned at the end; not state */
	uint32_t *check_counts;	    /* engine_check's scratch: 2 per object; not state */
	struct engine_core c;
};

static inline struct page *pfn_to_page(struct engine *e, uint32_t pfn)
{
	return &e->pages[pfn];
}
static inline uint32_t page_to_pfn(const struct engine *e, const struct page *p)
{
	return (uint32_t)(p - e->pages);
}
static inline struct vma *object_vma(struct engine *e, uint32_t obj, unsigned as)
{
	return &e->vmas[obj * MAX_MAPPINGS + as];
}
static inline uint32_t *page_slot(struct engine *e, uint32_t obj, uint32_t index)
{
	return &e->slots[e->obj[obj].slot_base + index];
}
static inline void count_vm_event(struct engine *e, enum vmstat_item i)
{
	e->c.vm[i]++;
}
static inline void count_vm_events(struct engine *e, enum vmstat_item i, uint64_t n)
{
	e->c.vm[i] += n;
}
static inline uint32_t nr_free_pages(const struct engine *e)
{
	return e->c.lists[LRU_FREE].nr;
}
static inline uint32_t zone_lru_pages(const struct engine *e, int l)
{
	return e->c.lists[l].nr;
}

/*
 * Index-linked lists (include/linux/list.h, mm_inline.h).  Every page is on
 * exactly one list at all times: an LRU list, the isolated batch, the free
 * list or the kernel's own pages.  Links are pfns, so each operation is
 * O(1) and a page costs two 32-bit links.  The head is where pages are
 * added; the tail is where the scanner takes them.  Inline: they are the
 * engine's innermost loop (make bench: 8% fewer instructions per access).
 */
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
}

static inline void list_add_head(struct engine *e, uint32_t pfn, enum lru_list l)
{
	link_between(e, pfn, PFN_NONE, e->c.lists[l].head, l);
}

static inline void list_add_tail(struct engine *e, uint32_t pfn, enum lru_list l)
{
	link_between(e, pfn, e->c.lists[l].tail, PFN_NONE, l);
}

/* list_del() from list @l, which the caller knows: a constant @l lets the
 * compiler drop the active count's test (make bench's hot paths). */
static inline void list_del_from(struct engine *e, uint32_t pfn, enum lru_list l)
{
	struct page *p = &e->pages[pfn];
	struct lru_head *h = &e->c.lists[l];

	if (p->prev == PFN_NONE)
		h->head = p->next;
	else
		e->pages[p->prev].next = p->next;
	if (p->next == PFN_NONE)
		h->tail = p->prev;
	else
		e->pages[p->next].prev = p->prev;
	h->nr--;
	if (is_active_lru(l) && p->object != OBJECT_KERNEL)
		e->obj[p->object].active--;
	p->next = p->prev = PFN_NONE;
	p->lru = LRU_NONE;
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

/* swap.c (mm/swap.c); the three calls of every fault are inline here */
static inline enum outcome mpa_outcome(enum branch br)
{
	return br == BR_MPA_ACTIVATE ? OUT_ACTIVATE : br == BR_MPA_REFERENCE ? OUT_REFERENCE : OUT_NONE;
}
void activate_page(struct engine *e, struct page *page);
void putback_lru_page(struct engine *e, struct page *page);
/* 2.6.34 update_page_reclaim_stat(): what get_scan_ratio() later weighs. */
static inline void update_page_reclaim_stat(struct engine *e, bool file, bool rotated)
{
	e->c.recent_scanned[file]++;
	if (rotated)
		e->c.recent_rotated[file]++;
}

/* A new page enters list @l at its head (2.6.34 ____pagevec_lru_add). */
ENGINE_HOT void lru_cache_add(struct engine *e, uint32_t pfn, enum lru_list l)
{
	struct page *page = &e->pages[pfn];

	if (l == LRU_UNEVICTABLE) {
		page_set(page, PG_unevictable);
		page_clear(page, PG_active);
		list_add_head(e, pfn, l);
		return;
	}
	if (is_active_lru(l))
		page_set(page, PG_active);
	list_add_head(e, pfn, l);
	update_page_reclaim_stat(e, is_file_lru(l), is_active_lru(l));
}

/* 2.6.34 mark_page_accessed(): inactive,unreferenced -> inactive,referenced
 * -> active,unreferenced -> active,referenced.  Returns the branch that
 * fired; @r (may be NULL) gets it too. */
ENGINE_HOT enum branch mark_page_accessed(struct engine *e, struct page *page, struct step_record *r)
{
	enum branch br;

	if (!PageActive(page) && !PageUnevictable(page) && PageReferenced(page) && PageLRU(page)) {
		activate_page(e, page);
		page_clear(page, PG_referenced);
		br = BR_MPA_ACTIVATE;
	} else if (!PageReferenced(page)) {
		SetPageReferenced(page);
		br = BR_MPA_REFERENCE;
	} else {
		br = BR_MPA_NOTHING;
	}
	if (r) {
		r->branch = (uint16_t)br;
		r->outcome = (uint8_t)mpa_outcome(br);
	}
	return br;
}

/* rmap.c (mm/rmap.c) */
enum ttu_result { SWAP_SUCCESS, SWAP_FAIL, SWAP_AGAIN, SWAP_MLOCK };
enum ttu_result try_to_unmap(struct engine *e, struct page *page);
void page_remove_rmap(struct engine *e, struct page *page, unsigned as);
void page_add_rmap(struct engine *e, struct page *page, unsigned as, bool write);

/* page_alloc.c (mm/page_alloc.c) */
void zone_init_watermarks(struct engine *e);
bool zone_watermark_ok(const struct engine *e, uint32_t mark, uint32_t nr);

/* A page that belongs to nobody: no flags, no ptes, the kernel's. */
static inline void page_blank(struct page *p)
{
	p->flags = 0;
	p->mapped = p->young = p->pte_dirty = 0;
	p->object = OBJECT_KERNEL;
}

/* The page allocator's two calls, inline: every fault and every reclaimed
 * page goes through them (make bench).  alloc_page() takes the page at the
 * head of the free list; the caller has checked that there is one.  The
 * page comes back blank and on no list. */
ENGINE_HOT uint32_t alloc_page(struct engine *e)
{
	uint32_t pfn = e->c.lists[LRU_FREE].head;
	struct page *p = &e->pages[pfn];

	list_del_from(e, pfn, LRU_FREE);
	page_blank(p);
	p->index = 0;
	count_vm_event(e, PGALLOC);
	return pfn; /* on LRU_NONE: the caller puts it on a list */
}

/* Back to the free list from list @from (LRU_NONE: from no list).  As in
 * free_pcppages_bulk(), freeing a page tells reclaim the zone is not
 * hopeless after all. */
ENGINE_HOT void free_page_from(struct engine *e, uint32_t pfn, enum lru_list from)
{
	struct page *p = &e->pages[pfn];

	if (from != LRU_NONE)
		list_del_from(e, pfn, from);
	page_blank(p);
	list_add_head(e, pfn, LRU_FREE);
	e->c.pages_scanned = 0;
	e->c.all_unreclaimable = false;
	count_vm_event(e, PGFREE);
}

static inline void free_page(struct engine *e, uint32_t pfn)
{
	free_page_from(e, pfn, (enum lru_list)e->pages[pfn].lru);
}

/* memory.c, filemap.c, mlock.c: the workload steps */
void workload_step(struct engine *e, struct step_record *r);
uint64_t workload_fast_run(struct engine *e, uint64_t max);
void workload_skip(struct engine *e);
void workload_begin(struct engine *e);
bool workload_needs_pages(struct engine *e, uint32_t *nr, uint8_t *order);
void remove_from_page_cache(struct engine *e, struct page *page, bool evicted);
void mlock_vma_page(struct engine *e, struct page *page);
void munlock_vma_page(struct engine *e, struct page *page);
bool page_evictable(const struct engine *e, const struct page *page);

/* vmscan.c (mm/vmscan.c) */
void wakeup_kswapd(struct engine *e);
void reclaim_start_direct(struct engine *e, uint8_t order, uint32_t nr_needed);
bool reclaim_running(const struct engine *e);
bool reclaim_step(struct engine *e, struct step_record *r); /* false: reclaim ended without a step */
bool inactive_anon_is_low(const struct engine *e);
bool inactive_file_is_low(const struct engine *e);

/* writeback (vmscan.c) */
void writeback_start(struct engine *e, struct page *page, bool reclaim);
bool writeback_due(const struct engine *e);
bool writeback_due_at(const struct engine *e, uint64_t step);
void writeback_end(struct engine *e, struct step_record *r);

/* Debug builds (make check-asan) check every invariant after every step,
 * as the kernel's VM_BUG_ON does, and stop dead on the first broken one:
 * the engine may not print or exit, and a trap leaves a sanitizer report
 * naming the step's caller. */
static inline void debug_check(const struct engine *e)
{
#ifdef VMSCAN_DEBUG
	char why[160];

	if (engine_check(e, why, sizeof why) < 0)
		__builtin_trap();
#else
	(void)e;
#endif
}

/* The bookkeeping after every workload step (engine.c, memory.c). */
static inline void after_workload(struct engine *e, int outcome)
{
	if (outcome != OUT_NONE)
		e->c.decisions[outcome]++;
	e->c.alloc_reclaimed = e->c.kswapd_tried = false;
	if (nr_free_pages(e) < e->c.wmark_low) /* the allocator's slow path */
		wakeup_kswapd(e);
}

/* rng.c */
uint64_t rng_next(uint64_t s[4]);
void rng_seed(uint64_t s[4], uint64_t seed);
void zipf_setup(struct zipf *z, uint32_t n, double theta, uint32_t op);
uint32_t zipf_sample(const struct zipf *z, uint64_t s[4]); /* 0..n-1, 0 hottest */

#endif
