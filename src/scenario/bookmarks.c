/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/bookmarks.c - a lesson's named places in a run
 *
 * A scenario may name the moments its lesson is about, so that a lecturer
 * moves between them with a key instead of typing step numbers:
 *
 *	"bookmarks": [
 *	  { "name": "flood", "policy": "2.6.33", "step": 437, "quiz": true,
 *	    "text": "2.6.33 activates a page the torrent hashed once." },
 *	  { "name": "index-lost", "policy": "2.6.34", "access": 2442,
 *	    "inspect": { "object": "index", "index": 0 },
 *	    "text": "The burst finds the index gone: it faults back in." }
 *	]
 *
 * A bookmark is a step (of the run under its policy) or a workload access
 * (the same under every policy), optionally a policy to switch to, a page
 * to open in the inspector, and a question to ask there (the step must
 * then be a scan decision; the visualizer says so if it is not).  Whether
 * a step exists is known only by running, so a step past the end is the
 * visualizer's to report, not the loader's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/text.h"
#include "bookmarks.h"
#include "diag.h"
#include "expect.h"
#include "json.h"
#include "own.h"

#define MAX_BOOKMARKS 256
#define MAX_NAME      40
#define MAX_TEXT      400

const char *const bookmark_keys[] = { "name", "text", "policy", "step", "access", "inspect", "quiz", NULL };
static const char *const inspect_keys[] = { "object", "index", NULL };

/* A name to type and to show: letters, digits, - _ and . only. */
static bool good_name(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n > MAX_NAME)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
		      *s == '-' || *s == '_' || *s == '.'))
			return false;
	return true;
}

static bool load_name(struct loader *L, const cJSON *o, const char *path, const struct bookmark *done,
		      uint32_t nr, struct bookmark *b)
{
	const cJSON *x = jget(o, "name");
	const char *name;
	char p[80], q[96];

	path_fmt(p, sizeof p, "%s.name", path);
	if (!x) {
		missing_key(L, o, path, "name");
		return false;
	}
	if (get_string(L, x, p, &name) < 0)
		return false;
	text_quote(name, q, sizeof q);
	if (!good_name(name)) {
		lerr(L, x, false, p, "expected a name of 1 to %d letters, digits, '-', '_' or '.', found %s",
		     MAX_NAME, q);
		return false;
	}
	for (uint32_t i = 0; i < nr; i++)
		if (strcmp(done[i].name, name) == 0) {
			lerr(L, x, false, p, "bookmark %s is named twice; names must differ", q);
			return false;
		}
	b->name = own_strdup(L, name);
	return b->name != NULL;
}

static bool load_line(struct loader *L, const cJSON *o, const char *path, struct bookmark *b)
{
	const cJSON *x = jget(o, "text");
	const char *text;
	char p[80];

	path_fmt(p, sizeof p, "%s.text", path);
	if (!x) {
		missing_key(L, o, path, "text");
		return false;
	}
	if (get_string(L, x, p, &text) < 0)
		return false;
	if (!text[0] || strlen(text) > MAX_TEXT) {
		lerr(L, x, false, p, "expected a line of 1 to %d bytes, found %zu", MAX_TEXT, strlen(text));
		return false;
	}
	b->text = own_strdup(L, text);
	return b->text != NULL;
}

/* "step" or "access", exactly one. */
static bool load_where(struct loader *L, const cJSON *o, const char *path, struct bookmark *b)
{
	const cJSON *step = jget(o, "step"), *access = jget(o, "access");
	char p[80];

	if (step && access) {
		path_fmt(p, sizeof p, "%s.access", path);
		lerr(L, access, true, p, "give \"step\" or \"access\", not both");
		return false;
	}
	if (!step && !access) {
		lerr(L, o, false, path, "missing \"step\" or \"access\": where the bookmark is");
		return false;
	}
	path_fmt(p, sizeof p, "%s.%s", path, step ? "step" : "access");
	return get_uint(L, step ? step : access, p, step ? 0 : 1, UINT64_MAX, step ? &b->step : &b->access) ==
	       0;
}

static bool load_inspect(struct loader *L, const cJSON *x, const char *path, struct bookmark *b)
{
	const cJSON *obj, *idx;
	uint64_t index;
	char p[80];

	path_fmt(p, sizeof p, "%s.inspect", path);
	if (!want_object(L, x, p) || !check_keys(L, x, p, inspect_keys))
		return false;
	if (!(obj = jget(x, "object")) || !(idx = jget(x, "index"))) {
		missing_key(L, x, p, obj ? "index" : "object");
		return false;
	}
	path_fmt(p, sizeof p, "%s.inspect.object", path);
	if (find_object(L, obj, p, &b->object) < 0)
		return false;
	path_fmt(p, sizeof p, "%s.inspect.index", path);
	if (get_uint(L, idx, p, 0, (uint64_t)L->obj[b->object].pages - 1, &index) < 0)
		return false;
	b->index = (uint32_t)index;
	b->inspect = true;
	return true;
}

int load_bookmarks(struct loader *L, const cJSON *arr, struct scenario *s)
{
	struct bookmark *v;
	uint32_t n = 0, i = 0;
	char path[48], p[80];

	if (!want_array(L, arr, "bookmarks"))
		return -1;
	if (cJSON_GetArraySize(arr) > MAX_BOOKMARKS) {
		lerr(L, arr, false, "bookmarks", "%d bookmarks; at most %d", cJSON_GetArraySize(arr),
		     MAX_BOOKMARKS);
		return -1;
	}
	if (!arr->child)
		return 0;
	if (!(v = own_alloc(L, (size_t)cJSON_GetArraySize(arr) * sizeof *v)))
		return -1;
	for (const cJSON *o = arr->child; o && !L->stop; o = o->next, i++) {
		struct bookmark b = { 0 };
		const cJSON *x;
		bool ok;

		path_fmt(path, sizeof path, "bookmarks[%u]", i);
		if (!want_object(L, o, path))
			continue;
		ok = check_keys(L, o, path, bookmark_keys);
		ok &= load_name(L, o, path, v, n, &b);
		ok &= load_line(L, o, path, &b);
		ok &= load_where(L, o, path, &b);
		if ((x = jget(o, "policy"))) {
			path_fmt(p, sizeof p, "%s.policy", path);
			if ((ok &= check_policy(L, x, p)))
				ok &= (b.policy = own_strdup(L, x->valuestring)) != NULL;
		}
		if ((x = jget(o, "inspect")))
			ok &= load_inspect(L, x, path, &b);
		if ((x = jget(o, "quiz"))) {
			path_fmt(p, sizeof p, "%s.quiz", path);
			ok &= get_bool(L, x, p, &b.quiz) == 0;
		}
		if (ok)
			v[n++] = b;
	}
	s->bookmarks = v;
	s->nr_bookmarks = n;
	return 0;
}
