/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_counters.c - /proc/vmstat counters, their change, sparklines
 *
 * Counters are printed under their /proc/vmstat names (engine_vmstat);
 * the figure after each is its change at this step.  Zero counters are
 * left out to save room.  The sparklines show list sizes and refaults
 * from step 1 to the current step, sampled once at load time (view.c), on
 * a fixed scale: the largest value of the whole run.
 */
#include <stdio.h>
#include <string.h>

#include "panel_cgroup.h"
#include "panel.h"

static void sparkline_draw(int y, int x, int w, const struct view *v, int s, attr_t a)
{
	const struct step_index *h = &v->idx;
	/* whole buckets only: a bucket is sampled at its end, and the one the
	 * step is in would show steps ahead of it (a quiz's answer) */
	uint64_t nbc = v->step / h->bucket_steps;

	if (nbc > h->nb)
		nbc = h->nb;
	if (w <= 0 || nbc == 0)
		return;
	for (int j = 0; j < w; j++) {
		uint64_t lo = nbc <= (uint64_t)w ? (uint64_t)j : (uint64_t)j * nbc / (uint64_t)w;
		uint64_t hi = nbc <= (uint64_t)w ? lo + 1 : ((uint64_t)j + 1) * nbc / (uint64_t)w;
		uint32_t val = 0;
		if (lo >= nbc)
			break;
		for (uint64_t b = lo; b < hi || b == lo; b++)
			if (h->v[s][b] > val)
				val = h->v[s][b];
		if (val == 0 && s == SPARK_REFAULT)
			draw_str(y, x + j, 1, a, " ");
		else
			draw_str(y, x + j, 1, a,
				 spark_glyph(h->max[s] ? (int)((uint64_t)val * 8 / ((uint64_t)h->max[s] + 1))
						       : 0));
	}
}

static int draw_sparks(const struct rect *r, int y, const struct frame *f)
{
	static const struct {
		int spark, list;
		const char *name;
	} rows[] = {
		{ SPARK_INACTIVE_FILE, LRU_INACTIVE_FILE, "inactive_file" },
		{ SPARK_ACTIVE_FILE, LRU_ACTIVE_FILE, "active_file" },
		{ SPARK_INACTIVE_ANON, LRU_INACTIVE_ANON, "inactive_anon" },
		{ SPARK_ACTIVE_ANON, LRU_ACTIVE_ANON, "active_anon" },
		{ SPARK_FREE, LRU_FREE, "free" },
		{ SPARK_REFAULT, -1, "refaults" },
	};
	int n = 0;

	for (size_t i = 0; i < sizeof rows / sizeof rows[0] && y + n < r->y + r->h; i++, n++) {
		uint64_t val = rows[i].list >= 0 ? engine_lru_size(f->e, (enum lru_list)rows[i].list)
						 : engine_vmstat(f->e)[SIM_REFAULT];
		draw_fmt(y + n, r->x + 1, 21, theme_attr(T_LABEL), "%-13s%7llu", rows[i].name,
			 (unsigned long long)val);
		sparkline_draw(y + n, r->x + 23, r->w - 24, f->view, rows[i].spark,
			       rows[i].spark == SPARK_REFAULT ? theme_outcome(OUT_REFAULT)
							      : theme_attr(T_TITLE));
	}
	return n;
}

static int draw_decisions(const struct rect *r, int y, const struct frame *f)
{
	const uint64_t *d = engine_decisions(f->e);
	int x = r->x + 1;

	x += draw_str(y, x, r->w - 2, theme_attr(T_LABEL), "decisions ");
	for (int o = OUT_ACTIVATE; o < NR_OUTCOMES && x < r->x + r->w - 2; o++)
		if (d[o])
			x += draw_fmt(y, x, r->x + r->w - 1 - x, theme_outcome(o), "%s%s %llu ",
				      outcome_glyph(o), outcome_name[o], (unsigned long long)d[o]);
	return 1;
}

/* On the panel's last row, `vmscan-viz real`'s last result under this
 * policy, when one is cached: the real kernel's figures beside these. */
static void real_draw(const struct rect *r, const struct frame *f)
{
	const char *name = engine_policy(f->e)->name;

	if (!f->app || r->h < 4)
		return;
	for (unsigned i = 0; i < NR_RECLAIM_POLICIES; i++)
		if (strcmp(reclaim_policies[i]->name, name) == 0 && f->app->real[i][0])
			draw_fmt(r->y + r->h - 1, r->x + 1, r->w - 2, theme_attr(T_TITLE), "%s",
				 f->app->real[i]);
}

static void counters_draw(const struct rect *r, const struct frame *f, bool focused)
{
	const uint64_t *now = engine_vmstat(f->e);
	const uint64_t *before = f->view->prev_vmstat;
	int ncol = r->w >= 78 ? 2 : 1, colw = (r->w - 2) / ncol, y = r->y + 1;
	int shown = 0, hidden = 0, skip = f->app->ui.counters_top * ncol;

	draw_title(r,
		   r->w >= 60 ? "Counters (/proc/vmstat names, +change at this step)"
			      : "Counters (/proc/vmstat, +this step)",
		   focused);
	y += cgroup_lines_draw(r, y, f); /* memcg: one line a cgroup */
	y += draw_sparks(r, y, f);
	if (y < r->y + r->h)
		y += draw_decisions(r, y, f);
	for (int i = 0; i < NR_VM_EVENTS; i++) {
		long long delta = (long long)(now[i] - before[i]);
		int row = shown / ncol, col = shown % ncol;
		if (!now[i] && !delta) {
			hidden++;
			continue;
		}
		if (skip > 0) {
			skip--;
			continue;
		}
		if (y + row >= r->y + r->h)
			break;
		draw_fmt(y + row, r->x + 1 + col * colw, colw - 1,
			 theme_attr(i >= VMSTAT_FIRST_SIM ? T_DIM : T_NORMAL), "%-22s%9llu", vmstat_name[i],
			 (unsigned long long)now[i]);
		if (delta)
			draw_fmt(y + row, r->x + 1 + col * colw + 32, colw - 33, theme_attr(T_WARN), "%+lld",
				 delta);
		shown++;
	}
	if (hidden && y + (shown + ncol - 1) / ncol < r->y + r->h)
		draw_fmt(y + (shown + ncol - 1) / ncol, r->x + 1, r->w - 2, theme_attr(T_DIM),
			 "(%d counters still at 0 not shown)", hidden);
	real_draw(r, f);
}

const struct panel_ops panel_counters = {
	.name = "counters",
	.title = "Counters",
	.draw = counters_draw,
};
