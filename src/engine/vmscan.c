/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/vmscan.c - page reclaim, one examined page per step (mm/vmscan.c)
 *
 * The kernel's reclaim is a nest of loops:
 *
 *   balance_pgdat (kswapd)             do_try_to_free_pages (direct)
 *     priority 12 .. 0                   priority 12 .. 0
 *       age anon if inactive is low        shrink_zone
 *       shrink_zone                      until 32 pages were reclaimed
 *     until free > high watermark
 *
 *   shrink_zone(priority)
 *     nr[l] = size(l) >> priority, scaled by get_scan_ratio(), batched by 32
 *     round robin over inactive_anon, active_anon, inactive_file, active_file:
 *       inactive list: shrink_inactive_list -> shrink_page_list, per page
 *                      page_check_references() of the active policy
 *       active list:   shrink_active_list, only while inactive_*_is_low()
 *     age the anon lists once more if their inactive list is low
 *
 * To show each decision, the engine unrolls those loops into the stages of
 * enum reclaim_stage and returns after every page it examines.  A batch is
 * isolated from a list tail as the kernel does: SWAP_CLUSTER_MAX pages for
 * shrink_inactive_list() whatever its share of nr[l], up to that share
 * for shrink_active_list(); each page is then put back (or freed) in its
 * own step, oldest first, which leaves the lists in the order the
 * kernel's batched put-back leaves them.
 *
 * One liberty in time: kswapd runs to completion between two workload
 * steps (it does not race the workload), so direct reclaim happens when an
 * allocation asks for more than lies between the low and min watermarks,
 * or when a scenario turns kswapd off.  kswapd is woken only where the
 * kernel wakes it: by an allocation that fails the low watermark and so
 * takes the allocator's slow path (page_alloc.c, alloc_slowpath_wake());
 * it then runs after that allocation's step.  Writes started by reclaim finish
 * `writeback_steps` steps later, between two batches.
 *
 * Limit reclaim of a memory cgroup (RECLAIMER_MEMCG, begun by a charge at
 * the limit, memcontrol.c) is do_try_to_free_pages() on the same stages,
 * with what 2.6.34 keys on scanning_global_lru(sc) turned the cgroup's
 * way: the cgroup's list sizes, reclaim_stat and nr_saved_scan, its
 * swappiness, its inactive_*_is_low(), no "file + free <= high: anon
 * only" shortcut, isolation of its pages only, page_referenced() of its
 * own mappings only; no ALLOCSTALL, PGSCAN_*, pages_scanned or
 * all_unreclaimable; and 0 returned unless 32 pages were reclaimed.
 *
 * Left out: slab shrinking, the too_many_isolated() throttle,
 * congestion waits (time is steps here), the synchronous second pass of
 * lumpy direct reclaim, buffer heads, laptop mode's flusher wake-ups.
 * Followed from 2.6.34 for every policy: kswapd judges a zone balanced
 * after shrinking it (2.6.33 judged before).
 */
#include <string.h>

#include "list.h"
#include "lru_gen.h"
#include "memcontrol.h"
#include "mlock.h"
#include "page_alloc.h"
#include "rmap.h"
#include "swap.h"
#include "vmscan.h"
#include "writeback.h"

/* get_reclaim_stat() (2.6.34 vmscan.c:141): the zone's, or in limit
 * reclaim the cgroup's. */
static uint64_t *stat_scanned(struct engine *e)
{
	unsigned k = e->c.rs.sc.mem_cgroup;
	return k ? e->c.memcg[k - 1].recent_scanned : e->c.recent_scanned;
}
static uint64_t *stat_rotated(struct engine *e)
{
	unsigned k = e->c.rs.sc.mem_cgroup;
	return k ? e->c.memcg[k - 1].recent_rotated : e->c.recent_rotated;
}

/* 2.6.34 vmscan.c:150 zone_nr_lru_pages(): the list's size, the cgroup's own
 * in limit reclaim (mem_cgroup_zone_nr_pages()). */
static uint64_t sc_lru_pages(const struct engine *e, int l)
{
	unsigned k = e->c.rs.sc.mem_cgroup;
	return k ? e->c.memcg[k - 1].count[l] : zone_lru_pages(e, l);
}

static bool inactive_anon_is_low(const struct engine *e)
{
	/* 2.6.28 inactive_anon_is_low_global(): keep 1/(ratio+1) inactive */
	return (uint64_t)zone_lru_pages(e, LRU_INACTIVE_ANON) * e->c.inactive_ratio <
	       zone_lru_pages(e, LRU_ACTIVE_ANON);
}

/* 2.6.34 vmscan.c:1451 inactive_anon_is_low(): the zone's, or the
 * cgroup's in limit reclaim. */
static bool sc_inactive_anon_is_low(const struct engine *e)
{
	unsigned k = e->c.rs.sc.mem_cgroup;
	return k ? mem_cgroup_inactive_anon_is_low(e, k) : inactive_anon_is_low(e);
}

static bool sc_inactive_file_is_low(const struct engine *e)
{
	unsigned k = e->c.rs.sc.mem_cgroup;
	return k ? mem_cgroup_inactive_file_is_low(e, k) : inactive_file_is_low(e);
}

bool inactive_file_is_low(const struct engine *e)
{
	/* 2.6.31 56e49d218890: age the active file list only while it is the larger */
	return zone_lru_pages(e, LRU_ACTIVE_FILE) > zone_lru_pages(e, LRU_INACTIVE_FILE);
}

bool sc_lumpy_ignores_references(const struct scan_control *sc)
{
	return sc->order > PAGE_ALLOC_COSTLY_ORDER;
}

static bool swap_available(const struct engine *e)
{
	return e->wl->memory.swap_pages && e->c.swap_free > 0;
}

static uint64_t zone_reclaimable_pages(const struct engine *e)
{
	uint64_t n = zone_lru_pages(e, LRU_ACTIVE_FILE) + zone_lru_pages(e, LRU_INACTIVE_FILE);

	if (e->wl->memory.swap_pages && e->c.swap_free > 0)
		n += zone_lru_pages(e, LRU_ACTIVE_ANON) + zone_lru_pages(e, LRU_INACTIVE_ANON);
	return n;
}

/* ---- get_scan_ratio and shrink_zone's targets ------------------------------ */

/* 2.6.34 get_scan_ratio(): pressure on anon and file in inverse proportion
 * to the share of their recently scanned pages that were rotated. */
static void get_scan_ratio(struct engine *e, unsigned percent[2])
{
	uint64_t anon = sc_lru_pages(e, LRU_ACTIVE_ANON) + sc_lru_pages(e, LRU_INACTIVE_ANON);
	uint64_t file = sc_lru_pages(e, LRU_ACTIVE_FILE) + sc_lru_pages(e, LRU_INACTIVE_FILE);
	uint64_t anon_prio, file_prio, ap, fp;
	uint64_t *scanned = stat_scanned(e), *rotated = stat_rotated(e);
	unsigned k = e->c.rs.sc.mem_cgroup;

	/* very little page cache left: scan anon only (global reclaim only,
	 * 2.6.34 vmscan.c:1543) */
	if (!k && file + nr_free_pages(e) <= e->c.wmark_high) {
		percent[0] = 100;
		percent[1] = 0;
		return;
	}
	/* a floating average: halve the history once it outgrows a quarter of the lists */
	for (int t = 0; t < 2; t++) {
		if (scanned[t] > (t ? file : anon) / 4) {
			scanned[t] /= 2;
			rotated[t] /= 2;
		}
	}
	/* the cgroup's memory.swappiness in limit reclaim (:1583) */
	anon_prio = k ? e->c.memcg[k - 1].swappiness : e->wl->memory.swappiness;
	file_prio = 200 - anon_prio;
	ap = (anon_prio + 1) * (scanned[0] + 1) / (rotated[0] + 1);
	fp = (file_prio + 1) * (scanned[1] + 1) / (rotated[1] + 1);
	percent[0] = (unsigned)(100 * ap / (ap + fp + 1));
	percent[1] = 100 - percent[0];
}

/* ---- 6.1's balance on the two lists (CAP_SCAN_COST_61) --------------------- */

/* Global reclaim under a policy with 6.1's scan balance; limit reclaim
 * keeps 2.6.34's get_scan_ratio() on the cgroup's reclaim_stat. */
static bool scan_cost_61(const struct engine *e)
{
	return policy_has(e, CAP_SCAN_COST_61) && !e->c.rs.sc.mem_cgroup;
}

#define DEACTIVATE_ANON 1u /* 6.1 mm/vmscan.c:142 */
#define DEACTIVATE_FILE 2u

/* 6.1 mm/vmscan.c:2759 inactive_is_low(): the inactive:active target of
 * a type grows with its size, int_sqrt(10 * GB), 1 below a gigabyte. */
static bool inactive_is_low_61(const struct engine *e, int inactive_lru)
{
	uint64_t inactive = zone_lru_pages(e, inactive_lru),
		 active = zone_lru_pages(e, inactive_lru + LRU_ACTIVE_ANON);
	uint64_t gb = (inactive + active) >> (30 - 12);
	uint64_t ratio = gb ? int_sqrt(10 * gb) : 1;

	return inactive * ratio < active;
}

/* 6.1 mm/vmscan.c:2785 prepare_scan_count(), at each shrink_node(): an
 * active list is aged while its inactive list is low, or while refaults
 * of its type were activated since the last reclaim's end (a new
 * workingset is coming in: 4.12, at the reclaim root since 5.5). */
static void prepare_scan_count_61(struct engine *e)
{
	struct reclaim_state *rs = &e->c.rs;
	uint64_t file, anon;

	rs->may_deactivate = 0;
	/* :2822-2836 */
	if (e->c.vm[WORKINGSET_ACTIVATE_ANON] != e->c.refaults_snap[0] ||
	    inactive_is_low_61(e, LRU_INACTIVE_ANON))
		rs->may_deactivate |= DEACTIVATE_ANON;
	if (e->c.vm[WORKINGSET_ACTIVATE] != e->c.refaults_snap[1] || inactive_is_low_61(e, LRU_INACTIVE_FILE))
		rs->may_deactivate |= DEACTIVATE_FILE;
	/* :2844 plenty of inactive file pages that are not thrashing: file only */
	rs->cache_trim_mode = (zone_lru_pages(e, LRU_INACTIVE_FILE) >> rs->sc.priority) &&
			      !(rs->may_deactivate & DEACTIVATE_FILE);
	/* :2858-2888 hardly any file pages left, and anon not thrashing:
	 * anon only ("the cache trap") */
	file = zone_lru_pages(e, LRU_ACTIVE_FILE) + zone_lru_pages(e, LRU_INACTIVE_FILE);
	anon = zone_lru_pages(e, LRU_INACTIVE_ANON);
	rs->file_is_tiny = file + nr_free_pages(e) <= e->c.wmark_high &&
			   !(rs->may_deactivate & DEACTIVATE_ANON) && (anon >> rs->sc.priority);
}

/* 6.1 mm/vmscan.c:6392 snapshot_refaults(), at the end of a reclaim */
static void snapshot_refaults_61(struct engine *e)
{
	e->c.refaults_snap[0] = e->c.vm[WORKINGSET_ACTIVATE_ANON];
	e->c.refaults_snap[1] = e->c.vm[WORKINGSET_ACTIVATE];
}

/* 6.1 mm/vmscan.c:2913-2960: the balance, the first that holds */
static enum scan_balance scan_balance_61(const struct engine *e, bool noswap)
{
	const struct reclaim_state *rs = &e->c.rs;

	if (noswap) /* :2915 !can_reclaim_anon_pages() */
		return SCAN_FILE;
	if (!rs->sc.priority && e->wl->memory.swappiness) /* :2938 close to OOM */
		return SCAN_EQUAL;
	if (rs->file_is_tiny) /* :2946 */
		return SCAN_ANON;
	return rs->cache_trim_mode ? SCAN_FILE : SCAN_FRACT; /* :2955 */
}

/* 6.1 mm/vmscan.c:2898 get_scan_count(): which types to scan, and in
 * SCAN_FRACT how much of each, in inverse proportion to the cost of
 * reclaiming it (lru_note_cost(): pages written and workingset pages
 * refaulting), weighed by swappiness; each type keeps at least a third
 * of the pressure before swappiness. */
static void get_scan_count_61(struct engine *e, bool noswap)
{
	struct reclaim_state *rs = &e->c.rs;
	uint64_t swappiness = e->wl->memory.swappiness, total, anon_cost, file_cost, ap, fp;

	rs->scan_balance = (uint8_t)scan_balance_61(e, noswap);
	rs->fraction[0] = rs->fraction[1] = rs->denominator = 0;
	/* the panel's percentages; the costs only for SCAN_FRACT, as 6.1
	 * goes to out: before them otherwise (:2913-2960; two divisions
	 * at every priority of every pass, make bench) */
	switch (rs->scan_balance) {
	case SCAN_FRACT:
		/* :2975-2989 */
		total = e->c.lru_cost[0] + e->c.lru_cost[1];
		anon_cost = total + e->c.lru_cost[0];
		file_cost = total + e->c.lru_cost[1];
		total = anon_cost + file_cost;
		ap = swappiness * (total + 1) / (anon_cost + 1);
		fp = (200 - swappiness) * (total + 1) / (file_cost + 1);
		rs->fraction[0] = ap;
		rs->fraction[1] = fp;
		rs->denominator = ap + fp;
		rs->percent[0] = (unsigned)(100 * ap / (ap + fp ? ap + fp : 1));
		break;
	case SCAN_ANON: rs->percent[0] = 100; break;
	case SCAN_FILE: rs->percent[0] = 0; break;
	default: rs->percent[0] = 50; break;
	}
	rs->percent[1] = 100 - rs->percent[0];
}

/* 6.1 mm/vmscan.c:3043-3090: list @l's target at this priority */
static uint64_t scan_target_61(const struct engine *e, int l, uint64_t size)
{
	const struct reclaim_state *rs = &e->c.rs;
	int file = is_file_lru(l);
	uint64_t scan = size >> rs->sc.priority;

	switch (rs->scan_balance) {
	case SCAN_FRACT: return rs->denominator ? scan * rs->fraction[file] / rs->denominator : 0;
	case SCAN_FILE: return file ? scan : 0;
	case SCAN_ANON: return file ? 0 : scan;
	default: return scan;
	}
}

static void shrink_zone_targets(struct engine *e)
{
	struct reclaim_state *rs = &e->c.rs;
	bool noswap = !rs->sc.may_swap || !swap_available(e);
	unsigned k = rs->sc.mem_cgroup;
	/* nr_scan_try_batch() on the cgroup's nr_saved_scan in limit reclaim */
	uint64_t *saved = k ? e->c.memcg[k - 1].nr_saved_scan : e->c.nr_saved_scan;

	if (scan_cost_61(e)) {
		get_scan_count_61(e, noswap);
	} else if (noswap) {
		rs->percent[0] = 0;
		rs->percent[1] = 100;
	} else {
		get_scan_ratio(e, rs->percent);
	}
	for (int l = 0; l < NR_EVICTABLE_LRU; l++) {
		uint64_t scan = sc_lru_pages(e, l);

		if (scan_cost_61(e)) {
			scan = scan_target_61(e, l, scan);
		} else if (rs->sc.priority || noswap) {
			scan >>= rs->sc.priority;
			scan = scan * rs->percent[is_file_lru(l)] / 100;
		}
		/* 6.1 mm/vmscan.c:5904 shrink_lruvec(): the targets as they
		 * are, however small */
		if (scan_cost_61(e)) {
			rs->nr[l] = scan;
			continue;
		}
		/* nr_scan_try_batch(): small amounts wait until they add up to 32 */
		saved[l] += scan;
		if (saved[l] >= SWAP_CLUSTER_MAX) {
			rs->nr[l] = saved[l];
			saved[l] = 0;
		} else {
			rs->nr[l] = 0;
		}
	}
	rs->next_lru = 0;
}

/* ---- isolation ---------------------------------------------------------- */

static bool can_isolate_neighbour(const struct engine *e, const struct page *p)
{
	if (!PageLRU(p) || PageUnevictable(p))
		return false;
	/* no swap: an anon page without a slot cannot be reclaimed anyway */
	if (!swap_available(e) && PageAnon(p) && !PageSwapCache(p))
		return false;
	return true;
}

static void isolate(struct engine *e, uint32_t pfn, uint32_t count[NR_EVICTABLE_LRU])
{
	count[e->pages[pfn].lru]++;
	list_del(e, pfn);
	list_add_head(e, pfn, LRU_ISOLATED);
}

/*
 * Isolating a batch walks a list from its tail, page by page, and every
 * page is a cache miss that the next one's address depends on: the walk
 * cannot be prefetched, only done early.  So while a batch is examined,
 * each step walks one page up the list the batch was cut from and records
 * it (e->scan_ahead), and the next batch finds its pages warm and their
 * addresses known: isolate_tail() takes them from the record, each
 * checked against the link of the one below, so that their loads overlap
 * instead of waiting on each other (the profile: tests/bench/README.md).
 * A hint only: the list may change meanwhile (a page activated, a batch
 * of another list), and any page may be read.  Always inline, as
 * readahead_hint(): a call to a function that only prefetches is found
 * free of side effects and dropped.
 */
#define SCAN_AHEAD_PAGES SWAP_CLUSTER_MAX
ENGINE_HOT void scan_ahead_step(struct engine *e)
{
	uint32_t pfn;

	if (!e->scan_ahead_left)
		return;
	e->scan_ahead_left--;
	pfn = e->pages[e->scan_ahead[e->scan_ahead_nr - 1]].prev;
	if (pfn >= e->nr_pages) {
		e->scan_ahead_left = 0;
		return;
	}
	e->scan_ahead[e->scan_ahead_nr++] = pfn;
	__builtin_prefetch(&e->pages[pfn]);
}

/*
 * isolate_lru_pages() without lumpy neighbours: the @n oldest pages of list
 * @l, cut off in one piece.  Isolating them one at a time onto the empty
 * LRU_ISOLATED list would leave them in this very order, newest at its
 * head, so the cut changes no byte; it only saves relinking every page.
 * Returns the number of pages taken.  LRU_ISOLATED is empty
 * here: a batch begins only after the last one was put back
 * (engine_check).
 */
static uint32_t isolate_tail(struct engine *e, int l, uint64_t n, uint32_t count[NR_EVICTABLE_LRU])
{
	struct lru_head *from = &e->c.lists[l], *to = &e->c.lists[LRU_ISOLATED];
	uint32_t first = PFN_NONE, taken = 0, pfn = from->tail;
	bool active = is_active_lru(l);
	const uint32_t *a = e->scan_ahead;
	uint32_t walked = e->scan_ahead_list == l && e->scan_ahead_nr && a[0] == pfn ? e->scan_ahead_nr : 0;

	if (walked > n)
		walked = (uint32_t)n;
	for (;;) {
		struct page *p;

		/* a page the walk recorded: its address is known, not loaded
		 * from the one below; the record holds while each page's link
		 * up is the next entry (the tail checked above), and the rest
		 * of the batch follows the links */
		if (taken < walked) {
			pfn = a[taken];
		} else if (pfn == PFN_NONE || taken >= n) {
			break;
		}
		p = &e->pages[pfn];
		p->lru = LRU_ISOLATED;
		if (active && p->object != OBJECT_KERNEL)
			e->obj[p->object].active--;
		if (p->memcg) /* a global batch leaves the cgroup's list too (2.6.34 vmscan.c:941) */
			e->c.memcg[p->memcg - 1].count[l]--;
		first = pfn;
		taken++;
		pfn = p->prev;
		if (taken < walked && pfn != a[taken])
			walked = taken;
	}
	if (!taken)
		return 0;
	to->head = first;
	to->tail = from->tail;
	to->nr = taken;
	from->tail = e->pages[first].prev;
	from->nr -= taken;
	if (from->tail == PFN_NONE)
		from->head = PFN_NONE;
	else
		e->pages[from->tail].next = PFN_NONE;
	e->pages[first].prev = PFN_NONE;
	count[l] += taken;
	/* scan_ahead_step() walks on from here; an active list's batch
	 * leaves an inactive list's walk to go on (6.1 alternates them) */
	if (!active || e->scan_ahead_list == l || !e->scan_ahead_left) {
		e->scan_ahead_list = (uint8_t)l;
		e->scan_ahead_nr = from->tail != PFN_NONE;
		e->scan_ahead_left = from->tail != PFN_NONE ? SCAN_AHEAD_PAGES : 0;
		e->scan_ahead[0] = from->tail;
	}
	if (from->tail != PFN_NONE)
		__builtin_prefetch(&e->pages[from->tail]);
	return taken;
}

/* shrink_inactive_list(): isolate a batch from the tail of list @l. */
static bool start_inactive_batch(struct engine *e, int l, uint64_t nr_to_scan)
{
	struct reclaim_state *rs = &e->c.rs;
	struct scan_control *sc = &rs->sc;
	/* 6.1 has no lumpy reclaim (compaction took its place, 3.x):
	 * isolate_lru_folios() takes the list's tail only */
	bool lumpy = !folio_rules_61(e) &&
		     (sc->order > PAGE_ALLOC_COSTLY_ORDER || (sc->order && sc->priority < DEF_PRIORITY - 2));
	uint32_t count[NR_EVICTABLE_LRU] = { 0 };
	uint32_t scan, taken = 0, nr_active = 0;

	if (sc->mem_cgroup) {
		/* mem_cgroup_isolate_pages(): the cgroup's pages only, never lumpy */
		scan = taken = mem_cgroup_isolate_pages(e, l, nr_to_scan, sc->mem_cgroup, count);
		e->scan_ahead_nr = e->scan_ahead_left = 0;
		e->c.ev.memcg_scanned += scan;
	} else if (!lumpy) {
		scan = taken = isolate_tail(e, l, nr_to_scan, count);
	} else {
		for (scan = 0; scan < nr_to_scan && e->c.lists[l].nr; scan++) {
			uint32_t pfn = e->c.lists[l].tail;

			isolate(e, pfn, count);
			taken++;
			/* lumpy reclaim: the rest of the naturally aligned block too,
			 * from any list (ISOLATE_BOTH) */
			uint32_t start = pfn & ~((1u << sc->order) - 1), end = start + (1u << sc->order);
			for (uint32_t q = start; q < end && q < e->nr_pages; q++) {
				if (q != pfn && can_isolate_neighbour(e, &e->pages[q])) {
					isolate(e, q, count);
					taken++;
					scan++; /* 2.6.34: a neighbour counts as scanned, and uses up the budget */
				}
			}
		}
	}
	/* 2.6.34 vmscan.c:1174: zone->pages_scanned and PGSCAN_* are global
	 * reclaim's only */
	if (!sc->mem_cgroup) {
		e->c.pages_scanned += scan;
		count_vm_events(e, sc->reclaimer == RECLAIMER_KSWAPD ? PGSCAN_KSWAPD : PGSCAN_DIRECT, scan);
	}
	sc->nr_scanned += scan;
	rs->total_scanned += scan;
	rs->inactive_scanned += scan;

	/* clear_active_flags(): lumpy neighbours from active lists (a page
	 * of an inactive list has no PG_active: engine_check) */
	for (uint32_t pfn = e->c.lists[LRU_ISOLATED].head; lumpy && pfn != PFN_NONE; pfn = e->pages[pfn].next)
		if (page_test_clear(&e->pages[pfn], PG_active))
			nr_active++;
	count_vm_events(e, PGDEACTIVATE, nr_active);
	stat_scanned(e)[0] += count[LRU_INACTIVE_ANON] + count[LRU_ACTIVE_ANON];
	stat_scanned(e)[1] += count[LRU_INACTIVE_FILE] + count[LRU_ACTIVE_FILE];

	memset(&rs->batch, 0, sizeof rs->batch);
	rs->batch.file = is_file_lru(l);
	rs->batch.reclaimer = sc->reclaimer;
	rs->batch.priority = sc->priority;
	rs->batch.nr_scanned = scan;
	rs->batch.nr_taken = taken;
	rs->batch_lru = (uint8_t)l;
	rs->batch_active = 0;
	rs->batch_requested = (uint32_t)nr_to_scan;
	return taken > 0;
}

/* shrink_active_list(): isolate up to @nr_to_scan pages from the tail of
 * the active list of one type. */
static bool start_active_batch(struct engine *e, int l, uint64_t nr_to_scan)
{
	struct reclaim_state *rs = &e->c.rs;
	uint32_t count[NR_EVICTABLE_LRU] = { 0 };
	uint32_t scan;

	unsigned k = rs->sc.mem_cgroup;

	lru_add_drain(e); /* 2.6.34 vmscan.c:1357 */
	if (k) {
		scan = mem_cgroup_isolate_pages(e, l, nr_to_scan, k, count);
		e->scan_ahead_nr = e->scan_ahead_left = 0;
	} else {
		scan = isolate_tail(e, l, nr_to_scan, count);
		e->c.pages_scanned += scan; /* global reclaim only (:1366) */
	}
	stat_scanned(e)[is_file_lru(l)] += scan;
	count_vm_events(e, PGREFILL, scan);
	rs->batch_lru = (uint8_t)l;
	rs->batch_active = 1;
	rs->batch_requested = (uint32_t)nr_to_scan;
	rs->batch_nr_rotated = 0;
	return scan > 0;
}

/* ---- one page ------------------------------------------------------------ */

/* 2.6.34 putback_lru_page(): back on the list its flags say, or on the
 * unevictable list if it may not be reclaimed (counted as culled). */
void putback_lru_page(struct engine *e, struct page *page)
{
	uint32_t pfn = page_to_pfn(e, page);

	if (page->lru != LRU_NONE)
		list_del(e, pfn);
	lru_gen_del_folio(e, page);
	if (page_evictable(e, page)) {
		page_clear(page, PG_unevictable);
		/* 6.1 include/linux/mm_inline.h:317 lruvec_add_folio() */
		if (!lru_gen_add_folio(e, pfn, false))
			list_add_head(e, pfn, (enum lru_list)page_lru_base(page));
		return;
	}
	if (!PageUnevictable(page))
		count_vm_event(e, UNEVICTABLE_PGS_CULLED);
	page_set(page, PG_unevictable);
	page_clear(page, PG_active);
	list_add_head(e, pfn, LRU_UNEVICTABLE);
}

static void put_back(struct engine *e, struct page *p)
{
	uint32_t pfn = page_to_pfn(e, p);

	list_del(e, pfn);
	if (!page_evictable(e, p)) {
		putback_lru_page(e, p);
		return;
	}
	if (lru_gen_putback(e, pfn)) /* 6.1 evict_folios()'s put-back */
		return;
	list_add_head(e, pfn, (enum lru_list)page_lru_base(p));
	/* put back on an active list: counts as rotated (shrink_inactive_list) */
	if (PageActive(p)) {
		stat_rotated(e)[page_is_file_cache(p)]++;
		/* 6.1 mm/vmscan.c:2418 move_folios_to_lru(): an active page
		 * put back ages the non-resident pages (5.9) */
		if (policy_has(e, CAP_WORKINGSET_61))
			workingset_age_nonresident(e, 1);
	}
}

/* shrink_page_list()'s activate_locked: back on the active list of its type. */
static void activate_locked(struct engine *e, struct page *p)
{
	bool mlocked61 = folio_rules_61(e) && PageMlocked(p);

	/* a page that stays is not going to swap soon: free its slot if swap
	 * fills (6.1 mm/vmscan.c:2049: or if it is mlocked) */
	if (PageSwapCache(p) && ((uint64_t)e->c.swap_free * 2 < e->wl->memory.swap_pages || mlocked61)) {
		page_clear(p, PG_swapcache);
		e->c.swap_free++;
	}
	/* 6.1 mm/vmscan.c:2053: an mlocked folio is neither made active nor
	 * counted; evict_folios() culls it (2.6.34 activates and counts it) */
	if (!mlocked61) {
		page_set(p, PG_active);
		count_vm_event(e, PGACTIVATE);
		e->c.rs.batch.nr_activate++;
	}
	put_back(e, p);
}

/* The policy's evict_shadow(), 0 without one.  6.1's is called by its
 * name, which is the hook of every policy with CAP_WORKINGSET_61
 * (policy/v6_1.c; tests/unit/test_policy.c holds them to it), so that it is inlined
 * into the reclaim loop instead of called through the pointer for every
 * page reclaimed. */
static uint32_t evict_shadow(struct engine *e, const struct page *p)
{
	if (!e->policy->evict_shadow)
		return 0;
	if (policy_has(e, CAP_WORKINGSET_61))
		return workingset_eviction_61(e, p);
	return e->policy->evict_shadow(e, p);
}

/* __remove_mapping() and the free: the page @p at @pfn leaves the page
 * cache; a file page leaves a shadow, a swap-cache page leaves its swap
 * entry.  @clean: page_check_references() said PAGEREF_RECLAIM_CLEAN.
 * The caller's pfn and page, and one look-up of the page's object for its
 * slot and its counts: no page_to_pfn() (a division by the 28 bytes of a
 * struct page) or second look-up for every reclaimed page. */
ENGINE_HOT void reclaim_page(struct engine *e, uint32_t pfn, struct page *p, bool clean)
{
	struct object_state *o = &e->obj[p->object];
	uint32_t *slot = &e->slots[o->slot_base + p->index]; /* page_slot() */

	/* 6.1 mm/workingset.c:363 workingset_eviction(), from
	 * __remove_mapping(): lru_gen_eviction() for file and swap-cache
	 * pages alike */
	if (lru_gen_enabled(e)) {
		*slot = slot_make(PageSwapCache(p) ? SLOT_SWAP : SLOT_SHADOW, lru_gen_eviction(e, p));
		count_vm_event(e, e->c.rs.sc.reclaimer == RECLAIMER_KSWAPD ? KSWAPD_STEAL : PGSTEAL_DIRECT);
		count_vm_event(e, PageAnon(p) ? PGSTEAL_ANON : PGSTEAL_FILE);
	} else {
		if (PageSwapCache(p)) {
			/* 6.1 mm/vmscan.c:1351 __remove_mapping(): a swap-cache
			 * page leaves a shadow beside its swap entry (5.9) */
			uint32_t shadow = policy_has(e, CAP_WORKINGSET_61) ? evict_shadow(e, p) : 0;
			*slot = slot_make(SLOT_SWAP, shadow);
		} else {
			*slot = slot_make(SLOT_SHADOW, evict_shadow(e, p));
		}
		/* 2.6.34 vmscan.c:1236: current_is_kswapd(), so the soft limit pass too */
		if (reclaimer_is_kswapd(e->c.rs.sc.reclaimer))
			count_vm_event(e, KSWAPD_STEAL);
	}
	o->resident--;
	o->evicted++;
	o->evicted_clean += clean; /* the bars' ~, beside ✗ */
	if (p->memcg)		   /* before free_page_from() uncharges it */
		e->c.memcg[p->memcg - 1].evicted++;
	e->c.rs.sc.nr_reclaimed++;
	e->c.rs.pass_reclaimed++;
	e->c.rs.batch.nr_reclaimed++;
	count_vm_event(e, PGSTEAL);
	list_del_tail(e, pfn, LRU_ISOLATED); /* the batch's, which batch_step() took */
	free_page_from(e, pfn, LRU_NONE);
}

static void fill_inputs(struct engine *e, const struct page *p, struct step_record *r)
{
	r->owner = p->memcg;
	r->inputs |= page_inputs(p);
	if (mapping_mapped(e, p))
		r->inputs |= IN_MAPPING_MAPPED;
	if (PageSwapCache(p))
		r->inputs |= IN_SWAPCACHE;
	if (PageWriteback(p))
		r->inputs |= IN_WRITEBACK;
	if (sc_lumpy_ignores_references(&e->c.rs.sc))
		r->inputs |= IN_LUMPY;
}

static enum outcome pageref_outcome(enum page_references ref)
{
	switch (ref) {
	case PAGEREF_ACTIVATE: return OUT_ACTIVATE;
	case PAGEREF_KEEP: return OUT_KEEP;
	case PAGEREF_RECLAIM_CLEAN: return OUT_RECLAIM_CLEAN;
	default: return OUT_RECLAIM;
	}
}

/* What a scan step's record says of the reference check. */
static void record_check(struct step_record *r, const struct reference_check *rc)
{
	r->branch = rc->branch;
	r->referenced_ptes = (uint8_t)(rc->referenced_ptes > 255 ? 255 : rc->referenced_ptes);
	if (rc->referenced_page)
		r->inputs |= IN_REFERENCED_PAGE;
	if (rc->vm_flags & VM_LOCKED)
		r->inputs |= IN_VM_LOCKED;
	if (rc->vm_flags & VM_EXEC)
		r->inputs |= IN_VM_EXEC;
}

/* 6.1 mm/vmscan.c:1684-1698 folio_check_dirty_writeback(): a file
 * folio's dirty and writeback state, counted for shrink_node()'s flags
 * (an anon folio is the flushers' business only through swap: not
 * counted). */
static void check_dirty_writeback_61(struct batch_stats *b, const struct page *p)
{
	bool dirty = PageDirty(p), writeback = PageWriteback(p);

	if (!(dirty | writeback)) /* the clean folio, most of them: nothing counted */
		return;
	b->nr_dirty++;
	b->nr_unqueued_dirty += dirty && !writeback;
	b->nr_congested += writeback && page_test(p, PG_reclaim);
}

/* 6.1 mm/vmscan.c:1744-1781: a folio under writeback is activated out of
 * the way.  Case 1, kswapd meets one PG_reclaim already while the node is
 * PGDAT_WRITEBACK: counted immediate (kswapd would stall, :6190, which
 * the engine has no clock for).  Case 2, any other: PG_reclaim set.
 * Case 3 (wait for the write) is legacy memcg's only: here
 * writeback_throttling_sane() holds (global reclaim, or cgroup v2, the
 * default of Debian 12 and Ubuntu 22.04) and may_enter_fs() too. */
static enum branch writeback_61(struct engine *e, struct page *p)
{
	struct reclaim_state *rs = &e->c.rs;

	if (reclaimer_is_kswapd(rs->sc.reclaimer) && page_test(p, PG_reclaim) &&
	    (e->c.pgdat_flags & PGDAT_WRITEBACK)) {
		rs->batch.nr_immediate++;
		return BR_SPL_WB_IMMEDIATE;
	}
	page_set(p, PG_reclaim);
	rs->batch.nr_writeback++;
	return BR_SPL_WB_RECLAIM;
}

/* 6.1 mm/vmscan.c:1899-1913: only kswapd writes a dirty file folio, and
 * only one that comes back PG_reclaim (left to the flushers once) while
 * the node is PGDAT_DIRTY.  Under the multi-gen LRU isolate_folio()
 * cleared PG_reclaim (:4805), so it is never kswapd's. */
static bool dirty_left_to_flushers_61(const struct engine *e, const struct page *p)
{
	return page_is_file_cache(p) && !(reclaimer_is_kswapd(e->c.rs.sc.reclaimer) &&
					  page_test(p, PG_reclaim) && (e->c.pgdat_flags & PGDAT_DIRTY));
}

/* shrink_page_list() for one page, @p at @pfn, in the kernel's order of
 * tests, with @check as page_check_references().  @r may be NULL
 * (engine_run()). */
ENGINE_HOT void shrink_page(struct engine *e, uint32_t pfn, struct page *p, struct step_record *r,
			    check_references_fn *check)
{
	struct reclaim_state *rs = &e->c.rs;
	struct reference_check rc = { .branch = BR_NONE };
	/* the batch's list: evict_folios()'s (6.1 mm/vmscan.c:5010), or
	 * the inactive list of the page's type (a lumpy neighbour's too) */
	uint8_t from = rs->batch_lru >= NR_EVICTABLE_LRU ? rs->batch_lru
		       : page_is_file_cache(p)		 ? LRU_INACTIVE_FILE
							 : LRU_INACTIVE_ANON;
	enum page_references ref;
	enum outcome out;
	enum branch action;

	rs->sc.nr_scanned++;
	if (!page_evictable(e, p)) {
		out = OUT_CULL;
		action = BR_SPL_UNEVICTABLE;
		goto cull;
	}
	/* 6.1 mm/vmscan.c:1674: isolate_folio() cleared PG_referenced, so a
	 * look-around since (of an earlier page of this batch) set it */
	if (lru_gen_enabled(e) && page_mapped(p) && PageReferenced(p)) {
		out = OUT_KEEP;
		action = BR_SPL_GEN_REFERENCED;
		goto keep;
	}
	if (policy_has(e, CAP_DIRTY_61) && page_is_file_cache(p))
		check_dirty_writeback_61(&rs->batch, p);
	if (PageWriteback(p)) {
		if (policy_has(e, CAP_DIRTY_61)) {
			out = OUT_ACTIVATE;
			action = writeback_61(e, p);
			goto activate;
		}
		/* async pass: a page being written is not looked at */
		out = OUT_KEEP;
		action = BR_SPL_WRITEBACK;
		rs->batch.nr_writeback++;
		goto keep;
	}

	ref = check(e, p, &rs->sc, &rc);
	out = pageref_outcome(ref);
	if (ref == PAGEREF_ACTIVATE) {
		action = BR_SPL_ACTIVATE;
		goto activate;
	}
	if (ref == PAGEREF_KEEP) {
		rs->batch.nr_ref_keep++;
		count_vm_event(e, SIM_KEEP);
		action = BR_SPL_KEEP;
		goto keep;
	}

	/* a clean page-cache page that no pte maps, most of a scan's: none of
	 * the four tests below fires, and they are passed in one */
	if (!(p->flags & (1u << PG_anon | 1u << PG_swapcache | 1u << PG_dirty)) && !page_mapped(p)) {
		action = BR_SPL_FREED;
		reclaim_page(e, pfn, p, out == OUT_RECLAIM_CLEAN);
		goto counted;
	}
	/* anonymous memory needs a swap slot before it can go */
	if (PageAnon(p) && !PageSwapCache(p)) {
		if (!swap_available(e)) {
			action = BR_SPL_NO_SWAP;
			goto activate;
		}
		e->c.swap_free--;
		page_set(p, PG_swapcache);
		page_set(p, PG_dirty);
	}
	if (page_mapped(p)) {
		switch (try_to_unmap(e, p)) {
		case SWAP_FAIL: action = BR_SPL_UNMAP_YOUNG; goto activate;
		case SWAP_AGAIN: action = BR_SPL_KEEP; goto keep;
		case SWAP_MLOCK: action = BR_SPL_UNMAP_MLOCK; goto cull;
		case SWAP_SUCCESS: break;
		}
	}
	if (PageDirty(p)) {
		/* 6.1 mm/vmscan.c:1909: activated "to be reclaimed immediately
		 * when written back"; evict_folios() puts it back at max_seq
		 * (5020-5024, PG_active first in lru_gen_add_folio(),
		 * mm_inline.h:242) */
		if (policy_has(e, CAP_DIRTY_61) && dirty_left_to_flushers_61(e, p)) {
			count_vm_event(e, NR_VMSCAN_IMMEDIATE);
			page_set(p, PG_reclaim);
			action = BR_SPL_DIRTY_IMMEDIATE;
			goto activate;
		}
		if (!policy_has(e, CAP_DIRTY_61))
			rs->batch.nr_dirty++;
		/* patch 1/3's spelling of 2.6.33's "dirty && referenced: keep" */
		if (ref == PAGEREF_RECLAIM_CLEAN) {
			count_vm_event(e, SIM_RECLAIM_CLEAN_DEFERRED);
			action = BR_SPL_DIRTY_DEFERRED;
			goto keep;
		}
		if (!rs->sc.may_writepage) {
			action = BR_SPL_NO_WRITEPAGE;
			goto keep;
		}
		/* pageout(): the write starts, the page stays until it ends */
		page_clear(p, PG_dirty);
		writeback_start(e, p, true);
		count_vm_event(e, NR_VMSCAN_WRITE);
		rs->batch.nr_pageout++;
		count_vm_events(e, PGPGOUT, 4);
		if (PageSwapCache(p))
			count_vm_event(e, PSWPOUT);
		action = BR_SPL_PAGEOUT;
		goto keep;
	}
	action = PageSwapCache(p) ? BR_SPL_FREED_SWAP : BR_SPL_FREED;
	reclaim_page(e, pfn, p, out == OUT_RECLAIM_CLEAN);
	goto counted;

activate:
	activate_locked(e, p);
	goto counted;
keep:
	put_back(e, p);
	goto counted;
cull:
	if (PageSwapCache(p)) {
		page_clear(p, PG_swapcache);
		e->c.swap_free++;
	}
	putback_lru_page(e, p);
counted:
	e->c.decisions[out]++;
	if (r) {
		r->kind = STEP_SCAN_INACTIVE;
		/* 6.1's shrink_folio_list(), evict_folios()'s batch or the two lists' */
		r->func = folio_rules_61(e) ? FN_SHRINK_FOLIO_LIST : FN_SHRINK_PAGE_LIST;
		r->from = from;
		record_check(r, &rc);
		r->outcome = (uint8_t)out;
		r->action = (uint16_t)action;
		r->to = p->lru; /* LRU_FREE if it was freed */
	} else {
		count_rule(e, STEP_SCAN_INACTIVE, rc.branch, action);
	}
}

/* shrink_active_list() for one page, @p at @pfn.  @r may be NULL
 * (engine_run()).  Inlined into the reclaim loop as shrink_page() is:
 * 6.1 ages its active lists far more often than 2.6.34 (may_deactivate,
 * inactive_is_low(); on make bench's mix it deactivates about thirteen
 * times as many pages, tests/bench/README.md). */
ENGINE_HOT void shrink_active_page(struct engine *e, uint32_t pfn, struct page *p, struct step_record *r)
{
	struct reclaim_state *rs = &e->c.rs;
	struct reference_check rc = { .branch = BR_NONE };
	enum outcome out;

	if (!page_evictable(e, p)) {
		out = OUT_CULL;
		rc.branch = BR_ACT_UNEVICTABLE;
		putback_lru_page(e, p);
	} else if (e->policy->keep_active(e, p, &rc)) {
		out = OUT_ROTATE;
		list_del(e, pfn);
		list_add_head(e, pfn, (enum lru_list)rs->batch_lru);
		if (policy_has(e, CAP_WORKINGSET_61)) /* 6.1 mm/vmscan.c:2418, as put_back() */
			workingset_age_nonresident(e, 1);
	} else {
		out = OUT_DEACTIVATE;
		page_clear(p, PG_active);
		list_del(e, pfn);
		list_add_head(e, pfn, (enum lru_list)(rs->batch_lru - LRU_ACTIVE));
		count_vm_event(e, PGDEACTIVATE);
	}
	if (rc.rotated)
		rs->batch_nr_rotated++;
	e->c.decisions[out]++;
	if (r) {
		r->kind = STEP_SCAN_ACTIVE;
		r->func = FN_SHRINK_ACTIVE_LIST;
		r->from = rs->batch_lru;
		record_check(r, &rc);
		r->outcome = (uint8_t)out;
		r->to = p->lru;
	} else {
		count_rule(e, STEP_SCAN_ACTIVE, rc.branch, BR_NONE);
	}
}

/* ---- the state machine ---------------------------------------------------- */

static bool kswapd_watermark_ok(const struct engine *e, uint32_t mark, uint8_t order);

static void reclaim_finish(struct engine *e)
{
	struct reclaim_state *rs = &e->c.rs;

	/* 6.1 mm/vmscan.c:6464 do_try_to_free_pages(), :7186 balance_pgdat() */
	if (scan_cost_61(e))
		snapshot_refaults_61(e);

	if (rs->sc.reclaimer == RECLAIMER_KSWAPD) {
		/* 6.1 mm/vmscan.c:6894 prepare_kswapd_sleep(): a balanced node
		 * goes to sleep with clear_pgdat_congested() (:6856) */
		if (policy_has(e, CAP_DIRTY_61) && kswapd_watermark_ok(e, e->c.wmark_high, rs->sc.order))
			e->c.pgdat_flags = 0;
		e->c.kswapd_awake = false;
		e->c.ev.kswapd_sleep++;
	}
	e->c.ev.memcg_end += rs->sc.reclaimer == RECLAIMER_MEMCG;
	rs->stage = RS_IDLE;
	rs->sc.reclaimer = RECLAIMER_NONE;
	rs->sc.priority = -1;
}

/*
 * A zone marked all_unreclaimable is skipped below DEF_PRIORITY until a
 * page is freed (free_pcppages_bulk()).  The kernel finds it reclaimable
 * again because its zones are large: size >> DEF_PRIORITY is at least 1,
 * and kswapd's loop_again scans at DEF_PRIORITY until a batch frees a
 * page.  A zone of a few hundred pages scans nothing at DEF_PRIORITY and
 * would stay marked for good once, say, its file list ran empty with
 * swap full, even after the lists fill again.  So here (a liberty) the
 * mark also goes when reclaim starts and the test that set it,
 * pages_scanned >= 6 x reclaimable pages, no longer holds.
 */
static void zone_recheck_unreclaimable(struct engine *e)
{
	if (e->c.all_unreclaimable && e->c.pages_scanned < zone_reclaimable_pages(e) * 6)
		e->c.all_unreclaimable = false;
}

/* zone_watermark_ok() at @order, for kswapd: the kernel's test is
 * free - 2^order + 1 > mark (2.6.34 mm/page_alloc.c:1380), the engine's
 * order-0 one free >= mark; this keeps the engine's convention for order 0
 * and, with no buddy lists, leaves out the lower orders' free blocks. */
static bool kswapd_watermark_ok(const struct engine *e, uint32_t mark, uint8_t order)
{
	return zone_watermark_ok(e, mark, (1u << order) - 1);
}

/* 2.6.34 mm/vmscan.c:2313 wakeup_kswapd(): nothing to do while the zone
 * passes its low watermark at @order; otherwise the order is remembered
 * in kswapd_max_order (the largest since kswapd last read it) and kswapd
 * wakes.  The call is counted as wakeup_kswapd: 2.6.37 vmscan.c:2517
 * prints its mm_vmscan_wakeup_kswapd tracepoint there, for a kswapd
 * asleep on its wait queue, as kswapd always is at a workload step here.
 * A scenario with kswapd off has a kswapd that sleeps through every call
 * (the line is printed, no reclaim follows): all reclaim is direct. */
void wakeup_kswapd(struct engine *e, uint8_t order)
{
	if (kswapd_watermark_ok(e, e->c.wmark_low, order))
		return;
	count_vm_event(e, SIM_WAKEUP_KSWAPD);
	if (e->wl->memory.kswapd)
		kswapd_run_for(e, order);
}

/* kswapd woken for an allocation of @order whatever the low watermark
 * says: the allocation waits for memory (engine_step.c). */
void kswapd_run_for(struct engine *e, uint8_t order)
{
	if (e->c.kswapd_max_order < order)
		e->c.kswapd_max_order = order;
	e->c.ev.kswapd_wake += !e->c.kswapd_awake;
	e->c.kswapd_awake = true;
}

void reclaim_start_direct(struct engine *e, uint8_t order, uint32_t nr_needed)
{
	struct reclaim_state *rs = &e->c.rs;

	memset(&rs->sc, 0, sizeof rs->sc);
	rs->sc.reclaimer = RECLAIMER_DIRECT;
	rs->sc.priority = DEF_PRIORITY;
	rs->sc.order = order;
	rs->sc.may_writepage = !e->wl->memory.laptop_mode;
	rs->sc.may_swap = true;
	rs->sc.nr_to_reclaim = nr_needed > SWAP_CLUSTER_MAX ? nr_needed : SWAP_CLUSTER_MAX;
	rs->total_scanned = 0;
	rs->pass_reclaimed = 0;
	rs->stage = RS_PRIORITY;
	zone_recheck_unreclaimable(e);
	count_vm_event(e, ALLOCSTALL);
	lru_gen_reclaim_begin(e, false);
}

void reclaim_start_memcg(struct engine *e, unsigned k)
{
	struct reclaim_state *rs = &e->c.rs;

	/* 2.6.34 vmscan.c:1917 try_to_free_mem_cgroup_pages(): 32 pages,
	 * order 0, swap allowed (no memsw limit here), the cgroup's
	 * swappiness; do_try_to_free_pages() counts no ALLOCSTALL for it */
	memset(&rs->sc, 0, sizeof rs->sc);
	rs->sc.reclaimer = RECLAIMER_MEMCG;
	rs->sc.mem_cgroup = (uint8_t)k;
	rs->sc.priority = DEF_PRIORITY;
	rs->sc.may_writepage = !e->wl->memory.laptop_mode;
	rs->sc.may_swap = true;
	rs->sc.nr_to_reclaim = SWAP_CLUSTER_MAX;
	rs->total_scanned = 0;
	rs->pass_reclaimed = 0;
	rs->stage = RS_PRIORITY;
	e->c.ev.memcg_begin++;
}

bool reclaim_running(const struct engine *e)
{
	return e->c.rs.stage != RS_IDLE || e->c.kswapd_awake;
}

/*
 * The walk above warms the next batch one dependent load at a time.  A
 * file read in sequence is reclaimed in sequence too, so the page that
 * will be scanned READAHEAD_PAGES steps from now is most likely the one
 * READAHEAD_PAGES further into the file: its address is in the
 * page-cache slots, which lie in order, and it can be fetched at once.
 * Two batches ahead, so that it is warm before the walk reaches it (the
 * profile: tests/bench/README.md).  A hint only: a wrong guess costs a
 * useless prefetch.  Inlined: GCC drops a call to a function that only
 * prefetches as free of side effects, and the fetch with it.
 */
ENGINE_HOT void readahead_hint(const struct engine *e, const struct page *p)
{
	/* a page on an LRU list has an object; the slots run READAHEAD_PAGES
	 * empty ones past the last object's (engine_new()) */
	uint32_t s = e->slots[e->obj[p->object].slot_base + p->index + READAHEAD_PAGES];

	__builtin_prefetch(&e->pages[slot_pfn_or_0(s)]);
}

/* 6.1 mm/vmscan.c:2517-2539, the end of shrink_inactive_list(): a batch
 * all dirty and unqueued wakes the flushers (to write every dirty page,
 * fs/fs-writeback.c wb_start_writeback()), and its counts go into
 * sc->nr for shrink_node(). */
static void shrink_inactive_list_done_61(struct engine *e)
{
	const struct batch_stats *b = &e->c.rs.batch;
	struct scan_control *sc = &e->c.rs.sc;

	if (b->nr_unqueued_dirty == b->nr_taken)
		wakeup_flusher_threads(e, 0);
	sc->nr.dirty += b->nr_dirty;
	sc->nr.congested += b->nr_congested;
	sc->nr.unqueued_dirty += b->nr_unqueued_dirty;
	sc->nr.writeback += b->nr_writeback;
	sc->nr.immediate += b->nr_immediate;
	sc->nr.taken += b->nr_taken;
	if (b->file)
		sc->nr.file_taken += b->nr_taken;
}

/* 6.1 mm/vmscan.c:6157-6181, shrink_node() for kswapd: PGDAT_WRITEBACK
 * once every page taken was under writeback (and found so), PGDAT_DIRTY
 * once every file page taken was dirty and unqueued (also when none was
 * taken: under the multi-gen LRU, whose evict_folios() adds nothing to
 * sc->nr, it is set at once and never matters).  The flags stay until
 * kswapd goes to sleep balanced (reclaim_finish()).  Each pass of
 * shrink_node() starts with sc->nr zeroed (:6134). */
static void shrink_node_done_61(struct engine *e)
{
	struct scan_control *sc = &e->c.rs.sc;

	if (sc->reclaimer == RECLAIMER_KSWAPD && !sc->nr.skipped) {
		if (sc->nr.writeback && sc->nr.writeback == sc->nr.taken)
			e->c.pgdat_flags |= PGDAT_WRITEBACK;
		if (sc->nr.unqueued_dirty == sc->nr.file_taken)
			e->c.pgdat_flags |= PGDAT_DIRTY;
	}
	memset(&sc->nr, 0, sizeof sc->nr);
}

/* Examines the next page of the isolated batch, if there is one.  @r may
 * be NULL (engine_run()). */
ENGINE_HOT bool batch_step(struct engine *e, struct step_record *r, check_references_fn *check)
{
	struct reclaim_state *rs = &e->c.rs;
	uint32_t pfn = e->c.lists[LRU_ISOLATED].tail;
	struct page *p;

	if (pfn == PFN_NONE)
		return false;
	p = &e->pages[pfn];
	scan_ahead_step(e);
	/* not under the multi-gen LRU, whose scan fetches its next page
	 * itself (scan_prefetch(), lru_gen.c); there the guess costs more
	 * than it saves on a pure scan and on Zipf (tests/bench/README.md) */
	if (!lru_gen_enabled(e))
		readahead_hint(e, p);
	if (r) {
		r->pfn = pfn;
		r->object = p->object;
		r->index = p->index;
		fill_inputs(e, p, r); /* as the page was before the decision */
	}
	if (rs->batch_active)
		shrink_active_page(e, pfn, p, r);
	else
		shrink_page(e, pfn, p, r, check);
	if (e->c.lists[LRU_ISOLATED].nr == 0) {
		if (rs->batch_active) {
			stat_rotated(e)[is_file_lru(rs->batch_lru)] += rs->batch_nr_rotated;
		} else if (rs->after_batch != RS_LRU_GEN_EVICTED) {
			/* shrink_inactive_list()'s event; 6.1's evict_folios() has none */
			/* 6.1 mm/vmscan.c:2502 shrink_inactive_list(): what was
			 * written is the cost of reclaiming this type */
			if (scan_cost_61(e))
				lru_note_cost(e, rs->batch.file, rs->batch.nr_pageout);
			if (policy_has(e, CAP_DIRTY_61))
				shrink_inactive_list_done_61(e);
			rs->last_batch = rs->batch;
			rs->last_batch.done = true;
			rs->last_batch_step = e->c.step;
		}
		rs->stage = rs->after_batch;
	}
	return true;
}

static bool begin_batch(struct engine *e, bool active, int l, uint64_t n, enum reclaim_stage after)
{
	struct reclaim_state *rs = &e->c.rs;
	bool any = active ? start_active_batch(e, l, n) : start_inactive_batch(e, l, n);

	if (any) {
		rs->after_batch = (uint8_t)after;
		rs->stage = RS_BATCH;
	}
	return any;
}

/* One step of the round robin in shrink_zone(): begins the next list's
 * batch, or, when the round is over, moves on to the zone's tail. */
static void shrink_loop(struct engine *e)
{
	struct reclaim_state *rs = &e->c.rs;

	while (rs->next_lru < NR_EVICTABLE_LRU) {
		int l = rs->next_lru++;
		uint64_t n;

		if (!rs->nr[l])
			continue;
		n = rs->nr[l] < SWAP_CLUSTER_MAX ? rs->nr[l] : SWAP_CLUSTER_MAX;
		rs->nr[l] -= n;
		if (is_active_lru(l)) {
			/* shrink_list(): age an active list only if its inactive one
			 * is low (6.1 mm/vmscan.c:2721: if prepare_scan_count() let
			 * its type deactivate) */
			bool low = scan_cost_61(e)  ? (e->c.rs.may_deactivate >> is_file_lru(l)) & 1
				   : is_file_lru(l) ? sc_inactive_file_is_low(e)
						    : sc_inactive_anon_is_low(e);
			if (low && begin_batch(e, true, l, n, RS_SHRINK_LOOP))
				return;
		} else {
			/* 2.6.34 vmscan.c:1170 (2.6.33.3 :1134): shrink_inactive_list()
			 * asks isolate_pages() for SWAP_CLUSTER_MAX pages whatever
			 * its max_scan, and isolates again while it has scanned
			 * fewer than max_scan (a list shorter than that) */
			rs->max_scan = n;
			rs->inactive_scanned = 0;
			lru_add_drain(e); /* 2.6.34 vmscan.c:1157, once before the batches */
			/* 6.1 mm/vmscan.c:2469: isolate_lru_folios(nr_to_scan), once */
			if (begin_batch(e, false, l, scan_cost_61(e) ? n : SWAP_CLUSTER_MAX,
					RS_INACTIVE_LOOP))
				return;
		}
	}
	rs->next_lru = 0;
	if (!(rs->nr[LRU_INACTIVE_ANON] || rs->nr[LRU_ACTIVE_FILE] || rs->nr[LRU_INACTIVE_FILE]) ||
	    (rs->sc.nr_reclaimed >= rs->sc.nr_to_reclaim && rs->sc.priority < DEF_PRIORITY)) {
		rs->zone_tail_done = 0;
		rs->stage = RS_ZONE_TAIL;
	}
}

static void kswapd_priority_done(struct engine *e)
{
	struct reclaim_state *rs = &e->c.rs;
	struct scan_control *sc = &rs->sc;

	/* 6.1 has no all_unreclaimable (CAP_KSWAPD_FAILURES_61; 6.1
	 * mm/vmscan.c:7159 balance_pgdat() counts kswapd_failures) */
	if (!e->c.all_unreclaimable && !policy_has(e, CAP_KSWAPD_FAILURES_61) &&
	    e->c.pages_scanned >= zone_reclaimable_pages(e) * 6)
		e->c.all_unreclaimable = true;
	/* scanned a lot, reclaimed little: start writing even in laptop mode */
	if (rs->total_scanned > (uint64_t)SWAP_CLUSTER_MAX * 2 &&
	    rs->total_scanned > sc->nr_reclaimed + sc->nr_reclaimed / 2)
		sc->may_writepage = true;
	if (kswapd_watermark_ok(e, e->c.wmark_high, sc->order)) {
		reclaim_finish(e); /* balanced: kswapd sleeps */
		return;
	}
	if (sc->nr_reclaimed >= SWAP_CLUSTER_MAX) {
		rs->stage = RS_PASS; /* loop_again from priority 12 */
		return;
	}
	if (--sc->priority < 0) {
		/* 2.6.34 vmscan.c:2199 (2.6.33.3 :2167): fewer than SWAP_CLUSTER_MAX pages
		 * reclaimed at this order, so balance at order 0 from now on */
		bool high_order = sc->order != 0;

		sc->order = 0;
		/* a whole pass at order 0 freed nothing: give up until woken
		 * again (the kernel loops on, item 11 of data/README.md) */
		if (!rs->pass_reclaimed && !high_order) {
			lru_gen_reclaim_fruitless(e);
			reclaim_finish(e);
		} else
			rs->stage = RS_PASS;
		return;
	}
	rs->stage = RS_KSWAPD_AGING;
}

/* ---- kswapd's soft limit pass (2.6.34) --------------------------------- */

#define MEM_CGROUP_MAX_RECLAIM_LOOPS		100 /* 2.6.34 mm/memcontrol.c:262 */
#define MEM_CGROUP_MAX_SOFT_LIMIT_RECLAIM_LOOPS 2   /* :263 */

/*
 * 2.6.34 mm/vmscan.c:2104: balance_pgdat() calls
 * mem_cgroup_soft_limit_reclaim() for the zone at every priority, before
 * shrink_zone(), and drops its answer: the pages it frees raise the zone's
 * free pages (the watermark test), not kswapd's nr_reclaimed.
 *
 * mem_cgroup_soft_limit_reclaim() (memcontrol.c:2636): nothing at order >
 * 0; otherwise the cgroup furthest over its soft limit goes to
 * mem_cgroup_hierarchical_reclaim(MEM_CGROUP_RECLAIM_SOFT) (:1172), each
 * round of which is mem_cgroup_shrink_node_zone() (vmscan.c:1885):
 * shrink_zone() at priority 0 over the cgroup's lists with nr_to_reclaim
 * 0, so the round robin stops after one round (:1678), a chunk of at most
 * 32 a list; at priority 0 with swap the lists' whole sizes are the
 * targets, unscaled (:1650), still batched by the cgroup's nr_saved_scan.
 * Rounds go on until the cgroup is under its soft limit (:1241), or none
 * has freed anything, or together they freed a quarter of the excess, or
 * after 100 (:1201-1213).  A cgroup that gave nothing hands the turn to
 * the next furthest over, twice at most (:2719); one that gave anything
 * ends the pass.  Each cgroup's turn opens with a step of its own
 * (STEP_SOFT_LIMIT); its pages are examined as RECLAIMER_SOFT steps:
 * limit-reclaim rules (the cgroup's pages, sizes, reclaim_stat,
 * swappiness, page_referenced() filter; no PGSCAN_*, no pages_scanned),
 * in kswapd (KSWAPD_STEAL counts them).
 */
static void soft_limit_shrink(struct engine *e)
{
	struct reclaim_state *rs = &e->c.rs;
	struct scan_control *sc = &rs->sc;

	memset(sc, 0, sizeof *sc);
	sc->reclaimer = RECLAIMER_SOFT;
	sc->mem_cgroup = rs->soft.victim;
	sc->priority = 0;
	sc->may_writepage = !e->wl->memory.laptop_mode;
	sc->may_swap = true; /* noswap only with memsw at its minimum: no memsw here */
	sc->nr_to_reclaim = 0;
	rs->total_scanned = 0;
	rs->zone_tail_done = 0;
	shrink_zone_targets(e);
	rs->stage = RS_SHRINK_LOOP;
	e->c.ev.soft_begin++;
}

static void soft_limit_begin(struct engine *e)
{
	struct reclaim_state *rs = &e->c.rs;
	struct soft_limit_state *s = &rs->soft;

	s->kswapd = rs->sc;
	s->kswapd_total_scanned = rs->total_scanned;
	s->kswapd_pass_reclaimed = rs->pass_reclaimed;
	s->nr_reclaimed = 0;
	s->tree_loop = 0;
	s->next = 0;
	s->victim = 0;
	rs->stage = RS_SOFT_LIMIT;
}

/* The pass is over: kswapd's own scan_control again, and shrink_zone(). */
static void soft_limit_end(struct engine *e)
{
	struct reclaim_state *rs = &e->c.rs;
	struct soft_limit_state *s = &rs->soft;

	rs->sc = s->kswapd;
	rs->total_scanned = s->kswapd_total_scanned;
	rs->pass_reclaimed = s->kswapd_pass_reclaimed;
	s->victim = 0;
	rs->stage = RS_SHRINK_ZONE;
}

/* The top of mem_cgroup_soft_limit_reclaim()'s loop: the cgroup furthest
 * over its soft limit (or next_mz) has its turn, a step of its own. */
static bool soft_limit_next(struct engine *e, struct step_record *r)
{
	struct soft_limit_state *s = &e->c.rs.soft;
	unsigned k = s->next ? s->next : mem_cgroup_largest_soft_limit_node(e, 0);

	s->next = 0;
	if (!k) {
		soft_limit_end(e);
		return false;
	}
	s->victim = (uint8_t)k;
	s->excess = mem_cgroup_soft_limit_excess(e, k);
	s->total = 0;
	s->loop = 1; /* the walk starts at its root, the cgroup itself (no hierarchy) */
	soft_limit_shrink(e);
	if (r) {
		r->kind = STEP_SOFT_LIMIT;
		r->func = FN_MEM_CGROUP_SOFT_LIMIT_RECLAIM;
		r->branch = BR_SOFT_LIMIT;
		r->count = (uint32_t)(s->excess > UINT32_MAX ? UINT32_MAX : s->excess);
	} else {
		count_rule(e, STEP_SOFT_LIMIT, BR_SOFT_LIMIT, BR_NONE);
	}
	return true;
}

/* The cgroup's mem_cgroup_hierarchical_reclaim() has returned. */
static void soft_limit_victim_done(struct engine *e)
{
	struct reclaim_state *rs = &e->c.rs;
	struct soft_limit_state *s = &rs->soft;

	s->nr_reclaimed += s->total;
	s->tree_loop++;
	if (!s->total)
		s->next = (uint8_t)mem_cgroup_largest_soft_limit_node(e, s->victim);
	if (s->nr_reclaimed || !s->next || s->tree_loop > MEM_CGROUP_MAX_SOFT_LIMIT_RECLAIM_LOOPS) {
		soft_limit_end(e);
		return;
	}
	rs->stage = RS_SOFT_LIMIT;
}

/* After one mem_cgroup_shrink_node_zone(): another round, or the end of
 * this cgroup's turn. */
static void soft_limit_loop(struct engine *e)
{
	struct reclaim_state *rs = &e->c.rs;
	struct soft_limit_state *s = &rs->soft;

	s->total += rs->sc.nr_reclaimed;
	e->c.ev.soft_end++;
	e->c.ev.soft_reclaimed = rs->sc.nr_reclaimed;
	if (mem_cgroup_under_soft_limit(e, s->victim)) {
		soft_limit_victim_done(e);
		return;
	}
	s->loop++; /* the walk is back at its root */
	if (!s->total || s->total >= s->excess >> 2 || s->loop > MEM_CGROUP_MAX_RECLAIM_LOOPS) {
		soft_limit_victim_done(e);
		return;
	}
	soft_limit_shrink(e);
}

/* What reclaim_machine() stopped at. */
enum machine_stop {
	MACHINE_IDLE,	  /* reclaim is over: no page examined */
	MACHINE_EXAMINED, /* a page was examined */
	MACHINE_BATCH,	  /* a batch with pages, none examined yet */
};

/* reclaim_step() where the stage is not a batch page's: the state machine
 * moves on until it examines a page, begins a batch, or reclaim ends.  The
 * first page of a batch is left to reclaim_step(): compiled into a
 * policy's loop (POLICY_HOT), its batch_step() has the policy's check
 * inlined, where this cold code would call it through the pointer. */
static ENGINE_COLD enum machine_stop reclaim_machine(struct engine *e, struct step_record *r)
{
	struct reclaim_state *rs = &e->c.rs;
	struct scan_control *sc = &rs->sc;

	/* Every transition below either examines a page (and returns) or moves
	 * the stage forward; each loop of the kernel is bounded, so this ends. */
	for (;;) {
		switch (rs->stage) {
		case RS_IDLE:
			if (!e->c.kswapd_awake)
				return MACHINE_IDLE;
			memset(sc, 0, sizeof *sc);
			sc->reclaimer = RECLAIMER_KSWAPD;
			/* 2.6.34 kswapd(): balance_pgdat(pgdat, order) at the
			 * largest order it was woken for, read and reset */
			sc->order = e->c.kswapd_max_order;
			e->c.kswapd_max_order = 0;
			sc->nr_to_reclaim = UINT64_MAX;
			sc->may_swap = true;
			rs->pass_reclaimed = 0;
			rs->stage = RS_PASS;
			zone_recheck_unreclaimable(e);
			lru_gen_reclaim_begin(e, true);
			break;
		case RS_PASS: /* balance_pgdat, loop_again */
			count_vm_event(e, PAGEOUTRUN);
			sc->nr_reclaimed = 0;
			sc->priority = DEF_PRIORITY;
			sc->may_writepage = !e->wl->memory.laptop_mode;
			rs->total_scanned = 0;
			rs->pass_reclaimed = 0;
			rs->stage = RS_KSWAPD_AGING;
			break;
		case RS_KSWAPD_AGING:
			if (e->c.all_unreclaimable && sc->priority != DEF_PRIORITY) {
				kswapd_priority_done(e);
				break;
			}
			rs->stage = RS_PRIORITY;
			/* 6.1 mm/vmscan.c:7099: lru_gen_age_node() instead */
			if (lru_gen_enabled(e)) {
				lru_gen_age_node(e);
				break;
			}
			/* background aging of the anon lists before the check
			 * (6.1 mm/vmscan.c:6881 age_active_anon(): with swap, by
			 * 6.1's inactive_is_low()) */
			if (scan_cost_61(e) ? swap_available(e) && inactive_is_low_61(e, LRU_INACTIVE_ANON)
					    : inactive_anon_is_low(e))
				begin_batch(e, true, LRU_ACTIVE_ANON, SWAP_CLUSTER_MAX, RS_PRIORITY);
			break;
		case RS_PRIORITY:
			if (sc->reclaimer == RECLAIMER_KSWAPD &&
			    kswapd_watermark_ok(e, e->c.wmark_high, sc->order)) {
				reclaim_finish(e);
				break;
			}
			/* limit reclaim scans every zone (2.6.34 vmscan.c:1726) */
			if (e->c.all_unreclaimable && sc->priority != DEF_PRIORITY && !sc->mem_cgroup) {
				sc->nr.skipped = true;
				rs->stage = RS_ZONE_DONE;
				break;
			}
			/* 6.1 mm/vmscan.c:5888 shrink_lruvec() returns into
			 * lru_gen_shrink_lruvec() */
			if (lru_gen_enabled(e)) {
				lru_gen_shrink_begin(e);
				break;
			}
			/* 2.6.34 vmscan.c:2104, kswapd only; nothing at order > 0
			 * (memcontrol.c:2647) */
			if (sc->reclaimer == RECLAIMER_KSWAPD && e->wl->nr_cgroups && !sc->order) {
				soft_limit_begin(e);
				break;
			}
			rs->stage = RS_SHRINK_ZONE;
			break;
		case RS_SHRINK_ZONE:
			/* 2.6.34 mm/vmscan.c:2111 balance_pgdat(): "equal pressure
			 * on every zone, unless one zone has way too many pages free
			 * already": kswapd shrinks the zone only below 8 x its high
			 * watermark, which only the soft-limit pass just before can
			 * have freed it past (the priority's start found it short of
			 * high) */
			if (sc->reclaimer == RECLAIMER_KSWAPD &&
			    kswapd_watermark_ok(e, 8 * e->c.wmark_high, sc->order)) {
				sc->nr.skipped = true;
				rs->stage = RS_ZONE_DONE;
				break;
			}
			if (scan_cost_61(e))
				prepare_scan_count_61(e); /* 6.1 mm/vmscan.c:6137 shrink_node() */
			shrink_zone_targets(e);
			rs->stage = RS_SHRINK_LOOP;
			break;
		case RS_SOFT_LIMIT:
			if (soft_limit_next(e, r))
				return MACHINE_EXAMINED;
			break;
		case RS_SOFT_LIMIT_LOOP: soft_limit_loop(e); break;
		case RS_SHRINK_LOOP: shrink_loop(e); break;
		case RS_INACTIVE_LOOP:
			/* shrink_inactive_list()'s do { } while (nr_scanned < max_scan) */
			rs->stage = RS_SHRINK_LOOP;
			if (rs->inactive_scanned < rs->max_scan && !scan_cost_61(e)) /* 6.1: once */
				begin_batch(e, false, rs->batch_lru, SWAP_CLUSTER_MAX, RS_INACTIVE_LOOP);
			break;
		case RS_BATCH:
			if (e->c.lists[LRU_ISOLATED].tail != PFN_NONE)
				return MACHINE_BATCH;
			rs->stage = rs->after_batch;
			break;
		case RS_ZONE_TAIL:
			/* rebalance anon even if we did not try to evict it */
			rs->stage = RS_ZONE_DONE;
			/* 6.1 mm/vmscan.c:5990 shrink_lruvec()'s tail: 6.1's
			 * inactive_is_low() */
			if (!rs->zone_tail_done && swap_available(e) &&
			    (scan_cost_61(e) ? inactive_is_low_61(e, LRU_INACTIVE_ANON)
					     : sc_inactive_anon_is_low(e))) {
				rs->zone_tail_done = 1;
				begin_batch(e, true, LRU_ACTIVE_ANON, SWAP_CLUSTER_MAX, RS_ZONE_DONE);
			}
			break;
		case RS_ZONE_DONE:
			if (policy_has(e, CAP_DIRTY_61))
				shrink_node_done_61(e);
			if (sc->reclaimer == RECLAIMER_SOFT) {
				rs->stage = RS_SOFT_LIMIT_LOOP;
				break;
			}
			if (sc->reclaimer == RECLAIMER_KSWAPD) {
				kswapd_priority_done(e);
				break;
			}
			/* 2.6.34 vmscan.c:1811 do_try_to_free_pages(): done once
			 * the goal is met; otherwise, at every priority after
			 * scanning half again the goal (:1823), the flushers are
			 * woken for as many pages as were scanned, and writing is
			 * allowed, laptop or not */
			if (sc->nr_reclaimed >= sc->nr_to_reclaim) {
				if (sc->mem_cgroup)
					mem_cgroup_reclaim_done(e, sc->mem_cgroup, sc->nr_reclaimed,
								sc->priority);
				reclaim_finish(e);
				break;
			}
			if (rs->total_scanned > sc->nr_to_reclaim + sc->nr_to_reclaim / 2) {
				wakeup_flusher_threads(e, e->wl->memory.laptop_mode ? 0 : rs->total_scanned);
				sc->may_writepage = true;
			}
			if (--sc->priority >= 0) {
				rs->stage = RS_PRIORITY;
				break;
			}
			/* 2.6.34 vmscan.c:1835: "don't OOM" with what was
			 * reclaimed, for global reclaim only: limit reclaim
			 * that never reached 32 pages returns 0 */
			if (sc->mem_cgroup)
				mem_cgroup_reclaim_done(e, sc->mem_cgroup, 0, sc->priority);
			if (!sc->nr_reclaimed)
				lru_gen_reclaim_fruitless(e);
			reclaim_finish(e);
			break;
		case RS_LRU_GEN:
		case RS_LRU_GEN_EVICT:
		case RS_LRU_GEN_SCAN:
		case RS_LRU_GEN_EVICTED:
		case RS_LRU_GEN_WALK:
		case RS_LRU_GEN_INC:
			if (lru_gen_step(e, r))
				return MACHINE_EXAMINED;
			break;
		default: reclaim_finish(e); break;
		}
		if (rs->stage == RS_IDLE && !e->c.kswapd_awake)
			return MACHINE_IDLE;
	}
}

bool reclaim_step(struct engine *e, struct step_record *r, check_references_fn *check)
{
	if (e->c.rs.stage == RS_BATCH && batch_step(e, r, check))
		return true;
	/* 6.1: half the steps of a multi-gen run sort or isolate one page of
	 * the oldest generation; they go there straight, not through the
	 * state machine's loop (the figures: tests/bench/README.md) */
	if (e->c.rs.stage == RS_LRU_GEN_SCAN && lru_gen_scan_step(e, r))
		return true;
	switch (reclaim_machine(e, r)) {
	case MACHINE_IDLE: return false;
	case MACHINE_EXAMINED: return true;
	default: return batch_step(e, r, check);
	}
}
