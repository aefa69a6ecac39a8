/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/app.c - a key to the mode that owns it; work between keys
 *
 * Every handler returns an enum redraw (htop's Htop_Reaction idea): what
 * became stale.  A key goes to the help screen while it is up, to the
 * dialog while one is open, to the quiz's open question, then (as a
 * command, keys.c) to compare mode while it is on, the bookmarks, the
 * inspector, and last the single run (single.c): each mode owns its keys
 * and its drawing, and none calls another.  Switching modes (c, Q) is
 * asked of the mode switched to.  Nothing here looks at a page.
 */
#include <stdio.h>
#include <stdlib.h>

#include "app.h"
#include "bookmark.h"
#include "compare.h"
#include "dialog.h"
#include "history.h"
#include "inspector.h"
#include "job.h"
#include "panel.h"
#include "quiz.h"
#include "run.h"
#include "scroll.h"
#include "single.h"
#include "theme.h"

void app_free(struct app *a)
{
	history_close(a);
	dialog_free(&a->dlg);
	compare_stop(a);
	run_free(a);
	free(a->ui.hits.page);
	a->ui.hits = (struct lists_hits){ 0 };
}

enum redraw app_tick(struct app *a, int steps)
{
	return a->cmp.on ? compare_tick(a, steps) : single_tick(a, steps);
}

/* Projector mode plays at 5 steps/s at most; leaving it restores the
 * speed it found. */
static enum redraw toggle_big(struct app *a)
{
	a->ui.big = !a->ui.big;
	if (a->ui.big) {
		a->ui.speed_before_big = a->ui.speed;
		if (a->ui.speed > 2)
			a->ui.speed = 2;
	} else {
		a->ui.speed = a->ui.speed_before_big;
	}
	return REDRAW_ALL;
}

/* m: the lists of the next memory cgroup, after the last the zone's again
 * (2.6.34 keeps a cgroup's lists in its mem_cgroup_per_zone; the panel
 * filters the zone's by owner, in the same order). */
static enum redraw next_memcg(struct app *a)
{
	const struct workload *wl = &a->sc->wl;
	struct ui *u = &a->ui;

	if (!wl->nr_cgroups) {
		u->lists_memcg = 0;
		snprintf(u->msg, sizeof u->msg, "%s",
			 "no memory cgroups in this scenario: the zone's lists are all there is");
		return REDRAW_ALL;
	}
	u->lists_memcg = u->lists_memcg >= wl->nr_cgroups ? 0 : (uint8_t)(u->lists_memcg + 1);
	if (u->lists_memcg)
		snprintf(u->msg, sizeof u->msg, "lists: %s's pages only (m: next)",
			 wl->cgroups[u->lists_memcg - 1].name);
	else
		snprintf(u->msg, sizeof u->msg, "%s", "lists: the zone's, every page (m: a cgroup's)");
	return REDRAW_ALL;
}

static enum redraw cgroup_cells(struct app *a)
{
	struct ui *u = &a->ui;

	if (!a->sc->wl.nr_cgroups) {
		u->cgroup_cells = false;
		snprintf(u->msg, sizeof u->msg, "%s",
			 "no memory cgroups in this scenario: every page is the root's");
		return REDRAW_ALL;
	}
	u->cgroup_cells = !u->cgroup_cells;
	snprintf(u->msg, sizeof u->msg, "%s",
		 u->cgroup_cells
			 ? "cells: whose pages, a letter a cgroup (the title pairs them; M: the pages' state)"
			 : "cells: the pages' state again (M: whose pages)");
	return REDRAW_ALL;
}

/* The help screen scrolls by entry; any other key closes it. */
static enum redraw help_key(struct app *a, int key)
{
	int n = panel_help_entries(), page = a->ui.rows > 12 ? a->ui.rows / 3 : 4;
	long delta;

	if (scroll_key(key, page, n, &delta))
		a->ui.help_top = scroll_by(a->ui.help_top, delta, n);
	else if (key != KEY_RESIZE)
		a->ui.help = false;
	return REDRAW_ALL;
}

static enum redraw app_command(struct app *a, enum command cmd)
{
	struct ui *u = &a->ui;
	enum redraw r;

	if (a->cmp.on && compare_command(a, cmd, &r))
		return r;
	switch (cmd) {
	case CMD_COMPARE:
		u->playing = false;
		if (!a->cmp.on)
			return compare_offer(a);
		compare_stop(a);
		return REDRAW_ALL;
	case CMD_QUIZ: return quiz_toggle(a);
	case CMD_MARK_NEXT: return bookmark_step(a, 1);
	case CMD_MARK_PREV: return bookmark_step(a, -1);
	case CMD_MARKS: return bookmark_list(a);
	case CMD_BIG: return toggle_big(a);
	case CMD_MEMCG: return next_memcg(a);
	case CMD_CGROUP_CELLS: return cgroup_cells(a);
	case CMD_REDRAW: return REDRAW_CLEAR;
	case CMD_THEME:
		theme_set_light(!theme_is_light());
		snprintf(u->msg, sizeof u->msg, "%s",
			 !theme_colors()    ? "monochrome: no colours to change"
			 : theme_is_light() ? "light theme: dark ink on white (L: dark)"
					    : "dark theme (L: light, for a bright room)");
		return REDRAW_CLEAR;
	case CMD_HELP:
		u->help = true;
		u->help_top = 0;
		return REDRAW_ALL;
	case CMD_QUIT: u->quit = true; return REDRAW_NONE;
	case CMD_NONE:
	case NR_COMMANDS: return REDRAW_NONE;
	default: break;
	}
	if (inspector_command(a, cmd, &r))
		return r;
	return single_command(a, cmd);
}

enum redraw app_key(struct app *a, int key)
{
	enum command cmd;
	enum redraw r, q;

	if (a->ui.help) /* arrows scroll it, any other key closes it and does nothing else */
		return help_key(a, key);
	if (a->ui.msg[0]) {
		a->ui.msg[0] = '\0';
		r = REDRAW_ALL;
	} else {
		r = REDRAW_NONE;
	}
	if (a->job.kind != JOB_NONE) { /* any key stops a job; Esc does nothing else */
		job_stop(a);
		if (key == 27)
			return REDRAW_ALL;
		r = REDRAW_ALL;
	}
	if (a->dlg.kind != DLG_NONE)
		return redraw_join(dialog_key(a, key), r);
	if (a->quiz.asking) {
		if (quiz_key(a, key, &q))
			return redraw_join(q, r);
		cmd = keys_lookup(key);
		if (cmd == CMD_STEP || cmd == CMD_PLAY) {
			char keys[128];

			quiz_offered(a, keys, sizeof keys);
			snprintf(a->ui.msg, sizeof a->ui.msg, "quiz: answer %s, or Esc to see the answer",
				 keys);
			return REDRAW_ALL;
		}
		return redraw_join(app_command(a, cmd), r);
	}
	cmd = keys_lookup(key);
	if (cmd == CMD_NONE && key >= 0x20 && key < 0x7f) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "key '%c' does nothing here; ? lists the keys", key);
		return REDRAW_ALL;
	}
	return redraw_join(app_command(a, cmd), r);
}

/* A view's index grows in the background only where a builder runs ahead
 * of the shown timeline (or is yet to be made); without one, only while a
 * job needs it. */
static bool grows(const struct app *a, const struct view *v)
{
	return !v->complete && (!v->no_builder || a->job.kind != JOB_NONE);
}

bool app_busy(const struct app *a)
{
	const struct inspector *in = &a->insp;

	if (a->job.kind != JOB_NONE)
		return true;
	for (int i = 0; i < a->nr_views; i++)
		if (grows(a, &a->views[i]))
			return true;
	if (compare_pending(a))
		return true;
	for (int i = 0; i < a->nr_views; i++)
		if (view_idle_pending(&a->views[i]))
			return true;
	return in->open && in->cursor && in->upto < a->views[0].step && in->scratch &&
	       !engine_done(in->scratch);
}

/* Index the views a slice further; false when none has anything left. */
static bool index_slice(struct app *a)
{
	bool any = false;

	for (int i = 0; i < a->nr_views; i++) {
		struct view *v = &a->views[i];
		if (!grows(a, v))
			continue;
		view_build_more(v, VIEW_SLICE_STEPS);
		any = true;
		if (v->complete && v->idx.state == INDEX_NO_MEMORY)
			snprintf(a->ui.msg, sizeof a->ui.msg, "out of memory: the run is cut at step %llu",
				 (unsigned long long)v->total);
	}
	return any;
}

enum redraw app_work(struct app *a)
{
	bool did, had_job = a->job.kind != JOB_NONE;

	if (a->job.kind ==
	    JOB_CMP_FIND) /* the classification first: it waits on the index only at its front */
		did = compare_work(a, VIEW_SLICE_STEPS) || index_slice(a);
	else
		did = index_slice(a) || compare_work(a, VIEW_SLICE_STEPS) || history_update(a);
	if (!did && a->job.kind == JOB_NONE) /* nothing shown changes: no redraw for it */
		for (int i = 0; i < a->nr_views; i++)
			if (view_idle(&a->views[i]))
				return REDRAW_NONE;
	if (a->job.kind != JOB_NONE && !job_try(a)) {
		job_progress(a);
		for (int i = 0; i < a->nr_views; i++)
			if (a->views[i].displaced) /* the shown engine is at the index's front: no frame */
				return REDRAW_NONE;
	}
	run_settle(a);
	return did || had_job ? REDRAW_ALL : REDRAW_NONE;
}
