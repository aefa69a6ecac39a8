/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/registry.h - the policies, and what a record's branch means
 *
 * For front ends: the list of policies (for --policy, the policy dialog,
 * `vmscan-viz policies`), and the words for a step record's branch and
 * action under the policy that ran it.
 *
 * Adding a policy: write src/policy/<name>.c defining one
 * `const struct reclaim_policy policy_<name>`, and add one line
 * `X(<name>) \` to RECLAIM_POLICIES below, where it falls in history.
 */
#ifndef VMSCAN_POLICY_REGISTRY_H
#define VMSCAN_POLICY_REGISTRY_H

#include <stddef.h>

#include "../engine/policy.h"

/* clang-format off */
#define RECLAIM_POLICIES(X) \
	X(v2_6_33)          \
	X(v2_6_33_patch1)   \
	X(v2_6_33_patch2)   \
	X(v2_6_34)          \
	X(refault)          \
	X(mapped_ratio)     \
	X(mapped_graded)    \
	X(v6_1)             \
	X(mglru)            \
	/* end of the list */
/* clang-format on */

/* How many there are, at compile time: what a table of one row a policy
 * is sized by (plot's, the quiz's scores), so a policy added is counted. */
enum {
#define X(name) RECLAIM_POLICY_##name,
	RECLAIM_POLICIES(X)
#undef X
		NR_RECLAIM_POLICIES
};

extern const struct reclaim_policy *const reclaim_policies[];
extern const unsigned nr_reclaim_policies; /* NR_RECLAIM_POLICIES */
/* The policy --policy calls @name, or NULL. */
const struct reclaim_policy *policy_find(const char *name);

/* Branch @br of a record of a run under @p: its name in traces and
 * reports ("used_once"), its reason (one sentence) and where it comes
 * from (kernel version, patch, function), written into @buf.  "" for a
 * number that means nothing under @p. */
const char *branch_name(const struct reclaim_policy *p, unsigned br);
const char *branch_reason(const struct reclaim_policy *p, unsigned br);
/* False for an engine branch @p's LRU never takes: the multi-gen LRU's
 * (6.1's lru_gen code) under a two-list policy. */
bool branch_applies(const struct reclaim_policy *p, unsigned br);
const char *branch_origin(const struct reclaim_policy *p, unsigned br, char *buf, size_t n);
/* Branch @br in a few plain words for a student, where a name
 * ("61_unreferenced") would be the program's: its reason up to the
 * first colon ("no young pte"), into @buf; "" when it has none. */
const char *branch_gist(const struct reclaim_policy *p, unsigned br, char *buf, size_t n);

#endif
