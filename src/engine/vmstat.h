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

#include <stdbool.h>

/* Columns: id; the name 2.6.34 (or 3.15, for workingset_*) prints, NULL
 * for a counter it does not have; the name 6.1 prints under the
 * multi-gen LRU, NULL for one it does not have.  vmstat_name[] is the
 * first name, or the second for a counter only 6.1 has: the name
 * expectations use.  6.1 counts a stall in the zone the allocation may
 * use (do_try_to_free_pages(), mm/vmscan.c:6434, sc->reclaim_idx): a user
 * page's GFP_HIGHUSER_MOVABLE gives ZONE_MOVABLE (include/linux/gfp.h:108),
 * hence allocstall_movable; pgalloc and pgskip count the zone the page is
 * in, the one ZONE_NORMAL. */
/* clang-format off */
#define VMSTAT_EVENTS(X)                                                                            \
	X(PGPGIN,                     "pgpgin",                 "pgpgin")                           \
	X(PGPGOUT,                    "pgpgout",                "pgpgout")                          \
	X(PSWPIN,                     "pswpin",                 "pswpin")                           \
	X(PSWPOUT,                    "pswpout",                "pswpout")                          \
	X(PGALLOC,                    "pgalloc_normal",         "pgalloc_normal")                   \
	X(PGFREE,                     "pgfree",                 "pgfree")                           \
	X(PGACTIVATE,                 "pgactivate",             "pgactivate")                       \
	X(PGDEACTIVATE,               "pgdeactivate",           "pgdeactivate")                     \
	X(PGFAULT,                    "pgfault",                "pgfault")                          \
	X(PGMAJFAULT,                 "pgmajfault",             "pgmajfault")                       \
	X(PGREFILL,                   "pgrefill_normal",        "pgrefill")                         \
	X(PGSTEAL,                    "pgsteal_normal",         NULL)                               \
	X(PGSCAN_KSWAPD,              "pgscan_kswapd_normal",   "pgscan_kswapd")                    \
	X(PGSCAN_DIRECT,              "pgscan_direct_normal",   "pgscan_direct")                    \
	X(KSWAPD_STEAL,               "kswapd_steal",           "pgsteal_kswapd")                   \
	X(PAGEOUTRUN,                 "pageoutrun",             "pageoutrun")                       \
	X(ALLOCSTALL,                 "allocstall",             "allocstall_movable")               \
	X(PGROTATED,                  "pgrotated",              "pgrotated")                        \
	X(NR_VMSCAN_WRITE,            "nr_vmscan_write",        "nr_vmscan_write")                  \
	X(NR_VMSCAN_IMMEDIATE,        "nr_vmscan_immediate_reclaim","nr_vmscan_immediate_reclaim") \
	X(UNEVICTABLE_PGS_CULLED,     "unevictable_pgs_culled", "unevictable_pgs_culled")           \
	X(UNEVICTABLE_PGS_RESCUED,    "unevictable_pgs_rescued","unevictable_pgs_rescued")          \
	X(UNEVICTABLE_PGS_MLOCKED,    "unevictable_pgs_mlocked","unevictable_pgs_mlocked")          \
	X(UNEVICTABLE_PGS_MUNLOCKED,  "unevictable_pgs_munlocked","unevictable_pgs_munlocked")      \
	X(WORKINGSET_REFAULT,         "workingset_refault",     "workingset_refault_file")          \
	X(WORKINGSET_ACTIVATE,        "workingset_activate",    "workingset_activate_file")         \
	X(PGSTEAL_DIRECT,             NULL,                     "pgsteal_direct")                   \
	X(PGSCAN_ANON,                NULL,                     "pgscan_anon")                      \
	X(PGSCAN_FILE,                NULL,                     "pgscan_file")                      \
	X(PGSTEAL_ANON,               NULL,                     "pgsteal_anon")                     \
	X(PGSTEAL_FILE,               NULL,                     "pgsteal_file")                     \
	X(PGSKIP,                     NULL,                     "pgskip_normal")                    \
	X(WORKINGSET_REFAULT_ANON,    NULL,                     "workingset_refault_anon")          \
	X(WORKINGSET_ACTIVATE_ANON,   NULL,                     "workingset_activate_anon")         \
	X(WORKINGSET_RESTORE_ANON,    NULL,                     "workingset_restore_anon")          \
	X(WORKINGSET_RESTORE_FILE,    NULL,                     "workingset_restore_file")          \
	X(SIM_REFAULT,                "refault",                "refault")                          \
	X(SIM_KEEP,                   "pageref_keep",           "pageref_keep")                     \
	X(SIM_RECLAIM_CLEAN_DEFERRED, "reclaim_clean_deferred", "reclaim_clean_deferred")           \
	X(SIM_ALLOC_FAIL,             "alloc_fail",             "alloc_fail")                       \
	X(SIM_WAKEUP_KSWAPD,          "wakeup_kswapd",          "wakeup_kswapd")
/* clang-format on */

/* clang-format off */
enum vmstat_item {
#define X(id, name, name61) id,
	VMSTAT_EVENTS(X)
#undef X
	NR_VM_EVENTS
};
/* clang-format on */

/* First counter that the 2.6.34 kernel did not have: printed apart. */
#define VMSTAT_FIRST_SIM SIM_REFAULT

/* /proc/vmstat's gauges that count pages by their flags (the lists'
 * nr_* are engine_lru_size()'s): the same names under both kernels.  The
 * isolated ones are 0 between steps (a batch isolates and puts back within
 * its step), as a reader of the file sees them at rest. */
/* clang-format off */
#define VMSTAT_GAUGES(X)                                     \
	X(NR_MLOCK,          "nr_mlock")                     \
	X(NR_ANON_PAGES,     "nr_anon_pages")                \
	X(NR_MAPPED,         "nr_mapped")                    \
	X(NR_FILE_PAGES,     "nr_file_pages")                \
	X(NR_DIRTY,          "nr_dirty")                     \
	X(NR_WRITEBACK,      "nr_writeback")                 \
	X(NR_ISOLATED_ANON,  "nr_isolated_anon")             \
	X(NR_ISOLATED_FILE,  "nr_isolated_file")
/* clang-format on */
enum vmstat_gauge {
#define X(id, name) id,
	VMSTAT_GAUGES(X)
#undef X
		NR_VM_GAUGES
};
extern const char *const vmstat_gauge_name[NR_VM_GAUGES];

extern const char *const vmstat_name[NR_VM_EVENTS];
/* The name counter @i has in the kernel a run models: 6.1's under the
 * multi-gen LRU (@lru_gen), else 2.6.34's; NULL when that kernel has no
 * such counter (a front end leaves it out). */
const char *vmstat_name_in(int i, bool lru_gen);
/* The counter either kernel's name @name names (an expectation may use
 * the one `run --vmstat` prints under its policy), or -1. */
int vmstat_lookup(const char *name);

#endif
