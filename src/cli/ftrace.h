/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/ftrace.h - `run --ftrace`: the run as Linux 2.6.37's vmscan tracepoints
 *
 * The lines are those /sys/kernel/debug/tracing/trace_pipe of a 2.6.37
 * kernel prints, the first kernel with all of the tracepoints that its
 * Documentation/trace/postprocess/trace-vmscan-postprocess.pl reads
 * (2.6.36 brought the others; mm_vmscan_lru_shrink_inactive came in
 * 2.6.37), and the nearest to the 2.6.34 that the engine models:
 *
 *	  workload-1000  [000]     0.000123: mm_vmscan_wakeup_kswapd: nid=0 zid=2 order=0
 *	   kswapd0-25    [000]     0.000123: mm_vmscan_kswapd_wake: nid=0 order=0
 *	   kswapd0-25    [000]     0.000124: mm_vmscan_lru_isolate: isolate_mode=0 order=0 ...
 *	   kswapd0-25    [000]     0.000155: mm_vmscan_lru_shrink_inactive: nid=0 zid=2 ...
 *	   kswapd0-25    [000]     0.000301: mm_vmscan_kswapd_sleep: nid=0
 *
 * One step is one microsecond.  The engine's events are found from the
 * outside, by what a step changed: the wakeup_kswapd count (the
 * allocator's calls), ALLOCSTALL and the reclaimer (direct reclaim begin, end), PGSCAN_* and
 * PGREFILL (an isolation from an inactive or an active list; its
 * nr_requested from engine_reclaim()), NR_VMSCAN_WRITE (pageout() of the
 * step's page), and the batch the step finished (shrink_inactive_list).
 * kswapd's wakes and sleeps and the memcg reclaims' beginnings and ends
 * are counted by the engine (engine_reclaim_events()), a cgroup's isolated
 * pages too (no PGSCAN_* counts them).  Left out: mm_vmscan_lru_shrink_active
 * (it came in 3.x).
 */
#ifndef VMSCAN_FTRACE_H
#define VMSCAN_FTRACE_H

#include "cli.h"

struct ftrace_state {
	struct reclaim_events ev; /* after the last step */
	bool in_direct;		  /* a direct reclaim runs */
	uint64_t wakeups;	  /* wakeup_kswapd() calls that found the zone low */
	uint64_t allocstall, vmscan_write, pgscan, pgrefill;
};

void ftrace_init(struct ftrace_state *f, const struct engine *e);
/* Prints the lines of the step @e just took (@r its record). */
void ftrace_step(struct ftrace_state *f, const struct engine *e, const struct step_record *r);

#endif
