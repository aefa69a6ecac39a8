// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tests/fuzz/fuzz_trace.c - libFuzzer target for the trace reader
 *
 * The first byte picks the format (txt, u32 or valgrind lackey), the rest
 * is the trace file's content.  It is written to a scratch file and read
 * through a scenario's "trace" operation, the way users feed it, so the
 * reader's file handling is exercised too.  On success the engine runs
 * the trace for up to 4096 steps with its invariants checked: a trace that
 * loads must also run.  A crash, a leak, a sanitizer report, a timeout, a
 * refusal without a message or a broken invariant is a bug.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "scenario/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void run_briefly(const struct scenario *s)
{
	struct engine_error err;
	struct engine *e = engine_new(&s->wl, policy_find("2.6.34"), &err);
	char why[160];

	for (int i = 0; e && i < 4096 && !engine_done(e); i++) {
		engine_step(e);
		if (engine_check(e, why, sizeof why) < 0)
			abort();
	}
	engine_free(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const format[] = { "txt", "u32", "lackey" };
	static char path[64];
	char json[640], line[1024];
	struct scenario s;
	struct diag_list d = { 0 };
	FILE *f;

	if (size < 1)
		return 0;
	if (!path[0])
		snprintf(path, sizeof path, "/tmp/vmscan-fuzz-trace.%ld", (long)getpid());
	f = fopen(path, "wb");
	if (!f)
		return 0;
	fwrite(data + 1, 1, size - 1, f);
	fclose(f);
	snprintf(json, sizeof json,
		 "{\"format\":1,\"title\":\"fuzz\",\"memory\":{\"pages\":64,\"swap\":16},"
		 "\"objects\":[{\"name\":\"o\",\"type\":\"file\",\"pages\":4096},{\"name\":\"heap\",\"type\":\"anon\",\"pages\":512}],"
		 "\"workload\":[{\"op\":\"trace\",\"file\":\"%s\",\"format\":\"%s\",\"object\":\"%s\",\"via\":\"%s\"}]}",
		 path, format[data[0] % 3], data[0] & 4 ? "heap" : "o", data[0] & 8 || data[0] & 4 ? "touch" : "read");
	if (scenario_parse("fuzz.json", NULL, json, strlen(json), &s, &d) == 0) {
		if (d.n)
			abort();	/* success comes with no diagnostics */
		run_briefly(&s);
	} else {
		if (d.n == 0)
			abort();	/* a refusal always says why */
		for (size_t i = 0; i < d.n; i++)
			diag_format(&d.v[i], line, sizeof line);
	}
	scenario_free(&s);
	diag_list_free(&d);
	return 0;
}
