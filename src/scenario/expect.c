/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/expect.c - "expect": what a scenario says must hold
 *
 * Each entry is a check "SUBJECT CMP NUMBER" (spaces around CMP), with
 * optional "policy" (a name or an array of names) and "step".  SUBJECT is
 * OBJECT.resident_percent|resident|active|refaults (split at the last dot,
 * so object names may hold dots), decisions.OUTCOME, lists.LIST,
 * cgroup.NAME.COUNTER (a memory.stat-style counter of a cgroup), or a bare
 * /proc/vmstat name as run --vmstat prints it under either kernel (a
 * counter, or a gauge: nr_LIST, nr_free_pages, nr_mapped, ...).  An entry naming several policies becomes one
 * struct expectation per policy, all with the same text.
 * Left out: evaluating them (the CLI does, after a run); arithmetic or
 * two subjects in one check.
 */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/engine.h"
#include "../policy/registry.h"
#include "../util/grow.h"
#include "../util/suggest.h"
#include "../util/text.h"
#include "diag.h"
#include "expect.h"
#include "json.h"
#include "own.h"

const char *const expect_keys[] = { "check", "policy", "step", NULL };

static const char *const metrics[] = { "resident_percent", "resident", "active", "refaults", NULL };
static const uint8_t metric_of[] = { EXPECT_RESIDENT_PERCENT, EXPECT_RESIDENT, EXPECT_ACTIVE,
				     EXPECT_REFAULTS };
static const char *const cmps[] = { "<", "<=", "==", ">=", ">", NULL };
static const uint8_t cmp_of[] = { CMP_LT, CMP_LE, CMP_EQ, CMP_GE, CMP_GT };

static int lookup(const char *w, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n && names[i]; i++)
		if (strcmp(w, names[i]) == 0)
			return (int)i;
	return -1;
}

static void unknown(char *why, size_t n, const char *what, const char *w, const char *const *names,
		    size_t count)
{
	char q[96];

	text_quote(w, q, sizeof q);
	snprintf(why, n, "unknown %s %s", what, q);
	suggest_append(why, n, w, names, count);
}

/* "cgroup.NAME" with @suffix a memory.stat-style counter (engine.h
 * MEMCG_STATS): 1, or 0 when @subj is not "cgroup.*", or -1. */
static int cgroup_subject(const char *subj, const char *suffix, const struct workload *wl,
			  struct expectation *e, char *why, size_t n)
{
	const char *name, *names[WL_MAX_CGROUPS];
	char q[96];
	int k;

	if (strncmp(subj, "cgroup.", 7) != 0)
		return 0;
	if (!wl) {
		snprintf(why, n, "no cgroups to name here");
		return -1;
	}
	name = subj + 7;
	for (uint32_t i = 0; i < wl->nr_cgroups; i++) {
		names[i] = wl->cgroups[i].name;
		if (strcmp(name, names[i]) != 0)
			continue;
		if ((k = lookup(suffix, memcg_stat_name, NR_MEMCG_STATS)) < 0) {
			unknown(why, n, "cgroup counter", suffix, memcg_stat_name, NR_MEMCG_STATS);
			return -1;
		}
		e->metric = EXPECT_MEMCG;
		e->object = i + 1;
		e->item = k;
		return 1;
	}
	text_quote(name, q, sizeof q);
	if (!wl->nr_cgroups)
		snprintf(why, n, "no cgroup named %s: the scenario declares no \"cgroups\"", q);
	else {
		snprintf(why, n, "no cgroup named %s in \"cgroups\"", q);
		suggest_append(why, n, name, names, wl->nr_cgroups);
	}
	return -1;
}

static int subject(char *subj, const struct workload *wl, const struct object_spec *obj, uint32_t nr_obj,
		   struct expectation *e, char *why, size_t n)
{
	char *dot = strrchr(subj, '.'), *suffix;
	int k;

	if (!dot) {
		/* /proc/vmstat's gauges of the lists (run --vmstat prints them):
		 * nr_LIST is lists.LIST, nr_free_pages lists.free */
		k = strcmp(subj, "nr_free_pages") == 0 ? LRU_FREE
		    : strncmp(subj, "nr_", 3) == 0     ? lookup(subj + 3, lru_name, LRU_UNEVICTABLE + 1)
						       : -1;
		if (k >= 0) {
			e->metric = EXPECT_LIST;
			e->item = k;
			return 0;
		}
		if ((k = lookup(subj, vmstat_gauge_name, NR_VM_GAUGES)) >= 0) {
			e->metric = EXPECT_GAUGE;
			e->item = k;
			return 0;
		}
		/* a counter by either kernel's name: run --vmstat prints 6.1's
		 * under mglru (pgrefill, pgsteal_kswapd, ...) */
		if ((k = vmstat_lookup(subj)) < 0) {
			const char *names[2 * NR_VM_EVENTS + NR_VM_GAUGES];
			size_t nn = 0;

			for (int i = 0; i < NR_VM_EVENTS; i++)
				for (int gen = 0; gen < 2; gen++)
					if (vmstat_name_in(i, gen) &&
					    (!gen || !vmstat_name_in(i, false) ||
					     strcmp(vmstat_name_in(i, true), vmstat_name_in(i, false)) != 0))
						names[nn++] = vmstat_name_in(i, gen);
			for (int i = 0; i < NR_VM_GAUGES; i++)
				names[nn++] = vmstat_gauge_name[i];
			unknown(why, n, "counter", subj, names, nn);
			return -1;
		}
		e->metric = EXPECT_COUNTER;
		e->item = k;
		return 0;
	}
	*dot = '\0';
	suffix = dot + 1;
	for (uint32_t i = 0; i < nr_obj; i++) {
		if (strcmp(obj[i].name, subj) != 0)
			continue;
		if ((k = lookup(suffix, metrics, SIZE_MAX)) < 0) {
			unknown(why, n, "measure", suffix, metrics, SIZE_MAX);
			snprintf(why + strlen(why), n - strlen(why),
				 " (an object has resident_percent, resident, active and refaults)");
			return -1;
		}
		e->metric = metric_of[k];
		e->object = i;
		return 0;
	}
	if (strcmp(subj, "decisions") == 0) {
		if ((k = lookup(suffix, outcome_name, NR_OUTCOMES)) < 0) {
			unknown(why, n, "outcome", suffix, outcome_name, NR_OUTCOMES);
			return -1;
		}
		e->metric = EXPECT_DECISIONS;
		e->item = k;
		return 0;
	}
	if (strcmp(subj, "lists") == 0) {
		if ((k = lookup(suffix, lru_name, NR_LISTS)) < 0) {
			unknown(why, n, "list", suffix, lru_name, NR_LISTS);
			return -1;
		}
		e->metric = EXPECT_LIST;
		e->item = k;
		return 0;
	}
	if ((k = cgroup_subject(subj, suffix, wl, e, why, n)) != 0)
		return k < 0 ? -1 : 0;
	{
		const char **names = malloc((nr_obj + 3) * sizeof *names);
		char q[96];
		text_quote(subj, q, sizeof q);
		snprintf(why, n, "no object named %s (nor \"decisions\" or \"lists\")", q);
		if (names) {
			for (uint32_t i = 0; i < nr_obj; i++)
				names[i] = obj[i].name;
			names[nr_obj] = "decisions";
			names[nr_obj + 1] = "lists";
			suggest_append(why, n, subj, names, nr_obj + 2);
			free(names);
		}
	}
	return -1;
}

/* A decimal number as JSON writes it (an optional sign, digits, a point,
 * an exponent: "90", "-2.5", "1e3"), read the same in every locale:
 * strtod() takes the locale's decimal point, so the point is swapped for
 * it first (as cJSON does).  Nothing else is accepted: no hex, "inf",
 * "nan" or spaces.  0, or -1. */
static int parse_number(const char *s, double *out)
{
	const char *p = s, *dp = localeconv()->decimal_point;
	char buf[128], *end;
	size_t k = 0, dpl = strlen(dp);
	int digits = 0;

	if (*p == '-' || *p == '+')
		p++;
	for (; *p >= '0' && *p <= '9'; p++)
		digits++;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			digits++;
	if (!digits)
		return -1;
	if (*p == 'e' || *p == 'E') {
		int exp = 0;
		if (*++p == '-' || *p == '+')
			p++;
		for (; *p >= '0' && *p <= '9'; p++)
			exp++;
		if (!exp)
			return -1;
	}
	if (*p || (size_t)(p - s) + dpl >= sizeof buf)
		return -1;
	for (p = s; *p; p++) {
		if (*p == '.') {
			memcpy(buf + k, dp, dpl);
			k += dpl;
		} else {
			buf[k++] = *p;
		}
	}
	buf[k] = '\0';
	*out = strtod(buf, &end);
	return *end || !isfinite(*out) ? -1 : 0;
}

int expect_parse_check(const char *text, const struct workload *wl, const struct object_spec *obj,
		       uint32_t nr_obj, struct expectation *e, char *why, size_t n)
{
	char buf[256], *num, *cmp, q[96];
	size_t k;
	int c;

	text_quote(text, q, sizeof q);
	if (strlen(text) >= sizeof buf) {
		snprintf(why, n, "expected a check shorter than %zu bytes", sizeof buf);
		return -1;
	}
	while (*text == ' ' || *text == '\t')
		text++;
	memcpy(buf, text, strlen(text) + 1); /* fits: checked above */
	k = strlen(buf);
	while (k && (buf[k - 1] == ' ' || buf[k - 1] == '\t'))
		buf[--k] = '\0';
	num = strrchr(buf, ' ');
	if (!num)
		goto syntax;
	*num++ = '\0';
	k = strlen(buf);
	while (k && buf[k - 1] == ' ')
		buf[--k] = '\0';
	cmp = strrchr(buf, ' ');
	if (!cmp)
		goto syntax;
	*cmp++ = '\0';
	k = strlen(buf);
	while (k && buf[k - 1] == ' ')
		buf[--k] = '\0';
	if (!buf[0] || buf[0] == ' ')
		goto syntax;
	if ((c = lookup(cmp, cmps, SIZE_MAX)) < 0) {
		char qc[96];
		text_quote(cmp, qc, sizeof qc);
		snprintf(why, n, "expected a comparison <, <=, ==, >= or >, found %s in %s", qc, q);
		return -1;
	}
	if (parse_number(num, &e->value) < 0) {
		char qn[96];
		text_quote(num, qn, sizeof qn);
		snprintf(why, n, "expected a number after %s, found %s", cmp, qn);
		return -1;
	}
	e->cmp = cmp_of[c];
	return subject(buf, wl, obj, nr_obj, e, why, n);
syntax:
	snprintf(why, n, "expected \"SUBJECT CMP NUMBER\" like \"index.resident_percent >= 90\", found %s",
		 q);
	return -1;
}

static int add(struct loader *L, struct expectation **v, uint32_t *nv, uint32_t *cap,
	       const struct expectation *e, const char *text, const char *policy)
{
	struct expectation *x;

	if (!grow_array(*v, *cap, *nv + 1, 8)) {
		out_of_memory(L);
		return -1;
	}
	x = &(*v)[*nv];
	*x = *e;
	x->text = own_strdup(L, text);
	x->policy = policy ? own_strdup(L, policy) : NULL;
	if (!x->text || (policy && !x->policy))
		return -1;
	(*nv)++;
	return 0;
}

bool check_policy(struct loader *L, const cJSON *x, const char *path)
{
	const char *name;
	char msg[320];

	if (get_string(L, x, path, &name) < 0)
		return false;
	if (policy_find(name))
		return true;
	policy_suggest(msg, sizeof msg, name);
	lerr(L, x, false, path, "%s", msg);
	return false;
}

int load_expect(struct loader *L, const cJSON *arr, struct scenario *s)
{
	struct expectation *v = NULL;
	uint32_t nv = 0, cap = 0, i = 0;
	char path[48], p[64], why[320];

	if (!want_array(L, arr, "expect"))
		return -1;
	for (const cJSON *o = arr->child; o && !L->stop; o = o->next, i++) {
		struct expectation e;
		const cJSON *check, *pol, *step;
		const char *text = NULL;
		uint64_t at = 0;
		bool bad = false;

		memset(&e, 0, sizeof e);
		path_fmt(path, sizeof path, "expect[%u]", i);
		if (!want_object(L, o, path))
			continue;
		bad = !check_keys(L, o, path, expect_keys);
		path_fmt(p, sizeof p, "%s.check", path);
		if (!(check = jget(o, "check"))) {
			missing_key(L, o, path, "check");
			bad = true;
		} else if (get_string(L, check, p, &text) < 0) {
			bad = true;
		} else if (expect_parse_check(text, &s->wl, L->obj, L->nr_obj, &e, why, sizeof why) < 0) {
			lerr(L, check, false, p, "%s", why);
			bad = true;
		}
		path_fmt(p, sizeof p, "%s.step", path);
		if ((step = jget(o, "step")) && get_uint(L, step, p, 1, UINT64_MAX, &at) < 0)
			bad = true;
		e.at_step = at;
		path_fmt(p, sizeof p, "%s.policy", path);
		pol = jget(o, "policy");
		if (pol && cJSON_IsArray(pol)) {
			unsigned k = 0;
			if (!pol->child) {
				lerr(L, pol, false, p,
				     "expected a policy name or a non-empty array of them, found an empty "
				     "array");
				bad = true;
			}
			for (const cJSON *x = pol->child; x; x = x->next, k++) {
				char pk[80];
				path_fmt(pk, sizeof pk, "%s[%u]", p, k);
				if (!check_policy(L, x, pk))
					bad = true;
			}
			if (bad)
				continue;
			for (const cJSON *x = pol->child; x; x = x->next)
				if (add(L, &v, &nv, &cap, &e, text, x->valuestring) < 0)
					break;
		} else if (pol) {
			if (!check_policy(L, pol, p) || bad)
				continue;
			add(L, &v, &nv, &cap, &e, text, pol->valuestring);
		} else if (!bad) {
			add(L, &v, &nv, &cap, &e, text, NULL);
		}
	}
	if (v && own_add(L, v) < 0) {
		free(v);
		return -1;
	}
	s->expect = v;
	s->nr_expect = nv;
	return 0;
}
