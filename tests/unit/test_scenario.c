/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_scenario.c - the scenario loader, one table per concern
 *
 * Page ranges, the expansion of stream and repeat into operations, every
 * class of error with its exact line:col and wording, suggestions,
 * expectations, trace files, and the agreement of the JSON Schema with the
 * keys the loader accepts.  JSON in the tables is written with ' for " so
 * that it stays readable; no test input needs a real apostrophe.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "engine/engine.h"
#include "policy/registry.h"
#include "scenario/bookmarks.h"
#include "scenario/cgroups.h"
#include "scenario/expect.h"
#include "scenario/loader.h"
#include "scenario/policy_ref.h"
#include "scenario/ops.h"
#include "scenario/range.h"
#include "scenario/top.h"
#include "util/suggest.h"
#include "scenario/scenario.h"

#define NAME "t.json"

/* A scenario with three objects: file "a" (256 pages), anon "h" (64),
 * exec file "lib.so.6" (32); the workload goes between HEAD and TAIL. */
#define HEAD                                                                  \
	"{'format': 1, 'title': 't', 'memory': {'pages': 1024},\n"            \
	"'objects': [{'name': 'a', 'type': 'file', 'pages': 256},\n"          \
	"{'name': 'h', 'type': 'anon', 'pages': 64},\n"                       \
	"{'name': 'lib.so.6', 'type': 'file', 'pages': 32, 'exec': true}],\n" \
	"'workload': [\n"
#define TAIL	"]}"
#define WL(ops) HEAD ops TAIL

static char *unquote(const char *s)
{
	char *c = strdup(s);

	for (char *p = c; p && *p; p++)
		if (*p == '\'')
			*p = '"';
	return c;
}

static int parse(const char *json, const char *dir, struct scenario *s, struct diag_list *d)
{
	char *text = unquote(json);
	int rc = scenario_parse(NAME, dir, text, strlen(text), s, d);

	free(text);
	return rc;
}

static void first_diag(const struct diag_list *d, char *buf, size_t n)
{
	if (d->n)
		diag_format(&d->v[0], buf, n);
	else
		snprintf(buf, n, "(no diagnostic)");
}

/* The operations as "kind obj first+count [extras]; ..." */
static void ops_str(const struct scenario *s, char *buf, size_t n)
{
	static const char *const kn[NR_WL_KINDS] = {
		"map",	   "unmap",   "touch", "read", "write", "dirty",  "mlock",
		"munlock", "madvise", "alloc", "free", "pause", "random", "trace",
	};
	size_t k = 0;

	buf[0] = '\0';
	for (uint32_t i = 0; i < s->wl.nr_ops && k + 80 < n; i++) {
		const struct wl_op *o = &s->wl.ops[i];
		k += (size_t)snprintf(buf + k, n - k, "%s%s %s %u+%u", i ? "; " : "", kn[o->kind],
				      o->object == UINT32_MAX ? "-" : s->wl.objects[o->object].name, o->first,
				      o->count);
		if (o->as)
			k += (size_t)snprintf(buf + k, n - k, " as%u", o->as);
		if (o->flags & WL_F_EXEC)
			k += (size_t)snprintf(buf + k, n - k, " x");
		if (o->flags & WL_F_SEQ)
			k += (size_t)snprintf(buf + k, n - k, " s");
		if (o->flags & WL_F_PAUSE)
			k += (size_t)snprintf(buf + k, n - k, " p");
		if (o->flags & WL_F_ZIPF)
			k += (size_t)snprintf(buf + k, n - k, " z");
		if (o->via)
			k += (size_t)snprintf(buf + k, n - k, " v%u", o->via);
		if (o->order)
			k += (size_t)snprintf(buf + k, n - k, " o%u", o->order);
		if (o->range)
			k += (size_t)snprintf(buf + k, n - k, " r%u", o->range);
		if (o->caption != UINT32_MAX)
			k += (size_t)snprintf(buf + k, n - k, " c%u", o->caption);
	}
}

/* ---- page ranges ----------------------------------------------------- */

static void test_ranges(void)
{
	static const struct {
		const char *sentence, *text;
		uint32_t limit;
		int rc;
		const char *pieces; /* "first+count,..." or the bad page(s) */
	} rows[] = {
		{ "a single page is one piece", "5", 10, 0, "5+1" },
		{ "a span includes both ends", "0-63", 64, 0, "0+64" },
		{ "pieces keep the order written", "32-47,0-15", 64, 0, "32+16,0+16" },
		{ "adjacent pieces merge into one", "0-15,16-31", 64, 0, "0+32" },
		{ "overlapping pieces are kept apart", "0-9,5-12", 64, 0, "0+10,5+8" },
		{ "spaces around the parts are allowed", " 1 - 3 , 7 ", 10, 0, "1+3,7+1" },
		{ "all is the whole object", "all", 7, 0, "0+7" },
		{ "the last page is in range", "9", 10, 0, "9+1" },
		{ "one past the end is refused", "10", 10, RANGE_PAST_END, "10" },
		{ "a span past the end names its end", "5-300", 256, RANGE_PAST_END, "300" },
		{ "a span starting past the end names its start", "400-500", 256, RANGE_PAST_END, "400" },
		{ "a huge number is past the end, not wrapped", "99999999999999999999", 10, RANGE_PAST_END,
		  "" },
		{ "a backwards span is refused", "63-0", 64, RANGE_BACKWARDS, "63-0" },
		{ "an empty string is not a range", "", 10, RANGE_SYNTAX, "" },
		{ "a negative number is not a range", "-1", 10, RANGE_SYNTAX, "" },
		{ "a trailing comma is not a range", "1,", 10, RANGE_SYNTAX, "" },
		{ "an open end is not a range", "3-", 10, RANGE_SYNTAX, "" },
		{ "letters are not a range", "abc", 10, RANGE_SYNTAX, "" },
		{ "all cannot be combined", "all,3", 10, RANGE_SYNTAX, "" },
		{ "a decimal is not a page", "2.5", 10, RANGE_SYNTAX, "" },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct prange_list r = { 0 };
		uint64_t bad[2] = { 0, 0 };
		char got[128] = "";
		size_t k = 0;
		int rc = range_parse_text(rows[i].text, rows[i].limit, &r, bad);

		if (rc == 0)
			for (size_t j = 0; j < r.n; j++)
				k += (size_t)snprintf(got + k, sizeof got - k, "%s%u+%u", j ? "," : "",
						      r.v[j].first, r.v[j].count);
		else if (rc == RANGE_PAST_END && rows[i].pieces[0])
			snprintf(got, sizeof got, "%llu", (unsigned long long)bad[0]);
		else if (rc == RANGE_BACKWARDS)
			snprintf(got, sizeof got, "%llu-%llu", (unsigned long long)bad[0],
				 (unsigned long long)bad[1]);
		CHECKF(rc == rows[i].rc, "%s: rc %d, want %d", rows[i].sentence, rc, rows[i].rc);
		CHECKF(strcmp(got, rows[i].pieces) == 0, "%s: \"%s\", want \"%s\"", rows[i].sentence, got,
		       rows[i].pieces);
		prange_list_free(&r);
	}
}

/* ---- valid scenarios and what they expand to ------------------------- */

static void test_expansion(void)
{
	static const struct {
		const char *sentence, *json, *ops;
	} rows[] = {
		{ "a map without pages maps the whole object", WL("{'op': 'map', 'object': 'a'}"),
		  "map a 0+256" },
		{ "a map takes the object's exec by default and as, sequential when asked",
		  WL("{'op': 'map', 'object': 'lib.so.6', 'as': 3, 'sequential': true}"),
		  "map lib.so.6 0+32 as3 x s" },
		{ "exec can be turned off for one map",
		  WL("{'op': 'map', 'object': 'lib.so.6', 'exec': false, 'pages': '0-3'}"),
		  "map lib.so.6 0+4" },
		{ "a touch becomes one operation per contiguous piece",
		  WL("{'op': 'touch', 'object': 'a', 'pages': '0-15,16-31,40,7'}"),
		  "touch a 0+32; touch a 40+1; touch a 7+1" },
		{ "a writing touch is a touch with via touch-write",
		  WL("{'op': 'touch', 'object': 'h', 'pages': 3, 'write': true}"), "touch h 3+1 v3" },
		{ "read, write and dirty take ranges",
		  WL("{'op': 'read', 'object': 'a', 'pages': 'all'}, {'op': 'write', 'object': 'a', 'pages': "
		     "9},"
		     "{'op': 'dirty', 'object': 'h', 'pages': '1-2'}"),
		  "read a 0+256; write a 9+1; dirty h 1+2" },
		{ "unmap, mlock, munlock and madvise name a mapping",
		  WL("{'op': 'mlock', 'object': 'h', 'pages': '0-7', 'as': 2}, {'op': 'munlock', 'object': "
		     "'h', 'as': 2},"
		     "{'op': 'madvise', 'object': 'a', 'advice': 'sequential'}, {'op': 'madvise', 'object': "
		     "'a', 'advice': 'normal', 'as': 1},"
		     "{'op': 'unmap', 'object': 'a', 'as': 1}"),
		  "mlock h 0+8 as2; munlock h 0+0 as2; madvise a 0+0 s; madvise a 0+0 as1; unmap a 0+0 as1" },
		{ "alloc counts blocks of 2^order pages, rounding up",
		  WL("{'op': 'alloc', 'pages': 5, 'order': 1}, {'op': 'alloc', 'pages': 1}"),
		  "alloc - 0+3 o1; alloc - 0+1" },
		{ "free without an object frees kernel pages; with one, its ranges",
		  WL("{'op': 'free', 'pages': 3}, {'op': 'free', 'object': 'h', 'pages': '0-3,8'}, {'op': "
		     "'free', 'object': 'a'}"),
		  "free - 0+3; free h 0+4; free h 8+1; free a 0+256" },
		{ "pause is an operation of its own with its caption",
		  WL("{'op': 'pause', 'caption': 'look'}"), "pause - 0+0 p c0" },
		{ "caption and pause go on the first operation of a split touch",
		  WL("{'op': 'touch', 'object': 'a', 'pages': '0,5', 'caption': 'two', 'pause': true}"),
		  "touch a 0+1 p c0; touch a 5+1" },
		{ "repeat copies its body in place",
		  WL("{'op': 'repeat', 'count': 3, 'ops': [{'op': 'touch', 'object': 'h', 'pages': 1}, "
		     "{'op': 'alloc', 'pages': 1}]}"),
		  "touch h 1+1; alloc - 0+1; touch h 1+1; alloc - 0+1; touch h 1+1; alloc - 0+1" },
		{ "a repeat's caption goes on the first operation of the first round only",
		  WL("{'op': 'repeat', 'count': 2, 'caption': 'R', 'ops': [{'op': 'touch', 'object': 'h', "
		     "'pages': 1, 'caption': 'T'}]}"),
		  "touch h 1+1 c1; touch h 1+1 c0" },
		{ "repeats nest",
		  WL("{'op': 'repeat', 'count': 2, 'ops': [{'op': 'repeat', 'count': 2, 'ops': [{'op': "
		     "'free', 'pages': 1}]}, {'op': 'alloc', 'pages': 2}]}"),
		  "free - 0+1; free - 0+1; alloc - 0+2; free - 0+1; free - 0+1; alloc - 0+2" },
		{ "an mmap stream maps, touches and unmaps chunk by chunk",
		  WL("{'op': 'stream', 'object': 'h', 'via': 'mmap', 'chunk': 30, 'as': 1}"),
		  "map h 0+30 as1; touch h 0+30; unmap h 0+0 as1; map h 30+30 as1; touch h 30+30; unmap h "
		  "0+0 as1;"
		  " map h 60+4 as1; touch h 60+4; unmap h 0+0 as1" },
		{ "an mmap stream of an exec file maps it exec, and write makes touch-writes",
		  WL("{'op': 'stream', 'object': 'lib.so.6', 'via': 'mmap', 'pages': '4-9', 'write': true}"),
		  "map lib.so.6 4+6 x; touch lib.so.6 4+6 v3; unmap lib.so.6 0+0" },
		{ "a read stream reads one chunk per operation",
		  WL("{'op': 'stream', 'object': 'a', 'chunk': 100, 'caption': 'go'}"),
		  "read a 0+100 c0; read a 100+100; read a 200+56" },
		{ "an interleave lands after every N pages, across chunks",
		  WL("{'op': 'stream', 'object': 'h', 'via': 'mmap', 'chunk': 40, 'interleave': {'op': "
		     "'touch', 'object': 'a', 'pages': '0-1', 'every': 30}}"),
		  "map h 0+40; touch h 0+30; touch a 0+2; touch h 30+10; unmap h 0+0;"
		  " map h 40+24; touch h 40+20; touch a 0+2; touch h 60+4; unmap h 0+0" },
		{ "an interleave also lands at the very end when the stream ends on a multiple",
		  WL("{'op': 'stream', 'object': 'a', 'pages': '0-9', 'interleave': {'op': 'alloc', 'pages': "
		     "1, 'every': 5}}"),
		  "read a 0+5; alloc - 0+1; read a 5+5; alloc - 0+1" },
		{ "random stays one operation with its range, count, seed and via",
		  WL("{'op': 'random', 'object': 'a', 'pages': '10-19', 'count': 1000, 'dist': 'zipf', "
		     "'theta': 1.2, 'seed': 9, 'via': 'write'}"),
		  "random a 10+1000 z v2 r10" },
		{ "random defaults to a uniform touch of the whole object",
		  WL("{'op': 'random', 'object': 'h', 'count': 5}"), "random h 0+5 r64" },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct scenario s;
		struct diag_list d = { 0 };
		char got[2048], why[512];
		int rc = parse(rows[i].json, NULL, &s, &d);

		first_diag(&d, why, sizeof why);
		CHECKF(rc == 0, "%s: refused: %s", rows[i].sentence, why);
		if (rc == 0) {
			ops_str(&s, got, sizeof got);
			CHECKF(strcmp(got, rows[i].ops) == 0, "%s:\n  got  %s\n  want %s", rows[i].sentence,
			       got, rows[i].ops);
		}
		scenario_free(&s);
		diag_list_free(&d);
	}
}

static void test_fields(void)
{
	struct scenario s;
	struct diag_list d = { 0 };
	const char *json =
		"{'format': 1, 'title': 'T', 'description': 'D', 'policy': '2.6.34',\n"
		"'memory': {'pages': 2048, 'watermarks': {'min': 10, 'low': 20, 'high': 30}, 'swap': 99,\n"
		"  'swappiness': 0, 'writeback_steps': 5, 'kswapd': false, 'laptop_mode': true},\n"
		"'objects': [{'name': 'x', 'type': 'anon', 'pages': 8}],\n"
		"'workload': [{'op': 'random', 'object': 'x', 'count': 3, 'dist': 'zipf'},"
		"  {'op': 'pause', 'caption': 'one'}, {'op': 'alloc', 'pages': 1, 'caption': 'two'}]}";
	char why[512];
	int rc = parse(json, NULL, &s, &d);

	first_diag(&d, why, sizeof why);
	CHECKF(rc == 0, "every key at once loads: %s", why);
	if (rc)
		return;
	CHECK_STR(s.title, "T");
	CHECK_STR(s.description, "D");
	CHECK_STR(s.policy, "2.6.34");
	CHECK_STR(s.path, NAME);
	CHECK_EQ_U(s.wl.memory.pages, 2048);
	CHECK_EQ_U(s.wl.memory.wmark_min, 10);
	CHECK_EQ_U(s.wl.memory.wmark_low, 20);
	CHECK_EQ_U(s.wl.memory.wmark_high, 30);
	CHECK_EQ_U(s.wl.memory.swap_pages, 99);
	CHECK_EQ_U(s.wl.memory.swappiness, 0);
	CHECK_EQ_U(s.wl.memory.writeback_steps, 5);
	CHECK(!s.wl.memory.kswapd);
	CHECK(s.wl.memory.laptop_mode);
	CHECK_EQ_U(s.wl.nr_objects, 1);
	CHECK_EQ_U(s.wl.objects[0].type, OBJ_ANON);
	CHECKF(s.wl.ops[0].theta == 0.99, "zipf theta defaults to 0.99");
	CHECK_EQ_U(s.wl.ops[0].seed, 1);
	CHECK_EQ_U(s.wl.nr_captions, 2);
	CHECK_STR(s.wl.captions[s.wl.ops[1].caption], "one");
	CHECK_STR(s.wl.captions[s.wl.ops[2].caption], "two");
	scenario_free(&s);
	diag_list_free(&d);

	/* defaults */
	rc = parse(WL("{'op': 'alloc', 'pages': 1}"), NULL, &s, &d);
	CHECK(rc == 0);
	if (rc == 0) {
		CHECK(s.description == NULL && s.policy == NULL && s.nr_expect == 0);
		CHECK_EQ_U(s.wl.memory.swappiness, 60);
		CHECK_EQ_U(s.wl.memory.writeback_steps, 16);
		CHECK(s.wl.memory.kswapd && !s.wl.memory.laptop_mode);
		CHECK_EQ_U(s.wl.memory.wmark_high, 0);
		CHECK_EQ_U(s.wl.memory.swap_pages, 0);
	}
	scenario_free(&s);
	diag_list_free(&d);
	scenario_free(&s); /* twice is harmless */
}

/* ---- errors, with their positions ------------------------------------ */

static void test_errors(void)
{
	static const struct {
		const char *sentence, *json, *want; /* the first diagnostic, exactly */
		size_t n;			    /* how many, 0: do not check */
	} rows[] = {
		{ "an empty text is refused as empty, at 1:1", "",
		  "t.json:1:1: error: file is empty; a scenario is a JSON object {...}", 1 },
		{ "whitespace only is refused where it ends", "  \n\t ",
		  "t.json:2:3: error: file holds only white space; a scenario is a JSON object {...}", 1 },
		{ "a byte order mark alone is named, not shown as an invisible character", "\xEF\xBB\xBF",
		  "t.json:1:1: error: file holds only a byte order mark (U+FEFF); a scenario is a JSON "
		  "object "
		  "{...}",
		  1 },
		{ "a byte order mark and white space are empty too", "\xEF\xBB\xBF \n",
		  "t.json:2:1: error: file holds only white space; a scenario is a JSON object {...}", 1 },
		{ "a byte order mark in the middle is shown escaped in a syntax error",
		  "{'format': 1,\xEF\xBB\xBF 'title': 'x'}",
		  "t.json:1:14: error: JSON syntax error near '\\ufeff \"title\": \"x\"}'", 1 },
		{ "CR-only line endings count lines", "{'format': 1,\r'title': 'x',\r  'memory': 5}",
		  "t.json:3:13: error: memory: expected an object {...}, found 5", 0 },
		{ "CRLF line endings count one line each", "{'format': 1,\r\n'title': 'x',\r\n  'memory': 5}",
		  "t.json:3:13: error: memory: expected an object {...}, found 5", 0 },
		{ "an escape character is a control character, not bad UTF-8", "{'title': 'a\x1b[5mb'}",
		  "t.json:1:13: error: control character 0x1b is not allowed in JSON text (only tab, line "
		  "feed and carriage return are); in a string, write it as \\u001b",
		  1 },
		{ "\\u0000 in a string is refused where it is", "{'format': 1, 'title': 'ab\\u0000cd'}",
		  "t.json:1:27: error: \\u0000 (NUL) is not allowed in a string: the text would end there",
		  1 },
		{ "an escaped backslash before u0000 is text, not NUL",
		  "{'format': 1, 'title': 'ab\\\\u0000cd'}",
		  "t.json:1:1: error: missing required key \"memory\"", 0 },
		{ "a missing comma is a syntax error at the next token", "{'format': 1\n 'title': 'x'}",
		  "t.json:2:2: error: JSON syntax error near '\"title\": \"x\"}'", 1 },
		{ "a truncated file ends unexpectedly, inside a string: where it starts",
		  "{'format': 1,\n 'title': 'x",
		  "t.json:2:11: error: JSON syntax error: this string is not closed before the end of the "
		  "file",
		  1 },
		{ "a string never closed is reported where it starts", "{'format': 1,\n 'title': 'x}",
		  "t.json:2:11: error: JSON syntax error: this string is not closed before the end of the "
		  "file",
		  1 },
		{ "a file cut after a value says end of file", "{'format': 1,\n 'title': 'x'\n",
		  "t.json:2:14: error: JSON syntax error: unexpected end of file", 1 },
		{ "trailing text after the object is an error", "{'format': 1} x",
		  "t.json:1:15: error: JSON syntax error near 'x'", 1 },
		{ "comments are not JSON", "{\n // no\n}", "t.json:2:3: error: JSON syntax error near '/ no'",
		  1 },
		{ "a control byte is named as one", "{\x01}",
		  "t.json:1:2: error: control character 0x01 is not allowed in JSON text (only tab, line "
		  "feed "
		  "and carriage return are); in a string, write it as \\u0001",
		  1 },
		{ "invalid UTF-8 is named as such", "{'title': '\xff'}",
		  "t.json:1:12: error: byte 0xff is not UTF-8; a scenario is UTF-8 text", 1 },
		{ "explicit zero watermarks are refused, not replaced by the kernel's",
		  "{'format': 1, 'title': 't', 'memory': {'pages': 64, 'watermarks': {'min': 0, 'low': 0, "
		  "'high': 0}}, 'objects': [{'name': 'a', 'type': 'file', 'pages': 4}], 'workload': [{'op': "
		  "'read', 'object': 'a'}]}",
		  "t.json:1:67: error: memory.watermarks: expected a high watermark of at least 1, found min "
		  "0, "
		  "low 0, high 0; leave \"watermarks\" out to have the kernel's",
		  1 },
		{ "a JSON Schema is refused as one",
		  "{'$schema': 'https://json-schema.org/draft/2020-12/schema', 'title': 'x', 'type': "
		  "'object'}",
		  "t.json:1:2: error: a JSON Schema (its \"$schema\" is a meta-schema), not a scenario", 1 },
		{ "a scenario naming its schema but no format is checked as a scenario",
		  "{'$schema': 'https://json-schema.org/draft/2020-12/schema', 'title': 'x', 'memory': "
		  "{'pages': 64}}",
		  "t.json:1:1: error: missing required key \"format\"", 0 },
		{ "a scenario naming its schema by path and no format is checked as a scenario",
		  "{'$schema': './scenario.schema.json', 'title': 'x'}",
		  "t.json:1:1: error: missing required key \"format\"", 0 },
		{ "deep nesting is refused before parsing",
		  "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]",
		  "t.json:1:65: error: JSON nested deeper than 64 levels, the limit", 1 },
		{ "brackets inside strings do not count as nesting",
		  "{'format': 1, 'title': "
		  "'[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['}",
		  "t.json:1:1: error: missing required key \"memory\"", 0 },
		{ "the top level must be an object", "[1]",
		  "t.json:1:1: error: expected a JSON object {...} at the top level, found an array", 1 },
		{ "another format number names the one supported", "{'format': 2}",
		  "t.json:1:12: error: format: unsupported format 2; this version of vmscan-viz reads format "
		  "1",
		  1 },
		{ "a missing format is reported at the top object",
		  "{'title': 't', 'memory': {'pages': 64}, 'objects': [{'name': 'a', 'type': 'anon', "
		  "'pages': 1}], 'workload': [{'op': 'alloc', 'pages': 1}]}",
		  "t.json:1:1: error: missing required key \"format\"", 1 },
		{ "an unknown top-level key suggests the closest", "{'format': 1,\n  'workloads': []}",
		  "t.json:2:3: error: unknown key \"workloads\"; did you mean \"workload\"?", 0 },
		{ "a repeated key is an error at the second one", "{'format': 1, 'format': 1}",
		  "t.json:1:15: error: duplicate key \"format\"", 0 },
		{ "keys are case-sensitive, and the suggestion says so", "{'format': 1, 'Title': 'x'}",
		  "t.json:1:15: error: unknown key \"Title\"; did you mean \"title\"?", 0 },
		{ "too little memory is out of range", "{'format': 1, 'title': 't', 'memory': {'pages': 8}}",
		  "t.json:1:49: error: memory.pages: expected a whole number from 16 to 67108864, found 8",
		  0 },
		{ "absurd memory is out of range, shown as written",
		  "{'format': 1, 'title': 't', 'memory': {'pages': 1e400}}",
		  "t.json:1:49: error: memory.pages: expected a whole number from 16 to 67108864, found "
		  "1e400",
		  0 },
		{ "watermarks must be ordered",
		  "{'format': 1, 'title': 't', 'memory': {'pages': 64, 'watermarks': {'min': 5, 'low': 4, "
		  "'high': 6}}}",
		  "t.json:1:67: error: memory.watermarks: expected min <= low <= high, found min 5, low 4, "
		  "high 6",
		  0 },
		{ "the high watermark must be below the memory",
		  "{'format': 1, 'title': 't', 'memory': {'pages': 64, 'watermarks': {'min': 5, 'low': 6, "
		  "'high': 64}}}",
		  "t.json:1:96: error: memory.watermarks.high: high watermark 64 must be below memory.pages "
		  "(64)",
		  0 },
		{ "a watermark set needs all three",
		  "{'format': 1, 'title': 't', 'memory': {'pages': 64, 'watermarks': {'min': 5}}}",
		  "t.json:1:67: error: memory.watermarks: missing required key \"low\"", 0 },
		{ "an object of no pages is refused",
		  "{'format': 1, 'title': 't', 'memory': {'pages': 64}, 'objects': [{'name': 'a', 'type': "
		  "'anon', 'pages': 0}]}",
		  "t.json:1:105: error: objects[0].pages: expected a whole number from 1 to 268435456, found "
		  "0",
		  0 },
		{ "object names are unique",
		  "{'format': 1, 'title': 't', 'memory': {'pages': 64}, 'objects': [{'name': 'a', 'type': "
		  "'anon', 'pages': 1}, {'name': 'a', 'type': 'anon', 'pages': 1}]}",
		  "t.json:1:118: error: objects[1].name: a second object named \"a\"; names must be unique",
		  0 },
		{ "an unknown type suggests the closest",
		  "{'format': 1, 'title': 't', 'memory': {'pages': 64}, 'objects': [{'name': 'a', 'type': "
		  "'anno', 'pages': 1}]}",
		  "t.json:1:88: error: objects[0].type: expected \"file\" or \"anon\", found \"anno\"; did "
		  "you mean \"anon\"?",
		  0 },
		{ "an empty objects array is refused unless a trace with maps makes objects",
		  "{'format': 1, 'title': 't', 'memory': {'pages': 64}, 'objects': [], 'workload': [{'op': "
		  "'alloc', 'pages': 1}]}",
		  "t.json:1:65: error: objects: expected 1 to 4096 objects, found 0 (only a trace with "
		  "\"maps\" makes its own)",
		  0 },
		{ "an empty workload is refused", WL(""),
		  "t.json:5:13: error: workload: expected at least one operation, found an empty array", 1 },
		{ "a range of the wrong type says what it found",
		  WL("{'op': 'touch', 'object': 'a', 'pages': true}"),
		  "t.json:6:41: error: workload[0].pages: expected a page range like \"0-63\", "
		  "\"0-15,32-47\", 5 or \"all\", found true",
		  1 },
		{ "a page past the end names the object and its size",
		  WL("{'op': 'touch', 'object': 'a', 'pages': '0-300'}"),
		  "t.json:6:41: error: workload[0].pages: page 300 is past the end of \"a\" (256 pages)", 1 },
		{ "a number page past the end is caught too",
		  WL("{'op': 'touch', 'object': 'h', 'pages': 64}"),
		  "t.json:6:41: error: workload[0].pages: page 64 is past the end of \"h\" (64 pages)", 1 },
		{ "a fractional page is not a page", WL("{'op': 'touch', 'object': 'h', 'pages': 2.5}"),
		  "t.json:6:41: error: workload[0].pages: expected a page range like \"0-63\", "
		  "\"0-15,32-47\", 5 or \"all\", found 2.5",
		  1 },
		{ "a map needs one contiguous range", WL("{'op': 'map', 'object': 'a', 'pages': '0-3,8'}"),
		  "t.json:6:39: error: workload[0].pages: map takes one contiguous range of pages, found "
		  "\"0-3,8\" (2 pieces)",
		  1 },
		{ "an unknown operation suggests the closest", WL("{'op': 'tuoch', 'object': 'a'}"),
		  "t.json:6:8: error: workload[0].op: unknown operation \"tuoch\"; did you mean \"touch\"?",
		  1 },
		{ "an unknown key of an operation suggests from that operation's keys",
		  WL("{'op': 'touch', 'object': 'a', 'page': 1}"),
		  "t.json:6:32: error: workload[0]: unknown key \"page\"; did you mean \"pages\"?", 1 },
		{ "a key of another operation is unknown here", WL("{'op': 'touch', 'object': 'a', 'as': 1}"),
		  "t.json:6:32: error: workload[0]: unknown key \"as\"", 1 },
		{ "an unknown object suggests the closest name", WL("{'op': 'touch', 'object': 'lib.so.5'}"),
		  "t.json:6:27: error: workload[0].object: no object named \"lib.so.5\" in \"objects\"; did "
		  "you mean \"lib.so.6\"?",
		  1 },
		{ "read needs a file", WL("{'op': 'read', 'object': 'h'}"),
		  "t.json:6:26: error: workload[0].object: \"h\" is anonymous memory; read needs an object "
		  "of type \"file\"",
		  1 },
		{ "as is limited to the mapping slots", WL("{'op': 'unmap', 'object': 'a', 'as': 8}"),
		  "t.json:6:38: error: workload[0].as: expected a whole number from 0 to 7, found 8", 1 },
		{ "alloc order is limited", WL("{'op': 'alloc', 'pages': 1, 'order': 11}"),
		  "t.json:6:38: error: workload[0].order: expected a whole number from 0 to 10, found 11",
		  1 },
		{ "pause needs a caption", WL("{'op': 'pause'}"),
		  "t.json:6:1: error: workload[0]: missing required key \"caption\"", 1 },
		{ "free needs an object or a page count", WL("{'op': 'free'}"),
		  "t.json:6:1: error: workload[0]: free needs \"object\" (to drop an object's pages) or "
		  "\"pages\" (kernel pages from alloc)",
		  1 },
		{ "theta needs zipf", WL("{'op': 'random', 'object': 'a', 'count': 1, 'theta': 1}"),
		  "t.json:6:54: error: workload[0].theta: \"theta\" applies only to \"dist\": \"zipf\"", 1 },
		{ "theta is bounded",
		  WL("{'op': 'random', 'object': 'a', 'count': 1, 'dist': 'zipf', 'theta': 0}"),
		  "t.json:6:70: error: workload[0].theta: expected a Zipf exponent above 0 and at most 5, "
		  "found 0",
		  1 },
		{ "a stream via read needs a file, and write needs mmap",
		  WL("{'op': 'stream', 'object': 'a', 'write': true}"),
		  "t.json:6:42: error: workload[0].write: \"write\" needs \"via\": \"mmap\"; a stream read "
		  "with read() only reads",
		  1 },
		{ "an interleave needs every",
		  WL("{'op': 'stream', 'object': 'a', 'interleave': {'op': 'alloc', 'pages': 1}}"),
		  "t.json:6:47: error: workload[0].interleave: missing required key \"every\"", 1 },
		{ "errors inside a repeat carry the nested path",
		  WL("{'op': 'repeat', 'count': 2, 'ops': [{'op': 'alloc'}]}"),
		  "t.json:6:38: error: workload[0].ops[0]: missing required key \"pages\"", 1 },
		{ "an expansion past the limit says the limit",
		  WL("{'op': 'repeat', 'count': 1000000, 'ops': [{'op': 'alloc', 'pages': 1}, {'op': "
		     "'alloc', 'pages': 1}]}"),
		  "t.json:6:1: error: workload[0]: the workload expands to more than 1000000 operations, "
		  "the limit; "
		  "use fewer repeats, bigger stream chunks, or \"random\"/\"trace\"",
		  1 },
		{ "a stream that expands past the limit stops early",
		  "{'format': 1, 'title': 't', 'memory': {'pages': 64}, 'objects': [{'name': 'a', 'type': "
		  "'anon', 'pages': 16777216}],"
		  " 'workload': [{'op': 'stream', 'object': 'a', 'via': 'mmap', 'chunk': 1}]}",
		  "t.json:1:130: error: workload[0]: the workload expands to more than 1000000 operations, "
		  "the limit; "
		  "use fewer repeats, bigger stream chunks, or \"random\"/\"trace\"",
		  1 },
		{ "an operation that is not an object says what it is", WL("'touch'"),
		  "t.json:6:1: error: workload[0]: expected an object {...}, found \"touch\"", 1 },
		{ "an unknown policy suggests a close name",
		  "{'format': 1, 'title': 't', 'policy': 'v2.6.34'}",
		  "t.json:1:39: error: policy: unknown policy \"v2.6.34\"; did you mean \"2.6.34\"?", 0 },
		{ "a trace file that is missing is reported at its key",
		  WL("{'op': 'trace', 'file': 'no-such-trace.txt', 'object': 'a'}"),
		  "t.json:6:25: error: workload[0].file: cannot read trace file \"no-such-trace.txt\": No "
		  "such file or directory",
		  1 },
		{ "a u32 trace needs an object", WL("{'op': 'trace', 'file': 'x', 'format': 'u32'}"),
		  "t.json:6:1: error: workload[0]: missing required key \"object\" (a u32 trace names no "
		  "objects)",
		  1 },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct scenario s;
		struct diag_list d = { 0 };
		char got[1024];
		int rc = parse(rows[i].json, NULL, &s, &d);

		first_diag(&d, got, sizeof got);
		CHECKF(rc == -1 || (rc == SCENARIO_IS_SCHEMA && strstr(rows[i].want, "JSON Schema")),
		       "%s: accepted (%d)", rows[i].sentence, rc);
		CHECKF(strcmp(got, rows[i].want) == 0, "%s:\n  got  %s\n  want %s", rows[i].sentence, got,
		       rows[i].want);
		CHECKF(!rows[i].n || d.n == rows[i].n, "%s: %zu diagnostics, want %zu", rows[i].sentence, d.n,
		       rows[i].n);
		CHECKF(s.wl.ops == NULL && s.owned == NULL, "%s: *out is left empty", rows[i].sentence);
		scenario_free(&s);
		diag_list_free(&d);
	}
}

static void test_many_errors(void)
{
	char json[8192] = HEAD;
	struct scenario s;
	struct diag_list d = { 0 };
	char last[512];

	for (int i = 0; i < 30; i++)
		snprintf(json + strlen(json), sizeof json - strlen(json),
			 "%s{'op': 'touch', 'object': 'a', 'pages': %d}", i ? ",\n" : "", 300 + i);
	strcat(json, TAIL);
	CHECK(parse(json, NULL, &s, &d) == -1);
	CHECKF(d.n == SCENARIO_MAX_ERRORS + 1, "errors stop after 20 and say so: %zu", d.n);
	if (d.n) {
		diag_format(&d.v[d.n - 1], last, sizeof last);
		CHECK_STR(last, "t.json: error: too many errors; stopped after 20");
		diag_format(&d.v[1], last, sizeof last);
		CHECK_STR(last, "t.json:7:41: error: workload[1].pages: page 301 is past the end of \"a\" "
				"(256 pages)");
	}
	scenario_free(&s);
	diag_list_free(&d);

	/* several independent errors are all reported, in document order */
	CHECK(parse("{'format': 1, 'title': 5, 'memory': {'pages': 1, 'swappiness': 101}}", NULL, &s, &d) ==
	      -1);
	CHECK_EQ_U(d.n, 5); /* title, pages, swappiness, objects, workload */
	scenario_free(&s);
	diag_list_free(&d);
}

/* ---- diag_format ----------------------------------------------------- */

static void test_diag_format(void)
{
	static const struct {
		const char *sentence;
		struct diag d;
		const char *want;
	} rows[] = {
		{ "a full diagnostic has file, line, column and path",
		  { "f.json", 3, 7, "workload[3].pages", "bad", false },
		  "f.json:3:7: error: workload[3].pages: bad" },
		{ "an empty path is left out",
		  { "f.json", 1, 1, "", "bad", false },
		  "f.json:1:1: error: bad" },
		{ "no line means no position",
		  { "f.json", 0, 0, "", "cannot read", false },
		  "f.json: error: cannot read" },
		{ "no line but a path keeps the path",
		  { "f.json", 0, 0, "memory", "x", false },
		  "f.json: error: memory: x" },
		{ "a line without column prints the line",
		  { "t.txt", 12, 0, "workload[1]", "x", false },
		  "t.txt:12: error: workload[1]: x" },
		{ "a note says note, not error",
		  { "s.json", 4, 9, "workload[0].file", "the trace file named here", true },
		  "s.json:4:9: note: workload[0].file: the trace file named here" },
	};
	char buf[1024], small[12];

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		diag_format(&rows[i].d, buf, sizeof buf);
		CHECKF(strcmp(buf, rows[i].want) == 0, "%s: \"%s\"", rows[i].sentence, buf);
	}
	diag_format(&rows[0].d, small, sizeof small);
	CHECKF(strlen(small) == sizeof small - 1, "a short buffer is filled and terminated");
}

/* ---- suggestions ----------------------------------------------------- */

static void test_suggest(void)
{
	static const char *const keys[] = { "format", "title", "workload", "memory", "pages", NULL };
	static const struct {
		const char *sentence, *word, *want; /* NULL: no suggestion */
	} rows[] = {
		{ "one extra letter is suggested", "workloads", "workload" },
		{ "a swap of two letters counts as one edit", "titel", "title" },
		{ "case differences are suggested", "Memory", "memory" },
		{ "a missing letter is suggested", "pags", "pages" },
		{ "a word unlike any gets nothing", "banana", NULL },
		{ "a very short word is not forced onto a name", "x", NULL },
		{ "a prefix of a longer name suggests it", "work", "workload" },
		{ "an exact name is not suggested to itself", "title", NULL },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const char *got = suggest(rows[i].word, keys, SIZE_MAX);
		CHECKF((got == NULL && rows[i].want == NULL) ||
			       (got && rows[i].want && strcmp(got, rows[i].want) == 0),
		       "%s: got %s", rows[i].sentence, got ? got : "(none)");
	}
	CHECK_EQ_U(edit_distance("kitten", "sitting"), 3);
	CHECK_EQ_U(edit_distance("", "abc"), 3);
	CHECK_EQ_U(edit_distance("ab", "ba"), 1);
}

/* ---- expectations ---------------------------------------------------- */

/* Every row, in whatever locale is set: numbers read the same in all. */
static void expect_rows(const char *locale)
{
	static const struct object_spec objs[] = {
		{ .name = "index", .pages = 4 },
		{ .name = "libc.so.6", .pages = 4 },
	};
	static const struct {
		const char *sentence, *check;
		int metric, cmp, item;
		uint32_t object;
		double value;
		const char *why; /* NULL: valid */
	} rows[] = {
		{ "an object measure splits at the last dot", "libc.so.6.resident_percent >= 90",
		  EXPECT_RESIDENT_PERCENT, CMP_GE, 0, 1, 90, NULL },
		{ "refaults of an object", "index.refaults == 0", EXPECT_REFAULTS, CMP_EQ, 0, 0, 0, NULL },
		{ "active pages of an object", "index.active < 2.5", EXPECT_ACTIVE, CMP_LT, 0, 0, 2.5, NULL },
		{ "a bare name is a vmstat counter", "pgscan_kswapd_normal > 1e3", EXPECT_COUNTER, CMP_GT,
		  PGSCAN_KSWAPD, 0, 1000, NULL },
		{ "a counter by 6.1's name, as run --vmstat prints it under mglru", "pgsteal_kswapd > 1",
		  EXPECT_COUNTER, CMP_GT, KSWAPD_STEAL, 0, 1, NULL },
		{ "6.1's pgrefill is 2.6.34's pgrefill_normal", "pgrefill == 0", EXPECT_COUNTER, CMP_EQ,
		  PGREFILL, 0, 0, NULL },
		{ "6.1's workingset_refault_file is 3.15's workingset_refault",
		  "workingset_refault_file >= 1", EXPECT_COUNTER, CMP_GE, WORKINGSET_REFAULT, 0, 1, NULL },
		{ "6.1's allocstall_movable is 2.6.34's allocstall", "allocstall_movable == 0",
		  EXPECT_COUNTER, CMP_EQ, ALLOCSTALL, 0, 0, NULL },
		{ "a gauge run --vmstat prints", "nr_mapped >= 3", EXPECT_GAUGE, CMP_GE, NR_MAPPED, 0, 3,
		  NULL },
		{ "nr_isolated_file, a gauge at rest", "nr_isolated_file == 0", EXPECT_GAUGE, CMP_EQ,
		  NR_ISOLATED_FILE, 0, 0, NULL },
		{ "decisions name an outcome", "decisions.activate <= 5", EXPECT_DECISIONS, CMP_LE,
		  OUT_ACTIVATE, 0, 5, NULL },
		{ "lists name an LRU list", "lists.inactive_file >= 10", EXPECT_LIST, CMP_GE,
		  LRU_INACTIVE_FILE, 0, 10, NULL },
		{ "extra spaces are fine", "  index.resident   >   1  ", EXPECT_RESIDENT, CMP_GT, 0, 0, 1,
		  NULL },
		{ "an unknown measure is suggested", "index.resdent > 1", 0, 0, 0, 0, 0,
		  "unknown measure \"resdent\"; did you mean \"resident\"? (an object has resident_percent, "
		  "resident, active and refaults)" },
		{ "an unknown counter is suggested", "pgactivat > 1", 0, 0, 0, 0, 0,
		  "unknown counter \"pgactivat\"; did you mean \"pgactivate\"?" },
		{ "an unknown outcome is suggested", "decisions.reclaimm > 1", 0, 0, 0, 0, 0,
		  "unknown outcome \"reclaimm\"; did you mean \"reclaim\"?" },
		{ "an unknown object is suggested", "indx.resident > 1", 0, 0, 0, 0, 0,
		  "no object named \"indx\" (nor \"decisions\" or \"lists\"); did you mean \"index\"?" },
		{ "a missing comparison is a syntax error", "index.resident", 0, 0, 0, 0, 0,
		  "expected \"SUBJECT CMP NUMBER\" like \"index.resident_percent >= 90\", found "
		  "\"index.resident\"" },
		{ "an unknown comparison is named", "index.resident => 1", 0, 0, 0, 0, 0,
		  "expected a comparison <, <=, ==, >= or >, found \"=>\" in \"index.resident => 1\"" },
		{ "the value must be a number", "index.resident > many", 0, 0, 0, 0, 0,
		  "expected a number after >, found \"many\"" },
		{ "a decimal comma is not a number, whatever the locale", "index.resident > 2,5", 0, 0, 0, 0,
		  0, "expected a number after >, found \"2,5\"" },
		{ "hexadecimal is not a number here", "index.resident > 0x10", 0, 0, 0, 0, 0,
		  "expected a number after >, found \"0x10\"" },
		{ "inf is not a number here", "index.resident > inf", 0, 0, 0, 0, 0,
		  "expected a number after >, found \"inf\"" },
		{ "a negative fraction with an exponent", "index.active >= -2.5e-1", EXPECT_ACTIVE, CMP_GE, 0,
		  0, -0.25, NULL },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct expectation e;
		char why[320] = "";
		int rc;

		memset(&e, 0, sizeof e);
		rc = expect_parse_check(rows[i].check, NULL, objs, 2, &e, why, sizeof why);
		if (!rows[i].why) {
			CHECKF(rc == 0, "%s (%s): %s", rows[i].sentence, locale, why);
			CHECKF(e.metric == rows[i].metric && e.cmp == rows[i].cmp && e.value == rows[i].value,
			       "%s: metric %d cmp %d value %g", rows[i].sentence, e.metric, e.cmp, e.value);
			if (rows[i].metric == EXPECT_COUNTER || rows[i].metric == EXPECT_DECISIONS ||
			    rows[i].metric == EXPECT_LIST || rows[i].metric == EXPECT_GAUGE)
				CHECKF(e.item == rows[i].item, "%s: item %d", rows[i].sentence, e.item);
			else
				CHECKF(e.object == rows[i].object, "%s: object %u", rows[i].sentence,
				       e.object);
		} else {
			CHECKF(rc < 0 && strcmp(why, rows[i].why) == 0, "%s:\n  got  %s\n  want %s",
			       rows[i].sentence, why, rows[i].why);
		}
	}
}

static void test_expect(void)
{
	expect_rows("C");
}

/* The visualizer runs in the user's locale: under de_DE.UTF-8 strtod()
 * takes "2,5" and refuses "2.5".  A locale of our own, made with
 * localedef, so the test does not depend on the machine's. */
static void test_expect_comma_locale(void)
{
	char dir[] = "/tmp/vmscan-locale-XXXXXX", cmd[256];

	if (!mkdtemp(dir)) {
		CHECKF(0, "mkdtemp failed");
		return;
	}
	snprintf(cmd, sizeof cmd, "localedef -i de_DE -f UTF-8 %s/de_DE.UTF-8 >/dev/null 2>&1", dir);
	if (system(cmd) == 0 && setenv("LOCPATH", dir, 1) == 0 && setlocale(LC_NUMERIC, "de_DE.UTF-8")) {
		CHECKF(strcmp(localeconv()->decimal_point, ",") == 0, "de_DE.UTF-8 has a decimal comma");
		expect_rows("de_DE.UTF-8");
		setlocale(LC_NUMERIC, "C");
	} else {
		printf("skip: no de_DE.UTF-8 locale could be made (localedef)\n");
	}
	unsetenv("LOCPATH");
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		CHECKF(0, "could not remove %s", dir);
}

static void test_expect_entries(void)
{
	struct scenario s;
	struct diag_list d = { 0 };
	const char *json = HEAD "{'op': 'alloc', 'pages': 1}],\n'expect': ["
				"{'check': 'a.resident > 1'},"
				"{'check': 'h.active == 0', 'policy': ['2.6.33', '2.6.34'], 'step': 40},"
				"{'check': 'pgfree >= 1', 'policy': '2.6.34'}]}";
	int rc = parse(json, NULL, &s, &d);
	char why[512];

	first_diag(&d, why, sizeof why);
	CHECKF(rc == 0, "expectations load: %s", why);
	if (rc == 0) {
		CHECKF(s.nr_expect == 4, "a list of policies makes one expectation each: %u", s.nr_expect);
		CHECK(s.expect[0].policy == NULL && s.expect[0].at_step == 0);
		CHECK_STR(s.expect[0].text, "a.resident > 1");
		CHECK_STR(s.expect[1].policy, "2.6.33");
		CHECK_STR(s.expect[2].policy, "2.6.34");
		CHECK_EQ_U(s.expect[2].at_step, 40);
		CHECK_STR(s.expect[2].text, "h.active == 0");
		CHECK_EQ_U(s.expect[3].metric, EXPECT_COUNTER);
	}
	scenario_free(&s);
	diag_list_free(&d);

	rc = parse(HEAD "{'op': 'alloc', 'pages': 1}],\n'expect': [{'check': 'a.resident > 1', 'step': 0}]}",
		   NULL, &s, &d);
	first_diag(&d, why, sizeof why);
	CHECK(rc == -1);
	CHECK_STR(why, "t.json:7:48: error: expect[0].step: expected a whole number of at least 1, found 0");
	scenario_free(&s);
	diag_list_free(&d);
}

/* ---- trace files and scenario_load ----------------------------------- */

static void write_file(const char *dir, const char *name, const void *data, size_t n)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f)
		return;
	fwrite(data, 1, n, f);
	fclose(f);
}

static void test_traces(void)
{
	char dir[] = "/tmp/vmscan-test-XXXXXX";
	static const unsigned char u32[] = { 3, 0, 0, 0, 0, 1, 0, 0, 7, 0, 0, 0 }; /* 3, 256, 7 */
	static const unsigned char u32ok[] = { 3, 0, 0, 0, 255, 0, 0, 0 };
	const char *txt = "# a comment\n\n5\n6 h\n7 a touch\n  8\t lib.so.6  \n";
	const char *lackey =
		"==42== Lackey\nI  0400d7d4,3\n L 04022610,8\n S 0400d7d8,4\n--42-- x\r\n M 7ff000f70,8\n";
	static const struct {
		const char *sentence, *ops;
		const char *want;  /* the first diagnostic; "" when it loads */
		const char *trace; /* when it loads: "page/object,..." */
	} rows[] = {
		{ "a txt trace reads pages and per-line objects",
		  "{'op': 'trace', 'file': 'a.txt', 'object': 'a'}", "", "5/a,6/h,7/a,8/lib.so.6" },
		{ "a txt trace without names has no per-access objects",
		  "{'op': 'trace', 'file': 'plain.txt', 'object': 'h'}", "", "1,2,3" },
		{ "a read trace with a touch line is refused at that line",
		  "{'op': 'trace', 'file': 'a.txt', 'object': 'a', 'via': 'read'}",
		  "DIR/a.txt:4:3: error: workload[0]: \"h\" is anonymous memory; a read trace needs objects "
		  "of type \"file\"",
		  NULL },
		{ "a txt line past the end names the trace file, line and column",
		  "{'op': 'trace', 'file': 'far.txt', 'object': 'a'}",
		  "DIR/far.txt:2:3: error: workload[0]: page 999 is past the end of \"a\" (256 pages)",
		  NULL },
		{ "a write kind is refused in a touch trace",
		  "{'op': 'trace', 'file': 'kind.txt', 'object': 'a'}",
		  "DIR/kind.txt:1:3: error: workload[0]: access kind \"w\" differs from the operation's "
		  "\"via\": \"touch\"; a trace has one kind of access",
		  NULL },
		{ "an unknown object on a line is suggested",
		  "{'op': 'trace', 'file': 'obj.txt', 'object': 'a'}",
		  "DIR/obj.txt:1:3: error: workload[0]: no object named \"lib.so.7\" in \"objects\"; did you "
		  "mean \"lib.so.6\"?",
		  NULL },
		{ "a u32 trace reads little-endian pages",
		  "{'op': 'trace', 'file': 'ok.u32', 'format': 'u32', 'object': 'a'}", "", "3,255" },
		{ "a u32 page past the end names the access and byte",
		  "{'op': 'trace', 'file': 'bad.u32', 'format': 'u32', 'object': 'a'}",
		  "DIR/bad.u32: error: workload[0]: access 2 (byte 4): page 256 is past the end of \"a\" "
		  "(256 pages)",
		  NULL },
		{ "a lackey trace renumbers pages densely in order of first use",
		  "{'op': 'trace', 'file': 't.lackey', 'format': 'lackey', 'object': 'h'}", "", "0,1,0,2" },
		{ "a lackey trace needs an object big enough, refused at the first page too many",
		  "{'op': 'trace', 'file': 'big.lackey', 'format': 'lackey', 'object': 'h'}",
		  "DIR/big.lackey:65:1: error: workload[0]: the trace touches more distinct pages than the "
		  "64 "
		  "of \"h\": this is page 65; give it more \"pages\"",
		  NULL },
		{ "a line that is not a lackey record is refused, not dropped",
		  "{'op': 'trace', 'file': 'noise.lackey', 'format': 'lackey', 'object': 'h'}",
		  "DIR/noise.lackey:2:1: error: workload[0]: expected a lackey record like \" L 04022610,8\" "
		  "or a valgrind ==PID== line, found \"hello from the program\"",
		  NULL },
		{ "a malformed lackey record is refused",
		  "{'op': 'trace', 'file': 'cut.lackey', 'format': 'lackey', 'object': 'h'}",
		  "DIR/cut.lackey:2:1: error: workload[0]: expected a lackey record like \" L 04022610,8\" "
		  "or "
		  "a valgrind ==PID== line, found \" L 04022610\"",
		  NULL },
		{ "a NUL byte in a txt trace is an error at its column, not the end of the line",
		  "{'op': 'trace', 'file': 'nul.txt', 'object': 'a'}",
		  "DIR/nul.txt:2:3: error: workload[0]: a NUL byte: a txt trace is text (binary page numbers "
		  "are \"format\": \"u32\")",
		  NULL },
		{ "CR-only line endings in a txt trace are lines",
		  "{'op': 'trace', 'file': 'cr.txt', 'object': 'a'}", "", "1,2,3" },
		{ "an error in a trace is followed by a note at the scenario line that named it",
		  "{'op': 'trace', 'file': 'far.txt', 'object': 'a'}",
		  "NOTE t.json:6:25: note: workload[0].file: the trace file named here", NULL },
		{ "an empty trace is refused", "{'op': 'trace', 'file': 'empty.txt', 'object': 'a'}",
		  "DIR/empty.txt: error: workload[0]: the trace holds no accesses", NULL },
		{ "a trace in a repeat is read once and shared",
		  "{'op': 'repeat', 'count': 2, 'ops': [{'op': 'trace', 'file': 'plain.txt', 'object': "
		  "'h'}]}",
		  "", "1,2,3" },
	};
	char big[8192] = "";

	if (!mkdtemp(dir)) {
		CHECKF(0, "mkdtemp failed");
		return;
	}
	write_file(dir, "a.txt", txt, strlen(txt));
	write_file(dir, "plain.txt", "1\n2\n3\n", 6);
	write_file(dir, "far.txt", "1\n  999\n", 8);
	write_file(dir, "kind.txt", "1 w\n", 4);
	write_file(dir, "obj.txt", "1 lib.so.7\n", 11);
	write_file(dir, "ok.u32", u32ok, sizeof u32ok);
	write_file(dir, "bad.u32", u32, sizeof u32);
	write_file(dir, "t.lackey", lackey, strlen(lackey));
	write_file(dir, "empty.txt", "# nothing\n", 10);
	write_file(dir, "noise.lackey", "I  0400d7d4,3\nhello from the program\n", 37);
	write_file(dir, "cut.lackey", "I  0400d7d4,3\n L 04022610\n", 26);
	write_file(dir, "nul.txt", "1\n2 \0 a\n", 8);
	write_file(dir, "cr.txt", "1\r2\r3", 5);
	for (int i = 0; i < 65; i++)
		snprintf(big + strlen(big), sizeof big - strlen(big), " L %x,8\n", 0x10000 + i * 4096);
	write_file(dir, "big.lackey", big, strlen(big));

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char json[2048], got[1024], want[1024];
		struct scenario s;
		struct diag_list d = { 0 };
		int rc;

		snprintf(json, sizeof json, "%s%s%s", HEAD, rows[i].ops, TAIL);
		rc = parse(json, dir, &s, &d);
		if (!rows[i].want[0]) {
			first_diag(&d, got, sizeof got);
			CHECKF(rc == 0, "%s: %s", rows[i].sentence, got);
			if (rc == 0) {
				const struct wl_op *op = &s.wl.ops[s.wl.nr_ops - 1];
				size_t k = 0;
				got[0] = '\0';
				for (uint32_t j = 0; j < op->count; j++)
					k += (size_t)snprintf(
						got + k, sizeof got - k, "%s%u%s%s", j ? "," : "",
						op->trace[j], op->trace_object ? "/" : "",
						op->trace_object ? s.wl.objects[op->trace_object[j]].name
								 : "");
				CHECKF(strcmp(got, rows[i].trace) == 0 && op->kind == WL_TRACE, "%s: %s",
				       rows[i].sentence, got);
				if (s.wl.nr_ops == 2)
					CHECKF(s.wl.ops[0].trace == s.wl.ops[1].trace, "%s",
					       rows[i].sentence);
			}
		} else if (strncmp(rows[i].want, "NOTE ", 5) == 0) { /* the second diagnostic */
			snprintf(want, sizeof want, "%s", rows[i].want + 5);
			snprintf(got, sizeof got, "(none)");
			if (d.n > 1)
				diag_format(&d.v[1], got, sizeof got);
			CHECKF(rc == -1 && d.n == 2 && strcmp(got, want) == 0, "%s:\n  got  %s\n  want %s",
			       rows[i].sentence, got, want);
		} else {
			const char *p = strstr(rows[i].want, "DIR");
			snprintf(want, sizeof want, "%.*s%s%s", p ? (int)(p - rows[i].want) : 0, rows[i].want,
				 p ? dir : "", p ? p + 3 : rows[i].want);
			first_diag(&d, got, sizeof got);
			CHECKF(rc == -1 && strcmp(got, want) == 0, "%s:\n  got  %s\n  want %s",
			       rows[i].sentence, got, want);
		}
		scenario_free(&s);
		diag_list_free(&d);
	}

	/* scenario_load resolves trace paths against the scenario's directory */
	{
		char json_path[512], got[1024];
		char *json = unquote(HEAD "{'op': 'trace', 'file': 'plain.txt', 'object': 'h'}" TAIL);
		struct scenario s;
		struct diag_list d = { 0 };
		int rc;

		write_file(dir, "s.json", json, strlen(json));
		free(json);
		snprintf(json_path, sizeof json_path, "%s/s.json", dir);
		rc = scenario_load(json_path, &s, &d);
		first_diag(&d, got, sizeof got);
		CHECKF(rc == 0, "a scenario file finds its trace next to it: %s", got);
		if (rc == 0)
			CHECK_STR(s.path, json_path);
		scenario_free(&s);
		diag_list_free(&d);

		rc = scenario_load(dir, &s, &d);
		first_diag(&d, got, sizeof got);
		snprintf(json_path, sizeof json_path, "%s: error: is a directory", dir);
		CHECKF(rc == -1 && strcmp(got, json_path) == 0, "a directory is refused: %s", got);
		diag_list_free(&d);

		snprintf(json_path, sizeof json_path, "%s/none.json", dir);
		rc = scenario_load(json_path, &s, &d);
		first_diag(&d, got, sizeof got);
		CHECKF(rc == -1 && strstr(got, ": error: cannot read: No such file or directory"),
		       "a missing file says so: %s", got);
		diag_list_free(&d);
	}

	{
		static const char *const names[] = {
			"a.txt",   "plain.txt", "far.txt",   "kind.txt",   "obj.txt", "ok.u32",
			"bad.u32", "t.lackey",	"empty.txt", "big.lackey", "s.json",
		};
		char path[512];
		for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
			snprintf(path, sizeof path, "%s/%s", dir, names[i]);
			unlink(path);
		}
		rmdir(dir);
	}
}

/* ---- positions ------------------------------------------------------- */

static void test_positions(void)
{
	static const struct {
		const char *sentence, *json, *want;
	} rows[] = {
		{ "columns count characters, not bytes",
		  "{'format': 1, 'title': 'été', 'memory': {'pages': 1}}",
		  "t.json:1:51: error: memory.pages: expected a whole number from 16 to 67108864, found 1" },
		{ "a tab counts as one column",
		  "{\n\t'format': 1,\n\t'title': 't',\n\t'memory': {\t'pages': 1}}",
		  "t.json:4:23: error: memory.pages: expected a whole number from 16 to 67108864, found 1" },
		{ "escaped quotes in strings do not confuse positions",
		  "{'format': 1, 'title': 'a\\'b\\\\', 'memory': {'pages': 1}}",
		  "t.json:1:54: error: memory.pages: expected a whole number from 16 to 67108864, found 1" },
		{ "a byte order mark is skipped",
		  "\xEF\xBB\xBF{'format': 1, 'title': 't', 'memory': {'pages': 1}}",
		  "t.json:1:49: error: memory.pages: expected a whole number from 16 to 67108864, found 1" },
		{ "CR LF line ends count as one line each",
		  "{\r\n'format': 1,\r\n'title': 't',\r\n'memory': {'pages': 1}}",
		  "t.json:4:21: error: memory.pages: expected a whole number from 16 to 67108864, found 1" },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct scenario s;
		struct diag_list d = { 0 };
		char got[1024], *json = unquote(rows[i].json);

		/* unquote turned \' into \" as well, which is what we want */
		scenario_parse(NAME, NULL, json, strlen(json), &s, &d);
		free(json);
		first_diag(&d, got, sizeof got);
		CHECKF(strcmp(got, rows[i].want) == 0, "%s:\n  got  %s\n  want %s", rows[i].sentence, got,
		       rows[i].want);
		scenario_free(&s);
		diag_list_free(&d);
	}
}

/* ---- the schema agrees with the loader ------------------------------- */

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	if (buf)
		buf[n] = '\0';
	fclose(f);
	return buf;
}

static void check_listed(const char *schema, const char *const *keys, const char *where)
{
	char q[80];

	for (; *keys; keys++) {
		snprintf(q, sizeof q, "\"%s\"", *keys);
		CHECKF(strstr(schema, q) != NULL, "the schema names every key of %s: %s", where, *keys);
	}
}

static void test_schema(void)
{
	char *schema = read_text("data/scenario.schema.json");
	cJSON *root;

	if (!schema)
		schema = read_text("../../data/scenario.schema.json");
	CHECKF(schema != NULL, "data/scenario.schema.json can be read (run from the top directory)");
	if (!schema)
		return;
	root = cJSON_Parse(schema);
	CHECKF(root != NULL, "the schema is JSON");
	cJSON_Delete(root);
	check_listed(schema, top_keys, "the top level");
	check_listed(schema, memory_keys, "memory");
	check_listed(schema, watermark_keys, "watermarks");
	check_listed(schema, object_keys, "an object");
	check_listed(schema, cgroup_keys, "a cgroup");
	check_listed(schema, bookmark_keys, "a bookmark");
	check_listed(schema, expect_keys, "an expectation");
	check_listed(schema, op_names, "the operation names");
	for (int i = 0; op_keys(i); i++)
		check_listed(schema, op_keys(i), op_names[i]);
	free(schema);
}

/* ---- the workload's steps, which --max-steps is checked against ------- */

/* Workload steps of a run to its end, as the engine counts them. */
static uint64_t engine_workload_steps(const struct scenario *s)
{
	struct engine_error err;
	struct engine *e = engine_new(&s->wl, policy_find("2.6.34"), &err);
	uint64_t n = 0;

	if (!e)
		return UINT64_MAX;
	while (!engine_done(e))
		n += engine_step(e)->kind == STEP_WORKLOAD;
	engine_free(e);
	return n;
}

static void test_steps(void)
{
	static const struct {
		const char *sentence, *json;
	} rows[] = {
		{ "a page range is a step per page, a map one step",
		  WL("{'op': 'touch', 'object': 'a', 'pages': '0-9'}, {'op': 'map', 'object': 'a'}") },
		{ "a repeat multiplies its body's steps",
		  WL("{'op': 'repeat', 'count': 3, 'ops': [{'op': 'read', 'object': 'a', 'pages': '0-4'}, "
		     "{'op': 'alloc', 'pages': 3}, {'op': 'free', 'pages': 3}]}") },
		{ "a stream counts its interleaved operations",
		  WL("{'op': 'stream', 'object': 'a', 'chunk': 16, 'pages': '0-99', 'interleave': {'op': "
		     "'touch', 'object': 'h', 'pages': '0-1', 'every': 30}}") },
		{ "a stream through a mapping counts its maps and unmaps",
		  WL("{'op': 'stream', 'object': 'h', 'via': 'mmap', 'chunk': 8, 'pages': '0-40'}") },
		{ "random accesses are a step each", WL("{'op': 'random', 'object': 'a', 'count': 77}") },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		struct scenario s;
		struct diag_list d = { 0 };
		char got[1024];
		int rc = parse(rows[i].json, NULL, &s, &d);

		first_diag(&d, got, sizeof got);
		CHECKF(rc == 0, "%s: %s", rows[i].sentence, got);
		if (rc == 0)
			CHECKF(s.steps == engine_workload_steps(&s), "%s: %llu steps, the engine takes %llu",
			       rows[i].sentence, (unsigned long long)s.steps,
			       (unsigned long long)engine_workload_steps(&s));
		scenario_free(&s);
		diag_list_free(&d);
		ROW_END();
	}
}

/* The same for every shipped scenario (the engine is the reference). */
static void test_steps_shipped(void)
{
	static const char *const names[] = {
		"anon-no-swap", "anon-working-set", "database-index", "default",
		"dirty-pages",	"exec-working-set", "lumpy",	      "mapped-file-inuse",
		"mlocked",	"real-program",	    "streaming-read", "used-once-mmap",
	};
	const char *top = access("data/default.json", R_OK) == 0 ? "" : "../../";

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		struct scenario s;
		struct diag_list d = { 0 };
		char path[256];

		snprintf(path, sizeof path, "%sdata/%s.json", top, names[i]);
		if (scenario_load(path, &s, &d) == 0)
			CHECKF(s.steps == engine_workload_steps(&s),
			       "%s: %llu workload steps, the engine takes %llu", path,
			       (unsigned long long)s.steps, (unsigned long long)engine_workload_steps(&s));
		else
			CHECKF(0, "%s does not load", path);
		scenario_free(&s);
		diag_list_free(&d);
	}
}

/* 4096 objects, a trace naming them: each line finds the right one */
static void test_many_names(void)
{
	char dir[] = "/tmp/vmscan-names-XXXXXX", path[128];
	size_t cap = 4096 * 64 + 512, k = 0;
	char *json = malloc(cap);
	FILE *f;
	struct scenario s;
	struct diag_list d = { 0 };

	if (!json || !mkdtemp(dir)) {
		CHECKF(0, "setup failed");
		free(json);
		return;
	}
	k += (size_t)snprintf(
		json + k, cap - k,
		"{\"format\": 1, \"title\": \"t\", \"memory\": {\"pages\": 64}, \"objects\": [");
	for (int i = 0; i < 4096; i++)
		k += (size_t)snprintf(json + k, cap - k,
				      "%s{\"name\": \"object-%d\", \"type\": \"file\", \"pages\": 2}",
				      i ? ", " : "", i);
	k += (size_t)snprintf(json + k, cap - k,
			      "], \"workload\": [{\"op\": \"trace\", \"file\": \"n.txt\"}]}");
	snprintf(path, sizeof path, "%s/n.txt", dir);
	f = fopen(path, "w");
	if (f) {
		fputs("1 object-4095\n0 object-0\n1 object-2048\n", f);
		fclose(f);
	}
	CHECK(scenario_parse("t.json", dir, json, k, &s, &d) == 0);
	if (s.wl.nr_ops == 1 && s.wl.ops[0].trace_object) {
		const struct wl_op *op = &s.wl.ops[0];
		CHECKF(op->trace_object[0] == 4095 && op->trace_object[1] == 0 && op->trace_object[2] == 2048,
		       "the trace's names find objects 4095, 0, 2048: %u, %u, %u", op->trace_object[0],
		       op->trace_object[1], op->trace_object[2]);
	} else {
		CHECKF(0, "the trace did not load: %s", d.n ? d.v[0].msg : "");
	}
	scenario_free(&s);
	diag_list_free(&d);
	unlink(path);
	rmdir(dir);
	free(json);
}

/* ---- memory cgroups ---------------------------------------------------- */

static void test_cgroups(void)
{
	static const struct {
		const char *sentence, *cgroups, *op_cgroup, *want; /* want NULL: loads */
	} rows[] = {
		{ "a cgroup named on an operation charges its task", "[{'name': 'db', 'limit': 256}]", "db",
		  NULL },
		{ "a misspelt cgroup is refused with the nearest name", "[{'name': 'db', 'limit': 256}]",
		  "bd",
		  "t.json:4:70: error: workload[0].cgroup: no cgroup named \"bd\" in \"cgroups\"; did you "
		  "mean \"db\"?" },
		{ "a name far from every cgroup lists them", "[{'name': 'db', 'limit': 256}]", "backup",
		  "t.json:4:70: error: workload[0].cgroup: no cgroup named \"backup\" in \"cgroups\"; "
		  "declared: \"db\"" },
		{ "a limit of 0 is refused", "[{'name': 'db', 'limit': 0}]", NULL,
		  "t.json:2:37: error: cgroups[0].limit: a limit of 0 pages could never charge a page; "
		  "expected 1 to 2048" },
		{ "a limit above the zone is refused", "[{'name': 'db', 'limit': 2049}]", NULL,
		  "t.json:2:37: error: cgroups[0].limit: a limit of 2049 pages is above the zone's 2048 "
		  "(memory.pages), "
		  "so it would never bind; expected 1 to 2048" },
		{ "a limit of the whole zone is allowed", "[{'name': 'db', 'limit': 2048}]", NULL, NULL },
		{ "two cgroups of one name are refused",
		  "[{'name': 'db', 'limit': 9}, {'name': 'db', 'limit': 8}]", NULL,
		  "t.json:2:50: error: cgroups[1].name: a second cgroup named \"db\"; names must be unique" },
		{ "a cgroup key without cgroups is refused", NULL, "db",
		  "t.json:4:70: error: workload[0].cgroup: cgroup \"db\" is not declared: a \"cgroup\" key "
		  "needs a "
		  "top-level \"cgroups\" array, e.g. \"cgroups\": [{\"name\": \"db\", \"limit\": 256}]" },
	};

	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		char json[1024], why[512], op[64] = "";
		struct scenario s;
		struct diag_list d = { 0 };
		int rc;

		if (rows[i].op_cgroup)
			snprintf(op, sizeof op, ", 'cgroup': '%s'", rows[i].op_cgroup);
		snprintf(json, sizeof json,
			 "{'format': 1, 'title': 'T', 'memory': {'pages': 2048},\n"
			 "'cgroups': %s,\n"
			 "'objects': [{'name': 'x', 'type': 'file', 'pages': 8}],\n"
			 "'workload': [{'op': 'read', 'object': 'x', 'pages': '0-7'%s}]}",
			 rows[i].cgroups ? rows[i].cgroups : "[]", op);
		if (!rows[i].cgroups) { /* no "cgroups" key at all */
			char *c = strstr(json, "'cgroups': [],");
			memcpy(c, "'_': 0,       ", 14);
			c = strstr(json, "'_': 0,");
			memcpy(c, "              ", 7);
		}
		rc = parse(json, NULL, &s, &d);
		first_diag(&d, why, sizeof why);
		if (!rows[i].want) {
			CHECKF(rc == 0, "%s: %s", rows[i].sentence, why);
			if (rc == 0 && rows[i].op_cgroup) {
				CHECKF(s.wl.nr_cgroups == 1 && s.wl.ops[0].memcg == 1 &&
					       s.wl.cgroups[0].limit == 256 &&
					       s.wl.cgroups[0].swappiness == 60,
				       "%s: the read is db's, db's limit 256 and swappiness the zone's 60",
				       rows[i].sentence);
			}
		} else {
			CHECKF(rc < 0 && strcmp(why, rows[i].want) == 0, "%s:\n  got  %s\n  want %s",
			       rows[i].sentence, why, rows[i].want);
		}
		scenario_free(&s);
		diag_list_free(&d);
	}
}

static void test_cgroup_inherit(void)
{
	struct scenario s;
	struct diag_list d = { 0 };
	const char *json = "{'format': 1, 'title': 'T', 'memory': {'pages': 2048},\n"
			   "'cgroups': [{'name': 'a', 'limit': 9, 'swappiness': 0, 'soft_limit': 4}, "
			   "{'name': 'b', 'limit': 9}],\n"
			   "'objects': [{'name': 'x', 'type': 'file', 'pages': 8}],\n"
			   "'workload': [{'op': 'repeat', 'count': 2, 'cgroup': 'a', 'ops': [\n"
			   "  {'op': 'read', 'object': 'x', 'pages': '0'},\n"
			   "  {'op': 'read', 'object': 'x', 'pages': '1', 'cgroup': 'b'}]},\n"
			   "  {'op': 'read', 'object': 'x', 'pages': '2'}]}";
	char why[512];
	int rc = parse(json, NULL, &s, &d);

	first_diag(&d, why, sizeof why);
	CHECKF(rc == 0, "a repeat with a cgroup loads: %s", why);
	if (rc == 0) {
		CHECKF(s.wl.nr_ops == 5, "two rounds of two reads and one more");
		CHECKF(s.wl.ops[0].memcg == 1 && s.wl.ops[2].memcg == 1, "a repeat's cgroup is its body's");
		CHECKF(s.wl.ops[1].memcg == 2 && s.wl.ops[3].memcg == 2,
		       "an operation inside that names its own keeps it");
		CHECKF(s.wl.ops[4].memcg == 0, "an operation without one is the root cgroup's");
		CHECKF(s.wl.cgroups[0].swappiness == 0 && s.wl.cgroups[0].soft_limit == 4,
		       "swappiness and soft limit read");
	}
	scenario_free(&s);
	diag_list_free(&d);
}

/* "P" and "P/global", parsed in one place (scenario/policy_ref.c). */
static void test_policy_refs(void)
{
	static const struct {
		const char *name, *policy; /* policy NULL: refused */
		bool global;
		const char *spelt;
	} rows[] = {
		{ "2.6.34", "2.6.34", false, "2.6.34" },
		{ "2.6.34/global", "2.6.34", true, "2.6.34/global" },
		{ "mglru/global", "mglru", true, "mglru/global" },
		{ "2.6.33-patch2/global", "2.6.33-patch2", true, "2.6.33-patch2/global" },
		{ "2.6.34/globl", NULL, false, NULL },
		{ "/global", NULL, false, NULL },
		{ "2.6.34/global/global", NULL, false, NULL },
		{ "", NULL, false, NULL },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct policy_ref r;
		char buf[48];
		int rc = policy_ref_parse(rows[i].name, &r);
		CHECKF((rc == 0) == (rows[i].policy != NULL), "%s: parse %d", rows[i].name, rc);
		if (rc != 0)
			continue;
		CHECKF(strcmp(r.policy->name, rows[i].policy) == 0 && r.global == rows[i].global, "%s: %s%s",
		       rows[i].name, r.policy->name, r.global ? " global" : "");
		CHECKF(strcmp(policy_ref_name(&r, buf, sizeof buf), rows[i].spelt) == 0, "%s: named %s",
		       rows[i].name, buf);
	}
	/* --compare A,B */
	struct policy_ref pair[2];
	CHECK(policy_ref_parse_pair("2.6.34,2.6.34/global", pair) == 0 && !pair[0].global && pair[1].global &&
	      pair[0].policy == pair[1].policy);
	CHECK(policy_ref_parse_pair("2.6.34", pair) < 0);
	CHECK(policy_ref_parse_pair("2.6.34,nope/global", pair) < 0);
	/* a global run's workload: the same operations, no cgroups */
	struct wl_cgroup cg[1] = { { .name = "db", .limit = 16 } };
	struct workload wl = { .cgroups = cg, .nr_cgroups = 1 }, tmp;
	const struct workload *g = policy_ref_workload(&pair[0], &wl, &tmp);
	CHECK(g == &wl);
	policy_ref_parse("2.6.34/global", &pair[0]);
	g = policy_ref_workload(&pair[0], &wl, &tmp);
	CHECK(g == &tmp && tmp.nr_cgroups == 0 && !tmp.cgroups && policy_ref_is_global(g, &wl));
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN(test_ranges);
	RUN(test_expansion);
	RUN(test_fields);
	RUN(test_errors);
	RUN(test_many_errors);
	RUN(test_diag_format);
	RUN(test_suggest);
	RUN(test_expect);
	RUN(test_expect_comma_locale);
	RUN_TABLE(test_steps);
	RUN(test_steps_shipped);
	RUN(test_many_names);
	RUN(test_expect_entries);
	RUN(test_traces);
	RUN(test_positions);
	RUN(test_schema);
	RUN(test_cgroups);
	RUN(test_cgroup_inherit);
	RUN_TABLE(test_policy_refs);
	return HARNESS_END("scenario");
}
