/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/expect.h - what a scenario says must hold (expect.c)
 */
#ifndef VMSCAN_SCENARIO_EXPECT_H
#define VMSCAN_SCENARIO_EXPECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

#include "loader.h"

int load_expect(struct loader *L, const cJSON *arr, struct scenario *s);
/* A policy name @x names (string, one of `vmscan-viz policies`); false with a diagnostic. */
bool check_policy(struct loader *L, const cJSON *x, const char *path);
/* Parses "SUBJECT CMP NUMBER" into @e (not text/policy); -1 with @why. */
int expect_parse_check(const char *text, const struct object_spec *obj, uint32_t nr_obj,
		       struct expectation *e, char *why, size_t n);

extern const char *const expect_keys[];

#endif
