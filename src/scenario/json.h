/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/json.h - typed access to a scenario's JSON values (json.c)
 *
 * Each getter checks one value against what the format allows and, when
 * it is wrong, says at the value what it found and what was expected
 * (diag.h); it returns 0 (or true) when the value was good.  @path is the
 * value's key path in messages ("workload[3].pages").
 */
#ifndef VMSCAN_SCENARIO_JSON_H
#define VMSCAN_SCENARIO_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

#include "loader.h"

/* The member @key of @obj (case-sensitive), or NULL. */
const cJSON *jget(const cJSON *obj, const char *key);
/* Every key of @obj is one of @keys (NULL-terminated) and none repeats;
 * an unknown one gets the closest known one as a suggestion. */
bool check_keys(struct loader *L, const cJSON *obj, const char *path, const char *const *keys);
bool want_object(struct loader *L, const cJSON *v, const char *path);
bool want_array(struct loader *L, const cJSON *v, const char *path);
/* A whole number from @min to @max (2.5, 1e400 and -1 are refused). */
int get_uint(struct loader *L, const cJSON *v, const char *path, uint64_t min, uint64_t max, uint64_t *out);
int get_bool(struct loader *L, const cJSON *v, const char *path, bool *out);
/* A non-empty string. */
int get_string(struct loader *L, const cJSON *v, const char *path, const char **out);
/* One of @choices (NULL-terminated): its index in *out. */
int get_choice(struct loader *L, const cJSON *v, const char *path, const char *const *choices, int *out);
/* The name of a declared object: its index in *out. */
int find_object(struct loader *L, const cJSON *v, const char *path, uint32_t *out);
/* @v as a message shows it: "an object", "true", a string quoted, a
 * number as the author wrote it. */
void describe(struct loader *L, const cJSON *v, char *buf, size_t n);
void missing_key(struct loader *L, const cJSON *obj, const char *path, const char *key);

#endif
