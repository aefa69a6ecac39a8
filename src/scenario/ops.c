/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/ops.c - the "workload" array, checked and expanded into wl_ops
 *
 * Every operation is an object with "op" and that operation's keys (table
 * below).  Page ranges become one wl_op per contiguous piece; "stream" and
 * "repeat" are unrolled here; "random" and "trace" stay one wl_op each and
 * the engine draws their accesses one step at a time.
 *
 * Two passes run this same code (see internal.h): pass 1 checks and counts,
 * so that the 1,000,000-operation limit is enforced before anything big is
 * allocated; pass 2 fills an array of exactly that size.  A repeat's body
 * is built once and copied; a stream's "interleave" operation is built once
 * as a template and copied at every insertion point.
 * Left out: conditional or parallel operations; a repeat/stream caption
 * replaces the caption of the first operation it expands to.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/engine.h"
#include "../util/grow.h"
#include "../util/suggest.h"
#include "../util/text.h"
#include "budget.h"
#include "cgroups.h"
#include "diag.h"
#include "json.h"
#include "ops.h"
#include "own.h"
#include "range.h"
#include "trace.h"

/* The workload operations, one row each: the name a scenario writes, the
 * keys it takes (below) and the function that checks and expands it.  The
 * enum, the names' array and the dispatch in build_op() are made from this
 * one list. */
#define WORKLOAD_OPS(X)                                    \
	X(MAP, "map", keys_map, op_map)                    \
	X(UNMAP, "unmap", keys_unmap, op_by_mapping)       \
	X(TOUCH, "touch", keys_touch, op_ranged)           \
	X(READ, "read", keys_rw, op_ranged)                \
	X(WRITE, "write", keys_rw, op_ranged)              \
	X(DIRTY, "dirty", keys_rw, op_ranged)              \
	X(MLOCK, "mlock", keys_mlock, op_map)              \
	X(MUNLOCK, "munlock", keys_unmap, op_by_mapping)   \
	X(MADVISE, "madvise", keys_madvise, op_by_mapping) \
	X(ALLOC, "alloc", keys_alloc, op_alloc)            \
	X(FREE, "free", keys_free, op_free)                \
	X(PAUSE, "pause", keys_pause, op_pause)            \
	X(STREAM, "stream", keys_stream, op_stream)        \
	X(RANDOM, "random", keys_random, op_random)        \
	X(REPEAT, "repeat", keys_repeat, op_repeat)        \
	X(TRACE, "trace", keys_trace, op_trace)

enum op_index {
#define X(id, name, keys, build) OP_##id,
	WORKLOAD_OPS(X)
#undef X
		NR_OP_NAMES
};

const char *const op_names[NR_OP_NAMES + 1] = {
#define X(id, name, keys, build) name,
	WORKLOAD_OPS(X)
#undef X
		NULL
};

#define COMMON "op", "caption", "pause", "cgroup"
static const char *const keys_map[] = { COMMON, "object", "pages", "as", "exec", "sequential", NULL };
static const char *const keys_unmap[] = { COMMON, "object", "as", NULL };
static const char *const keys_touch[] = { COMMON, "object", "pages", "write", NULL };
static const char *const keys_rw[] = { COMMON, "object", "pages", NULL };
static const char *const keys_mlock[] = { COMMON, "object", "pages", "as", "race", NULL };
static const char *const keys_madvise[] = { COMMON, "object", "as", "advice", NULL };
static const char *const keys_alloc[] = { COMMON, "pages", "order", NULL };
static const char *const keys_free[] = { COMMON, "object", "pages", NULL };
static const char *const keys_pause[] = { COMMON, NULL };
static const char *const keys_stream[] = { COMMON, "object", "via",	   "chunk", "pages",
					   "as",   "write",  "interleave", NULL };
static const char *const keys_random[] = { COMMON,  "object", "pages", "count", "dist",
					   "theta", "seed",   "via",   NULL };
static const char *const keys_repeat[] = { COMMON, "count", "ops", NULL };
static const char *const keys_trace[] = { COMMON, "file", "format", "object", "via", "maps", NULL };

/* build_op() lists an operation's keys, and one more, in an array this long. */
#define OP_KEYS_MAX 12
#define X(id, name, keys, build) \
	_Static_assert(sizeof(keys) / sizeof *(keys) <= OP_KEYS_MAX + 1, #keys " has too many keys");
WORKLOAD_OPS(X)
#undef X

static const char *const *const keys_of[NR_OP_NAMES] = {
#define X(id, name, keys, build) [OP_##id] = (keys),
	WORKLOAD_OPS(X)
#undef X
};

const char *const *op_keys(int op)
{
	return op >= 0 && op < NR_OP_NAMES ? keys_of[op] : NULL;
}

/* ---- emitting -------------------------------------------------------- */

static void overflow(struct loader *L, const cJSON *at, const char *path)
{
	if (!L->ops_overflow)
		lerr(L, at, false, path,
		     "the workload expands to more than %u operations, the limit; "
		     "use fewer repeats, bigger stream chunks, or \"random\"/\"trace\"",
		     SCENARIO_MAX_OPS);
	L->ops_overflow = true;
	L->stop = true;
}

/* Appends @k operations that take @steps steps (pass 2: copies them from
 * @v). */
static int emit_n(struct loader *L, const struct wl_op *v, size_t k, uint64_t steps, const cJSON *at,
		  const char *path)
{
	if (L->ops_overflow || L->nr_ops + k > SCENARIO_MAX_OPS) {
		overflow(L, at, path);
		return -1;
	}
	if (L->ops) {
		if (L->nr_ops + k > L->ops_cap) { /* pass 2 disagrees with pass 1 */
			lerr_file(L, L->name, 0, 0, path, "internal error: operation count changed");
			L->stop = true;
			return -1;
		}
		memcpy(L->ops + L->nr_ops, v, k * sizeof *v);
	}
	L->nr_ops += k;
	L->steps += steps;
	return 0;
}

static int emit(struct loader *L, const struct wl_op *op, const cJSON *at, const char *path)
{
	return emit_n(L, op, 1, engine_op_steps(op), at, path);
}

static struct wl_op op_init(uint8_t kind, uint32_t object)
{
	struct wl_op op;

	memset(&op, 0, sizeof op);
	op.kind = kind;
	op.object = object;
	op.caption = UINT32_MAX;
	return op;
}

/* ---- common keys ----------------------------------------------------- */

struct opctx {
	const cJSON *o;
	const char *path;
	enum op_index kind;
	bool bad;   /* some key was wrong: check the rest, emit nothing */
	bool noobj; /* "object" is missing or wrong: skip checks that need it */
};

static const cJSON *key(const struct opctx *c, const char *k, char *p, size_t n)
{
	path_fmt(p, n, "%s.%s", c->path, k);
	return jget(c->o, k);
}

static void need_object(struct loader *L, struct opctx *c, uint32_t *obj)
{
	char p[160];
	const cJSON *x = key(c, "object", p, sizeof p);

	if (!x) {
		missing_key(L, c->o, c->path, "object");
		c->bad = c->noobj = true;
	} else if (find_object(L, x, p, obj) < 0) {
		c->bad = c->noobj = true;
	}
}

static uint8_t opt_as(struct loader *L, struct opctx *c)
{
	char p[160];
	const cJSON *x = key(c, "as", p, sizeof p);
	uint64_t v = 0;

	if (x && get_uint(L, x, p, 0, MAX_MAPPINGS - 1, &v) < 0)
		c->bad = true;
	return (uint8_t)v;
}

static bool opt_bool(struct loader *L, struct opctx *c, const char *k, bool def)
{
	char p[160];
	const cJSON *x = key(c, k, p, sizeof p);
	bool v = def;

	if (x && get_bool(L, x, p, &v) < 0)
		c->bad = true;
	return v;
}

static uint64_t opt_uint(struct loader *L, struct opctx *c, const char *k, uint64_t min, uint64_t max,
			 uint64_t def, bool required)
{
	char p[160];
	const cJSON *x = key(c, k, p, sizeof p);
	uint64_t v = def;

	if (!x && required) {
		missing_key(L, c->o, c->path, k);
		c->bad = true;
	} else if (x && get_uint(L, x, p, min, max, &v) < 0) {
		c->bad = true;
		v = def;
	}
	return v;
}

static int opt_choice(struct loader *L, struct opctx *c, const char *k, const char *const *choices, int def,
		      bool required)
{
	char p[160];
	const cJSON *x = key(c, k, p, sizeof p);
	int v = def;

	if (!x && required) {
		missing_key(L, c->o, c->path, k);
		c->bad = true;
	} else if (x && get_choice(L, x, p, choices, &v) < 0) {
		c->bad = true;
		v = def;
	}
	return v;
}

static void need_file(struct loader *L, struct opctx *c, uint32_t obj, const char *what)
{
	char p[160], q[96];
	const cJSON *x = key(c, "object", p, sizeof p);

	if (c->noobj || L->obj[obj].type == OBJ_FILE)
		return;
	text_quote(L->obj[obj].name, q, sizeof q);
	lerr(L, x, false, p, "%s is anonymous memory; %s needs an object of type \"file\"", q, what);
	c->bad = true;
}

/* The "pages" of @c as ranges of @obj; @one: must be one contiguous piece. */
static void get_ranges(struct loader *L, struct opctx *c, uint32_t obj, bool one, const char *what,
		       struct prange_list *r)
{
	char p[160], f[96];
	const cJSON *x = key(c, "pages", p, sizeof p);

	if (c->noobj) {
		c->bad = true; /* already reported: the object is unknown */
		return;
	}
	if (range_parse(L, x, p, obj, r) < 0) {
		c->bad = true;
	} else if (one && r->n != 1) {
		describe(L, x, f, sizeof f);
		lerr(L, x, false, p, "%s takes one contiguous range of pages, found %s (%zu pieces)", what, f,
		     r->n);
		c->bad = true;
	}
}

static int build_op(struct loader *L, const cJSON *o, const char *path, const char *extra_key);

/* ---- the operations -------------------------------------------------- */

static void emit_ranges(struct loader *L, struct opctx *c, struct wl_op op, const struct prange_list *r)
{
	for (size_t i = 0; i < r->n; i++) {
		op.first = r->v[i].first;
		op.count = r->v[i].count;
		if (emit(L, &op, c->o, c->path) < 0)
			return;
	}
}

static void op_ranged(struct loader *L, struct opctx *c)
{
	const enum op_index kind = c->kind;
	static const uint8_t wl_kind[NR_OP_NAMES] = {
		[OP_TOUCH] = WL_TOUCH, [OP_READ] = WL_READ, [OP_WRITE] = WL_WRITE,
		[OP_DIRTY] = WL_DIRTY, [OP_FREE] = WL_FREE,
	};
	struct prange_list r = { 0 };
	uint32_t obj = 0;
	struct wl_op op;
	bool write = false;

	need_object(L, c, &obj);
	if (kind == OP_TOUCH)
		write = opt_bool(L, c, "write", false);
	if (kind == OP_READ || kind == OP_WRITE)
		need_file(L, c, obj, op_names[kind]);
	get_ranges(L, c, obj, false, op_names[kind], &r);
	if (!c->bad) {
		op = op_init(wl_kind[kind], obj);
		op.via = write ? VIA_TOUCH_WRITE : VIA_TOUCH;
		emit_ranges(L, c, op, &r);
	}
	prange_list_free(&r);
}

static void op_map(struct loader *L, struct opctx *c)
{
	const enum op_index kind = c->kind;
	struct prange_list r = { 0 };
	uint32_t obj = 0;
	struct wl_op op;
	uint8_t as;
	bool exec, seq = false, race = false;

	need_object(L, c, &obj);
	as = opt_as(L, c);
	exec = opt_bool(L, c, "exec", c->noobj ? false : L->obj[obj].exec);
	if (kind == OP_MAP)
		seq = opt_bool(L, c, "sequential", false);
	else
		race = opt_bool(L, c, "race", false);
	get_ranges(L, c, obj, true, op_names[kind], &r);
	if (!c->bad) {
		op = op_init(kind == OP_MAP ? WL_MAP : WL_MLOCK, obj);
		op.as = as;
		if (kind == OP_MAP)
			op.flags = (uint8_t)((exec ? WL_F_EXEC : 0) | (seq ? WL_F_SEQ : 0));
		else if (race)
			op.flags = WL_F_RACE;
		emit_ranges(L, c, op, &r);
	}
	prange_list_free(&r);
}

static void op_by_mapping(struct loader *L, struct opctx *c)
{
	const enum op_index kind = c->kind;
	static const char *const advice[] = { "sequential", "normal", NULL };
	uint32_t obj = 0;
	struct wl_op op;
	uint8_t as;
	int adv = 0;

	need_object(L, c, &obj);
	as = opt_as(L, c);
	if (kind == OP_MADVISE)
		adv = opt_choice(L, c, "advice", advice, 0, true);
	if (c->bad)
		return;
	op = op_init(kind == OP_UNMAP ? WL_UNMAP : kind == OP_MUNLOCK ? WL_MUNLOCK : WL_MADVISE, obj);
	op.as = as;
	if (kind == OP_MADVISE && adv == 0)
		op.flags = WL_F_SEQ;
	emit(L, &op, c->o, c->path);
}

static void op_alloc(struct loader *L, struct opctx *c)
{
	uint64_t n = opt_uint(L, c, "pages", 1, ENGINE_MAX_PAGES, 1, true);
	uint64_t order = opt_uint(L, c, "order", 0, ENGINE_MAX_ORDER, 0, false);
	struct wl_op op;

	if (c->bad)
		return;
	op = op_init(WL_ALLOC, UINT32_MAX);
	op.order = (uint8_t)order;
	op.count = (uint32_t)((n + (1ull << order) - 1) >> order);
	emit(L, &op, c->o, c->path);
}

static void op_free(struct loader *L, struct opctx *c)
{
	struct wl_op op;
	char p[160], f[96];
	const cJSON *pages = key(c, "pages", p, sizeof p);

	if (jget(c->o, "object")) {
		op_ranged(L, c);
		return;
	}
	if (!pages) {
		lerr(L, c->o, false, c->path,
		     "free needs \"object\" (to drop an object's pages) or \"pages\" (kernel pages from "
		     "alloc)");
		return;
	}
	if (!cJSON_IsNumber(pages)) {
		describe(L, pages, f, sizeof f);
		lerr(L, pages, false, p, "without \"object\", free takes a number of kernel pages, found %s",
		     f);
		return;
	}
	op = op_init(WL_FREE, UINT32_MAX);
	op.count = (uint32_t)opt_uint(L, c, "pages", 1, ENGINE_MAX_PAGES, 1, true);
	if (!c->bad)
		emit(L, &op, c->o, c->path);
}

static void op_pause(struct loader *L, struct opctx *c)
{
	struct wl_op op = op_init(WL_PAUSE, UINT32_MAX);

	if (!jget(c->o, "caption")) {
		missing_key(L, c->o, c->path, "caption");
		return;
	}
	op.flags = WL_F_PAUSE;
	if (!c->bad)
		emit(L, &op, c->o, c->path);
}

static void op_random(struct loader *L, struct opctx *c)
{
	static const char *const dists[] = { "uniform", "zipf", NULL };
	static const char *const vias[] = { "touch", "read", "write", NULL };
	static const uint8_t via_of[] = { VIA_TOUCH, VIA_READ, VIA_WRITE };
	struct prange_list r = { 0 };
	uint32_t obj = 0;
	uint64_t count, seed;
	double theta = 0.99;
	int dist, via;
	char p[160], f[96];
	const cJSON *x;
	struct wl_op op;

	need_object(L, c, &obj);
	count = opt_uint(L, c, "count", 1, SCENARIO_MAX_ACCESSES, 1, true);
	dist = opt_choice(L, c, "dist", dists, 0, false);
	seed = opt_uint(L, c, "seed", 0, UINT64_MAX, 1, false);
	via = opt_choice(L, c, "via", vias, 0, false);
	if ((x = key(c, "theta", p, sizeof p))) {
		if (!cJSON_IsNumber(x) || !isfinite(x->valuedouble) || !(x->valuedouble > 0) ||
		    x->valuedouble > 5) {
			describe(L, x, f, sizeof f);
			lerr(L, x, false, p, "expected a Zipf exponent above 0 and at most 5, found %s", f);
			c->bad = true;
		} else if (dist != 1) {
			lerr(L, x, false, p, "\"theta\" applies only to \"dist\": \"zipf\"");
			c->bad = true;
		} else {
			theta = x->valuedouble;
		}
	}
	if (via != 0)
		need_file(L, c, obj, via == 1 ? "random read" : "random write");
	get_ranges(L, c, obj, true, "random", &r);
	if (!c->bad) {
		op = op_init(WL_RANDOM, obj);
		op.first = r.v[0].first;
		op.range = r.v[0].count;
		op.count = (uint32_t)count;
		op.seed = seed;
		op.theta = theta;
		op.flags = dist == 1 ? WL_F_ZIPF : 0;
		op.via = via_of[via];
		emit(L, &op, c->o, c->path);
	}
	prange_list_free(&r);
}

static void op_trace(struct loader *L, struct opctx *c)
{
	static const char *const formats[] = { "txt", "u32", "lackey", "perf", NULL };
	static const char *const vias[] = { "touch", "read", NULL };
	const cJSON *file, *x, *maps;
	struct trace_maps tm = { 0 };
	const char *name = NULL;
	uint32_t obj = UINT32_MAX;
	int format, via;
	char p[160], fp[160], op_p[160];
	struct trace_data td;
	struct wl_op op;

	file = key(c, "file", fp, sizeof fp);
	if (!file) {
		missing_key(L, c->o, c->path, "file");
		c->bad = true;
	} else if (get_string(L, file, fp, &name) < 0) {
		c->bad = true;
	}
	format = opt_choice(L, c, "format", formats, 0, false);
	via = opt_choice(L, c, "via", vias, 0, false);
	if ((maps = key(c, "maps", p, sizeof p))) {
		/* the mappings make the objects: code, mapped files, heap, stack */
		if (get_string(L, maps, p, &tm.file) < 0) {
			c->bad = true;
		} else if (format != TRACE_LACKEY && format != TRACE_PERF) {
			lerr(L, maps, true, p,
			     "\"maps\" gives the objects of addresses: it goes with \"format\": \"lackey\" "
			     "or "
			     "\"perf\", not \"%s\"",
			     formats[format]);
			c->bad = true;
		} else if (via == 1) {
			lerr(L, maps, true, p,
			     "a trace with \"maps\" is accessed through its mappings: \"via\": \"touch\"");
			c->bad = true;
		} else if ((x = key(c, "object", op_p, sizeof op_p))) {
			lerr(L, x, true, op_p,
			     "a trace with \"maps\" makes its objects from the mappings; give \"object\" or "
			     "\"maps\", not both");
			c->bad = true;
		}
		tm.node = maps;
	}
	if (maps) {
		/* checked above */
	} else if ((x = key(c, "object", p, sizeof p))) {
		if (find_object(L, x, p, &obj) < 0)
			c->bad = c->noobj = true;
		else if (via == 1)
			need_file(L, c, obj, "a read trace");
	} else if (format != TRACE_TXT) {
		lerr(L, c->o, false, c->path, "missing required key \"object\" (a %s trace names no objects)",
		     formats[format]);
		c->bad = true;
	}
	if (c->bad)
		return;
	if (!L->ops) {
		if (trace_read(L, file, c->path, name, (enum trace_format)format, obj,
			       via ? VIA_READ : VIA_TOUCH, maps ? &tm : NULL, &td) < 0)
			return;
		/* the objects the maps made are part of the zone's cost */
		if (maps)
			L->engine_bytes = budget_engine_bytes(L->memory, L->obj, L->nr_obj);
		if (!grow_array(L->traces, L->traces_cap, L->nr_traces + 1, 4)) {
			out_of_memory(L);
			return;
		}
		L->traces[L->nr_traces++] = td;
	} else {
		if (L->trace_next >= L->nr_traces) {
			lerr_file(L, L->name, 0, 0, c->path, "internal error: trace list changed");
			L->stop = true;
			return;
		}
		td = L->traces[L->trace_next++];
	}
	op = op_init(WL_TRACE, obj != UINT32_MAX ? obj : td.object[0]);
	op.count = td.n;
	op.trace = td.page;
	op.trace_object = td.object;
	op.via = via ? VIA_READ : VIA_TOUCH;
	emit(L, &op, c->o, c->path);
}

static void op_repeat(struct loader *L, struct opctx *c)
{
	uint64_t count = opt_uint(L, c, "count", 1, SCENARIO_MAX_OPS, 1, true);
	char p[160], ip[176];
	const cJSON *ops = key(c, "ops", p, sizeof p);
	size_t start = L->nr_ops, body;
	uint64_t steps0 = L->steps;
	unsigned i = 0;

	if (!ops) {
		missing_key(L, c->o, c->path, "ops");
		return;
	}
	if (!want_array(L, ops, p))
		return;
	if (!ops->child) {
		lerr(L, ops, false, p, "expected at least one operation to repeat, found an empty array");
		return;
	}
	for (const cJSON *x = ops->child; x && !L->stop; x = x->next, i++) {
		path_fmt(ip, sizeof ip, "%s[%u]", p, i);
		if (build_op(L, x, ip, NULL) < 0)
			c->bad = true;
	}
	if (c->bad || L->stop)
		return;
	body = L->nr_ops - start;
	if (body * count > SCENARIO_MAX_OPS - start) {
		overflow(L, c->o, c->path);
		return;
	}
	for (uint64_t k = 1; k < count; k++) {
		if (L->ops)
			memcpy(L->ops + start + k * body, L->ops + start, body * sizeof *L->ops);
	}
	L->nr_ops = start + body * count;
	/* no overflow: at most 2^24 operations of at most 2^32 steps each */
	L->steps = steps0 + (L->steps - steps0) * count;
}

/* Emits the stream's page accesses [p, end) as pieces of @kind, inserting
 * the interleave template every @every pages; *since counts pages since
 * the last insertion. */
static int stream_pieces(struct loader *L, struct opctx *c, struct wl_op op, uint32_t p, uint32_t end,
			 uint64_t every, uint64_t *since, const struct wl_op *tmpl, size_t tn,
			 uint64_t tsteps)
{
	while (p < end) {
		uint64_t piece = end - p;
		if (every && every - *since < piece)
			piece = every - *since;
		op.first = p;
		op.count = (uint32_t)piece;
		if (emit(L, &op, c->o, c->path) < 0)
			return -1;
		p += (uint32_t)piece;
		*since += piece;
		if (every && *since == every) {
			if (emit_n(L, tmpl, tn, tsteps, c->o, c->path) < 0)
				return -1;
			*since = 0;
		}
	}
	return 0;
}

/* Index of @v in @choices, or -1; reports nothing. */
static int get_choice_quiet(const cJSON *v, const char *const *choices)
{
	if (cJSON_IsString(v))
		for (int i = 0; choices[i]; i++)
			if (strcmp(v->valuestring, choices[i]) == 0)
				return i;
	return -1;
}

static void op_stream(struct loader *L, struct opctx *c)
{
	static const char *const vias[] = { "read", "mmap", NULL };
	struct prange_list r = { 0 };
	uint32_t obj = 0, first, end;
	uint64_t chunk, every = 0, since = 0;
	uint8_t as;
	int via;
	bool write;
	char p[160], ep[176];
	const cJSON *il;
	struct wl_op *tmpl = NULL, op;
	size_t tn = 0;
	uint64_t tsteps = 0;
	bool via_ok;

	need_object(L, c, &obj);
	via = opt_choice(L, c, "via", vias, 0, false);
	via_ok = !c->bad || !jget(c->o, "via") || get_choice_quiet(jget(c->o, "via"), vias) >= 0;
	chunk = opt_uint(L, c, "chunk", 1, ENGINE_MAX_OBJECT_PAGES, 64, false);
	as = opt_as(L, c);
	write = opt_bool(L, c, "write", false);
	if (write && via == 0 && via_ok) {
		lerr(L, key(c, "write", p, sizeof p), false, p,
		     "\"write\" needs \"via\": \"mmap\"; a stream read with read() only reads");
		c->bad = true;
	}
	if (via == 0 && via_ok)
		need_file(L, c, obj, "a stream via read()");
	get_ranges(L, c, obj, true, "stream", &r);
	if ((il = key(c, "interleave", p, sizeof p))) {
		size_t t0 = L->nr_ops;
		uint64_t s0 = L->steps;
		if (!want_object(L, il, p)) {
			c->bad = true;
		} else {
			const cJSON *e = jget(il, "every");
			path_fmt(ep, sizeof ep, "%s.every", p);
			if (!e) {
				missing_key(L, il, p, "every");
				c->bad = true;
			} else if (get_uint(L, e, ep, 1, ENGINE_MAX_OBJECT_PAGES, &every) < 0) {
				c->bad = true;
			}
			if (build_op(L, il, p, "every") < 0)
				c->bad = true;
		}
		tn = L->nr_ops - t0;
		if (!c->bad && L->ops && tn) {
			tmpl = malloc(tn * sizeof *tmpl);
			if (!tmpl)
				out_of_memory(L);
			else
				memcpy(tmpl, L->ops + t0, tn * sizeof *tmpl);
		}
		L->nr_ops = t0;
		tsteps = L->steps - s0;
		L->steps = s0;
	}
	if (c->bad || L->stop || (L->ops && tn && !tmpl))
		goto out;
	first = r.v[0].first;
	end = first + r.v[0].count;
	/* one chunk at a time: mmap, touch, munmap; or one read() per chunk */
	for (uint32_t k = first; k < end; k += (uint32_t)(chunk < end - k ? chunk : end - k)) {
		uint32_t len = (uint32_t)(chunk < end - k ? chunk : end - k);
		if (via == 1) {
			op = op_init(WL_MAP, obj);
			op.as = as;
			op.first = k;
			op.count = len;
			op.flags = L->obj[obj].exec ? WL_F_EXEC : 0;
			if (emit(L, &op, c->o, c->path) < 0)
				break;
			op = op_init(WL_TOUCH, obj);
			op.via = write ? VIA_TOUCH_WRITE : VIA_TOUCH;
		} else {
			op = op_init(WL_READ, obj);
		}
		if (stream_pieces(L, c, op, k, k + len, every, &since, tmpl, tn, tsteps) < 0)
			break;
		if (via == 1) {
			op = op_init(WL_UNMAP, obj);
			op.as = as;
			if (emit(L, &op, c->o, c->path) < 0)
				break;
		}
	}
out:
	free(tmpl);
	prange_list_free(&r);
}

/* ---- one operation --------------------------------------------------- */

static uint32_t take_caption(struct loader *L, const char *text)
{
	if (L->ops)
		return L->caption_next < L->nr_captions ? L->caption_next++ : UINT32_MAX;
	if (!grow_array(L->captions, L->captions_cap, L->nr_captions + 1, 8)) {
		out_of_memory(L);
		return UINT32_MAX;
	}
	L->captions[L->nr_captions] = own_strdup(L, text);
	if (!L->captions[L->nr_captions])
		return UINT32_MAX;
	return L->nr_captions++;
}

static int build_op(struct loader *L, const cJSON *o, const char *path, const char *extra_key)
{
	static void (*const build[NR_OP_NAMES])(struct loader *, struct opctx *) = {
#define X(id, name, keys, fn) [OP_##id] = (fn),
		WORKLOAD_OPS(X)
#undef X
	};
	struct opctx c = { .o = o, .path = path };
	const char *allowed[OP_KEYS_MAX + 2];
	const char *const *keys;
	const cJSON *x;
	char p[160], f[96], msg[256];
	const char *caption = NULL;
	uint32_t cap = UINT32_MAX;
	size_t head = L->nr_ops, n = 0;
	uint8_t memcg = 0;
	bool pause;
	int kind = -1;

	if (L->stop)
		return -1;
	if (!want_object(L, o, path))
		return -1;
	x = key(&c, "op", p, sizeof p);
	if (!x) {
		missing_key(L, o, path, "op");
		return -1;
	}
	if (cJSON_IsString(x))
		for (int i = 0; i < NR_OP_NAMES; i++)
			if (strcmp(x->valuestring, op_names[i]) == 0)
				kind = i;
	if (kind < 0) {
		describe(L, x, f, sizeof f);
		if (cJSON_IsString(x)) {
			snprintf(msg, sizeof msg, "unknown operation %s", f);
			suggest_append(msg, sizeof msg, x->valuestring, op_names, NR_OP_NAMES);
		} else {
			snprintf(msg, sizeof msg, "expected an operation name like \"touch\", found %s", f);
		}
		lerr(L, x, false, p, "%s", msg);
		return -1;
	}
	for (keys = keys_of[kind]; *keys; keys++)
		allowed[n++] = *keys;
	if (extra_key)
		allowed[n++] = extra_key;
	allowed[n] = NULL;
	if (!check_keys(L, o, path, allowed))
		c.bad = true;
	if ((x = key(&c, "caption", p, sizeof p))) {
		if (!cJSON_IsString(x)) {
			describe(L, x, f, sizeof f);
			lerr(L, x, false, p, "expected a string, found %s", f);
			c.bad = true;
		} else {
			caption = x->valuestring;
		}
	}
	pause = opt_bool(L, &c, "pause", false);
	if ((x = key(&c, "cgroup", p, sizeof p)) && find_cgroup(L, x, p, &memcg) < 0)
		c.bad = true;
	c.kind = (enum op_index)kind;
	build[kind](L, &c);
	if (c.bad || L->stop)
		return -1;
	if (caption)
		cap = take_caption(L, caption);
	if (L->ops && L->nr_ops > head) {
		if (caption)
			L->ops[head].caption = cap;
		if (pause)
			L->ops[head].flags |= WL_F_PAUSE;
		/* the task of every operation it expands to, but for those
		 * inside (a repeat's, an interleave's) that name their own */
		for (size_t i = head; memcg && i < L->nr_ops; i++)
			if (!L->ops[i].memcg)
				L->ops[i].memcg = memcg;
	}
	return 0;
}

int load_workload(struct loader *L, const cJSON *arr)
{
	char p[32];
	unsigned i = 0;
	bool bad = false;

	if (!want_array(L, arr, "workload"))
		return -1;
	if (!arr->child) {
		lerr(L, arr, false, "workload", "expected at least one operation, found an empty array");
		return -1;
	}
	/* pass 1: check and count */
	L->ops = NULL;
	L->nr_ops = 0;
	for (const cJSON *o = arr->child; o && !L->stop; o = o->next, i++) {
		path_fmt(p, sizeof p, "workload[%u]", i);
		if (build_op(L, o, p, NULL) < 0)
			bad = true;
	}
	if (bad || L->nerr || L->stop)
		return -1;
	if (budget_check(L, arr, "workload", L->engine_bytes, L->nr_ops, L->trace_bytes) < 0)
		return -1;
	/* pass 2: build */
	L->steps = 0;
	L->ops_cap = L->nr_ops;
	L->ops = own_alloc(L, L->ops_cap * sizeof *L->ops);
	if (!L->ops)
		return -1;
	L->nr_ops = 0;
	L->caption_next = 0;
	L->trace_next = 0;
	L->quiet = true;
	i = 0;
	for (const cJSON *o = arr->child; o && !L->stop; o = o->next, i++) {
		path_fmt(p, sizeof p, "workload[%u]", i);
		build_op(L, o, p, NULL);
	}
	L->quiet = false;
	if (L->stop || L->nr_ops != L->ops_cap) {
		lerr_file(L, L->name, 0, 0, "workload", "internal error: operation count changed");
		return -1;
	}
	return 0;
}
