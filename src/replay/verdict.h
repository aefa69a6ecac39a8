/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay/verdict.h - which policy kept what, at what cost, in words
 *
 * The end of a comparison of two runs, as `vmscan-viz compare` prints it
 * and compare mode shows it at the last access: one sentence for each
 * object the two policies treated differently (most refaults apart first),
 * then one for the cost.  Worded here, once; the front ends only print.
 *
 *	struct verdict v;
 *	verdict_make(&v, left_engine, right_engine);
 *	for (uint32_t i = 0; i < v.nr; i++)
 *		verdict_object_text(&v, i, name_of(v.obj[i].object), buf, sizeof buf);
 *	verdict_cost_text(&v, buf, sizeof buf);
 *	verdict_free(&v);
 *
 * The caller gives each object's name as it wants it shown (escaped for a
 * terminal, say).  Texts are cut to the buffer, always terminated.
 */
#ifndef VMSCAN_REPLAY_VERDICT_H
#define VMSCAN_REPLAY_VERDICT_H

#include <stddef.h>
#include <stdint.h>

#include "../engine/engine.h"

struct verdict_object {
	uint32_t object, pages;
	uint32_t resident[2];
	uint64_t refaults[2];
};

struct verdict {
	const char *policy[2];
	struct verdict_object *obj; /* the objects that differ, most different first */
	uint32_t nr;
	uint64_t activated[2], scanned[2]; /* pgactivate; pgscan_kswapd + pgscan_direct */
	uint64_t freed[2];		   /* pgsteal: every reclaimer's, limit and soft limit too */
	bool cgroups;			   /* a side ran memory cgroups: their reclaim is not in pgscan */
};

/* -1 when out of memory (then @v is empty but usable). */
int verdict_make(struct verdict *v, const struct engine *left, const struct engine *right);
void verdict_free(struct verdict *v);
/* "index: 2.6.33 keeps 64 of 64 pages, 2.6.34 keeps 0; refaults 0 vs 1472." */
size_t verdict_object_text(const struct verdict *v, uint32_t i, const char *name, char *buf, size_t n);
/* "both keep the same pages with the same refaults." when nothing differs */
size_t verdict_same_text(char *buf, size_t n);
/* "cost: 2.6.33 activated 193 pages and scanned 137; 2.6.34 activated 129 and scanned 79."
 * With cgroups, whose scans pgscan leaves out (2.6.34 vmscan.c: global
 * reclaim's only), the pages freed too: "cost: 2.6.34 activated 300
 * pages, global reclaim scanned 0, all reclaim freed 960; 2.6.34/global
 * activated 300, scanned 1216, freed 1216." */
size_t verdict_cost_text(const struct verdict *v, char *buf, size_t n);

#endif
