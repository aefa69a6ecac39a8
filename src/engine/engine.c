/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/engine.c - construction, the step loop, accessors and snapshots
 *
 * engine_step() decides what happens next, in this order:
 *   1. reclaim that is running (kswapd or direct) examines its next page;
 *   2. a write started by reclaim that is due finishes;
 *   3. the workload's next access runs.  If it needs a page and free
 *      memory would fall under the min watermark, kswapd runs first; if
 *      that is not enough, direct reclaim; if even that cannot free a page,
 *      the access is dropped (out of memory).  After it, kswapd is woken if
 *      free memory is under the low watermark.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

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
	e = calloc(1, sizeof *e);
	if (!e) {
		set_error(err, "out of memory");
		return NULL;
	}
	e->wl = wl;
	e->policy = policy;
	e->nr_pages = wl->memory.pages;
	e->obj = calloc(wl->nr_objects ? wl->nr_objects : 1, sizeof *e->obj);
	e->vmas = calloc(wl->nr_objects ? (size_t)wl->nr_objects * MAX_MAPPINGS : 1, sizeof *e->vmas);
	for (uint32_t i = 0; e->obj && i < wl->nr_objects; i++) {
		e->obj[i].slot_base = slots;
		slots += wl->objects[i].pages;
	}
	e->nr_slots = slots;
	e->slots = calloc(slots ? slots : 1, sizeof *e->slots);
	e->pages = calloc(e->nr_pages, sizeof *e->pages);
	e->wb_ring = calloc(e->nr_pages, sizeof *e->wb_ring);
	e->check_counts = calloc(wl->nr_objects ? (size_t)wl->nr_objects * 2 : 1, sizeof *e->check_counts);
	if (!e->obj || !e->vmas || !e->slots || !e->pages || !e->wb_ring || !e->check_counts) {
		engine_free(e);
		set_error(err, "out of memory for the simulated zone");
		return NULL;
	}
	for (uint32_t i = 0; i < slots; i++)
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
	e->scan_ahead = PFN_NONE;
	e->scan_ahead_left = 0;
	zone_init_watermarks(e);
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
static const struct step_record *step_once(struct engine *e)
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
			if (reclaim_step(e, r)) {
				r->reclaimer = e->c.rs.sc.reclaimer ? e->c.rs.sc.reclaimer : r->reclaimer;
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
		if (workload_needs_pages(e, &nr, &order) && !zone_watermark_ok(e, e->c.wmark_min, nr)) {
			if (e->wl->memory.kswapd && !e->c.kswapd_tried &&
			    !zone_watermark_ok(e, e->c.wmark_high, 0)) {
				e->c.kswapd_tried = true;
				e->c.kswapd_awake = true;
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
		workload_step(e, r);
		after_workload(e, r->outcome);
		return r;
	}
}

const struct step_record *engine_step(struct engine *e)
{
	const struct step_record *r = step_once(e);

	debug_check(e);
	return r;
}

uint64_t engine_run(struct engine *e, uint64_t n)
{
	uint64_t taken = 0;

	while (taken < n && !engine_done(e)) {
		/* The last step of the run is always a full one, so that
		 * engine_last() holds its record, and so is an operation's
		 * last access (the workload may end with it).  Before them,
		 * two kinds of step run without a record, their state change
		 * being the same: read()s and write()s that need no reclaim
		 * first (workload_fast_run), and reclaim's pages of an
		 * isolated batch (reclaim_run).  Every other step - the
		 * reclaim state machine's moves above all - is the full
		 * engine_step(). */
		if (taken + 1 < n) {
			uint64_t room = n - taken - 1, k = 0;

			if (reclaim_running(e)) {
				const struct reclaim_policy *p = e->policy;
				k = p->reclaim_run ? p->reclaim_run(e, room)
						   : reclaim_run(e, room, p->check_references);
			} else if (e->c.sub + 1 < e->c.op_len) {
				uint64_t left = e->c.op_len - e->c.sub - 1;
				k = workload_fast_run(e, room < left ? room : left);
			}
			taken += k;
			if (k)
				continue;
		}
		engine_step(e);
		taken++;
	}
	return taken;
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
	return (struct object_stats){ o->resident, o->active, o->faults, o->refaults, o->evicted };
}

uint32_t engine_object_page(const struct engine *e, uint32_t object, uint32_t index)
{
	uint32_t s = e->slots[e->obj[object].slot_base + index];
	return SLOT_TAG(s) == SLOT_PAGE ? SLOT_VAL(s) : PFN_NONE;
}

bool engine_mapping(const struct engine *e, uint32_t object, unsigned as, unsigned *vm_flags, uint32_t *first,
		    uint32_t *count)
{
	const struct vma *v = &e->vmas[object * MAX_MAPPINGS + as];
	if (!v->in_use)
		return false;
	*vm_flags = v->flags;
	*first = v->first;
	*count = v->count;
	return true;
}

struct reclaim_info engine_reclaim(const struct engine *e)
{
	const struct reclaim_state *rs = &e->c.rs;
	struct reclaim_info ri = {
		.reclaimer = rs->sc.reclaimer,
		.priority = rs->sc.priority,
		.order = rs->sc.order,
		.kswapd_awake = e->c.kswapd_awake,
		.nr_to_reclaim = rs->sc.nr_to_reclaim,
		.nr_reclaimed = rs->sc.nr_reclaimed,
		.percent = { rs->percent[0], rs->percent[1] },
		.recent_scanned = { e->c.recent_scanned[0], e->c.recent_scanned[1] },
		.recent_rotated = { e->c.recent_rotated[0], e->c.recent_rotated[1] },
	};
	for (int l = 0; l < NR_EVICTABLE_LRU; l++)
		ri.scan_target[l] = (uint32_t)(rs->nr[l] > UINT32_MAX ? UINT32_MAX : rs->nr[l]);
	return ri;
}

struct batch_stats engine_last_batch(const struct engine *e)
{
	struct batch_stats b = e->c.rs.last_batch;
	/* "done" means: finished by the last step */
	b.done = b.done && e->c.rs.last_batch_step == e->c.step;
	return b;
}

/* ---- snapshots ------------------------------------------------------------ */

size_t workload_state_size(const struct workload *wl)
{
	size_t slots = 0;

	for (uint32_t i = 0; i < wl->nr_objects; i++)
		slots += wl->objects[i].pages;
	return sizeof(struct engine_core) +
	       (size_t)wl->memory.pages * (sizeof(struct page) + sizeof(uint32_t)) +
	       slots * sizeof(uint32_t) +
	       (size_t)wl->nr_objects * (sizeof(struct object_state) + MAX_MAPPINGS * sizeof(struct vma));
}

size_t workload_trace_bytes(const struct workload *wl)
{
	size_t n = 0;

	for (uint32_t i = 0; i < wl->nr_ops; i++)
		if (wl->ops[i].kind == WL_TRACE)
			n += (size_t)wl->ops[i].count * (wl->ops[i].trace_object ? 8 : 4);
	return n;
}

size_t engine_state_size(const struct engine *e)
{
	return workload_state_size(e->wl);
}

#define SNAP(dst, src, n)                  \
	do {                               \
		memcpy((dst), (src), (n)); \
	} while (0)

void engine_save(const struct engine *e, void *buf)
{
	char *b = buf;
	size_t n;

	SNAP(b, &e->c, sizeof e->c);
	b += sizeof e->c;
	n = (size_t)e->nr_pages * sizeof *e->pages;
	SNAP(b, e->pages, n);
	b += n;
	n = (size_t)e->nr_pages * sizeof *e->wb_ring;
	SNAP(b, e->wb_ring, n);
	b += n;
	n = (size_t)e->nr_slots * sizeof *e->slots;
	SNAP(b, e->slots, n);
	b += n;
	n = (size_t)e->wl->nr_objects * sizeof *e->obj;
	SNAP(b, e->obj, n);
	b += n;
	n = (size_t)e->wl->nr_objects * MAX_MAPPINGS * sizeof *e->vmas;
	SNAP(b, e->vmas, n);
}

void engine_restore(struct engine *e, const void *buf)
{
	const char *b = buf;
	size_t n;

	SNAP(&e->c, b, sizeof e->c);
	b += sizeof e->c;
	n = (size_t)e->nr_pages * sizeof *e->pages;
	SNAP(e->pages, b, n);
	b += n;
	n = (size_t)e->nr_pages * sizeof *e->wb_ring;
	SNAP(e->wb_ring, b, n);
	b += n;
	n = (size_t)e->nr_slots * sizeof *e->slots;
	SNAP(e->slots, b, n);
	b += n;
	n = (size_t)e->wl->nr_objects * sizeof *e->obj;
	SNAP(e->obj, b, n);
	b += n;
	n = (size_t)e->wl->nr_objects * MAX_MAPPINGS * sizeof *e->vmas;
	SNAP(e->vmas, b, n);
	e->zipf.op = UINT32_MAX; /* derived: set up again on the next draw */
}

/*
 * Run-length coding of an array of words: a header word with the top bit
 * set is a run (the low bits count the copies of the word that follows);
 * otherwise it counts the literal words that follow.  A literal block ends
 * only where a run of RLE_MIN or more begins, which saves at least the
 * header it costs, so the output never exceeds n + 1 words.
 */
#define RLE_RUN 0x80000000u
#define RLE_MIN 3 /* run_starts() looks this far */

/* A slot that holds a page is stored as this one word: the page says
 * where it belongs, and unpacking puts the pfn back. */
#define SLOT_PACKED_PAGE slot_make(SLOT_PAGE, 0x3fffffffu) /* no such pfn */

static inline uint32_t packed_word(uint32_t w, bool slot)
{
	return slot && SLOT_TAG(w) == SLOT_PAGE ? SLOT_PACKED_PAGE : w;
}

/* Does a run worth coding start at @i? */
static inline bool run_starts(const uint32_t *a, size_t i, size_t n, bool slots)
{
	uint32_t v = packed_word(a[i], slots);
	return i + 2 < n && packed_word(a[i + 1], slots) == v && packed_word(a[i + 2], slots) == v;
}

/* @slots: the words are page-cache slots, coded as packed_word() says. */
static inline uint32_t *rle_put(uint32_t *out, const uint32_t *a, size_t n, bool slots)
{
	const size_t max = RLE_RUN - 1;
	size_t i = 0;

	while (i < n) {
		uint32_t *head;
		size_t j = i;

		if (run_starts(a, i, n, slots)) {
			uint32_t v = packed_word(a[i], slots);
			for (j = i + RLE_MIN; j < n && j - i < max && packed_word(a[j], slots) == v; j++)
				;
			*out++ = RLE_RUN | (uint32_t)(j - i);
			*out++ = v;
			i = j;
			continue;
		}
		head = out++;
		do
			*out++ = packed_word(a[i++], slots);
		while (i < n && i - j < max && !run_starts(a, i, n, slots));
		*head = (uint32_t)(i - j);
	}
	return out;
}

static const uint32_t *rle_get(const uint32_t *in, uint32_t *a, size_t n)
{
	size_t i = 0;

	while (i < n) {
		uint32_t h = *in++;
		if (h & RLE_RUN) {
			for (uint32_t k = 0; k < (h & ~RLE_RUN); k++)
				a[i++] = *in;
			in++;
		} else {
			memcpy(a + i, in, (size_t)h * sizeof *a);
			i += h;
			in += h;
		}
	}
	return in;
}

/*
 * A page as seven words, coded column by column: in a long run most pages
 * share their object, write-back time, flags and pte bits, and pages next
 * to each other in the zone were mostly allocated, and are linked, one
 * after the other.  So the links are kept as distances (next - pfn) and
 * the index as the change from the page before: runs, where the plain
 * values would be all different.
 */
enum page_word { PW_NEXT, PW_PREV, PW_OBJECT, PW_INDEX, PW_WB_DUE, PW_FLAGS, PW_PTES, NR_PAGE_WORDS };
_Static_assert(sizeof(struct page) == NR_PAGE_WORDS * sizeof(uint32_t), "struct page is seven words");
_Static_assert(offsetof(struct page, flags) == PW_FLAGS * sizeof(uint32_t) &&
		       offsetof(struct page, young) == PW_PTES * sizeof(uint32_t),
	       "the byte fields fill two whole words");

static void get_column(const struct page *pages, uint32_t n, enum page_word w, uint32_t *col)
{
	switch (w) {
	case PW_NEXT:
		for (uint32_t i = 0; i < n; i++)
			col[i] = pages[i].next - i;
		break;
	case PW_PREV:
		for (uint32_t i = 0; i < n; i++)
			col[i] = pages[i].prev - i;
		break;
	case PW_OBJECT:
		for (uint32_t i = 0; i < n; i++)
			col[i] = pages[i].object;
		break;
	case PW_INDEX:
		for (uint32_t i = 0; i < n; i++)
			col[i] = pages[i].index - (i ? pages[i - 1].index : 0);
		break;
	case PW_WB_DUE:
		for (uint32_t i = 0; i < n; i++)
			col[i] = pages[i].wb_due;
		break;
	default:
		for (uint32_t i = 0; i < n; i++)
			memcpy(&col[i], (const char *)&pages[i] + (size_t)w * sizeof(uint32_t),
			       sizeof col[i]);
		break;
	}
}

/* Inverse of get_column(). */
static void set_column(struct page *pages, uint32_t n, enum page_word w, const uint32_t *col)
{
	switch (w) {
	case PW_NEXT:
		for (uint32_t i = 0; i < n; i++)
			pages[i].next = col[i] + i;
		break;
	case PW_PREV:
		for (uint32_t i = 0; i < n; i++)
			pages[i].prev = col[i] + i;
		break;
	case PW_OBJECT:
		for (uint32_t i = 0; i < n; i++)
			pages[i].object = col[i];
		break;
	case PW_INDEX:
		for (uint32_t i = 0; i < n; i++)
			pages[i].index = col[i] + (i ? pages[i - 1].index : 0);
		break;
	case PW_WB_DUE:
		for (uint32_t i = 0; i < n; i++)
			pages[i].wb_due = col[i];
		break;
	default:
		for (uint32_t i = 0; i < n; i++)
			memcpy((char *)&pages[i] + (size_t)w * sizeof(uint32_t), &col[i], sizeof col[i]);
		break;
	}
}

/* Room for the words of every array, each coded in at most n + 1 words, and
 * after them one column of scratch. */
size_t engine_pack_bound(const struct engine *e)
{
	return engine_state_size(e) + (NR_PAGE_WORDS + 2) * sizeof(uint32_t) +
	       (size_t)e->nr_pages * sizeof(uint32_t);
}

size_t engine_pack(const struct engine *e, void *buf)
{
	char *b = buf;
	uint32_t *w, *col = (uint32_t *)(void *)((char *)buf + engine_pack_bound(e)) - e->nr_pages;
	size_t n;

	memcpy(b, &e->c, sizeof e->c);
	b += sizeof e->c;
	n = (size_t)e->wl->nr_objects * sizeof *e->obj;
	memcpy(b, e->obj, n);
	b += n;
	n = (size_t)e->wl->nr_objects * MAX_MAPPINGS * sizeof *e->vmas;
	memcpy(b, e->vmas, n);
	b += n;
	/* the words last: every part above is a multiple of 4 bytes; the
	 * output stays short of the scratch column at the end */
	w = (uint32_t *)(void *)b;
	for (int k = 0; k < NR_PAGE_WORDS; k++) {
		get_column(e->pages, e->nr_pages, (enum page_word)k, col);
		w = rle_put(w, col, e->nr_pages, false);
	}
	w = rle_put(w, e->wb_ring, e->nr_pages, false);
	w = rle_put(w, e->slots, e->nr_slots, true);
	return (size_t)((char *)w - (char *)buf);
}

void engine_unpack(struct engine *e, const void *buf)
{
	const char *b = buf;
	const uint32_t *w;
	size_t n;

	memcpy(&e->c, b, sizeof e->c);
	b += sizeof e->c;
	n = (size_t)e->wl->nr_objects * sizeof *e->obj;
	memcpy(e->obj, b, n);
	b += n;
	n = (size_t)e->wl->nr_objects * MAX_MAPPINGS * sizeof *e->vmas;
	memcpy(e->vmas, b, n);
	b += n;
	w = (const uint32_t *)(const void *)b;
	/* the write-back ring, decoded last, is the scratch column meanwhile */
	for (int k = 0; k < NR_PAGE_WORDS; k++) {
		w = rle_get(w, e->wb_ring, e->nr_pages);
		set_column(e->pages, e->nr_pages, (enum page_word)k, e->wb_ring);
	}
	w = rle_get(w, e->wb_ring, e->nr_pages);
	rle_get(w, e->slots, e->nr_slots);
	/* every page in use is in its object's page cache (engine_check) */
	for (uint32_t pfn = 0; pfn < e->nr_pages; pfn++) {
		const struct page *p = &e->pages[pfn];
		if (p->lru != LRU_FREE && p->lru != LRU_KERNEL)
			*page_slot(e, p->object, p->index) = slot_make(SLOT_PAGE, pfn);
	}
	e->zipf.op = UINT32_MAX; /* derived: set up again on the next draw */
}
