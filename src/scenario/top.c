/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/top.c - the top level of a scenario: format, title, policy,
 * memory, objects
 *
 * Each section is read with the typed getters of json.c, which say what
 * is wrong where; then the budget is checked (budget.c) before the
 * workload (ops.c), the expectations (expect.c) and the bookmarks
 * (bookmarks.c) are read.  A JSON Schema given where a scenario is
 * expected is recognised and said so.
 * Left out: the workload, expectations and bookmarks themselves.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/engine.h"
#include "../policy/registry.h"
#include "../util/suggest.h"
#include "../util/text.h"
#include "bookmarks.h"
#include "budget.h"
#include "cgroups.h"
#include "diag.h"
#include "expect.h"
#include "json.h"
#include "ops.h"
#include "own.h"
#include "top.h"

const char *const top_keys[] = { "$schema", "format",	"title",  "description", "policy",  "memory",
				 "objects", "workload", "expect", "bookmarks",	 "cgroups", NULL };
const char *const memory_keys[] = { "pages",	       "watermarks", "swap",	    "swappiness",
				    "writeback_steps", "kswapd",     "laptop_mode", NULL };
const char *const watermark_keys[] = { "min", "low", "high", NULL };
const char *const object_keys[] = { "name", "type", "pages", "exec", NULL };

/* ---- memory ---------------------------------------------------------- */

static void load_watermarks(struct loader *L, const cJSON *w, struct memory_spec *m)
{
	static const char *const names[] = { "min", "low", "high" };
	uint64_t v[3] = { 0, 0, 0 };
	bool ok = true;
	char p[64];

	if (!want_object(L, w, "memory.watermarks"))
		return;
	check_keys(L, w, "memory.watermarks", watermark_keys);
	for (int i = 0; i < 3; i++) {
		const cJSON *x = jget(w, names[i]);
		path_fmt(p, sizeof p, "memory.watermarks.%s", names[i]);
		if (!x) {
			missing_key(L, w, "memory.watermarks", names[i]);
			ok = false;
		} else if (get_uint(L, x, p, 0, ENGINE_MAX_PAGES, &v[i]) < 0) {
			ok = false;
		}
	}
	if (!ok)
		return;
	if (v[2] == 0) {
		/* the engine reads 0 as "derive them": never do that silently */
		lerr(L, w, false, "memory.watermarks",
		     "expected a high watermark of at least 1, found min 0, low 0, high 0; leave "
		     "\"watermarks\" out to have the kernel's");
		return;
	}
	if (!(v[0] <= v[1] && v[1] <= v[2])) {
		lerr(L, w, false, "memory.watermarks",
		     "expected min <= low <= high, found min %llu, low %llu, high %llu",
		     (unsigned long long)v[0], (unsigned long long)v[1], (unsigned long long)v[2]);
		return;
	}
	if (m->pages && v[2] >= m->pages) {
		lerr(L, jget(w, "high"), false, "memory.watermarks.high",
		     "high watermark %llu must be below memory.pages (%u)", (unsigned long long)v[2],
		     m->pages);
		return;
	}
	m->wmark_min = (uint32_t)v[0];
	m->wmark_low = (uint32_t)v[1];
	m->wmark_high = (uint32_t)v[2];
}

static void load_memory(struct loader *L, const cJSON *mem, struct memory_spec *m)
{
	const cJSON *x;
	uint64_t v;

	if (!want_object(L, mem, "memory"))
		return;
	check_keys(L, mem, "memory", memory_keys);
	x = jget(mem, "pages");
	if (!x)
		missing_key(L, mem, "memory", "pages");
	else if (get_uint(L, x, "memory.pages", SCENARIO_MIN_MEMORY_PAGES, ENGINE_MAX_PAGES, &v) == 0)
		m->pages = (uint32_t)v;
	if ((x = jget(mem, "swap")) && get_uint(L, x, "memory.swap", 0, ENGINE_MAX_OBJECT_PAGES, &v) == 0)
		m->swap_pages = (uint32_t)v;
	if ((x = jget(mem, "swappiness")) && get_uint(L, x, "memory.swappiness", 0, 100, &v) == 0)
		m->swappiness = (uint32_t)v;
	if ((x = jget(mem, "writeback_steps")) &&
	    get_uint(L, x, "memory.writeback_steps", 1, SCENARIO_MAX_WRITEBACK, &v) == 0)
		m->writeback_steps = (uint32_t)v;
	if ((x = jget(mem, "kswapd")))
		get_bool(L, x, "memory.kswapd", &m->kswapd);
	if ((x = jget(mem, "laptop_mode")))
		get_bool(L, x, "memory.laptop_mode", &m->laptop_mode);
	if ((x = jget(mem, "watermarks")))
		load_watermarks(L, x, m);
}

/* ---- objects --------------------------------------------------------- */

/* C0 and C1 controls, DEL, bidi controls (util/text.h): a name is shown
 * in every report and on screen, and must show as itself. */
static bool has_control(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t left = strlen(s);

	while (left) {
		uint32_t cp;
		size_t k = utf8_decode(p, left, &cp);
		if (!k || text_is_control(cp))
			return true;
		p += k;
		left -= k;
	}
	return false;
}

static void load_object(struct loader *L, const cJSON *o, uint32_t i, uint64_t *total)
{
	static const char *const types[] = { "file", "anon", NULL };
	struct object_spec *spec = &L->obj[L->nr_obj];
	const cJSON *x;
	const char *name = NULL;
	char path[64], p[96];
	uint64_t v;
	int t;
	bool bad = false;

	path_fmt(path, sizeof path, "objects[%u]", i);
	if (!want_object(L, o, path))
		return;
	check_keys(L, o, path, object_keys);
	x = jget(o, "name");
	path_fmt(p, sizeof p, "%s.name", path);
	if (!x) {
		missing_key(L, o, path, "name");
		return;
	}
	if (get_string(L, x, p, &name) < 0)
		return;
	if (has_control(name)) {
		lerr(L, x, false, p, "object names cannot hold control characters");
		return;
	}
	if (loader_find_object(L, name) >= 0) {
		char q[96];
		text_quote(name, q, sizeof q);
		lerr(L, x, false, p, "a second object named %s; names must be unique", q);
		return;
	}
	spec->name = own_strdup(L, name);
	if (!spec->name)
		return;
	x = jget(o, "type");
	path_fmt(p, sizeof p, "%s.type", path);
	if (!x) {
		missing_key(L, o, path, "type");
	} else if (get_choice(L, x, p, types, &t) == 0) {
		spec->type = t == 0 ? OBJ_FILE : OBJ_ANON;
	}
	x = jget(o, "pages");
	path_fmt(p, sizeof p, "%s.pages", path);
	if (!x) {
		missing_key(L, o, path, "pages");
		bad = true;
	} else if (get_uint(L, x, p, 1, ENGINE_MAX_OBJECT_PAGES, &v) < 0) {
		bad = true;
	} else {
		spec->pages = (uint32_t)v;
		*total += v;
		if (*total > ENGINE_MAX_OBJECT_PAGES && *total - v <= ENGINE_MAX_OBJECT_PAGES) {
			lerr(L, x, false, p, "objects add up to more than %u pages, the limit",
			     ENGINE_MAX_OBJECT_PAGES);
			bad = true;
		}
	}
	x = jget(o, "exec");
	path_fmt(p, sizeof p, "%s.exec", path);
	if (x)
		get_bool(L, x, p, &spec->exec);
	/* an object with a known size can still be used to check the
	 * workload; one without cannot */
	L->obj_bad[L->nr_obj++] = bad;
}

static void load_objects(struct loader *L, const cJSON *arr)
{
	int n;
	uint32_t i = 0;
	uint64_t total = 0;

	L->objects_failed = true;
	if (!want_array(L, arr, "objects"))
		return;
	n = cJSON_GetArraySize(arr);
	if ((unsigned)n > SCENARIO_MAX_OBJECTS) {
		lerr(L, arr, false, "objects", "expected 1 to %u objects, found %d", SCENARIO_MAX_OBJECTS, n);
		return;
	}
	if (n == 0) { /* a trace with maps makes them; load_top() checks it did */
		L->objects_failed = false;
		return;
	}
	L->obj = own_alloc(L, (size_t)n * sizeof *L->obj);
	L->obj_bad = calloc((size_t)n, sizeof *L->obj_bad);
	if (!L->obj || !L->obj_bad) {
		out_of_memory(L);
		return;
	}
	memset(L->obj, 0, (size_t)n * sizeof *L->obj);
	L->obj_cap = (uint32_t)n;
	L->objects_failed = false;
	for (const cJSON *o = arr->child; o && !L->stop; o = o->next, i++)
		load_object(L, o, i, &total);
}

/* ---- the whole file -------------------------------------------------- */

static void load_text(struct loader *L, const cJSON *root, const char *key, bool required, char **out)
{
	const cJSON *x = jget(root, key);
	const char *s;

	if (!x) {
		if (required)
			missing_key(L, root, "", key);
		return;
	}
	if (get_string(L, x, key, &s) == 0)
		*out = own_strdup(L, s);
}

static void load_policy(struct loader *L, const cJSON *x, struct scenario *s)
{
	if (check_policy(L, x, "policy"))
		s->policy = own_strdup(L, x->valuestring);
}

/* A JSON Schema names a meta-schema of json-schema.org and has none of a
 * scenario's own keys; a scenario may name its schema too. */
static bool is_json_schema(const cJSON *root)
{
	const cJSON *x = jget(root, "$schema");
	static const char *const own[] = { "format", "memory", "objects", "workload", NULL };

	if (!cJSON_IsString(x) || !strstr(x->valuestring, "json-schema.org/"))
		return false;
	for (int i = 0; own[i]; i++)
		if (jget(root, own[i]))
			return false;
	return true;
}

int load_top(struct loader *L, struct scenario *s)
{
	const cJSON *root = L->root, *x;
	const char *str;
	char f[96];

	if (!cJSON_IsObject(root)) {
		describe(L, root, f, sizeof f);
		lerr(L, root, false, "", "expected a JSON object {...} at the top level, found %s", f);
		return -1;
	}
	if (is_json_schema(root)) {
		lerr(L, jget(root, "$schema"), true, "",
		     "a JSON Schema (its \"$schema\" is a meta-schema), not a scenario");
		L->schema = true;
		return -1;
	}
	if ((x = jget(root, "$schema")))
		get_string(L, x, "$schema", &str); /* for editors: any non-empty string */
	x = jget(root, "format");
	if (!x) {
		missing_key(L, root, "", "format");
	} else if (!cJSON_IsNumber(x) || x->valuedouble != SCENARIO_FORMAT) {
		describe(L, x, f, sizeof f);
		lerr(L, x, false, "format",
		     "unsupported format %s; this version of vmscan-viz reads format %d", f, SCENARIO_FORMAT);
		return -1;
	}
	check_keys(L, root, "", top_keys);
	load_text(L, root, "title", true, &s->title);
	load_text(L, root, "description", false, &s->description);
	if ((x = jget(root, "policy")))
		load_policy(L, x, s);
	s->wl.memory.swappiness = 60;
	s->wl.memory.writeback_steps = 16;
	s->wl.memory.kswapd = true;
	x = jget(root, "memory");
	if (!x)
		missing_key(L, root, "", "memory");
	else
		load_memory(L, x, &s->wl.memory);
	x = jget(root, "objects");
	if (!x) {
		missing_key(L, root, "", "objects");
		L->objects_failed = true;
	} else if (!L->stop) {
		load_objects(L, x);
	}
	if ((x = jget(root, "cgroups")) && !L->stop)
		load_cgroups(L, x, &s->wl);
	/* before the workload reads traces and the engine allocates its zone */
	L->memory = &s->wl.memory;
	L->engine_bytes = budget_engine_bytes(&s->wl.memory, L->obj, L->nr_obj);
	if (!L->nerr && !L->stop &&
	    budget_check(L, jget(root, "memory"), "memory", L->engine_bytes, 0, 0) < 0)
		return -1;
	x = jget(root, "workload");
	if (!x)
		missing_key(L, root, "", "workload");
	else if (!L->stop)
		load_workload(L, x);
	/* "objects": [] is for a trace with maps, which makes its own */
	if (!L->nerr && !L->stop && !L->objects_failed && L->nr_obj == 0)
		lerr(L, jget(root, "objects"), false, "objects",
		     "expected 1 to %u objects, found 0 (only a trace with \"maps\" makes its own)",
		     SCENARIO_MAX_OBJECTS);
	x = jget(root, "expect");
	if (x && !L->stop)
		load_expect(L, x, s);
	x = jget(root, "bookmarks");
	if (x && !L->stop && !L->objects_failed)
		load_bookmarks(L, x, s);
	return L->nerr || L->stop ? -1 : 0;
}
