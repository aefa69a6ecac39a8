/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/cgroups.c - "cgroups": [{"name", "limit", "soft_limit",
 * "swappiness"}] and the "cgroup" key of an operation
 *
 * Each entry is a memory cgroup of 2.6.34 (engine/memcontrol.c), flat:
 * no hierarchy.  Limits are in pages, from 1 to the zone's pages (a limit
 * of 0 could never charge a page; one above the zone could never bind).
 * An operation's "cgroup" names the cgroup of the task doing it, which
 * pays for the pages it brings in; without it the task is in the root
 * cgroup, which has no limit.
 * Left out: use_hierarchy, memsw limits, move_charge_at_immigrate.
 */
#include <stdio.h>
#include <string.h>

#include "../engine/engine.h"
#include "../util/suggest.h"
#include "../util/text.h"
#include "cgroups.h"
#include "diag.h"
#include "json.h"
#include "own.h"

const char *const cgroup_keys[] = { "name", "limit", "soft_limit", "swappiness", NULL };

static int cgroup_index(const struct loader *L, const char *name)
{
	for (uint32_t i = 0; i < L->nr_cg; i++)
		if (strcmp(L->cg[i].name, name) == 0)
			return (int)i;
	return -1;
}

static void load_cgroup(struct loader *L, const cJSON *o, uint32_t i, const struct memory_spec *m)
{
	struct wl_cgroup *cg = &L->cg[L->nr_cg];
	const cJSON *x;
	const char *name;
	char path[32], p[64], q[96];
	uint64_t v, max = m->pages ? m->pages : ENGINE_MAX_PAGES;

	path_fmt(path, sizeof path, "cgroups[%u]", i);
	if (!want_object(L, o, path))
		return;
	check_keys(L, o, path, cgroup_keys);
	path_fmt(p, sizeof p, "%s.name", path);
	if (!(x = jget(o, "name"))) {
		missing_key(L, o, path, "name");
		return;
	}
	if (get_string(L, x, p, &name) < 0)
		return;
	text_quote(name, q, sizeof q);
	if (strlen(name) > 32 || strpbrk(name, " \t\r\n.\"")) {
		lerr(L, x, false, p,
		     "expected a cgroup name of 1 to 32 characters without spaces or dots, found %s", q);
		return;
	}
	if (cgroup_index(L, name) >= 0) {
		lerr(L, x, false, p, "a second cgroup named %s; names must be unique", q);
		return;
	}
	memset(cg, 0, sizeof *cg);
	cg->swappiness = m->swappiness;
	path_fmt(p, sizeof p, "%s.limit", path);
	if (!(x = jget(o, "limit"))) {
		missing_key(L, o, path, "limit");
	} else if (cJSON_IsNumber(x) && x->valuedouble == 0) {
		lerr(L, x, false, p, "a limit of 0 pages could never charge a page; expected 1 to %llu",
		     (unsigned long long)max);
	} else if (cJSON_IsNumber(x) && m->pages && x->valuedouble > m->pages) {
		lerr(L, x, false, p,
		     "a limit of %.0f pages is above the zone's %u (memory.pages), so it would never bind; "
		     "expected 1 to %u",
		     x->valuedouble, m->pages, m->pages);
	} else if (get_uint(L, x, p, 1, max, &v) == 0) {
		cg->limit = (uint32_t)v;
	}
	path_fmt(p, sizeof p, "%s.soft_limit", path);
	if ((x = jget(o, "soft_limit")) && get_uint(L, x, p, 1, max, &v) == 0)
		cg->soft_limit = (uint32_t)v;
	path_fmt(p, sizeof p, "%s.swappiness", path);
	if ((x = jget(o, "swappiness")) && get_uint(L, x, p, 0, 100, &v) == 0)
		cg->swappiness = (uint32_t)v;
	cg->name = own_strdup(L, name);
	if (cg->name)
		L->nr_cg++;
}

void load_cgroups(struct loader *L, const cJSON *arr, struct workload *wl)
{
	unsigned nerr = L->nerr;
	uint32_t i = 0;
	int n;

	L->cgroups_given = true;
	L->cgroups_failed = true;
	if (!want_array(L, arr, "cgroups"))
		return;
	n = cJSON_GetArraySize(arr);
	if (n < 1 || n > WL_MAX_CGROUPS) {
		lerr(L, arr, false, "cgroups", "expected 1 to %u cgroups, found %d", WL_MAX_CGROUPS, n);
		return;
	}
	L->cg = own_alloc(L, (size_t)n * sizeof *L->cg);
	if (!L->cg)
		return;
	for (const cJSON *o = arr->child; o && !L->stop; o = o->next, i++)
		load_cgroup(L, o, i, &wl->memory);
	L->cgroups_failed = L->nerr != nerr;
	wl->cgroups = L->cg;
	wl->nr_cgroups = L->nr_cg;
}

int find_cgroup(struct loader *L, const cJSON *v, const char *path, uint8_t *out)
{
	const char *name, *names[WL_MAX_CGROUPS];
	char q[96], msg[320];
	int k;

	if (get_string(L, v, path, &name) < 0)
		return -1;
	text_quote(name, q, sizeof q);
	if (!L->cgroups_given) {
		lerr(L, v, false, path,
		     "cgroup %s is not declared: a \"cgroup\" key needs a top-level \"cgroups\" array, "
		     "e.g. \"cgroups\": [{\"name\": %s, \"limit\": 256}]",
		     q, q);
		return -1;
	}
	if ((k = cgroup_index(L, name)) >= 0) {
		*out = (uint8_t)(k + 1);
		return 0;
	}
	if (L->cgroups_failed)
		return -1;
	snprintf(msg, sizeof msg, "no cgroup named %s in \"cgroups\"", q);
	for (uint32_t i = 0; i < L->nr_cg; i++)
		names[i] = L->cg[i].name;
	suggest_append(msg, sizeof msg, name, names, L->nr_cg);
	if (!strstr(msg, "did you mean"))
		for (uint32_t i = 0; i < L->nr_cg; i++) {
			size_t len = strlen(msg);
			text_quote(names[i], q, sizeof q);
			snprintf(msg + len, sizeof msg - len, "%s%s", i ? ", " : "; declared: ", q);
		}
	lerr(L, v, false, path, "%s", msg);
	return -1;
}
