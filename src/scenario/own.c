/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/own.c - the memory a scenario keeps
 *
 * Every allocation that ends up in a struct scenario is listed in its
 * struct owned as it is made, so that scenario_free() releases it all,
 * and a load that fails releases what it made so far in one call.
 * Left out: reference counts (a scenario is freed once, whole).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "../util/grow.h"
#include "diag.h"
#include "own.h"

int own_add(struct loader *L, void *p)
{
	struct owned *o = L->own;

	if (!grow_array(o->p, o->cap, o->n + 1, 64)) {
		out_of_memory(L);
		return -1;
	}
	o->p[o->n++] = p;
	return 0;
}

/* A mapping the scenario keeps (munmap'd by scenario_free()); on failure
 * it is unmapped here. */
int own_map(struct loader *L, void *p, size_t len)
{
	struct owned *o = L->own;
	struct owned_map *v = realloc(o->maps, (o->nr_maps + 1) * sizeof *v);

	if (!v) {
		munmap(p, len);
		out_of_memory(L);
		return -1;
	}
	o->maps = v;
	o->maps[o->nr_maps++] = (struct owned_map){ p, len };
	return 0;
}

void *own_alloc(struct loader *L, size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p) {
		out_of_memory(L);
		return NULL;
	}
	if (own_add(L, p) < 0) {
		free(p);
		return NULL;
	}
	return p;
}

char *own_strdup(struct loader *L, const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = own_alloc(L, n);

	if (p)
		memcpy(p, s, n);
	return p;
}

void owned_free(struct owned *o)
{
	if (!o)
		return;
	for (size_t i = 0; i < o->n; i++)
		free(o->p[i]);
	for (size_t i = 0; i < o->nr_maps; i++)
		munmap(o->maps[i].p, o->maps[i].len);
	free(o->p);
	free(o->maps);
	free(o);
}

void scenario_free(struct scenario *s)
{
	if (!s)
		return;
	owned_free(s->owned);
	memset(s, 0, sizeof *s);
}
