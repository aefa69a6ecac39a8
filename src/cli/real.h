/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/real.h - `vmscan-viz real`: a scenario replayed on a real Linux 6.1
 * in qemu, beside the simulation
 *
 * real_unroll.c writes the op file (real_ops.h) from the engine's
 * workload; real_vm.c makes what the guest needs in the cache folder and
 * boots it; real_result.c reads what the guest printed into the same
 * figures the simulation gives (struct real_fig); real.c is the command.
 */
#ifndef VMSCAN_CLI_REAL_H
#define VMSCAN_CLI_REAL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../engine/engine.h"
#include "../scenario/scenario.h"

/* Debian's 6.1 kernel that is booted, unless VMSCAN_REAL_KERNEL names another. */
#define REAL_KERNEL_PACKAGE "linux-image-6.1.0-57-amd64"
/* `real --csv`'s first columns, before OBJECT.resident,OBJECT.refaults of
 * each object (plot --real reads them back). */
#define REAL_CSV_HEAD	    "source,scenario,policy,kernel,memory,run,access,max_seq"
/* What a run needs from Debian (the Makefile's DEB_REAL says the same). */
#define REAL_PACKAGES	    "qemu-system-x86 busybox-static e2fsprogs cpio xz-utils gcc libc6-dev"

/* The counters set side by side: the name 6.1 gives it, and where the
 * guest reads it (the cgroup's memory.stat, or /proc/vmstat's change). */
/* clang-format off */
#define REAL_COUNTERS(X)                                                       \
	X(RC_PGACTIVATE,          "pgactivate",               'm')            \
	X(RC_PGDEACTIVATE,        "pgdeactivate",             'm')            \
	X(RC_PGREFILL,            "pgrefill",                 'm')            \
	X(RC_PGSCAN,              "pgscan",                   'm')            \
	X(RC_PGSTEAL,             "pgsteal",                  'm')            \
	X(RC_PGMAJFAULT,          "pgmajfault",               'm')            \
	X(RC_PSWPIN,              "pswpin",                   'v')            \
	X(RC_PSWPOUT,             "pswpout",                  'v')            \
	X(RC_WS_REFAULT_FILE,     "workingset_refault_file",  'm')            \
	X(RC_WS_ACTIVATE_FILE,    "workingset_activate_file", 'm')            \
	X(RC_WS_REFAULT_ANON,     "workingset_refault_anon",  'm')            \
	X(RC_INACTIVE_ANON,       "inactive_anon",            'l')            \
	X(RC_ACTIVE_ANON,         "active_anon",              'l')            \
	X(RC_INACTIVE_FILE,       "inactive_file",            'l')            \
	X(RC_ACTIVE_FILE,         "active_file",              'l')            \
	X(RC_UNEVICTABLE,         "unevictable",              'l')
/* clang-format on */
enum real_counter {
#define X(id, name, src) id,
	REAL_COUNTERS(X)
#undef X
		NR_REAL_COUNTERS
};
extern const char *const real_counter_name[NR_REAL_COUNTERS];

struct real_obj_fig {
	uint32_t resident;
	uint64_t faults, refaults, evicted;
};

#define REAL_MAX_PAUSES 8
struct real_fig {
	uint32_t nr_objects;
	struct real_obj_fig *obj; /* [nr_objects] */
	uint64_t ctr[NR_REAL_COUNTERS];
	/* lru_gen at the pause points, as the kernel's debugfs prints it
	 * (text, one string a pause, lines after the memcg's) */
	uint32_t nr_pauses;
	uint32_t pause_op[REAL_MAX_PAUSES];
	char *gens[REAL_MAX_PAUSES];
	/* the timeline: every n accesses, per object resident and refaults */
	uint32_t nr_samples;
	uint64_t *sample_at;  /* [nr_samples] accesses */
	uint64_t *sample_seq; /* [nr_samples] lru_gen max_seq (0: lru_gen off) */
	uint32_t *sample;     /* [nr_samples][nr_objects][2] */
	char warn[256];	      /* the guest's first warning, or "" */
	char kernel[128];     /* uname: release and version, or "" */
};

void real_fig_init(struct real_fig *f, uint32_t nr_objects);
void real_fig_free(struct real_fig *f);
/* Reads the guest's output @text into @f: 0 when it ran to "vv done";
 * -1 with why in @err (its own error line, or what is missing). */
int real_fig_parse(const char *text, struct real_fig *f, char *err, size_t n);
/* The simulation's figures of the same: @e run to the end, with samples
 * every @every accesses (0: none) and lru_gen at the pauses. */
void real_fig_sim(struct engine *e, uint64_t every, struct real_fig *f);
/* An expectation measured on @f: its value, or *ok false when the guest
 * cannot measure it (a decision, an object's active pages...). */
double real_fig_measure(const struct real_fig *f, const struct workload *wl, const struct expectation *x,
			bool *ok);

/* real_unroll.c: the op file of @wl into @out; 0, or -1 with the reason
 * the real kernel cannot replay it in @why (an order-4 allocation, ...). */
int real_ops_write(FILE *out, const struct workload *wl, char *why, size_t n);
/* Only the refusal: 0 when @wl can be replayed, or -1 with the reason. */
int real_refuses(const struct workload *wl, char *why, size_t n);

/* real_vm.c */
struct real_run_opts {
	bool lru_gen;
	uint32_t memory; /* memory.max in pages */
	uint64_t every;	 /* timeline: 0 none */
	unsigned timeout;
	bool flush; /* the TLB flushed before every access (VMSCAN_REAL_FLUSH=1) */
	bool quiet; /* no progress on stderr */
};
/* The cache folder: $VMSCAN_REAL_CACHE, or $XDG_CACHE_HOME/vmscan-viz/real,
 * or ~/.cache/vmscan-viz/real. */
const char *real_cache_dir(void);
/* The kernel package booted ($VMSCAN_REAL_KERNEL or REAL_KERNEL_PACKAGE). */
const char *real_kernel_package(void);
/* Everything that does not depend on the scenario, made once: 0, or the
 * exit status after a message saying what to do. */
int real_prepare(const char *prefix);
/* The scenario's disk image for the op file @ops (@len bytes): its folder
 * into @dir.  0, or 1 after a message. */
int real_image(const char *prefix, const struct workload *wl, const char *ops, size_t len, char *dir,
	       size_t n);
/* Boots the guest on image folder @dir: its output (malloc'd) into *@out.
 * 0; 1 after a message (a timeout or a crash, with the console's last
 * lines); 130 when interrupted. */
int real_boot(const char *prefix, const char *dir, uint32_t swap, const struct real_run_opts *o, char **out);
/* The last result of scenario @name under policy @policy, saved for the
 * visualizer: its path in the cache into @buf. */
void real_result_path(const char *name, const char *policy, char *buf, size_t n);
/* That result's line for the visualizer (NAME.POLICY.line beside it) into
 * @buf: 0, or -1 when none is cached. */
int real_summary_read(const char *name, const char *policy, char *buf, size_t n);

#endif
