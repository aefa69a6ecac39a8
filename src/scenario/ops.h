/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/ops.h - the "workload" array, into wl_ops (ops.c)
 */
#ifndef VMSCAN_SCENARIO_OPS_H
#define VMSCAN_SCENARIO_OPS_H

#include <cJSON.h>

#include "loader.h"

/* Checks @arr and counts its operations (pass 1), then writes them into
 * L->ops (pass 2); 0, or -1 with diagnostics. */
int load_workload(struct loader *L, const cJSON *arr);

/* The operation names, NULL-terminated, and the keys of operation @op
 * (NULL past the last), for the schema test. */
extern const char *const op_names[];
const char *const *op_keys(int op);

#endif
