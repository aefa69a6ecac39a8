/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/compare_table.h - `compare --all`'s table: counters and objects as
 * rows, policies as columns, in groups that fit a width
 */
#ifndef VMSCAN_COMPARE_TABLE_H
#define VMSCAN_COMPARE_TABLE_H

#include "cli.h"

/* Prints the end state of the @n finished runs @e of @s as a table no
 * line of which is wider than @width columns (at least 40), every figure
 * of every run kept. */
/* The narrowest --width: the longest label, and a column for a 20-digit count. */
enum { TABLE_MIN_WIDTH = 44 };

void compare_table_print(const struct scenario *s, struct engine *const *e, int n, int width);

#endif
