/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/bookmark.c - a lesson's places, one key away
 *
 * A scenario's bookmarks (scenario/bookmarks.c) are gone to in the order
 * the file lists them, the order of the lesson: ] the next after the
 * view's place in the lesson (reached() below), [ the previous, ' a list
 * to pick from.  Going to one switches to its policy
 * when it names one (the run is redone), then goes to its step or access
 * like g does (a job: the run may have to be indexed that far first); on
 * arrival it opens its page in the inspector, asks its question (quiz
 * mode turns on), and shows its line of text.
 */
#include <stdio.h>

#include "../policy/registry.h"
#include "../replay/names.h"
#include "bookmark.h"
#include "dialog.h"
#include "history.h"
#include "job.h"
#include "question.h"
#include "run.h"

/* The job reached the bookmark: its page, its question, its text. */
static void arrive(struct app *a, const struct job *j)
{
	int i = j->bookmark - 1;
	const struct bookmark *b = &a->sc->bookmarks[i];
	const struct view *v = &a->views[0];
	bool asked = a->quiz.asking;

	a->ui.bookmark_step = v->step;
	/* its page in the inspector, unless the inspector would hide the
	 * decision (short screens): the step's sentence is the lesson, and i
	 * opens the page's history */
	if (b->inspect && !a->ui.insp_covers) {
		a->insp.open = true;
		a->ui.focus = PANEL_LISTS;
		history_select(a, b->object, b->index);
	} else if (b->inspect) {
		history_select(a, b->object, b->index);
	}
	if (!b->access && b->step > v->total)
		snprintf(a->ui.msg, sizeof a->ui.msg,
			 "bookmark %u/%u %s: step %llu is past the end of the run under %s (%llu steps)",
			 (unsigned)i + 1, a->sc->nr_bookmarks, b->name, (unsigned long long)b->step,
			 v->policy->name, (unsigned long long)v->total);
	else if (b->quiz && !asked)
		snprintf(a->ui.msg, sizeof a->ui.msg,
			 "bookmark %u/%u %s: step %llu is not a scan decision, no question", (unsigned)i + 1,
			 a->sc->nr_bookmarks, b->name, (unsigned long long)v->step);
	else if (b->inspect && !a->insp.open)
		snprintf(a->ui.msg, sizeof a->ui.msg, "bookmark %u/%u %s; i: %s[%u]'s history",
			 (unsigned)i + 1, a->sc->nr_bookmarks, b->name, object_name(&a->sc->wl, b->object),
			 b->index);
	else
		snprintf(a->ui.msg, sizeof a->ui.msg, "bookmark %u/%u %s%s", (unsigned)i + 1,
			 a->sc->nr_bookmarks, b->name, asked ? ": a question" : "");
}

static enum redraw bookmark_go(struct app *a, int i)
{
	const struct scenario *sc = a->sc;
	const struct bookmark *b;
	const struct reclaim_policy *p;
	struct policy_ref here, want;
	char what[64];

	if (a->cmp.on) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "in compare mode: c leaves it first");
		return REDRAW_ALL;
	}
	if (i < 0 || (uint32_t)i >= sc->nr_bookmarks)
		return REDRAW_NONE;
	b = &sc->bookmarks[i];
	a->ui.playing = false;
	a->ui.bookmark = i + 1;
	p = b->policy ? policy_find(b->policy) : a->views[0].policy;
	here = run_ref(a, &a->views[0]);
	want = (struct policy_ref){ p, false };
	if (p && !policy_ref_eq(&want, &here) && run_switch_policy(a, &want) < 0)
		return REDRAW_ALL;
	/* a bookmark's question turns quiz mode on for itself: its answer
	 * (quiz.c) or the next bookmark without one turns it off again (not
	 * if Q turned it on) */
	quiz_withdraw(a);
	if (b->quiz && !a->quiz.on)
		a->quiz.on = a->quiz.lent = true;
	else if (!b->quiz && a->quiz.lent)
		a->quiz.on = a->quiz.lent = false;
	if (!b->inspect)
		history_close(a);
	snprintf(what, sizeof what, "bookmark %.40s", b->name);
	if (b->access)
		job_start(a,
			  &(struct job){ .kind = JOB_ACCESS,
					 .reach = run_reach_access,
					 .done = arrive,
					 .target = b->access,
					 .bookmark = i + 1 },
			  what);
	else
		job_start(a,
			  &(struct job){ .kind = JOB_GOTO,
					 .reach = run_reach_step,
					 .done = arrive,
					 .target = b->step,
					 .bookmark = i + 1 },
			  what);
	return REDRAW_ALL;
}

/* Where bookmark @b is in the run shown, as a step; false while its
 * access is not indexed yet. */
static bool place_of(const struct app *a, const struct bookmark *b, uint64_t *step)
{
	const struct step_index *ix = &a->views[0].idx;

	if (!b->access) {
		*step = b->step;
		return true;
	}
	if (b->access >= ix->nr_acc)
		return false;
	*step = step_index_access_step(ix, b->access);
	return true;
}

/*
 * The last bookmark of the lesson the view has reached, -1 if none: ]
 * goes to the one after it, so after Home the lesson starts again.  The
 * lesson's order (the file's) is not each run's: 2.6.34's first-look
 * (step 421) comes after used-once (437) in the torrent's lesson.  So
 * from the bookmark gone to last, while the view is still on its run at
 * or after it, the later bookmarks of the lesson it has passed count
 * (those between it and the view, in this run); otherwise (Home, another
 * policy, a run played without bookmarks) the last of this run's
 * bookmarks at or before the view.
 */
static int reached(const struct app *a)
{
	const struct scenario *sc = a->sc;
	uint64_t now = a->views[0].step, from = 0, at;
	int last = a->ui.bookmark - 1, found = -1;

	if (last >= 0 && run_bookmark(a))
		return last;
	if (last >= 0 && run_owns_bookmark(a, &sc->bookmarks[last]) && now >= a->ui.bookmark_step) {
		found = last;
		from = a->ui.bookmark_step;
	} else {
		last = 0;
	}
	for (int i = last; i < (int)sc->nr_bookmarks; i++) {
		const struct bookmark *b = &sc->bookmarks[i];
		if (run_owns_bookmark(a, b) && place_of(a, b, &at) && at <= now && at >= from)
			found = i;
	}
	return found;
}

enum redraw bookmark_step(struct app *a, int dir)
{
	uint32_t n = a->sc->nr_bookmarks;
	int at, i;

	if (!n) {
		snprintf(a->ui.msg, sizeof a->ui.msg,
			 "this scenario has no bookmarks (data/README.md says how to add them)");
		return REDRAW_ALL;
	}
	at = reached(a);
	/* [ from past a bookmark goes back to it; from on it, to the one before */
	i = dir > 0 ? at + 1 : at >= 0 && at == a->ui.bookmark - 1 && run_bookmark(a) ? at - 1 : at;
	if (i < 0 || (uint32_t)i >= n) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "no bookmark %s this one; ' lists them all",
			 dir > 0 ? "after" : "before");
		return REDRAW_ALL;
	}
	return bookmark_go(a, i);
}

static enum redraw chosen(struct app *a, const struct dialog_choice *c)
{
	return bookmark_go(a, c->sel);
}

enum redraw bookmark_list(struct app *a)
{
	if (a->cmp.on || !a->sc->nr_bookmarks)
		return bookmark_step(a, 1); /* says why there is no list */
	dialog_open(a, DLG_BOOKMARKS, "Bookmarks of this lesson", chosen, 0);
	for (uint32_t i = 0; i < a->sc->nr_bookmarks; i++) {
		const struct bookmark *b = &a->sc->bookmarks[i];
		char line[512], where[48];
		/* where it goes, a question mark for a question */
		snprintf(where, sizeof where, "%s %s %llu%s", b->policy ? b->policy : "(this policy)",
			 b->access ? "access" : "step", (unsigned long long)(b->access ? b->access : b->step),
			 b->quiz ? " ?" : "");
		snprintf(line, sizeof line, "%u %-18s %s\n%s", (unsigned)i + 1, b->name, where, b->text);
		dialog_add(&a->dlg, line, NULL);
	}
	a->dlg.sel = a->ui.bookmark ? a->ui.bookmark - 1 : 0;
	return REDRAW_ALL;
}
