/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/memcontrol.h - memory cgroups of 2.6.34 (memcontrol.c)
 */
#ifndef VMSCAN_MEMCONTROL_H
#define VMSCAN_MEMCONTROL_H

#include <stdbool.h>
#include <stdint.h>

#include "page.h"

struct engine;
struct step_record;

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

#define MEM_CGROUP_RECLAIM_RETRIES 5 /* 2.6.34 mm/memcontrol.c:55 */

void mem_cgroup_init(struct engine *e);
/* The page just allocated for the workload's access is charged to the
 * cgroup of the task doing it (first touch). */
void mem_cgroup_charge(struct engine *e, struct page *page);
/* The page leaves memory: its charge goes. */
void mem_cgroup_uncharge(struct engine *e, struct page *page);
/* A file page of cgroup @page->memcg gained its first pte (+1) or lost
 * its last (-1): memory.stat mapped_file. */
void mem_cgroup_update_file_mapped(struct engine *e, const struct page *page, int delta);
/* What step_once() does before the workload's access: */
enum memcg_charge_result {
	CHARGE_OK,	/* no charge, or it fits: the access runs */
	CHARGE_RECLAIM, /* limit reclaim began: step on */
	CHARGE_OOM,	/* given up: @r holds the memcg OOM, the access is dropped */
};
enum memcg_charge_result mem_cgroup_try_charge(struct engine *e, struct step_record *r);
/* Would the workload's next access have to wait for its cgroup's limit
 * (engine_run()'s loops stop there)? */
bool mem_cgroup_charge_blocked(struct engine *e);
/* 2.6.34 mem_cgroup_isolate_pages(): up to @n pages of cgroup @k from the
 * tail of zone list @l onto the isolated batch. */
uint32_t mem_cgroup_isolate_pages(struct engine *e, int l, uint64_t n, unsigned k,
				  uint32_t count[NR_EVICTABLE_LRU]);
/* try_to_free_mem_cgroup_pages() of cgroup @k returned @ret at @priority. */
void mem_cgroup_reclaim_done(struct engine *e, unsigned k, uint64_t ret, int priority);
/* 2.6.34 res_counter_soft_limit_excess() of cgroup @k, in pages: how far
 * its usage is over its soft limit (0 without one). */
uint64_t mem_cgroup_soft_limit_excess(const struct engine *e, unsigned k);
/* 2.6.34 res_counter_check_under_soft_limit(): usage below the soft limit. */
bool mem_cgroup_under_soft_limit(const struct engine *e, unsigned k);
/* 2.6.34 mem_cgroup_largest_soft_limit_node(): the cgroup furthest over
 * its soft limit, other than @except; 0 when none is over. */
unsigned mem_cgroup_largest_soft_limit_node(const struct engine *e, unsigned except);
bool mem_cgroup_inactive_anon_is_low(const struct engine *e, unsigned k);
bool mem_cgroup_inactive_file_is_low(const struct engine *e, unsigned k);

#endif
