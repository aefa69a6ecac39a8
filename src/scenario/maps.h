/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/maps.h - /proc/PID/maps, the objects of a lackey or perf
 * trace's addresses (maps.c)
 */
#ifndef VMSCAN_SCENARIO_MAPS_H
#define VMSCAN_SCENARIO_MAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "loader.h"

enum maps_kind { MAPS_FILE, MAPS_HEAP, MAPS_STACK, MAPS_ANON, MAPS_SHMEM };
struct maps_entry {
	uint64_t start, end, offset;
	char *path; /* MAPS_FILE only */
	int line;
	uint8_t kind; /* enum maps_kind */
	bool exec;
	uint32_t obj; /* UINT32_MAX until an access falls in the mapping */
};
struct maps {
	struct maps_entry *v; /* sorted by start, none overlapping */
	size_t n, cap;
	const char *file, *path; /* for diagnostics */
};
/* Reads @f, the maps file @file (@path: the operation's key path); 0, or
 * -1 with a message at the line and column that is wrong. */
int maps_parse(struct loader *L, const char *file, const char *path, FILE *f, struct maps *m);
void maps_free(struct maps *m);
/* The mapping that holds @addr, or NULL. */
struct maps_entry *maps_find(struct maps *m, uint64_t addr);
/* The object of mapping @e (NULL: an address in no mapping), made the
 * first time; -1 with a message. */
int maps_object(struct loader *L, struct maps *m, struct maps_entry *e);

#endif
