/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/shown.c - the lists a viewer shows (engine_shown_lists())
 *
 * The one place outside the reclaim code that knows which LRU the policy
 * runs, so that the viewers (src/tui, src/cli, src/replay) iterate lists
 * and never ask: the two-list LRU's four lists, or, under 6.1's multi-gen
 * LRU, each type's live generations, min_seq to max_seq (6.1
 * include/linux/mmzone.h: at most MAX_NR_GENS of a type are live).
 */
#include "internal.h"

static unsigned add(const struct engine *e, struct shown_list *out, unsigned n, int l)
{
	out[n] = (struct shown_list){ .lru = (uint8_t)l, .type = is_file_lru(l), .nr = e->c.lists[l].nr };
	return n + 1;
}

/* Type @type's generations, youngest first. */
static unsigned add_gens(const struct engine *e, struct shown_list *out, unsigned n, unsigned type)
{
	const struct lru_gen_state *lg = &e->c.lg;

	for (uint64_t seq = lg->max_seq + 1; seq-- > lg->min_seq[type];) {
		unsigned gen = (unsigned)(seq % MAX_NR_GENS);
		int64_t nr = lg->nr_pages[gen][type];

		n = add(e, out, n, LRU_GEN_FIRST + 2 * (int)gen + (int)type);
		out[n - 1].gen = true;
		out[n - 1].type = (uint8_t)type;
		out[n - 1].youngest = seq == lg->max_seq;
		out[n - 1].oldest = seq == lg->min_seq[type];
		out[n - 1].rank = (uint8_t)(lg->max_seq - seq);
		out[n - 1].seq = seq;
		out[n - 1].age = e->c.step - lg->timestamps[gen];
		out[n - 1].nr_gen = nr > 0 ? (uint32_t)nr : 0;
	}
	return n;
}

static unsigned add_type(const struct engine *e, bool gens, unsigned flags, struct shown_list *out,
			 unsigned n, unsigned type)
{
	int active = type ? LRU_ACTIVE_FILE : LRU_ACTIVE_ANON;

	if (!(flags & (type ? SHOWN_FILE : SHOWN_ANON)))
		return n;
	if (gens)
		return add_gens(e, out, n, type);
	if (flags & SHOWN_INACTIVE_FIRST)
		return add(e, out, add(e, out, n, active - 1), active);
	return add(e, out, add(e, out, n, active), active - 1);
}

unsigned engine_shown_lists(const struct engine *e, unsigned flags, struct shown_list *out)
{
	unsigned first = (flags & SHOWN_FILE_FIRST) != 0, n = 0;
	bool gens = lru_gen_enabled(e); /* the one question: which LRU's lists */

	n = add_type(e, gens, flags, out, n, first);
	n = add_type(e, gens, flags, out, n, !first);
	if (flags & SHOWN_UNEVICTABLE)
		n = add(e, out, n, LRU_UNEVICTABLE);
	if (flags & SHOWN_ISOLATED)
		n = add(e, out, n, LRU_ISOLATED);
	if (flags & SHOWN_FREE)
		n = add(e, out, n, LRU_FREE);
	if (flags & SHOWN_KERNEL)
		n = add(e, out, n, LRU_KERNEL);
	if ((flags & SHOWN_PAGEVEC) && !gens)
		n = add(e, out, n, LRU_PAGEVEC);
	return n;
}

const char *engine_vmstat_name(const struct engine *e, int i)
{
	/* a counter 2.6.34 lacks (6.1 mm/vmscan.c:1909), which only 6.1's
	 * dirty rules count: a 2.6.x run prints none */
	if (i == NR_VMSCAN_IMMEDIATE && !policy_has(e, CAP_DIRTY_61))
		return NULL;
	return vmstat_name_in(i, lru_gen_enabled(e));
}
