/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_fidelity.c - the engine's kernel functions against the
 * kernel source, one table per function
 *
 * Each table's rows were written from the kernel source, not from the
 * engine: the comment above a row names the file and line it follows
 * (2.6.34, 2.6.33.3 and 2.6.37.6 mm/ by line; 3.15 by function, read from its
 * mm/filemap.c, mm/swap.c and mm/workingset.c).  Each row runs under
 * every policy the function concerns; a row sets up a fresh engine, calls
 * the engine's function of the kernel's name and checks what the kernel
 * would leave behind.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/filemap.h"
#include "engine/internal.h"
#include "engine/list.h"
#include "engine/lru_gen.h"
#include "engine/memcontrol.h"
#include "engine/memory.h"
#include "engine/page_alloc.h"
#include "engine/rmap.h"
#include "engine/swap.h"
#include "engine/vmscan.h"
#include "engine/writeback.h"
#include "harness.h"
#include "policy/registry.h"

#define FILE_PAGES 1024

static struct object_spec objs[] = {
	{ "file", OBJ_FILE, false, FILE_PAGES },
	{ "anon", OBJ_ANON, false, FILE_PAGES },
	{ "other", OBJ_FILE, false, FILE_PAGES },
};
static const struct wl_op nop = { .kind = WL_PAUSE, .caption = UINT32_MAX };

/* A zone of @pages pages with nothing on its lists, whose workload is
 * the @nr operations @ops (NULL: a pause). */
static struct engine *zone_new_ops(struct workload *wl, const char *policy, uint32_t pages, bool kswapd,
				   const struct wl_op *ops, uint32_t nr)
{
	struct engine_error err;

	memset(wl, 0, sizeof *wl);
	wl->memory.pages = pages;
	wl->memory.swap_pages = 256;
	wl->memory.swappiness = 60;
	wl->memory.writeback_steps = 4;
	wl->memory.kswapd = kswapd;
	wl->objects = objs;
	wl->nr_objects = 3;
	wl->ops = ops ? ops : &nop;
	wl->nr_ops = ops ? nr : 1;
	return engine_new(wl, policy_find(policy), &err);
}

static struct engine *zone_new_op(struct workload *wl, const char *policy, uint32_t pages, bool kswapd,
				  const struct wl_op *op)
{
	return zone_new_ops(wl, policy, pages, kswapd, op, 1);
}

static struct engine *zone_new(struct workload *wl, const char *policy, uint32_t pages, bool kswapd)
{
	return zone_new_op(wl, policy, pages, kswapd, NULL);
}

/* Page @index of the file, in the page cache, at the head of list @l (its
 * pagevec drained). */
static struct page *file_page(struct engine *e, uint32_t index, enum lru_list l)
{
	uint32_t old, pfn = page_cache_alloc(e, 0, index, page_slot(e, 0, index), &old);

	lru_cache_add(e, pfn, l);
	lru_add_drain(e);
	return pfn_to_page(e, pfn);
}

/* What a row of a table run under every policy does, given a fresh
 * 1024-page zone: checks with CHECKF, the row's sentence and @pol's name
 * in each message. */
typedef void row_fn(struct engine *e, const struct reclaim_policy *pol, const void *row);

/* Runs @fn on each of the @n rows of @rows (@size bytes each, the
 * sentence their first member) under every policy but those claiming
 * one of @not_caps, a later kernel's rule that replaces the table's
 * (enum policy_caps; their own tables follow), and, with @only_caps,
 * only under those that claim all of them (a later kernel's table). */
static void run_under_every_policy(const void *rows, size_t n, size_t size, row_fn *fn, unsigned not_caps,
				   unsigned only_caps)
{
	for (unsigned pi = 0; pi < nr_reclaim_policies; pi++) {
		const struct reclaim_policy *pol = reclaim_policies[pi];

		/* these are the two-list LRU's rules; 6.1's multi-gen LRU has
		 * its own rows (test_rules.c, the rows of policy "mglru") */
		if (pol->lru_gen || (pol->caps & not_caps) || (pol->caps & only_caps) != only_caps)
			continue;
		for (size_t i = 0; i < n; i++) {
			const void *row = (const char *)rows + i * size;
			const char *sentence = *(const char *const *)row;
			ROW_BEGIN(sentence);
			struct workload wl;
			struct engine *e = zone_new(&wl, pol->name, 1024, true);

			CHECKF(e != NULL, "%s (%s): no engine", sentence, pol->name);
			if (e)
				fn(e, pol, row);
			engine_free(e);
			ROW_END();
		}
	}
}
#define RUN_UNDER_EVERY_POLICY(rows, fn) \
	run_under_every_policy(rows, sizeof rows / sizeof rows[0], sizeof rows[0], fn, 0, 0)
#define RUN_UNDER_EVERY_POLICY_BUT(rows, fn, caps) \
	run_under_every_policy(rows, sizeof rows / sizeof rows[0], sizeof rows[0], fn, caps, 0)
/* ... and only under the policies that claim all of @caps */
#define RUN_UNDER_POLICIES_WITH(rows, fn, caps) \
	run_under_every_policy(rows, sizeof rows / sizeof rows[0], sizeof rows[0], fn, 0, caps)

/* ---- 3.15 mm/workingset.c: workingset_refault(), workingset_activation() -- */

struct refault_row {
	const char *sentence;
	unsigned active_file;	 /* pages on the active file list */
	int distance;		 /* the clock's move since the eviction; -1: empty slot */
	enum lru_list want_list; /* where the page read back goes */
	unsigned want_tick;	 /* how far inactive_age moves */
};

static const struct refault_row refault_rows[] = {
	/* 3.15 mm/workingset.c workingset_refault(): active if the distance is
	 * at most NR_ACTIVE_FILE; 3.15 mm/filemap.c add_to_page_cache_lru():
	 * then SetPageActive() and workingset_activation(), a clock tick */
	{ "a refault within the active list comes back active and ticks the clock", 8, 4, LRU_ACTIVE_FILE,
	  1 },
	{ "a refault at exactly the active list's size still activates", 8, 8, LRU_ACTIVE_FILE, 1 },
	/* 3.15 workingset_refault(): a distance beyond NR_ACTIVE_FILE is not */
	{ "a refault farther than the active list goes inactive, the clock stays", 8, 9, LRU_INACTIVE_FILE,
	  0 },
	/* 3.15 add_to_page_cache_lru(): no shadow (a first read), no tick */
	{ "a first read keeps the clock", 8, -1, LRU_INACTIVE_FILE, 0 },
};

static void test_workingset_refault(void)
{
	for (size_t i = 0; i < sizeof refault_rows / sizeof refault_rows[0]; i++) {
		ROW_BEGIN(refault_rows[i].sentence);
		const struct refault_row *r = &refault_rows[i];
		struct workload wl;
		struct engine *e = zone_new(&wl, "refault", 1024, true);
		uint64_t age;
		struct page *p;
		uint32_t pfn;

		if (!e) {
			CHECKF(0, "%s: no engine", r->sentence);
			ROW_END();
			continue;
		}
		for (unsigned k = 0; k < r->active_file; k++)
			file_page(e, 1 + k, LRU_ACTIVE_FILE);
		e->c.inactive_age = age = 1000;
		if (r->distance >= 0)
			*page_slot(e, 0, 0) = slot_make(SLOT_SHADOW, (uint32_t)(age - (unsigned)r->distance));
		do_rw(e, 0, 0, false, NULL);
		lru_add_drain(e); /* the list it was added for, once its pagevec drains */
		pfn = SLOT_VAL(*page_slot(e, 0, 0));
		p = pfn_to_page(e, pfn);
		CHECKF(p->lru == r->want_list, "%s: on list %d, want %d", r->sentence, p->lru, r->want_list);
		CHECKF(e->c.inactive_age - age == r->want_tick, "%s: clock moved %llu, want %u", r->sentence,
		       (unsigned long long)(e->c.inactive_age - age), r->want_tick);
		engine_free(e);
		ROW_END();
	}
}

struct activation_row {
	const char *sentence;
	bool anon;
	unsigned want_tick;
};

static const struct activation_row activation_rows[] = {
	/* 3.15 mm/swap.c mark_page_accessed(): the second access of an
	 * inactive page activates it, and workingset_activation() ticks the
	 * clock if it is a file page */
	{ "a file page activated by a second access ticks the clock", false, 1 },
	{ "an anon page activated by a second access leaves the clock", true, 0 },
};

static void test_workingset_activation(void)
{
	for (size_t i = 0; i < sizeof activation_rows / sizeof activation_rows[0]; i++) {
		ROW_BEGIN(activation_rows[i].sentence);
		const struct activation_row *r = &activation_rows[i];
		struct workload wl;
		struct engine *e = zone_new(&wl, "refault", 1024, true);
		uint32_t pfn;
		struct page *p;

		if (!e) {
			CHECKF(0, "%s: no engine", r->sentence);
			ROW_END();
			continue;
		}
		pfn = alloc_page(e);
		p = pfn_to_page(e, pfn);
		p->object = r->anon ? 1 : 0;
		*page_slot(e, p->object, 0) = slot_make(SLOT_PAGE, pfn);
		e->obj[p->object].resident++;
		if (r->anon)
			page_set(p, PG_anon);
		lru_cache_add(e, pfn, r->anon ? LRU_INACTIVE_ANON : LRU_INACTIVE_FILE);
		lru_add_drain(e);
		mark_page_accessed(e, p, NULL);
		mark_page_accessed(e, p, NULL);
		CHECKF(PageActive(p), "%s: not activated", r->sentence);
		CHECKF(e->c.inactive_age == r->want_tick, "%s: clock at %llu, want %u", r->sentence,
		       (unsigned long long)e->c.inactive_age, r->want_tick);
		engine_free(e);
		ROW_END();
	}
}

/* ---- 2.6.34 mm/filemap.c: do_generic_file_read(), generic_perform_write() -- */

struct read_row {
	const char *sentence;
	const char *ops;    /* "r0 w0 R1": read() or write() of page N of "file", R a read() of "other" */
	bool evict_between; /* page 0 of "file" is evicted after the first access */
	enum lru_list want_list; /* where page 0 of "file" ends */
	bool want_referenced;
};

static const struct read_row read_rows[] = {
	/* 2.6.34 filemap.c:1056: prev_index == index and offset == prev_offset,
	 * so the second read of page 0 does not call mark_page_accessed() */
	{ "reading the same page twice in a row marks it once", "r0 r0", false, LRU_INACTIVE_FILE, true },
	{ "reading the same page five times in a row marks it once", "r0 r0 r0 r0 r0", false,
	  LRU_INACTIVE_FILE, true },
	/* filemap.c:1058 prev_index = index: a read of page 1 in between moves
	 * the position, so coming back to page 0 marks it again and
	 * mark_page_accessed() activates it (mm/swap.c:205) */
	{ "a read of another page in between lets the next read mark it", "r0 r1 r0", false, LRU_ACTIVE_FILE,
	  false },
	/* filemap.c:979 and :1165: the position is the file's (filp->f_ra);
	 * a read of another file does not move it */
	{ "a read of another file in between does not move this file's position", "r0 R1 r0", false,
	  LRU_INACTIVE_FILE, true },
	/* filemap.c:1142 no_cached_page: add_to_page_cache_lru() and readpage,
	 * then page_ok: the same position test as a cached page */
	{ "a page evicted and read again at the same position is not marked", "r0 r0", true,
	  LRU_INACTIVE_FILE, false },
	/* file_ra_state_init() (mm/readahead.c:29): prev_pos = -1, so the first
	 * read of page 0 of a file marks it */
	{ "the first read of a file marks its first page", "r0", false, LRU_INACTIVE_FILE, true },
};

/* 2.6.34 filemap.c:2243 generic_perform_write() marks every write; it
 * does not touch prev_pos */
static const struct read_row write_rows[] = {
	{ "two writes of the same page activate it", "w0 w0", false, LRU_ACTIVE_FILE, false },
	{ "a write between two reads of a page activates it; the second read does not mark", "r0 w0 r0",
	  false, LRU_ACTIVE_FILE, false },
};

/* 6.1 mm/folio-compat.c:120 grab_cache_page_write_begin() (ext4's
 * write_begin) asks for no FGP_ACCESSED: a write marks nothing
 * (CAP_WRITE_61) */
static const struct read_row write_rows_61[] = {
	{ "two writes of the same page leave it inactive and unmarked", "w0 w0", false, LRU_INACTIVE_FILE,
	  false },
	{ "a write between two reads of a page marks nothing; the second read does not mark either",
	  "r0 w0 r0", false, LRU_INACTIVE_FILE, true },
};

/* Page 0 of object @obj: in memory, on @want_list, PG_referenced as
 * @want_referenced; returns it, or NULL if it is not in memory. */
static const struct page *check_page_0(struct engine *e, uint32_t obj, const char *sentence, const char *pol,
				       enum lru_list want_list, bool want_referenced)
{
	uint32_t slot = *page_slot(e, obj, 0);
	const struct page *p;

	CHECKF(SLOT_TAG(slot) == SLOT_PAGE, "%s (%s): page 0 not in memory", sentence, pol);
	if (SLOT_TAG(slot) != SLOT_PAGE)
		return NULL;
	p = pfn_to_page(e, SLOT_VAL(slot));
	CHECKF(p->lru == want_list, "%s (%s): on list %d, want %d", sentence, pol, p->lru, want_list);
	CHECKF(PageReferenced(p) == want_referenced, "%s (%s): PG_referenced %d, want %d", sentence, pol,
	       PageReferenced(p), want_referenced);
	return p;
}

/* Page @p out of memory as reclaim leaves it: a shadow in its slot, one
 * from long ago, so that the refault policy reads it back inactive too. */
static void evict_page(struct engine *e, struct page *p)
{
	uint32_t long_ago = (uint32_t)e->c.inactive_age + 1;

	/* 6.1's shadow keeps PG_workingset in its lowest bit (mm/workingset.c:188) */
	if (e->policy->caps & CAP_WORKINGSET_61)
		long_ago = (long_ago & 0x1fffffffu) << 1;
	*page_slot(e, p->object, p->index) = slot_make(SLOT_SHADOW, long_ago);
	e->obj[p->object].resident--;
	e->obj[p->object].evicted++;
	free_page(e, page_to_pfn(e, p));
}

static void read_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct read_row *r = row;
	uint32_t slot;

	for (const char *op = r->ops; *op; op += op[2] ? 3 : 2) {
		do_rw(e, *op == 'R' ? 2 : 0, (uint32_t)(op[1] - '0'), *op == 'w', NULL);
		/* the position rule alone: each access finds the pagevecs
		 * drained (the pagevec has its own table, below) */
		lru_add_drain(e);
		slot = *page_slot(e, 0, 0);
		if (op == r->ops && r->evict_between && SLOT_TAG(slot) == SLOT_PAGE)
			evict_page(e, pfn_to_page(e, SLOT_VAL(slot)));
	}
	check_page_0(e, 0, r->sentence, pol->name, r->want_list, r->want_referenced);
}

static void test_do_generic_file_read(void)
{
	RUN_UNDER_EVERY_POLICY(read_rows, read_row_run);
	RUN_UNDER_EVERY_POLICY_BUT(write_rows, read_row_run, CAP_WRITE_61);
	RUN_UNDER_POLICIES_WITH(write_rows_61, read_row_run, CAP_WRITE_61);
}

/* ---- 2.6.34 mm/swap.c: the lru_add pagevecs --------------------------------- */

struct pagevec_row {
	const char *sentence;
	const char *ops;	 /* "r0 r1 r0": read() of page N of "file"; "D" lru_add_drain();
				  * "a0": a fault of page N of "anon"; "U": munmap of "anon" */
	unsigned pages;		 /* before the ops, pages 10.. of "file" read (not drained) */
	enum lru_list want_list; /* where page 0 of the object the last op named ends */
	bool want_referenced;
	unsigned want_waiting; /* pages left in the pagevecs */
	uint64_t want_pgactivate;
};

static const struct pagevec_row pagevec_rows[] = {
	/* 2.6.34 swap.c:221 __lru_cache_add(): a new page waits in the
	 * pagevec; swap.c:205 mark_page_accessed() activates only a PageLRU
	 * page, so a second use while it waits only keeps PG_referenced */
	{ "a page read twice while it waits in the pagevec is only marked", "r0 r1 r0", 0, LRU_PAGEVEC, true,
	  2, 0 },
	/* swap.c:296 lru_add_drain(): the pages reach their list; the next
	 * second use activates (swap.c:205) */
	{ "after a drain, the same second read activates it", "r0 r1 D r0", 0, LRU_ACTIVE_FILE, false, 0, 1 },
	/* swap.c:223 pagevec_add() returns the room left; at PAGEVEC_SIZE
	 * (pagevec.h:12, 14) ____pagevec_lru_add() takes all to the list */
	{ "the fourteenth page fills the pagevec and all fourteen reach the inactive list", "r0", 13,
	  LRU_INACTIVE_FILE, true, 0, 0 },
	{ "thirteen pages wait: the pagevec is not full yet", "r0", 12, LRU_PAGEVEC, true, 13, 0 },
	/* memory.c do_anonymous_page(): lru_cache_add_active_or_unevictable()
	 * adds to the active anon pagevec; ____pagevec_lru_add() sets
	 * PG_active only when it reaches the list (swap.c:412) */
	{ "a new anon page waits for the active anon list, and joins it active", "a0 D", 0, LRU_ACTIVE_ANON,
	  false, 0, 0 },
	/* mmap.c:1880 unmap_region() drains before the ptes are zapped */
	{ "munmap drains the pagevecs first", "a1 r0 U", 0, LRU_INACTIVE_FILE, true, 0, 0 },
};

static void pagevec_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct pagevec_row *r = row;
	struct step_record t;
	unsigned waiting = 0, obj = 0;
	const struct page *p;

	for (unsigned k = 0; k < r->pages; k++)
		do_rw(e, 0, 10 + k, false, NULL);
	for (const char *op = r->ops; *op; op += strcspn(op, " "), op += strspn(op, " ")) {
		memset(&t, 0, sizeof t);
		if (*op == 'r')
			do_rw(e, obj = 0, (uint32_t)(op[1] - '0'), false, NULL);
		else if (*op == 'a') {
			struct vma *v = object_vma(e, 1, 0);
			if (!v->in_use) {
				*v = (struct vma){ .first = 0, .count = FILE_PAGES, .in_use = 1 };
				e->obj[1].nr_vmas++;
			}
			do_touch(e, obj = 1, (uint32_t)(op[1] - '0'), false, &t);
		} else if (*op == 'D')
			lru_add_drain(e);
		else if (*op == 'U')
			do_unmap(e, 1, 0);
	}
	for (int l = 0; l < NR_EVICTABLE_LRU; l++)
		waiting += e->c.pvec_nr[l];
	CHECKF(waiting == e->c.lists[LRU_PAGEVEC].nr && waiting == r->want_waiting,
	       "%s (%s): %u pages wait (list %u), want %u", r->sentence, pol->name, waiting,
	       e->c.lists[LRU_PAGEVEC].nr, r->want_waiting);
	CHECKF(e->c.vm[PGACTIVATE] == r->want_pgactivate, "%s (%s): pgactivate %llu, want %llu", r->sentence,
	       pol->name, (unsigned long long)e->c.vm[PGACTIVATE], (unsigned long long)r->want_pgactivate);
	p = check_page_0(e, obj, r->sentence, pol->name, r->want_list, r->want_referenced);
	if (p)
		CHECKF(PageActive(p) == is_active_lru(r->want_list), "%s (%s): PG_active %d", r->sentence,
		       pol->name, PageActive(p));
}

static void test_lru_add_pagevec(void)
{
	/* 6.1's one batch, and anon pages that start inactive: their own rows */
	RUN_UNDER_EVERY_POLICY_BUT(pagevec_rows, pagevec_row_run, CAP_LRU_ADD_61 | CAP_WORKINGSET_61);
}

/* ---- 2.6.34 mm/vmscan.c: shrink_zone(), shrink_inactive_list() ---------- */

/* kswapd's (or direct reclaim's) shrink_zone() at @priority with nr[@l] =
 * @nr, about to begin its round robin. */
static void shrink_zone_begin(struct engine *e, bool kswapd, int priority, int l, uint64_t nr)
{
	struct reclaim_state *rs = &e->c.rs;

	memset(&rs->sc, 0, sizeof rs->sc);
	rs->sc.reclaimer = kswapd ? RECLAIMER_KSWAPD : RECLAIMER_DIRECT;
	rs->sc.priority = (int8_t)priority;
	rs->sc.nr_to_reclaim = kswapd ? UINT64_MAX : SWAP_CLUSTER_MAX;
	rs->sc.may_swap = true;
	rs->sc.may_writepage = true;
	memset(rs->nr, 0, sizeof rs->nr);
	rs->nr[l] = nr;
	rs->next_lru = 0;
	/* 6.1 prepare_scan_count() as a low inactive list leaves it */
	rs->may_deactivate = 3;
	rs->stage = RS_SHRINK_LOOP;
	e->c.kswapd_awake = kswapd;
}

/* kswapd's shrink_zone() at priority 12 with nr[@l] = @nr, in a zone with
 * memory to spare (balanced once the round is over): runs until reclaim
 * ends and returns the pages scanned, pgscan plus pgrefill. */
static uint64_t shrink_zone_once(struct engine *e, int l, uint64_t nr)
{
	unsigned guard = 0;

	shrink_zone_begin(e, true, DEF_PRIORITY, l, nr);
	while (reclaim_step(e, NULL, e->policy->check_references) && guard++ < 100000)
		;
	return e->c.vm[PGSCAN_KSWAPD] + e->c.vm[PGREFILL];
}

struct batch_row {
	const char *sentence;
	enum lru_list list; /* the list shrink_zone() hands on */
	unsigned pages;	    /* its length */
	bool writeback;	    /* its pages are being written: kept, not freed */
	uint64_t nr;	    /* nr[l] */
	uint64_t want_scanned;
};

static const struct batch_row batch_rows[] = {
	/* 2.6.34 vmscan.c:1170 (2.6.33.3 :1134): shrink_inactive_list()
	 * isolates SWAP_CLUSTER_MAX pages, not its max_scan */
	{ "shrink_inactive_list scans 32 pages when shrink_zone hands it 18", LRU_INACTIVE_FILE, 100, false,
	  18, 32 },
	{ "shrink_inactive_list scans 32 pages when shrink_zone hands it 32", LRU_INACTIVE_FILE, 100, false,
	  32, 32 },
	/* vmscan.c:1271 (2.6.33.3 :1235): do { } while (nr_scanned < max_scan),
	 * the kept pages isolated again */
	{ "a list shorter than max_scan is isolated again until max_scan is reached", LRU_INACTIVE_FILE, 5,
	  true, 18, 20 },
	/* vmscan.c:1184 (2.6.33.3 :1148): nr_taken == 0 ends the loop */
	{ "a list emptied by the first batch ends shrink_inactive_list", LRU_INACTIVE_FILE, 5, false, 18, 5 },
	/* vmscan.c:1662 shrink_zone() min(nr[l], SWAP_CLUSTER_MAX), and
	 * shrink_active_list() isolates exactly that (vmscan.c:1359) */
	{ "shrink_active_list isolates only the 18 pages shrink_zone hands it", LRU_ACTIVE_FILE, 100, false,
	  18, 18 },
};

static void batch_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct batch_row *r = row;
	uint64_t scanned;

	for (unsigned k = 0; k < r->pages; k++) {
		struct page *p = file_page(e, k, r->list);

		if (r->writeback)
			writeback_start(e, p, false);
	}
	scanned = shrink_zone_once(e, r->list, r->nr);
	CHECKF(scanned == r->want_scanned, "%s (%s): scanned %llu, want %llu", r->sentence, pol->name,
	       (unsigned long long)scanned, (unsigned long long)r->want_scanned);
}

/* 6.1 mm/vmscan.c:5904 shrink_lruvec() and :2469 shrink_inactive_list():
 * the target as it is, isolated once */
static const struct batch_row batch_rows_61[] = {
	{ "6.1: shrink_inactive_list scans the 18 pages shrink_lruvec hands it", LRU_INACTIVE_FILE, 100,
	  false, 18, 18 },
	{ "6.1: a list shorter than nr_to_scan is isolated once", LRU_INACTIVE_FILE, 5, true, 18, 5 },
	{ "6.1: shrink_active_list isolates only the 18 pages shrink_lruvec hands it", LRU_ACTIVE_FILE, 100,
	  false, 18, 18 },
};

static void test_shrink_inactive_list_batches(void)
{
	RUN_UNDER_EVERY_POLICY_BUT(batch_rows, batch_row_run, CAP_SCAN_COST_61);
	RUN_UNDER_POLICIES_WITH(batch_rows_61, batch_row_run, CAP_SCAN_COST_61);
}

/* ---- 2.6.37 mm/vmscan.c: isolate_lru_pages() and its tracepoint ------- */

struct isolate_row {
	const char *sentence;
	enum lru_list list; /* the list shrink_zone() hands on */
	unsigned pages;	    /* its length */
	uint64_t nr;	    /* nr[l] */
	uint32_t want_requested;
	uint64_t want_scanned;
};

static const struct isolate_row isolate_rows[] = {
	/* 2.6.37 vmscan.c:1015 isolate_lru_pages(): the loop stops at
	 * nr_to_scan, which :1109 prints as nr_requested and the pages looked
	 * at as nr_scanned (include/trace/events/vmscan.h:216); the engine's
	 * 2.6.34 shrink_inactive_list() (vmscan.c:1170) asks for
	 * SWAP_CLUSTER_MAX whatever its share of nr[l] */
	{ "an order-0 inactive isolation handed 17 asks for 32 and scans 32, not more", LRU_INACTIVE_FILE,
	  100, 17, 32, 32 },
	{ "an order-0 isolation from a list of 5 asks for 32 and scans 5", LRU_INACTIVE_FILE, 5, 17, 32, 5 },
	/* 2.6.37 vmscan.c:1825 shrink_zone(): nr_to_scan is min(nr[l],
	 * SWAP_CLUSTER_MAX), all of it asked of an active list's isolation */
	{ "an active isolation handed 17 asks for 17 and scans 17", LRU_ACTIVE_FILE, 100, 17, 17, 17 },
};

static void isolate_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct isolate_row *r = row;
	struct reclaim_state *rs = &e->c.rs;
	unsigned guard = 0;
	uint64_t scanned;
	uint32_t requested;

	for (unsigned k = 0; k < r->pages; k++)
		file_page(e, k, r->list);
	memset(&rs->sc, 0, sizeof rs->sc);
	rs->sc.reclaimer = RECLAIMER_KSWAPD;
	rs->sc.priority = DEF_PRIORITY;
	rs->sc.nr_to_reclaim = UINT64_MAX;
	rs->sc.may_swap = rs->sc.may_writepage = true;
	memset(rs->nr, 0, sizeof rs->nr);
	rs->nr[r->list] = r->nr;
	rs->next_lru = 0;
	rs->may_deactivate = 3; /* as shrink_zone_once() */
	rs->stage = RS_SHRINK_LOOP;
	e->c.kswapd_awake = true;
	/* up to the first isolation */
	while (!e->c.vm[PGSCAN_KSWAPD] && !e->c.vm[PGREFILL] && guard++ < 1000)
		reclaim_step(e, NULL, e->policy->check_references);
	scanned = e->c.vm[PGSCAN_KSWAPD] + e->c.vm[PGREFILL];
	requested = engine_reclaim(e).nr_requested;
	CHECKF(requested == r->want_requested && scanned == r->want_scanned,
	       "%s (%s): nr_requested %u nr_scanned %llu, want %u and %llu", r->sentence, pol->name,
	       requested, (unsigned long long)scanned, r->want_requested,
	       (unsigned long long)r->want_scanned);
	CHECKF(scanned <= requested, "%s (%s): scanned %llu of %u asked for", r->sentence, pol->name,
	       (unsigned long long)scanned, requested);
}

/* 6.1 mm/vmscan.c:2469 isolate_lru_folios(nr_to_scan) */
static const struct isolate_row isolate_rows_61[] = {
	{ "6.1: an inactive isolation handed 17 asks for 17 and scans 17", LRU_INACTIVE_FILE, 100, 17, 17,
	  17 },
	{ "6.1: an isolation from a list of 5 asks for 17 and scans 5", LRU_INACTIVE_FILE, 5, 17, 17, 5 },
};

static void test_isolate_lru_pages_request(void)
{
	RUN_UNDER_EVERY_POLICY_BUT(isolate_rows, isolate_row_run, CAP_SCAN_COST_61);
	RUN_UNDER_POLICIES_WITH(isolate_rows_61, isolate_row_run, CAP_SCAN_COST_61);
}

/* ---- 2.6.34 mm/memory.c: do_swap_page() ---------------------------------- */

struct swapin_row {
	const char *sentence;
	bool write;	    /* a write fault */
	uint32_t swap_free; /* free slots of the 256 */
	bool locked;	    /* the mapping is VM_LOCKED */
	bool want_swapcache;
};

static const struct swapin_row swapin_rows[] = {
	/* 2.6.34 memory.c:2716: the copy in swap stays while swap is at
	 * most half full */
	{ "a read fault keeps the swap copy", false, 200, false, true },
	/* :2705 reuse_swap_page(): a write fault of a page with one user
	 * frees the slot, the page dirty */
	{ "a write fault gives the swap slot up", true, 200, false, false },
	/* :2716 vm_swap_full(): more than half of swap in use */
	{ "a read fault with swap more than half full gives the slot up", false, 100, false, false },
	/* :2716 VM_LOCKED: a locked page will not be swapped out again */
	{ "a read fault in a locked mapping gives the slot up", false, 200, true, false },
};

static void swapin_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct swapin_row *r = row;
	struct step_record t;
	uint32_t slot;

	memset(&t, 0, sizeof t);
	if (r->locked) {
		struct vma *v = object_vma(e, 1, 0);

		v->in_use = 1;
		v->first = 0;
		v->count = FILE_PAGES;
		v->flags = VM_LOCKED;
		e->obj[1].nr_vmas++;
	}
	*page_slot(e, 1, 0) = slot_make(SLOT_SWAP, 0);
	e->c.swap_free = r->swap_free;
	do_touch(e, 1, 0, r->write, &t);
	slot = *page_slot(e, 1, 0);
	CHECKF(SLOT_TAG(slot) == SLOT_PAGE, "%s (%s): not swapped in", r->sentence, pol->name);
	if (SLOT_TAG(slot) == SLOT_PAGE) {
		const struct page *p = pfn_to_page(e, SLOT_VAL(slot));

		CHECKF(PageSwapCache(p) == r->want_swapcache, "%s (%s): PG_swapcache %d, want %d",
		       r->sentence, pol->name, PageSwapCache(p), r->want_swapcache);
		CHECKF(PageDirty(p) == !r->want_swapcache, "%s (%s): PG_dirty %d, want %d", r->sentence,
		       pol->name, PageDirty(p), !r->want_swapcache);
		CHECKF(e->c.swap_free == r->swap_free + !r->want_swapcache, "%s (%s): %u free slots, want %u",
		       r->sentence, pol->name, e->c.swap_free, r->swap_free + !r->want_swapcache);
	}
}

static void test_do_swap_page(void)
{
	RUN_UNDER_EVERY_POLICY(swapin_rows, swapin_row_run);
}

/* ---- 2.6.34 mm/vmscan.c: wakeup_kswapd(), kswapd(), balance_pgdat() --- */

/* Takes free pages for the kernel until @free are left. */
static void leave_free(struct engine *e, uint32_t free)
{
	while (nr_free_pages(e) > free)
		list_add_head(e, alloc_page(e), LRU_KERNEL);
}

struct wakeup_row {
	const char *sentence;
	int free_above_low; /* free pages minus the low watermark */
	const char *orders; /* the orders wakeup_kswapd() is called with, "4 1" */
	bool want_awake;
	uint8_t want_max_order;
};

static const struct wakeup_row wakeup_rows[] = {
	/* 2.6.34 vmscan.c:2322 wakeup_kswapd(): zone_watermark_ok(zone, order,
	 * low) returns early; page_alloc.c:1380 tests free - 2^order + 1 */
	{ "below the low watermark, an order-0 wake-up wakes kswapd", -1, "0", true, 0 },
	{ "14 pages above low, an order-0 wake-up lets kswapd sleep", 14, "0", false, 0 },
	{ "14 pages above low, an order-4 allocation fails the low watermark at its order", 14, "4", true,
	  4 },
	{ "16 pages above low, an order-4 allocation passes it", 16, "4", false, 0 },
	/* vmscan.c:2324: kswapd_max_order only grows */
	{ "kswapd_max_order keeps the largest order asked for", -1, "4 1", true, 4 },
	{ "a larger order asked for later replaces a smaller one", -1, "1 4", true, 4 },
};

static void wakeup_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct wakeup_row *r = row;

	leave_free(e, (uint32_t)((int)e->c.wmark_low + r->free_above_low));
	for (const char *o = r->orders; *o; o += o[1] ? 2 : 1)
		wakeup_kswapd(e, (uint8_t)(*o - '0'));
	CHECKF(e->c.kswapd_awake == r->want_awake, "%s (%s): kswapd awake %d, want %d", r->sentence,
	       pol->name, e->c.kswapd_awake, r->want_awake);
	CHECKF(e->c.kswapd_max_order == r->want_max_order, "%s (%s): kswapd_max_order %u, want %u",
	       r->sentence, pol->name, e->c.kswapd_max_order, r->want_max_order);
}

static void test_wakeup_kswapd(void)
{
	RUN_UNDER_EVERY_POLICY(wakeup_rows, wakeup_row_run);
}

/* ---- 2.6.34 mm/page_alloc.c: __alloc_pages_slowpath(), wake_all_kswapd() - */

struct slowpath_row {
	const char *sentence;
	bool under_min;	      /* free pages: one under the min watermark, or */
	int free_above_low;   /* this many above the low one */
	bool resident;	      /* the read finds its page in memory */
	bool kswapd;	      /* the scenario's "kswapd" */
	bool want_awake;      /* kswapd awake after the step */
	uint64_t want_calls;  /* wakeup_kswapd() calls that found the zone low */
	uint64_t want_stalls; /* direct reclaims begun */
};

static const struct slowpath_row slowpath_rows[] = {
	/* 2.6.34 page_alloc.c:1980 __alloc_pages_nodemask(): only an
	 * allocation gets to the slow path, whose first act is
	 * wake_all_kswapd() (:1844); a page found in memory allocates nothing */
	{ "a read of a page in memory leaves kswapd asleep under the low watermark", false, -3, true, true,
	  false, 0, 0 },
	{ "a read that allocates under the low watermark wakes kswapd", false, -3, false, true, true, 1, 0 },
	/* :1980: get_page_from_freelist() at the low watermark succeeds */
	{ "a read that allocates and keeps the low watermark takes the fast path", false, 1, false, true,
	  false, 0, 0 },
	/* 2.6.37 vmscan.c:2517: the tracepoint of a kswapd asleep; with
	 * kswapd off it sleeps through the call */
	{ "with kswapd off, an allocation under the low watermark still calls wakeup_kswapd", false, -3,
	  false, false, false, 1, 0 },
	/* 2.6.34 page_alloc.c:1844 before :1880 __alloc_pages_direct_reclaim():
	 * the wake-up comes first, then direct reclaim */
	{ "with kswapd off, an allocation under the min watermark calls wakeup_kswapd, then reclaims", true,
	  0, false, false, false, 1, 1 },
};

static void slowpath_row_run(struct engine *unused, const struct reclaim_policy *pol, const void *row)
{
	static const struct wl_op read = {
		.kind = WL_READ, .object = 0, .first = 0, .count = 1, .caption = UINT32_MAX
	};
	const struct slowpath_row *r = row;
	struct workload wl;
	struct engine *e = zone_new_op(&wl, pol->name, 1024, r->kswapd, &read);

	(void)unused;
	CHECKF(e != NULL, "%s (%s): no engine", r->sentence, pol->name);
	if (!e)
		return;
	if (r->resident)
		file_page(e, 0, LRU_INACTIVE_FILE);
	leave_free(e,
		   r->under_min ? e->c.wmark_min - 1 : (uint32_t)((int)e->c.wmark_low + r->free_above_low));
	engine_step(e);
	CHECKF(e->c.kswapd_awake == r->want_awake, "%s (%s): kswapd awake %d, want %d", r->sentence,
	       pol->name, e->c.kswapd_awake, r->want_awake);
	CHECKF(e->c.vm[SIM_WAKEUP_KSWAPD] == r->want_calls, "%s (%s): %llu wakeup_kswapd calls, want %llu",
	       r->sentence, pol->name, (unsigned long long)e->c.vm[SIM_WAKEUP_KSWAPD],
	       (unsigned long long)r->want_calls);
	CHECKF(e->c.vm[ALLOCSTALL] == r->want_stalls, "%s (%s): allocstall %llu, want %llu", r->sentence,
	       pol->name, (unsigned long long)e->c.vm[ALLOCSTALL], (unsigned long long)r->want_stalls);
	engine_free(e);
}

static void test_alloc_pages_slowpath(void)
{
	RUN_UNDER_EVERY_POLICY(slowpath_rows, slowpath_row_run);
}

struct balance_row {
	const char *sentence;
	uint8_t order;	     /* the order kswapd is woken for */
	bool want_reclaimed; /* the first hot page scanned is reclaimed */
};

static const struct balance_row balance_rows[] = {
	/* 2.6.34 vmscan.c:2259 kswapd() reads kswapd_max_order and calls
	 * balance_pgdat(pgdat, order) (:2305), where sc.order = order
	 * (:2007); at order 0 a page with a young pte is not reclaimed at
	 * first sight */
	{ "kswapd woken at order 0 keeps a hot page it meets", 0, false },
	/* vmscan.c:578 page_check_references() (2.6.33.3 shrink_page_list()
	 * :651): above PAGE_ALLOC_COSTLY_ORDER references are ignored */
	{ "kswapd woken for an order-4 allocation reclaims the hot page whatever its references", 4, true },
	/* vmscan.c:1152: order 2 is lumpy only below DEF_PRIORITY - 2, and
	 * references count at every order up to 3 */
	{ "kswapd woken for order 2 still weighs references", 2, false },
};

static void balance_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct balance_row *r = row;
	struct step_record rec;
	struct step_record t;
	unsigned guard = 0;

	/* 300 mapped pages, then 300 read(): a middle band of both mapped-ratio
	 * rules (29% of memory, 50% of the file LRU) */
	for (uint32_t k = 0; k < 300; k++) {
		memset(&t, 0, sizeof t);
		do_touch(e, 0, k, false, &t); /* fault: a young pte */
		do_rw(e, 2, k, false, NULL);
	}
	leave_free(e, e->c.wmark_min + 4);
	wakeup_kswapd(e, r->order);
	do {
		memset(&rec, 0, sizeof rec);
	} while (reclaim_step(e, &rec, e->policy->check_references) && rec.kind != STEP_SCAN_INACTIVE &&
		 guard++ < 10000);
	CHECKF(rec.kind == STEP_SCAN_INACTIVE, "%s (%s): kswapd scanned no inactive page", r->sentence,
	       pol->name);
	CHECKF(e->c.rs.sc.order == r->order, "%s (%s): kswapd at order %u, want %u", r->sentence, pol->name,
	       e->c.rs.sc.order, r->order);
	CHECKF((rec.to == LRU_FREE) == r->want_reclaimed, "%s (%s): the first page went to list %d (%s)",
	       r->sentence, pol->name, rec.to,
	       engine_branches[rec.action < NR_BRANCHES ? rec.action : 0].name);
}

static void test_balance_pgdat_order(void)
{
	/* 6.1 has no lumpy reclaim (CAP_FOLIO_61's rows below) */
	RUN_UNDER_EVERY_POLICY_BUT(balance_rows, balance_row_run, CAP_FOLIO_61);
}

/* 2.6.34 vmscan.c:2199 (2.6.33.3 :2167): a balance_pgdat() pass that
 * reclaims fewer than SWAP_CLUSTER_MAX pages at its order goes round
 * again at order 0, where the zone may already be balanced.  Order 5:
 * in a 1024-page zone high is 16 pages above low, and an order-5 wake-up
 * needs free - 31 under low. */
static void test_balance_pgdat_falls_back_to_order_0(void)
{
	for (unsigned pi = 0; pi < nr_reclaim_policies; pi++) {
		const struct reclaim_policy *pol = reclaim_policies[pi];
		struct workload wl;
		struct engine *e = pol->lru_gen ? NULL : zone_new(&wl, pol->name, 1024, true);
		unsigned guard = 0;

		if (pol->lru_gen) /* 2.6.34's balance_pgdat() order rule */
			continue;
		if (!e) {
			CHECKF(0, "%s: no engine", pol->name);
			continue;
		}
		/* nothing to reclaim, and free memory above high at order 0 only */
		leave_free(e, e->c.wmark_high + 2);
		wakeup_kswapd(e, 5);
		CHECKF(e->c.kswapd_awake, "%s: an order-5 allocation did not wake kswapd", pol->name);
		while (reclaim_step(e, NULL, e->policy->check_references) && guard++ < 10000)
			;
		CHECKF(!e->c.kswapd_awake, "%s: kswapd still awake", pol->name);
		CHECKF(e->c.vm[PAGEOUTRUN] == 2, "%s: %llu balance_pgdat passes, want 2 (order 5, then 0)",
		       pol->name, (unsigned long long)e->c.vm[PAGEOUTRUN]);
		CHECKF(e->c.rs.sc.order == 0, "%s: kswapd ended at order %u, want 0", pol->name,
		       e->c.rs.sc.order);
		engine_free(e);
	}
}

/* 2.6.34 mm/vmscan.c:2110-2112 balance_pgdat(): after the soft-limit
 * pass (:2104), kswapd shrinks the zone only if it is not above 8 x its
 * high watermark ("way too many pages free already"); direct reclaim's
 * shrink_zones() (:1744) has no such test.  Each row stands at that
 * line: 400 inactive file pages, watermarks 20/25/30 (8 x high = 240),
 * priority 2 (100 pages to scan), the free pages the row says.  The
 * kernel's order-0 test is free > mark, the engine's free >= mark: the
 * rows keep off the boundary. */
struct zone_skip_row {
	const char *sentence;
	enum reclaimer reclaimer;
	uint32_t free;
	bool want_shrunk; /* the zone's pages are scanned at this priority */
};

static const struct zone_skip_row zone_skip_rows[] = {
	{ "kswapd shrinks the zone when its free pages are under 8 x high, though above high",
	  RECLAIMER_KSWAPD, 239, true },
	{ "kswapd shrinks the zone under its high watermark", RECLAIMER_KSWAPD, 29, true },
	{ "kswapd leaves the zone alone when more than 8 x high pages are free", RECLAIMER_KSWAPD, 241,
	  false },
	{ "direct reclaim shrinks the zone whatever is free", RECLAIMER_DIRECT, 241, true },
};

static void zone_skip_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct zone_skip_row *r = row;
	struct reclaim_state *rs = &e->c.rs;
	struct step_record rec;
	bool more;

	for (uint32_t k = 0; k < 400; k++)
		file_page(e, k, LRU_INACTIVE_FILE);
	e->c.wmark_min = 20;
	e->c.wmark_low = 25;
	e->c.wmark_high = 30;
	leave_free(e, r->free);
	if (r->reclaimer == RECLAIMER_DIRECT) {
		reclaim_start_direct(e, 0, SWAP_CLUSTER_MAX);
	} else {
		memset(&rs->sc, 0, sizeof rs->sc);
		rs->sc.reclaimer = RECLAIMER_KSWAPD;
		rs->sc.nr_to_reclaim = UINT64_MAX;
		rs->sc.may_swap = true;
		rs->sc.may_writepage = true;
		rs->total_scanned = 0;
		rs->pass_reclaimed = 0;
		e->c.kswapd_awake = true;
	}
	rs->sc.priority = 2;
	rs->stage = RS_SHRINK_ZONE;
	memset(&rec, 0, sizeof rec);
	more = reclaim_step(e, &rec, e->policy->check_references);
	CHECKF((more && rec.kind == STEP_SCAN_INACTIVE) == r->want_shrunk,
	       "%s (%s): the zone was %sshrunk, want %sshrunk", r->sentence, pol->name,
	       more && rec.kind == STEP_SCAN_INACTIVE ? "" : "not ", r->want_shrunk ? "" : "not ");
	/* unshrunk, the priority ends balanced: kswapd sleeps (:2146) */
	if (!r->want_shrunk)
		CHECKF(!more && !e->c.kswapd_awake && e->c.vm[PGSCAN_KSWAPD] == 0,
		       "%s (%s): kswapd went on after the zone was left alone", r->sentence, pol->name);
}

static void test_balance_pgdat_zone_skip(void)
{
	RUN_UNDER_EVERY_POLICY(zone_skip_rows, zone_skip_row_run);
}

/* ---- 2.6.34 mm/mlock.c: mlock_vma_pages_range() ------------------------ */

/* 2.6.34 mm/mlock.c:181: __mlock_vma_pages_range() faults the range in
 * with __get_user_pages() on the vma being locked, so every page it
 * brings in is mlocked there, whatever other mapping of the file covers
 * it; pages already in memory are mlocked through the new mapping too. */
struct mlock_row {
	const char *sentence;
	uint32_t touched; /* pages 0.. touched first through an implicit mapping 0 */
	uint8_t as;	  /* the mapping mlock() makes */
	uint32_t want_unevictable;
};

static const struct mlock_row mlock_rows[] = {
	{ "mlock of 16 pages through a fresh mapping locks all 16", 0, 0, 16 },
	{ "mlock through mapping 1 faults its pages there, not through mapping 0 that covers the file", 4, 1,
	  16 },
};

static void mlock_row_run(struct engine *unused, const struct reclaim_policy *pol, const void *row)
{
	const struct mlock_row *r = row;
	const struct wl_op ops[2] = {
		{ .kind = WL_TOUCH, .object = 0, .first = 0, .count = r->touched, .caption = UINT32_MAX },
		{ .kind = WL_MLOCK,
		  .object = 0,
		  .first = 0,
		  .count = 16,
		  .as = r->as,
		  .caption = UINT32_MAX },
	};
	struct workload wl;
	struct engine *e =
		zone_new_ops(&wl, pol->name, 1024, true, r->touched ? ops : ops + 1, r->touched ? 2 : 1);

	(void)unused;
	CHECKF(e != NULL, "%s (%s): no engine", r->sentence, pol->name);
	if (!e)
		return;
	for (unsigned n = 0; !engine_done(e) && n < 1000; n++)
		engine_step(e);
	lru_add_drain(e);
	CHECKF(zone_lru_pages(e, LRU_UNEVICTABLE) == r->want_unevictable &&
		       e->c.vm[UNEVICTABLE_PGS_MLOCKED] == r->want_unevictable,
	       "%s (%s): %u unevictable, %llu mlocked, want %u", r->sentence, pol->name,
	       zone_lru_pages(e, LRU_UNEVICTABLE), (unsigned long long)e->c.vm[UNEVICTABLE_PGS_MLOCKED],
	       r->want_unevictable);
	engine_free(e);
}

static void test_mlock_vma_pages_range(void)
{
	RUN_UNDER_EVERY_POLICY(mlock_rows, mlock_row_run);
}

/* ---- 2.6.34 mm/vmscan.c: do_try_to_free_pages() ------------------------ */

struct flusher_row {
	const char *sentence;
	uint64_t reclaimed;  /* sc->nr_reclaimed when the priority level ends */
	uint64_t scanned[2]; /* total_scanned at the end of two levels; 0: one level */
	unsigned want_writeback;
};

static const struct flusher_row flusher_rows[] = {
	/* 2.6.34 vmscan.c:1811: the goal met, out before the flushers */
	{ "direct reclaim that met its goal does not wake the flushers", 40, { 100, 0 }, 0 },
	/* vmscan.c:1823: writeback_threshold = 32 + 16; more than that
	 * scanned wakes the flushers for as many pages as were scanned */
	{ "direct reclaim that scanned 60 pages wakes the flushers for 60", 10, { 60, 0 }, 60 },
	{ "48 pages scanned is not yet past the threshold", 10, { 48, 0 }, 0 },
	/* :1823 is inside the priority loop: every level past the threshold;
	 * the pages written at the first are clean now, so 100 more go */
	{ "the flushers are woken again at the next priority, for the pages scanned by then",
	  10,
	  { 60, 100 },
	  160 },
};

static void flusher_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct flusher_row *r = row;
	struct reclaim_state *rs = &e->c.rs;
	unsigned writeback = 0;

	for (uint32_t k = 0; k < 200; k++)
		page_set(file_page(e, k, LRU_INACTIVE_FILE), PG_dirty);
	reclaim_start_direct(e, 0, 1);
	for (unsigned level = 0; level < 2 && r->scanned[level]; level++) {
		/* the end of the last priority level, whose shrink_zone()
		 * reclaimed and scanned as the row says */
		rs->stage = RS_ZONE_DONE;
		rs->sc.reclaimer = RECLAIMER_DIRECT;
		rs->sc.priority = 0;
		rs->sc.nr_reclaimed = r->reclaimed;
		rs->total_scanned = r->scanned[level];
		reclaim_step(e, NULL, e->policy->check_references);
	}
	for (uint32_t k = 0; k < 200; k++)
		writeback += PageWriteback(pfn_to_page(e, SLOT_VAL(*page_slot(e, 0, k))));
	CHECKF(writeback == r->want_writeback, "%s (%s): %u pages under writeback, want %u", r->sentence,
	       pol->name, writeback, r->want_writeback);
}

static void test_do_try_to_free_pages_flushers(void)
{
	RUN_UNDER_EVERY_POLICY(flusher_rows, flusher_row_run);
}

/* ---- 6.1 the multi-gen LRU (policy mglru): include/linux/mm_inline.h,
 * mm/swap.c, mm/workingset.c, mm/vmscan.c, mm/memory.c, mm/filemap.c -- */

/* A fresh 1024-page zone under mglru: max_seq 3, min_seq 0 (6.1
 * mm/vmscan.c:5811 lru_gen_init_lruvec()), swap 256, swappiness 60. */
static struct engine *gen_zone(struct workload *wl)
{
	return zone_new(wl, "mglru", 1024, true);
}

/* Runs @fn on each of the @n rows of @rows (@size bytes each, the
 * sentence their first member), each in a fresh gen_zone(). */
static void run_gen_rows(const void *rows, size_t n, size_t size, void (*fn)(struct engine *, const void *))
{
	for (size_t i = 0; i < n; i++) {
		const void *row = (const char *)rows + i * size;
		const char *sentence = *(const char *const *)row;
		ROW_BEGIN(sentence);
		struct workload wl;
		struct engine *e = gen_zone(&wl);

		CHECKF(e != NULL, "%s: no engine", sentence);
		if (e)
			fn(e, row);
		engine_free(e);
		ROW_END();
	}
}
#define RUN_GEN_ROWS(rows, fn) run_gen_rows(rows, sizeof rows / sizeof rows[0], sizeof rows[0], fn)

/* The file's pages 0..@n-1 mapped by mapping 0, each with a young pte;
 * the mapping is MADV_SEQUENTIAL if @seq. */
static void gen_map(struct engine *e, uint32_t n, bool seq)
{
	const struct wl_op map = { .kind = WL_MAP,
				   .object = 0,
				   .as = 0,
				   .first = 0,
				   .count = FILE_PAGES,
				   .flags = seq ? WL_F_SEQ : 0 };

	do_map(e, &map);
	for (uint32_t i = 0; i < n; i++)
		page_add_rmap(e, file_page(e, i, LRU_INACTIVE_FILE), 0, false);
}

/* The generation @p's gen counter says, as a sequence number between
 * min_seq and max_seq of its type; UINT64_MAX when it has none. */
static uint64_t page_seq(const struct engine *e, const struct page *p)
{
	unsigned type = page_is_file_cache(p);

	if (!folio_gen_counter(p))
		return UINT64_MAX;
	for (uint64_t seq = e->c.lg.min_seq[type]; seq <= e->c.lg.max_seq; seq++)
		if (lru_gen_from_seq(seq) == folio_gen_counter(p) - 1)
			return seq;
	return UINT64_MAX;
}

/* 6.1 include/linux/mm_inline.h:220 lru_gen_add_folio() */
struct gen_add_row {
	const char *sentence;
	bool anon, swapcache, active, reclaim, dirty, writeback;
	int want; /* 0: min_seq, 1: min_seq + 1, 3: max_seq */
};

static const struct gen_add_row gen_add_rows[] = {
	/* mm_inline.h:242-243: PG_active (a fault's, or reclaim's rejection) first */
	{ "6.1 lru_gen_add_folio: an active page enters max_seq", false, false, true, false, false, false,
	  3 },
	{ "6.1 lru_gen_add_folio: an active dirty PG_reclaim page still enters max_seq", false, false, true,
	  true, true, false, 3 },
	/* :244-245: anon outside the swap cache, cold: min_seq + 1 */
	{ "6.1 lru_gen_add_folio: anon outside the swap cache enters min_seq + 1", true, false, false, false,
	  false, false, 1 },
	{ "6.1 lru_gen_add_folio: anon in the swap cache is cold and clean: min_seq", true, true, false,
	  false, false, false, 0 },
	/* :246-247: PG_reclaim and dirty or under writeback: min_seq + 1 */
	{ "6.1 lru_gen_add_folio: PG_reclaim and dirty enters min_seq + 1", false, false, false, true, true,
	  false, 1 },
	{ "6.1 lru_gen_add_folio: PG_reclaim under writeback enters min_seq + 1", false, false, false, true,
	  false, true, 1 },
	/* :248-249: everything else */
	{ "6.1 lru_gen_add_folio: dirty without PG_reclaim is cold: min_seq", false, false, false, false,
	  true, false, 0 },
	{ "6.1 lru_gen_add_folio: a clean cold file page enters min_seq", false, false, false, false, false,
	  false, 0 },
};

static void lru_gen_add_folio_row(struct engine *e, const void *row)
{
	const struct gen_add_row *r = row;
	uint32_t old, pfn = page_cache_alloc(e, r->anon, 0, page_slot(e, r->anon, 0), &old);
	struct page *p = pfn_to_page(e, pfn);
	uint64_t want;

	e->c.lg.min_seq[0] = e->c.lg.min_seq[1] = 1; /* three generations: 1, 2, 3 */
	if (r->anon)
		page_set(p, PG_anon);
	if (r->swapcache)
		page_set(p, PG_swapcache);
	if (r->active)
		page_set(p, PG_active);
	if (r->reclaim)
		page_set(p, PG_reclaim);
	if (r->dirty)
		page_set(p, PG_dirty);
	if (r->writeback)
		page_set(p, PG_writeback);
	lru_gen_add_folio(e, pfn, false);
	want = r->want == 3 ? e->c.lg.max_seq : 1 + (uint64_t)r->want;
	CHECKF(page_seq(e, p) == want, "%s: seq %llu, want %llu", r->sentence,
	       (unsigned long long)page_seq(e, p), (unsigned long long)want);
	CHECKF(!PageActive(p), "%s: PG_active is cleared (its generation says it)", r->sentence);
	CHECKF(p->lru == lru_gen_list(lru_gen_from_seq(want), !r->anon), "%s: on its generation's list",
	       r->sentence);
}

static void test_lru_gen_add_folio(void)
{
	RUN_GEN_ROWS(gen_add_rows, lru_gen_add_folio_row);
}

/* 6.1 mm/swap.c:432 folio_inc_refs() */
struct inc_refs_row {
	const char *sentence;
	unsigned calls;
	bool unevictable;
	unsigned want_refs; /* folio_lru_refs(): the counter + PG_workingset */
	bool want_referenced;
	enum branch want_branch; /* of the last call */
};

static const struct inc_refs_row inc_refs_rows[] = {
	/* swap.c:436-437 */
	{ "6.1 folio_inc_refs: an unevictable page is left alone", 1, true, 0, false, BR_MPA_NOTHING },
	/* :439-442 */
	{ "6.1 folio_inc_refs: the first access sets PG_referenced (refs 0, tier 0)", 1, false, 0, true,
	  BR_INC_REFS_REFERENCED },
	/* :444-447 */
	{ "6.1 folio_inc_refs: the second sets PG_workingset (refs 1, tier 1)", 2, false, 1, true,
	  BR_INC_REFS_WORKINGSET },
	/* :449-457: the 2-bit counter */
	{ "6.1 folio_inc_refs: the third raises the counter (refs 2, tier 2)", 3, false, 2, true,
	  BR_INC_REFS_COUNT },
	{ "6.1 folio_inc_refs: the fifth brings refs to 4 (tier 3)", 5, false, 4, true, BR_INC_REFS_COUNT },
	{ "6.1 folio_inc_refs: the counter saturates at 3 (refs 4)", 6, false, 4, true,
	  BR_INC_REFS_SATURATED },
};

static void folio_inc_refs_row(struct engine *e, const void *row)
{
	const struct inc_refs_row *r = row;
	struct page *p = file_page(e, 0, LRU_INACTIVE_FILE);
	uint64_t seq = page_seq(e, p);
	enum branch br = BR_NONE;

	if (r->unevictable)
		page_set(p, PG_unevictable);
	for (unsigned c = 0; c < r->calls; c++)
		br = folio_inc_refs(e, p, NULL);
	CHECKF(folio_lru_refs(p) == r->want_refs, "%s: refs %u, want %u", r->sentence, folio_lru_refs(p),
	       r->want_refs);
	CHECKF(PageReferenced(p) == r->want_referenced, "%s: PG_referenced", r->sentence);
	CHECKF(br == r->want_branch, "%s: branch %s", r->sentence, engine_branches[br].name);
	CHECKF(page_seq(e, p) == seq && e->c.vm[PGACTIVATE] == 0, "%s: the page does not move", r->sentence);
}

static void test_folio_inc_refs(void)
{
	RUN_GEN_ROWS(inc_refs_rows, folio_inc_refs_row);
}

/* 6.1 mm/workingset.c:220 lru_gen_eviction(), :247 lru_gen_refault() */
struct gen_refault_row {
	const char *sentence;
	unsigned accesses; /* folio_inc_refs() calls before the eviction */
	bool min_seq_moved, in_fault;
	bool want_counted, want_workingset;
};

static const struct gen_refault_row gen_refault_rows[] = {
	/* workingset.c:276-277: a shadow of a generation since retired */
	{ "6.1 lru_gen_refault: a refault after min_seq moved on is not counted", 0, true, true, false,
	  false },
	/* :294-297: in a fault, PG_workingset and workingset_restore */
	{ "6.1 lru_gen_refault: a fault's refault is a restore", 0, false, true, true, true },
	{ "6.1 lru_gen_refault: a read()'s refault of tier 0 is counted, not restored", 0, false, false, true,
	  false },
	{ "6.1 lru_gen_refault: a read()'s refault of tier 2 is counted, not restored", 3, false, false, true,
	  false },
	/* :295: refs == BIT(LRU_REFS_WIDTH), the saturated tier */
	{ "6.1 lru_gen_refault: a read()'s refault with refs 4 is a restore", 5, false, false, true, true },
};

static void lru_gen_refault_row(struct engine *e, const void *row)
{
	const struct gen_refault_row *r = row;
	struct page *p = file_page(e, 0, LRU_INACTIVE_FILE), *q;
	unsigned tier;
	uint32_t token;
	bool counted;

	for (unsigned c = 0; c < r->accesses; c++)
		folio_inc_refs(e, p, NULL);
	tier = lru_tier_from_refs(folio_lru_refs(p));
	token = lru_gen_eviction(e, p);
	CHECKF(e->c.lg.evicted[1][tier] == 1, "%s: the eviction counts in tier %u", r->sentence, tier);
	if (r->min_seq_moved)
		e->c.lg.min_seq[0] = e->c.lg.min_seq[1] = 1;
	q = file_page(e, 1, LRU_INACTIVE_FILE);
	counted = lru_gen_refault(e, q, slot_make(SLOT_SHADOW, token), r->in_fault);
	CHECKF(counted == r->want_counted, "%s: counted %d", r->sentence, counted);
	CHECKF(e->c.lg.refaulted[1][tier] == r->want_counted, "%s: refaulted[file][%u]", r->sentence, tier);
	CHECKF(e->c.vm[WORKINGSET_REFAULT] == r->want_counted, "%s: workingset_refault_file", r->sentence);
	CHECKF(PageWorkingset(q) == r->want_workingset, "%s: PG_workingset", r->sentence);
	CHECKF(e->c.vm[WORKINGSET_RESTORE_FILE] == r->want_workingset, "%s: workingset_restore_file",
	       r->sentence);
}

static void test_lru_gen_refault(void)
{
	RUN_GEN_ROWS(gen_refault_rows, lru_gen_refault_row);
}

/* 6.1 mm/memory.c:5170 lru_gen_enter_fault(), mm/swap.c:526
 * folio_add_lru(): a fault through a MADV_SEQUENTIAL mapping is not "in
 * a fault" (VM_RAND_READ is not modelled) */
struct gen_fault_row {
	const char *sentence;
	bool seq, shadow;
	int want; /* 0: min_seq, 3: max_seq */
	bool want_workingset;
};

static const struct gen_fault_row gen_fault_rows[] = {
	{ "6.1 fault: a page faulted in enters max_seq", false, false, 3, false },
	{ "6.1 fault: a page faulted in through a MADV_SEQUENTIAL mapping enters min_seq", true, false, 0,
	  false },
	{ "6.1 fault: a refault in a fault sets PG_workingset", false, true, 3, true },
	{ "6.1 fault: a refault through a MADV_SEQUENTIAL mapping is not in a fault: no PG_workingset", true,
	  true, 0, false },
};

static void lru_gen_fault_row(struct engine *e, const void *row)
{
	const struct gen_fault_row *r = row;
	struct step_record rec = { 0 };
	uint32_t slot;
	struct page *p;

	gen_map(e, 0, r->seq);
	if (r->shadow) { /* page 0 read and evicted: its shadow in the slot */
		p = file_page(e, 0, LRU_INACTIVE_FILE);
		evict_page(e, p);
	}
	do_touch(e, 0, 0, false, &rec);
	slot = *page_slot(e, 0, 0);
	p = pfn_to_page(e, SLOT_VAL(slot));
	CHECKF(SLOT_TAG(slot) == SLOT_PAGE, "%s: the page is in", r->sentence);
	CHECKF(page_seq(e, p) == (r->want == 3 ? e->c.lg.max_seq : e->c.lg.min_seq[1]), "%s: seq %llu",
	       r->sentence, (unsigned long long)page_seq(e, p));
	CHECKF(PageWorkingset(p) == r->want_workingset, "%s: PG_workingset", r->sentence);
	CHECKF(e->c.vm[WORKINGSET_RESTORE_FILE] == r->want_workingset, "%s: workingset_restore_file",
	       r->sentence);
}

static void test_lru_gen_fault(void)
{
	RUN_GEN_ROWS(gen_fault_rows, lru_gen_fault_row);
}

/* 6.1 mm/vmscan.c:3579 read_ctrl_pos(), 3632 positive_ctrl_err(), 4889
 * get_tier_idx(): tiers from the first whose refaults exceed tier 0's
 * (gain 1 against 2) are protected; fewer than MIN_LRU_BATCH (64)
 * refaults never are */
struct tier_row {
	const char *sentence;
	uint64_t refaulted[MAX_NR_TIERS], evicted[MAX_NR_TIERS], protected_t1;
	int want_tier_idx;
};

static const struct tier_row tier_rows[] = {
	{ "6.1 get_tier_idx: no refaults, no tier protected", { 0 }, { 1000, 10, 10, 10 }, 0, 3 },
	/* :3638: pv->refaulted < MIN_LRU_BATCH */
	{ "6.1 positive_ctrl_err: 63 refaults of 64 in tier 1 are too few to protect it",
	  { 0, 63 },
	  { 1000, 64 },
	  0,
	  3 },
	{ "6.1 positive_ctrl_err: 64 refaults of 64 in tier 1 against none in tier 0 protect tiers 1-3",
	  { 0, 64 },
	  { 1000, 64 },
	  0,
	  0 },
	/* :3639-3640: 64 * (0 + 64) * 1 <= (31 + 1) * 64 * 2, an equality */
	{ "6.1 positive_ctrl_err: at equality the tier is not protected", { 31, 64 }, { 0, 64 }, 0, 3 },
	{ "6.1 positive_ctrl_err: one refault past equality protects it", { 31, 65 }, { 0, 64 }, 0, 0 },
	/* :3589-3590: tier 1's total includes protected[tier 0] */
	{ "6.1 read_ctrl_pos: pages protected from tier 0 count in tier 1's total",
	  { 31, 64 },
	  { 0, 0 },
	  64,
	  3 },
	/* 4899-4903: the first tier that fails ends the loop */
	{ "6.1 get_tier_idx: tier 2 refaulting more than tier 0 protects tiers 2-3",
	  { 0, 0, 64 },
	  { 1000, 100, 64 },
	  0,
	  1 },
};

static void get_tier_idx_row(struct engine *e, const void *row)
{
	const struct tier_row *r = row;
	struct lru_gen_info in;

	memcpy(e->c.lg.refaulted[1], r->refaulted, sizeof r->refaulted);
	memcpy(e->c.lg.evicted[1], r->evicted, sizeof r->evicted);
	e->c.lg.protected_[1][0] = r->protected_t1;
	in = engine_lru_gen(e);
	CHECKF(in.tier_idx[1] == r->want_tier_idx, "%s: tier_idx %d, want %d", r->sentence, in.tier_idx[1],
	       r->want_tier_idx);
}

static void test_get_tier_idx(void)
{
	RUN_GEN_ROWS(tier_rows, get_tier_idx_row);
}

/* 6.1 mm/vmscan.c:4431 should_run_aging(), reached through 4527
 * lru_gen_age_node() */
struct aging_row {
	const char *sentence;
	uint64_t min_seq;	       /* max_seq is 3 */
	int64_t nr_pages[MAX_NR_GENS]; /* file pages from min_seq to max_seq */
	bool want_aging;
};

static const struct aging_row aging_rows[] = {
	/* :4468-4469: MIN_NR_GENS generations, eviction would stall */
	{ "6.1 should_run_aging: two generations: age", 2, { 10, 10 }, true },
	/* :4470-4471 */
	{ "6.1 should_run_aging: four generations: no aging, however young", 0, { 0, 0, 0, 100 }, false },
	/* :4480-4483: three generations, young * 2 > total or old * 4 < total */
	{ "6.1 should_run_aging: three even generations: no aging", 1, { 10, 10, 10 }, false },
	{ "6.1 should_run_aging: more than half young: age", 1, { 7, 7, 16 }, true },
	{ "6.1 should_run_aging: exactly half young: no aging", 1, { 8, 7, 15 }, false },
	{ "6.1 should_run_aging: less than a quarter old: age", 1, { 7, 13, 10 }, true },
	{ "6.1 should_run_aging: exactly a quarter old (of 32): no aging", 1, { 8, 12, 12 }, false },
};

static void should_run_aging_row(struct engine *e, const void *row)
{
	const struct aging_row *r = row;
	struct lru_gen_state *lg = &e->c.lg;

	lg->min_seq[0] = lg->min_seq[1] = r->min_seq;
	for (uint64_t seq = r->min_seq; seq <= lg->max_seq; seq++)
		lg->nr_pages[lru_gen_from_seq(seq)][1] = r->nr_pages[seq - r->min_seq];
	lg->memcgs_need_aging = true; /* not skipped (:4543-4546) */
	e->c.rs.sc.priority = DEF_PRIORITY;
	lru_gen_age_node(e);
	CHECKF((e->c.rs.stage == RS_LRU_GEN_WALK) == r->want_aging, "%s: stage %d", r->sentence,
	       e->c.rs.stage);
	memset(lg->nr_pages, 0, sizeof lg->nr_pages); /* nothing is on the lists */
}

static void test_should_run_aging(void)
{
	RUN_GEN_ROWS(aging_rows, should_run_aging_row);
}

/* 6.1 mm/vmscan.c:3875 walk_pte_range(), 4311 inc_max_seq(), 4232
 * inc_min_seq(): the walk moves pages with a young pte to max_seq and
 * clears the pte; inc_max_seq() first retires the oldest generation of a
 * type with MAX_NR_GENS (4321-4332), then opens max_seq + 1 */
struct walk_row {
	const char *sentence;
	uint32_t young, old; /* mapped pages, in min_seq */
	bool seq, swap;
	uint64_t want_min_seq_anon;
};

static const struct walk_row walk_rows[] = {
	{ "6.1 aging: the walk promotes the young pages to max_seq, then max_seq + 1 opens", 5, 3, false,
	  true, 2 },
	/* 6.1 mm/vmscan.c:3752 should_skip_vma(): VM_SEQ_READ is not walked */
	{ "6.1 aging: a MADV_SEQUENTIAL mapping is not walked", 5, 0, true, true, 2 },
	/* 4321-4332: without swap, anon keeps four generations: retired first */
	{ "6.1 inc_max_seq: anon at four generations (no swap) is retired first: inc_min_seq", 4, 0, false,
	  false, 1 },
};

static void lru_gen_aging_row(struct engine *e, const void *row)
{
	const struct walk_row *r = row;
	struct lru_gen_state *lg = &e->c.lg;
	unsigned steps = 0;

	/* file at two generations (2, 3): aging is due */
	lg->min_seq[1] = 2;
	lg->min_seq[0] = r->swap ? 2 : 0;
	if (!r->swap)
		e->c.swap_free = 0; /* get_swappiness() 0: anon not aged */
	gen_map(e, r->young + r->old, r->seq);
	for (uint32_t k = r->young; k < r->young + r->old; k++)
		pfn_to_page(e, SLOT_VAL(*page_slot(e, 0, k)))->young = 0;
	lg->memcgs_need_aging = true;
	e->c.rs.sc.priority = DEF_PRIORITY;
	lru_gen_age_node(e);
	CHECKF(e->c.rs.stage == RS_LRU_GEN_WALK, "%s: aging starts", r->sentence);
	while ((e->c.rs.stage == RS_LRU_GEN_WALK || e->c.rs.stage == RS_LRU_GEN_INC) && steps++ < 1000)
		lru_gen_step(e, NULL);
	CHECKF(lg->max_seq == 4, "%s: max_seq %llu, want 4", r->sentence, (unsigned long long)lg->max_seq);
	CHECKF(lg->min_seq[0] == r->want_min_seq_anon, "%s: min_seq[anon] %llu", r->sentence,
	       (unsigned long long)lg->min_seq[0]);
	CHECKF(lg->walk_young == (r->seq ? 0 : r->young), "%s: %llu young ptes found", r->sentence,
	       (unsigned long long)lg->walk_young);
	for (uint32_t k = 0; k < r->young + r->old; k++) {
		const struct page *p = pfn_to_page(e, SLOT_VAL(*page_slot(e, 0, k)));
		bool promoted = !r->seq && k < r->young;

		CHECKF(page_seq(e, p) == (promoted ? 3u : 2u), "%s: page %u in seq %llu", r->sentence, k,
		       (unsigned long long)page_seq(e, p));
		CHECKF(!p->young == (promoted || k >= r->young), "%s: page %u's pte", r->sentence, k);
	}
}

static void test_lru_gen_aging(void)
{
	RUN_GEN_ROWS(walk_rows, lru_gen_aging_row);
}

/* 6.1 mm/vmscan.c:4589 lru_gen_look_around() */
struct look_row {
	const char *sentence;
	uint32_t target;    /* the page whose young pte the rmap walk found */
	uint32_t young[20]; /* other pages with a young pte */
	uint32_t nr_young;
	bool walk;		 /* the reclaimer has a walk struct */
	uint32_t want_activated; /* folio_activate(): pgactivate */
	uint32_t want_promoted;	 /* pages now of max_seq */
};

static const struct look_row look_rows[] = {
	/* :4672-4678: no walk, fewer than PAGEVEC_SIZE (15): folio_activate() */
	{ "6.1 look-around: without a walk struct, 4 young neighbours are activated one by one",
	  100,
	  { 99, 101, 110, 120 },
	  4,
	  false,
	  4,
	  4 },
	/* :4689-4700: otherwise folio_update_gen(), no pgactivate */
	{ "6.1 look-around: with a walk struct, the gen counters move, no pgactivate",
	  100,
	  { 99, 101, 110, 120 },
	  4,
	  true,
	  0,
	  4 },
	{ "6.1 look-around: 15 young neighbours: the gen counters move, no pgactivate",
	  100,
	  { 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 101, 102, 103, 104, 105 },
	  15,
	  false,
	  0,
	  15 },
	/* :4618-4627: at most MIN_LRU_BATCH (64) ptes around the address,
	 * within its PMD: for 100, ptes 68..131 */
	{ "6.1 look-around: a young pte more than 32 away is left young",
	  100,
	  { 67, 132, 99 },
	  3,
	  false,
	  1,
	  1 },
	/* near the PMD's start: the window is 0..63 */
	{ "6.1 look-around: near the start of the PMD the window is its first 64 ptes",
	  2,
	  { 63, 64 },
	  2,
	  false,
	  1,
	  1 },
	/* :4615-4616: not across the PMD (512 ptes) */
	{ "6.1 look-around: the next PMD is not looked at", 511, { 510, 512 }, 2, false, 1, 1 },
};

static void lru_gen_look_around_row(struct engine *e, const void *row)
{
	const struct look_row *r = row;
	struct page *t;
	uint32_t promoted = 0, tpfn;

	gen_map(e, 600, false);
	for (uint32_t k = 0; k < 600; k++)
		pfn_to_page(e, SLOT_VAL(*page_slot(e, 0, k)))->young = 0;
	for (uint32_t k = 0; k < r->nr_young; k++)
		pfn_to_page(e, SLOT_VAL(*page_slot(e, 0, r->young[k])))->young = 1;
	tpfn = SLOT_VAL(*page_slot(e, 0, r->target));
	t = pfn_to_page(e, tpfn);
	t->young = 1;
	/* isolated, as shrink_folio_list() holds it */
	list_del(e, tpfn);
	lru_gen_del_folio(e, t);
	list_add_head(e, tpfn, LRU_ISOLATED);
	e->c.lg.walk_struct = r->walk;
	lru_gen_look_around(e, t, 0);
	CHECKF(!t->young && PageReferenced(t),
	       "%s: the isolated page: pte cleared, PG_referenced (:4659-4660)", r->sentence);
	for (uint32_t k = 0; k < 600; k++) {
		const struct page *p = pfn_to_page(e, SLOT_VAL(*page_slot(e, 0, k)));
		if (k != r->target && page_seq(e, p) == e->c.lg.max_seq) {
			promoted++;
			CHECKF(!p->young, "%s: page %u promoted with its pte cleared", r->sentence, k);
		}
	}
	CHECKF(promoted == r->want_promoted, "%s: %u promoted, want %u", r->sentence, promoted,
	       r->want_promoted);
	CHECKF(e->c.vm[PGACTIVATE] == r->want_activated, "%s: pgactivate %llu, want %u", r->sentence,
	       (unsigned long long)e->c.vm[PGACTIVATE], r->want_activated);
	list_del(e, tpfn);
	lru_gen_add_folio(e, tpfn, false);
}

static void test_lru_gen_look_around(void)
{
	RUN_GEN_ROWS(look_rows, lru_gen_look_around_row);
}

/* Direct reclaim under mglru until its step on @pfn of @kind; the step's
 * record in *@rec.  False if reclaim ended first. */
static bool gen_reclaim_until(struct engine *e, uint32_t pfn, enum step_kind kind, bool may_writepage,
			      struct step_record *rec)
{
	check_references_fn *check = policy_find("mglru")->check_references;

	reclaim_start_direct(e, 0, SWAP_CLUSTER_MAX);
	e->c.rs.sc.may_writepage = may_writepage; /* false: laptop mode's start */
	for (unsigned n = 0; n < 10000 && e->c.rs.stage != RS_IDLE; n++) {
		memset(rec, 0, sizeof *rec);
		if (reclaim_step(e, rec, check) && rec->kind == kind && rec->pfn == pfn)
			return true;
	}
	return false;
}

/* 6.1 mm/vmscan.c:4714 sort_folio(), 4776 isolate_folio(), on the only
 * page of the oldest generation */
enum gen_setup {
	GS_CLEAN,
	GS_MLOCKED,
	GS_PROMOTED,
	GS_TIER2_REFAULTING, /* refs 2, and tier 2 refaults more than tier 0 */
	GS_TIER2_QUIET,	     /* refs 2, no refaults */
	GS_WRITEBACK,
	GS_DIRTY,
	GS_ANON_DIRTY, /* in the swap cache, anon scanned first */
};

struct sort_row {
	const char *sentence;
	enum gen_setup setup;
	bool laptop;
	enum branch want;
	int want_seq; /* where the page is after: 0 min_seq, 1 min_seq + 1, 3 max_seq, -1 off the generations */
};

static const struct sort_row sort_rows[] = {
	/* :4728-4734 */
	{ "6.1 sort_folio: an mlocked page is culled to the unevictable list", GS_MLOCKED, false,
	  BR_SORT_UNEVICTABLE, -1 },
	/* :4747-4749: lazy sorting of a page the aging promoted */
	{ "6.1 sort_folio: a page whose gen counter is younger moves to that generation", GS_PROMOTED, false,
	  BR_SORT_PROMOTED, 3 },
	/* :4753-4762 */
	{ "6.1 sort_folio: a tier above tier_idx is protected to min_seq + 1", GS_TIER2_REFAULTING, false,
	  BR_SORT_PROTECTED, 1 },
	{ "6.1 sort_folio: the same tier without refaults is isolated", GS_TIER2_QUIET, false, BR_ISOLATE,
	  -1 },
	/* :4766-4770 */
	{ "6.1 sort_folio: a page under writeback goes to min_seq + 1 with PG_reclaim", GS_WRITEBACK, false,
	  BR_SORT_WRITEBACK, 1 },
	{ "6.1 sort_folio: a dirty file page goes to min_seq + 1 with PG_reclaim", GS_DIRTY, false,
	  BR_SORT_WRITEBACK, 1 },
	/* 4785-4788: no writing allowed (laptop mode) */
	{ "6.1 isolate_folio: a dirty anon page is skipped by a reclaimer that may not write", GS_ANON_DIRTY,
	  true, BR_ISOLATE_SKIP, 0 },
	{ "6.1 isolate_folio: a dirty anon page in the swap cache is isolated when writing is allowed",
	  GS_ANON_DIRTY, false, BR_ISOLATE, -1 },
	/* 4800-4808 */
	{ "6.1 isolate_folio: a clean cold file page is isolated", GS_CLEAN, false, BR_ISOLATE, -1 },
};

static void sort_folio_row(struct engine *e, const void *row)
{
	const struct sort_row *r = row;
	bool anon = r->setup == GS_ANON_DIRTY;
	uint32_t old, pfn = page_cache_alloc(e, anon, 0, page_slot(e, anon, 0), &old);
	struct page *p = pfn_to_page(e, pfn);
	struct lru_gen_state *lg = &e->c.lg;
	struct step_record rec;

	if (anon) {
		lg->min_seq[1] = 1; /* isolate_folios(): the older type, anon, first */
		page_set(p, PG_anon);
		page_set(p, PG_swapcache);
		e->c.swap_free--;
		page_set(p, PG_dirty);
	} else {
		e->c.swap_free = 0; /* get_swappiness() 0: file only, get_tier_idx(file) */
	}
	lru_cache_add(e, pfn, LRU_INACTIVE_FILE);
	lru_add_drain(e);
	CHECKF(page_seq(e, p) == lg->min_seq[!anon], "%s: set up in min_seq", r->sentence);
	switch (r->setup) {
	case GS_MLOCKED: page_set(p, PG_mlocked); break;
	case GS_PROMOTED:
		lg->nr_pages[lru_gen_from_seq(lg->min_seq[1])][1]--;
		lg->nr_pages[lru_gen_from_seq(lg->max_seq)][1]++;
		p->flags = (uint16_t)((p->flags & ~LRU_GEN_MASK) | (lru_gen_from_seq(lg->max_seq) + 1)
									   << LRU_GEN_PGOFF);
		break;
	case GS_TIER2_REFAULTING:
		lg->refaulted[1][2] = MIN_LRU_BATCH;
		lg->evicted[1][2] = MIN_LRU_BATCH;
		lg->evicted[1][0] = 1000;
		/* fall through */
	case GS_TIER2_QUIET:
		for (unsigned c = 0; c < 3; c++)
			folio_inc_refs(e, p, NULL);
		break;
	case GS_WRITEBACK: writeback_start(e, p, false); break;
	case GS_DIRTY: page_set(p, PG_dirty); break;
	default: break;
	}
	CHECKF(gen_reclaim_until(e, pfn, STEP_SORT, !r->laptop, &rec), "%s: eviction reaches the page",
	       r->sentence);
	CHECKF(rec.branch == r->want, "%s: %s, want %s", r->sentence, engine_branches[rec.branch].name,
	       engine_branches[r->want].name);
	if (r->want_seq >= 0) {
		uint64_t want = r->want_seq == 3 ? lg->max_seq : lg->min_seq[!anon] + (uint64_t)r->want_seq;
		CHECKF(page_seq(e, p) == want, "%s: seq %llu, want %llu", r->sentence,
		       (unsigned long long)page_seq(e, p), (unsigned long long)want);
	}
	if (r->want == BR_SORT_UNEVICTABLE)
		CHECKF(p->lru == LRU_UNEVICTABLE && e->c.vm[UNEVICTABLE_PGS_CULLED] == 1,
		       "%s: on the unevictable list, culled", r->sentence);
	if (r->want == BR_SORT_PROTECTED)
		CHECKF(lg->protected_[1][1] == 1 && e->c.vm[WORKINGSET_ACTIVATE] == 1 && !folio_lru_refs(p),
		       "%s: protected[file][1] and workingset_activate counted, refs reset", r->sentence);
	if (r->want == BR_SORT_WRITEBACK)
		CHECKF(page_test(p, PG_reclaim), "%s: PG_reclaim (folio_inc_gen(reclaiming))", r->sentence);
}

static void test_sort_folio(void)
{
	RUN_GEN_ROWS(sort_rows, sort_folio_row);
}

/* 6.1 mm/vmscan.c shrink_folio_list() on a page isolate_folio() took */
struct sfl_row {
	const char *sentence;
	bool seq, write, locked;
	enum branch want_action;
	bool want_unevictable, want_reclaim;
	uint64_t want_pgactivate;
};

static const struct sfl_row sfl_rows[] = {
	/* :1887, 1899-1913: a file folio dirty after try_to_unmap() (its
	 * pte's dirty bit) is not written: PG_reclaim, activate_locked;
	 * evict_folios() puts it at max_seq (5020-5024, mm_inline.h:242) */
	{ "6.1 shrink_folio_list: a file page found dirty at unmap is activated with PG_reclaim, not written",
	  true, true, false, BR_SPL_DIRTY_IMMEDIATE, false, true, 1 },
	{ "6.1 shrink_folio_list: the same page clean is freed", true, false, false, BR_SPL_FREED, false,
	  false, 0 },
	/* rmap.c:816-823 mlocks it, :1460 FOLIOREF_ACTIVATE, :2053 not
	 * active, not counted; evict_folios() culls it (5013-5015) */
	{ "6.1 shrink_folio_list: a page met in a VM_LOCKED mapping is culled, its activation not counted",
	  true, false, true, BR_SPL_ACTIVATE, true, false, 0 },
};

static void shrink_folio_list_row(struct engine *e, const void *row)
{
	const struct sfl_row *r = row;
	struct step_record rec;
	struct page *p;
	uint32_t pfn;

	e->c.swap_free = 0;
	/* MADV_SEQUENTIAL: no look-around, so the young pte is not a reference */
	gen_map(e, 1, r->seq);
	pfn = SLOT_VAL(*page_slot(e, 0, 0));
	p = pfn_to_page(e, pfn);
	if (r->write)
		p->pte_dirty = 1;
	if (r->locked)
		object_vma(e, 0, 0)->flags |= VM_LOCKED;
	CHECKF(gen_reclaim_until(e, pfn, STEP_SCAN_INACTIVE, true, &rec),
	       "%s: shrink_folio_list reaches the page", r->sentence);
	CHECKF(rec.action == r->want_action, "%s: %s, want %s", r->sentence, engine_branches[rec.action].name,
	       engine_branches[r->want_action].name);
	CHECKF(e->c.vm[NR_VMSCAN_WRITE] == 0, "%s: nothing written", r->sentence);
	CHECKF(e->c.vm[PGACTIVATE] == r->want_pgactivate, "%s: pgactivate %llu", r->sentence,
	       (unsigned long long)e->c.vm[PGACTIVATE]);
	/* :1909, the rule policy 6.1 shares (CAP_DIRTY_61) */
	CHECKF(e->c.vm[NR_VMSCAN_IMMEDIATE] == (r->want_action == BR_SPL_DIRTY_IMMEDIATE),
	       "%s: nr_vmscan_immediate_reclaim %llu", r->sentence,
	       (unsigned long long)e->c.vm[NR_VMSCAN_IMMEDIATE]);
	if (r->want_action == BR_SPL_FREED)
		return;
	CHECKF((p->lru == LRU_UNEVICTABLE) == r->want_unevictable, "%s: unevictable list", r->sentence);
	CHECKF(page_test(p, PG_reclaim) == r->want_reclaim, "%s: PG_reclaim", r->sentence);
	if (!r->want_unevictable)
		CHECKF(page_seq(e, p) == e->c.lg.max_seq && PageDirty(p), "%s: dirty, at max_seq",
		       r->sentence);
	else
		CHECKF(!PageActive(p) && PageMlocked(p), "%s: mlocked, not PG_active", r->sentence);
}

static void test_shrink_folio_list(void)
{
	RUN_GEN_ROWS(sfl_rows, shrink_folio_list_row);
}

/* 6.1 write() on ext4: generic_perform_write() (mm/filemap.c:3716),
 * grab_cache_page_write_begin() without FGP_ACCESSED (mm/folio-compat.c:120),
 * so __filemap_get_folio() does not mark it (mm/filemap.c:1943); a read()
 * does (filemap_read(), :2717) */
struct gen_rw_row {
	const char *sentence;
	bool cached, write;
	unsigned want_refs;
	bool want_referenced;
	enum branch want;
};

static const struct gen_rw_row gen_rw_rows[] = {
	{ "6.1 write(): a write miss enters min_seq unmarked", false, true, 0, false, BR_GEN_WRITE_MISS },
	{ "6.1 read(): a read miss enters min_seq marked", false, false, 0, true, BR_GEN_READ_MISS },
	{ "6.1 write(): a write of a marked cached page leaves its tier", true, true, 0, true, BR_GEN_WRITE },
	{ "6.1 read(): a read of a marked cached page raises it to tier 1", true, false, 1, true,
	  BR_INC_REFS_WORKINGSET },
};

static void gen_rw_row(struct engine *e, const void *row)
{
	const struct gen_rw_row *r = row;
	struct step_record rec = { 0 };
	struct page *p;

	if (r->cached) {
		do_rw(e, 0, 0, false, NULL); /* read in, marked */
		do_rw(e, 0, 1, false, NULL); /* the file's position moves on */
	}
	do_rw(e, 0, 0, r->write, &rec);
	p = pfn_to_page(e, SLOT_VAL(*page_slot(e, 0, 0)));
	CHECKF(rec.branch == r->want, "%s: %s", r->sentence, engine_branches[rec.branch].name);
	CHECKF(folio_lru_refs(p) == r->want_refs && PageReferenced(p) == r->want_referenced,
	       "%s: refs %u, PG_referenced %d", r->sentence, folio_lru_refs(p), PageReferenced(p));
	CHECKF(page_seq(e, p) == e->c.lg.min_seq[1] && PageDirty(p) == r->write,
	       "%s: min_seq, dirty if written", r->sentence);
}

static void test_gen_write(void)
{
	RUN_GEN_ROWS(gen_rw_rows, gen_rw_row);
}

/* ---- 2.6.34 mm/memcontrol.c, mm/vmscan.c, mm/rmap.c: memory cgroups ------- */

/* Objects of the memcg rows: index (mapped), data and backup files, heap. */
static struct object_spec memcg_objs[] = {
	{ "index", OBJ_FILE, false, 64 },
	{ "data", OBJ_FILE, false, 4096 },
	{ "backup", OBJ_FILE, false, 4096 },
	{ "heap", OBJ_ANON, false, 512 },
};
enum { M_INDEX, M_DATA, M_BACKUP, M_HEAP };
#define MOP(k, o, f, n, cg)                                                                                  \
	{                                                                                                    \
		.kind = (k), .object = (o), .first = (f), .count = (n), .memcg = (cg), .caption = UINT32_MAX \
	}

struct memcg_row {
	const char *sentence;
	const char *policy; /* NULL: every policy */
	uint32_t limit[2];  /* cgroups 1 and 2 */
	uint32_t swap;
	struct wl_op ops[8];
	unsigned nr_ops;
	/* then, at the end: cgroup k's counter, or (k 0) a vmstat counter;
	 * the list ends at the first entry with want 0 and item 0 and k 0 */
	struct {
		uint8_t k;
		uint8_t item;
		int64_t want;
	} want[24];
	int8_t first_memcg_priority; /* priority of limit reclaim's first scan; -2: none checked */
	bool want_filtered_young; /* a limit-reclaim scan saw referenced_ptes 0 and unmapped into SWAP_FAIL */
	bool want_active_scan;	  /* limit reclaim aged the cgroup's active list */
	unsigned not_caps;	  /* not under a policy claiming these (enum policy_caps) */
};

/* cgroup @k's counter @i, or a vmstat counter @i, wanted at the end */
#define MW(k, i, v)           \
	{                     \
		(k), (i), (v) \
	}
#define VW(i, v)            \
	{                   \
		0, (i), (v) \
	}

static const struct memcg_row memcg_rows[] = {
	/* 2.6.34 mm/filemap.c:403 add_to_page_cache_locked() charges the
	 * inserting task's cgroup; mm/memcontrol.c:1940 and memory.txt:133:
	 * a later user is not charged; :2244 uncharged on removal (truncate,
	 * mm/filemap.c:152) */
	{ "first touch pays: the reader that inserts a page is charged, a later reader is not, a truncate "
	  "uncharges",
	  NULL,
	  { 64, 64 },
	  0,
	  { MOP(WL_READ, M_DATA, 0, 10, 1), MOP(WL_READ, M_DATA, 0, 10, 2), MOP(WL_READ, M_DATA, 10, 4, 2),
	    MOP(WL_FREE, M_DATA, 0, 12, 2) },
	  4,
	  { MW(1, MEMCG_USAGE, 0), MW(1, MEMCG_MAX_USAGE, 10), MW(1, MEMCG_PGPGIN, 10),
	    MW(1, MEMCG_PGPGOUT, 10), MW(1, MEMCG_CACHE, 0), MW(2, MEMCG_USAGE, 2), MW(2, MEMCG_MAX_USAGE, 4),
	    MW(2, MEMCG_PGPGIN, 4), MW(2, MEMCG_PGPGOUT, 2), MW(2, MEMCG_CACHE, 2), MW(1, MEMCG_FAILCNT, 0),
	    MW(2, MEMCG_FAILCNT, 0) },
	  -2,
	  false,
	  false,
	  0 },
	/* 2.6.34 mm/memcontrol.c:1580 the failed charge reclaims in the
	 * charging task; mm/vmscan.c:1917 try_to_free_mem_cgroup_pages():
	 * nr_to_reclaim 32; :150 the cgroup's sizes; :1606 nr_scan_try_batch():
	 * 256 inactive pages reach 32 at priority 3 (1 + 2 + 4 + 8 + 16 + 32);
	 * :1779, :1174 no ALLOCSTALL, no PGSCAN_*; PGSTEAL counted; the other
	 * cgroup's pages are not touched */
	{ "a charge at the limit reclaims 32 of the cgroup's pages in the charging task, first at priority 3",
	  NULL,
	  { 256, 64 },
	  0,
	  { MOP(WL_READ, M_BACKUP, 0, 40, 2), MOP(WL_READ, M_DATA, 0, 257, 1) },
	  2,
	  { MW(1, MEMCG_USAGE, 225), MW(1, MEMCG_MAX_USAGE, 256), MW(1, MEMCG_PGPGIN, 257),
	    MW(1, MEMCG_PGPGOUT, 32), MW(1, MEMCG_FAILCNT, 1), MW(1, MEMCG_RECLAIMS, 1), MW(1, MEMCG_OOM, 0),
	    MW(2, MEMCG_USAGE, 40), MW(2, MEMCG_PGPGOUT, 0), VW(PGSTEAL, 32), VW(PGSCAN_KSWAPD, 0),
	    VW(PGSCAN_DIRECT, 0), VW(ALLOCSTALL, 0), VW(PAGEOUTRUN, 0), VW(KSWAPD_STEAL, 0) },
	  3,
	  false,
	  false,
	  0 },
	/* 2.6.34 mm/rmap.c:570 page_referenced_file() skips the mappings of
	 * other cgroups' mms, their young bits untouched; :911
	 * try_to_unmap_one() does not, and a young pte refuses: SWAP_FAIL,
	 * activated (mm/vmscan.c:1389 passes sc->mem_cgroup too).  Cgroup 1
	 * reads the index first (charged, PG_referenced), cgroup 2 maps and
	 * touches it; cgroup 1's reads then reclaim it. */
	{ "limit reclaim counts only its own cgroup's ptes, but try_to_unmap() meets the other's young pte "
	  "and activates",
	  "2.6.34",
	  { 64, 64 },
	  0,
	  { MOP(WL_READ, M_INDEX, 0, 16, 1), MOP(WL_MAP, M_INDEX, 0, 16, 2), MOP(WL_TOUCH, M_INDEX, 0, 16, 2),
	    MOP(WL_READ, M_DATA, 0, 80, 1) },
	  4,
	  { MW(2, MEMCG_USAGE, 0), MW(1, MEMCG_MAPPED_FILE, 16) },
	  -2,
	  true,
	  false,
	  0 },
	/* 2.6.34 mm/memory.c:3062 handle_pte_fault(): a task's access goes
	 * through its own page table, so cgroup 2's first touch of the index
	 * cgroup 1 mapped and faulted in finds no pte of its own, a minor
	 * fault (:3120 PGFAULT), and leaves its young bit in its own mapping.
	 * Cgroup 1's limit reclaim (mm/rmap.c:570, its ptes only): first look
	 * young, kept with PG_referenced; second look used once, its pte
	 * unmapped, then try_to_unmap_one() (:911) meets cgroup 2's young pte:
	 * SWAP_FAIL, activated (mm/vmscan.c:712).  Cgroup 1's next touch is a
	 * minor fault, cgroup 2's finds its pte: 32 + 32 + 32 faults, 32
	 * major, no refault. */
	{ "each cgroup's task touches a shared page through its own pte: its first touch is a minor fault, "
	  "and the other cgroup's young pte keeps the page in memory",
	  "2.6.34",
	  { 64, 64 },
	  0,
	  { MOP(WL_MAP, M_INDEX, 0, 32, 1), MOP(WL_TOUCH, M_INDEX, 0, 32, 1),
	    MOP(WL_TOUCH, M_INDEX, 0, 32, 2), MOP(WL_READ, M_DATA, 0, 128, 1),
	    MOP(WL_TOUCH, M_INDEX, 0, 32, 1), MOP(WL_TOUCH, M_INDEX, 0, 32, 2) },
	  6,
	  { VW(PGFAULT, 96), VW(PGMAJFAULT, 32), VW(PGACTIVATE, 32), MW(1, MEMCG_MAPPED_FILE, 32),
	    MW(1, MEMCG_PGPGIN, 160), MW(2, MEMCG_USAGE, 0) },
	  -2,
	  true,
	  false,
	  0 },
	/* 2.6.34 mm/memcontrol.c:893 mem_cgroup_inactive_file_is_low(): the
	 * cgroup's active file list (80) is larger than its inactive (48), so
	 * its limit reclaim ages it, though the zone's inactive list (the
	 * root's 1000 pages) is far larger than its active one */
	{ "limit reclaim ages the cgroup's active list when the cgroup's inactive list is low, whatever the "
	  "zone's",
	  NULL,
	  { 128, 64 },
	  0,
	  { MOP(WL_READ, M_BACKUP, 0, 1000, 0), MOP(WL_READ, M_DATA, 0, 80, 1),
	    MOP(WL_READ, M_DATA, 0, 80, 1), MOP(WL_READ, M_DATA, 100, 49, 1) },
	  4,
	  { VW(PGSCAN_KSWAPD, 0), VW(PGSCAN_DIRECT, 0), MW(1, MEMCG_FAILCNT, 1) },
	  -2,
	  false,
	  true,
	  0 },
	/* 2.6.34 mm/vmscan.c:1835: limit reclaim that never reached 32 pages
	 * returns 0 (global reclaim returns what it reclaimed); :1606 the
	 * cgroup's nr_saved_scan carries the first call's 25 (14 inactive
	 * pages: 1 + 3 + 7 + 14; 6 more wait in the pagevec, not counted) to
	 * the second, which reaches 32 at priority 1, drains the pagevec
	 * (:1157) and frees all 20; mm/memcontrol.c:1593 under the limit now:
	 * the charge goes through.  No swap: the 20 anon pages cannot go. */
	{ "a limit reclaim that frees fewer than 32 returns 0, its scan carried over: the second call frees "
	  "20 and the charge succeeds",
	  NULL,
	  { 40, 64 },
	  0,
	  { MOP(WL_TOUCH, M_HEAP, 0, 20, 1), MOP(WL_READ, M_DATA, 0, 21, 1) },
	  2,
	  { MW(1, MEMCG_USAGE, 21), MW(1, MEMCG_MAX_USAGE, 40), MW(1, MEMCG_PGPGIN, 41),
	    MW(1, MEMCG_PGPGOUT, 20), MW(1, MEMCG_FAILCNT, 2), MW(1, MEMCG_CACHE, 1), MW(1, MEMCG_RSS, 20),
	    MW(1, MEMCG_RECLAIMS, 2), MW(1, MEMCG_OOM, 0), VW(PGSTEAL, 20) },
	  1,
	  false,
	  false,
	  /* the anon pages start on the active list (before 5.9) */
	  CAP_WORKINGSET_61 },
	/* 2.6.34 mm/memcontrol.c:1636: MEM_CGROUP_RECLAIM_RETRIES (5) more
	 * rounds that free nothing, then mem_cgroup_handle_oom(): six
	 * reclaims, six failed charges, the access dropped (the engine's
	 * memcg OOM).  Anon pages and no swap: nothing to reclaim. */
	{ "six rounds of limit reclaim that free nothing end in a memcg OOM, the access dropped",
	  NULL,
	  { 32, 64 },
	  0,
	  { MOP(WL_TOUCH, M_HEAP, 0, 33, 1) },
	  1,
	  { MW(1, MEMCG_USAGE, 32), MW(1, MEMCG_RSS, 32), MW(1, MEMCG_FAILCNT, 6), MW(1, MEMCG_RECLAIMS, 6),
	    MW(1, MEMCG_OOM, 1), VW(SIM_ALLOC_FAIL, 0) },
	  -2,
	  false,
	  false,
	  0 },
};

/* An engine on the two-cgroup workload of the memcg rows: @cg's two
 * cgroups in a zone of @pages (swap @swap), running @ops under @pol;
 * NULL (a failed check) when the engine refuses it.  @wl and @cg must
 * outlive the engine. */
static struct engine *memcg_engine(struct workload *wl, struct wl_cgroup cg[2], uint32_t pages, uint32_t swap,
				   const struct wl_op *ops, unsigned nr_ops, const char *sentence,
				   const struct reclaim_policy *pol)
{
	struct engine_error err;
	struct engine *e;

	memset(wl, 0, sizeof *wl);
	wl->memory.pages = pages;
	wl->memory.swap_pages = swap;
	wl->memory.swappiness = 60;
	wl->memory.writeback_steps = 4;
	wl->memory.kswapd = true;
	wl->objects = memcg_objs;
	wl->nr_objects = 4;
	wl->ops = ops;
	wl->nr_ops = nr_ops;
	wl->cgroups = cg;
	wl->nr_cgroups = 2;
	e = engine_new(wl, pol, &err);
	CHECKF(e != NULL, "%s (%s): no engine: %s", sentence, pol->name, err.msg);
	return e;
}

static void memcg_row_run(const struct memcg_row *row, const struct reclaim_policy *pol)
{
	struct wl_cgroup cg[2] = { { "one", row->limit[0], 0, 60 }, { "two", row->limit[1], 0, 60 } };
	struct workload wl;
	struct engine *e;
	bool filtered_young = false, active_scan = false;
	int first_prio = -2;
	char why[160];

	e = memcg_engine(&wl, cg, 2048, row->swap, row->ops, row->nr_ops, row->sentence, pol);
	if (!e)
		return;
	for (uint64_t n = 0; !engine_done(e) && n < 100000; n++) {
		const struct step_record *r = engine_step(e);

		if (engine_check(e, why, sizeof why) < 0) {
			CHECKF(0, "%s (%s): invariant broken at step %llu: %s", row->sentence, pol->name,
			       (unsigned long long)r->step, why);
			break;
		}
		if (r->reclaimer == RECLAIMER_MEMCG && r->kind == STEP_SCAN_INACTIVE) {
			CHECKF(r->memcg == 1, "%s (%s): limit reclaim is cgroup one's", row->sentence,
			       pol->name);
			if (first_prio == -2)
				first_prio = r->priority;
			if (r->referenced_ptes == 0 && r->action == BR_SPL_UNMAP_YOUNG &&
			    r->object == M_INDEX)
				filtered_young = true;
			CHECKF(e->pages[r->pfn].memcg == 1 || r->to == LRU_FREE,
			       "%s (%s): limit reclaim examined only its cgroup's pages", row->sentence,
			       pol->name);
		}
		if (r->reclaimer == RECLAIMER_MEMCG && r->kind == STEP_SCAN_ACTIVE)
			active_scan = true;
		if (r->reclaimer == RECLAIMER_MEMCG)
			CHECKF(!inactive_file_is_low(e) || !row->want_active_scan,
			       "%s (%s): the zone's inactive file list is not low", row->sentence, pol->name);
	}
	for (size_t w = 0; w < sizeof row->want / sizeof row->want[0]; w++) {
		unsigned k = row->want[w].k, i = row->want[w].item;
		uint64_t got;

		if (!k && !i && !row->want[w].want)
			break;
		got = k ? engine_memcg_stat(e, k, (enum memcg_stat_item)i) : engine_vmstat(e)[i];
		CHECKF(got == (uint64_t)row->want[w].want, "%s (%s): %s%s is %llu, want %lld", row->sentence,
		       pol->name, k ? (k == 1 ? "cgroup one's " : "cgroup two's ") : "",
		       k ? memcg_stat_name[i] : vmstat_name[i], (unsigned long long)got,
		       (long long)row->want[w].want);
	}
	if (row->first_memcg_priority != -2)
		CHECKF(first_prio == row->first_memcg_priority,
		       "%s (%s): first limit-reclaim scan at priority %d, want %d", row->sentence, pol->name,
		       first_prio, row->first_memcg_priority);
	if (row->want_filtered_young)
		CHECKF(filtered_young,
		       "%s (%s): an index page with no counted pte was unmapped into SWAP_FAIL",
		       row->sentence, pol->name);
	if (row->want_active_scan)
		CHECKF(active_scan, "%s (%s): limit reclaim scanned the cgroup's active list", row->sentence,
		       pol->name);
	engine_free(e);
}

static void test_mem_cgroup_limit_reclaim(void)
{
	for (size_t i = 0; i < sizeof memcg_rows / sizeof memcg_rows[0]; i++)
		for (unsigned pi = 0; pi < nr_reclaim_policies; pi++) {
			const struct reclaim_policy *pol = reclaim_policies[pi];
			if (!pol->memcg || (pol->caps & memcg_rows[i].not_caps) ||
			    (memcg_rows[i].policy && strcmp(memcg_rows[i].policy, pol->name) != 0))
				continue;
			ROW_BEGIN(memcg_rows[i].sentence);
			memcg_row_run(&memcg_rows[i], pol);
			ROW_END();
		}
}

/* ---- 2.6.34 kswapd's soft limit pass (mm/vmscan.c:2104, mm/memcontrol.c:2636) */

struct soft_row {
	const char *sentence;
	uint32_t soft[2]; /* soft limits of cgroups one and two; 0: none */
	uint32_t swap;
	struct wl_op ops[4];
	unsigned nr_ops;
	uint8_t first_victim[2]; /* the cgroups of the first two soft-limit steps; 0: none wanted */
	bool back_to_back;	 /* the first two come in one pass, nothing examined between them */
};

static const struct soft_row soft_rows[] = {
	/* :2660 mem_cgroup_largest_soft_limit_node(): the largest excess
	 * first (one's 300 - 64 against two's 220 - 200); vmscan.c:1913
	 * priority 0; memcontrol.c:1211 a quarter of the excess, then stop */
	{ "kswapd's soft limit pass takes the cgroup furthest over its soft limit first, at priority 0, "
	  "its pages only",
	  { 64, 200 },
	  0,
	  { MOP(WL_READ, M_DATA, 0, 300, 1), MOP(WL_READ, M_BACKUP, 0, 220, 2),
	    MOP(WL_READ, M_DATA, 300, 100, 1) },
	  3,
	  { 1, 1 },
	  false },
	/* res_counter_soft_limit_excess() is 0 without a soft limit: the
	 * tree is empty, kswapd shrinks the zone alone */
	{ "without soft limits kswapd's pass finds no cgroup and shrinks the zone",
	  { 0, 0 },
	  0,
	  { MOP(WL_READ, M_DATA, 0, 300, 1), MOP(WL_READ, M_BACKUP, 0, 300, 2) },
	  2,
	  { 0, 0 },
	  false },
	/* :2680-2700: a cgroup that gave nothing (anon, no swap: vmscan.c:1636
	 * noswap scans no anon) hands the turn to the next furthest over in
	 * the same call, without a page examined between */
	{ "a cgroup over its soft limit that yields nothing hands kswapd's pass to the next furthest over",
	  { 16, 100 },
	  0,
	  { MOP(WL_TOUCH, M_HEAP, 0, 300, 1), MOP(WL_READ, M_BACKUP, 0, 300, 2) },
	  2,
	  { 1, 2 },
	  true },
};

static void soft_row_run(const struct soft_row *row, const struct reclaim_policy *pol)
{
	struct wl_cgroup cg[2] = { { "one", 512, row->soft[0], 60 }, { "two", 512, row->soft[1], 60 } };
	struct workload wl;
	struct engine *e;
	uint8_t victims[2] = { 0, 0 };
	unsigned nv = 0, between = 0, soft_scans = 0;
	uint64_t excess = 0, turn_freed = 0;
	char why[160];

	e = memcg_engine(&wl, cg, 512, row->swap, row->ops, row->nr_ops, row->sentence, pol);
	if (!e)
		return;
	for (uint64_t n = 0; !engine_done(e) && n < 100000; n++) {
		uint64_t scan_before = engine_vmstat(e)[PGSCAN_KSWAPD],
			 steal_before = engine_vmstat(e)[KSWAPD_STEAL];
		uint64_t pgsteal_before = engine_vmstat(e)[PGSTEAL], scanned_before = e->c.pages_scanned;
		const struct step_record *r = engine_step(e);

		if (engine_check(e, why, sizeof why) < 0) {
			CHECKF(0, "%s (%s): invariant broken at step %llu: %s", row->sentence, pol->name,
			       (unsigned long long)r->step, why);
			break;
		}
		if (r->kind == STEP_SOFT_LIMIT) {
			CHECKF(r->reclaimer == RECLAIMER_SOFT && r->priority == 0,
			       "%s (%s): a soft-limit step is kswapd's soft pass at priority 0",
			       row->sentence, pol->name);
			/* the excess it names is the victim's, and the largest
			 * unless the other has just had its fruitless turn */
			CHECKF(r->count == mem_cgroup_soft_limit_excess(e, r->memcg) &&
				       (r->count >= mem_cgroup_soft_limit_excess(e, 3 - r->memcg) ||
					(nv && between == 0)),
			       "%s (%s): the soft pass picks the largest excess", row->sentence, pol->name);
			if (nv < 2) {
				if (nv == 1)
					CHECKF(!row->back_to_back || between == 0,
					       "%s (%s): the second cgroup's turn follows at once",
					       row->sentence, pol->name);
				victims[nv++] = r->memcg;
			}
			excess = r->count;
			turn_freed = 0;
			between = 0;
			continue;
		}
		between++;
		if (r->reclaimer == RECLAIMER_SOFT && r->kind == STEP_SCAN_INACTIVE) {
			soft_scans++;
			CHECKF(r->priority == 0, "%s (%s): soft pass scans at priority 0", row->sentence,
			       pol->name);
			CHECKF(r->to == LRU_FREE || e->pages[r->pfn].memcg == r->memcg,
			       "%s (%s): the soft pass examines its cgroup's pages only", row->sentence,
			       pol->name);
			/* vmscan.c:1174: no PGSCAN_*, no pages_scanned in memcg
			 * reclaim (a freed page may clear it); :1236 KSWAPD_STEAL
			 * with PGSTEAL (current_is_kswapd) */
			CHECKF(engine_vmstat(e)[PGSCAN_KSWAPD] == scan_before &&
				       e->c.pages_scanned <= scanned_before,
			       "%s (%s): the soft pass counts no pgscan_kswapd", row->sentence, pol->name);
			CHECKF(engine_vmstat(e)[KSWAPD_STEAL] - steal_before ==
				       engine_vmstat(e)[PGSTEAL] - pgsteal_before,
			       "%s (%s): kswapd_steal moves with pgsteal in the soft pass", row->sentence,
			       pol->name);
			turn_freed += r->to == LRU_FREE;
			/* :1211: a round of at most 32 a list runs only while
			 * the turn is short of a quarter of the excess */
			CHECKF(turn_freed <= (excess >> 2) + 32, "%s (%s): the soft turn stops near excess/4",
			       row->sentence, pol->name);
		}
	}
	for (unsigned i = 0; i < 2; i++)
		CHECKF(victims[i] == row->first_victim[i],
		       "%s (%s): soft-limit turn %u went to cgroup %u, want %u", row->sentence, pol->name,
		       i + 1, victims[i], row->first_victim[i]);
	CHECKF(!row->first_victim[0] || soft_scans > 0, "%s (%s): the soft pass examined pages",
	       row->sentence, pol->name);
	engine_free(e);
}

static void test_mem_cgroup_soft_limit_reclaim(void)
{
	for (size_t i = 0; i < sizeof soft_rows / sizeof soft_rows[0]; i++)
		for (unsigned pi = 0; pi < nr_reclaim_policies; pi++) {
			const struct reclaim_policy *pol = reclaim_policies[pi];
			if (!pol->memcg)
				continue;
			ROW_BEGIN(soft_rows[i].sentence);
			soft_row_run(&soft_rows[i], pol);
			ROW_END();
		}
}

/* A policy that does not model cgroups is refused, not run without them. */
static void test_mem_cgroup_policy_refused(void)
{
	struct reclaim_policy no = *policy_find("2.6.34");
	struct wl_cgroup cg = { "one", 64, 0, 60 };
	struct workload wl;
	struct engine_error err = { "" };
	struct engine *e;
	const struct wl_op op = MOP(WL_READ, M_DATA, 0, 1, 1);

	no.memcg = false;
	no.name = "nomemcg";
	memset(&wl, 0, sizeof wl);
	wl.memory.pages = 2048;
	wl.memory.swappiness = 60;
	wl.memory.writeback_steps = 4;
	wl.objects = memcg_objs;
	wl.nr_objects = 4;
	wl.ops = &op;
	wl.nr_ops = 1;
	wl.cgroups = &cg;
	wl.nr_cgroups = 1;
	e = engine_new(&wl, &no, &err);
	CHECKF(e == NULL && strstr(err.msg, "policy nomemcg does not model memory cgroups"),
	       "a policy without memcg is refused a scenario with cgroups: %s", err.msg);
	engine_free(e);
}

/* ---- 6.1 with lru_gen off (the policy 6.1, its capabilities) ----------- */

/* Page @index of object @obj (0 "file", 1 "anon") in memory, on list @l. */
static struct page *page_on(struct engine *e, uint32_t obj, uint32_t index, enum lru_list l)
{
	uint32_t old, pfn = page_cache_alloc(e, obj, index, page_slot(e, obj, index), &old);

	if (obj == 1)
		page_set(pfn_to_page(e, pfn), PG_anon);
	lru_cache_add(e, pfn, l);
	lru_add_drain(e);
	return pfn_to_page(e, pfn);
}

struct refault61_row {
	const char *sentence;
	bool anon, swap, workingset; /* the refaulting page's type; swap slots free; the shadow's bit */
	unsigned lists[4];	     /* inactive_anon, active_anon, inactive_file, active_file */
	unsigned distance;
	bool want_active;
	unsigned want_tick;
};

static const struct refault61_row refault61_rows[] = {
	/* 6.1 mm/workingset.c:457-471: a file page competes with the active
	 * file list and, with swap, both anon lists */
	{ "6.1: a file refault within active file + anon comes back active",
	  false,
	  true,
	  false,
	  { 2, 2, 3, 4 },
	  8,
	  true,
	  1 },
	{ "6.1: a file refault beyond active file + anon goes inactive",
	  false,
	  true,
	  false,
	  { 2, 2, 3, 4 },
	  9,
	  false,
	  0 },
	{ "6.1: without swap a file refault competes with the active file list only",
	  false,
	  false,
	  false,
	  { 2, 2, 3, 4 },
	  5,
	  false,
	  0 },
	/* :463 an anon page competes with both file lists and, with swap, the
	 * active anon list */
	{ "6.1: an anon refault within the file lists + active anon comes back active",
	  true,
	  true,
	  false,
	  { 2, 2, 3, 4 },
	  9,
	  true,
	  1 },
	{ "6.1: an anon refault does not count the inactive anon list",
	  true,
	  true,
	  false,
	  { 2, 2, 3, 4 },
	  10,
	  false,
	  0 },
	/* :479-483 a page that was active before its eviction: restored */
	{ "6.1: a refault of a workingset page is a restore, PG_workingset set, its cost noted",
	  false,
	  true,
	  true,
	  { 2, 2, 3, 4 },
	  1,
	  true,
	  1 },
};

static void refault61_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct refault61_row *r = row;
	uint32_t obj = r->anon ? 1 : 0, next[2] = { 1, 1 }, shadow;
	struct step_record rec = { 0 };
	struct page *p;

	for (int l = 0; l < 4; l++)
		for (unsigned k = 0; k < r->lists[l]; k++)
			page_on(e, is_file_lru(l) ? 0 : 1, next[is_file_lru(l) ? 0 : 1]++, (enum lru_list)l);
	if (!r->swap)
		e->c.swap_free = 0;
	e->c.inactive_age = 1000;
	shadow = ((1000u - r->distance) & 0x1fffffffu) << 1 | r->workingset;
	*page_slot(e, obj, 0) = slot_make(r->anon ? SLOT_SWAP : SLOT_SHADOW, shadow);
	if (r->anon)
		do_touch(e, 1, 0, false, &rec);
	else
		do_rw(e, 0, 0, false, NULL);
	lru_add_drain(e);
	p = pfn_to_page(e, SLOT_VAL(*page_slot(e, obj, 0)));
	CHECKF(PageActive(p) == r->want_active, "%s (%s): PG_active %d", r->sentence, pol->name,
	       PageActive(p));
	CHECKF(e->c.inactive_age - 1000 == r->want_tick, "%s (%s): clock moved %llu, want %u", r->sentence,
	       pol->name, (unsigned long long)(e->c.inactive_age - 1000), r->want_tick);
	CHECKF(e->c.vm[r->anon ? WORKINGSET_REFAULT_ANON : WORKINGSET_REFAULT] == 1,
	       "%s (%s): refault not counted", r->sentence, pol->name);
	CHECKF(e->c.vm[r->anon ? WORKINGSET_ACTIVATE_ANON : WORKINGSET_ACTIVATE] == r->want_active,
	       "%s (%s): workingset_activate", r->sentence, pol->name);
	CHECKF(e->c.vm[WORKINGSET_RESTORE_FILE] + e->c.vm[WORKINGSET_RESTORE_ANON] == r->workingset &&
		       PageWorkingset(p) == r->workingset && e->c.lru_cost[!r->anon] == r->workingset,
	       "%s (%s): restore %llu, PG_workingset %d, cost %llu", r->sentence, pol->name,
	       (unsigned long long)e->c.vm[WORKINGSET_RESTORE_FILE], PageWorkingset(p),
	       (unsigned long long)e->c.lru_cost[!r->anon]);
}

static void test_workingset_refault_61(void)
{
	RUN_UNDER_POLICIES_WITH(refault61_rows, refault61_row_run, CAP_WORKINGSET_61);
}

struct batch61_row {
	const char *sentence;
	const char *ops;	 /* "r0 r1 r0": read() of a file page, "a0": first touch of an anon page */
	unsigned want_waiting;	 /* pages left in the lru_add batch */
	enum lru_list want_list; /* page 0's list after a drain */
	uint64_t want_pgactivate, want_tick;
};

static const struct batch61_row batch61_rows[] = {
	/* 6.1 mm/swap.c:534 folio_batch_add_and_move(), include/linux/pagevec.h:15 */
	{ "6.1: fourteen new pages wait in the one lru_add batch",
	  "r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 a0 a1 a2 a3", 14, LRU_INACTIVE_FILE, 0, 0 },
	{ "6.1: the fifteenth, of any list, moves all fifteen to their lists",
	  "r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 a0 a1 a2 a3 a4", 0, LRU_INACTIVE_FILE, 0, 0 },
	/* 6.1 mm/swap.c:500 __lru_cache_activate_folio(), :502 workingset_activation() */
	{ "6.1: a page read twice while it waits in the batch joins the active list, no pgactivate",
	  "r0 r1 r0", 2, LRU_ACTIVE_FILE, 0, 1 },
	/* 6.1 mm/memory.c:4159 do_anonymous_page() (5.9) */
	{ "6.1: a new anon page waits for the inactive anon list", "a0", 1, LRU_INACTIVE_ANON, 0, 0 },
};

static void batch61_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct batch61_row *r = row;
	uint32_t obj = r->ops[0] == 'a' ? 1 : 0;
	const struct page *p;

	for (const char *op = r->ops; *op; op += op[2] ? 3 : 2) {
		struct step_record rec = { 0 };
		if (*op == 'a')
			do_touch(e, 1, (uint32_t)(op[1] - '0'), true, &rec);
		else
			do_rw(e, 0, (uint32_t)(op[1] - '0'), false, NULL);
	}
	CHECKF(e->c.lists[LRU_PAGEVEC].nr == r->want_waiting, "%s (%s): %u pages wait, want %u", r->sentence,
	       pol->name, e->c.lists[LRU_PAGEVEC].nr, r->want_waiting);
	lru_add_drain(e);
	p = pfn_to_page(e, SLOT_VAL(*page_slot(e, obj, 0)));
	CHECKF(p->lru == r->want_list, "%s (%s): on list %d, want %d", r->sentence, pol->name, p->lru,
	       r->want_list);
	CHECKF(e->c.vm[PGACTIVATE] == r->want_pgactivate && e->c.inactive_age == r->want_tick,
	       "%s (%s): pgactivate %llu, clock %llu", r->sentence, pol->name,
	       (unsigned long long)e->c.vm[PGACTIVATE], (unsigned long long)e->c.inactive_age);
}

static void test_lru_add_batch_61(void)
{
	RUN_UNDER_POLICIES_WITH(batch61_rows, batch61_row_run, CAP_LRU_ADD_61 | CAP_WORKINGSET_61);
}

struct scan61_row {
	const char *sentence;
	unsigned lists[4]; /* inactive_anon, active_anon, inactive_file, active_file */
	bool swap;	   /* swap slots free */
	int priority;
	bool refaults_since;	     /* file refaults activated since the last reclaim */
	uint64_t cost[2];	     /* anon_cost, file_cost */
	uint8_t want_may_deactivate; /* DEACTIVATE_ANON 1, DEACTIVATE_FILE 2 */
	enum scan_balance want_balance;
	uint64_t want_fraction[2]; /* SCAN_FRACT's */
};

static const struct scan61_row scan61_rows[] = {
	/* 6.1 mm/vmscan.c:2831-2836 the file list may deactivate when its
	 * inactive list is low or refaults were activated */
	{ "6.1: plenty of inactive file and no refaults: nothing deactivates, file only (cache_trim_mode)",
	  { 0, 0, 64, 32 },
	  true,
	  4,
	  false,
	  { 0, 0 },
	  0,
	  SCAN_FILE,
	  { 0, 0 } },
	{ "6.1: refaults activated since the last reclaim age the active file list",
	  { 0, 0, 64, 32 },
	  true,
	  4,
	  true,
	  { 0, 0 },
	  2,
	  SCAN_FRACT,
	  { 60, 140 } },
	{ "6.1: a low inactive file list ages the active one",
	  { 0, 0, 32, 64 },
	  true,
	  4,
	  false,
	  { 0, 0 },
	  2,
	  SCAN_FRACT,
	  { 60, 140 } },
	{ "6.1: a low inactive anon list ages the active one",
	  { 8, 16, 32, 64 },
	  true,
	  4,
	  false,
	  { 0, 0 },
	  3,
	  SCAN_FRACT,
	  { 60, 140 } },
	/* :2975-2989 the fractions: anon_cost 10 doubles as total + anon */
	{ "6.1: a costly anon type gets less pressure: 88 against 394",
	  { 0, 0, 32, 64 },
	  true,
	  4,
	  false,
	  { 10, 0 },
	  2,
	  SCAN_FRACT,
	  { 88, 394 } },
	/* :2915 no swap */
	{ "6.1: without swap only the file lists are scanned",
	  { 8, 16, 32, 64 },
	  false,
	  4,
	  false,
	  { 0, 0 },
	  3,
	  SCAN_FILE,
	  { 0, 0 } },
	/* :2938 close to OOM */
	{ "6.1: at priority 0 both types are scanned by size",
	  { 8, 16, 32, 64 },
	  true,
	  0,
	  false,
	  { 0, 0 },
	  3,
	  SCAN_EQUAL,
	  { 0, 0 } },
	/* :2882-2888 and :2946 file + free under the high watermark */
	{ "6.1: hardly any file pages left and anon not thrashing: anon only (file_is_tiny)",
	  { 64, 0, 0, 0 },
	  true,
	  4,
	  false,
	  { 0, 0 },
	  0,
	  SCAN_ANON,
	  { 0, 0 } },
};

static void scan61_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct scan61_row *r = row;
	struct reclaim_state *rs = &e->c.rs;
	uint32_t next[2] = { 0, 0 };
	struct step_record rec;

	for (int l = 0; l < 4; l++)
		for (unsigned k = 0; k < r->lists[l]; k++)
			page_on(e, is_file_lru(l) ? 0 : 1, next[is_file_lru(l) ? 0 : 1]++, (enum lru_list)l);
	if (!r->swap)
		e->c.swap_free = 0;
	e->c.vm[WORKINGSET_ACTIVATE] = r->refaults_since;
	e->c.lru_cost[0] = r->cost[0];
	e->c.lru_cost[1] = r->cost[1];
	leave_free(e, e->c.wmark_high - 1);
	/* direct reclaim's shrink_node() at @priority */
	memset(&rs->sc, 0, sizeof rs->sc);
	rs->sc.reclaimer = RECLAIMER_DIRECT;
	rs->sc.priority = (int8_t)r->priority;
	rs->sc.nr_to_reclaim = SWAP_CLUSTER_MAX;
	rs->sc.may_swap = rs->sc.may_writepage = true;
	rs->stage = RS_SHRINK_ZONE;
	memset(&rec, 0, sizeof rec);
	reclaim_step(e, &rec, e->policy->check_references);
	CHECKF(rs->may_deactivate == r->want_may_deactivate, "%s (%s): may_deactivate %u, want %u",
	       r->sentence, pol->name, rs->may_deactivate, r->want_may_deactivate);
	CHECKF(rs->scan_balance == r->want_balance, "%s (%s): scan_balance %u, want %u", r->sentence,
	       pol->name, rs->scan_balance, r->want_balance);
	if (r->want_balance == SCAN_FRACT)
		CHECKF(rs->fraction[0] == r->want_fraction[0] && rs->fraction[1] == r->want_fraction[1],
		       "%s (%s): fractions %llu/%llu", r->sentence, pol->name,
		       (unsigned long long)rs->fraction[0], (unsigned long long)rs->fraction[1]);
}

static void test_get_scan_count_61(void)
{
	RUN_UNDER_POLICIES_WITH(scan61_rows, scan61_row_run, CAP_SCAN_COST_61);
}

/* 6.1 mm/swap.c:298 lru_note_cost(), and snapshot_refaults() at a
 * reclaim's end (mm/vmscan.c:6464, :7186) */
static void test_lru_note_cost_61(void)
{
	struct workload wl;
	struct engine *e = zone_new(&wl, "6.1", 1024, true);
	unsigned guard = 0;

	CHECKF(e != NULL, "no engine");
	if (!e)
		return;
	for (uint32_t k = 0; k < 100; k++)
		page_on(e, 0, k, LRU_INACTIVE_FILE);
	e->c.lru_cost[0] = 20;
	e->c.lru_cost[1] = 4;
	lru_note_cost(e, true, 1); /* 25, not more than a quarter of 100 */
	CHECKF(e->c.lru_cost[0] == 20 && e->c.lru_cost[1] == 5, "6.1: no decay at a quarter of the lists");
	lru_note_cost(e, false, 1); /* 26: both halved */
	CHECKF(e->c.lru_cost[0] == 10 && e->c.lru_cost[1] == 2,
	       "6.1: both costs halved past a quarter: %llu %llu", (unsigned long long)e->c.lru_cost[0],
	       (unsigned long long)e->c.lru_cost[1]);
	e->c.vm[WORKINGSET_ACTIVATE] = 7;
	e->c.vm[WORKINGSET_ACTIVATE_ANON] = 3;
	leave_free(e, e->c.wmark_min);
	reclaim_start_direct(e, 0, SWAP_CLUSTER_MAX);
	while (reclaim_running(e) && guard++ < 100000)
		reclaim_step(e, NULL, e->policy->check_references);
	CHECKF(e->c.refaults_snap[0] == 3 && e->c.refaults_snap[1] == 7,
	       "6.1: the reclaim's end snapshots workingset_activate: %llu %llu",
	       (unsigned long long)e->c.refaults_snap[0], (unsigned long long)e->c.refaults_snap[1]);
	engine_free(e);
}

struct unmap61_row {
	const char *sentence;
	const char *policy;
	enum ttu_result want;
};

static const struct unmap61_row unmap61_rows[] = {
	/* 2.6.34 mm/rmap.c:911: a young pte refuses the unmap */
	{ "2.6.34: try_to_unmap() refuses a young pte", "2.6.34", SWAP_FAIL },
	/* 6.1 mm/rmap.c try_to_unmap_one(): the accessed bit is not tested */
	{ "6.1: try_to_unmap() takes a young pte down", "6.1", SWAP_SUCCESS },
};

static void test_try_to_unmap_61(void)
{
	for (size_t i = 0; i < sizeof unmap61_rows / sizeof unmap61_rows[0]; i++) {
		ROW_BEGIN(unmap61_rows[i].sentence);
		const struct unmap61_row *r = &unmap61_rows[i];
		struct workload wl;
		struct engine *e = zone_new(&wl, r->policy, 1024, true);
		struct step_record rec = { 0 };
		struct page *p;

		if (!e) {
			CHECKF(0, "%s: no engine", r->sentence);
			ROW_END();
			continue;
		}
		do_touch(e, 0, 0, false, &rec); /* a fault: a young pte */
		lru_add_drain(e);
		p = pfn_to_page(e, SLOT_VAL(*page_slot(e, 0, 0)));
		CHECKF(try_to_unmap(e, p) == r->want, "%s: answer", r->sentence);
		engine_free(e);
		ROW_END();
	}
}

/* 6.1 has no lumpy reclaim: kswapd woken at order 4 weighs references */
static void test_no_lumpy_61(void)
{
	static const struct balance_row row = {
		"6.1: kswapd woken for order 4 keeps a hot page (no lumpy reclaim)", 4, false
	};
	struct workload wl;
	struct engine *e = zone_new(&wl, "6.1", 1024, true);

	CHECKF(e != NULL, "no engine");
	if (e)
		balance_row_run(e, policy_find("6.1"), &row);
	engine_free(e);
}

/* ---- 6.1's dirty and writeback rules on the two lists (CAP_DIRTY_61) ---- */

/* Kswapd's (or direct reclaim's) shrink_node() at priority 0 over the
 * @n pages at the inactive file list's tail, in a zone short of its high
 * watermark: a pass that frees nothing gives up there, with the node's
 * flags as it left them.  @rec: the first page's record. */
static void shrink_node_at_0(struct engine *e, bool kswapd, uint64_t n, struct step_record *rec)
{
	unsigned guard = 0;

	leave_free(e, e->c.wmark_high - 1);
	shrink_zone_begin(e, kswapd, 0, LRU_INACTIVE_FILE, n);
	memset(rec, 0, sizeof *rec);
	reclaim_step(e, rec, e->policy->check_references);
	while (reclaim_running(e) && guard++ < 100000)
		reclaim_step(e, NULL, e->policy->check_references);
}

enum dirty_state { DS_DIRTY, DS_WRITEBACK };

struct dirty61_row {
	const char *sentence;
	bool kswapd;
	enum dirty_state state;
	bool reclaim;	      /* PG_reclaim already set */
	unsigned pgdat_flags; /* the node's, before the pass */
	enum branch want_action;
	bool want_active, want_reclaim;
	uint64_t want_immediate, want_write; /* nr_vmscan_immediate_reclaim, nr_vmscan_write */
};

static const struct dirty61_row dirty61_rows[] = {
	/* 6.1 mm/vmscan.c:1746-1751 case 1: kswapd, PG_reclaim, PGDAT_WRITEBACK */
	{ "6.1: kswapd meets a PG_reclaim page under writeback, the node PGDAT_WRITEBACK: activated, "
	  "immediate",
	  true, DS_WRITEBACK, true, PGDAT_WRITEBACK, BR_SPL_WB_IMMEDIATE, true, true, 0, 0 },
	/* :1754-1772 case 2: each of case 1's three conditions false */
	{ "6.1: the same, the node not PGDAT_WRITEBACK: PG_reclaim kept, activated", true, DS_WRITEBACK, true,
	  0, BR_SPL_WB_RECLAIM, true, true, 0, 0 },
	{ "6.1: kswapd meets a page under writeback without PG_reclaim: set, activated", true, DS_WRITEBACK,
	  false, PGDAT_WRITEBACK, BR_SPL_WB_RECLAIM, true, true, 0, 0 },
	{ "6.1: direct reclaim meets a PG_reclaim page under writeback: activated, not immediate", false,
	  DS_WRITEBACK, true, PGDAT_WRITEBACK, BR_SPL_WB_RECLAIM, true, true, 0, 0 },
	/* :1899-1913: kswapd writes a dirty file page only with PG_reclaim
	 * and PGDAT_DIRTY; else PG_reclaim, NR_VMSCAN_IMMEDIATE, activate */
	{ "6.1: kswapd writes a dirty page back with PG_reclaim, the node PGDAT_DIRTY", true, DS_DIRTY, true,
	  PGDAT_DIRTY, BR_SPL_PAGEOUT, false, true, 0, 1 },
	{ "6.1: the same, the node not PGDAT_DIRTY: activated with PG_reclaim, not written", true, DS_DIRTY,
	  true, 0, BR_SPL_DIRTY_IMMEDIATE, true, true, 1, 0 },
	{ "6.1: kswapd meets a dirty page without PG_reclaim: set, activated, not written", true, DS_DIRTY,
	  false, PGDAT_DIRTY, BR_SPL_DIRTY_IMMEDIATE, true, true, 1, 0 },
	{ "6.1: direct reclaim never writes a dirty file page: activated with PG_reclaim", false, DS_DIRTY,
	  true, PGDAT_DIRTY, BR_SPL_DIRTY_IMMEDIATE, true, true, 1, 0 },
};

/* 2.6.34 mm/vmscan.c:676 (PageWriteback: keep_locked) and :719-746
 * (pageout() by any reclaimer that may write) */
static const struct dirty61_row dirty2634_rows[] = {
	{ "kswapd keeps a page under writeback on the inactive list, not activated", true, DS_WRITEBACK, true,
	  PGDAT_WRITEBACK, BR_SPL_WRITEBACK, false, true, 0, 0 },
	{ "direct reclaim writes a dirty file page (pageout)", false, DS_DIRTY, false, 0, BR_SPL_PAGEOUT,
	  false, true, 0, 1 },
};

static void dirty61_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct dirty61_row *r = row;
	struct page *p = file_page(e, 0, LRU_INACTIVE_FILE);
	struct step_record rec;

	if (r->state == DS_WRITEBACK)
		writeback_start(e, p, false);
	else
		page_set(p, PG_dirty);
	if (r->reclaim)
		page_set(p, PG_reclaim);
	e->c.pgdat_flags = (uint8_t)r->pgdat_flags;
	shrink_node_at_0(e, r->kswapd, 1, &rec);
	CHECKF(rec.kind == STEP_SCAN_INACTIVE && rec.action == r->want_action, "%s (%s): %s, want %s",
	       r->sentence, pol->name, engine_branches[rec.action].name,
	       engine_branches[r->want_action].name);
	CHECKF((p->lru == LRU_ACTIVE_FILE) == r->want_active && PageActive(p) == r->want_active,
	       "%s (%s): on list %u", r->sentence, pol->name, p->lru);
	CHECKF(page_test(p, PG_reclaim) == r->want_reclaim, "%s (%s): PG_reclaim", r->sentence, pol->name);
	CHECKF(e->c.vm[NR_VMSCAN_IMMEDIATE] == r->want_immediate && e->c.vm[NR_VMSCAN_WRITE] == r->want_write,
	       "%s (%s): nr_vmscan_immediate_reclaim %llu, nr_vmscan_write %llu", r->sentence, pol->name,
	       (unsigned long long)e->c.vm[NR_VMSCAN_IMMEDIATE],
	       (unsigned long long)e->c.vm[NR_VMSCAN_WRITE]);
	CHECKF(e->c.vm[PGACTIVATE] == r->want_active, "%s (%s): pgactivate %llu", r->sentence, pol->name,
	       (unsigned long long)e->c.vm[PGACTIVATE]);
}

static void test_shrink_folio_list_dirty_61(void)
{
	RUN_UNDER_POLICIES_WITH(dirty61_rows, dirty61_row_run, CAP_DIRTY_61);
	RUN_UNDER_EVERY_POLICY_BUT(dirty2634_rows, dirty61_row_run, CAP_DIRTY_61);
}

struct node61_row {
	const char *sentence;
	bool kswapd;
	unsigned dirty, writeback; /* the four pages taken: dirty ones, then under writeback, then clean */
	unsigned want_flags;
	bool want_flusher; /* the dirty pages are under writeback after the pass */
};

static const struct node61_row node61_rows[] = {
	/* 6.1 mm/vmscan.c:2517 the flusher woken; :6179 PGDAT_DIRTY */
	{ "6.1: kswapd takes only dirty unqueued file pages: the flushers wake, the node PGDAT_DIRTY", true,
	  4, 0, PGDAT_DIRTY, true },
	/* :2517 and :6179 false: one page taken is under writeback */
	{ "6.1: one of them under writeback: no flusher, no PGDAT_DIRTY", true, 3, 1, 0, false },
	/* :6175 PGDAT_WRITEBACK, every page taken counted nr_writeback */
	{ "6.1: kswapd takes only pages under writeback: the node PGDAT_WRITEBACK", true, 0, 4,
	  PGDAT_WRITEBACK, false },
	/* :6157 current_is_kswapd(): direct reclaim flags nothing */
	{ "6.1: direct reclaim takes only dirty unqueued pages: the flushers wake, no flag", false, 4, 0, 0,
	  true },
	/* :6894 prepare_kswapd_sleep(): clear_pgdat_congested() for a node
	 * balanced; a kswapd that gives up (the rows above) keeps them */
	{ "6.1: kswapd goes to sleep on a balanced node: the flags cleared", true, 0, 0, 0, false },
};

static void node61_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct node61_row *r = row;
	struct page *pages[4];
	struct step_record rec;
	unsigned queued = 0, guard = 0;

	if (!r->dirty && !r->writeback) { /* nothing to reclaim: balanced */
		e->c.pgdat_flags = PGDAT_DIRTY | PGDAT_WRITEBACK;
		kswapd_run_for(e, 0);
		while (reclaim_running(e) && guard++ < 100000)
			reclaim_step(e, NULL, e->policy->check_references);
		CHECKF(e->c.pgdat_flags == r->want_flags, "%s (%s): flags %u", r->sentence, pol->name,
		       e->c.pgdat_flags);
		return;
	}
	for (uint32_t k = 0; k < 4; k++) {
		pages[k] = file_page(e, k, LRU_INACTIVE_FILE);
		if (k < r->dirty)
			page_set(pages[k], PG_dirty);
		else if (k < r->dirty + r->writeback)
			writeback_start(e, pages[k], false);
	}
	shrink_node_at_0(e, r->kswapd, 4, &rec);
	CHECKF(e->c.pgdat_flags == r->want_flags, "%s (%s): flags %u, want %u", r->sentence, pol->name,
	       e->c.pgdat_flags, r->want_flags);
	for (unsigned k = 0; k < r->dirty; k++)
		queued += PageWriteback(pages[k]);
	CHECKF(queued == (r->want_flusher ? r->dirty : 0), "%s (%s): %u dirty pages queued by the flushers",
	       r->sentence, pol->name, queued);
}

static void test_shrink_node_flags_61(void)
{
	RUN_UNDER_POLICIES_WITH(node61_rows, node61_row_run, CAP_DIRTY_61);
}

struct unreclaimable_row {
	const char *sentence;
	uint64_t pages_scanned; /* zone->pages_scanned before kswapd's pass */
	bool want;
};

/* 2.6.34 mm/vmscan.c:2121 balance_pgdat(): pages_scanned >= 6 x
 * zone_reclaimable_pages() marks the zone */
static const struct unreclaimable_row unreclaimable_rows[] = {
	{ "kswapd scanned six times the reclaimable pages: the zone all_unreclaimable", 100, true },
	{ "kswapd scanned fewer: the zone not marked", 0, false },
};
static void unreclaimable_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct unreclaimable_row *r = row;
	struct step_record rec;

	writeback_start(e, file_page(e, 0, LRU_INACTIVE_FILE), false); /* not freed by the pass */
	e->c.pages_scanned = r->pages_scanned;
	shrink_node_at_0(e, true, 1, &rec);
	CHECKF(e->c.all_unreclaimable == r->want, "%s (%s): all_unreclaimable %d", r->sentence, pol->name,
	       e->c.all_unreclaimable);
}

static void test_all_unreclaimable(void)
{
	RUN_UNDER_EVERY_POLICY_BUT(unreclaimable_rows, unreclaimable_row_run, CAP_KSWAPD_FAILURES_61);
}

struct rotate61_row {
	const char *sentence;
	bool active, dirty; /* the page as its write ends */
	bool want_rotated;
};

/* 6.1 mm/filemap.c:1601-1603, mm/swap.c:285 and :266-273 */
static const struct rotate61_row rotate61_rows[] = {
	{ "6.1: a write ends on an active PG_reclaim page: inactive tail, PG_active cleared (pgrotated)",
	  true, false, true },
	{ "6.1: the same page redirtied meanwhile stays where it is", true, true, false },
};
/* 2.6.34 mm/swap.c rotate_reclaimable_page(): !PageActive() */
static const struct rotate61_row rotate2634_rows[] = {
	{ "a write ends on an active PG_reclaim page: it stays active", true, false, false },
	{ "a write ends on an inactive PG_reclaim page: inactive tail (pgrotated)", false, false, true },
};

static void rotate61_row_run(struct engine *e, const struct reclaim_policy *pol, const void *row)
{
	const struct rotate61_row *r = row;
	struct page *p = file_page(e, 0, r->active ? LRU_ACTIVE_FILE : LRU_INACTIVE_FILE);
	uint32_t pfn = page_to_pfn(e, p);
	struct step_record rec = { 0 };

	file_page(e, 1, LRU_INACTIVE_FILE); /* the tail is someone else's first */
	writeback_start(e, p, true);
	if (r->dirty)
		page_set(p, PG_dirty);
	writeback_end(e, &rec);
	CHECKF((rec.branch == BR_WB_ROTATE) == r->want_rotated && e->c.vm[PGROTATED] == r->want_rotated,
	       "%s (%s): %s, pgrotated %llu", r->sentence, pol->name, engine_branches[rec.branch].name,
	       (unsigned long long)e->c.vm[PGROTATED]);
	if (r->want_rotated)
		CHECKF(!PageActive(p) && p->lru == LRU_INACTIVE_FILE &&
			       e->c.lists[LRU_INACTIVE_FILE].tail == pfn,
		       "%s (%s): at the inactive tail, PG_active clear", r->sentence, pol->name);
	else
		CHECKF(PageActive(p) == r->active &&
			       p->lru == (r->active ? LRU_ACTIVE_FILE : LRU_INACTIVE_FILE),
		       "%s (%s): stays on its list", r->sentence, pol->name);
	CHECKF(!page_test(p, PG_reclaim), "%s (%s): PG_reclaim cleared", r->sentence, pol->name);
}

static void test_rotate_reclaimable_61(void)
{
	RUN_UNDER_POLICIES_WITH(rotate61_rows, rotate61_row_run, CAP_DIRTY_61);
	RUN_UNDER_EVERY_POLICY_BUT(rotate2634_rows, rotate61_row_run, CAP_DIRTY_61);
}

/* ---- x86's TLB under 6.1: the accessed bit cleared without a flush ------ */

struct tlb_row {
	const char *sentence;
	const char *policy;
	/* "t0": a touch of the file's page N through its mapping (a fault the
	 * first time); "c": page_referenced() of page 0 (clears its young
	 * bit); "R": try_to_unmap() of page 0; "o5": a touch of page 5 of
	 * "other", mapped "other" pages long; "u": munmap of "other" */
	const char *ops;
	uint32_t other;		 /* pages of "other"'s mapping */
	bool want_young;	 /* page 0's pte after the last op */
	enum branch want_branch; /* the last touch's branch */
};

static const struct tlb_row tlb_rows[] = {
	/* 2.6.34 arch/x86/mm/pgtable.c:328 ptep_clear_flush_young(): a young
	 * bit cleared is flushed, so the next touch walks and sets it */
	{ "2.6.34: a touch after page_referenced() sets the young bit again", "2.6.34", "t0 c t0", 0, true,
	  BR_TOUCH_YOUNG },
	/* 6.1 arch/x86/mm/pgtable.c:581: no flush; the TLB still holds the
	 * translation and the CPU does not walk the page table */
	{ "6.1: a touch after page_referenced() leaves the young bit clear", "6.1", "t0 c t0", 0, false,
	  BR_TOUCH_TLB },
	{ "mglru: the same TLB hides the touch", "mglru", "t0 c t0", 0, false, BR_TOUCH_TLB },
	{ "6.1: a touch before any clearing finds the bit set", "6.1", "t0 t0", 0, true, BR_TOUCH_YOUNG },
	/* a direct-mapped TLB (qemu 7.2 accel/tcg/cputlb.c tlb_index()): a
	 * page 256 virtual pages on takes the same entry */
	{ "6.1: a page in the same TLB set evicts the entry, and the touch is seen", "6.1", "t0 c t256 t0", 0,
	  true, BR_TOUCH_YOUNG },
	{ "6.1: a page in another TLB set leaves the entry", "6.1", "t0 c t1 t0", 0, false, BR_TOUCH_TLB },
	/* 6.1 mm/rmap.c try_to_unmap_one(): the pte cleared and flushed; the
	 * next touch faults a young pte in */
	{ "6.1: try_to_unmap() flushes the entry; the next touch faults", "6.1", "t0 c R t0", 0, true,
	  BR_FAULT_MINOR },
	/* 6.1 arch/x86/mm/tlb.c:993 flush_tlb_mm_range(): up to 33 pages are
	 * flushed one by one, more flush the whole mm */
	{ "6.1: munmap of 33 pages flushes only those", "6.1", "t0 o5 c u t0", 33, false, BR_TOUCH_TLB },
	{ "6.1: munmap of 34 pages flushes the whole TLB", "6.1", "t0 o5 c u t0", 34, true, BR_TOUCH_YOUNG },
};

static void tlb_row_run(const struct tlb_row *r)
{
	const struct wl_op map0 = { .kind = WL_MAP, .object = 0, .count = FILE_PAGES };
	const struct wl_op map2 = { .kind = WL_MAP, .object = 2, .count = r->other };
	struct workload wl;
	struct engine *e = zone_new(&wl, r->policy, 1024, true);
	struct step_record rec = { 0 };
	unsigned vm_flags;
	struct page *p = NULL;

	if (!e) {
		CHECKF(0, "%s: no engine", r->sentence);
		return;
	}
	do_map(e, &map0);
	if (r->other)
		do_map(e, &map2);
	for (const char *op = r->ops; *op; op += strcspn(op, " "), op += strspn(op, " ")) {
		if (*op == 't' || *op == 'o') {
			memset(&rec, 0, sizeof rec);
			do_touch(e, *op == 't' ? 0 : 2, (uint32_t)strtoul(op + 1, NULL, 10), false, &rec);
			lru_add_drain(e);
		} else if (*op == 'c') {
			page_referenced(e, p, &vm_flags);
		} else if (*op == 'R') {
			CHECKF(try_to_unmap(e, p) == SWAP_SUCCESS, "%s: try_to_unmap()", r->sentence);
		} else if (*op == 'u') {
			do_unmap(e, 2, 0);
		}
		p = pfn_to_page(e, SLOT_VAL(*page_slot(e, 0, 0)));
	}
	CHECKF((p->young & 1) == r->want_young, "%s: young %u, want %u", r->sentence, p->young & 1,
	       r->want_young);
	CHECKF(rec.branch == r->want_branch, "%s: the touch's branch %u, want %u", r->sentence, rec.branch,
	       r->want_branch);
	engine_free(e);
}

static void test_tlb_noflush(void)
{
	for (size_t i = 0; i < sizeof tlb_rows / sizeof tlb_rows[0]; i++) {
		ROW_BEGIN(tlb_rows[i].sentence);
		tlb_row_run(&tlb_rows[i]);
		ROW_END();
	}
}

/* 6.1 arch/x86/mm/tlb.c switch_mm_irqs_off(): without PCID a switch to
 * another task's mm flushes the TLB, so the other task's touch after it
 * is seen again */
static void test_tlb_task_switch(void)
{
	struct wl_op ops[2] = { { .kind = WL_PAUSE, .caption = UINT32_MAX, .memcg = 1 },
				{ .kind = WL_PAUSE, .caption = UINT32_MAX, .memcg = 2 } };
	const struct wl_op map = { .kind = WL_MAP, .object = M_INDEX, .count = 64, .memcg = 1 };
	struct wl_cgroup cg[2] = { { "one", 0, 0, 60 }, { "two", 0, 0, 60 } };
	static const bool switch_between[] = { false, true };
	unsigned vm_flags;

	for (size_t i = 0; i < 2; i++) {
		ROW_BEGIN(switch_between[i] ? "6.1: another task runs between: the touch is seen"
					    : "6.1: the same task: the TLB hides the touch");
		struct workload wl;
		struct engine *e = memcg_engine(&wl, cg, 1024, 0, ops, 2, "task switch", policy_find("6.1"));
		struct step_record rec = { 0 };
		struct page *p;

		if (!e) {
			ROW_END();
			continue;
		}
		do_map(e, &map);
		do_touch(e, M_INDEX, 0, false, &rec);
		lru_add_drain(e);
		p = pfn_to_page(e, SLOT_VAL(*page_slot(e, M_INDEX, 0)));
		page_referenced(e, p, &vm_flags);
		if (switch_between[i]) {
			e->c.op = 1; /* the other cgroup's task touches its own page */
			do_touch(e, M_DATA, 7, false, &rec);
			e->c.op = 0;
		}
		memset(&rec, 0, sizeof rec);
		do_touch(e, M_INDEX, 0, false, &rec);
		CHECKF((p->young & 1) == switch_between[i], "young %u", p->young & 1);
		CHECKF(rec.branch == (switch_between[i] ? BR_TOUCH_YOUNG : BR_TOUCH_TLB), "branch %u",
		       rec.branch);
		engine_free(e);
		ROW_END();
	}
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN_TABLE(test_workingset_refault);
	RUN_TABLE(test_workingset_activation);
	RUN_TABLE(test_do_generic_file_read);
	RUN_TABLE(test_lru_add_pagevec);
	RUN_TABLE(test_shrink_inactive_list_batches);
	RUN_TABLE(test_isolate_lru_pages_request);
	RUN_TABLE(test_do_swap_page);
	RUN_TABLE(test_wakeup_kswapd);
	RUN_TABLE(test_alloc_pages_slowpath);
	RUN_TABLE(test_balance_pgdat_order);
	RUN(test_balance_pgdat_falls_back_to_order_0);
	RUN_TABLE(test_balance_pgdat_zone_skip);
	RUN_TABLE(test_mlock_vma_pages_range);
	RUN_TABLE(test_do_try_to_free_pages_flushers);
	RUN_TABLE(test_lru_gen_add_folio);
	RUN_TABLE(test_folio_inc_refs);
	RUN_TABLE(test_lru_gen_refault);
	RUN_TABLE(test_lru_gen_fault);
	RUN_TABLE(test_get_tier_idx);
	RUN_TABLE(test_should_run_aging);
	RUN_TABLE(test_lru_gen_aging);
	RUN_TABLE(test_lru_gen_look_around);
	RUN_TABLE(test_sort_folio);
	RUN_TABLE(test_shrink_folio_list);
	RUN_TABLE(test_gen_write);
	RUN_TABLE(test_workingset_refault_61);
	RUN_TABLE(test_lru_add_batch_61);
	RUN_TABLE(test_get_scan_count_61);
	RUN(test_lru_note_cost_61);
	RUN_TABLE(test_try_to_unmap_61);
	RUN(test_no_lumpy_61);
	RUN_TABLE(test_shrink_folio_list_dirty_61);
	RUN_TABLE(test_shrink_node_flags_61);
	RUN_TABLE(test_rotate_reclaimable_61);
	RUN_TABLE(test_all_unreclaimable);
	RUN_TABLE(test_tlb_noflush);
	RUN_TABLE(test_tlb_task_switch);
	RUN_TABLE(test_mem_cgroup_limit_reclaim);
	RUN_TABLE(test_mem_cgroup_soft_limit_reclaim);
	RUN(test_mem_cgroup_policy_refused);
	return HARNESS_END("test_fidelity");
}
