/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_cgroup.h - memory cgroups on screen (panel_cgroup.c)
 */
#ifndef VMSCAN_TUI_PANEL_CGROUP_H
#define VMSCAN_TUI_PANEL_CGROUP_H

#include <stddef.h>
#include <stdint.h>

#include "state.h"
#include "panel.h"

/* Who runs reclaim, in a few words: "kswapd", "direct", for a limit
 * reclaim "limit:db", for kswapd's soft limit pass "soft:db" (@memcg
 * 1-based).  Returns @buf. */
const char *cgroup_reclaimer_name(const struct engine *e, uint8_t reclaimer, uint8_t memcg, char *buf,
				  size_t n);
/* Appends to @why, for a page examined by limit reclaim, whose limit it
 * is and that referenced_ptes counted that cgroup's mappings only. */
void cgroup_why_note(const struct engine *e, const struct step_record *rec, char *why, size_t n);
/* A reclaimer's one word: "kswapd", "direct", "limit" or "soft". */
const char *reclaimer_word(uint8_t reclaimer);
/* For a STEP_SOFT_LIMIT record, "kswapd soft limit reclaim: cgroup db is
 * 58 pages over its soft limit (128)" into @buf; false for another step. */
bool cgroup_soft_limit_sentence(const struct engine *e, const struct step_record *rec, char *buf, size_t n);
/* The mark of cgroup @memcg's pages (1-based) in the cells when M asks
 * whose they are: a capital of its name (db D, backup B) that no earlier
 * cgroup has and no ASCII glyph of a cell or an outcome is, else the
 * first such capital; "r" for the root's pages (0).  A static string. */
const char *cgroup_letter(const struct workload *wl, unsigned memcg);
/* One line per cgroup from row @y of @r, "db 256/256 failcnt 60 oom 0", at most the rows left; returns the rows drawn. */
int cgroup_lines_draw(const struct rect *r, int y, const struct frame *f);

#endif
