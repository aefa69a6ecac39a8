/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_text.c - untrusted text made safe to show (util/text.c)
 * and to write as JSON (util/jsonw.c), one table each; and the room of
 * a growing array (util/grow.h)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "util/grow.h"
#include "util/jsonw.h"
#include "util/text.h"

static void test_safe(void)
{
	static const struct {
		const char *sentence, *in, *want;
	} rows[] = {
		{ "plain text is left as it is", "A tour of page reclaim", "A tour of page reclaim" },
		{ "UTF-8 letters are text", "caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x93\x84",
		  "caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x93\x84" },
		{ "a window-title sequence shows its ESC and BEL", "a\x1b]0;pwned\x07z",
		  "a\\x1b]0;pwned\\x07z" },
		{ "a blink sequence shows its ESC", "\x1b[5mb", "\\x1b[5mb" },
		{ "tab, line feed and carriage return are named", "a\tb\nc\rd", "a\\tb\\nc\\rd" },
		{ "DEL is a control", "a\x7f", "a\\x7f" },
		{ "a C1 CSI (U+009B) is a control though it is valid UTF-8",
		  "a\xc2\x9b"
		  "5m",
		  "a\\u009b5m" },
		{ "a right-to-left override is shown, not obeyed",
		  "abc\xe2\x80\xae"
		  "def",
		  "abc\\u202edef" },
		{ "a bidi isolate is shown", "\xe2\x81\xa6x\xe2\x81\xa9", "\\u2066x\\u2069" },
		{ "a line separator is shown",
		  "a\xe2\x80\xa8"
		  "b",
		  "a\\u2028b" },
		{ "a byte order mark is shown", "\xef\xbb\xbfx", "\\ufeffx" },
		{ "a byte that is not UTF-8 is shown as a byte",
		  "a\xff"
		  "b",
		  "a\\xffb" },
		{ "an overlong encoding of / is not UTF-8", "\xc0\xaf", "\\xc0\\xaf" },
		{ "a surrogate is not UTF-8", "\xed\xa0\x80", "\\xed\\xa0\\x80" },
		{ "a sequence cut short is not UTF-8", "ab\xe2\x80", "ab\\xe2\\x80" },
	};
	char buf[256];

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		text_safe(rows[i].in, buf, sizeof buf);
		CHECKF(strcmp(buf, rows[i].want) == 0, "%s: \"%s\"", rows[i].sentence, buf);
		ROW_END();
	}
}

static void test_safe_cut(void)
{
	char small[10];

	text_safe("abcdefghijklmnop", small, sizeof small);
	CHECKF(strcmp(small, "abcdef...") == 0, "a long text is cut with ...: \"%s\"", small);
	text_safe("abcd\x1b[31m", small, sizeof small);
	CHECKF(strcmp(small, "abcd...") == 0, "an escape is never cut in half: \"%s\"", small);
}

static void test_quote(void)
{
	static const struct {
		const char *sentence, *in, *want;
	} rows[] = {
		{ "a value is quoted", "heap", "\"heap\"" },
		{ "quotes and backslashes are escaped", "a\"b\\c", "\"a\\\"b\\\\c\"" },
		{ "controls are escaped as in text_safe", "a\x01\xe2\x80\xae", "\"a\\x01\\u202e\"" },
		{ "more than 40 characters end in ...", "0123456789012345678901234567890123456789XYZ",
		  "\"0123456789012345678901234567890123456789...\"" },
	};
	char buf[96];

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		text_quote(rows[i].in, buf, sizeof buf);
		CHECKF(strcmp(buf, rows[i].want) == 0, "%s: %s", rows[i].sentence, buf);
		ROW_END();
	}
}

static void test_print_pads(void)
{
	char *out = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&out, &n);

	CHECK(f != NULL);
	if (!f)
		return;
	text_print(f, "ab", 5);
	text_print(f, "\x1b", 3);
	text_print(f, "toolong", 2);
	fclose(f);
	CHECKF(out && strcmp(out, "ab   \\x1b"
				  "toolong") == 0,
	       "padded to the width, escapes counted: \"%s\"", out ? out : "");
	free(out);
}

static void test_json(void)
{
	static const struct {
		const char *sentence, *in, *want;
	} rows[] = {
		{ "JSON escapes quotes, backslashes and newlines", "a\"b\\c\nd", "\"a\\\"b\\\\c\\nd\"" },
		{ "JSON escapes ESC as \\u001b", "\x1b[5m", "\"\\u001b[5m\"" },
		{ "JSON escapes DEL, which it would allow raw", "\x7f", "\"\\u007f\"" },
		{ "JSON escapes a C1 control", "\xc2\x9b", "\"\\u009b\"" },
		{ "JSON escapes a bidi override", "\xe2\x80\xae", "\"\\u202e\"" },
		{ "JSON keeps letters", "caf\xc3\xa9", "\"caf\xc3\xa9\"" },
		{ "JSON replaces a byte that is not UTF-8 by U+FFFD", "\xff", "\"\\ufffd\"" },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char *out = NULL;
		size_t n = 0;
		FILE *f = open_memstream(&out, &n);
		ROW_BEGIN(rows[i].sentence);
		CHECK(f != NULL);
		if (f) {
			jsonw_escape(f, rows[i].in);
			fclose(f);
			CHECKF(strcmp(out, rows[i].want) == 0, "%s: %s", rows[i].sentence, out);
		}
		free(out);
		ROW_END();
	}
}

static void test_grow(void)
{
	static const struct {
		const char *sentence;
		size_t cap, need, size, first, max, want;
	} rows[] = {
		{ "an empty array starts at its first room", 0, 1, 4, 8, UINT32_MAX, 8 },
		{ "an empty array asked for more than its first room doubles until it fits", 0, 20, 4, 8,
		  UINT32_MAX, 32 },
		{ "room that holds what is needed is kept", 16, 16, 4, 8, UINT32_MAX, 16 },
		{ "one more than the room doubles it", 16, 17, 4, 8, UINT32_MAX, 32 },
		{ "a first room of 0 still makes room", 0, 3, 4, 0, UINT32_MAX, 4 },
		{ "a first room past the limit is cut to it", 0, 3, 1, 64, 16, 16 },
		{ "doubling stops at the room's own limit", 3u << 30, (3u << 30) + 1, 1, 8, UINT32_MAX,
		  UINT32_MAX },
		{ "more than the room's limit is refused", UINT32_MAX, (size_t)UINT32_MAX + 1, 1, 8,
		  UINT32_MAX, 0 },
		{ "elements whose bytes pass SIZE_MAX are refused", 1024, SIZE_MAX / 8 + 1, 8, 8, SIZE_MAX,
		  0 },
		{ "doubling that would pass SIZE_MAX in bytes takes just what is needed", SIZE_MAX / 16 + 1,
		  SIZE_MAX / 16 + 2, 8, 8, SIZE_MAX, SIZE_MAX / 16 + 2 },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		size_t got = grow_cap(rows[i].cap, rows[i].need, rows[i].size, rows[i].first, rows[i].max);
		CHECKF(got == rows[i].want, "%s: %zu", rows[i].sentence, got);
		ROW_END();
	}
	/* no room for what is asked: refused, nothing allocated, even from empty */
	uint32_t *none = NULL;
	size_t room = 7;
	CHECKF(!grow_room(&none, 0, (size_t)UINT32_MAX + 1, 4, 8, UINT32_MAX, &room) && !none && room == 7,
	       "an empty array asked past its limit: room %zu", room);
	/* the macro, on a uint32_t room: the elements survive the move */
	uint32_t cap = 0, *a = NULL;
	bool ok = true;
	for (uint32_t n = 0; ok && n < 100; n++)
		if ((ok = grow_array(a, cap, n + 1, 8)))
			a[n] = n;
	CHECKF(ok && cap == 128 && a[0] == 0 && a[99] == 99, "100 appends: ok %d, room %u", ok, cap);
	free(a);
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN_TABLE(test_safe);
	RUN(test_safe_cut);
	RUN_TABLE(test_quote);
	RUN(test_print_pads);
	RUN_TABLE(test_json);
	RUN_TABLE(test_grow);
	return HARNESS_END("text");
}
