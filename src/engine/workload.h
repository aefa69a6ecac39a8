/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/workload.h - what the engine is asked to simulate
 *
 * The scenario loader (src/scenario/) turns a JSON file into a struct
 * workload; the engine reads it and never changes it.  Everything here is
 * plain data: the memory of the zone, the objects (files and anonymous
 * regions) and a flat list of operations.  Page ranges, `stream` and
 * `repeat` are expanded by the loader; `random` and `trace` stay one
 * operation each and are expanded one access per step by the engine, so a
 * ten-million-access trace costs 4 bytes per access, not an operation each.
 *
 * Ownership: the struct workload and every array it points to belong to
 * the caller and must outlive every engine made from it.
 */
#ifndef VMSCAN_WORKLOAD_H
#define VMSCAN_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum object_type { OBJ_FILE, OBJ_ANON };

struct object_spec {
	const char *name;
	uint8_t type;	/* enum object_type */
	bool exec;	/* mapped VM_EXEC by default (a program or library) */
	uint32_t pages; /* size in pages */
};

enum wl_kind {
	WL_MAP,	    /* mmap a range of an object as mapping `as` */
	WL_UNMAP,   /* munmap mapping `as` */
	WL_TOUCH,   /* access pages through a mapping (fault them in if absent) */
	WL_READ,    /* read() pages of a file */
	WL_WRITE,   /* write() pages of a file */
	WL_DIRTY,   /* set pages dirty (set_page_dirty) */
	WL_MLOCK,   /* mlock a range: mapping `as` becomes VM_LOCKED */
	WL_MUNLOCK, /* munlock mapping `as` */
	WL_MADVISE, /* madvise mapping `as`: WL_F_SEQ set = MADV_SEQUENTIAL */
	WL_ALLOC,   /* kernel allocation of `count` blocks of 2^order pages */
	WL_FREE,    /* free `count` kernel pages, or an object's pages */
	WL_PAUSE,   /* nothing; a place to stop and read the caption */
	WL_RANDOM,  /* `count` random accesses over [first, first+range) */
	WL_TRACE,   /* `count` accesses listed in `trace` */
	NR_WL_KINDS
};

enum wl_flags {
	WL_F_EXEC = 1u << 0,  /* WL_MAP: VM_EXEC */
	WL_F_SEQ = 1u << 1,   /* WL_MAP, WL_MADVISE: VM_SEQ_READ */
	WL_F_PAUSE = 1u << 2, /* the viewer should pause at this operation */
	WL_F_ZIPF = 1u << 3,  /* WL_RANDOM: Zipf instead of uniform */
	WL_F_RACE = 1u << 4,  /* WL_MLOCK: the pages were isolated by reclaim as mlock ran:
				 * VM_LOCKED is set but resident pages stay on their lists,
				 * for reclaim to find ("mlock lost the isolation race") */
};

/* How WL_RANDOM and WL_TRACE access each page. */
enum wl_via { VIA_TOUCH, VIA_READ, VIA_WRITE, VIA_TOUCH_WRITE };

struct wl_op {
	uint8_t kind;		      /* enum wl_kind */
	uint8_t flags;		      /* enum wl_flags */
	uint8_t as;		      /* mapping slot, 0..MAX_MAPPINGS-1 */
	uint8_t via;		      /* enum wl_via, for RANDOM and TRACE; TOUCH: write if VIA_TOUCH_WRITE */
	uint8_t order;		      /* WL_ALLOC: allocation order */
	uint8_t memcg;		      /* the cgroup of the task doing it: 0 root, k workload.cgroups[k-1] */
	uint32_t object;	      /* index into workload.objects; UINT32_MAX for kernel pages */
	uint32_t first;		      /* first page of the range */
	uint32_t count;		      /* pages in the range; accesses for RANDOM/TRACE; blocks for ALLOC */
	uint32_t range;		      /* RANDOM: size of the range accesses fall in */
	uint32_t caption;	      /* index into workload.captions, or UINT32_MAX */
	uint64_t seed;		      /* RANDOM */
	double theta;		      /* RANDOM with WL_F_ZIPF: the Zipf exponent */
	const uint32_t *trace;	      /* TRACE: page indices (into `object`), `count` of them */
	const uint32_t *trace_object; /* TRACE: per access object, or NULL for all `object` */
};

struct memory_spec {
	uint32_t pages;				   /* pages in the zone */
	uint32_t wmark_min, wmark_low, wmark_high; /* 0: derive as the kernel does */
	uint32_t swap_pages;			   /* swap slots; 0 = no swap */
	uint32_t swappiness;			   /* vm_swappiness, 0..100 */
	uint32_t writeback_steps;		   /* steps a reclaim write takes to finish */
	bool kswapd;				   /* false: all reclaim is direct reclaim */
	bool laptop_mode;			   /* may_writepage starts false */
};

/*
 * A memory cgroup of 2.6.34 (memcontrol.c): a hard limit that its pages'
 * charges may not pass (reclaim runs in the charging task when they
 * would), an optional soft limit (kswapd's pass) and its own swappiness.
 * Flat: no hierarchy.  Named 1..nr_cgroups by wl_op.memcg; 0 is the root
 * cgroup, which has no limit and no lists of its own.
 */
#define WL_MAX_CGROUPS 32 /* page.memcg is a byte; 32 x struct mem_cgroup is 6 KiB of engine state */
struct wl_cgroup {
	const char *name;
	uint32_t limit;	     /* pages, 1..memory.pages */
	uint32_t soft_limit; /* pages; 0: none (the kernel's RESOURCE_MAX) */
	uint32_t swappiness; /* memory.swappiness, 0..100 */
};

struct workload {
	struct memory_spec memory;
	const struct wl_cgroup *cgroups; /* [nr_cgroups], NULL when none */
	uint32_t nr_cgroups;
	const struct object_spec *objects;
	uint32_t nr_objects;
	const struct wl_op *ops;
	uint32_t nr_ops;
	const char *const *captions;
	uint32_t nr_captions;
};

#endif
