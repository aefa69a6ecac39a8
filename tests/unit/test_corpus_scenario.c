/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_corpus_scenario.c - the loader's fuzz seeds and the
 * shipped scenarios, run in `make test`
 *
 * Every file of tests/fuzz/corpus/ and data/ (the seeds `make fuzz` starts
 * from) goes through fuzz_scenario.c's LLVMFuzzerTestOneInput() once,
 * without libFuzzer (tests/unit/corpus.h): the loader keeps its contract
 * on them (a refusal says why, every operation is inside its object), and
 * the sanitizer build checks its memory on them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "harness.h"
#include "scenario/scenario.h"
#include "../fuzz/fuzz_scenario.c"
#include "corpus.h"

static void test_seeds(void)
{
	int n = corpus_replay("tests/fuzz/corpus", NULL);

	CHECKF(n >= 0, "tests/fuzz/corpus can be read (run from the top directory)");
	CHECKF(n >= 8, "at least 8 seeds ran, not %d", n);
}

static void test_shipped_scenarios(void)
{
	int n = corpus_replay("data", ".json");

	CHECKF(n >= 0, "data/ can be read (run from the top directory)");
	CHECKF(n >= 10, "at least 10 files of data/ ran, not %d", n);
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN(test_seeds);
	RUN(test_shipped_scenarios);
	return HARNESS_END("corpus_scenario");
}
