/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/own.h - the memory a scenario keeps (own.c)
 *
 * Every allocation that ends up in a struct scenario (names, captions,
 * operations, trace arrays, mapped u32 files) is listed in one struct
 * owned, which scenario_free() releases; on failure the loader frees the
 * list instead.  Each function says "out of memory" itself (diag.h).
 */
#ifndef VMSCAN_SCENARIO_OWN_H
#define VMSCAN_SCENARIO_OWN_H

#include <stddef.h>

#include "loader.h"

struct owned {
	void **p;
	size_t n, cap;
	struct owned_map { /* files mapped in place (u32 traces) */
		void *p;
		size_t len;
	} * maps;
	size_t nr_maps;
};

void *own_alloc(struct loader *L, size_t size);
char *own_strdup(struct loader *L, const char *s);
/* Lists @p, malloc'd by the caller; -1 (and @p still the caller's) if not. */
int own_add(struct loader *L, void *p);
/* A mapping the scenario keeps (munmap'd by scenario_free()); on failure
 * it is unmapped here. */
int own_map(struct loader *L, void *p, size_t len);
void owned_free(struct owned *o);

#endif
