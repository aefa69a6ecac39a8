/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * util/jsonw.h - a small streaming JSON writer for the headless output
 *
 * Ten million trace lines must not build a document in memory, so output
 * is written as it goes.  The writer tracks only whether a comma is due.
 */
#ifndef VMSCAN_JSONW_H
#define VMSCAN_JSONW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct jsonw {
	FILE *f;
	int depth;
	bool need_comma[32];
};

void jsonw_init(struct jsonw *w, FILE *f);
void jsonw_begin(struct jsonw *w, const char *key, char bracket);  /* '{' or '[' */
void jsonw_end(struct jsonw *w, char bracket);			   /* '}' or ']' */
void jsonw_str(struct jsonw *w, const char *key, const char *val); /* val NULL: null */
void jsonw_u64(struct jsonw *w, const char *key, uint64_t val);
void jsonw_i64(struct jsonw *w, const char *key, int64_t val);
void jsonw_bool(struct jsonw *w, const char *key, bool val);
/* Writes a string with JSON escapes (control bytes and invalid UTF-8 as \uXXXX / U+FFFD). */
void jsonw_escape(FILE *f, const char *s);

#endif
