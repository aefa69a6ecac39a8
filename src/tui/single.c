/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/single.c - the single run: its keys (play, step, jump, policy, open)
 *
 * The mode the visualizer starts in: one run of the scenario under one
 * policy (app.views[0]), moved through run.c.  A command that needs more
 * of the run than is indexed now starts a job (job.c) with one of
 * run.c's reach functions; a prompt (policy, scenario, step) is a dialog
 * (dialog.c) whose choice comes back to a callback here.  Compare mode,
 * the quiz, the inspector and the bookmarks have their own files; app.c
 * hands each key to the mode that owns it, and single_command() gets what
 * no other mode took.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "../policy/registry.h"
#include "../util/config.h"
#include "dialog.h"
#include "history.h"
#include "job.h"
#include "run.h"
#include "scroll.h"
#include "single.h"

enum redraw single_tick(struct app *a, int steps)
{
	struct view *v = &a->views[0];

	for (int i = 0; i < steps; i++) {
		if (view_at_end(v)) {
			a->ui.playing = false;
			break;
		}
		if (!run_step(a))
			break;
		if (v->rec.inputs & IN_PAUSE) {
			a->ui.playing = false;
			snprintf(a->ui.msg, sizeof a->ui.msg, "pause point: read the caption, space goes on");
			break;
		}
	}
	history_update(a);
	return REDRAW_ALL;
}

static enum redraw jump(struct app *a, int dir)
{
	char what[64];
	uint32_t of = a->ui.filter_of ? a->ui.filter_of - 1 : STEP_ANY_OBJECT;

	snprintf(what, sizeof what, "the %s %s step%s%.30s", dir > 0 ? "next" : "previous",
		 filter_name[a->ui.filter], a->ui.filter_of ? " of " : "",
		 a->ui.filter_of ? a->sc->wl.objects[of].name : "");
	/* in quiz mode, from before a question: the question's step is not passed */
	job_start(a,
		  &(struct job){ .kind = JOB_FIND,
				 .reach = run_reach_find,
				 .from = a->views[0].step + (a->quiz.asking && dir > 0),
				 .dir = dir,
				 .filter = a->ui.filter,
				 .object = of },
		  what);
	return REDRAW_ALL;
}

/* The log's and the counters' rows (the lists' cursor is the inspector's). */
static enum redraw panel_scroll(struct app *a, int delta, bool page)
{
	struct ui *u = &a->ui;

	switch (u->focus) {
	case PANEL_LOG:
		u->log_sel = scroll_by(u->log_sel, page ? delta * 10 : delta, (int)a->views[0].log_n);
		break;
	case PANEL_COUNTERS: /* the panel stops at its last row */
		u->counters_top = scroll_by(u->counters_top, page ? delta * 5 : delta, INT_MAX);
		break;
	default: break;
	}
	return REDRAW_ALL;
}

/* Tab: the next panel the last frame showed (ui.hidden, set by the draw). */
static enum redraw focus(struct app *a, int dir)
{
	for (int i = 0; i < NR_PANELS; i++) {
		a->ui.focus = (enum panel_id)((a->ui.focus + NR_PANELS + dir) % NR_PANELS);
		if (!a->ui.hidden[a->ui.focus])
			break;
	}
	return REDRAW_ALL;
}

/* s: the scenario's description and the caption, whole, in a box. */
static enum redraw show_story(struct app *a)
{
	const struct scenario *sc = a->sc;
	const struct wl_op *op = a->views[0].step ? &sc->wl.ops[a->views[0].rec.op] : NULL;
	const struct bookmark *b = run_bookmark(a);
	char text[4096];
	int n;

	n = snprintf(text, sizeof text, "%s", sc->description ? sc->description : "(no description)");
	for (const struct wl_op *o = op; o && o >= sc->wl.ops && n < (int)sizeof text; o--)
		if (o->caption < sc->wl.nr_captions) { /* the caption in force: its op or one before */
			snprintf(text + n, sizeof text - (size_t)n, "\n\nNow: %s",
				 sc->wl.captions[o->caption]);
			break;
		}
	if (b && n < (int)sizeof text)
		snprintf(text + strlen(text), sizeof text - strlen(text), "\n\nBookmark %s: %s", b->name,
			 b->text);
	dialog_message(a, sc->title ? sc->title : sc->path, text);
	return REDRAW_ALL;
}

/* The policy dialog chose: the run redone at the same point of the
 * workload, the access, and as far into the reclaim after it as before. */
static enum redraw policy_chosen(struct app *a, const struct dialog_choice *c)
{
	struct policy_ref r = dialog_policy_ref(a, c->sel);
	struct view *v = &a->views[0];
	uint64_t step = v->step, access = step_index_access_at(&v->idx, step), offset;

	offset = access ? step - step_index_access_step(&v->idx, access) : 0;
	if (run_switch_policy(a, &r) == 0)
		job_start(a,
			  &(struct job){ .kind = JOB_ACCESS,
					 .reach = run_reach_access,
					 .target = access,
					 .offset = offset,
					 .from = step },
			  "the same access");
	return REDRAW_ALL;
}

static enum redraw open_chosen(struct app *a, const struct dialog_choice *c)
{
	char err[1024] = "";

	if (run_load(a, c->text, NULL, err, sizeof err) < 0)
		dialog_message(a, "This scenario does not load", err);
	return REDRAW_ALL;
}

static enum redraw goto_chosen(struct app *a, const struct dialog_choice *c)
{
	uint64_t s;

	if (dialog_number(a, c->text, "step", &s))
		job_start(a, &(struct job){ .kind = JOB_GOTO, .reach = run_reach_step, .target = s },
			  "the step asked for");
	return REDRAW_ALL;
}

static enum redraw open_policy(struct app *a)
{
	struct policy_ref here = run_ref(a, &a->views[0]);

	a->ui.playing = false;
	dialog_open(a, DLG_POLICY, "Policy: the run is redone, the access kept", policy_chosen, 0);
	dialog_add_policies(a, &here);
	return REDRAW_ALL;
}

static enum redraw open_scenario(struct app *a)
{
	char text[PATH_MAX + 80];

	a->ui.playing = false;
	dialog_open(a, DLG_OPEN, "Open a scenario", open_chosen, 0);
	if (dialog_add_scenarios(&a->dlg))
		return REDRAW_ALL;
	snprintf(text, sizeof text, "No scenario (*.json) found in data/, $VMSCAN_DATADIR, %s or here.",
		 vmscan_datadir);
	dialog_message(a, "Open a scenario", text);
	return REDRAW_ALL;
}

static enum redraw open_goto(struct app *a)
{
	char title[64];

	snprintf(title, sizeof title, "Go to step (0-%llu%s)", (unsigned long long)a->views[0].total,
		 a->views[0].complete ? "" : ", more as the run is indexed");
	return dialog_open(a, DLG_GOTO, title, goto_chosen, 0);
}

enum redraw single_command(struct app *a, enum command cmd)
{
	struct view *v = &a->views[0];
	struct ui *u = &a->ui;

	switch (cmd) {
	case CMD_PLAY:
		if (!u->playing && view_at_end(v))
			run_go(a, 0);
		u->playing = !u->playing;
		return REDRAW_ALL;
	case CMD_STEP:
		u->playing = false;
		run_step(a);
		history_update(a);
		return REDRAW_ALL;
	case CMD_BACK:
		u->playing = false;
		if (v->step > 0)
			run_go(a, v->step - 1);
		return REDRAW_ALL;
	case CMD_FASTER: u->speed += u->speed + 1 < NR_SPEEDS; return REDRAW_ALL;
	case CMD_SLOWER: u->speed -= u->speed > 0; return REDRAW_ALL;
	case CMD_NEXT: return jump(a, 1);
	case CMD_PREV: return jump(a, -1);
	case CMD_FILTER: return dialog_open(a, DLG_FILTER, "What should n/N look for?", NULL, 0);
	case CMD_GOTO: return open_goto(a);
	case CMD_FIRST: run_goto(a, 0); return REDRAW_ALL;
	case CMD_LAST:
		job_start(a, &(struct job){ .kind = JOB_LAST, .reach = run_reach_last }, "the last step");
		return REDRAW_ALL;
	case CMD_POLICY: return open_policy(a);
	case CMD_OPEN: return open_scenario(a);
	case CMD_FOCUS: return focus(a, 1);
	case CMD_FOCUS_BACK: return focus(a, -1);
	case CMD_UP: return panel_scroll(a, -1, false);
	case CMD_DOWN: return panel_scroll(a, 1, false);
	case CMD_PAGE_UP: return panel_scroll(a, -1, true);
	case CMD_PAGE_DOWN: return panel_scroll(a, 1, true);
	case CMD_STORY: return show_story(a);
	default: return REDRAW_NONE;
	}
}
