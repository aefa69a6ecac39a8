/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/locate.h - where each JSON value of a scenario starts (locate.c)
 *
 * Built once after cJSON parsed the text; asked for the offset of a node
 * (or of its key) whenever a diagnostic needs a line and a column.
 */
#ifndef VMSCAN_SCENARIO_LOCATE_H
#define VMSCAN_SCENARIO_LOCATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

struct lexpos {
	uint32_t value; /* offset of the value's first byte */
	uint32_t key;	/* offset of its key's opening quote, or UINT32_MAX */
};

struct locate {
	struct lexpos *pos; /* pre-order, as cJSON builds its tree */
	size_t n;
	bool ok; /* false: positions unknown, report the path only */
};

void locate_build(struct locate *l, const char *buf, size_t len, const cJSON *root);
void locate_free(struct locate *l);
/* Offset of @node (or of its key), or -1 when unknown. */
long locate_offset(const struct locate *l, const cJSON *root, const cJSON *node, bool key);
void offset_linecol(const char *buf, size_t len, size_t off, int *line, int *col);

#endif
