/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/memcontrol.c - memory cgroups of 2.6.34: charging, the limit,
 * and what limit reclaim sees (mm/memcontrol.c)
 *
 * 2.6.34 keeps "a double LRU" (Documentation/cgroups/memory.txt): every
 * page stays on its zone's lists as without cgroups, and a charged page
 * is also linked, through its page_cgroup, on its cgroup's lists.  Global
 * reclaim (kswapd, direct) walks the zone's lists as ever; a charge that
 * would pass a cgroup's limit runs limit reclaim in the charging task,
 * which walks only that cgroup's lists (vmscan.c, RECLAIMER_MEMCG).
 *
 *   the access needs a page ── page allocated (global reclaim first if
 *   the zone is short) ── charge: usage + 1 > limit?
 *        no: charged (usage++, pgpgin++), the page joins the LRU
 *        yes: failcnt++, try_to_free_mem_cgroup_pages(): 32 pages,
 *             priorities 12..0 over the cgroup's lists; then again,
 *             until under the limit or five more rounds freed nothing:
 *             memcg OOM (the access is dropped)
 *
 * Owner: one byte of struct page (page.h, 2.6.34 pc->mem_cgroup); the
 * cgroup of a mapping is one byte of struct vma (mm_match_cgroup()).
 *
 * A cgroup's lists are a filtered view of the zone's: the cgroup's pages
 * of a zone list, in its order.  2.6.34 links them separately, but adds
 * and removes a page on both lists together, always at the head
 * (mm_inline.h add_page_to_lru_list()), so the two orders agree except
 * in two places (2.6.34 mm/swap.c:105 rotate_reclaimable_page() moves a
 * page to the zone list's tail only; memcontrol.c:704 rotates a page on
 * the cgroup list alone on an isolation race, which one CPU cannot
 * have): here a page whose writeback ends rotates on its cgroup's list
 * too.  The cost of the view is time, not memory: isolation steps over
 * other cgroups' pages, where the kernel follows its own list.
 *
 * kswapd's soft limit pass (vmscan.c, RECLAIMER_SOFT) shrinks the lists of
 * the cgroup furthest over its soft limit before kswapd shrinks the zone.
 *
 * Left out (declared in data/README.md): hierarchy (use_hierarchy: the
 * victim is always the cgroup itself, one reclaim per failed charge); swap
 * accounting (memsw); the per-CPU stock of 32 pages (usage is the charged
 * pages, failcnt counts one per failed one-page charge); move-charge,
 * thresholds, the OOM notifier; the OOM killer (memcg OOM drops the access,
 * as the engine's global OOM does); kernel memory is never charged.
 */
#include "list.h"
#include "memcontrol.h"
#include "vmscan.h"

static struct mem_cgroup *memcg_of(struct engine *e, unsigned k)
{
	return &e->c.memcg[k - 1];
}

void mem_cgroup_init(struct engine *e)
{
	for (uint32_t i = 0; i < e->wl->nr_cgroups && i < WL_MAX_CGROUPS; i++) {
		const struct wl_cgroup *cg = &e->wl->cgroups[i];
		struct mem_cgroup *mc = &e->c.memcg[i];

		mc->limit = cg->limit;
		mc->soft_limit = cg->soft_limit;
		mc->swappiness = cg->swappiness;
		mc->prev_priority = DEF_PRIORITY;
	}
	e->c.charge.nr_retries = MEM_CGROUP_RECLAIM_RETRIES;
}

/* The cgroup of the task doing the workload's current operation; the
 * root cgroup for a workload run without its cgroups (the front ends'
 * "P/global"), whose operations still name them. */
static unsigned current_memcg(const struct engine *e)
{
	return !e->wl->nr_cgroups || e->c.done ? 0 : e->wl->ops[e->c.op].memcg;
}

/* 2.6.34 mm/memcontrol.c:1736 __mem_cgroup_commit_charge() and :518
 * mem_cgroup_charge_statistics(): the owner, cache or rss, pgpgin (an
 * event count, not I/O).  The limit was checked before the page was
 * allocated (mem_cgroup_try_charge()). */
void mem_cgroup_charge(struct engine *e, struct page *page)
{
	unsigned k = current_memcg(e);
	struct mem_cgroup *mc;

	if (!k)
		return;
	mc = memcg_of(e, k);
	page->memcg = (uint8_t)k;
	mc->usage++;
	if (mc->usage > mc->max_usage)
		mc->max_usage = mc->usage;
	mc->pgpgin++;
	if (e->wl->objects[page->object].type == OBJ_ANON)
		mc->rss++;
	else
		mc->cache++;
}

/* 2.6.34 mm/memcontrol.c:2161 __mem_cgroup_uncharge_common(): called as the
 * page leaves the page cache (__remove_mapping, truncate) or, anon, loses
 * its last pte; here when it is freed, which in this engine follows both
 * at once. */
void mem_cgroup_uncharge(struct engine *e, struct page *page)
{
	struct mem_cgroup *mc = memcg_of(e, page->memcg);

	mc->usage--;
	mc->pgpgout++;
	if (e->wl->objects[page->object].type == OBJ_ANON)
		mc->rss--;
	else
		mc->cache--;
	page->memcg = 0;
}

/* 2.6.34 mm/rmap.c page_add_file_rmap()/page_remove_rmap() ->
 * mem_cgroup_update_file_mapped(). */
void mem_cgroup_update_file_mapped(struct engine *e, const struct page *page, int delta)
{
	memcg_of(e, page->memcg)->mapped_file += (uint32_t)delta;
}

bool mem_cgroup_over_limit(const struct engine *e)
{
	const struct wl_op *op;
	const struct mem_cgroup *mc;

	if (!current_memcg(e))
		return false;
	op = &e->wl->ops[e->c.op];
	/* kernel allocations are not charged in 2.6.34 */
	if (op->kind == WL_ALLOC)
		return false;
	mc = &e->c.memcg[op->memcg - 1];
	/* res_counter_charge_locked(): fails if usage + 1 page > limit */
	return mc->usage + 1 > mc->limit;
}

static void memcg_oom(struct engine *e, unsigned k, struct step_record *r)
{
	const struct wl_op *op = &e->wl->ops[e->c.op];

	memcg_of(e, k)->oom++;
	e->c.decisions[OUT_OOM]++;
	r->kind = STEP_WORKLOAD;
	r->func = FN_MEM_CGROUP_OOM;
	r->branch = BR_MEMCG_OOM;
	r->outcome = OUT_OOM;
	r->count = 1;
	r->object = op->object;
	r->reclaimer = RECLAIMER_MEMCG;
	r->memcg = (uint8_t)k;
}

/*
 * 2.6.34 mm/memcontrol.c:1511 __mem_cgroup_try_charge(), without the
 * stock: the one-page charge fails (failcnt +1), and
 * mem_cgroup_hierarchical_reclaim() runs try_to_free_mem_cgroup_pages()
 * once (no hierarchy: the victim is the cgroup itself, :1126); its answer
 * is 1 + reclaimed when the cgroup is then under its limit.  A non-zero
 * answer, or room under the limit, retries the charge; otherwise
 * nr_retries counts down from MEM_CGROUP_RECLAIM_RETRIES (:1636), and at
 * zero the charge fails: memcg OOM after six rounds.  The reclaim runs as
 * steps of its own; this is called again when it has ended.
 */
enum memcg_charge_result mem_cgroup_try_charge(struct engine *e, bool blocked, struct step_record *r)
{
	struct memcg_charge *ch = &e->c.charge;
	unsigned k;

	if (!blocked) {
		ch->reclaimed = 0;
		ch->nr_retries = MEM_CGROUP_RECLAIM_RETRIES;
		return CHARGE_OK;
	}
	k = current_memcg(e);
	if (ch->reclaimed) {
		ch->reclaimed = 0;
		/* still at the limit, so the answer was the reclaim's own,
		 * 0 unless it reclaimed 32 pages (vmscan.c's quirk) */
		if (!ch->last_ret) {
			if (!ch->nr_retries) {
				ch->nr_retries = MEM_CGROUP_RECLAIM_RETRIES;
				memcg_oom(e, k, r);
				return CHARGE_OOM;
			}
			ch->nr_retries--;
		}
	}
	memcg_of(e, k)->failcnt++;
	memcg_of(e, k)->reclaims++;
	ch->reclaimed = 1;
	ch->last_ret = 0;
	reclaim_start_memcg(e, k);
	return CHARGE_RECLAIM;
}

/* try_to_free_mem_cgroup_pages() has ended: its return value, and the
 * priority it reached (2.6.34 vmscan.c:1857
 * mem_cgroup_record_reclaim_priority()). */
void mem_cgroup_reclaim_done(struct engine *e, unsigned k, uint64_t ret, int priority)
{
	e->c.charge.last_ret = (uint32_t)(ret > UINT32_MAX ? UINT32_MAX : ret);
	e->c.ev.memcg_reclaimed = ret; /* what try_to_free_mem_cgroup_pages() returns */
	memcg_of(e, k)->prev_priority = priority < 0 ? 0 : priority;
}

/*
 * 2.6.34 mm/memcontrol.c:950 mem_cgroup_isolate_pages(): from the tail of
 * the cgroup's list, every page counted as scanned and taken (all pages of
 * one list have the type and activity the mode asks for), until @n.  On
 * the filtered view, the zone list is walked and other cgroups' pages are
 * stepped over, untouched.  Each page taken leaves the zone list too and
 * goes to the head of the batch, so the oldest ends at its tail, as
 * isolate_tail() leaves it.
 */
uint32_t mem_cgroup_isolate_pages(struct engine *e, int l, uint64_t n, unsigned k,
				  uint32_t count[NR_EVICTABLE_LRU])
{
	uint32_t pfn = e->c.lists[l].tail, taken = 0;

	while (pfn != PFN_NONE && taken < n) {
		uint32_t prev = e->pages[pfn].prev;

		if (e->pages[pfn].memcg == k) {
			count[l]++;
			list_del_from(e, pfn, (enum lru_list)l);
			list_add_head(e, pfn, LRU_ISOLATED);
			taken++;
		}
		pfn = prev;
	}
	return taken;
}

uint64_t mem_cgroup_soft_limit_excess(const struct engine *e, unsigned k)
{
	const struct mem_cgroup *mc = &e->c.memcg[k - 1];

	/* a soft limit of 0 stands for none (the kernel's RESOURCE_MAX) */
	return mc->soft_limit && mc->usage > mc->soft_limit ? mc->usage - mc->soft_limit : 0;
}

bool mem_cgroup_under_soft_limit(const struct engine *e, unsigned k)
{
	const struct mem_cgroup *mc = &e->c.memcg[k - 1];

	return !mc->soft_limit || mc->usage < mc->soft_limit;
}

/*
 * 2.6.34 mm/memcontrol.c:454 __mem_cgroup_largest_soft_limit_node(): the
 * rightmost node of the zone's red-black tree, keyed on the excess.  The
 * kernel refreshes a cgroup's place in the tree every 1024 charge events
 * (:555 memcg_check_events()); here the excess is read when kswapd asks,
 * as if the tree were always fresh, and of equal excesses the first
 * declared cgroup wins (both liberties in data/README.md).
 */
unsigned mem_cgroup_largest_soft_limit_node(const struct engine *e, unsigned except)
{
	uint64_t best = 0;
	unsigned victim = 0;

	for (unsigned k = 1; k <= e->wl->nr_cgroups && k <= WL_MAX_CGROUPS; k++) {
		uint64_t x = mem_cgroup_soft_limit_excess(e, k);

		if (k != except && x > best) {
			best = x;
			victim = k;
		}
	}
	return victim;
}

static uint32_t int_sqrt32(uint64_t x)
{
	uint32_t r = 0;
	while ((uint64_t)(r + 1) * (r + 1) <= x)
		r++;
	return r;
}

/* 2.6.34 mm/memcontrol.c:875 mem_cgroup_inactive_anon_is_low(), with :851
 * calc_inactive_ratio() of the cgroup's own anon pages: int_sqrt(10 * GB),
 * 1 under a gigabyte. */
bool mem_cgroup_inactive_anon_is_low(const struct engine *e, unsigned k)
{
	const struct mem_cgroup *mc = &e->c.memcg[k - 1];
	uint64_t inactive = mc->count[LRU_INACTIVE_ANON], active = mc->count[LRU_ACTIVE_ANON];
	uint64_t gb = (inactive + active) >> 18; /* 4 KiB pages to GiB */
	uint32_t ratio = gb ? int_sqrt32(10 * gb) : 1;

	return inactive * (ratio ? ratio : 1) < active;
}

/* 2.6.34 mm/memcontrol.c:893 mem_cgroup_inactive_file_is_low(). */
bool mem_cgroup_inactive_file_is_low(const struct engine *e, unsigned k)
{
	const struct mem_cgroup *mc = &e->c.memcg[k - 1];

	return mc->count[LRU_ACTIVE_FILE] > mc->count[LRU_INACTIVE_FILE];
}
