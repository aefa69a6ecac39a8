/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/budget.c - will the simulation fit in this machine?
 *
 * Each value a scenario gives is bounded on its own (memory.pages, object
 * pages, operations, trace accesses), but the bounds together still allow
 * a scenario that needs more memory than a classroom laptop has.  So the
 * loader estimates what the run will hold, before anything big is
 * allocated (the operations array, the engine's zone), and refuses a
 * scenario over SCENARIO_MAX_BYTES or over the machine's physical memory:
 *
 *   the engine: 32 B per page of memory (struct page and the writeback
 *     ring), 4 B per page of the objects (page-cache slots), 256 B per
 *     object (its mappings);
 *   three times: the engine itself and the two snapshots the visualizer's
 *     timeline always keeps, however large a state is;
 *   the operations (sizeof struct wl_op each) and trace accesses (4 B,
 *     8 B when a trace names objects per line), read before this check.
 *
 * SCENARIO_MAX_BYTES is 1 GiB: every classroom scenario needs under 1 MiB
 * and `make bench`'s million-page zone about 130 MiB, while a zone of the
 * engine's largest size (64 Mi pages) held 1.84 GB and took 8 s to `run`
 * (/usr/bin/time -f %M), more than a laptop in a lecture should give.
 *
 * Traces are checked as they are read (trace.c): a line whose page makes
 * an object larger, or an access that needs more room, is refused at that
 * line once the estimate crosses a limit, rather than after reading a
 * gigabyte.  The estimate is deterministic; only the second limit depends
 * on the machine (the whole of it, not a share, so that the test suite's large
 * but legal scenarios load on a small machine too), and it is checked
 * after the fixed one so that a scenario over both gets the same message
 * everywhere.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

#include "budget.h"
#include "diag.h"

#define ENGINE_COPIES 3u

uint64_t budget_engine_bytes(const struct memory_spec *m, const struct object_spec *obj, uint32_t nr_obj)
{
	uint64_t b = 4096 + (uint64_t)m->pages * 32;

	for (uint32_t i = 0; obj && i < nr_obj; i++)
		b += 256 + (uint64_t)obj[i].pages * 4;
	return b;
}

static uint64_t machine_bytes(void)
{
	static uint64_t cached;
	long pages, size;

	if (cached)
		return cached;
	pages = sysconf(_SC_PHYS_PAGES);
	size = sysconf(_SC_PAGE_SIZE);
	cached = pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : UINT64_MAX;
	return cached;
}

static void human(uint64_t b, char *buf, size_t n)
{
	if (b >= 1ull << 30)
		snprintf(buf, n, "%.2f GiB", (double)b / (1ull << 30));
	else if (b >= 1ull << 20)
		snprintf(buf, n, "%.1f MiB", (double)b / (1ull << 20));
	else
		snprintf(buf, n, "%" PRIu64 " KiB", (b + 1023) / 1024);
}

static uint64_t need_of(uint64_t engine_bytes, uint64_t nr_ops, uint64_t trace_bytes)
{
	return ENGINE_COPIES * engine_bytes + nr_ops * sizeof(struct wl_op) + trace_bytes;
}

bool budget_over(uint64_t engine_bytes, uint64_t nr_ops, uint64_t trace_bytes)
{
	uint64_t need = need_of(engine_bytes, nr_ops, trace_bytes);

	return need > SCENARIO_MAX_BYTES || need > machine_bytes();
}

/* The message: what it would need, which limit, how it adds up. */
static void budget_message(char *msg, size_t n, uint64_t engine_bytes, uint64_t nr_ops, uint64_t trace_bytes)
{
	uint64_t rest = nr_ops * sizeof(struct wl_op) + trace_bytes;
	uint64_t need = need_of(engine_bytes, nr_ops, trace_bytes);
	char a[32], b[32], c[32], limit[80];

	if (need > SCENARIO_MAX_BYTES) {
		snprintf(limit, sizeof limit, "more than %" PRIu64 " GiB, the limit",
			 (uint64_t)SCENARIO_MAX_BYTES >> 30);
	} else {
		human(machine_bytes(), c, sizeof c);
		snprintf(limit, sizeof limit, "more than this machine's memory (%s)", c);
	}
	human(need, a, sizeof a);
	human(engine_bytes, b, sizeof b);
	human(rest, c, sizeof c);
	snprintf(msg, n,
		 "the simulation would need about %s, %s: %s for the zone and its objects "
		 "(32 B per page of memory, 4 B per page of the objects), kept three times for the "
		 "visualizer's snapshots%s%s%s; use fewer pages%s",
		 a, limit, b, rest ? ", and " : "", rest ? c : "",
		 rest ? " for the operations and traces" : "",
		 rest ? ", operations or accesses" : " of memory or of the objects");
}

int budget_check(struct loader *L, const cJSON *node, const char *path, uint64_t engine_bytes,
		 uint64_t nr_ops, uint64_t trace_bytes)
{
	char msg[512];

	if (!budget_over(engine_bytes, nr_ops, trace_bytes))
		return 0;
	budget_message(msg, sizeof msg, engine_bytes, nr_ops, trace_bytes);
	lerr(L, node, false, path, "%s", msg);
	return -1;
}

int budget_check_at(struct loader *L, const char *file, int line, int col, const char *path,
		    uint64_t engine_bytes, uint64_t trace_bytes)
{
	char msg[512];

	if (!budget_over(engine_bytes, 0, trace_bytes))
		return 0;
	budget_message(msg, sizeof msg, engine_bytes, 0, trace_bytes);
	lerr_file(L, file, line, col, path, "%s", msg);
	return -1;
}
