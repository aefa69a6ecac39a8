/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/fuzz/verdict.h - what every reader's answer to any input must be,
 * for the fuzz targets that read files (fuzz_parse.c, fuzz_trace.c)
 */
#ifndef VMSCAN_FUZZ_VERDICT_H
#define VMSCAN_FUZZ_VERDICT_H

#include <stdbool.h>
#include <stdlib.h>

#include "scenario/scenario.h"

/* The reader returned @rc with @d: a success says nothing (or only notes,
 * when @notes), a refusal (-1, or @also) always says why, and each of its
 * messages formats; otherwise abort(), the fuzzer's finding.  The
 * arguments the target gave the reader are always good, so a refusal is
 * the input's. */
static void check_verdict(int rc, const struct diag_list *d, bool notes, int also)
{
	char line[1024];

	if (rc == 0) {
		for (size_t i = 0; i < d->n; i++)
			if (!notes || !d->v[i].note)
				abort();
		return;
	}
	if (d->n == 0 || (rc != -1 && rc != also))
		abort();
	for (size_t i = 0; i < d->n; i++)
		diag_format(&d->v[i], line, sizeof line);
}

#endif
