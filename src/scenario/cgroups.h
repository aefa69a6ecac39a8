/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/cgroups.h - the memory cgroups of a scenario (cgroups.c)
 */
#ifndef VMSCAN_SCENARIO_CGROUPS_H
#define VMSCAN_SCENARIO_CGROUPS_H

#include "loader.h"

/* Reads the top-level "cgroups" array into @wl (after "memory", whose
 * pages bound each limit). */
void load_cgroups(struct loader *L, const cJSON *arr, struct workload *wl);
/* The "cgroup" key of an operation: 1 + the index of the cgroup it names
 * in *out, or -1 with a diagnostic (unknown name, with a did-you-mean; no
 * "cgroups" declared). */
int find_cgroup(struct loader *L, const cJSON *v, const char *path, uint8_t *out);

extern const char *const cgroup_keys[];

#endif
