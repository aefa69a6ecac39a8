/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/range.h - page ranges: 5, "0-63", "0-15,32-47", "all" (range.c)
 */
#ifndef VMSCAN_SCENARIO_RANGE_H
#define VMSCAN_SCENARIO_RANGE_H

#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

#include "loader.h"

struct prange {
	uint32_t first, count;
};
struct prange_list {
	struct prange *v;
	size_t n, cap;
};
/* Parses @v (integer, "0-63,80", "all"; NULL means "all") against object
 * @obj.  Adjacent pieces are merged.  Returns 0, or -1 with a diagnostic. */
int range_parse(struct loader *L, const cJSON *v, const char *path, uint32_t obj, struct prange_list *out);
/* The text-only part: 0, or one of enum range_error with bad[] set to the
 * offending page (past end) or the piece's ends (backwards). */
enum range_error { RANGE_SYNTAX = -1, RANGE_PAST_END = -2, RANGE_BACKWARDS = -3, RANGE_NOMEM = -4 };
int range_parse_text(const char *s, uint32_t limit, struct prange_list *out, uint64_t bad[2]);
void prange_list_free(struct prange_list *r);

#endif
