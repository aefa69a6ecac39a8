/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/internal.h - the engine's state, for the files of src/engine/
 *
 * Everything mutable sits in struct engine_core (one plain struct, copied
 * whole by a snapshot) and in four arrays (pages, page-cache slots,
 * mappings, the writeback queue).  Nothing here is a pointer into another
 * engine's memory, so two engines never share state.  What each file of
 * the engine offers the others is declared in the header of its name
 * (vmscan.h for vmscan.c...); the lists are list.h.
 */
#ifndef VMSCAN_INTERNAL_H
#define VMSCAN_INTERNAL_H

#include "engine.h"
#include "policy_helpers.h"
#include "rng.h"

/* For the few calls on every reclaimed page (make bench): inlined even
 * where GCC would not, so that a constant list or a NULL record folds
 * away. */
#define ENGINE_HOT     static inline __attribute__((always_inline))
/* engine_run()'s loops (engine_run.c): every call in them is inlined, across
 * files too under link-time optimisation (make bench), except those to
 * ENGINE_COLD functions, the rare pages' and the state machine's. */
#define ENGINE_FLATTEN __attribute__((flatten))
#define ENGINE_COLD    __attribute__((noinline))

#define DEF_PRIORITY		12
#define SWAP_CLUSTER_MAX	32
#define PAGE_ALLOC_COSTLY_ORDER 3
#define PAGEVEC_SIZE		14 /* 2.6.34 include/linux/pagevec.h */
#define FOLIO_BATCH_SIZE_61	15 /* 6.1 include/linux/pagevec.h:15 PAGEVEC_SIZE */

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
/* The pfn in page-cache slot @s if it holds a page, else page 0's, for a
 * prefetch: no branch to mispredict.  A page's slot is below 1 << 30 and
 * is its own pfn, and a compare's borrow makes the mask. */
static inline uint32_t slot_pfn_or_0(uint32_t s)
{
	return s & (0u - (s < 1u << 30));
}
_Static_assert(SLOT_PAGE == 0 && SLOT_TAG(1u << 30) == 1, "slot_pfn_or_0() knows the slot's layout");

struct vma {		       /* one mapping of an object */
	uint32_t first, count; /* page range it covers */
	uint8_t flags;	       /* enum vm_flags */
	uint8_t in_use;
	uint8_t memcg; /* the cgroup of the mm that mapped it (mm_match_cgroup()) */
};

/* qemu's TCG TLB for one MMU mode, direct-mapped by virtual page:
 * CPU_TLB_DYN_DEFAULT_BITS 8 (qemu 7.2 accel/tcg/cputlb.c), the judge of
 * `vmscan-viz real` */
#define TLB_ENTRIES		      256u
/* 6.1 arch/x86/mm/tlb.c:937: a range of more pages than this is flushed
 * with the whole mm */
#define TLB_SINGLE_PAGE_FLUSH_CEILING 33u

/* engine_check()'s counts per object: resident, active, each generation's */
#define CHECK_COUNTS (2 + 4)

struct object_state {
	uint32_t slot_base; /* first slot in engine.slots */
	uint32_t resident, active;
	/* its pages per generation, by their gen counters (under the multi-gen
	 * LRU, where no page is on an active list) */
	uint32_t gen_pages[4]; /* MAX_NR_GENS */
	/* file_ra_state.prev_pos of the file's one open file, in pages: the
	 * page the last read() ended on, RA_PREV_NONE before the first */
	uint32_t ra_prev_index;
	uint64_t faults, refaults, evicted;
	uint64_t evicted_clean; /* of evicted: those page_check_references() said RECLAIM_CLEAN */
	uint8_t nr_vmas;	/* mappings in use: mapping_mapped() */
};

#define RA_PREV_NONE UINT32_MAX /* 2.6.34 file_ra_state_init(): prev_pos = -1 */

struct lru_head {
	uint32_t head, tail, nr;
};

/* struct scan_control of 2.6.34, the parts the model uses. */
struct scan_control {
	uint8_t reclaimer;  /* enum reclaimer */
	uint8_t mem_cgroup; /* limit reclaim: the cgroup (1-based); 0: global reclaim */
	int8_t priority;
	uint8_t order;
	bool may_writepage;
	bool may_swap;
	uint64_t nr_to_reclaim;
	uint64_t nr_reclaimed;
	uint64_t nr_scanned;
	/* 6.1 struct scan_control's nr (CAP_DIRTY_61, mm/vmscan.c:2532-2539):
	 * what this shrink_node() pass's shrink_inactive_list() batches found,
	 * for its PGDAT_* flags; evict_folios() adds nothing.  skipped: the
	 * 2.6.34 loop passed shrink_node() by at this priority */
	struct {
		uint32_t dirty, unqueued_dirty, congested, writeback, immediate, taken, file_taken;
		bool skipped;
	} nr;
};

/* 6.1 include/linux/mmzone.h enum pgdat_flags, as shrink_node() sets them
 * for kswapd (CAP_DIRTY_61) */
enum pgdat_flag {
	PGDAT_DIRTY = 1u << 0,	   /* the file pages taken were all dirty, none queued for write */
	PGDAT_WRITEBACK = 1u << 1, /* the pages taken were all under writeback */
};

/*
 * Where the reclaim state machine resumes (vmscan.c).  The kernel's reclaim
 * is nested loops; the engine unrolls them into these stages so that it can
 * stop after every page it examines and show it.
 */
enum reclaim_stage {
	RS_IDLE,
	RS_PASS,	  /* balance_pgdat / do_try_to_free_pages: a new pass */
	RS_PRIORITY,	  /* a new priority level */
	RS_SHRINK_ZONE,	  /* shrink_zone: compute nr[] */
	RS_SHRINK_LOOP,	  /* shrink_zone: round robin over the lists */
	RS_BATCH,	  /* examining the isolated batch, one page a step */
	RS_ZONE_TAIL,	  /* shrink_zone: the closing anon aging */
	RS_ZONE_DONE,	  /* after shrink_zone at this priority */
	RS_KSWAPD_AGING,  /* balance_pgdat: anon aging before the check */
	RS_INACTIVE_LOOP, /* shrink_inactive_list: another batch until max_scan */
	/* 2.6.34 balance_pgdat: kswapd's soft limit pass, before shrink_zone */
	RS_SOFT_LIMIT,	    /* mem_cgroup_soft_limit_reclaim: the next cgroup, or the pass ends */
	RS_SOFT_LIMIT_LOOP, /* mem_cgroup_hierarchical_reclaim: shrink the cgroup again? */
	/* the multi-gen LRU (6.1, lru_gen.c), in place of shrink_zone */
	RS_LRU_GEN,	    /* lru_gen_shrink_lruvec: the top of its loop */
	RS_LRU_GEN_EVICT,   /* evict_folios: isolate_folios picks a type and a tier */
	RS_LRU_GEN_SCAN,    /* scan_folios: one page of the oldest generation a step */
	RS_LRU_GEN_EVICTED, /* evict_folios: after shrink_folio_list's batch */
	RS_LRU_GEN_WALK,    /* the aging's page-table walk: one young pte a step */
	RS_LRU_GEN_INC,	    /* the walk is over: inc_max_seq (and inc_min_seq) */
};

/* 6.1 include/linux/mmzone.h */
#define MIN_NR_GENS   2
#define MAX_NR_GENS   4
#define MAX_NR_TIERS  4
#define MIN_LRU_BATCH 64 /* BITS_PER_LONG */
#define MAX_LRU_BATCH (MIN_LRU_BATCH * 64)

/*
 * 6.1 struct lru_gen_struct of the one lruvec (one node, one zone, the
 * root memcg, NR_HIST_GENS 1), and where the engine's unrolled aging and
 * eviction resume (lru_gen.c).
 */
struct lru_gen_state {
	uint64_t max_seq, min_seq[2];
	uint64_t timestamps[MAX_NR_GENS]; /* the step each generation was born at */
	int64_t nr_pages[MAX_NR_GENS][2]; /* pages whose gen counter says this gen */
	/* the feedback loop: refaults and evictions per type and tier */
	uint64_t avg_refaulted[2][MAX_NR_TIERS], avg_total[2][MAX_NR_TIERS];
	uint64_t refaulted[2][MAX_NR_TIERS], evicted[2][MAX_NR_TIERS];
	uint64_t protected_[2][MAX_NR_TIERS - 1];
	/* 6.1 mm_state.stats[0][MM_LEAF_TOTAL, _OLD, _YOUNG], lru_gen_full's
	 * L, O and Y: with NR_HIST_GENS 1 they add up over every walk
	 * (reset_mm_stats(), mm/vmscan.c:3395) */
	uint64_t mm_leaf[3];
	uint64_t walk_young; /* this walk's young ptes: inc_max_seq's record */
	/* the aging walk: where it resumes */
	uint32_t walk_obj, walk_index;
	uint8_t walk_as;
	bool walk_can_swap;
	uint8_t after_walk; /* enum reclaim_stage to resume after inc_max_seq */
	bool walk_struct;   /* this reclaim has a walk struct (kswapd, or direct after aging) */
	/* lru_gen_shrink_lruvec() and evict_folios() */
	bool memcgs_need_aging;
	bool need_aging;
	bool need_swapping;
	uint8_t swappiness;
	uint8_t type;	  /* the type scan_folios() takes */
	int8_t tier_idx;  /* its tier cut-off */
	uint8_t attempts; /* isolate_folios(): types still to try */
	/* scan_folios: budget; pages of the list not yet looked at.  8-byte
	 * aligned: scan_folio() lowers both with one 8-byte load and store,
	 * which must not straddle a cache line. */
	_Alignas(8) uint32_t remaining;
	uint32_t unseen;
	uint32_t scanned, sorted, isolated, skipped;
	uint64_t nr_to_scan, shrink_scanned, shrink_reclaimed, last_reclaimed, evict_reclaimed;
	uint64_t seq_at_start; /* max_seq when lru_gen_shrink_lruvec() began */
};

/*
 * kswapd's soft limit pass (vmscan.c, 2.6.34 mem_cgroup_soft_limit_reclaim()
 * and mem_cgroup_hierarchical_reclaim() with MEM_CGROUP_RECLAIM_SOFT): its
 * own scan_control stands in reclaim_state.sc meanwhile, kswapd's waits
 * here, with the figures of kswapd's pass the soft pages must not move.
 */
struct soft_limit_state {
	struct scan_control kswapd;
	uint64_t kswapd_total_scanned, kswapd_pass_reclaimed;
	uint64_t nr_reclaimed; /* mem_cgroup_soft_limit_reclaim(): over its cgroups */
	uint64_t total;	       /* mem_cgroup_hierarchical_reclaim(): this cgroup's */
	uint64_t excess;       /* the cgroup's excess when its call began, pages */
	uint8_t victim;	       /* the cgroup being shrunk (1-based); 0: none yet */
	uint8_t next;	       /* next_mz: another cgroup, after a fruitless one */
	uint8_t loop;	       /* mem_cgroup_hierarchical_reclaim()'s loop */
	uint8_t tree_loop;     /* mem_cgroup_soft_limit_reclaim()'s loop */
};

enum scan_balance { SCAN_EQUAL, SCAN_FRACT, SCAN_ANON, SCAN_FILE }; /* 6.1 mm/vmscan.c:2778 */

struct reclaim_state {
	uint8_t stage;	      /* enum reclaim_stage */
	uint8_t next_lru;     /* shrink_zone: next list in the round robin */
	uint8_t batch_lru;    /* list the isolated batch came from */
	uint8_t batch_active; /* the batch belongs to shrink_active_list */
	uint8_t after_batch;  /* stage to resume after the batch */
	uint8_t zone_tail_done;
	bool balanced;
	struct scan_control sc;
	uint64_t nr[NR_EVICTABLE_LRU];
	unsigned percent[2];
	/* 6.1 prepare_scan_count() and get_scan_count() (CAP_SCAN_COST_61):
	 * DEACTIVATE_ANON/FILE, cache_trim_mode, file_is_tiny, the balance
	 * (enum scan_balance) and SCAN_FRACT's fractions */
	uint8_t may_deactivate;
	bool cache_trim_mode, file_is_tiny;
	uint8_t scan_balance;
	uint64_t fraction[2], denominator;
	uint64_t total_scanned;
	uint64_t pass_reclaimed; /* kswapd: reclaimed in this balance pass */
	uint64_t prio_reclaimed_start;
	uint64_t max_scan;	   /* shrink_inactive_list: pages to scan */
	uint64_t inactive_scanned; /* shrink_inactive_list: scanned so far */
	uint32_t batch_nr_rotated; /* shrink_active_list */
	uint32_t batch_nr_taken;
	uint32_t batch_requested; /* what isolate_lru_pages() was asked for */
	struct batch_stats batch; /* shrink_inactive_list, for ftrace */
	struct batch_stats last_batch;
	uint64_t last_batch_step; /* step that finished last_batch */
	struct soft_limit_state soft;
};

/* 2.6.34 struct mem_cgroup with its one mem_cgroup_per_zone (one zone):
 * res_counter, the per-zone list counts and reclaim_stat, the memory.stat
 * counters. */
struct mem_cgroup {
	uint32_t limit, soft_limit, swappiness;
	uint32_t usage, max_usage;		       /* res.usage, res.max_usage, in pages */
	uint32_t count[NR_EVICTABLE_LRU + 1];	       /* mz->count[]: the five LRU lists */
	uint32_t cache, rss, mapped_file;	       /* memory.stat, in pages */
	int32_t prev_priority;			       /* mem_cgroup_record_reclaim_priority() */
	uint64_t failcnt;			       /* res.failcnt: failed charges */
	uint64_t pgpgin, pgpgout;		       /* charge and uncharge events */
	uint64_t recent_scanned[2], recent_rotated[2]; /* reclaim_stat, anon 0 file 1 */
	uint64_t nr_saved_scan[NR_EVICTABLE_LRU];
	uint64_t reclaims; /* try_to_free_mem_cgroup_pages() calls */
	uint64_t oom;	   /* charges given up after the reclaim rounds */
	uint64_t evicted;  /* its pages reclaim freed, by any reclaimer */
};

/* __mem_cgroup_try_charge()'s loop, unrolled over steps: what the
 * workload's next access has tried so far. */
struct memcg_charge {
	uint8_t reclaimed;  /* a limit reclaim ran for this charge and ended */
	uint8_t nr_retries; /* MEM_CGROUP_RECLAIM_RETRIES, counted down */
	uint32_t last_ret;  /* what that reclaim returned */
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
	uint64_t inactive_age;	 /* workingset clock (3.15); 6.1's nonresident_age */
	/* 6.1's two lists (CAP_SCAN_COST_61): lruvec->anon_cost and
	 * file_cost (lru_note_cost()), and workingset_activate_anon/file as
	 * the last reclaim left them (snapshot_refaults()) */
	uint64_t lru_cost[2];
	uint64_t refaults_snap[2];
	/* the one CPU's lru_add pagevecs: pages waiting for each list */
	uint8_t pvec_nr[NR_EVICTABLE_LRU];

	/* counters */
	uint64_t vm[NR_VM_EVENTS];
	uint64_t decisions[NR_OUTCOMES];

	/* workload cursor */
	uint32_t op;	      /* current operation */
	uint64_t sub;	      /* step within it */
	uint64_t op_len;      /* steps of the current operation */
	uint64_t rng[4];      /* xoshiro256** for WL_RANDOM */
	uint32_t pend_index;  /* the page a random access draws, kept until */
	bool pend_valid;      /* the step runs (current_access) */
	bool alloc_reclaimed; /* direct reclaim already ran for the pending allocation */
	bool kswapd_tried;    /* the pending allocation's slow path woke kswapd */
	bool kswapd_awake;
	bool done;
	uint8_t kswapd_max_order; /* the largest order kswapd was woken for (2.6.34 pgdat) */
	uint8_t pgdat_flags;	  /* enum pgdat_flag (6.1 pgdat->flags) */

	/* reclaim */
	struct reclaim_state rs;
	struct reclaim_events ev; /* engine_reclaim_events() */

	/* the multi-gen LRU (6.1), when the policy runs it */
	struct lru_gen_state lg;

	/* the one CPU's TLB (CAP_TLB_NOFLUSH): direct-mapped by the page's
	 * virtual page, each entry the pte it caches (tlb_key()), 0 empty;
	 * tlb_task the task whose mm it holds, 1-based */
	uint32_t tlb[TLB_ENTRIES];
	uint8_t tlb_task;

	/* writeback: a FIFO of pfns, all with the same delay */
	uint32_t wb_head, wb_len;

	/* memory cgroups (memcontrol.c): [k-1] for cgroup k; all zero without */
	struct mem_cgroup memcg[WL_MAX_CGROUPS];
	struct memcg_charge charge; /* the charge the workload's next access waits on */

	uint64_t step;
	struct step_record rec;
};

struct engine {
	const struct workload *wl;
	const struct reclaim_policy *policy;
	bool lru_gen;  /* policy->lru_gen, read where it is tested (lru_gen_enabled()) */
	unsigned caps; /* policy->caps, as lru_gen (policy_has()) */
	uint32_t nr_pages;
	uint32_t nr_slots;
	struct page *pages;	  /* [nr_pages] */
	uint32_t *slots;	  /* [nr_slots] page-cache slots */
	struct object_state *obj; /* [wl->nr_objects] */
	struct vma *vmas;	  /* [wl->nr_objects * MAX_MAPPINGS] */
	uint32_t *wb_ring;	  /* [nr_pages] */
	struct zipf zipf;	  /* derived, recomputed after restore */
	/* hints, not state: the pages the next batch of list scan_ahead_list
	 * will take, tail first, as far as they were walked, and how many
	 * more to walk (vmscan.c) */
	uint32_t scan_ahead[SWAP_CLUSTER_MAX + 1];
	uint8_t scan_ahead_nr, scan_ahead_left, scan_ahead_list;
	struct step_record end_rec; /* returned at the end; not state */
	uint32_t *check_counts;	    /* engine_check's scratch: CHECK_COUNTS per object; not state */
	engine_rule_counts *rules;  /* engine_count_rules()'s table, or NULL; not state */
	uint32_t debug_ticks;	    /* debug_check()'s steps since its last walk; not state */
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
/* A step taken without a record (engine_run()) counts in the table of
 * engine_count_rules() as its record would have; with no table, one
 * predictable test. */
static inline void count_rule(struct engine *e, enum step_kind kind, unsigned branch, unsigned action)
{
	if (e->rules)
		(*e->rules)[kind][branch][action]++;
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

/* lru_gen_enabled(): the policy runs 6.1's multi-gen LRU, not the two lists
 * (struct reclaim_policy.lru_gen); the classic code hands over where this
 * is tested, as 6.1's does (engine/lru_gen.c).  Copied into the engine:
 * one load, not two, at each of the dozen tests a page meets on its way
 * through reclaim (the figures: tests/bench/README.md). */
static inline bool lru_gen_enabled(const struct engine *e)
{
	return e->lru_gen;
}

/* policy_has(): the policy claims @cap, a later kernel's rule the engine
 * then runs on the two lists (enum policy_caps). */
static inline bool policy_has(const struct engine *e, unsigned cap)
{
	return (e->caps & cap) != 0;
}

/* 6.1's folio code around the LRU, which both of its LRUs run: the
 * multi-gen LRU, or the two lists with CAP_FOLIO_61. */
static inline bool folio_rules_61(const struct engine *e)
{
	return lru_gen_enabled(e) || policy_has(e, CAP_FOLIO_61);
}

/* What a step record says of a page's type, ptes and dirt (enum step_input). */
static inline uint16_t page_inputs(const struct page *p)
{
	return (uint16_t)((PageAnon(p) ? IN_ANON : 0) | (page_mapped(p) ? IN_MAPPED : 0) |
			  (PageDirty(p) ? IN_DIRTY : 0));
}

/* What a step's record says about the page it touched, as it is now. */
static inline void note_page(const struct engine *e, struct step_record *r, const struct page *p)
{
	r->pfn = page_to_pfn(e, p);
	r->to = p->lru;
	r->inputs |= page_inputs(p);
	if (PageReferenced(p))
		r->inputs |= IN_REFERENCED_PAGE;
}

#endif
