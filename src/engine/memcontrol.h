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
/* What the charge of the workload's next access does, as 2.6.34's
 * __mem_cgroup_try_charge() (mm/memcontrol.c:1511) answers its caller,
 * which acts on it; @blocked: the access needs a page and
 * mem_cgroup_over_limit(): */
enum memcg_charge_result {
	CHARGE_OK,	/* no charge, or it fits: the access runs */
	CHARGE_RECLAIM, /* limit reclaim began: step on */
	CHARGE_OOM,	/* given up: @r holds the memcg OOM; the caller drops the access */
};
enum memcg_charge_result mem_cgroup_try_charge(struct engine *e, bool blocked, struct step_record *r);
/* Would a one-page charge for the workload's next operation fail
 * (res_counter_charge_locked(): usage + 1 page > limit)?  Kernel
 * allocations are not charged. */
bool mem_cgroup_over_limit(const struct engine *e);
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
