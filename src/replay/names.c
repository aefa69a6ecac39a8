/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay/names.c - a page and an object by name, the lists in the order shown
 *
 * No stdio here (replay is headless and prints nothing): the name is
 * put together by hand.
 */
#include "names.h"

const char *object_name(const struct workload *wl, uint32_t object)
{
	if (object == OBJECT_KERNEL)
		return "kernel";
	if (wl && object < wl->nr_objects)
		return wl->objects[object].name;
	return "?";
}

/* @s appended at *len, cut to @n (terminated) */
static void put(char *buf, size_t n, size_t *len, const char *s)
{
	while (*s && *len + 1 < n)
		buf[(*len)++] = *s++;
	buf[*len] = '\0';
}

void page_name(const struct workload *wl, uint32_t object, uint32_t index, char *buf, size_t n)
{
	char digits[12], *d = digits + sizeof digits;
	size_t len = 0;

	if (!n)
		return;
	buf[0] = '\0';
	if (object == OBJECT_KERNEL || object == UINT32_MAX) {
		put(buf, n, &len, "kernel");
		return;
	}
	*--d = '\0';
	do
		*--d = (char)('0' + index % 10);
	while (index /= 10);
	put(buf, n, &len, object_name(wl, object));
	put(buf, n, &len, "[");
	put(buf, n, &len, d);
	put(buf, n, &len, "]");
}

void gen_name(uint64_t seq, unsigned type, char *buf, size_t n)
{
	char digits[24], *d = digits + sizeof digits;
	size_t len = 0;

	if (!n)
		return;
	buf[0] = '\0';
	*--d = '\0';
	do
		*--d = (char)('0' + seq % 10);
	while (seq /= 10);
	put(buf, n, &len, "seq ");
	put(buf, n, &len, d);
	put(buf, n, &len, type ? " file" : " anon");
}

const char *list_label(int l, uint64_t max_seq, char *buf, size_t n)
{
	if (l < 0 || l >= NR_LISTS)
		return "-";
	if (!is_lru_gen_list(l) || !max_seq || !n)
		return lru_name[l];
	gen_name(lru_gen_list_seq(max_seq, l), (unsigned)(l - LRU_GEN_FIRST) % 2, buf, n);
	return buf;
}

const char *shown_label(const struct shown_list *sl, char *buf, size_t n)
{
	if (!sl->gen || !n)
		return lru_name[sl->lru];
	gen_name(sl->seq, sl->type, buf, n);
	return buf;
}

unsigned shown_generations(const struct engine *e)
{
	struct shown_list sl[NR_SHOWN_LISTS];
	unsigned n = engine_shown_lists(e, SHOWN_ANON | SHOWN_FILE, sl), gens = 0;

	for (unsigned i = 0; i < n; i++)
		gens += sl[i].gen;
	return gens;
}

uint32_t lists_order(const struct engine *e, uint32_t *out, uint32_t n)
{
	static const uint8_t order[] = { LRU_ACTIVE_FILE,   LRU_INACTIVE_FILE, LRU_ACTIVE_ANON,
					 LRU_INACTIVE_ANON, LRU_UNEVICTABLE,   LRU_ISOLATED,
					 LRU_PAGEVEC };
	const struct page *pg = engine_pages(e);
	uint32_t k = 0;

	/* 6.1's generations (empty under the two-list LRU), then the rest */
	for (int l = LRU_GEN_LAST; l >= LRU_GEN_FIRST; l--)
		for (uint32_t p = engine_list(e, (enum lru_list)l).head; p != PFN_NONE && k < n;
		     p = pg[p].next)
			out[k++] = p;
	for (size_t i = 0; i < sizeof order; i++)
		for (uint32_t p = engine_list(e, order[i]).head; p != PFN_NONE && k < n; p = pg[p].next)
			out[k++] = p;
	return k;
}

const char *step_outcome_word(const struct step_record *r)
{
	if (r->outcome != OUT_NONE && r->outcome < NR_OUTCOMES)
		return outcome_name[r->outcome];
	switch (r->branch) {
	case BR_ISOLATE: return "isolated"; /* 6.1 isolate_folio(): for shrink_folio_list() */
	case BR_ISOLATE_SKIP: return "skipped";
	case BR_AGE_YOUNG: return "pte young"; /* 6.1 walk_pte_range(): found young, cleared */
	case BR_INC_MAX_SEQ: return "new gen";
	case BR_INC_MIN_SEQ: return "gen retired";
	case BR_SOFT_LIMIT: return "soft limit";
	default: return "";
	}
}
