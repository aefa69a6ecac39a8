/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/engine_step.c - construction, the step, and the accessors
 *
 * engine_step() decides what happens next, in this order:
 *   1. reclaim that is running (kswapd or direct) examines its next page;
 *   2. a write started by reclaim that is due finishes;
 *   3. the workload's next access runs.  If it needs a page and free
 *      memory would fall under the min watermark, kswapd runs first; if
 *      that is not enough, direct reclaim; if even that cannot free a page,
 *      the access is dropped (out of memory).  Then, if the access brings
 *      a page in for a task in a memory cgroup at its limit, that
 *      cgroup's limit reclaim runs first (memcontrol.c); if six rounds of
 *      it free nothing, the access is dropped (memcg OOM).  An allocation that finds
 *      free memory under the low watermark wakes kswapd (the allocator's
 *      slow path), which runs after the step.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cursor.h"
#include "list.h"
#include "lru_gen.h"
#include "memcontrol.h"
#include "page_alloc.h"
#include "writeback.h"

static void set_error(struct engine_error *err, const char *msg)
{
	if (!err)
		return;
	size_t n = strlen(msg);
	if (n >= sizeof err->msg)
		n = sizeof err->msg - 1;
	memcpy(err->msg, msg, n);
	err->msg[n] = '\0';
}

static bool workload_valid(const struct workload *wl, struct engine_error *err)
{
	uint64_t total = 0;

	if (wl->memory.pages < 4 || wl->memory.pages > ENGINE_MAX_PAGES) {
		set_error(err, "memory.pages must be between 4 and 67108864");
		return false;
	}
	if (wl->memory.wmark_high &&
	    !(wl->memory.wmark_min <= wl->memory.wmark_low && wl->memory.wmark_low <= wl->memory.wmark_high &&
	      wl->memory.wmark_high < wl->memory.pages)) {
		set_error(err, "watermarks must satisfy min <= low <= high < pages");
		return false;
	}
	for (uint32_t i = 0; i < wl->nr_objects; i++)
		total += wl->objects[i].pages;
	if (total > ENGINE_MAX_OBJECT_PAGES) {
		set_error(err, "the objects hold more pages than the engine's limit of 268435456");
		return false;
	}
	for (uint32_t i = 0; i < wl->nr_ops; i++) {
		const struct wl_op *op = &wl->ops[i];
		bool need_object = op->kind != WL_ALLOC && op->kind != WL_PAUSE &&
				   !(op->kind == WL_FREE && op->object == UINT32_MAX);
		if (op->kind >= NR_WL_KINDS || op->as >= MAX_MAPPINGS || op->order > ENGINE_MAX_ORDER ||
		    (need_object && op->object >= wl->nr_objects) || (op->kind == WL_RANDOM && !op->range) ||
		    (op->kind == WL_TRACE && op->count && !op->trace)) {
			set_error(err, "the workload has an operation the engine cannot run");
			return false;
		}
	}
	return true;
}

bool engine_models(const struct workload *wl, const struct reclaim_policy *policy)
{
	return !wl->nr_cgroups || policy->memcg;
}

#define ENGINE_ALIGN 64 /* a cache line of x86 and most others */

struct engine *engine_new(const struct workload *wl, const struct reclaim_policy *policy,
			  struct engine_error *err)
{
	struct engine *e;
	uint32_t slots = 0;

	if (!policy) {
		set_error(err, "no policy");
		return NULL;
	}
	if (!workload_valid(wl, err))
		return NULL;
	if (!engine_models(wl, policy)) {
		/* the policy's name, then why: no stdio in the engine */
		char msg[sizeof err->msg];
		const char *why = " does not model memory cgroups; run this scenario under a classic "
				  "policy (2.6.34, 2.6.33, refault, mapped-ratio, mapped-graded)";
		size_t n = strlen(policy->name), w = strlen(why);

		if (n > 40)
			n = 40;
		memcpy(msg, "policy ", 7);
		memcpy(msg + 7, policy->name, n);
		if (7 + n + w >= sizeof msg)
			w = sizeof msg - 8 - n;
		memcpy(msg + 7 + n, why, w);
		msg[7 + n + w] = '\0';
		set_error(err, msg);
		return NULL;
	}
	/* On a cache line, so that where a hot field falls in its line is the
	 * struct's doing, not the heap's: GCC reads and writes some neighbouring
	 * 32-bit fields as one 8-byte word (scan_folio()'s lru_gen counters),
	 * and with malloc()'s 16-byte alignment such a word could straddle two
	 * lines and a 4 KiB page, which slows every access of it. */
	e = aligned_alloc(ENGINE_ALIGN, (sizeof *e + ENGINE_ALIGN - 1) / ENGINE_ALIGN * ENGINE_ALIGN);
	if (e)
		memset(e, 0, sizeof *e);
	if (!e) {
		set_error(err, "out of memory");
		return NULL;
	}
	e->wl = wl;
	e->policy = policy;
	e->lru_gen = policy->lru_gen;
	e->caps = policy->caps;
	e->nr_pages = wl->memory.pages;
	e->obj = calloc(wl->nr_objects ? wl->nr_objects : 1, sizeof *e->obj);
	e->vmas = calloc(wl->nr_objects ? (size_t)wl->nr_objects * MAX_MAPPINGS : 1, sizeof *e->vmas);
	for (uint32_t i = 0; e->obj && i < wl->nr_objects; i++) {
		e->obj[i].slot_base = slots;
		e->obj[i].ra_prev_index = RA_PREV_NONE;
		slots += wl->objects[i].pages;
	}
	e->nr_slots = slots;
	/* readahead_hint() reads READAHEAD_PAGES past a page's slot */
	e->slots = calloc((size_t)slots + (size_t)READAHEAD_PAGES, sizeof *e->slots);
	e->pages = calloc(e->nr_pages, sizeof *e->pages);
	e->wb_ring = calloc(e->nr_pages, sizeof *e->wb_ring);
	e->check_counts =
		calloc(wl->nr_objects ? (size_t)wl->nr_objects * CHECK_COUNTS : 1, sizeof *e->check_counts);
	if (!e->obj || !e->vmas || !e->slots || !e->pages || !e->wb_ring || !e->check_counts) {
		engine_free(e);
		set_error(err, "out of memory for the simulated zone");
		return NULL;
	}
	for (uint32_t i = 0; i < slots + READAHEAD_PAGES; i++)
		e->slots[i] = slot_make(SLOT_EMPTY, 0);
	for (int l = 0; l < NR_LISTS; l++)
		e->c.lists[l] = (struct lru_head){ PFN_NONE, PFN_NONE, 0 };
	/* every page starts free, lowest pfn at the head */
	for (uint32_t pfn = e->nr_pages; pfn-- > 0;) {
		struct page *p = &e->pages[pfn];
		memset(p, 0, sizeof *p);
		p->object = OBJECT_KERNEL;
		p->lru = LRU_NONE;
		p->next = p->prev = PFN_NONE;
		list_add_head(e, pfn, LRU_FREE);
	}
	e->c.swap_free = wl->memory.swap_pages;
	e->c.rs.sc.priority = -1;
	e->zipf.op = UINT32_MAX;
	zone_init_watermarks(e);
	mem_cgroup_init(e);
	lru_gen_init(e);
	workload_begin(e);
	return e;
}

void engine_free(struct engine *e)
{
	if (!e)
		return;
	free(e->obj);
	free(e->vmas);
	free(e->slots);
	free(e->pages);
	free(e->wb_ring);
	free(e->check_counts);
	free(e);
}

/* Records are compared byte for byte (snapshots, goldens): clear padding too. */
static void record_reset(const struct engine *e, struct step_record *r)
{
	memset(r, 0, sizeof *r);
	r->step = e->c.step;
	r->pfn = PFN_NONE;
	r->object = UINT32_MAX;
	r->from = r->to = LRU_NONE;
	r->op = e->c.op;
	r->priority = -1;
}

static void record_oom(struct engine *e, struct step_record *r)
{
	uint32_t nr;
	uint8_t order;

	(void)workload_needs_pages(e, &nr, &order);
	r->kind = STEP_WORKLOAD;
	r->func = FN_ALLOC_PAGES;
	r->op = e->c.op;
	r->branch = BR_OOM;
	r->outcome = OUT_OOM;
	r->count = nr;
	r->object = e->wl->ops[e->c.op].object;
	count_vm_event(e, SIM_ALLOC_FAIL);
	e->c.decisions[OUT_OOM]++;
	workload_skip(e);
}

/* One step; engine_step() below adds the debug build's checks. */
static struct step_record *step_once(struct engine *e)
{
	struct step_record *r = &e->c.rec;
	uint32_t nr;
	uint8_t order;

	if (e->c.done && !reclaim_running(e) && !e->c.wb_len) {
		/* the end changes nothing, not even the last record */
		record_reset(e, &e->end_rec);
		e->end_rec.kind = STEP_END;
		return &e->end_rec;
	}
	e->c.step++;
	for (;;) {
		record_reset(e, r);
		if (reclaim_running(e)) {
			r->reclaimer = e->c.rs.sc.reclaimer ? e->c.rs.sc.reclaimer : RECLAIMER_KSWAPD;
			if (reclaim_step(e, r, e->policy->check_references)) {
				r->reclaimer = e->c.rs.sc.reclaimer ? e->c.rs.sc.reclaimer : r->reclaimer;
				r->memcg = e->c.rs.sc.mem_cgroup;
				r->priority = e->c.rs.sc.priority;
				r->order = e->c.rs.sc.order;
				return r;
			}
			continue;
		}
		r->priority = -1;
		if (writeback_due(e)) {
			writeback_end(e, r);
			if (r->kind == STEP_WRITEBACK)
				return r;
			continue;
		}
		if (e->c.done) {
			/* the workload is over: outstanding writes end now, one a step */
			if (!e->c.wb_len) {
				r->kind = STEP_END;
				return r;
			}
			writeback_end(e, r);
			if (r->kind == STEP_WRITEBACK)
				return r;
			continue;
		}
		if (workload_waits_for_memory(e, &nr, &order)) {
			if (!e->c.kswapd_tried) {
				/* 2.6.34 page_alloc.c:1844 __alloc_pages_slowpath():
				 * wake_all_kswapd() first, kswapd on or off (wakeup_kswapd()
				 * counts the call).  The engine's liberty: kswapd then
				 * runs before the allocation, while the zone is under its
				 * high watermark, whatever the low one says at @order. */
				e->c.kswapd_tried = true;
				wakeup_kswapd(e, order);
				if (e->wl->memory.kswapd && !zone_watermark_ok(e, e->c.wmark_high, 0))
					kswapd_run_for(e, order);
				if (e->c.kswapd_awake)
					continue;
			}
			if (!e->c.alloc_reclaimed) {
				e->c.alloc_reclaimed = true;
				reclaim_start_direct(e, order, nr);
				continue;
			}
			if (nr_free_pages(e) < nr) {
				record_oom(e, r);
				e->c.alloc_reclaimed = e->c.kswapd_tried = false;
				return r;
			}
		}
		if (e->wl->nr_cgroups) {
			enum memcg_charge_result cr = mem_cgroup_try_charge(e, charge_blocked(e), r);
			if (cr == CHARGE_RECLAIM)
				continue;
			if (cr == CHARGE_OOM) {
				workload_skip(e);
				return r;
			}
		}
		after_workload(e, workload_step(e, r));
		return r;
	}
}

const struct step_record *engine_step(struct engine *e)
{
	struct step_record *r = step_once(e);

	/* names the generation slots of from/to (lru_gen_list_seq()); 0
	 * under the two lists, whose lru_gen_state lru_gen_init() left zero */
	r->max_seq = (uint32_t)e->c.lg.max_seq;
	debug_check(e);
	if (e->rules)
		(*e->rules)[r->kind][r->branch][r->action]++;
	return r;
}

void engine_count_rules(struct engine *e, engine_rule_counts *n)
{
	e->rules = n;
}

bool engine_done(const struct engine *e)
{
	return e->c.done && !reclaim_running(e) && !e->c.wb_len;
}

const struct step_record *engine_last(const struct engine *e)
{
	return &e->c.rec;
}
uint64_t engine_steps(const struct engine *e)
{
	return e->c.step;
}
const struct reclaim_policy *engine_policy(const struct engine *e)
{
	return e->policy;
}
const struct workload *engine_workload(const struct engine *e)
{
	return e->wl;
}
const struct page *engine_pages(const struct engine *e)
{
	return e->pages;
}
uint32_t engine_nr_pages(const struct engine *e)
{
	return e->nr_pages;
}
uint64_t engine_vmstat_gauge(const struct engine *e, enum vmstat_gauge g)
{
	uint64_t n = 0;

	if (g == NR_ISOLATED_ANON || g == NR_ISOLATED_FILE)
		return 0;
	for (uint32_t pfn = 0; pfn < e->nr_pages; pfn++) {
		const struct page *p = &e->pages[pfn];
		if (p->lru == LRU_FREE || p->lru == LRU_KERNEL)
			continue;
		switch (g) {
		case NR_MLOCK: n += PageMlocked(p); break;
		case NR_ANON_PAGES: n += PageAnon(p); break;
		case NR_MAPPED: n += page_is_file_cache(p) && page_mapped(p); break;
		case NR_FILE_PAGES: n += page_is_file_cache(p); break;
		case NR_DIRTY: n += PageDirty(p); break;
		case NR_WRITEBACK: n += PageWriteback(p); break;
		default: break;
		}
	}
	return n;
}

const uint64_t *engine_vmstat(const struct engine *e)
{
	return e->c.vm;
}
const uint64_t *engine_decisions(const struct engine *e)
{
	return e->c.decisions;
}
uint32_t engine_swap_free(const struct engine *e)
{
	return e->c.swap_free;
}

struct lru_info engine_list(const struct engine *e, enum lru_list l)
{
	const struct lru_head *h = &e->c.lists[l];
	return (struct lru_info){ h->head, h->tail, h->nr };
}

struct watermarks engine_watermarks(const struct engine *e)
{
	return (struct watermarks){ e->c.wmark_min, e->c.wmark_low, e->c.wmark_high };
}

struct object_stats engine_object(const struct engine *e, uint32_t object)
{
	const struct object_state *o = &e->obj[object];
	uint32_t active = o->active;
	uint64_t max_seq = e->c.lg.max_seq;

	/* 6.1 lru_gen_is_active() (include/linux/mm_inline.h:164): the two
	 * youngest generations are the active ones */
	if (lru_gen_enabled(e))
		active =
			o->gen_pages[lru_gen_from_seq(max_seq)] + o->gen_pages[lru_gen_from_seq(max_seq - 1)];
	return (struct object_stats){ o->resident, active,     o->faults,
				      o->refaults, o->evicted, o->evicted_clean };
}

uint32_t engine_object_page(const struct engine *e, uint32_t object, uint32_t index)
{
	uint32_t s = e->slots[e->obj[object].slot_base + index];
	return SLOT_TAG(s) == SLOT_PAGE ? SLOT_VAL(s) : PFN_NONE;
}

struct reclaim_events engine_reclaim_events(const struct engine *e)
{
	return e->c.ev;
}

struct reclaim_info engine_reclaim(const struct engine *e)
{
	const struct reclaim_state *rs = &e->c.rs;
	struct reclaim_info ri = {
		.reclaimer = rs->sc.reclaimer,
		.mem_cgroup = rs->sc.mem_cgroup,
		.priority = rs->sc.priority,
		.order = rs->sc.order,
		.kswapd_awake = e->c.kswapd_awake,
		.nr_to_reclaim = rs->sc.nr_to_reclaim,
		.nr_reclaimed = rs->sc.nr_reclaimed,
		.nr_requested = rs->batch_requested,
		.percent = { rs->percent[0], rs->percent[1] },
		.recent_scanned = { e->c.recent_scanned[0], e->c.recent_scanned[1] },
		.recent_rotated = { e->c.recent_rotated[0], e->c.recent_rotated[1] },
	};
	for (int l = 0; l < NR_EVICTABLE_LRU; l++)
		ri.scan_target[l] = (uint32_t)(rs->nr[l] > UINT32_MAX ? UINT32_MAX : rs->nr[l]);
	return ri;
}

uint64_t engine_memcg_stat(const struct engine *e, unsigned k, enum memcg_stat_item i)
{
	const struct mem_cgroup *mc;

	if (k < 1 || k > e->wl->nr_cgroups)
		return 0;
	mc = &e->c.memcg[k - 1];
	switch (i) {
	case MEMCG_CACHE: return mc->cache;
	case MEMCG_RSS: return mc->rss;
	case MEMCG_MAPPED_FILE: return mc->mapped_file;
	case MEMCG_PGPGIN: return mc->pgpgin;
	case MEMCG_PGPGOUT: return mc->pgpgout;
	case MEMCG_INACTIVE_ANON:
	case MEMCG_ACTIVE_ANON:
	case MEMCG_INACTIVE_FILE:
	case MEMCG_ACTIVE_FILE:
	case MEMCG_UNEVICTABLE: return mc->count[i - MEMCG_INACTIVE_ANON];
	case MEMCG_USAGE: return mc->usage;
	case MEMCG_MAX_USAGE: return mc->max_usage;
	case MEMCG_LIMIT: return mc->limit;
	case MEMCG_FAILCNT: return mc->failcnt;
	case MEMCG_RECLAIMS: return mc->reclaims;
	case MEMCG_OOM: return mc->oom;
	default: return 0;
	}
}

uint64_t engine_memcg_evicted(const struct engine *e, unsigned k)
{
	return k >= 1 && k <= e->wl->nr_cgroups ? e->c.memcg[k - 1].evicted : 0;
}

struct batch_stats engine_last_batch(const struct engine *e)
{
	struct batch_stats b = e->c.rs.last_batch;
	/* "done" means: finished by the last step */
	b.done = b.done && e->c.rs.last_batch_step == e->c.step;
	return b;
}
