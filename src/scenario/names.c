/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/names.c - finding an object by its name in constant time
 *
 * A txt trace names an object on every line, and a scenario may have 4096
 * objects: looking each name up by comparing it with every object made a
 * million-line trace cost lines x objects x name length.  The index is an
 * open-addressing table of object numbers hashed by name (FNV-1a), kept at
 * most half full; objects are only ever appended, so it catches up with
 * the loader's array lazily, whenever a name is looked up.
 * Left out: removal (nothing removes an object).
 */
#include <stdlib.h>
#include <string.h>

#include "names.h"

static uint32_t hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static void put(struct name_index *x, const struct object_spec *obj, uint32_t i)
{
	uint32_t k = hash(obj[i].name) & (x->cap - 1);

	while (x->slot[k])
		k = (k + 1) & (x->cap - 1);
	x->slot[k] = i + 1;
}

/* Indexes the objects added since the last call; -1 when out of memory. */
static int catch_up(struct name_index *x, const struct object_spec *obj, uint32_t nr)
{
	if (x->n == nr)
		return 0;
	if (2 * (uint64_t)nr >= x->cap) {
		uint32_t cap = x->cap ? x->cap : 64;
		uint32_t *slot;
		while (2 * (uint64_t)nr >= cap)
			cap *= 2;
		if (!(slot = calloc(cap, sizeof *slot)))
			return -1;
		free(x->slot);
		x->slot = slot;
		x->cap = cap;
		x->n = 0;
	}
	for (; x->n < nr; x->n++)
		if (obj[x->n].name)
			put(x, obj, x->n);
	return 0;
}

int names_find(struct name_index *x, const struct object_spec *obj, uint32_t nr, const char *name)
{
	uint32_t k;

	if (catch_up(x, obj, nr) < 0) {
		/* no index: the slow way still gives the right answer */
		for (uint32_t i = 0; i < nr; i++)
			if (obj[i].name && strcmp(obj[i].name, name) == 0)
				return (int)i;
		return -1;
	}
	if (!x->cap)
		return -1;
	for (k = hash(name) & (x->cap - 1); x->slot[k]; k = (k + 1) & (x->cap - 1))
		if (strcmp(obj[x->slot[k] - 1].name, name) == 0)
			return (int)(x->slot[k] - 1);
	return -1;
}

void names_free(struct name_index *x)
{
	free(x->slot);
	memset(x, 0, sizeof *x);
}
