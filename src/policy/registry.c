/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/registry.c - the policies in history order, and their branches
 */
#include <string.h>

#include "common.h"
#include "registry.h"

#define X(name) extern const struct reclaim_policy policy_##name;
RECLAIM_POLICIES(X)
#undef X

const struct reclaim_policy *const reclaim_policies[] = {
#define X(name) &policy_##name,
	RECLAIM_POLICIES(X)
#undef X
};
const unsigned nr_reclaim_policies = sizeof reclaim_policies / sizeof reclaim_policies[0];

const struct reclaim_policy *policy_find(const char *name)
{
	for (unsigned i = 0; i < nr_reclaim_policies; i++)
		if (strcmp(reclaim_policies[i]->name, name) == 0)
			return reclaim_policies[i];
	return NULL;
}

/* The row of @p's tests that names @br, if any. */
static const struct policy_check *find_check(const struct reclaim_policy *p, unsigned br)
{
	const struct policy_checks *t[2] = { p->checks, p->active_checks };

	for (int k = 0; k < 2; k++)
		for (unsigned i = 0; t[k] && i < t[k]->nr; i++)
			if (t[k]->row[i].branch == br)
				return &t[k]->row[i];
	return NULL;
}

/* The words of @br, or NULL: the engine's own, the kernel's, or @p's. */
static const struct branch_text *text_of(const struct reclaim_policy *p, unsigned br, struct branch_text *own)
{
	const struct policy_check *c;

	if (br < NR_BRANCHES)
		return &engine_branches[br];
	if (br >= BR_POLICY && br < BR_KERNEL_END)
		return &kernel_branches[br - BR_POLICY];
	c = find_check(p, br);
	if (!c || !c->name)
		return NULL;
	*own = (struct branch_text){ c->name, "", "", c->reason };
	return own;
}

const char *branch_name(const struct reclaim_policy *p, unsigned br)
{
	struct branch_text own;
	const struct branch_text *t = text_of(p, br, &own);

	return t ? t->name : "";
}

const char *branch_reason(const struct reclaim_policy *p, unsigned br)
{
	struct branch_text own;
	const struct branch_text *t = text_of(p, br, &own);

	return t ? t->reason : "";
}

const char *branch_gist(const struct reclaim_policy *p, unsigned br, char *buf, size_t n)
{
	const char *r = branch_reason(p, br);
	size_t len = 0;

	if (!n)
		return buf;
	while (r[len] && r[len] != ':' && len + 1 < n) {
		buf[len] = r[len];
		len++;
	}
	buf[len] = '\0';
	return buf;
}

bool branch_applies(const struct reclaim_policy *p, unsigned br)
{
	const char *since = br < NR_BRANCHES ? engine_branches[br].since : NULL;

	return p->lru_gen || !since || strcmp(since, "6.1") != 0;
}

/* Appends @s at @at in @buf of @n bytes; returns the new end. */
static size_t append(char *buf, size_t n, size_t at, const char *s)
{
	size_t len = strlen(s);

	if (at + len >= n)
		len = at < n ? n - at - 1 : 0;
	memcpy(buf + at, s, len);
	buf[at + len] = '\0';
	return at + len;
}

const char *branch_origin(const struct reclaim_policy *p, unsigned br, char *buf, size_t n)
{
	const struct policy_check *c;
	const struct branch_text *t;
	const char *since;
	size_t at;

	if (!n)
		return "";
	buf[0] = '\0';
	if (br >= NR_BRANCHES) {
		c = find_check(p, br);
		return c && c->origin ? c->origin : "";
	}
	/* the engine's rule: in the running policy's kernel, unless it dates
	 * from elsewhere */
	t = &engine_branches[br];
	if (!t->where[0])
		return "";
	since = t->since ? t->since : p->kernel;
	at = append(buf, n, 0, since);
	if (since[0])
		at = append(buf, n, at, " ");
	append(buf, n, at, t->where);
	return buf;
}
