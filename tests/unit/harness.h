/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/harness.h - the smallest test harness that can fail
 *
 * A test file defines `static void test_xxx(void)` functions and lists them
 * in main(), after HARNESS_START(argc, argv), with RUN(test_xxx), or
 * RUN_TABLE(test_xxx) for a function that loops over a table of rows.
 * CHECK() records a failure with file:line and goes on; the program ends
 * with "<name>: N passed, M failed" and exits non-zero on any failure.
 * Table-driven tests loop over rows, begin each with ROW_BEGIN(sentence)
 * and call CHECKF() with the row's sentence as the message.
 *
 * `test_xxx PATTERN` (make test T=xxx F=PATTERN) runs only the functions
 * whose name contains PATTERN, and of the other tables only the rows whose
 * sentence contains it.
 */
#ifndef VMSCAN_HARNESS_H
#define VMSCAN_HARNESS_H

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static int harness_failed_checks, harness_passed, harness_failed, harness_rows;
static const char *harness_current;
static const char *harness_filter; /* NULL: run everything */
static int harness_whole_table;	   /* the table's function name matched */

#define CHECKF(cond, ...)                                                                    \
	do {                                                                                 \
		if (!(cond)) {                                                               \
			harness_failed_checks++;                                             \
			fprintf(stderr, "%s:%d: %s: check failed: %s: ", __FILE__, __LINE__, \
				harness_current, #cond);                                     \
			fprintf(stderr, __VA_ARGS__);                                        \
			fputc('\n', stderr);                                                 \
		}                                                                            \
	} while (0)
#define CHECK(cond) CHECKF(cond, "%s", "")
#define CHECK_EQ_U(a, b)                                                                                    \
	CHECKF((unsigned long long)(a) == (unsigned long long)(b), "%llu != %llu", (unsigned long long)(a), \
	       (unsigned long long)(b))
#define CHECK_STR(a, b) CHECKF(strcmp((a), (b)) == 0, "\"%s\" != \"%s\"", (a), (b))

/* A table row is a test of its own: ROW_BEGIN before it, ROW_END after. */
static inline int harness_row_begin(void)
{
	return harness_failed_checks;
}
static inline int harness_row_wanted(const char *sentence)
{
	return !harness_filter || harness_whole_table || (sentence && strstr(sentence, harness_filter));
}
static inline void harness_row_end(int before)
{
	harness_rows++;
	if (harness_failed_checks == before)
		harness_passed++;
	else
		harness_failed++;
}
/* Inside the loop over rows: skips a row the filter leaves out. */
#define ROW_BEGIN(sentence)                \
	if (!harness_row_wanted(sentence)) \
		continue;                  \
	int row_before_ = harness_row_begin()
#define ROW_END() harness_row_end(row_before_)

#define HARNESS_START(argc, argv) (harness_filter = (argc) > 1 && (argv)[1][0] ? (argv)[1] : NULL)

/* A test function counts once, unless it ran rows (then each row counts). */
#define RUN(fn)                                                     \
	do {                                                        \
		if (harness_filter && !strstr(#fn, harness_filter)) \
			break;                                      \
		harness_whole_table = 1;                            \
		HARNESS_CALL(fn);                                   \
		harness_whole_table = 0;                            \
	} while (0)
/* A table: run for its rows even when its name does not match. */
#define RUN_TABLE(fn)                                                                 \
	do {                                                                          \
		harness_whole_table = !harness_filter || strstr(#fn, harness_filter); \
		HARNESS_CALL(fn);                                                     \
		harness_whole_table = 0;                                              \
	} while (0)
#define HARNESS_CALL(fn)                                                   \
	do {                                                               \
		int before_ = harness_failed_checks, rows_ = harness_rows; \
		harness_current = #fn;                                     \
		fn();                                                      \
		if (harness_rows != rows_ || !harness_whole_table)         \
			break;                                             \
		if (harness_failed_checks == before_)                      \
			harness_passed++;                                  \
		else                                                       \
			harness_failed++;                                  \
	} while (0)

/* The scenarios of data/ (the schema left out), for tests that run every
 * lesson, run from the top of the tree:
 *	for (struct harness_dir h = { 0 }; harness_next_scenario(&h);) {
 *		ROW_BEGIN(h.name); ...h.path...; ROW_END();
 *	}
 * h.found counts them, whether a filter runs them or not. */
struct harness_dir {
	DIR *dir;
	bool opened;
	int found;
	const char *name;
	char path[512];
};
static inline bool harness_next_scenario(struct harness_dir *h)
{
	struct dirent *de;

	if (!h->opened) {
		h->opened = true;
		h->dir = opendir("data");
	}
	while (h->dir && (de = readdir(h->dir))) {
		size_t len = strlen(de->d_name);
		if (len < 6 || strcmp(de->d_name + len - 5, ".json") || strstr(de->d_name, "schema"))
			continue;
		snprintf(h->path, sizeof h->path, "data/%s", de->d_name);
		h->name = h->path + 5;
		h->found++;
		return true;
	}
	if (h->dir)
		closedir(h->dir);
	h->dir = NULL;
	return false;
}

/* A filter that matches nothing is a mistake, not a pass. */
#define HARNESS_END(name)                                                                              \
	(fflush(stderr), printf("%s: %d passed, %d failed\n", (name), harness_passed, harness_failed), \
	 harness_filter && !harness_passed && !harness_failed                                          \
		 ? (fprintf(stderr, "%s: no test or row matches \"%s\"\n", (name), harness_filter), 1) \
	 : harness_failed ? 1                                                                          \
			  : 0)

#endif
