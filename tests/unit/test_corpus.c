/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_corpus.c - the parsers' fuzz seeds, run in `make test`
 *
 * Every file of tests/fuzz/corpus-parse/ goes through fuzz_parse.c's own
 * LLVMFuzzerTestOneInput(), without libFuzzer: the seeds stay inputs the
 * readers handle (a contract broken aborts this test, and the sanitizer
 * build runs it too), whether or not anyone runs `make fuzz`.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness.h"
#include "engine/engine.h"
#include "scenario/scenario.h"
#include "../fuzz/fuzz_parse.c"

static void test_seeds(void)
{
	const char *dirs[] = { "tests/fuzz/corpus-parse", "../../tests/fuzz/corpus-parse" };
	DIR *dp = NULL;
	const char *dir = NULL;
	struct dirent *de;
	int n = 0;

	for (size_t i = 0; !dp && i < sizeof dirs / sizeof dirs[0]; i++)
		if ((dp = opendir(dirs[i])))
			dir = dirs[i];
	CHECKF(dp != NULL, "tests/fuzz/corpus-parse can be read (run from the top directory)");
	if (!dp)
		return;
	while ((de = readdir(dp))) {
		char path[512], *buf;
		long len;
		FILE *f;
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (!(f = fopen(path, "rb")))
			continue;
		fseek(f, 0, SEEK_END);
		len = ftell(f);
		rewind(f);
		buf = malloc(len > 0 ? (size_t)len : 1);
		if (buf && fread(buf, 1, (size_t)len, f) == (size_t)len) {
			LLVMFuzzerTestOneInput((const uint8_t *)buf, (size_t)len);
			n++;
		}
		free(buf);
		fclose(f);
	}
	closedir(dp);
	fuzz_parse_done();
	CHECKF(n >= 30, "at least 30 seeds ran, not %d", n);
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN(test_seeds);
	return HARNESS_END("corpus");
}
