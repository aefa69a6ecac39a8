/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/snapshot.c - the engine's state as bytes: whole, or packed
 *
 * engine_save() copies the state as it is (struct engine_core and the
 * four arrays); engine_pack() codes it for keeping many (the timeline's
 * snapshots), so that a long trace's evicted pages cost little.
 */
#include <string.h>

#include "internal.h"

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
			uint32_t v = *in++;
			for (uint32_t k = 0; k < (h & ~RLE_RUN); k++)
				a[i++] = v;
		} else {
			memcpy(a + i, in, (size_t)h * sizeof *a);
			i += h;
			in += h;
		}
	}
	return in;
}

/* A place in a run-length coded array, to decode it a block at a time. */
struct rle_cursor {
	const uint32_t *in;
	uint32_t left; /* words left in the current run or literal block */
	bool run;
};

/* The next @n words at @c into @a. */
static void rle_next(struct rle_cursor *c, uint32_t *a, size_t n)
{
	while (n > 0) {
		size_t k;

		if (c->left == 0) {
			uint32_t h = *c->in++;
			c->run = h & RLE_RUN;
			c->left = h & ~RLE_RUN;
		}
		k = c->left < n ? c->left : n;
		if (c->run) {
			uint32_t v = *c->in; /* a local: the loop then fills without reloading it */
			for (size_t i = 0; i < k; i++)
				a[i] = v;
		} else {
			memcpy(a, c->in, k * sizeof *a);
			c->in += k;
		}
		a += k;
		n -= k;
		c->left -= (uint32_t)k;
		if (c->run && c->left == 0)
			c->in++;
	}
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

/* Room for the words of every array, each coded in at most n + 1 words,
 * the table of where each page column starts, and after them one column
 * of scratch. */
size_t engine_pack_bound(const struct engine *e)
{
	return engine_state_size(e) + (2 * NR_PAGE_WORDS + 2) * sizeof(uint32_t) +
	       (size_t)e->nr_pages * sizeof(uint32_t);
}

size_t engine_pack(const struct engine *e, void *buf)
{
	char *b = buf;
	uint32_t *w, *start, *col = (uint32_t *)(void *)((char *)buf + engine_pack_bound(e)) - e->nr_pages;
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
	 * output stays short of the scratch column at the end.  Where each
	 * page column starts (in words from the table) comes first, so that
	 * unpacking decodes the seven together, a block of pages at a time. */
	start = (uint32_t *)(void *)b;
	w = start + NR_PAGE_WORDS;
	w = rle_put(w, e->slots, e->nr_slots, true);
	w = rle_put(w, e->wb_ring, e->nr_pages, false);
	for (int k = 0; k < NR_PAGE_WORDS; k++) {
		start[k] = (uint32_t)(w - start);
		get_column(e->pages, e->nr_pages, (enum page_word)k, col);
		w = rle_put(w, col, e->nr_pages, false);
	}
	return (size_t)((char *)w - (char *)buf);
}

#define UNPACK_BLOCK 256 /* pages decoded together: their columns stay in L1 */

/* The pages from the seven columns at @c, a block at a time: one pass over
 * the pages, each written whole, and its page-cache slot with it (every
 * page in use is in its object's page cache: engine_check). */
static void unpack_pages(struct engine *e, struct rle_cursor c[NR_PAGE_WORDS])
{
	uint32_t col[NR_PAGE_WORDS][UNPACK_BLOCK], index = 0;

	for (uint32_t base = 0; base < e->nr_pages; base += UNPACK_BLOCK) {
		uint32_t n = e->nr_pages - base < UNPACK_BLOCK ? e->nr_pages - base : UNPACK_BLOCK;

		for (int k = 0; k < NR_PAGE_WORDS; k++)
			rle_next(&c[k], col[k], n);
		for (uint32_t i = 0; i < n; i++) {
			uint32_t pfn = base + i;
			struct page *p = &e->pages[pfn];

			index += col[PW_INDEX][i];
			p->next = col[PW_NEXT][i] + pfn;
			p->prev = col[PW_PREV][i] + pfn;
			p->object = col[PW_OBJECT][i];
			p->index = index;
			p->wb_due = col[PW_WB_DUE][i];
			memcpy((char *)p + PW_FLAGS * sizeof(uint32_t), &col[PW_FLAGS][i], sizeof(uint32_t));
			memcpy((char *)p + PW_PTES * sizeof(uint32_t), &col[PW_PTES][i], sizeof(uint32_t));
			if (p->lru != LRU_FREE && p->lru != LRU_KERNEL)
				*page_slot(e, p->object, p->index) = slot_make(SLOT_PAGE, pfn);
		}
	}
}

void engine_unpack(struct engine *e, const void *buf)
{
	const char *b = buf;
	const uint32_t *w, *start;
	struct rle_cursor c[NR_PAGE_WORDS];
	size_t n;

	memcpy(&e->c, b, sizeof e->c);
	b += sizeof e->c;
	n = (size_t)e->wl->nr_objects * sizeof *e->obj;
	memcpy(e->obj, b, n);
	b += n;
	n = (size_t)e->wl->nr_objects * MAX_MAPPINGS * sizeof *e->vmas;
	memcpy(e->vmas, b, n);
	b += n;
	start = (const uint32_t *)(const void *)b;
	w = rle_get(start + NR_PAGE_WORDS, e->slots, e->nr_slots);
	rle_get(w, e->wb_ring, e->nr_pages);
	for (int k = 0; k < NR_PAGE_WORDS; k++)
		c[k] = (struct rle_cursor){ start + start[k], 0, false };
	unpack_pages(e, c);	 /* after the slots: it puts the pages' back */
	e->zipf.op = UINT32_MAX; /* derived: set up again on the next draw */
}
