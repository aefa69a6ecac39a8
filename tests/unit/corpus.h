/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/corpus.h - a fuzz target's seeds, run without libFuzzer
 *
 * A test includes one target (tests/fuzz/fuzz_NAME.c, which defines
 * LLVMFuzzerTestOneInput()) and then this file; corpus_replay() gives each
 * file of a folder to that function once, in a buffer of its exact size (so
 * that the sanitizer build, `make check-asan`, sees a read past the end),
 * as libFuzzer does when it is run on files.  A target aborts on a broken
 * contract, which fails the test.  No fuzzing: `make fuzz` does that.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* corpus_replay: how many regular files of DIR (relative to the top
 * directory, where `make test` runs the tests) whose name ends in SUFFIX
 * (any, if NULL) ran, or -1 if the folder cannot be read. */
static int corpus_replay(const char *dir, const char *suffix)
{
	char top[256];
	DIR *dp;
	struct dirent *de;
	int n = 0;

	snprintf(top, sizeof top, "%s", dir);
	if (!(dp = opendir(top))) {
		snprintf(top, sizeof top, "../../%s", dir);
		if (!(dp = opendir(top)))
			return -1;
	}
	while ((de = readdir(dp))) {
		char path[512], *buf;
		size_t nl = strlen(de->d_name);
		struct stat st;
		long len;
		FILE *f;
		if (de->d_name[0] == '.')
			continue;
		if (suffix && (nl < strlen(suffix) || strcmp(de->d_name + nl - strlen(suffix), suffix) != 0))
			continue;
		snprintf(path, sizeof path, "%s/%s", top, de->d_name);
		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || !(f = fopen(path, "rb")))
			continue;
		fseek(f, 0, SEEK_END);
		len = ftell(f);
		rewind(f);
		buf = malloc(len > 0 ? (size_t)len : 1);
		if (buf && len >= 0 && fread(buf, 1, (size_t)len, f) == (size_t)len) {
			LLVMFuzzerTestOneInput((const uint8_t *)buf, (size_t)len);
			n++;
		}
		free(buf);
		fclose(f);
	}
	closedir(dp);
	return n;
}
