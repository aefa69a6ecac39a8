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
 * The estimate is deterministic; only the second limit depends on the
 * machine (the whole of it, not a share, so that the test suite's large
 * but legal scenarios load on a small machine too), and it is checked
 * after the fixed one so that a scenario over both gets the same message
 * everywhere.
 */
#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

#include "internal.h"

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
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);

	return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 0;
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

int budget_check(struct loader *L, const cJSON *node, const char *path, uint64_t engine_bytes,
		 uint64_t nr_ops, uint64_t trace_bytes)
{
	uint64_t rest = nr_ops * sizeof(struct wl_op) + trace_bytes;
	uint64_t need = ENGINE_COPIES * engine_bytes + rest, machine = machine_bytes();
	char a[32], b[32], c[32], limit[80];

	if (need <= SCENARIO_MAX_BYTES && (machine == 0 || need <= machine))
		return 0;
	if (need > SCENARIO_MAX_BYTES) {
		snprintf(limit, sizeof limit, "more than %" PRIu64 " GiB, the limit",
			 (uint64_t)SCENARIO_MAX_BYTES >> 30);
	} else {
		human(machine, c, sizeof c);
		snprintf(limit, sizeof limit, "more than this machine's memory (%s)", c);
	}
	human(need, a, sizeof a);
	human(engine_bytes, b, sizeof b);
	human(rest, c, sizeof c);
	lerr(L, node, false, path,
	     "the simulation would need about %s, %s: %s for the zone and its objects "
	     "(32 B per page of memory, 4 B per page of the objects), kept three times for the "
	     "visualizer's snapshots%s%s%s; use fewer pages%s",
	     a, limit, b, rest ? ", and " : "", rest ? c : "", rest ? " for the operations and traces" : "",
	     rest ? ", operations or accesses" : " of memory or of the objects");
	return -1;
}
