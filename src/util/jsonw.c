/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * util/jsonw.c - streaming JSON output (see jsonw.h)
 */
#include <inttypes.h>
#include <string.h>

#include "jsonw.h"

void jsonw_init(struct jsonw *w, FILE *f)
{
	memset(w, 0, sizeof *w);
	w->f = f;
}

/* The length of a valid UTF-8 sequence at @s, or 0. */
static int utf8_len(const unsigned char *s)
{
	int n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;
	for (int i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

void jsonw_escape(FILE *f, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	fputc('"', f);
	while (*s) {
		if (*s == '"' || *s == '\\') {
			fputc('\\', f);
			fputc(*s++, f);
		} else if (*s == '\n') {
			fputs("\\n", f);
			s++;
		} else if (*s < 0x20) {
			fprintf(f, "\\u%04x", *s++);
		} else if (*s < 0x80) {
			fputc(*s++, f);
		} else {
			int n = utf8_len(s);
			if (n) {
				fwrite(s, 1, (size_t)n, f);
				s += n;
			} else {
				fputs("\\ufffd", f);
				s++;
			}
		}
	}
	fputc('"', f);
}

static void key(struct jsonw *w, const char *k)
{
	if (w->need_comma[w->depth])
		fputc(',', w->f);
	w->need_comma[w->depth] = true;
	if (k) {
		jsonw_escape(w->f, k);
		fputc(':', w->f);
	}
}

void jsonw_begin(struct jsonw *w, const char *k, char bracket)
{
	key(w, k);
	fputc(bracket, w->f);
	if (w->depth < 31)
		w->depth++;
	w->need_comma[w->depth] = false;
}

void jsonw_end(struct jsonw *w, char bracket)
{
	fputc(bracket, w->f);
	if (w->depth > 0)
		w->depth--;
}

void jsonw_str(struct jsonw *w, const char *k, const char *val)
{
	key(w, k);
	if (val)
		jsonw_escape(w->f, val);
	else
		fputs("null", w->f);
}

void jsonw_u64(struct jsonw *w, const char *k, uint64_t val)
{
	key(w, k);
	fprintf(w->f, "%" PRIu64, val);
}

void jsonw_i64(struct jsonw *w, const char *k, int64_t val)
{
	key(w, k);
	fprintf(w->f, "%" PRId64, val);
}

void jsonw_bool(struct jsonw *w, const char *k, bool val)
{
	key(w, k);
	fputs(val ? "true" : "false", w->f);
}

void jsonw_double(struct jsonw *w, const char *k, double val)
{
	key(w, k);
	fprintf(w->f, "%.6g", val);
}
