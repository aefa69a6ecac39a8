/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/tables.c - the names of counters, branches, outcomes and lists,
 * generated from the X-macros in their headers so they cannot drift.
 */
#include "engine.h"

/* clang-format off */
const char *const vmstat_name[NR_VM_EVENTS] = {
#define X(id, name) [(id)] = (name),
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
};
