/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_cgroup.c - memory cgroups on screen: each cgroup's usage
 * against its limit and its failcnt (memory.usage_in_bytes,
 * memory.limit_in_bytes, memory.failcnt of 2.6.34, in pages), and the
 * name a limit reclaim goes by, whose limit it is.
 *
 * Drawn inside the counters panel, above the vmstat counters, and in the
 * header's reclaim part; nothing here when the scenario has no cgroups.
 * Left out: a view of one cgroup's lists (the lists panel draws the
 * zone's, where a cgroup's pages are in the same order).
 */
#include <stdio.h>
#include <string.h>

#include "panel_cgroup.h"
#include "theme.h"

const char *cgroup_reclaimer_name(const struct engine *e, uint8_t reclaimer, uint8_t memcg, char *buf,
				  size_t n)
{
	const struct workload *wl = engine_workload(e);

	if ((reclaimer == RECLAIMER_MEMCG || reclaimer == RECLAIMER_SOFT) && memcg && memcg <= wl->nr_cgroups)
		snprintf(buf, n, "%s:%s", reclaimer_word(reclaimer), wl->cgroups[memcg - 1].name);
	else
		snprintf(buf, n, "%s", reclaimer_word(reclaimer));
	return buf;
}

const char *reclaimer_word(uint8_t reclaimer)
{
	switch (reclaimer) {
	case RECLAIMER_DIRECT: return "direct";
	case RECLAIMER_MEMCG: return "limit";
	case RECLAIMER_SOFT: return "soft";
	default: return "kswapd";
	}
}

bool cgroup_soft_limit_sentence(const struct engine *e, const struct step_record *rec, char *buf, size_t n)
{
	const struct workload *wl = engine_workload(e);

	if (rec->kind != STEP_SOFT_LIMIT || !rec->memcg || rec->memcg > wl->nr_cgroups)
		return false;
	/* 2.6.34 mm/vmscan.c:2104, mm/memcontrol.c:2636 */
	snprintf(buf, n,
		 "kswapd soft limit reclaim: cgroup %s is %u pages over its soft limit (%u), the furthest "
		 "over: its own lists are shrunk at priority 0 before the zone's",
		 wl->cgroups[rec->memcg - 1].name, rec->count, wl->cgroups[rec->memcg - 1].soft_limit);
	return true;
}

void cgroup_why_note(const struct engine *e, const struct step_record *rec, char *why, size_t n)
{
	const struct workload *wl = engine_workload(e);
	size_t len = strlen(why);
	const char *name;

	if ((rec->reclaimer != RECLAIMER_MEMCG && rec->reclaimer != RECLAIMER_SOFT) || !rec->memcg ||
	    rec->memcg > wl->nr_cgroups || len >= n)
		return;
	name = wl->cgroups[rec->memcg - 1].name;
	/* 2.6.34 mm/rmap.c:570, :911; the soft limit pass passes the cgroup too */
	snprintf(why + len, n - len, " [%s's %s: referenced_ptes=%u counts %s's ptes only]", name,
		 rec->reclaimer == RECLAIMER_SOFT ? "soft limit" : "limit", rec->referenced_ptes, name);
}

int cgroup_lines_draw(const struct rect *r, int y, const struct frame *f)
{
	const struct workload *wl = engine_workload(f->e);
	struct reclaim_info ri = engine_reclaim(f->e);
	int rows = 0;

	for (uint32_t k = 1; k <= wl->nr_cgroups && y + rows < r->y + r->h; k++, rows++) {
		uint64_t usage = engine_memcg_stat(f->e, k, MEMCG_USAGE),
			 limit = engine_memcg_stat(f->e, k, MEMCG_LIMIT);
		bool reclaiming = (ri.reclaimer == RECLAIMER_MEMCG || ri.reclaimer == RECLAIMER_SOFT) &&
				  ri.mem_cgroup == k;

		draw_fmt(y + rows, r->x + 1, r->w - 2,
			 theme_attr(reclaiming	     ? T_WARN
				    : usage >= limit ? T_LABEL
						     : T_NORMAL),
			 "%-8s %llu/%llu failcnt %llu oom %llu%s", wl->cgroups[k - 1].name,
			 (unsigned long long)usage, (unsigned long long)limit,
			 (unsigned long long)engine_memcg_stat(f->e, k, MEMCG_FAILCNT),
			 (unsigned long long)engine_memcg_stat(f->e, k, MEMCG_OOM),
			 !reclaiming			  ? ""
			 : ri.reclaimer == RECLAIMER_SOFT ? " <soft"
							  : " <limit");
	}
	return rows;
}

/* A capital no cell or outcome draws in ASCII either (W writeback, O
 * young, F fault, X reclaim), and no earlier cgroup has. */
static bool letter_free(char c, const bool *taken)
{
	return c >= 'A' && c <= 'Z' && c != 'W' && c != 'O' && c != 'F' && c != 'X' && !taken[c - 'A'];
}

const char *cgroup_letter(const struct workload *wl, unsigned memcg)
{
	static const char *const capitals[26] = {
		"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M",
		"N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z",
	};
	bool taken[26] = { false };
	char got = 0;

	if (!memcg || memcg > wl->nr_cgroups)
		return "r";
	for (unsigned c = 1; c <= memcg; c++) {
		const char *name = wl->cgroups[c - 1].name;
		got = 0;
		for (size_t i = 0; name[i] && !got; i++) {
			char u = name[i] >= 'a' && name[i] <= 'z' ? (char)(name[i] - 'a' + 'A') : name[i];
			if (letter_free(u, taken))
				got = u;
		}
		for (char u = 'A'; u <= 'Z' && !got; u++)
			if (letter_free(u, taken))
				got = u;
		if (!got) /* past 22 cgroups: they share one mark */
			return "?";
		taken[got - 'A'] = true;
	}
	return capitals[got - 'A'];
}
