/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/diag.h - the loader's diagnostics (diag.c)
 *
 * lerr() at a JSON value of the scenario, lerr_file() at a line and
 * column of another file (a trace, a maps file), lnote() for where
 * something was named.  After SCENARIO_MAX_ERRORS errors, or once out of
 * memory, the loader stops (L->stop) and every part returns.
 */
#ifndef VMSCAN_SCENARIO_DIAG_H
#define VMSCAN_SCENARIO_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include <cJSON.h>

#include "loader.h"

void lerr(struct loader *L, const cJSON *node, bool at_key, const char *path, const char *fmt, ...)
	SC_PRINTF(5, 6);
void lerr_file(struct loader *L, const char *file, int line, int col, const char *path, const char *fmt, ...)
	SC_PRINTF(6, 7);
/* A note (not an error, not counted) at @node: where something was named. */
void lnote(struct loader *L, const cJSON *node, const char *path, const char *fmt, ...) SC_PRINTF(4, 5);
/* "out of memory", once, and the loader stops. */
void out_of_memory(struct loader *L);
/* Appends a diagnostic to @d, outside any loader; -1 when out of memory. */
int diag_push(struct diag_list *d, const char *file, int line, int col, const char *path, const char *fmt,
	      va_list ap) SC_PRINTF(6, 0);
void path_fmt(char *dst, size_t n, const char *fmt, ...) SC_PRINTF(3, 4);

#endif
