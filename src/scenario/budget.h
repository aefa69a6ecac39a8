/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/budget.h - what a scenario will cost this machine, checked
 * before the big allocations: SCENARIO_MAX_BYTES, and the physical memory
 * (budget.c)
 */
#ifndef VMSCAN_SCENARIO_BUDGET_H
#define VMSCAN_SCENARIO_BUDGET_H

#include <stdbool.h>
#include <stdint.h>

#include <cJSON.h>

#include "loader.h"

uint64_t budget_engine_bytes(const struct memory_spec *m, const struct object_spec *obj, uint32_t nr_obj);
/* 0, or -1 with a message at @node/@path saying the estimate and the limit. */
int budget_check(struct loader *L, const cJSON *node, const char *path, uint64_t engine_bytes,
		 uint64_t nr_ops, uint64_t trace_bytes);
/* The same at a line of a trace file, while it is read. */
int budget_check_at(struct loader *L, const char *file, int line, int col, const char *path,
		    uint64_t engine_bytes, uint64_t trace_bytes);
/* Is that estimate over a limit?  Cheap enough for every access. */
bool budget_over(uint64_t engine_bytes, uint64_t nr_ops, uint64_t trace_bytes);

#endif
