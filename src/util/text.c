/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * util/text.c - untrusted text, made safe to show (see text.h)
 *
 * One routine, next_piece(), decides for the next character of a string
 * whether it is shown as it is or as an escape; the three writers only
 * differ in where the pieces go.
 */
#include <string.h>

#include "text.h"

size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	unsigned c = s[0];
	size_t k;
	uint32_t v;

	if (n == 0)
		return 0;
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c < 0xC2)
		return 0;
	k = c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF5 ? 4 : 0;
	if (!k || k > n)
		return 0;
	v = c & (0x7Fu >> k);
	for (size_t i = 1; i < k; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3Fu);
	}
	if ((k == 3 && v < 0x800) || (k == 4 && (v < 0x10000 || v > 0x10FFFF)) ||
	    (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return k;
}

bool text_is_control(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x061C || /* Arabic letter mark */
	       cp == 0x200E || cp == 0x200F ||				  /* LRM, RLM */
	       (cp >= 0x2028 && cp <= 0x202E) || /* separators, embeddings, overrides */
	       (cp >= 0x2066 && cp <= 0x2069) || /* isolates */
	       cp == 0xFEFF;
}

/* The next character of @s (@n bytes left) as it is to be shown: its
 * bytes, or an escape, in @out; returns the bytes of @s it stands for.
 * @quoting: `"` and `\` are escaped too. */
static size_t next_piece(const unsigned char *s, size_t n, char out[16], size_t *len, bool quoting)
{
	uint32_t cp = 0;
	size_t k = utf8_decode(s, n, &cp);

	if (quoting && (s[0] == '"' || s[0] == '\\')) {
		out[0] = '\\';
		out[1] = (char)s[0];
		*len = 2;
		return 1;
	}
	if (k == 0) {
		*len = (size_t)snprintf(out, 16, "\\x%02x", s[0]);
		return 1;
	}
	if (!text_is_control(cp)) {
		memcpy(out, s, k);
		*len = k;
		return k;
	}
	if (cp == '\t' || cp == '\n' || cp == '\r')
		*len = (size_t)snprintf(out, 16, "\\%c", cp == '\t' ? 't' : cp == '\n' ? 'n' : 'r');
	else if (cp < 0x80)
		*len = (size_t)snprintf(out, 16, "\\x%02x", (unsigned)cp);
	else
		*len = (size_t)snprintf(out, 16, "\\u%04x", (unsigned)cp);
	return k;
}

size_t text_print(FILE *f, const char *str, int width)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n = strlen(str), done = 0;
	char piece[16];

	while (n) {
		size_t len, k = next_piece(s, n, piece, &len, false);
		fwrite(piece, 1, len, f);
		done += len;
		s += k;
		n -= k;
	}
	for (; (int)done < width; done++)
		fputc(' ', f);
	return done;
}

/* Appends @s's pieces to @buf (from *k, @n bytes in all), leaving @room
 * bytes free and stopping after @max characters; true when all of @s fit. */
static bool append_pieces(const char *str, char *buf, size_t n, size_t *k, size_t room, size_t max,
			  bool quoting)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t left = strlen(str), shown = 0;
	char piece[16];

	while (left) {
		size_t len, used = next_piece(s, left, piece, &len, quoting);
		if (shown == max || *k + len + room >= n)
			return false;
		memcpy(buf + *k, piece, len);
		*k += len;
		s += used;
		left -= used;
		shown++;
	}
	return true;
}

const char *text_safe(const char *s, char *buf, size_t n)
{
	size_t k = 0;

	if (n < 4) {
		if (n)
			buf[0] = '\0';
		return buf;
	}
	if (!append_pieces(s, buf, n, &k, 3, SIZE_MAX, false)) {
		memcpy(buf + k, "...", 3);
		k += 3;
	}
	buf[k] = '\0';
	return buf;
}

void text_quote(const char *s, char *buf, size_t n)
{
	size_t k = 0;

	if (n < 8) {
		if (n)
			buf[0] = '\0';
		return;
	}
	buf[k++] = '"';
	if (!append_pieces(s, buf, n, &k, 5, 40, true)) {
		memcpy(buf + k, "...", 3);
		k += 3;
	}
	buf[k++] = '"';
	buf[k] = '\0';
}
