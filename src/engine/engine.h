/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/engine.h - the reclaim simulator: one zone, one step at a time
 *
 * Roles.  The engine owns one simulated memory zone of Linux 2.6.33/2.6.34:
 * its pages, its five LRU lists, its free list, the vmstat counters and the
 * reclaim that runs when free memory falls below the watermarks.  A caller
 * gives it a workload (engine/workload.h) and a policy (engine/policy.h) and
 * advances it with engine_step(); every step fills a struct step_record
 * that says which rule fired and why.  The engine does no I/O, never exits
 * and keeps no global state, so two engines can run side by side.  The
 * policies, and the words for a record's branch under one, are in
 * src/policy/registry.h.
 *
 *	struct engine_error err;
 *	struct engine *e = engine_new(&wl, policy_find("2.6.34"), &err);
 *	if (!e) ...err.msg...
 *	while (!engine_done(e)) {
 *		const struct step_record *r = engine_step(e);
 *		...read r, engine_vmstat(e), engine_list(e, LRU_ACTIVE_FILE)...
 *	}
 *	engine_free(e);
 *
 * Contract.  engine_new() allocates everything the run needs and fails
 * (NULL, with err filled) only when the workload is over a limit or memory
 * runs out.  After that no call fails or allocates.  Deterministic: the same
 * workload and policy give the same records, byte for byte.  Pointers
 * returned stay valid until the next engine_step(), engine_restore() or
 * engine_free().
 */
#ifndef VMSCAN_ENGINE_H
#define VMSCAN_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "branch.h"
#include "page.h"
#include "record.h"
#include "vmstat.h"
#include "workload.h"

struct engine;
struct reclaim_policy; /* engine/policy.h; the policies: src/policy/registry.h */

struct engine_error {
	char msg[160];
};

/* Limits checked by engine_new() before it allocates. */
#define ENGINE_MAX_PAGES	(1u << 26) /* 64 Mi pages = 256 GiB of 4 KiB pages */
#define ENGINE_MAX_OBJECT_PAGES (1u << 28) /* pages of all objects together */
#define ENGINE_MAX_ORDER	10	   /* MAX_ORDER - 1 in 2.6.34 */

/* Does @policy model every feature @wl uses?  Memory cgroups are 2.6.34's
 * memcg, which only the two-list policies have; engine_new() refuses the
 * others, and "every policy" loops (check, compare --all, plot) skip them. */
bool engine_models(const struct workload *wl, const struct reclaim_policy *policy);
struct engine *engine_new(const struct workload *wl, const struct reclaim_policy *policy,
			  struct engine_error *err);
void engine_free(struct engine *e);

/* Advance one step; returns its record.  At the end of the workload returns
 * a STEP_END record and changes nothing. */
const struct step_record *engine_step(struct engine *e);
/* Advance up to @n steps (fewer at the end); returns the steps taken.  The
 * state afterwards is the same as after as many engine_step() calls, and
 * engine_last() holds the last one's record, but the steps before it may
 * skip filling theirs: for running far ahead (replay, headless runs). */
uint64_t engine_run(struct engine *e, uint64_t n);
bool engine_done(const struct engine *e);
/* Which rules fired, for a report that reads no record: from now on every
 * step, engine_step()'s or engine_run()'s, adds one to
 * (*n)[kind][branch][action] of its record, filled or not.  NULL stops
 * it.  The table is the caller's and is not part of the saved state. */
typedef uint64_t engine_rule_counts[NR_STEP_KINDS][NR_BRANCH_IDS][NR_BRANCHES];
void engine_count_rules(struct engine *e, engine_rule_counts *n);
const struct step_record *engine_last(const struct engine *e);
uint64_t engine_steps(const struct engine *e); /* steps taken so far */
/* The workload steps @op takes: one per page it accesses, or one for the
 * operation (map, unmap, madvise, munlock, free, pause); reclaim's steps
 * come on top.  The loader adds them up to bound a run before it starts. */
uint64_t engine_op_steps(const struct wl_op *op);
/* The pages the WL_RANDOM operation @op of @wl accesses, in the order a
 * run draws them, into @out[@op's count]: the same seed and sampler, for a
 * replay of the workload outside the engine (`real`). */
void engine_random_accesses(const struct workload *wl, uint32_t op, uint32_t *out);

/* State, read-only. */
struct lru_info {
	uint32_t head, tail, nr; /* pfns; PFN_NONE when empty */
};
const struct reclaim_policy *engine_policy(const struct engine *e);
const struct workload *engine_workload(const struct engine *e);
const struct page *engine_pages(const struct engine *e); /* indexed by pfn */
uint32_t engine_nr_pages(const struct engine *e);
struct lru_info engine_list(const struct engine *e, enum lru_list l);
const uint64_t *engine_vmstat(const struct engine *e); /* NR_VM_EVENTS */
/* /proc/vmstat's gauge @g (vmstat.h VMSTAT_GAUGES), counted over the pages. */
uint64_t engine_vmstat_gauge(const struct engine *e, enum vmstat_gauge g);
const uint64_t *engine_decisions(const struct engine *e); /* NR_OUTCOMES */

struct watermarks {
	uint32_t min, low, high;
};
struct watermarks engine_watermarks(const struct engine *e);
uint32_t engine_swap_free(const struct engine *e);

/* Per-object figures. */
struct object_stats {
	uint32_t resident;	/* pages in memory */
	uint32_t active;	/* of which on an active list */
	uint64_t faults;	/* pages brought in (major faults, read misses, swap-ins) */
	uint64_t refaults;	/* of which had been evicted before */
	uint64_t evicted;	/* pages reclaimed */
	uint64_t evicted_clean; /* of which PAGEREF_RECLAIM_CLEAN reclaimed (the rest: RECLAIM) */
};
struct object_stats engine_object(const struct engine *e, uint32_t object);
/* pfn of page @index of @object, or PFN_NONE when it is not in memory. */
uint32_t engine_object_page(const struct engine *e, uint32_t object, uint32_t index);

/* A memory cgroup's counters (1-based @k, 1..workload.nr_cgroups), named
 * as 2.6.34's memory.stat and res_counter files: pages, or events. */
/* clang-format off */
#define MEMCG_STATS(X)                                                       \
	X(MEMCG_CACHE,         "cache")         /* charged page-cache pages */ \
	X(MEMCG_RSS,           "rss")           /* charged anon pages */        \
	X(MEMCG_MAPPED_FILE,   "mapped_file")   /* of cache, mapped */          \
	X(MEMCG_PGPGIN,        "pgpgin")        /* charge events */             \
	X(MEMCG_PGPGOUT,       "pgpgout")       /* uncharge events */           \
	X(MEMCG_INACTIVE_ANON, "inactive_anon")                                 \
	X(MEMCG_ACTIVE_ANON,   "active_anon")                                   \
	X(MEMCG_INACTIVE_FILE, "inactive_file")                                 \
	X(MEMCG_ACTIVE_FILE,   "active_file")                                   \
	X(MEMCG_UNEVICTABLE,   "unevictable")                                   \
	X(MEMCG_USAGE,         "usage")         /* memory.usage_in_bytes */     \
	X(MEMCG_MAX_USAGE,     "max_usage")     /* memory.max_usage_in_bytes */ \
	X(MEMCG_LIMIT,         "limit")         /* memory.limit_in_bytes */     \
	X(MEMCG_FAILCNT,       "failcnt")       /* memory.failcnt */            \
	X(MEMCG_RECLAIMS,      "limit_reclaims") /* try_to_free_mem_cgroup_pages() */ \
	X(MEMCG_OOM,           "oom")           /* charges given up */
/* clang-format on */
enum memcg_stat_item {
#define X(id, name) id,
	MEMCG_STATS(X)
#undef X
		NR_MEMCG_STATS
};
extern const char *const memcg_stat_name[NR_MEMCG_STATS];
uint64_t engine_memcg_stat(const struct engine *e, unsigned k, enum memcg_stat_item i);
/* The pages of cgroup @k (1-based) reclaim has freed, by any reclaimer
 * (the cgroup view's evicted strip). */
uint64_t engine_memcg_evicted(const struct engine *e, unsigned k);

/* The reclaim that is running, if any. */
struct reclaim_info {
	uint8_t reclaimer;  /* enum reclaimer */
	uint8_t mem_cgroup; /* RECLAIMER_MEMCG: whose limit (1-based) */
	int8_t priority;
	uint8_t order;
	bool kswapd_awake;
	uint64_t nr_to_reclaim, nr_reclaimed;
	uint32_t scan_target[NR_EVICTABLE_LRU]; /* nr[] still to scan in shrink_zone */
	/* nr_to_scan of the last isolate_lru_pages(): SWAP_CLUSTER_MAX from
	 * 2.6.34's shrink_inactive_list(), min(nr[l], SWAP_CLUSTER_MAX) from
	 * shrink_active_list(); an order-0 isolation scans at most that */
	uint32_t nr_requested;
	unsigned percent[2]; /* get_scan_ratio: anon, file */
	uint64_t recent_scanned[2], recent_rotated[2];
};
struct reclaim_info engine_reclaim(const struct engine *e);

/* Reclaim's beginnings and ends since the run began, for a tracer that
 * prints a line at each (cli/ftrace.c): kswapd waking and going back to
 * sleep, a memory cgroup's limit reclaim (try_to_free_mem_cgroup_pages())
 * and each round of kswapd's soft-limit pass (mem_cgroup_shrink_node_zone()),
 * with what the last of each returned; and the pages the cgroups' own
 * isolations scanned from inactive lists, which no PGSCAN_* counts. */
struct reclaim_events {
	uint64_t kswapd_wake, kswapd_sleep;
	uint64_t memcg_begin, memcg_end, memcg_reclaimed;
	uint64_t soft_begin, soft_end, soft_reclaimed;
	uint64_t memcg_scanned;
};
struct reclaim_events engine_reclaim_events(const struct engine *e);

/* 6.1's multi-gen LRU, when the policy runs it (enabled): the sequence
 * numbers, each generation's size per type (anon 0, file 1) and birth
 * step, the feedback loop's counters per type and tier, the ptes the
 * walks visited, found old and found young (over every walk), and the tier cut-off get_tier_idx() gives each type now. */
struct lru_gen_info {
	bool enabled;
	uint64_t max_seq, min_seq[2];
	uint64_t timestamps[4];
	int64_t nr_pages[4][2];
	uint64_t avg_refaulted[2][4], avg_total[2][4];
	uint64_t refaulted[2][4], evicted[2][4], protected_[2][3];
	uint64_t walk_total, walk_old, walk_young;
	int tier_idx[2];
};
struct lru_gen_info engine_lru_gen(const struct engine *e);
/* One list a viewer shows (engine_shown_lists()): a list of the two-list
 * LRU (or another of the zone's lists), or one of 6.1's live generations
 * of a type. */
struct shown_list {
	uint8_t lru;	 /* enum lru_list: the list its pages are linked on */
	bool gen;	 /* one of the multi-gen LRU's generations; the rest
			  * of the fields below then say which */
	uint8_t type;	 /* 0 anon, 1 file (of an evictable list too) */
	bool youngest;	 /* gen: max_seq's */
	bool oldest;	 /* gen: the type's min_seq, where eviction takes pages */
	uint8_t rank;	 /* gen: max_seq - seq, 0 the youngest */
	uint64_t seq;	 /* gen: its sequence number */
	uint64_t age;	 /* gen: steps since inc_max_seq() made it */
	uint32_t nr;	 /* pages linked on the list (engine_list()) */
	uint32_t nr_gen; /* gen: pages whose gen counter says it (6.1
			  * lrugen->nr_pages, what the lru_gen file prints) */
};
/* Which lists engine_shown_lists() gives, in this order: the evictable
 * ones of each type asked (the two-list LRU's active and inactive lists,
 * or the live generations youngest first), then the others asked. */
enum shown_flag {
	SHOWN_ANON = 1 << 0,
	SHOWN_FILE = 1 << 1,
	SHOWN_FILE_FIRST = 1 << 2,     /* file's lists before anon's */
	SHOWN_INACTIVE_FIRST = 1 << 3, /* the two lists of a type as enum lru_list has them */
	SHOWN_UNEVICTABLE = 1 << 4,
	SHOWN_ISOLATED = 1 << 5,
	SHOWN_FREE = 1 << 6,
	SHOWN_KERNEL = 1 << 7,
	SHOWN_PAGEVEC = 1 << 8, /* where the LRU has one: 6.1's multi-gen LRU is
				 * modelled without */
};
#define NR_SHOWN_LISTS 13 /* the most engine_shown_lists() gives: 2 x 4 generations and 5 others */
/* The lists a viewer shows of @e now, those @flags ask for (enum
 * shown_flag), into @out[NR_SHOWN_LISTS]; returns how many.  A viewer
 * iterates them whichever LRU the policy runs. */
unsigned engine_shown_lists(const struct engine *e, unsigned flags, struct shown_list *out);
/* /proc/vmstat's name of event @i (vmstat.h) in the kernel whose LRU @e
 * runs (vmstat_name_in()); NULL where that kernel has no such counter. */
const char *engine_vmstat_name(const struct engine *e, int i);
/* The size of list @l as the zone's counters give it (nr_active_file, ...,
 * an expectation's lists.active_file): the list itself, but under the
 * multi-gen LRU each of the four evictable lists counts generations, the
 * two youngest of a type as active and the older ones as inactive, as 6.1
 * accounts them (include/linux/mm_inline.h:164 lru_gen_is_active()). */
uint64_t engine_lru_size(const struct engine *e, enum lru_list l);

/* The shrink_inactive_list() batch that the last step finished, if it did:
 * the fields of the kernel's mm_vmscan_lru_shrink_inactive tracepoint. */
struct batch_stats {
	bool done; /* the last step finished a batch */
	bool file;
	uint8_t reclaimer;
	int8_t priority;
	uint32_t nr_scanned, nr_taken, nr_reclaimed, nr_activate, nr_ref_keep;
	uint32_t nr_dirty, nr_writeback, nr_congested, nr_immediate;
	uint32_t nr_pageout;	    /* writes started (6.1 lru_note_cost()'s figure) */
	uint32_t nr_unqueued_dirty; /* 6.1 reclaim_stat's, not in the tracepoint */
};
struct batch_stats engine_last_batch(const struct engine *e);

/* Snapshots: the whole mutable state, as bytes.  engine_restore() takes a
 * buffer that engine_save() filled from an engine of the same workload. */
size_t engine_state_size(const struct engine *e);
size_t workload_state_size(const struct workload *wl);	/* the same, before an engine exists */
size_t workload_trace_bytes(const struct workload *wl); /* the traces it replays, in memory */
void engine_save(const struct engine *e, void *buf);
void engine_restore(struct engine *e, const void *buf);
/* The same state packed for keeping (the timeline's snapshots): a page's
 * page-cache slot is not stored but rebuilt from the page, and repeated
 * words are run-length coded, so a long trace's evicted pages cost little.
 * engine_pack() needs engine_pack_bound() bytes and returns how many it
 * used; engine_unpack() leaves the state engine_restore() would. */
size_t engine_pack_bound(const struct engine *e);
size_t engine_pack(const struct engine *e, void *buf);
void engine_unpack(struct engine *e, const void *buf);

/* Invariants: each page on exactly one list, list sizes add up, free plus
 * resident equals memory, counters agree with the decisions.  Returns 0, or
 * -1 with @why filled. */
int engine_check(const struct engine *e, char *why, size_t n);

#endif
