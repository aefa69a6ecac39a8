/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/json.c - typed access to a scenario's JSON values, with
 * diagnostics
 *
 * Each getter checks one JSON value against what the format allows and, if
 * it is wrong, reports what it found and what was expected.  Numbers arrive
 * from cJSON as doubles, so an integer is one that is finite, whole and in
 * range (2.5, 1e400 and -1 are all refused).  Keys are compared case-
 * sensitively; an unknown key gets the closest known one as a suggestion,
 * and a repeated key is an error (cJSON would silently keep the first).
 * Left out: what the values mean (top.c, ops.c, expect.c, bookmarks.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/suggest.h"
#include "../util/text.h"
#include "diag.h"
#include "json.h"

const cJSON *jget(const cJSON *obj, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(obj, key);
}

void describe(struct loader *L, const cJSON *v, char *buf, size_t n)
{
	if (!v) {
		snprintf(buf, n, "nothing");
	} else if (cJSON_IsObject(v)) {
		snprintf(buf, n, "an object");
	} else if (cJSON_IsArray(v)) {
		snprintf(buf, n, "an array");
	} else if (cJSON_IsString(v)) {
		text_quote(v->valuestring, buf, n);
	} else if (cJSON_IsTrue(v)) {
		snprintf(buf, n, "true");
	} else if (cJSON_IsFalse(v)) {
		snprintf(buf, n, "false");
	} else if (cJSON_IsNull(v)) {
		snprintf(buf, n, "null");
	} else {
		/* a number: as the author wrote it, when we know where it is */
		long off = locate_offset(&L->loc, L->root, v, false);
		if (off >= 0) {
			size_t k = 0;
			while (k + 1 < n && k < 30 && (size_t)off + k < L->len &&
			       strchr("0123456789+-eE.", L->buf[off + k]) && L->buf[off + k])
				k++;
			memcpy(buf, L->buf + off, k);
			buf[k] = '\0';
			if (k < 30)
				return;
		}
		snprintf(buf, n, "%.17g", v->valuedouble);
	}
}

static bool in_list(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(s, *list) == 0)
			return true;
	return false;
}

bool check_keys(struct loader *L, const cJSON *obj, const char *path, const char *const *keys)
{
	bool ok = true;

	for (const cJSON *c = obj->child; c && !L->stop; c = c->next) {
		char q[96], msg[256];
		text_quote(c->string, q, sizeof q);
		if (!in_list(c->string, keys)) {
			snprintf(msg, sizeof msg, "unknown key %s", q);
			suggest_append(msg, sizeof msg, c->string, keys, SIZE_MAX);
			lerr(L, c, true, path, "%s", msg);
			ok = false;
			continue;
		}
		for (const cJSON *p = obj->child; p != c; p = p->next) {
			if (strcmp(p->string, c->string) == 0) {
				lerr(L, c, true, path, "duplicate key %s", q);
				ok = false;
				break;
			}
		}
	}
	return ok;
}

bool want_object(struct loader *L, const cJSON *v, const char *path)
{
	char f[96];

	if (cJSON_IsObject(v))
		return true;
	describe(L, v, f, sizeof f);
	lerr(L, v, false, path, "expected an object {...}, found %s", f);
	return false;
}

bool want_array(struct loader *L, const cJSON *v, const char *path)
{
	char f[96];

	if (cJSON_IsArray(v))
		return true;
	describe(L, v, f, sizeof f);
	lerr(L, v, false, path, "expected an array [...], found %s", f);
	return false;
}

int get_uint(struct loader *L, const cJSON *v, const char *path, uint64_t min, uint64_t max, uint64_t *out)
{
	char f[96];
	double x;

	if (cJSON_IsNumber(v)) {
		x = v->valuedouble;
		if (isfinite(x) && x == floor(x) && x >= (double)min && x <= (double)max &&
		    x < 9007199254740992.0) {
			*out = (uint64_t)x;
			return 0;
		}
	}
	describe(L, v, f, sizeof f);
	if (max >= (1ull << 53))
		lerr(L, v, false, path, "expected a whole number of at least %llu, found %s",
		     (unsigned long long)min, f);
	else
		lerr(L, v, false, path, "expected a whole number from %llu to %llu, found %s",
		     (unsigned long long)min, (unsigned long long)max, f);
	return -1;
}

int get_bool(struct loader *L, const cJSON *v, const char *path, bool *out)
{
	char f[96];

	if (cJSON_IsBool(v)) {
		*out = cJSON_IsTrue(v);
		return 0;
	}
	describe(L, v, f, sizeof f);
	lerr(L, v, false, path, "expected true or false, found %s", f);
	return -1;
}

int get_string(struct loader *L, const cJSON *v, const char *path, const char **out)
{
	char f[96];

	if (cJSON_IsString(v) && v->valuestring[0]) {
		*out = v->valuestring;
		return 0;
	}
	describe(L, v, f, sizeof f);
	lerr(L, v, false, path, "expected a non-empty string, found %s", f);
	return -1;
}

int get_choice(struct loader *L, const cJSON *v, const char *path, const char *const *choices, int *out)
{
	char f[96], list[160] = "", msg[320];
	size_t k = 0;

	if (cJSON_IsString(v))
		for (int i = 0; choices[i]; i++)
			if (strcmp(v->valuestring, choices[i]) == 0) {
				*out = i;
				return 0;
			}
	for (int i = 0; choices[i] && k < sizeof list; i++)
		k += (size_t)snprintf(list + k, sizeof list - k, "%s\"%s\"",
				      !i	       ? ""
				      : choices[i + 1] ? ", "
						       : " or ",
				      choices[i]);
	describe(L, v, f, sizeof f);
	snprintf(msg, sizeof msg, "expected %s, found %s", list, f);
	if (cJSON_IsString(v))
		suggest_append(msg, sizeof msg, v->valuestring, choices, SIZE_MAX);
	lerr(L, v, false, path, "%s", msg);
	return -1;
}

void missing_key(struct loader *L, const cJSON *obj, const char *path, const char *key)
{
	lerr(L, obj, false, path, "missing required key \"%s\"", key);
}

int find_object(struct loader *L, const cJSON *v, const char *path, uint32_t *out)
{
	const char *name;
	char q[96], msg[320];
	const char **names;
	int k;

	if (get_string(L, v, path, &name) < 0)
		return -1;
	if ((k = loader_find_object(L, name)) >= 0) {
		*out = (uint32_t)k;
		return L->obj_bad[k] ? -1 : 0;
	}
	if (L->objects_failed)
		return -1;
	text_quote(name, q, sizeof q);
	snprintf(msg, sizeof msg, "no object named %s in \"objects\"", q);
	names = malloc((L->nr_obj + 1) * sizeof *names);
	if (names) {
		for (uint32_t i = 0; i < L->nr_obj; i++)
			names[i] = L->obj[i].name;
		suggest_append(msg, sizeof msg, name, names, L->nr_obj);
		free(names);
	}
	lerr(L, v, false, path, "%s", msg);
	return -1;
}
