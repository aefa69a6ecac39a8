/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_fromtrace.c - a scenario made from a trace alone
 * (scenario_from_trace, `run --trace`), and the loader's memory budget
 *
 * Each row is a trace text and the arguments; when it loads, the objects
 * ("name:pages,...") and the accesses ("page/object,..." or "page,...")
 * it made; when it does not, the exact first diagnostic and the return
 * value (-1 bad trace, -2 bad argument).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "harness.h"
#include "scenario/scenario.h"

static void describe(const struct scenario *s, char *objs, size_t no, char *acc, size_t na)
{
	const struct wl_op *op = &s->wl.ops[0];
	size_t k = 0;

	objs[0] = acc[0] = '\0';
	for (uint32_t i = 0; i < s->wl.nr_objects; i++)
		k += (size_t)snprintf(objs + k, no - k, "%s%s:%u", i ? "," : "", s->wl.objects[i].name,
				      s->wl.objects[i].pages);
	k = 0;
	for (uint32_t i = 0; i < op->count && k < na; i++) {
		if (op->trace_object)
			k += (size_t)snprintf(acc + k, na - k, "%s%u/%s", i ? "," : "", op->trace[i],
					      s->wl.objects[op->trace_object[i]].name);
		else
			k += (size_t)snprintf(acc + k, na - k, "%s%u", i ? "," : "", op->trace[i]);
	}
}

static void test_from_trace(void)
{
	static const struct {
		const char *sentence;
		const char *text;
		size_t len; /* 0: strlen(text) */
		const char *format;
		uint64_t memory;
		int rc;
		const char *objects;  /* rc 0 */
		const char *accesses; /* rc 0; else the first diagnostic */
	} rows[] = {
		{ "a txt trace makes one file, as large as its largest page + 1", "0\n5\n# c\n\n2\n", 0, NULL,
		  16, 0, "trace:6", "0,5,2" },
		{ "names make one file each; lines without go to trace", "3 index\n1\n0 log r\n", 0, "txt",
		  16, 0, "index:4,trace:2,log:1", "3/index,1/trace,0/log" },
		{ "a line naming trace is the default file", "1 trace\n4\n", 0, "txt", 16, 0, "trace:5",
		  "1/trace,4/trace" },
		{ "page numbers of 1 to 8 digits, leading zeros, read alike",
		  "0\n7\n10\n99\n100\n9999\n65536\n999999\n1000000\n0000001\n0000000\n12345678\n5\n", 0, NULL,
		  16, 0, "trace:12345679", "0,7,10,99,100,9999,65536,999999,1000000,1,0,12345678,5" },
		{ "u32: little-endian words", "\x03\0\0\0\xff\0\0\0", 8, "u32", 16, 0, "trace:256", "3,255" },
		{ "lackey: pages renumbered by first use, one file of the distinct pages",
		  "==1== x\nI  0400d7d4,3\n L 04022610,8\n S 0400d000,8\n M 7ff000f70,4\n", 0, "lackey", 16,
		  0, "trace:3", "0,1,0,2" },
		{ "a non-number is refused at its line and column", "0\n  x2\n", 0, NULL, 16, -1, NULL,
		  "t.txt:2:3: error: expected a page number, found \"x2\"" },
		{ "a page no object can have", "268435456\n", 0, NULL, 16, -1, NULL,
		  "t.txt:1:1: error: page 268435456 is over 268435455, the largest page index an object can "
		  "have" },
		{ "a write line in a read trace", "1 w\n", 0, NULL, 16, -1, NULL,
		  "t.txt:1:3: error: access kind \"w\" differs from the operation's \"via\": \"read\"; a "
		  "trace has one kind of access" },
		{ "a control character in a name", "1 a\x01\n", 0, NULL, 16, -1, NULL,
		  "t.txt:1:3: error: expected an object name, found \"a\\x01\"" },
		{ "an empty trace", "# nothing\n", 0, NULL, 16, -1, NULL,
		  "t.txt: error: the trace holds no accesses" },
		{ "an empty u32 trace", "", 0, "u32", 16, -1, NULL,
		  "t.txt: error: the trace holds no accesses" },
		{ "a u32 trace of 3 bytes", "\1\0\0", 3, "u32", 16, -1, NULL,
		  "t.txt: error: a u32 trace is a whole number of 4-byte page numbers, but the file has 3 "
		  "bytes" },
		{ "memory below 16", "0\n", 0, NULL, 15, -2, NULL,
		  "vmscan-viz: error: --memory: expected a whole number of pages from 16 to 67108864, found "
		  "15; "
		  "67108864 is the engine's limit (ENGINE_MAX_PAGES, 256 GiB of 4 KiB pages) and a zone "
		  "needs 16 "
		  "pages for its watermarks" },
		{ "memory over the engine's limit", "0\n", 0, NULL, 99999999999ull, -2, NULL,
		  "vmscan-viz: error: --memory: expected a whole number of pages from 16 to 67108864, found "
		  "99999999999; "
		  "67108864 is the engine's limit (ENGINE_MAX_PAGES, 256 GiB of 4 KiB pages) and a zone "
		  "needs 16 "
		  "pages for its watermarks" },
		{ "a large memory is accepted", "0\n", 0, NULL, 4194304, 0, "trace:1", "0" },
		{ "a 10-byte trace naming page 268435455 is refused at its line, the budget named",
		  "268435455\n", 0, NULL, 64, -1, NULL,
		  "t.txt:1:1: error: the simulation would need about 3.00 GiB, more than 1 GiB, the limit: "
		  "1.00 "
		  "GiB for the zone and its objects (32 B per page of memory, 4 B per page of the objects), "
		  "kept "
		  "three times for the visualizer's snapshots; use fewer pages of memory or of the objects" },
		{ "a trace is refused at the first line over the budget, not after reading it all",
		  "1\n100000000\n3\n", 0, NULL, 64, -1, NULL,
		  "t.txt:2:1: error: the simulation would need about 1.12 GiB, more than 1 GiB, the limit: "
		  "381.5 "
		  "MiB for the zone and its objects (32 B per page of memory, 4 B per page of the objects), "
		  "kept "
		  "three times for the visualizer's snapshots, and 4 KiB for the operations and traces; use "
		  "fewer pages, operations or accesses" },
		{ "a NUL byte in a txt trace is an error at its column", "0\n1 \0\n", 6, NULL, 16, -1, NULL,
		  "t.txt:2:3: error: a NUL byte: a txt trace is text (binary page numbers are \"format\": "
		  "\"u32\")" },
		{ "lines end at CR LF and at a lone CR too", "0\r\n1\r2\r\r3", 0, NULL, 16, 0, "trace:4",
		  "0,1,2,3" },
		{ "a bidi override in a name is refused",
		  "1 a\xe2\x80\xae"
		  "b\n",
		  0, NULL, 16, -1, NULL, "t.txt:1:3: error: expected an object name, found \"a\\u202eb\"" },
		{ "bytes that are not UTF-8 in a name are refused", "1 a\xff\n", 0, NULL, 16, -1, NULL,
		  "t.txt:1:3: error: expected an object name, found \"a\\xff\"" },
		{ "a lackey line that is not a record is refused", "I  0400d7d4,3\nhello\n", 0, "lackey", 16,
		  -1, NULL,
		  "t.txt:2:1: error: expected a lackey record like \" L 04022610,8\" or a valgrind ==PID== "
		  "line, "
		  "found \"hello\"" },
		{ "a lackey record without its size is refused", " L 04022610\n", 0, "lackey", 16, -1, NULL,
		  "t.txt:1:1: error: expected a lackey record like \" L 04022610,8\" or a valgrind ==PID== "
		  "line, "
		  "found \" L 04022610\"" },
		{ "lackey's superblock marks are passed over, not refused",
		  "SB 04001100\n L 04022610,8\nSB 04001200\nI  0400d7d4,3\n", 0, "lackey", 16, 0, "trace:2",
		  "0,1" },
		{ "a gzip-compressed txt trace is named as such, not as a NUL byte",
		  "\x1f\x8b\x08\x08\0\0\0\0", 8, NULL, 16, -1, NULL,
		  "t.txt: error: the trace is compressed (gzip): decompress it first, e.g. zcat t.txt > "
		  "trace.txt" },
		{ "an xz-compressed lackey trace is named as such",
		  "\xfd"
		  "7zXZ\0\0\x04",
		  8, "lackey", 16, -1, NULL,
		  "t.txt: error: the trace is compressed (xz): decompress it first, e.g. xzcat t.txt > "
		  "trace.txt" },
		{ "a bzip2-compressed perf trace is named as such", "BZh91AY&SY\x01", 11, "perf", 16, -1,
		  NULL,
		  "t.txt: error: the trace is compressed (bzip2): decompress it first, e.g. bzcat t.txt > "
		  "trace.txt" },
		{ "a zstd-compressed txt trace is named as such", "\x28\xb5\x2f\xfd\x24", 5, NULL, 16, -1,
		  NULL,
		  "t.txt: error: the trace is compressed (zstd): decompress it first, e.g. zstdcat t.txt > "
		  "trace.txt" },
		{ "a txt trace that starts with BZh is not bzip2", "BZh\n", 0, NULL, 16, -1, NULL,
		  "t.txt:1:1: error: expected a page number, found \"BZh\"" },
		{ "a u32 word past the end of an object grows it", "\x05\0\0\0", 4, "u32", 16, 0, "trace:6",
		  "5" },
		{ "an unknown format", "0\n", 0, "u64", 16, -2, NULL,
		  "vmscan-viz: error: --trace-format: expected txt, u32, lackey or perf, found \"u64\"" },
	};

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		struct scenario s;
		struct diag_list d = { 0 };
		char objs[256], acc[256], line[1024];
		size_t len = rows[i].len ? rows[i].len : strlen(rows[i].text);
		int rc = scenario_from_trace_buffer("t.txt", rows[i].text, len, rows[i].format,
						    rows[i].memory, VIA_READ, &s, &d);

		CHECKF(rc == rows[i].rc, "%s: returned %d", rows[i].sentence, rc);
		if (rc == 0 && rows[i].rc == 0) {
			describe(&s, objs, sizeof objs, acc, sizeof acc);
			CHECKF(strcmp(objs, rows[i].objects) == 0, "%s: objects %s", rows[i].sentence, objs);
			CHECKF(strcmp(acc, rows[i].accesses) == 0, "%s: accesses %s", rows[i].sentence, acc);
			CHECKF(d.n == 0, "%s: a success with a diagnostic", rows[i].sentence);
			CHECKF(s.wl.memory.pages == rows[i].memory && s.wl.nr_ops == 1,
			       "%s: memory %u, %u ops", rows[i].sentence, s.wl.memory.pages, s.wl.nr_ops);
		} else if (rc != 0) {
			CHECKF(d.n >= 1, "%s: refused without a reason", rows[i].sentence);
			if (d.n) {
				diag_format(&d.v[0], line, sizeof line);
				CHECKF(strcmp(line, rows[i].accesses) == 0, "%s: got %s", rows[i].sentence,
				       line);
			}
		}
		scenario_free(&s);
		diag_list_free(&d);
		ROW_END();
	}
}

/* u32 and txt of the same pages make the same workload */
static void test_same_in_every_format(void)
{
	const char txt[] = "7\n0\n7\n300\n";
	const unsigned char u32[] = { 7, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 44, 1, 0, 0 };
	struct scenario a, b;
	struct diag_list d = { 0 };

	CHECK(scenario_from_trace_buffer("a", txt, strlen(txt), "txt", 64, VIA_TOUCH, &a, &d) == 0);
	CHECK(scenario_from_trace_buffer("b", (const char *)u32, sizeof u32, "u32", 64, VIA_TOUCH, &b, &d) ==
	      0);
	CHECK(d.n == 0);
	if (a.wl.nr_ops == 1 && b.wl.nr_ops == 1) {
		CHECK_EQ_U(a.wl.objects[0].pages, 301);
		CHECK_EQ_U(b.wl.objects[0].pages, 301);
		CHECK_EQ_U(a.wl.ops[0].count, 4);
		CHECK(memcmp(a.wl.ops[0].trace, b.wl.ops[0].trace, 4 * sizeof(uint32_t)) == 0);
		CHECK(a.wl.ops[0].via == VIA_TOUCH && b.wl.ops[0].via == VIA_TOUCH);
		CHECK_STR(a.title, b.title);
	}
	scenario_free(&a);
	scenario_free(&b);
	diag_list_free(&d);
}

/* A trace with maps: each address takes its mapping's object and kind */
static void test_maps_objects(void)
{
	static const char maps[] = "00400000-00402000 r-xp 00000000 08:01 11 /usr/bin/rg\n"
				   "00402000-00403000 r--p 00002000 08:01 11 /usr/bin/rg\n"
				   "00600000-00610000 rw-p 00000000 00:00 0 [heap]\n"
				   "7f0000000000-7f0000010000 r--p 00000000 08:01 12 /tmp/text\n"
				   "7f0000020000-7f0000021000 rw-p 00005000 08:01 13 /lib/libc.so.6\n"
				   "7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0 [stack]\n";
	static const char lackey[] = "I  00400010,3\n"
				     " L 7f0000003000,8\n"
				     " L 00402008,8\n"
				     " S 00605000,8\n"
				     " S 00601000,8\n"
				     " M 7ffd00020ff0,8\n"
				     " L 7f0000020010,8\n"
				     " L 7f0000001000,8\n"
				     " L 00605008,8\n";
	/* the same accesses as perf script prints them */
	static const char perf[] =
		"# ========\n"
		"     rg 12/12 100.000001: page-faults: 400010 main (/usr/bin/rg)\n"
		"     rg 12/12 100.000002: page-faults: 7f0000003000 [unknown] (/tmp/text)\n"
		"     rg 12/12 100.000003: 1 page-faults: 402008\n"
		"     rg 12/12 100.000004: page-faults: 605000\n"
		"     rg 12/12 100.000005: page-faults: 601000\n"
		"     rg 12/12 100.000006: page-faults: 7ffd00020ff0\n"
		"     rg 12/12 100.000007: page-faults: 7f0000020010\n"
		"     rg 12/12 100.000008: page-faults: 7f0000001000\n"
		"     rg 12/12 100.000009: page-faults: 0\n"
		"     rg 12/12 100.000010: page-faults: 605008\n";
	/* object and page of each access, in order */
	static const char *const obj[] = {
		"rg", "text", "rg", "heap", "heap", "stack", "anon", "text", "heap"
	};
	static const uint32_t page[] = { 0, 3, 2, 0, 1, 0, 0, 1, 0 };
	const char *const fmt[] = { "lackey", "perf" };
	const char *const buf[] = { lackey, perf };

	for (int k = 0; k < 2; k++) {
		struct scenario s;
		struct diag_list d = { 0 };
		int rc = scenario_from_trace_buffers("t", buf[k], strlen(buf[k]), fmt[k], "maps", maps,
						     strlen(maps), 64, VIA_TOUCH, &s, &d);
		CHECKF(rc == 0 && d.n == 0, "%s: rc %d, %zu messages", fmt[k], rc, d.n);
		if (rc == 0) {
			const struct wl_op *op = &s.wl.ops[0];
			CHECK_EQ_U(op->count, 9);
			for (uint32_t i = 0; i < op->count && i < 9; i++) {
				const struct object_spec *o = &s.wl.objects[op->trace_object[i]];
				CHECKF(!strcmp(o->name, obj[i]) && op->trace[i] == page[i],
				       "%s access %u: %s[%u], expected %s[%u]", fmt[k], i, o->name,
				       op->trace[i], obj[i], page[i]);
			}
			for (uint32_t i = 0; i < s.wl.nr_objects; i++) {
				const struct object_spec *o = &s.wl.objects[i];
				bool file = !strcmp(o->name, "rg") || !strcmp(o->name, "text");
				CHECKF(o->type == (file ? OBJ_FILE : OBJ_ANON), "%s: %s's type", fmt[k],
				       o->name);
				CHECKF(o->exec == !strcmp(o->name, "rg"), "%s: %s's exec", fmt[k], o->name);
			}
			CHECK_EQ_U(s.wl.nr_objects, 5);
		}
		scenario_free(&s);
		diag_list_free(&d);
	}
}

/* Bad maps: the line and column, and what was expected there */
static void test_maps_errors(void)
{
	static const struct {
		const char *maps, *message;
	} rows[] = {
		{ "00400000-00402000 r-xp 0 08:01 1 /a\nnonsense\n",
		  "maps:2:1: error: expected START-END, two hexadecimal addresses joined by '-' (as in "
		  "7f3a1c000000-7f3a1c021000), found \"nonsense\"" },
		{ "00400000-00402000 rwz 0 08:01 1 /a\n",
		  "maps:1:19: error: expected the permissions: r or -, w or -, x or -, then p or s (as in "
		  "r-xp), found \"rwz\"" },
		{ "00400000-00402000 r-xp 0g 08:01 1 /a\n",
		  "maps:1:24: error: expected the file offset in hexadecimal, found \"0g\"" },
		{ "00400000-00402000 r-xp 0 0801 1 /a\n",
		  "maps:1:26: error: expected the device as MAJOR:MINOR in hexadecimal (as in 08:01), found "
		  "\"0801\"" },
		{ "00400000-00402000 r-xp 0 08:01 x /a\n",
		  "maps:1:32: error: expected the inode, a decimal number, found \"x\"" },
		{ "00402000-00400000 r-xp 0 08:01 1 /a\n",
		  "maps:1:1: error: expected START below END, found \"00402000-00400000\"" },
		{ "00400000-00402000 r-xp 0 08:01 1 /a\n00401000-00403000 r--p 0 08:01 1 /a\n",
		  "maps:2:1: error: this mapping overlaps the one at line 1; a maps file lists each address "
		  "once" },
	};
	static const char lackey[] = " L 00400000,8\n";

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct scenario s;
		struct diag_list d = { 0 };
		char line[512] = "";
		int rc = scenario_from_trace_buffers("t", lackey, strlen(lackey), "lackey", "maps",
						     rows[i].maps, strlen(rows[i].maps), 64, VIA_TOUCH, &s,
						     &d);
		if (d.n)
			diag_format(&d.v[0], line, sizeof line);
		CHECKF(rc == -1 && !strcmp(line, rows[i].message), "row %zu: %s", i, line);
		scenario_free(&s);
		diag_list_free(&d);
	}
}

/* Each value within its limit, the whole too much: refused before allocating */
static void test_budget(void)
{
	static const char big[] =
		"{\"format\": 1, \"title\": \"t\", \"memory\": {\"pages\": 67108864},\n"
		"\"objects\": [{\"name\": \"a\", \"type\": \"anon\", \"pages\": 268435456}],\n"
		"\"workload\": [{\"op\": \"touch\", \"object\": \"a\", \"pages\": 0}]}";
	static const char fits[] =
		"{\"format\": 1, \"title\": \"t\", \"memory\": {\"pages\": 1048576},\n"
		"\"objects\": [{\"name\": \"a\", \"type\": \"anon\", \"pages\": 16777216}],\n"
		"\"workload\": [{\"op\": \"touch\", \"object\": \"a\", \"pages\": 0}]}";
	struct scenario s;
	struct diag_list d = { 0 };
	char line[1024];

	CHECK(scenario_parse("t.json", NULL, big, strlen(big), &s, &d) == -1);
	CHECK(d.n == 1);
	if (d.n) {
		diag_format(&d.v[0], line, sizeof line);
		CHECKF(strncmp(line,
			       "t.json:1:39: error: memory: the simulation would need about 9.00 GiB, "
			       "more than 1 GiB, the limit: 3.00 GiB for the zone and its objects",
			       130) == 0,
		       "%s", line);
	}
	scenario_free(&s);
	diag_list_free(&d);
	CHECK(scenario_parse("t.json", NULL, fits, strlen(fits), &s, &d) == 0);
	CHECK(d.n == 0);
	scenario_free(&s);
	diag_list_free(&d);
}

/*
 * Text is read a MiB at a time (trace.c, CHUNK_BYTES) and cut into lines
 * where it lies: 3 MiB of lines ending in LF, CRLF and CR, comments and
 * blank lines, with a CRLF cut between the first MiB and the second (its
 * CR the first MiB's last byte), give every page in order, and the bad
 * line at the end is refused at its own line number.
 */
static void test_txt_across_chunks(void)
{
	static const char *const ends[] = { "\n", "\r\n", "\r" };
	size_t cap = 3u << 20 | 4096, len = 0;
	char *text = malloc(cap + 64), line[1024];
	uint32_t *want = malloc(cap / 2 * sizeof *want), n = 0;
	int lines = 0;
	struct scenario s;
	struct diag_list d = { 0 };

	if (!text || !want) {
		CHECKF(0, "out of memory");
		free(text);
		free(want);
		return;
	}
	while (len < 3u << 20) {
		if (len < (1u << 20) - 19 || len > 1u << 20) {
			uint32_t page = (n * 7919u) % 100000u;
			if (lines % 997 == 0)
				len += (size_t)sprintf(text + len, "# comment\n\n"), lines += 2;
			len += (size_t)sprintf(text + len, "%u%s", page, ends[lines % 3]);
			want[n++] = page;
		} else {
			/* leading zeros up to the MiB's last byte, which is the CR */
			memset(text + len, '0', (1u << 20) - 1 - len - 1);
			len = (1u << 20) - 2;
			len += (size_t)sprintf(text + len, "7\r\n");
			want[n++] = 7;
		}
		lines++;
	}
	CHECK(text[(1u << 20) - 1] == '\r' && text[1u << 20] == '\n');
	CHECK(scenario_from_trace_buffer("t.txt", text, len, "txt", 1024, VIA_READ, &s, &d) == 0);
	CHECK(d.n == 0);
	if (d.n == 0) {
		CHECK_EQ_U(s.wl.ops[0].count, n);
		CHECK(s.wl.ops[0].count == n && memcmp(s.wl.ops[0].trace, want, n * sizeof *want) == 0);
	}
	scenario_free(&s);
	len += (size_t)sprintf(text + len, "x\n");
	CHECK(scenario_from_trace_buffer("t.txt", text, len, "txt", 1024, VIA_READ, &s, &d) == -1);
	if (d.n) {
		char at[64];
		diag_format(&d.v[0], line, sizeof line);
		snprintf(at, sizeof at, "t.txt:%d:1: error: expected a page number", lines + 1);
		CHECKF(strncmp(line, at, strlen(at)) == 0, "%s, want %s", line, at);
	}
	scenario_free(&s);
	diag_list_free(&d);
	free(text);
	free(want);
}

/* A u32 file is mapped and read in place: the trace the engine gets lies
 * in a mapping of the file (/proc/self/maps), and holds its words. */
static void test_u32_mapped(void)
{
	char path[] = "/tmp/vmscan-u32-XXXXXX", maps[512];
	uint32_t words[4096];
	unsigned long lo, hi;
	bool found = false;
	struct scenario s;
	struct diag_list d = { 0 };
	FILE *f;
	int fd = mkstemp(path);

	for (uint32_t i = 0; i < 4096; i++)
		words[i] = (i * 2654435761u) % 5000u;
	CHECK(fd >= 0 && write(fd, words, sizeof words) == (ssize_t)sizeof words);
	if (fd >= 0)
		close(fd);
	CHECK(scenario_from_trace(path, "u32", 1024, VIA_READ, &s, &d) == 0);
	if (d.n == 0 && (f = fopen("/proc/self/maps", "r"))) {
		uintptr_t at = (uintptr_t)s.wl.ops[0].trace;
		while (fgets(maps, sizeof maps, f))
			if (sscanf(maps, "%lx-%lx", &lo, &hi) == 2 && at >= lo && at < hi)
				found = strstr(maps, path) != NULL;
		fclose(f);
		CHECKF(found, "the trace at %p is not in a mapping of %s", (void *)at, path);
		CHECK(memcmp(s.wl.ops[0].trace, words, sizeof words) == 0);
		CHECK_EQ_U(s.wl.objects[0].pages, 4999 + 1);
	}
	scenario_free(&s);
	diag_list_free(&d);
	unlink(path);
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN_TABLE(test_from_trace);
	RUN(test_same_in_every_format);
	RUN(test_budget);
	RUN(test_maps_objects);
	RUN(test_maps_errors);
	RUN(test_txt_across_chunks);
	RUN(test_u32_mapped);
	return HARNESS_END("fromtrace");
}
