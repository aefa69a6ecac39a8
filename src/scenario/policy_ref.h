/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/policy_ref.h - a run's policy as the user names it: "P" or "P/global"
 *
 * "2.6.34/global" is 2.6.34 run over the scenario's workload with its
 * memory cgroups left out: the same operations, one global LRU, no
 * limits (what data/database-cgroup-global.json spells out by hand).
 * Every command and the visualizer parse a name here, once, and hand the
 * struct on; nothing else looks at the suffix.
 *
 *	struct policy_ref r;
 *	if (policy_ref_parse("2.6.34/global", &r) < 0) ...unknown...
 *	e = engine_new(policy_ref_workload(&r, &s->wl, &tmp), r.policy, &err);
 *	policy_ref_name(&r, buf, sizeof buf)	"2.6.34/global"
 */
#ifndef VMSCAN_SCENARIO_POLICY_REF_H
#define VMSCAN_SCENARIO_POLICY_REF_H

#include <stdbool.h>
#include <stddef.h>

#include "../engine/workload.h"
#include "../policy/registry.h"

#define POLICY_REF_GLOBAL "/global"

struct policy_ref {
	const struct reclaim_policy *policy;
	bool global; /* the scenario's memory cgroups left out */
};

/* @name ("P" or "P/global") into @r: 0, or -1 when P names no policy. */
int policy_ref_parse(const char *name, struct policy_ref *r);
/* "A,B" (--compare) into @r[0] and @r[1]: 0, or -1. */
int policy_ref_parse_pair(const char *text, struct policy_ref r[2]);
/* "P", or "P/global"; @buf. */
const char *policy_ref_name(const struct policy_ref *r, char *buf, size_t n);
/* The workload a run under @r gets: @wl, or for a global run a copy of
 * it in @tmp without the cgroups (@tmp must outlive the engine; the
 * operations still name their cgroups, which an engine without any
 * reads as the root, 2.6.34's every page when memcg is off). */
const struct workload *policy_ref_workload(const struct policy_ref *r, const struct workload *wl,
					   struct workload *tmp);
/* "mglru does not model memory cgroups: mglru/global runs it without
 * them": why @r cannot run a scenario with cgroups, in one line. */
const char *policy_ref_refusal(const struct policy_ref *r, char *buf, size_t n);
/* Is the run of @e's workload, started from @wl, a global one (its
 * cgroups left out)?  For naming a run after the fact. */
bool policy_ref_is_global(const struct workload *run, const struct workload *wl);
static inline bool policy_ref_eq(const struct policy_ref *x, const struct policy_ref *y)
{
	return x->policy == y->policy && x->global == y->global;
}

#endif
