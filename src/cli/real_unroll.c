/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/real_unroll.c - a workload as the guest replays it: the engine's own
 * operations, one line each, random accesses drawn as the engine draws
 * them (engine_random_accesses()), so that the kernel and the simulator
 * see the same accesses in the same order.
 */
#include <stdlib.h>
#include <string.h>

#include "real.h"
#include "real_ops.h"

int real_refuses(const struct workload *wl, char *why, size_t n)
{
	if (!wl->memory.kswapd) {
		snprintf(why, n, "kswapd is switched off (memory.kswapd false): a real kernel always has it");
		return -1;
	}
	if (wl->memory.laptop_mode) {
		snprintf(why, n, "laptop_mode: the cgroup's limit reclaim in the guest always writes back");
		return -1;
	}
	for (uint32_t k = 0; k < wl->nr_cgroups; k++)
		if (wl->cgroups[k].soft_limit) {
			snprintf(why, n,
				 "cgroup %s has a soft limit, which cgroup v2 does not have (memory.low is "
				 "another rule)",
				 wl->cgroups[k].name);
			return -1;
		}
	for (uint32_t i = 0; i < wl->nr_ops; i++) {
		const struct wl_op *op = &wl->ops[i];
		switch (op->kind) {
		case WL_ALLOC:
			snprintf(why, n,
				 "operation %u is a kernel allocation (order %u), which no program can ask "
				 "for",
				 i + 1, op->order);
			return -1;
		case WL_FREE:
			if (op->object == UINT32_MAX) {
				snprintf(why, n, "operation %u frees kernel pages, which no program can",
					 i + 1);
				return -1;
			}
			break;
		case WL_DIRTY:
			snprintf(why, n,
				 "operation %u dirties pages without accessing them (set_page_dirty), which "
				 "no "
				 "system call does",
				 i + 1);
			return -1;
		case WL_MLOCK:
			if (op->flags & WL_F_RACE) {
				snprintf(why, n,
					 "operation %u is mlock with \"race\": true, a race a replay cannot "
					 "arrange",
					 i + 1);
				return -1;
			}
			break;
		default: break;
		}
	}
	return 0;
}

/* @name as the op file's one word: blanks and controls as '_', at most
 * 63 bytes (the guest names its files and cgroups by number). */
static void word_out(FILE *f, const char *name)
{
	for (size_t k = 0; k < REAL_NAME_MAX - 1 && name[k]; k++)
		fputc((unsigned char)name[k] > ' ' && name[k] != 0x7f ? name[k] : '_', f);
	fputc('\n', f);
}

/* One access of @obj's page @index, as @via says. */
static void access_line(FILE *f, uint8_t via, uint32_t obj, uint32_t index)
{
	switch (via) {
	case VIA_READ: fprintf(f, "r %u %u\n", obj, index); break;
	case VIA_WRITE: fprintf(f, "w %u %u\n", obj, index); break;
	default: fprintf(f, "t %u %u %d\n", obj, index, via == VIA_TOUCH_WRITE); break;
	}
}

static void op_lines(FILE *f, const struct workload *wl, uint32_t i, uint32_t *draws)
{
	const struct wl_op *op = &wl->ops[i];
	uint32_t k;

	switch (op->kind) {
	case WL_MAP:
		fprintf(f, "m %u %u %u %u %u\n", op->as, op->object, op->first, op->count,
			((op->flags & WL_F_EXEC) ? 1u : 0u) | ((op->flags & WL_F_SEQ) ? 2u : 0u));
		break;
	case WL_UNMAP: fprintf(f, "u %u %u\n", op->as, op->object); break;
	case WL_MADVISE: fprintf(f, "a %u %u %d\n", op->as, op->object, (op->flags & WL_F_SEQ) != 0); break;
	case WL_TOUCH:
		for (k = 0; k < op->count; k++)
			access_line(f, op->via == VIA_TOUCH_WRITE ? VIA_TOUCH_WRITE : VIA_TOUCH, op->object,
				    op->first + k);
		break;
	case WL_READ:
		for (k = 0; k < op->count; k++)
			fprintf(f, "r %u %u\n", op->object, op->first + k);
		break;
	case WL_WRITE:
		for (k = 0; k < op->count; k++)
			fprintf(f, "w %u %u\n", op->object, op->first + k);
		break;
	case WL_MLOCK:
		for (k = 0; k < op->count; k++)
			fprintf(f, "l %u %u %u\n", op->as, op->object, op->first + k);
		break;
	case WL_MUNLOCK: fprintf(f, "n %u %u\n", op->as, op->object); break;
	case WL_FREE: fprintf(f, "f %u %u %u\n", op->object, op->first, op->count); break;
	case WL_PAUSE: break;
	case WL_RANDOM:
		engine_random_accesses(wl, i, draws);
		for (k = 0; k < op->count; k++)
			access_line(f, op->via, op->object, draws[k]);
		break;
	case WL_TRACE:
		for (k = 0; k < op->count; k++)
			access_line(f, op->via, op->trace_object ? op->trace_object[k] : op->object,
				    op->trace[k]);
		break;
	default: break;
	}
}

int real_ops_write(FILE *f, const struct workload *wl, char *why, size_t n)
{
	uint32_t most = 1, memcg = 0;
	uint32_t *draws;

	if (real_refuses(wl, why, n) < 0)
		return -1;
	for (uint32_t i = 0; i < wl->nr_ops; i++)
		if (wl->ops[i].kind == WL_RANDOM && wl->ops[i].count > most)
			most = wl->ops[i].count;
	draws = malloc(most * sizeof *draws);
	if (!draws) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	fprintf(f, "%s\nmemory %u %u %u\n", REAL_OPS_MAGIC, wl->memory.pages, wl->memory.swap_pages,
		wl->memory.swappiness);
	for (uint32_t k = 0; k < wl->nr_cgroups; k++) {
		fprintf(f, "cgroup %u %u %u ", k + 1, wl->cgroups[k].limit, wl->cgroups[k].swappiness);
		word_out(f, wl->cgroups[k].name);
	}
	for (uint32_t o = 0; o < wl->nr_objects; o++) {
		fprintf(f, "object %u %s %u %d ", o, wl->objects[o].type == OBJ_ANON ? "anon" : "file",
			wl->objects[o].pages, wl->objects[o].exec);
		word_out(f, wl->objects[o].name);
	}
	for (uint32_t i = 0; i < wl->nr_ops; i++) {
		const struct wl_op *op = &wl->ops[i];
		if (op->memcg != memcg)
			fprintf(f, "g %u\n", memcg = op->memcg);
		/* where the viewer stops: lru_gen read before the operation runs */
		if (op->kind == WL_PAUSE || (op->flags & WL_F_PAUSE))
			fprintf(f, "p %u\n", i);
		op_lines(f, wl, i, draws);
	}
	fprintf(f, "end\n");
	free(draws);
	return 0;
}
