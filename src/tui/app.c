/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/app.c - a key becomes a command, a command changes the UI state
 *
 * Every handler returns an enum redraw (htop's Htop_Reaction idea): what
 * became stale.  Moving in time is always view_goto()/view_forward(), i.e.
 * the timeline; choosing a policy or a scenario redoes the run in a new
 * view and swaps it in only when it built, so a failure leaves the screen
 * as it was.  Nothing here looks at a page to decide its fate.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "panel.h"

const int speed_steps[] = { 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000 };
const int nr_speeds = sizeof speed_steps / sizeof speed_steps[0];

const char *object_name(const struct app *a, uint32_t object)
{
	if (object == OBJECT_KERNEL)
		return "kernel";
	if (a->sc && object < a->sc->wl.nr_objects)
		return a->sc->wl.objects[object].name;
	return "?";
}

static void diags_to_text(const struct diag_list *d, char *err, size_t n)
{
	size_t len = 0;

	err[0] = '\0';
	for (size_t i = 0; i < d->n && i < 8 && len + 1 < n; i++) {
		char line[1024];
		diag_format(&d->v[i], line, sizeof line);
		len += (size_t)snprintf(err + len, n - len, "%s%s", i ? "\n" : "", line);
	}
	if (d->n > 8 && len + 1 < n)
		snprintf(err + len, n - len, "\n(%zu more)", d->n - 8);
}

int app_load(struct app *a, const char *path, const char *policy, char *err, size_t n)
{
	struct scenario *s = calloc(1, sizeof *s);
	struct diag_list d = { 0 };
	int rc;

	if (!s) {
		snprintf(err, n, "out of memory");
		return -1;
	}
	rc = path ? scenario_load(path, s, &d)
		  : scenario_parse("<default>", NULL, scenario_default_json, scenario_default_json_len, s,
				   &d);
	if (rc < 0) {
		diags_to_text(&d, err, n);
		diag_list_free(&d);
		scenario_free(s);
		free(s);
		return -1;
	}
	diag_list_free(&d);
	return app_adopt(a, s, policy, err, n);
}

int app_adopt(struct app *a, struct scenario *s, const char *policy, char *err, size_t n)
{
	const struct reclaim_policy *p;
	struct view nv;

	if (!policy)
		policy = s->policy ? s->policy : "2.6.34";
	if (!(p = policy_find(policy))) {
		snprintf(err, n, "unknown policy '%s'", policy);
	} else if (view_build(&nv, &s->wl, p, &a->tun, err, n) == 0) {
		/* built: swap it in (the inspector's scratch engine reads the old workload) */
		inspector_close(a);
		a->insp.cursor = false;
		for (int i = 0; i < a->nr_views; i++)
			view_free(&a->views[i]);
		if (a->sc)
			scenario_free(a->sc);
		free(a->sc);
		a->sc = s;
		a->views[0] = nv;
		a->nr_views = 1;
		a->job.kind = JOB_NONE;
		a->ui.bookmark = 0;
		quiz_withdraw(a);
		a->ui.playing = false;
		a->ui.log_sel = 0;
		return 0;
	}
	scenario_free(s);
	free(s);
	return -1;
}

/* The step of access @access, @offset steps into the reclaim it caused
 * (no further than that reclaim goes in this run), once the run is
 * indexed that far; false until then.  @was: the step it was under the
 * policy before, for the message. */
bool app_keep_access(struct app *a, uint64_t access, uint64_t offset, uint64_t was)
{
	struct view *v = &a->views[0];
	const struct step_index *ix = &v->idx;
	uint64_t at, end;
	char page[96];

	if (access == 0) {
		app_goto(a, 0);
		return true;
	}
	if (ix->nr_acc <= access && !v->complete)
		return false;	   /* the reclaim after it is not indexed yet */
	if (access > ix->nr_acc) { /* past a run cut short */
		app_goto(a, v->total);
		snprintf(a->ui.msg, sizeof a->ui.msg,
			 "policy %s: run redone, but access %llu is past what is indexed: at step %llu",
			 v->policy->name, (unsigned long long)access, (unsigned long long)v->total);
		return true;
	}
	at = step_index_access_step(ix, access);
	end = access < ix->nr_acc ? step_index_access_step(ix, access + 1) - 1 : v->total;
	view_goto(v, at); /* the access's own record names its page */
	page_name(a, v->rec.object, v->rec.index, page, sizeof page);
	app_goto(a, at + offset < end ? at + offset : end);
	snprintf(a->ui.msg, sizeof a->ui.msg, "%s: same access %llu (%s), at step %llu (was %llu)",
		 v->policy->name, (unsigned long long)access, page, (unsigned long long)v->step,
		 (unsigned long long)was);
	return true;
}

void app_set_policy(struct app *a, enum policy_pick pick, const struct reclaim_policy *p)
{
	struct view *v = &a->views[0];
	uint64_t step = v->step, access = step_index_access_at(&v->idx, step), offset;
	char err[200] = "";

	if (pick == PICK_SECOND && !a->cmp.on) { /* c: the second policy of compare mode */
		if (compare_start(a, p, err, sizeof err) < 0)
			snprintf(a->ui.msg, sizeof a->ui.msg, "%.150s", err);
		return;
	}
	if (a->cmp.on && (pick == PICK_LEFT || pick == PICK_RIGHT)) { /* p in compare mode: a side */
		compare_set_policy(a, pick == PICK_RIGHT, p);
		return;
	}
	/* the same point in the workload: the access, and as far into the
	 * reclaim after it as before */
	offset = access ? step - step_index_access_step(&v->idx, access) : 0;
	if (app_switch_policy(a, p) == 0)
		job_start(
			a,
			&(struct job){ .kind = JOB_ACCESS, .target = access, .offset = offset, .from = step },
			"the same access");
}

int app_switch_policy(struct app *a, const struct reclaim_policy *p)
{
	char err[200] = "";

	int rc = view_rebuild(&a->views[0], p, err, sizeof err);

	if (rc == -2) { /* no run at all: nothing left to show (tui.c says why) */
		snprintf(a->ui.msg, sizeof a->ui.msg, "policy %s: %.100s", p->name, err);
		a->ui.fatal = a->ui.quit = true;
		return -1;
	}
	if (rc < 0) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "policy %s: %.100s", p->name, err);
		return -1;
	}
	quiz_withdraw(a);
	inspector_update(a);
	return 0;
}

void app_free(struct app *a)
{
	inspector_close(a);
	dialog_free(&a->dlg);
	compare_stop(a);
	for (int i = 0; i < a->nr_views; i++)
		view_free(&a->views[i]);
	if (a->sc)
		scenario_free(a->sc);
	free(a->sc);
	a->sc = NULL;
}

/* One step back (h): the step is shown as it is, even a decision. */
static void go(struct app *a, uint64_t step)
{
	quiz_withdraw(a);
	view_goto(&a->views[0], step);
	inspector_update(a);
}

void app_goto(struct app *a, uint64_t step)
{
	struct view *v = &a->views[0];

	go(a, step);
	/* a jump onto a decision in quiz mode stops before it, and asks */
	if (a->quiz.on && step > 0 && (step_index_mark(&v->idx, step) & MARK_DECISION)) {
		go(a, step - 1);
		quiz_before_step(a);
	}
}

/* One step, unless the quiz wants an answer first.  False when stopped. */
static bool step_once(struct app *a)
{
	struct view *v = &a->views[0];

	if (view_at_end(v) || quiz_before_step(a))
		return false;
	view_forward(v);
	return true;
}

enum redraw app_tick(struct app *a, int steps)
{
	struct view *v = &a->views[0];

	if (a->cmp.on)
		return compare_tick(a, steps);
	for (int i = 0; i < steps; i++) {
		if (view_at_end(v)) {
			a->ui.playing = false;
			break;
		}
		if (!step_once(a))
			break;
		if (v->rec.inputs & IN_PAUSE) {
			a->ui.playing = false;
			snprintf(a->ui.msg, sizeof a->ui.msg, "pause point: read the caption, space goes on");
			break;
		}
	}
	inspector_update(a);
	return REDRAW_ALL;
}

static enum redraw jump(struct app *a, int dir)
{
	char what[64];

	snprintf(what, sizeof what, "the %s %s step", dir > 0 ? "next" : "previous",
		 filter_name[a->ui.filter]);
	/* in quiz mode, from before a question: the question's step is not passed */
	job_start(a,
		  &(struct job){ .kind = JOB_FIND,
				 .from = a->views[0].step + (a->quiz.asking && dir > 0),
				 .dir = dir,
				 .filter = a->ui.filter },
		  what);
	return REDRAW_ALL;
}

/* Move the page cursor @delta pages, or to the next/previous list when
 * @by_list, in the order the lists panel draws. */
static enum redraw cursor_move(struct app *a, int delta, bool by_list)
{
	const struct engine *e = view_engine(&a->views[0]);
	const struct page *pg = engine_pages(e);
	uint32_t n = engine_nr_pages(e), *order = malloc((size_t)n * sizeof *order), cnt;
	long i = -1;

	if (!order)
		return REDRAW_NONE;
	cnt = lists_order(e, order, n);
	if (a->insp.cursor) {
		uint32_t pfn = engine_object_page(e, a->insp.object, a->insp.index);
		for (uint32_t k = 0; k < cnt && pfn != PFN_NONE; k++)
			if (order[k] == pfn)
				i = k;
	}
	if (cnt == 0) {
		free(order);
		return REDRAW_NONE;
	}
	if (i < 0) {
		i = 0;
	} else if (by_list) {
		uint8_t l = pg[order[i]].lru;
		if (delta > 0)
			while (i + 1 < (long)cnt && pg[order[i]].lru == l)
				i++;
		else {
			while (i > 0 && pg[order[i]].lru == l) /* last page of the list before */
				i--;
			l = pg[order[i]].lru;
			while (i > 0 && pg[order[i - 1]].lru == l)
				i--;
		}
	} else {
		i += delta;
		i = i < 0 ? 0 : i >= (long)cnt ? (long)cnt - 1 : i;
	}
	inspector_select(a, pg[order[i]].object, pg[order[i]].index);
	a->insp.pinned = true;
	free(order);
	return REDRAW_ALL;
}

static enum redraw panel_scroll(struct app *a, int delta, bool page)
{
	struct ui *u = &a->ui;

	switch (u->focus) {
	case PANEL_LISTS: return cursor_move(a, delta, page);
	case PANEL_LOG:
		u->log_sel += page ? delta * 10 : delta;
		if (u->log_sel >= (int)a->views[0].log_n)
			u->log_sel = (int)a->views[0].log_n - 1;
		if (u->log_sel < 0)
			u->log_sel = 0;
		break;
	case PANEL_COUNTERS:
		u->counters_top += page ? delta * 5 : delta;
		if (u->counters_top < 0)
			u->counters_top = 0;
		break;
	default: break;
	}
	return REDRAW_ALL;
}

static enum redraw inspect(struct app *a)
{
	const struct view *v = &a->views[0];
	const struct step_record *r;

	if (a->ui.focus == PANEL_LOG && (r = log_entry(v, a->ui.log_sel))) {
		app_goto(a, r->step);
		a->ui.log_sel = 0;
		return REDRAW_ALL;
	}
	if (a->insp.open) {
		inspector_close(a);
		return REDRAW_ALL;
	}
	a->insp.open = true;
	a->ui.focus = PANEL_LISTS;
	/* the page the cursor was moved to; else (after a find, a bookmark)
	 * the current step's */
	if (a->insp.cursor && a->insp.pinned) {
		inspector_select(a, a->insp.object, a->insp.index);
		a->insp.pinned = true;
	} else if (v->rec.kind != STEP_END && v->rec.object < a->sc->wl.nr_objects) {
		inspector_select(a, v->rec.object, v->rec.index);
	} else {
		cursor_move(a, 0, false);
	}
	return REDRAW_ALL;
}

/* Tab: the next panel the last frame showed (ui.shown, set by the draw). */
static enum redraw focus(struct app *a, int dir)
{
	for (int i = 0; i < NR_PANELS; i++) {
		a->ui.focus = (enum panel_id)((a->ui.focus + NR_PANELS + dir) % NR_PANELS);
		if (!a->ui.hidden[a->ui.focus])
			break;
	}
	return REDRAW_ALL;
}

static enum redraw toggle_quiz(struct app *a)
{
	char text[8192];

	a->quiz.on = !a->quiz.on;
	a->quiz.lent = false;
	quiz_withdraw(a);
	if (a->quiz.on) {
		snprintf(a->ui.msg, sizeof a->ui.msg,
			 "quiz on: step or play; you will be asked before each scan decision");
		return REDRAW_ALL;
	}
	if (!quiz_summary(a, text, sizeof text)) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "quiz off (no question answered)");
		return REDRAW_ALL;
	}
	dialog_message(a, "Quiz over", text);
	return REDRAW_ALL;
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

/* s: the scenario's description and the caption, whole, in a box. */
static enum redraw show_story(struct app *a)
{
	const struct scenario *sc = a->sc;
	const struct wl_op *op = a->views[0].step ? &sc->wl.ops[a->views[0].rec.op] : NULL;
	char text[4096];
	int n;

	n = snprintf(text, sizeof text, "%s", sc->description ? sc->description : "(no description)");
	for (const struct wl_op *o = op; o && o >= sc->wl.ops && n < (int)sizeof text; o--)
		if (o->caption < sc->wl.nr_captions) { /* the caption in force: its op or one before */
			snprintf(text + n, sizeof text - (size_t)n, "\n\nNow: %s",
				 sc->wl.captions[o->caption]);
			break;
		}
	if (bookmark_here(a) && n < (int)sizeof text)
		snprintf(text + strlen(text), sizeof text - strlen(text), "\n\nBookmark %s: %s",
			 bookmark_here(a)->name, bookmark_here(a)->text);
	dialog_message(a, sc->title ? sc->title : sc->path, text);
	return REDRAW_ALL;
}

void app_badge(const struct app *a, char *buf, size_t n)
{
	if (a->quiz.on)
		snprintf(buf, n, "QUIZ %u/%u", a->quiz.score, a->quiz.asked);
	else
		buf[0] = '\0';
}

/* The help screen scrolls by entry; any other key closes it. */
static enum redraw help_key(struct app *a, int key)
{
	int n = panel_help_entries(), page = a->ui.rows > 12 ? a->ui.rows / 3 : 4;

	switch (key) {
	case KEY_UP: a->ui.help_top--; break;
	case KEY_DOWN: a->ui.help_top++; break;
	case KEY_PPAGE: a->ui.help_top -= page; break;
	case KEY_NPAGE: a->ui.help_top += page; break;
	case KEY_HOME: a->ui.help_top = 0; break;
	case KEY_END: a->ui.help_top = n - 1; break;
	case KEY_RESIZE: break;
	default: a->ui.help = false; return REDRAW_ALL;
	}
	a->ui.help_top = a->ui.help_top < 0 ? 0 : a->ui.help_top >= n ? n - 1 : a->ui.help_top;
	return REDRAW_ALL;
}

/* c: compare the current policy with one chosen in the policy dialog
 * (2.6.33 offered first, or 2.6.34 from 2.6.33); c again leaves. */
static enum redraw toggle_compare(struct app *a)
{
	a->ui.playing = false;
	if (a->cmp.on) {
		compare_stop(a);
		return REDRAW_ALL;
	}
	return dialog_open_policy(a, PICK_SECOND);
}

enum redraw app_command(struct app *a, enum command cmd)
{
	struct view *v = &a->views[0];
	struct ui *u = &a->ui;

	enum redraw r;

	if (a->cmp.on && compare_command(a, cmd, &r))
		return r;
	switch (cmd) {
	case CMD_COMPARE: return toggle_compare(a);
	case CMD_PLAY:
		if (!u->playing && view_at_end(v))
			go(a, 0);
		u->playing = !u->playing;
		return REDRAW_ALL;
	case CMD_STEP:
		u->playing = false;
		step_once(a);
		inspector_update(a);
		return REDRAW_ALL;
	case CMD_BACK:
		u->playing = false;
		if (v->step > 0)
			go(a, v->step - 1);
		return REDRAW_ALL;
	case CMD_FASTER: u->speed += u->speed + 1 < nr_speeds; return REDRAW_ALL;
	case CMD_SLOWER: u->speed -= u->speed > 0; return REDRAW_ALL;
	case CMD_NEXT: return jump(a, 1);
	case CMD_PREV: return jump(a, -1);
	case CMD_FILTER: return dialog_open(a, DLG_FILTER);
	case CMD_GOTO: return dialog_open(a, DLG_GOTO);
	case CMD_FIRST: app_goto(a, 0); return REDRAW_ALL;
	case CMD_LAST: job_start(a, &(struct job){ .kind = JOB_LAST }, "the last step"); return REDRAW_ALL;
	case CMD_POLICY: u->playing = false; return dialog_open_policy(a, PICK_RUN);
	case CMD_OPEN: u->playing = false; return dialog_open(a, DLG_OPEN);
	case CMD_FOCUS: return focus(a, 1);
	case CMD_FOCUS_BACK: return focus(a, -1);
	case CMD_UP: return panel_scroll(a, -1, false);
	case CMD_DOWN: return panel_scroll(a, 1, false);
	case CMD_PAGE_UP: return panel_scroll(a, -1, true);
	case CMD_PAGE_DOWN: return panel_scroll(a, 1, true);
	case CMD_INSPECT: return inspect(a);
	case CMD_FIND: return dialog_open(a, DLG_FIND);
	case CMD_MARK_NEXT: return bookmark_step(a, 1);
	case CMD_MARK_PREV: return bookmark_step(a, -1);
	case CMD_MARKS: return dialog_open(a, DLG_BOOKMARKS);
	case CMD_QUIZ: return toggle_quiz(a);
	case CMD_BIG: return toggle_big(a);
	case CMD_STORY: return show_story(a);
	case CMD_ESCAPE:
		if (a->insp.open)
			inspector_close(a);
		return REDRAW_ALL;
	case CMD_REDRAW: return REDRAW_CLEAR;
	case CMD_HELP:
		u->help = true;
		u->help_top = 0;
		return REDRAW_ALL;
	case CMD_QUIT: u->quit = true; return REDRAW_NONE;
	case CMD_NONE:
	case NR_COMMANDS: break;
	}
	return REDRAW_NONE;
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
