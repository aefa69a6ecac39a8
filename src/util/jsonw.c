/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * util/jsonw.c - streaming JSON output (see jsonw.h)
 */
#include <inttypes.h>
#include <string.h>

#include "jsonw.h"
#include "text.h"

void jsonw_init(struct jsonw *w, FILE *f)
{
	memset(w, 0, sizeof *w);
	w->f = f;
}

/* Control characters are escaped: those JSON requires (below U+0020) and
 * those a terminal would act on if the output were shown raw (DEL, C1,
 * bidi overrides: text_is_control()); bytes that are not UTF-8 become
 * U+FFFD, so the document is always valid. */
void jsonw_escape(FILE *f, const char *str)
{
	const unsigned char *s = (const unsigned char *)str, *run = s;
	size_t n = strlen(str);

	/* Text that needs no escape (nearly all of a trace) goes out in one
	 * fwrite a run, not a call a character: trace --json is mostly this. */
	fputc('"', f);
	while (n) {
		uint32_t cp = 0;
		size_t k;

		if (*s >= 0x20 && *s < 0x7f && *s != '"' && *s != '\\') {
			s++;
			n--;
			continue;
		}
		k = utf8_decode(s, n, &cp);
		if (k && cp >= 0x80 && !text_is_control(cp)) {
			s += k;
			n -= k;
			continue;
		}
		fwrite(run, 1, (size_t)(s - run), f);
		if (k == 0) {
			fputs("\\ufffd", f);
			k = 1;
		} else if (cp == '"' || cp == '\\') {
			fputc('\\', f);
			fputc((int)cp, f);
		} else if (cp == '\n') {
			fputs("\\n", f);
		} else {
			fprintf(f, "\\u%04x", (unsigned)cp);
		}
		s += k;
		n -= k;
		run = s;
	}
	fwrite(run, 1, (size_t)(s - run), f);
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
