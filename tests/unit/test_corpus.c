/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_corpus.c - the parsers' fuzz seeds, run in `make test`
 *
 * Every file of tests/fuzz/corpus-parse/ goes through fuzz_parse.c's own
 * LLVMFuzzerTestOneInput(), without libFuzzer: the seeds stay inputs the
 * readers handle (a contract broken aborts this test, and the sanitizer
 * build runs it too), whether or not anyone runs `make fuzz`.
 * test_corpus_scenario.c and test_corpus_trace.c do the same for the
 * other two targets.
 */
#include <stdio.h>
#include <stdlib.h>

#include "harness.h"
#include "engine/engine.h"
#include "scenario/scenario.h"
#include "../fuzz/fuzz_parse.c"
#include "corpus.h"

static void test_seeds(void)
{
	int n = corpus_replay("tests/fuzz/corpus-parse", NULL);

	CHECKF(n >= 0, "tests/fuzz/corpus-parse can be read (run from the top directory)");
	if (n < 0)
		return;
	fuzz_parse_done();
	CHECKF(n >= 30, "at least 30 seeds ran, not %d", n);
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN(test_seeds);
	return HARNESS_END("corpus");
}
