/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay/verdict.c - the verdict of a comparison, computed and worded
 *
 * "Most different first" weighs a refault four times a resident page: a
 * refault is a read from disk the workload waited for, a page more or less
 * in memory at the end is only where the run stopped.  Ties keep the
 * objects' order.  The replay layer does no I/O, so the sentences are
 * assembled here by hand (a string and a number at a time).
 */
#include <stdlib.h>
#include <string.h>

#include "../engine/policy.h"
#include "verdict.h"

static uint64_t absdiff(uint64_t x, uint64_t y)
{
	return x > y ? x - y : y - x;
}

static uint64_t weight(const struct verdict_object *o)
{
	return absdiff(o->refaults[0], o->refaults[1]) * 4 + absdiff(o->resident[0], o->resident[1]);
}

int verdict_make(struct verdict *v, const struct engine *left, const struct engine *right)
{
	const struct engine *e[2] = { left, right };
	const struct workload *wl = engine_workload(left);

	memset(v, 0, sizeof *v);
	for (int s = 0; s < 2; s++) {
		const uint64_t *vm = engine_vmstat(e[s]);
		v->policy[s] = engine_policy(e[s])->name;
		v->activated[s] = vm[PGACTIVATE];
		v->scanned[s] = vm[PGSCAN_KSWAPD] + vm[PGSCAN_DIRECT];
		v->freed[s] = vm[PGSTEAL];
		v->cgroups |= engine_workload(e[s])->nr_cgroups > 0;
	}
	if (wl->nr_objects && !(v->obj = calloc(wl->nr_objects, sizeof *v->obj)))
		return -1;
	for (uint32_t o = 0; o < wl->nr_objects; o++) {
		struct verdict_object vo = { .object = o, .pages = wl->objects[o].pages };
		uint32_t i = v->nr;
		for (int s = 0; s < 2; s++) {
			struct object_stats st = engine_object(e[s], o);
			vo.resident[s] = st.resident;
			vo.refaults[s] = st.refaults;
		}
		if (!weight(&vo))
			continue;
		while (i > 0 && weight(&v->obj[i - 1]) < weight(&vo)) { /* insertion: stable */
			v->obj[i] = v->obj[i - 1];
			i--;
		}
		v->obj[i] = vo;
		v->nr++;
	}
	return 0;
}

void verdict_free(struct verdict *v)
{
	free(v->obj);
	memset(v, 0, sizeof *v);
}

/* A sentence under construction: appends are cut at the buffer's end. */
struct words {
	char *buf;
	size_t n, len;
};

static void put(struct words *w, const char *s)
{
	size_t k = strlen(s);

	if (w->len + 1 < w->n) {
		size_t room = w->n - 1 - w->len;
		memcpy(w->buf + w->len, s, k < room ? k : room);
		w->buf[w->len + (k < room ? k : room)] = '\0';
	}
	w->len += k;
}

static void put_u64(struct words *w, uint64_t x)
{
	char d[24];
	int i = (int)sizeof d - 1;

	d[i] = '\0';
	do
		d[--i] = (char)('0' + x % 10);
	while ((x /= 10) > 0);
	put(w, d + i);
}

static struct words words(char *buf, size_t n)
{
	if (n)
		buf[0] = '\0';
	return (struct words){ buf, n, 0 };
}

size_t verdict_object_text(const struct verdict *v, uint32_t i, const char *name, char *buf, size_t n)
{
	const struct verdict_object *o = &v->obj[i];
	struct words w = words(buf, n);

	put(&w, name);
	put(&w, ": ");
	put(&w, v->policy[0]);
	put(&w, " keeps ");
	put_u64(&w, o->resident[0]);
	put(&w, " of ");
	put_u64(&w, o->pages);
	put(&w, " pages, ");
	put(&w, v->policy[1]);
	put(&w, " keeps ");
	put_u64(&w, o->resident[1]);
	put(&w, "; refaults ");
	put_u64(&w, o->refaults[0]);
	put(&w, " vs ");
	put_u64(&w, o->refaults[1]);
	put(&w, ".");
	return w.len;
}

size_t verdict_same_text(char *buf, size_t n)
{
	struct words w = words(buf, n);

	put(&w, "both keep the same pages with the same refaults.");
	return w.len;
}

size_t verdict_cost_text(const struct verdict *v, char *buf, size_t n)
{
	struct words w = words(buf, n);

	put(&w, "cost: ");
	for (int s = 0; s < 2; s++) {
		put(&w, s ? "; " : "");
		put(&w, v->policy[s]);
		put(&w, " activated ");
		put_u64(&w, v->activated[s]);
		if (!v->cgroups) {
			put(&w, s ? " and scanned " : " pages and scanned ");
			put_u64(&w, v->scanned[s]);
			continue;
		}
		/* limit and soft limit reclaim free pages that no pgscan counts */
		put(&w, s ? ", scanned " : " pages, global reclaim scanned ");
		put_u64(&w, v->scanned[s]);
		put(&w, s ? ", freed " : ", all reclaim freed ");
		put_u64(&w, v->freed[s]);
	}
	put(&w, ".");
	return w.len;
}
