/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/top.h - the top level of a scenario file (top.c)
 */
#ifndef VMSCAN_SCENARIO_TOP_H
#define VMSCAN_SCENARIO_TOP_H

#include "loader.h"

/* Reads L->root into @s: format, title, policy, memory and objects here,
 * then the workload (ops.h), expectations (expect.h) and bookmarks
 * (bookmarks.h).  0, or -1 with diagnostics (L->schema: the file is a
 * JSON Schema). */
int load_top(struct loader *L, struct scenario *s);

/* The keys each level allows (NULL-terminated), for messages and for the
 * test that holds them against data/scenario.schema.json. */
extern const char *const top_keys[];
extern const char *const memory_keys[];
extern const char *const watermark_keys[];
extern const char *const object_keys[];

#endif
