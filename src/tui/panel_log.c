/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_log.c - the last decisions and page events, newest first
 *
 * Each line is one step record (view.c keeps a ring of them; touches of a
 * present page, which decide nothing, are left out), coloured and marked
 * with a glyph by outcome.  When the panel has the focus, ↑/↓ select a line
 * and Enter goes to that step.
 */
#include <stdio.h>
#include <string.h>

#include "../replay/names.h"
#include "panel.h"

/* step, outcome, page, the branch that decided, and the function when
 * there is room for it */
static void log_line(int y, const struct rect *r, const struct frame *f, const struct step_record *rec,
		     bool sel)
{
	char name[96];
	int x = r->x + 1, end = r->x + r->w - 1;
	const char *fn = rec->func < NR_STEP_FUNCS ? step_func_name[rec->func] : "";
	const char *br = branch_name(f->view->policy, rec->branch);

	page_name(&f->app->sc->wl, rec->object, rec->index, name, sizeof name);
	/* kswapd's soft limit pass takes a cgroup, not a page */
	if (rec->kind == STEP_SOFT_LIMIT && rec->memcg && rec->memcg <= f->app->sc->wl.nr_cgroups)
		snprintf(name, sizeof name, "cgroup %s", f->app->sc->wl.cgroups[rec->memcg - 1].name);
	if (sel)
		x += draw_str(y, x, 1, theme_attr(T_CURSOR), ">");
	else
		x++;
	x += draw_fmt(y, x, end - x, theme_attr(T_DIM), "%7llu ", (unsigned long long)rec->step);
	x += draw_fmt(y, x, end - x, theme_outcome(rec->outcome) | (sel ? A_REVERSE : 0), "%s %-13s",
		      outcome_glyph(rec->outcome), step_outcome_word(rec));
	x += draw_fmt(y, x, end - x, theme_attr(T_NORMAL), " %-16s ", name);
	x += draw_fmt(y, x, end - x, theme_attr(T_DIM), "%-18s", br[0] ? br : "-");
	if (end - x > (int)strlen(fn) + 2)
		draw_fmt(y, x, end - x, theme_attr(T_DIM), " %s", fn);
}

/* The entries in @rows rows from @y, the @sel-th selected (-1: none). */
static void log_entries(int y, int rows, const struct rect *r, const struct frame *f, int sel)
{
	int top = sel >= rows ? sel - rows + 1 : 0;

	for (int i = 0; i < rows; i++) {
		const struct step_record *rec = view_log_entry(f->view, top + i);
		if (!rec)
			break;
		log_line(y + i, r, f, rec, top + i == sel);
	}
	if (!f->view->log_n && rows > 0)
		draw_str(y, r->x + 1, r->w - 2, theme_attr(T_DIM), "(nothing yet)");
}

static void log_draw(const struct rect *r, const struct frame *f, bool focused)
{
	draw_title(r, "Log: last decisions and page events (newest first)", focused);
	log_entries(r->y + 1, r->h - 1, r, f, focused ? f->app->ui.log_sel : -1);
}

void log_draw_untitled(const struct rect *r, const struct frame *f)
{
	log_entries(r->y, r->h, r, f, -1);
}

const struct panel_ops panel_log = {
	.name = "log",
	.title = "Log",
	.draw = log_draw,
};
