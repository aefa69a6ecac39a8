/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/vmstat.h - event counters, named as /proc/vmstat names them
 *
 * One X-macro gives both the enum and the printed names, so they cannot
 * drift.  The zone suffix "_normal" is used because the simulator models one
 * ZONE_NORMAL.  Counters that 2.6.34 did not export (workingset_*, from 3.15)
 * are only incremented by policies that model the later kernel; counters
 * marked "sim" are the simulator's own and are printed in a separate group.
 */
#ifndef VMSCAN_VMSTAT_H
#define VMSCAN_VMSTAT_H

/*      id                            printed name                      */
/* clang-format off */
#define VMSTAT_EVENTS(X)                                                 \
	X(PGPGIN,                     "pgpgin")                          \
	X(PGPGOUT,                    "pgpgout")                         \
	X(PSWPIN,                     "pswpin")                          \
	X(PSWPOUT,                    "pswpout")                         \
	X(PGALLOC,                    "pgalloc_normal")                  \
	X(PGFREE,                     "pgfree")                          \
	X(PGACTIVATE,                 "pgactivate")                      \
	X(PGDEACTIVATE,               "pgdeactivate")                    \
	X(PGFAULT,                    "pgfault")                         \
	X(PGMAJFAULT,                 "pgmajfault")                      \
	X(PGREFILL,                   "pgrefill_normal")                 \
	X(PGSTEAL,                    "pgsteal_normal")                  \
	X(PGSCAN_KSWAPD,              "pgscan_kswapd_normal")            \
	X(PGSCAN_DIRECT,              "pgscan_direct_normal")            \
	X(KSWAPD_STEAL,               "kswapd_steal")                    \
	X(PAGEOUTRUN,                 "pageoutrun")                      \
	X(ALLOCSTALL,                 "allocstall")                      \
	X(PGROTATED,                  "pgrotated")                       \
	X(NR_VMSCAN_WRITE,            "nr_vmscan_write")                 \
	X(UNEVICTABLE_PGS_CULLED,     "unevictable_pgs_culled")          \
	X(UNEVICTABLE_PGS_RESCUED,    "unevictable_pgs_rescued")         \
	X(UNEVICTABLE_PGS_MLOCKED,    "unevictable_pgs_mlocked")         \
	X(UNEVICTABLE_PGS_MUNLOCKED,  "unevictable_pgs_munlocked")       \
	X(WORKINGSET_REFAULT,         "workingset_refault")              \
	X(WORKINGSET_ACTIVATE,        "workingset_activate")             \
	X(SIM_REFAULT,                "refault")                         \
	X(SIM_KEEP,                   "pageref_keep")                    \
	X(SIM_RECLAIM_CLEAN_DEFERRED, "reclaim_clean_deferred")          \
	X(SIM_ALLOC_FAIL,             "alloc_fail")                      \
	X(SIM_WAKEUP_KSWAPD,          "wakeup_kswapd")
/* clang-format on */

/* clang-format off */
enum vmstat_item {
#define X(id, name) id,
	VMSTAT_EVENTS(X)
#undef X
	NR_VM_EVENTS
};
/* clang-format on */

/* First counter that the 2.6.34 kernel did not have: printed apart. */
#define VMSTAT_FIRST_SIM SIM_REFAULT

extern const char *const vmstat_name[NR_VM_EVENTS];

#endif
