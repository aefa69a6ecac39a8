/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/registry.c - the policies, in history order
 *
 * Adding a policy: one file in src/policy/ and one line here.
 */
#include <string.h>

#include "../engine/internal.h"

extern const struct reclaim_policy policy_v2_6_33, policy_v2_6_33_patch1, policy_v2_6_33_patch2,
	policy_v2_6_34, policy_refault, policy_mapped_ratio;

const struct reclaim_policy *const reclaim_policies[] = {
	&policy_v2_6_33, &policy_v2_6_33_patch1, &policy_v2_6_33_patch2,
	&policy_v2_6_34, &policy_refault,	 &policy_mapped_ratio,
};
const unsigned nr_reclaim_policies = sizeof reclaim_policies / sizeof reclaim_policies[0];

const struct reclaim_policy *policy_find(const char *name)
{
	for (unsigned i = 0; i < nr_reclaim_policies; i++)
		if (strcmp(reclaim_policies[i]->name, name) == 0)
			return reclaim_policies[i];
	return NULL;
}
