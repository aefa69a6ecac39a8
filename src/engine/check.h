/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/check.h - the debug build's checks of the invariants (check.c),
 * made by the step's callers (engine_step.c, engine_run.c) and never by
 * the kernel's files: the check reads every file's state, and a call from
 * one of them would tie it to all the others
 */
#ifndef VMSCAN_CHECK_H
#define VMSCAN_CHECK_H

#include "internal.h"

/* Debug builds (the sanitized build of make test) check every invariant,
 * as the kernel's VM_BUG_ON does, and stop dead on the first broken one:
 * the engine may not print or exit, and a trap leaves a sanitizer report
 * naming the step's caller.  A check walks every page, so on a zone of N
 * pages it runs once every N/64 steps (every step up to 64 pages): a
 * sanitized run pays about 64 page visits a step whatever the zone's size,
 * and a broken list or count, which nothing repairs, is caught within N/64
 * steps.  `run --check` checks after every step, in every build.
 * debug_check_steps(): after @n steps taken in one loop, whose last one
 * the check then sees. */
static inline void debug_check_steps(struct engine *e, uint64_t n)
{
#ifdef VMSCAN_DEBUG
	char why[160];

	e->debug_ticks += (uint32_t)n;
	if (e->debug_ticks < e->nr_pages / 64)
		return;
	e->debug_ticks = 0;
	if (engine_check(e, why, sizeof why) < 0)
		__builtin_trap();
#else
	(void)e;
	(void)n;
#endif
}

static inline void debug_check(struct engine *e)
{
	debug_check_steps(e, 1);
}

#endif
