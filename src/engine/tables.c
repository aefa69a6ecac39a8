/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/tables.c - the names of counters, branches, outcomes and lists,
 * generated from the X-macros in their headers so they cannot drift.
 */
#include <string.h>

#include "engine.h"

/* clang-format off */
const char *const vmstat_name[NR_VM_EVENTS] = {
#define X(id, name, name61) [(id)] = (name) ? (name) : (name61),
	VMSTAT_EVENTS(X) /* NOLINT(bugprone-branch-clone): most names are the same in both kernels */
#undef X
};
static const char *const vmstat_name_2634[NR_VM_EVENTS] = {
#define X(id, name, name61) [(id)] = (name),
	VMSTAT_EVENTS(X)
#undef X
};
static const char *const vmstat_name_61[NR_VM_EVENTS] = {
#define X(id, name, name61) [(id)] = (name61),
	VMSTAT_EVENTS(X)
#undef X
};
/* clang-format on */

/* clang-format off */
const struct branch_text engine_branches[NR_BRANCHES] = {
#define X(id, name, since, where, reason) [(id)] = { (name), (since), (where), (reason) },
	BRANCHES(X)
#undef X
};
/* clang-format on */

/* clang-format off */
const char *const outcome_name[NR_OUTCOMES] = {
#define X(id, name) [(id)] = (name),
	OUTCOMES(X)
#undef X
};
/* clang-format on */

/* clang-format off */
const char *const step_func_name[NR_STEP_FUNCS] = {
#define X(id, name) [(id)] = (name),
	STEP_FUNCS(X)
#undef X
};
/* clang-format on */

/* clang-format off */
const char *const memcg_stat_name[NR_MEMCG_STATS] = {
#define X(id, name) [(id)] = (name),
	MEMCG_STATS(X)
#undef X
};
/* clang-format on */

const char *const step_kind_name[NR_STEP_KINDS] = {
	[STEP_WORKLOAD] = "workload",
	[STEP_SCAN_INACTIVE] = "scan",
	[STEP_SCAN_ACTIVE] = "scan_active",
	[STEP_WRITEBACK] = "writeback",
	[STEP_SORT] = "sort",
	[STEP_AGING] = "aging",
	[STEP_SOFT_LIMIT] = "soft_limit",
	[STEP_END] = "end",
};

const char *const lru_name[NR_LISTS] = {
	[LRU_INACTIVE_ANON] = "inactive_anon",
	[LRU_ACTIVE_ANON] = "active_anon",
	[LRU_INACTIVE_FILE] = "inactive_file",
	[LRU_ACTIVE_FILE] = "active_file",
	[LRU_UNEVICTABLE] = "unevictable",
	[LRU_ISOLATED] = "isolated",
	[LRU_FREE] = "free",
	[LRU_KERNEL] = "kernel",
	[LRU_PAGEVEC] = "pagevec",
	[LRU_GEN_FIRST + 0] = "gen0_anon",
	[LRU_GEN_FIRST + 1] = "gen0_file",
	[LRU_GEN_FIRST + 2] = "gen1_anon",
	[LRU_GEN_FIRST + 3] = "gen1_file",
	[LRU_GEN_FIRST + 4] = "gen2_anon",
	[LRU_GEN_FIRST + 5] = "gen2_file",
	[LRU_GEN_FIRST + 6] = "gen3_anon",
	[LRU_GEN_FIRST + 7] = "gen3_file",
};

const char *vmstat_name_in(int i, bool lru_gen)
{
	return lru_gen ? vmstat_name_61[i] : vmstat_name_2634[i];
}

int vmstat_lookup(const char *name)
{
	for (int i = 0; i < NR_VM_EVENTS; i++)
		if ((vmstat_name_2634[i] && strcmp(name, vmstat_name_2634[i]) == 0) ||
		    (vmstat_name_61[i] && strcmp(name, vmstat_name_61[i]) == 0))
			return i;
	return -1;
}

const char *const vmstat_gauge_name[NR_VM_GAUGES] = {
#define X(id, name) [(id)] = (name),
	VMSTAT_GAUGES(X)
#undef X
};
