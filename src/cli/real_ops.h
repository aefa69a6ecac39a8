/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/real_ops.h - the op file: a scenario's workload, unrolled, as the
 * program in the guest replays it on a real kernel (`vmscan-viz real`)
 *
 * The host writes it from the engine's own workload (real_unroll.c: the
 * same streams, bursts and random draws); the guest program
 * (src/guest/vmscan-viz-replay.c) reads it with real_ops_parse(), which
 * needs nothing but libc, so that it builds static for the guest.  Text,
 * one line each:
 *
 *	vmscan-viz-ops 1
 *	memory PAGES SWAP SWAPPINESS
 *	cgroup K LIMIT SWAPPINESS NAME	(K = 1..; 0 is the zone's own)
 *	object I file|anon PAGES EXEC NAME
 *	... one line per operation (letters below) ...
 *	end
 *
 * Operations: g K (the task moves to cgroup K); m AS OBJ FIRST COUNT FLAGS
 * (mmap; FLAGS 1 exec, 2 MADV_SEQUENTIAL); u AS OBJ (munmap); a AS OBJ SEQ
 * (madvise); t OBJ PAGE WRITE (an access through the mapping that covers
 * PAGE, or one of the whole object); r OBJ PAGE (pread); w OBJ PAGE
 * (pwrite); d OBJ PAGE (dirty the page if it is in memory); l AS OBJ PAGE
 * (mlock); n AS OBJ (munlock); f OBJ FIRST COUNT (drop the pages); p N
 * (a pause: caption N).  t, r, w, d and l are the accesses a timeline
 * counts.
 */
#ifndef VMSCAN_REAL_OPS_H
#define VMSCAN_REAL_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define REAL_OPS_MAGIC	   "vmscan-viz-ops 1"
#define REAL_MAX_MAPPINGS  8  /* mappings of one object (engine/page.h MAX_MAPPINGS) */
#define REAL_MAX_CGROUPS   32 /* workload.h WL_MAX_CGROUPS */
#define REAL_NAME_MAX	   64
#define REAL_MAX_OBJECTS   1024
#define REAL_MAX_OBJ_PAGES (1u << 26)

struct real_object {
	char name[REAL_NAME_MAX];
	bool anon, exec;
	uint32_t pages;
};

struct real_cgroup {
	char name[REAL_NAME_MAX];
	uint32_t limit, swappiness;
};

struct real_op {
	char kind; /* the letter */
	uint8_t as, flags;
	uint32_t obj, a, b; /* a: page or first; b: count, write or seq */
};

struct real_ops {
	uint32_t memory, swap, swappiness;
	struct real_cgroup cgroup[REAL_MAX_CGROUPS + 1]; /* [1..nr_cgroups] */
	uint32_t nr_cgroups;
	struct real_object *objects;
	uint32_t nr_objects;
	struct real_op *ops;
	uint32_t nr_ops;
	uint64_t accesses; /* ops that access a page */
};

/* Is @kind an access (a timeline's unit)? */
static inline bool real_op_is_access(char kind)
{
	return kind == 't' || kind == 'r' || kind == 'w' || kind == 'd' || kind == 'l';
}

/* Reads the op file @text (@len bytes) into @out (malloc'd arrays:
 * real_ops_free()).  0; or -1 with "LINE:COL: what was expected" in @err. */
int real_ops_parse(const char *text, size_t len, struct real_ops *out, char *err, size_t n);
void real_ops_free(struct real_ops *o);

#endif
