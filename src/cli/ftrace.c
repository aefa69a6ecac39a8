/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/ftrace.c - the run as Linux 2.6.37's vmscan tracepoints (ftrace.h)
 *
 * A line is "%16s-%-5d [%03d] %5lu.%06lu: " (2.6.37 trace_print_context:
 * command, pid, cpu, time) then "NAME: " and the tracepoint's TP_printk
 * text (include/trace/events/vmscan.h).  Within a step the events come
 * in the order the kernel's code meets them: the reclaims that ended
 * before the step's page and those begun for it (kswapd's sleep and wake,
 * a cgroup's reclaim, a soft-limit round), direct reclaim begun, an
 * isolation, a pageout(), the end of a batch, direct reclaim ended, then
 * what ended or began after the page.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ftrace.h"

#define TASK	     "workload" /* the process of the workload, which allocates */
#define TASK_PID     1000
#define KSWAPD_PID   25
#define NID	     0
#define ZID	     2 /* ZONE_NORMAL on x86_64 (DMA, DMA32, NORMAL) */
/* The engine has no struct page addresses; mm_vmscan_writepage prints one:
 * the pfn's place in a vmemmap of 64-byte entries at x86_64's base. */
#define VMEMMAP_BASE 0xffffea0000000000ull
#define PAGE_STRUCT  64u

enum { RECLAIM_WB_ANON = 1, RECLAIM_WB_FILE = 2 };

static void head(bool kswapd, uint64_t step, const char *event)
{
	char comm[32];

	snprintf(comm, sizeof comm, "%s", kswapd ? "kswapd0" : TASK);
	printf("%16s-%-5d [000] %5" PRIu64 ".%06" PRIu64 ": %s: ", comm, kswapd ? KSWAPD_PID : TASK_PID,
	       step / 1000000, step % 1000000, event);
}

/* __print_flags() of RECLAIM_WB_*: the type, then ASYNC; the engine has
 * no synchronous lumpy pass, so never SYNC or MIXED. */
static const char *reclaim_flags(bool file)
{
	return file ? "RECLAIM_WB_FILE|RECLAIM_WB_ASYNC" : "RECLAIM_WB_ANON|RECLAIM_WB_ASYNC";
}

/* The allocation the workload waits for: a kernel one (WL_ALLOC) or a
 * page of a file or of anonymous memory. */
static const struct wl_op *current_op(const struct engine *e, const struct step_record *r)
{
	const struct workload *wl = engine_workload(e);

	return r->op < wl->nr_ops ? &wl->ops[r->op] : NULL;
}

static unsigned alloc_order(const struct wl_op *op)
{
	return op && op->kind == WL_ALLOC ? op->order : 0;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* Lumpy reclaim's figures for a batch just isolated, whose first page
 * (@first) the step examined: the pages taken beyond the tag pages
 * (contig_taken), those of them dirty, and the blocks not taken whole
 * (some page neither isolated nor free).  A block's tag page is its first
 * page in the order of isolation (from the isolated list's tail). */
struct contig {
	uint64_t taken, dirty, failed;
};
static struct contig lumpy_figures(const struct engine *e, uint32_t first, unsigned order)
{
	const struct page *pages = engine_pages(e);
	struct lru_info iso = engine_list(e, LRU_ISOLATED);
	uint32_t n = 0, cap = iso.nr + 1, *pfn = malloc(cap * sizeof *pfn);
	uint32_t *blocks = malloc(cap * sizeof *blocks), nb = 0;
	struct contig c = { 0 };

	if (!pfn || !blocks) {
		free(pfn);
		free(blocks);
		return c;
	}
	pfn[n++] = first;
	for (uint32_t p = iso.tail; p != PFN_NONE && n < cap; p = pages[p].prev)
		pfn[n++] = p;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t b = pfn[i] >> order;
		bool seen = false;
		for (uint32_t k = 0; k < nb && !seen; k++)
			seen = blocks[k] == b;
		if (seen) {
			c.taken++;
			c.dirty += PageDirty(&pages[pfn[i]]);
		} else {
			blocks[nb++] = b;
		}
	}
	qsort(blocks, nb, sizeof *blocks, cmp_u32);
	for (uint32_t k = 0; k < nb; k++) {
		uint32_t start = blocks[k] << order, end = start + (1u << order);
		for (uint32_t q = start; q < end && q < engine_nr_pages(e); q++) {
			if (q != first && pages[q].lru != LRU_ISOLATED && pages[q].lru != LRU_FREE) {
				c.failed++;
				break;
			}
		}
	}
	free(pfn);
	free(blocks);
	return c;
}

/* mm_vmscan_lru_isolate: a batch cut from a list this step.  nr_requested
 * is the nr_to_scan the engine's isolate_lru_pages() was given: 2.6.34's
 * shrink_inactive_list() asks for SWAP_CLUSTER_MAX whatever its share of
 * nr[l] (2.6.37's asks for that share and scans it; either way an order-0
 * isolation scans at most what it asked for, 2.6.37 isolate_lru_pages()
 * and its trace_mm_vmscan_lru_isolate() call). */
static void isolated(const struct engine *e, const struct step_record *r, uint64_t scanned)
{
	struct reclaim_info now = engine_reclaim(e);
	bool active = r->kind == STEP_SCAN_ACTIVE;
	/* the engine's rule for lumpy reclaim (2.6.34 shrink_inactive_list):
	 * an order over PAGE_ALLOC_COSTLY_ORDER, or any order once the
	 * priority has fallen below DEF_PRIORITY - 2 */
	bool lumpy = !active && (r->order > 3 || (r->order && r->priority < 12 - 2));
	uint64_t taken = (uint64_t)engine_list(e, LRU_ISOLATED).nr + 1;
	struct contig c = { 0 };

	if (lumpy)
		c = lumpy_figures(e, r->pfn, r->order);
	head(reclaimer_is_kswapd(r->reclaimer), r->step, "mm_vmscan_lru_isolate");
	printf("isolate_mode=%d order=%u nr_requested=%" PRIu32 " nr_scanned=%" PRIu64 " nr_taken=%" PRIu64
	       " contig_taken=%" PRIu64 " contig_dirty=%" PRIu64 " contig_failed=%" PRIu64 "\n",
	       active  ? 1
	       : lumpy ? 2
		       : 0,
	       r->order, now.nr_requested, scanned, taken, c.taken, c.dirty, c.failed);
}

/* What the next step is compared with. */
static void remember(struct ftrace_state *f, const struct engine *e)
{
	const uint64_t *vm = engine_vmstat(e);
	struct reclaim_info ri = engine_reclaim(e);

	f->ev = engine_reclaim_events(e);
	f->in_direct = ri.reclaimer == RECLAIMER_DIRECT;
	f->wakeups = vm[SIM_WAKEUP_KSWAPD];
	f->allocstall = vm[ALLOCSTALL];
	f->vmscan_write = vm[NR_VMSCAN_WRITE];
	f->pgscan = vm[PGSCAN_KSWAPD] + vm[PGSCAN_DIRECT];
	f->pgrefill = vm[PGREFILL];
}

void ftrace_init(struct ftrace_state *f, const struct engine *e)
{
	memset(f, 0, sizeof *f);
	remember(f, e);
}

/*
 * The spans a step can open or close: kswapd awake (kswapd_wake ..
 * kswapd_sleep), a round of its soft-limit pass and a cgroup's limit
 * reclaim (2.6.37 mem_cgroup_shrink_node_zone() and
 * try_to_free_mem_cgroup_pages(), vmscan.c:2075-2121).  The engine counts
 * each opening and closing (engine_reclaim_events()); the step prints them
 * in the order they alternate, around the lines of the page it examined.
 */
enum span { SPAN_KSWAPD, SPAN_SOFT, SPAN_MEMCG, NR_SPANS };

struct spans {
	uint64_t open[NR_SPANS], close[NR_SPANS]; /* this step's */
	bool in[NR_SPANS];			  /* open before this step */
	bool owner[NR_SPANS];			  /* the step's page is this span's */
	uint64_t wakeups;			  /* wakeup_kswapd lines not printed yet */
	uint64_t soft_reclaimed, memcg_reclaimed;
};

static void wakeup_lines(struct spans *s, const struct engine *e, const struct step_record *r)
{
	unsigned order = alloc_order(current_op(e, r));

	for (; s->wakeups; s->wakeups--) {
		head(false, r->step, "mm_vmscan_wakeup_kswapd");
		printf("nid=%d zid=%d order=%u\n", NID, ZID, order);
	}
}

/* 2.6.37 mem_cgroup_shrink_node_zone() and try_to_free_mem_cgroup_pages():
 * order 0, and the charge's gfp mask, whatever it was, made a
 * GFP_HIGHUSER_MOVABLE one by GFP_RECLAIM_MASK (vmscan.c:2072, 2112) */
static void span_line(struct spans *s, enum span k, bool open, const struct engine *e,
		      const struct step_record *r)
{
	int may_writepage = !engine_workload(e)->memory.laptop_mode;

	if (k == SPAN_KSWAPD && open) {
		wakeup_lines(s, e, r);
		head(true, r->step, "mm_vmscan_kswapd_wake");
		printf("nid=%d order=%u\n", NID, alloc_order(current_op(e, r)));
	} else if (k == SPAN_KSWAPD) {
		head(true, r->step, "mm_vmscan_kswapd_sleep");
		printf("nid=%d\n", NID);
	} else if (open) {
		head(k == SPAN_SOFT, r->step,
		     k == SPAN_SOFT ? "mm_vmscan_memcg_softlimit_reclaim_begin"
				    : "mm_vmscan_memcg_reclaim_begin");
		printf("order=0 may_writepage=%d gfp_flags=GFP_HIGHUSER_MOVABLE\n", may_writepage);
	} else {
		head(k == SPAN_SOFT, r->step,
		     k == SPAN_SOFT ? "mm_vmscan_memcg_softlimit_reclaim_end"
				    : "mm_vmscan_memcg_reclaim_end");
		printf("nr_reclaimed=%" PRIu64 "\n", k == SPAN_SOFT ? s->soft_reclaimed : s->memcg_reclaimed);
	}
	if (open) {
		s->open[k]--;
		s->in[k] = true;
	} else {
		s->close[k]--;
		s->in[k] = false;
	}
}

/* Before the page's lines: a span that closed this step closes first if
 * the page is not its own or a new one of its kind took the page; one
 * that opened opens first if the page is its own (kswapd's also before a
 * direct reclaim: the slow path wakes it first).  The inner spans close
 * before the outer and open after them. */
static void spans_before(struct spans *s, bool direct, const struct engine *e, const struct step_record *r)
{
	static const enum span inner_first[] = { SPAN_MEMCG, SPAN_SOFT, SPAN_KSWAPD };

	for (size_t i = 0; i < NR_SPANS; i++) {
		enum span k = inner_first[i];
		if (s->in[k] && s->close[k] && (!s->owner[k] || s->open[k]))
			span_line(s, k, false, e, r);
	}
	for (size_t i = NR_SPANS; i-- > 0;) {
		enum span k = inner_first[i];
		if (!s->in[k] && s->open[k] && (s->owner[k] || (k == SPAN_KSWAPD && direct)))
			span_line(s, k, true, e, r);
	}
	if (direct)
		wakeup_lines(s, e, r);
}

/* After them: whatever is left, in the order it alternates. */
static void spans_after(struct spans *s, const struct engine *e, const struct step_record *r)
{
	static const enum span inner_first[] = { SPAN_MEMCG, SPAN_SOFT, SPAN_KSWAPD };

	for (size_t i = 0; i < NR_SPANS; i++) {
		enum span k = inner_first[i];
		while (s->in[k] ? s->close[k] : s->open[k])
			span_line(s, k, !s->in[k], e, r);
	}
	wakeup_lines(s, e, r);
}

static struct spans spans_of(const struct ftrace_state *f, const struct engine *e,
			     const struct step_record *r)
{
	struct reclaim_events now = engine_reclaim_events(e), was = f->ev;
	struct spans s = {
		.open = { now.kswapd_wake - was.kswapd_wake, now.soft_begin - was.soft_begin,
			  now.memcg_begin - was.memcg_begin },
		.close = { now.kswapd_sleep - was.kswapd_sleep, now.soft_end - was.soft_end,
			   now.memcg_end - was.memcg_end },
		.in = { was.kswapd_wake > was.kswapd_sleep, was.soft_begin > was.soft_end,
			was.memcg_begin > was.memcg_end },
		.owner = { reclaimer_is_kswapd(r->reclaimer), r->reclaimer == RECLAIMER_SOFT,
			   r->reclaimer == RECLAIMER_MEMCG },
		.wakeups = engine_vmstat(e)[SIM_WAKEUP_KSWAPD] - f->wakeups,
		.soft_reclaimed = now.soft_reclaimed,
		.memcg_reclaimed = now.memcg_reclaimed,
	};
	return s;
}

/* 2.6.37 mem_cgroup_isolate_pages() (memcontrol.c:1103): a cgroup's own
 * isolation, never lumpy, with its mode last and no contiguous figures */
static void memcg_isolated(const struct engine *e, const struct step_record *r, uint64_t scanned)
{
	struct reclaim_info now = engine_reclaim(e);
	bool active = r->kind == STEP_SCAN_ACTIVE;

	head(reclaimer_is_kswapd(r->reclaimer), r->step, "mm_vmscan_memcg_isolate");
	printf("isolate_mode=%d order=0 nr_requested=%" PRIu32 " nr_scanned=%" PRIu64 " nr_taken=%" PRIu64
	       " contig_taken=0 contig_dirty=0 contig_failed=0\n",
	       active, now.nr_requested, scanned, scanned);
}

void ftrace_step(struct ftrace_state *f, const struct engine *e, const struct step_record *r)
{
	const uint64_t *vm = engine_vmstat(e);
	struct reclaim_info now = engine_reclaim(e);
	struct batch_stats b = engine_last_batch(e);
	bool scan = r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE;
	bool memcg = r->reclaimer == RECLAIMER_MEMCG || r->reclaimer == RECLAIMER_SOFT;
	bool began = vm[ALLOCSTALL] > f->allocstall;
	bool ended = (f->in_direct || began) && now.reclaimer != RECLAIMER_DIRECT;
	uint64_t pgscan = vm[PGSCAN_KSWAPD] + vm[PGSCAN_DIRECT];
	uint64_t memcg_scanned = engine_reclaim_events(e).memcg_scanned - f->ev.memcg_scanned;
	struct spans s = spans_of(f, e, r);

	spans_before(&s, began, e, r);
	if (began) {
		const struct wl_op *op = current_op(e, r);
		head(false, r->step, "mm_vmscan_direct_reclaim_begin");
		printf("order=%u may_writepage=%d gfp_flags=%s\n", alloc_order(op),
		       !engine_workload(e)->memory.laptop_mode,
		       op && op->kind == WL_ALLOC ? "GFP_KERNEL" : "GFP_HIGHUSER_MOVABLE");
	}
	/* 6.1's multi-gen LRU emits none of the isolate and shrink events
	 * (they are the classic path's, mm/vmscan.c:2266, 2541): its pages
	 * go to shrink_folio_list() from evict_folios()'s list, no inactive
	 * one (6.1 with lru_gen off names shrink_folio_list() too) */
	bool folio_path = r->kind == STEP_SCAN_INACTIVE && r->from == LRU_ISOLATED;

	if (scan && !folio_path && memcg && r->kind == STEP_SCAN_INACTIVE && memcg_scanned)
		memcg_isolated(e, r, memcg_scanned);
	else if (scan && !folio_path && memcg && vm[PGREFILL] > f->pgrefill && r->kind == STEP_SCAN_ACTIVE)
		memcg_isolated(e, r, vm[PGREFILL] - f->pgrefill);
	else if (scan && !folio_path && pgscan > f->pgscan && r->kind == STEP_SCAN_INACTIVE)
		isolated(e, r, pgscan - f->pgscan);
	else if (scan && !folio_path && vm[PGREFILL] > f->pgrefill && r->kind == STEP_SCAN_ACTIVE)
		isolated(e, r, vm[PGREFILL] - f->pgrefill);
	if (scan && vm[NR_VMSCAN_WRITE] > f->vmscan_write) {
		head(reclaimer_is_kswapd(r->reclaimer), r->step, "mm_vmscan_writepage");
		printf("page=%016" PRIx64 " pfn=%" PRIu32 " flags=%s\n",
		       (uint64_t)(VMEMMAP_BASE + (uint64_t)r->pfn * PAGE_STRUCT), r->pfn,
		       reclaim_flags(!(r->inputs & IN_ANON)));
	}
	if (b.done) {
		head(reclaimer_is_kswapd(b.reclaimer), r->step, "mm_vmscan_lru_shrink_inactive");
		printf("nid=%d zid=%d nr_scanned=%" PRIu32 " nr_reclaimed=%" PRIu32 " priority=%d flags=%s\n",
		       NID, ZID, b.nr_scanned, b.nr_reclaimed, b.priority, reclaim_flags(b.file));
	}
	if (ended) {
		head(false, r->step, "mm_vmscan_direct_reclaim_end");
		printf("nr_reclaimed=%" PRIu64 "\n", now.nr_reclaimed);
	}
	spans_after(&s, e, r);
	remember(f, e);
}
