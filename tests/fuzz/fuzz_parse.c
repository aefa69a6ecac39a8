// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tests/fuzz/fuzz_parse.c - libFuzzer target for the readers alone: files
 * in, diagnostics or a scenario out, no engine
 *
 * fuzz_trace runs the engine on every trace it loads (4096 steps with its
 * invariants checked), which makes it thorough and slow; this target stops
 * at the scenario, so that the parsers get tens of thousands of inputs a
 * second.  The input goes through the real file path: it is written to a
 * file in a scratch folder and read back by scenario_load() or
 * scenario_from_trace() (open with O_NONBLOCK, fstat, read to the limit).
 * The first byte picks the reader:
 *	bits 0-1	0: a scenario (JSON); 1: a txt trace; 2: u32; 3: lackey
 *	bit 2		traces: via read() (0) or a mapping (1)
 *	bit 3		traces: a zone of 16 pages (0) or 64 (1)
 * A scenario may name the trace files the folder holds (t.txt, t.u32,
 * t.lackey, named.txt: see make_folder()), so the "trace" operation's
 * reading, budget and notes are reached too.
 *
 * A crash, a leak, a sanitizer report, a timeout, a refusal without a
 * message, a success with one, an operation outside its object, or a
 * workload whose step count differs from its operations' is a bug.
 *
 * tests/unit/test_corpus.c runs every seed in corpus-parse/ through the
 * same function without libFuzzer, as part of `make test`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/engine.h"
#include "scenario/scenario.h"
#include "verdict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
void fuzz_parse_done(void);

static char folder[64];

static void put(const char *name, const void *data, size_t n)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", folder, name);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0)
		abort();
}

/* The scratch folder and the traces a fuzzed scenario may name. */
static void make_folder(void)
{
	static const unsigned char u32[] = { 1, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0 };
	static const char txt[] = "0\n1\n# a comment\n2\n1\n";
	static const char named[] = "0 a\n1 b touch\n2 a\n";
	static const char lackey[] = "==1== Lackey\nI  0400d7d4,3\n L 04022610,8\n S 04022618,8\n";

	snprintf(folder, sizeof folder, "/tmp/fuzz_parse.%ld", (long)getpid());
	if (mkdir(folder, 0700) < 0 && access(folder, W_OK) < 0)
		abort();
	put("t.txt", txt, sizeof txt - 1);
	put("named.txt", named, sizeof named - 1);
	put("t.u32", u32, sizeof u32);
	put("t.lackey", lackey, sizeof lackey - 1);
}

/* Removes the scratch folder (the unit test calls it; libFuzzer leaves
 * it in /tmp). */
void fuzz_parse_done(void)
{
	static const char *const names[] = { "t.txt",  "named.txt", "t.u32",  "t.lackey",
					     "s.json", "in.txt",    "in.u32", "in.lackey" };
	char path[128];

	if (!folder[0])
		return;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", folder, names[i]);
		unlink(path);
	}
	rmdir(folder);
	folder[0] = '\0';
}

static void check_loaded(const struct scenario *s)
{
	uint64_t steps = 0;

	for (uint32_t i = 0; i < s->wl.nr_ops; i++) {
		const struct wl_op *op = &s->wl.ops[i];
		steps += engine_op_steps(op);
		if (op->object != UINT32_MAX && op->object >= s->wl.nr_objects)
			abort();
		if (op->object != UINT32_MAX && op->kind != WL_TRACE && op->kind != WL_RANDOM &&
		    (uint64_t)op->first + op->count > s->wl.objects[op->object].pages)
			abort();
		for (uint32_t k = 0; op->kind == WL_TRACE && k < op->count; k++) {
			uint32_t o = op->trace_object ? op->trace_object[k] : op->object;
			if (o >= s->wl.nr_objects || op->trace[k] >= s->wl.objects[o].pages)
				abort();
		}
		if (op->caption != UINT32_MAX && op->caption >= s->wl.nr_captions)
			abort();
	}
	if (steps != s->steps)
		abort(); /* --max-steps would be checked against a wrong count */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const format[] = { NULL, "txt", "u32", "lackey" };
	static const char *const file[] = { "s.json", "in.txt", "in.u32", "in.lackey" };
	struct scenario s;
	struct diag_list d = { 0 };
	char path[128];
	int rc, which;

	if (!folder[0])
		make_folder();
	if (size < 1)
		return 0;
	which = data[0] & 3;
	put(file[which], data + 1, size - 1);
	snprintf(path, sizeof path, "%s/%s", folder, file[which]);
	if (which == 0)
		rc = scenario_load(path, &s, &d);
	else
		rc = scenario_from_trace(path, format[which], data[0] & 8 ? 64 : 16,
					 data[0] & 4 ? VIA_TOUCH : VIA_READ, &s, &d);
	check_verdict(rc, &d, true, SCENARIO_IS_SCHEMA);
	if (rc == 0)
		check_loaded(&s);
	scenario_free(&s);
	diag_list_free(&d);
	return 0;
}
