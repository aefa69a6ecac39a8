// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tests/fuzz/fuzz_trace.c - libFuzzer target for the trace reader alone
 *
 * The first byte picks how the rest is read:
 *	bits 0-1	the format: txt, u32, lackey (3 is txt again)
 *	bit 2		via: read() (0) or a mapping (1)
 *	bit 3		a zone of 16 pages (0) or 64 (1)
 *	bit 4		the policy: 2.6.34 (0) or mglru (1), so that the
 *			multi-gen LRU's code (engine/lru_gen.c) runs on
 *			the same inputs, a zone of 16 pages included
 * and the rest is the trace file's content, handed to
 * scenario_from_trace_buffer(): the reader of trace.c (the same code a
 * scenario's "trace" operation uses, without the file) and the scenario
 * made around it (objects named by the trace, sized by it).  When it
 * loads, the engine runs the trace for up to 4096 steps with its
 * invariants checked (skipped when the objects are over a million pages,
 * to keep each input fast).  A crash, a leak, a sanitizer report, a
 * timeout, a refusal without a message, a success with one, an object
 * smaller than a page the trace touches, or a broken invariant is a bug.
 */
#include <stdint.h>
#include <stdlib.h>

#include "engine/engine.h"
#include "policy/registry.h"
#include "scenario/scenario.h"
#include "verdict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_sizes(const struct scenario *s)
{
	const struct wl_op *op = &s->wl.ops[0];

	if (s->wl.nr_ops != 1 || op->kind != WL_TRACE || !op->count || op->object >= s->wl.nr_objects)
		abort();
	for (uint32_t i = 0; i < op->count; i++) {
		uint32_t o = op->trace_object ? op->trace_object[i] : op->object;
		if (o >= s->wl.nr_objects || op->trace[i] >= s->wl.objects[o].pages)
			abort();
	}
}

static void run_briefly(const struct scenario *s, const char *policy)
{
	struct engine_error err;
	struct engine *e;
	uint64_t pages = 0;
	char why[160];

	for (uint32_t i = 0; i < s->wl.nr_objects; i++)
		pages += s->wl.objects[i].pages;
	if (pages > (1u << 20))
		return;
	e = engine_new(&s->wl, policy_find(policy), &err);
	if (!e)
		abort(); /* the loader let through what the engine refuses */
	for (int i = 0; i < 4096 && !engine_done(e); i++) {
		engine_step(e);
		if (engine_check(e, why, sizeof why) < 0)
			abort();
	}
	engine_free(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const format[] = { "txt", "u32", "lackey", "txt" };
	struct scenario s;
	struct diag_list d = { 0 };
	int rc;

	if (size < 1)
		return 0;
	rc = scenario_from_trace_buffer("fuzz.trace", (const char *)data + 1, size - 1, format[data[0] & 3],
					data[0] & 8 ? 64 : 16, data[0] & 4 ? VIA_TOUCH : VIA_READ, &s, &d);
	check_verdict(rc, &d, false, -1);
	if (rc == 0) {
		check_sizes(&s);
		run_briefly(&s, data[0] & 16 ? "mglru" : "2.6.34");
	}
	scenario_free(&s);
	diag_list_free(&d);
	return 0;
}
