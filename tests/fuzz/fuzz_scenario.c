// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tests/fuzz/fuzz_scenario.c - libFuzzer target for the scenario loader
 *
 * Feeds arbitrary bytes to scenario_parse() (which copies them to a
 * NUL-terminated buffer itself; the copy here only keeps libFuzzer's
 * buffer untouched) and frees whatever comes back.  A crash, a leak, a
 * sanitizer report or a timeout is a bug; a refusal is not.  On success
 * it also checks the contract: every op's object and range are in bounds.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scenario/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scenario s;
	struct diag_list d = { 0 };
	char *buf = malloc(size + 1);
	char line[1024];

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	if (scenario_parse("fuzz.json", "tests/fuzz/corpus", buf, size, &s, &d) == 0) {
		if (d.n)
			abort(); /* success comes with no diagnostics */
		for (uint32_t i = 0; i < s.wl.nr_ops; i++) {
			const struct wl_op *op = &s.wl.ops[i];
			if (op->object != UINT32_MAX) {
				if (op->object >= s.wl.nr_objects)
					abort();
				if (op->kind != WL_TRACE && op->kind != WL_RANDOM &&
				    (uint64_t)op->first + op->count > s.wl.objects[op->object].pages)
					abort();
			}
			if (op->caption != UINT32_MAX && op->caption >= s.wl.nr_captions)
				abort();
		}
	} else {
		if (d.n == 0)
			abort(); /* a refusal always says why */
		for (size_t i = 0; i < d.n; i++)
			diag_format(&d.v[i], line, sizeof line);
	}
	scenario_free(&s);
	diag_list_free(&d);
	free(buf);
	return 0;
}
