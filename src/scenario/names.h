/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/names.h - object names to indices, in constant time (names.c)
 *
 * The index follows an array of objects that only ever grows: each call
 * gives the array as it is now, and the index catches up with it.
 */
#ifndef VMSCAN_SCENARIO_NAMES_H
#define VMSCAN_SCENARIO_NAMES_H

#include <stdint.h>

#include "../engine/workload.h"

struct name_index {
	uint32_t *slot; /* object index + 1, 0: empty; open addressing */
	uint32_t cap;	/* a power of two, at least twice the objects */
	uint32_t n;	/* objects indexed: the first n of the array */
};

/* The object called @name among the @nr of @obj, or -1. */
int names_find(struct name_index *x, const struct object_spec *obj, uint32_t nr, const char *name);
void names_free(struct name_index *x);

#endif
