/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_corpus_trace.c - the trace reader's fuzz seeds, run in
 * `make test`
 *
 * Every file of tests/fuzz/corpus-trace/ goes through fuzz_trace.c's
 * LLVMFuzzerTestOneInput() once, without libFuzzer (tests/unit/corpus.h):
 * the reader keeps its contract on them and the engine runs what it reads
 * with its invariants checked; the sanitizer build checks the memory.
 */
#include <stdio.h>
#include <stdlib.h>

#include "harness.h"
#include "engine/engine.h"
#include "policy/registry.h"
#include "scenario/scenario.h"
#include "../fuzz/fuzz_trace.c"
#include "corpus.h"

static void test_seeds(void)
{
	int n = corpus_replay("tests/fuzz/corpus-trace", NULL);

	CHECKF(n >= 0, "tests/fuzz/corpus-trace can be read (run from the top directory)");
	CHECKF(n >= 8, "at least 8 seeds ran, not %d", n);
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN(test_seeds);
	return HARNESS_END("corpus_trace");
}
