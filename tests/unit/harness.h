/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/harness.h - the smallest test harness that can fail
 *
 * A test file defines `static void test_xxx(void)` functions and lists them
 * in main() with RUN(test_xxx).  CHECK() records a failure with file:line
 * and goes on; the program ends with "<name>: N passed, M failed" and exits
 * non-zero on any failure.  Table-driven tests loop over rows and call
 * CHECKF() with the row's sentence as the message.
 */
#ifndef VMSCAN_HARNESS_H
#define VMSCAN_HARNESS_H

#include <stdio.h>
#include <string.h>

static int harness_failed_checks, harness_passed, harness_failed, harness_rows;
static const char *harness_current;

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
static inline void harness_row_end(int before)
{
	harness_rows++;
	if (harness_failed_checks == before)
		harness_passed++;
	else
		harness_failed++;
}
#define ROW_BEGIN() int row_before_ = harness_row_begin()
#define ROW_END()   harness_row_end(row_before_)

/* A test function counts once, unless it ran rows (then each row counts). */
#define RUN(fn)                                                            \
	do {                                                               \
		int before_ = harness_failed_checks, rows_ = harness_rows; \
		harness_current = #fn;                                     \
		fn();                                                      \
		if (harness_rows != rows_)                                 \
			break;                                             \
		if (harness_failed_checks == before_)                      \
			harness_passed++;                                  \
		else                                                       \
			harness_failed++;                                  \
	} while (0)

#define HARNESS_END(name)                                                                              \
	(fflush(stderr), printf("%s: %d passed, %d failed\n", (name), harness_passed, harness_failed), \
	 harness_failed ? 1 : 0)

#endif
