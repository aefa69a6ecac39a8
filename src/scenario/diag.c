/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/diag.c - diagnostics: collecting them and printing one as a line
 *
 * The loader reports every problem as a struct diag and carries on; after
 * SCENARIO_MAX_ERRORS it adds one closing note and stops.  diag_format()
 * produces the line the `check` command prints, in the form compilers use
 * (`file:line:col: error: path: message`) so editors can jump to it.
 * Left out: warnings and notes (every diagnostic is an error), colour.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/grow.h"
#include "diag.h"

static void copy_str(char *dst, size_t n, const char *src)
{
	size_t k = src ? strlen(src) : 0;

	if (k >= n)
		k = n - 1;
	if (k)
		memcpy(dst, src, k);
	dst[k] = '\0';
}

int diag_push(struct diag_list *d, const char *file, int line, int col, const char *path, const char *fmt,
	      va_list ap)
{
	struct diag *x;

	if (!grow_array(d->v, d->cap, d->n + 1, 8))
		return -1;
	x = &d->v[d->n++];
	copy_str(x->file, sizeof x->file, file);
	x->line = line;
	x->col = col;
	x->note = false;
	copy_str(x->path, sizeof x->path, path);
	vsnprintf(x->msg, sizeof x->msg, fmt, ap);
	return 0;
}

void diag_list_free(struct diag_list *d)
{
	free(d->v);
	d->v = NULL;
	d->n = d->cap = 0;
}

static void push_plain(struct diag_list *d, const char *file, const char *fmt, ...) SC_PRINTF(3, 4);
static void push_plain(struct diag_list *d, const char *file, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_push(d, file, 0, 0, "", fmt, ap);
	va_end(ap);
}

/* Counts an error; returns false when the loader must not record it. */
static bool count_error(struct loader *L)
{
	if (L->quiet || L->stop)
		return false;
	if (L->nerr == SCENARIO_MAX_ERRORS) {
		L->stop = true;
		push_plain(L->d, L->name, "too many errors; stopped after %d", SCENARIO_MAX_ERRORS);
		return false;
	}
	L->nerr++;
	return true;
}

/* A diagnostic at @node (its key when @at_key), or at no position. */
static void push_at(struct loader *L, const cJSON *node, bool at_key, const char *path, bool note,
		    const char *fmt, va_list ap) SC_PRINTF(6, 0);
static void push_at(struct loader *L, const cJSON *node, bool at_key, const char *path, bool note,
		    const char *fmt, va_list ap)
{
	int line = 0, col = 0;

	if (node) {
		long off = locate_offset(&L->loc, L->root, node, at_key);
		if (off >= 0)
			offset_linecol(L->buf, L->len, (size_t)off, &line, &col);
	}
	if (diag_push(L->d, L->name, line, col, path, fmt, ap) == 0)
		L->d->v[L->d->n - 1].note = note;
}

void lerr(struct loader *L, const cJSON *node, bool at_key, const char *path, const char *fmt, ...)
{
	va_list ap;

	if (!count_error(L))
		return;
	va_start(ap, fmt);
	push_at(L, node, at_key, path, false, fmt, ap);
	va_end(ap);
}

void lnote(struct loader *L, const cJSON *node, const char *path, const char *fmt, ...)
{
	va_list ap;

	if (L->quiet || L->stop)
		return;
	va_start(ap, fmt);
	push_at(L, node, false, path, true, fmt, ap);
	va_end(ap);
}

void lerr_file(struct loader *L, const char *file, int line, int col, const char *path, const char *fmt, ...)
{
	va_list ap;

	if (!count_error(L))
		return;
	va_start(ap, fmt);
	diag_push(L->d, file, line, col, path, fmt, ap);
	va_end(ap);
}

void out_of_memory(struct loader *L)
{
	bool quiet = L->quiet;

	if (L->stop && L->nerr == 0 && L->d->n)
		return;
	L->quiet = false;
	L->stop = false;
	lerr_file(L, L->name, 0, 0, "", "out of memory");
	L->quiet = quiet;
	L->stop = true;
}

void path_fmt(char *dst, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(dst, n, fmt, ap);
	va_end(ap);
}

void diag_format(const struct diag *d, char *buf, size_t n)
{
	char where[300];

	if (!n)
		return;
	if (d->line > 0 && d->col > 0)
		snprintf(where, sizeof where, "%s:%d:%d", d->file, d->line, d->col);
	else if (d->line > 0)
		snprintf(where, sizeof where, "%s:%d", d->file, d->line);
	else
		snprintf(where, sizeof where, "%s", d->file);
	snprintf(buf, n, "%s: %s: %s%s%s", where, d->note ? "note" : "error", d->path, d->path[0] ? ": " : "",
		 d->msg);
}
