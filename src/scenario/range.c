/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/range.c - page ranges: 5, "0-63", "0-15,32-47", "all"
 *
 * A range names pages of one object by index.  Pieces are kept in the
 * order written (a touch of "32-47,0-15" touches 32 first); a piece that
 * starts where the one before it ends is merged with it, so "0-15,16-31"
 * is one contiguous range.  Overlapping pieces are allowed and mean what
 * they say (those pages are accessed twice).
 * Left out: steps ("0-63/2"), open ends ("32-"), negative indices.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/grow.h"
#include "../util/text.h"
#include "diag.h"
#include "json.h"
#include "range.h"

void prange_list_free(struct prange_list *r)
{
	free(r->v);
	r->v = NULL;
	r->n = r->cap = 0;
}

static int push(struct prange_list *r, uint32_t first, uint32_t count)
{
	if (r->n && r->v[r->n - 1].first + r->v[r->n - 1].count == first) {
		r->v[r->n - 1].count += count;
		return 0;
	}
	if (!grow_array(r->v, r->cap, r->n + 1, 4))
		return -1;
	r->v[r->n].first = first;
	r->v[r->n].count = count;
	r->n++;
	return 0;
}

static void skip_space(const char **p)
{
	while (**p == ' ' || **p == '\t')
		(*p)++;
}

static bool number(const char **p, uint64_t *out)
{
	uint64_t v = 0;

	if (**p < '0' || **p > '9')
		return false;
	while (**p >= '0' && **p <= '9') {
		if (v < (1ull << 40))
			v = v * 10 + (uint64_t)(**p - '0');
		(*p)++;
	}
	*out = v;
	return true;
}

int range_parse_text(const char *s, uint32_t limit, struct prange_list *out, uint64_t bad[2])
{
	const char *p = s;

	out->n = 0;
	skip_space(&p);
	if (strncmp(p, "all", 3) == 0) {
		p += 3;
		skip_space(&p);
		if (*p)
			return RANGE_SYNTAX;
		return push(out, 0, limit) < 0 ? RANGE_NOMEM : 0;
	}
	for (;;) {
		uint64_t a, b;
		skip_space(&p);
		if (!number(&p, &a))
			return RANGE_SYNTAX;
		skip_space(&p);
		b = a;
		if (*p == '-') {
			p++;
			skip_space(&p);
			if (!number(&p, &b))
				return RANGE_SYNTAX;
			skip_space(&p);
		}
		if (*p && *p != ',')
			return RANGE_SYNTAX;
		if (b < a) {
			bad[0] = a;
			bad[1] = b;
			return RANGE_BACKWARDS;
		}
		if (b >= limit) {
			bad[0] = a >= limit ? a : b;
			return RANGE_PAST_END;
		}
		if (push(out, (uint32_t)a, (uint32_t)(b - a + 1)) < 0)
			return RANGE_NOMEM;
		if (!*p)
			return 0;
		p++; /* ',' */
	}
}

int range_parse(struct loader *L, const cJSON *v, const char *path, uint32_t obj, struct prange_list *out)
{
	const struct object_spec *o = &L->obj[obj];
	uint64_t bad[2] = { 0, 0 };
	char f[96], q[96];
	int r;

	out->n = 0;
	if (!v) {
		r = push(out, 0, o->pages) < 0 ? RANGE_NOMEM : 0;
	} else if (cJSON_IsNumber(v)) {
		double x = v->valuedouble;
		if (!isfinite(x) || x != floor(x) || x < 0) {
			r = RANGE_SYNTAX;
		} else if (x >= o->pages) {
			r = RANGE_PAST_END;
			bad[0] = x >= 1e15 ? (uint64_t)1e15 : (uint64_t)x;
		} else {
			r = push(out, (uint32_t)x, 1) < 0 ? RANGE_NOMEM : 0;
		}
	} else if (cJSON_IsString(v)) {
		r = range_parse_text(v->valuestring, o->pages, out, bad);
	} else {
		r = RANGE_SYNTAX;
	}
	switch (r) {
	case 0: return 0;
	case RANGE_SYNTAX:
		describe(L, v, f, sizeof f);
		lerr(L, v, false, path,
		     "expected a page range like \"0-63\", \"0-15,32-47\", 5 or \"all\", found %s", f);
		break;
	case RANGE_PAST_END:
		text_quote(o->name, q, sizeof q);
		if (cJSON_IsNumber(v) && bad[0] >= (uint64_t)1e15)
			lerr(L, v, false, path, "page %s is past the end of %s (%u pages)",
			     (describe(L, v, f, sizeof f), f), q, o->pages);
		else
			lerr(L, v, false, path, "page %llu is past the end of %s (%u pages)",
			     (unsigned long long)bad[0], q, o->pages);
		break;
	case RANGE_BACKWARDS:
		lerr(L, v, false, path, "range %llu-%llu runs backwards; write it as %llu-%llu",
		     (unsigned long long)bad[0], (unsigned long long)bad[1], (unsigned long long)bad[1],
		     (unsigned long long)bad[0]);
		break;
	default: out_of_memory(L); break;
	}
	return -1;
}
