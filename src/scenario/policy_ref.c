/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/policy_ref.c - "P" and "P/global", parsed in one place (policy_ref.h)
 */
#include <stdio.h>
#include <string.h>

#include "policy_ref.h"

int policy_ref_parse(const char *name, struct policy_ref *r)
{
	size_t len = name ? strlen(name) : 0, m = strlen(POLICY_REF_GLOBAL);
	char base[64];

	r->policy = NULL;
	r->global = false;
	if (!name)
		return -1;
	if (len > m && len - m < sizeof base && strcmp(name + len - m, POLICY_REF_GLOBAL) == 0) {
		memcpy(base, name, len - m);
		base[len - m] = '\0';
		r->global = true;
		r->policy = policy_find(base);
	} else {
		r->policy = policy_find(name);
	}
	return r->policy ? 0 : -1;
}

int policy_ref_parse_pair(const char *text, struct policy_ref r[2])
{
	const char *comma = text ? strchr(text, ',') : NULL;
	char first[64];

	if (!comma || (size_t)(comma - text) >= sizeof first)
		return -1;
	memcpy(first, text, (size_t)(comma - text));
	first[comma - text] = '\0';
	return policy_ref_parse(first, &r[0]) == 0 && policy_ref_parse(comma + 1, &r[1]) == 0 ? 0 : -1;
}

const char *policy_ref_name(const struct policy_ref *r, char *buf, size_t n)
{
	snprintf(buf, n, "%s%s", r->policy ? r->policy->name : "?", r->global ? POLICY_REF_GLOBAL : "");
	return buf;
}

const struct workload *policy_ref_workload(const struct policy_ref *r, const struct workload *wl,
					   struct workload *tmp)
{
	if (!r->global)
		return wl;
	*tmp = *wl;
	tmp->cgroups = NULL;
	tmp->nr_cgroups = 0;
	return tmp;
}

bool policy_ref_is_global(const struct workload *run, const struct workload *wl)
{
	return run != wl && run->nr_cgroups != wl->nr_cgroups;
}

const char *policy_ref_refusal(const struct policy_ref *r, char *buf, size_t n)
{
	struct policy_ref g = { r->policy, true };
	char name[48];

	/* engine_models(): 2.6.34's memcg is the two-list policies' only */
	snprintf(buf, n, "%s does not model memory cgroups: %s runs it without them",
		 r->policy ? r->policy->name : "?", policy_ref_name(&g, name, sizeof name));
	return buf;
}
