/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/refault.c - 2.6.34 plus workingset refault detection (Linux 3.15,
 * Weiner, "mm: thrash detection-based file cache sizing", a528910e12ec)
 *
 * The reference checks are 2.6.34's, unchanged.  What is added is memory of
 * evicted file pages: each eviction leaves a shadow of the zone's
 * inactive_age clock in the page-cache slot, and a page that comes back
 * within an active list's worth of inactive traffic is inserted active
 * (src/engine/workingset.c has the argument).  This is how the database
 * index of the article survives a large read() stream: its refaults come
 * back active, where a used-once stream never reaches.
 *
 * A hybrid: 3.15's page_check_references() is not 2.6.34's.  Since 3.3 a
 * young file page is activated at first sight when it is in a VM_EXEC
 * mapping ("vmscan: activate executable pages after first usage") or young
 * in more than one mapping ("vmscan: promote shared file mapped pages");
 * neither is modelled here, and lumpy reclaim (gone by 3.15, compaction
 * took its place) still runs.  The summary says so, for `vmscan-viz
 * policies` and the TUI's policy dialog.  mark_page_accessed() is 2.6.34's
 * for every policy: since 3.11 the second use of a page still in the
 * pagevec activates it there (__lru_cache_activate_page()); here it only
 * keeps PG_referenced (data/README.md).
 *
 * Not modelled from later kernels: active-list aging driven by refaults
 * (4.12), the larger active file list (4.7), anon workingset (5.9).
 */
#include "common.h"

const struct reclaim_policy policy_refault = {
	.name = "refault",
	.summary = "2.6.34 + workingset refault distance (3.15): refaulting pages come back active; "
		   "a hybrid: without 3.15's first-sight activation of VM_EXEC and multiply-mapped "
		   "file pages (3.3), with 2.6.34's lumpy reclaim",
	.origin = "Weiner, mm: thrash detection-based file cache sizing (3.15, a528910e12ec)",
	.kernel = "2.6.34",
	.memcg = true, /* 2.6.34 memcg limit reclaim on its lists */
	.check_references = page_check_references_2634,
	.keep_active = keep_active_2634,
	.evict_shadow = workingset_eviction,
	.refault_activate = workingset_refault,
	.on_activate = workingset_activation,
	.reclaim_run = reclaim_run_2634,
	.checks = &checks_2634,
	.active_checks = &active_checks_2634,
};
