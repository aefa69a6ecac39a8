/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/run.c - the run shown: load it, adopt it, redo it under a policy, move it
 *
 * Moving in time is always view_goto()/view_forward(), i.e. the
 * timeline; choosing a policy or a scenario redoes the run in a new view
 * and swaps it in only when it built, so a failure leaves the screen as
 * it was.  A command that needs more of the run than is indexed now
 * waits for it in a job (job.c) whose reach is one of run_reach_*() here.
 * Nothing here looks at a page to decide its fate, and nothing here
 * calls a mode: the modes call this.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli/real.h"
#include "../policy/registry.h"
#include "../replay/names.h"
#include "history.h"
#include "question.h"
#include "run.h"

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

int run_load(struct app *a, const char *path, const struct policy_ref *policy, char *err, size_t n)
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
	return run_adopt(a, s, policy, err, n);
}

void run_real_results(struct app *a)
{
	for (unsigned i = 0; i < NR_RECLAIM_POLICIES; i++) {
		a->real[i][0] = '\0';
		if (a->real_wanted && a->sc && strcmp(a->sc->path, "<default>") != 0)
			real_summary_read(a->sc->path, reclaim_policies[i]->name, a->real[i],
					  sizeof a->real[i]);
	}
}

int run_adopt(struct app *a, struct scenario *s, const struct policy_ref *policy, char *err, size_t n)
{
	struct workload *global = malloc(sizeof *global);
	struct policy_ref r = { 0 };
	struct view nv;

	if (policy)
		r = *policy;
	else if (policy_ref_parse(s->policy ? s->policy : "2.6.34", &r) < 0)
		snprintf(err, n, "unknown policy '%s'", s->policy);
	if (!global)
		snprintf(err, n, "out of memory");
	else /* kept for "P/global" runs (p, --compare): the same operations, no cgroups */
		policy_ref_workload(&(struct policy_ref){ .global = true }, &s->wl, global);
	if (global && r.policy && !engine_models(r.global ? global : &s->wl, r.policy)) {
		char why[160];
		snprintf(err, n, "%s: %s", s->path, policy_ref_refusal(&r, why, sizeof why));
	} else if (global && r.policy &&
		   view_build(&nv, r.global ? global : &s->wl, r.policy, &a->tun, err, n) == 0) {
		/* built: swap it in (the inspector's scratch engine reads the old workload) */
		history_close(a);
		a->insp.cursor = false;
		for (int i = 0; i < a->nr_views; i++)
			view_free(&a->views[i]);
		if (a->sc)
			scenario_free(a->sc);
		free(a->sc);
		free(a->global);
		a->sc = s;
		a->global = global;
		a->views[0] = nv;
		a->nr_views = 1;
		a->job.kind = JOB_NONE;
		a->ui.bookmark = 0;
		a->ui.filter_of = 0; /* the old scenario's objects are gone */
		quiz_withdraw(a);
		a->ui.playing = false;
		a->ui.log_sel = 0;
		run_real_results(a);
		return 0;
	}
	free(global);
	scenario_free(s);
	free(s);
	return -1;
}

const struct workload *run_workload(const struct app *a, const struct policy_ref *r)
{
	return r->global ? a->global : &a->sc->wl;
}

struct policy_ref run_ref(const struct app *a, const struct view *v)
{
	return (struct policy_ref){ v->policy, engine_workload(view_engine(v)) == a->global };
}

const char *run_name(const struct app *a, const struct view *v, char *buf, size_t n)
{
	struct policy_ref r = run_ref(a, v);

	return policy_ref_name(&r, buf, n);
}

bool run_models(const struct app *a, const struct policy_ref *r, char *msg, size_t n)
{
	if (engine_models(run_workload(a, r), r->policy))
		return true;
	policy_ref_refusal(r, msg, n);
	return false;
}

/* The step of access @access, @offset steps into the reclaim it caused
 * (no further than that reclaim goes in this run), once the run is
 * indexed that far; false until then.  @was: the step it was under the
 * policy before, for the message. */
static bool keep_access(struct app *a, uint64_t access, uint64_t offset, uint64_t was)
{
	struct view *v = &a->views[0];
	const struct step_index *ix = &v->idx;
	uint64_t at, end;
	char page[96];

	if (access == 0) {
		run_goto(a, 0);
		return true;
	}
	if (ix->nr_acc <= access && !v->complete)
		return false;	   /* the reclaim after it is not indexed yet */
	if (access > ix->nr_acc) { /* past a run cut short */
		run_goto(a, v->total);
		snprintf(a->ui.msg, sizeof a->ui.msg,
			 "policy %s: run redone, but access %llu is past what is indexed: at step %llu",
			 v->policy->name, (unsigned long long)access, (unsigned long long)v->total);
		return true;
	}
	at = step_index_access_step(ix, access);
	end = access < ix->nr_acc ? step_index_access_step(ix, access + 1) - 1 : v->total;
	view_goto(v, at); /* the access's own record names its page */
	page_name(&a->sc->wl, v->rec.object, v->rec.index, page, sizeof page);
	run_goto(a, at + offset < end ? at + offset : end);
	snprintf(a->ui.msg, sizeof a->ui.msg, "%s: same access %llu (%s), at step %llu (was %llu)",
		 v->policy->name, (unsigned long long)access, page, (unsigned long long)v->step,
		 (unsigned long long)was);
	return true;
}

bool run_reach_access(struct app *a, struct job *j)
{
	return keep_access(a, j->target, j->offset, j->from);
}

int run_switch_policy(struct app *a, const struct policy_ref *r)
{
	char err[200] = "", name[40];
	int rc;

	policy_ref_name(r, name, sizeof name);
	if (!run_models(a, r, a->ui.msg, sizeof a->ui.msg))
		return -1;
	rc = view_rebuild_on(&a->views[0], run_workload(a, r), r->policy, err, sizeof err);
	if (rc == -2) { /* no run at all: nothing left to show (tui.c says why) */
		snprintf(a->ui.msg, sizeof a->ui.msg, "policy %s: %.100s", name, err);
		a->ui.fatal = a->ui.quit = true;
		return -1;
	}
	if (rc < 0) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "policy %s: %.100s", name, err);
		return -1;
	}
	quiz_withdraw(a);
	history_update(a);
	return 0;
}

void run_free(struct app *a)
{
	for (int i = 0; i < a->nr_views; i++)
		view_free(&a->views[i]);
	a->nr_views = 0;
	if (a->sc)
		scenario_free(a->sc);
	free(a->sc);
	free(a->global);
	a->sc = NULL;
	a->global = NULL;
}

void run_go(struct app *a, uint64_t step)
{
	quiz_withdraw(a);
	view_goto(&a->views[0], step);
	history_update(a);
}

void run_goto(struct app *a, uint64_t step)
{
	struct view *v = &a->views[0];

	run_go(a, step);
	/* a jump onto a decision in quiz mode stops before it, and asks */
	if (a->quiz.on && step > 0 && (step_index_mark(&v->idx, step) & MARK_DECISION)) {
		run_go(a, step - 1);
		quiz_before_step(a);
	}
}

bool run_step(struct app *a)
{
	struct view *v = &a->views[0];

	if (view_at_end(v) || quiz_before_step(a))
		return false;
	view_forward(v);
	return true;
}

void run_settle(struct app *a)
{
	for (int i = 0; i < a->nr_views; i++)
		view_settle(&a->views[i]);
}

/* The step a go-to lands on, and what to say when it is not @want. */
static void land(struct app *a, uint64_t want)
{
	struct view *v = &a->views[0];

	if (want <= v->total) {
		run_goto(a, want);
		return;
	}
	run_goto(a, v->total);
	if (v->truncated)
		snprintf(a->ui.msg, sizeof a->ui.msg,
			 "step %llu is past what the visualizer indexes: at step %llu, the last indexed",
			 (unsigned long long)want, (unsigned long long)v->total);
	else
		snprintf(a->ui.msg, sizeof a->ui.msg, "step %llu is past the end: the run has %llu steps",
			 (unsigned long long)want, (unsigned long long)v->total);
}

bool run_reach_step(struct app *a, struct job *j)
{
	const struct view *v = &a->views[0];

	if (j->target > v->total && !v->complete)
		return false;
	land(a, j->target);
	return true;
}

bool run_reach_last(struct app *a, struct job *j)
{
	const struct view *v = &a->views[0];

	(void)j;
	if (!v->complete)
		return false;
	run_goto(a, v->total);
	if (v->truncated)
		snprintf(a->ui.msg, sizeof a->ui.msg,
			 "the run is longer than the visualizer indexes: this is step %llu, the last indexed",
			 (unsigned long long)v->total);
	return true;
}

bool run_reach_find(struct app *a, struct job *j)
{
	const struct view *v = &a->views[0];
	uint64_t s = step_index_find_of(&v->idx, j->from, j->filter, j->dir, j->object);

	if (!s && j->dir > 0 && !v->complete)
		return false;
	if (s)
		run_goto(a, s);
	else
		snprintf(a->ui.msg, sizeof a->ui.msg, "no %s step%s%.40s %s%s", filter_name[j->filter],
			 j->object != STEP_ANY_OBJECT ? " of " : "",
			 j->object != STEP_ANY_OBJECT ? a->sc->wl.objects[j->object].name : "",
			 j->dir > 0 ? "after this one" : "before this one",
			 j->dir > 0 && v->truncated ? " in the part indexed" : "");
	return true;
}

/* Does bookmark @b belong to the run shown (its policy, or none named)? */
bool run_owns_bookmark(const struct app *a, const struct bookmark *b)
{
	return !b->policy || policy_find(b->policy) == a->views[0].policy;
}

/* The caption row says the bookmark's line while the view is where the
 * bookmark put it (or one step on: the answer to its question). */
const struct bookmark *run_bookmark(const struct app *a)
{
	uint64_t step = a->views[0].step;

	if (!a->ui.bookmark || a->cmp.on || step < a->ui.bookmark_step || step > a->ui.bookmark_step + 1 ||
	    !run_owns_bookmark(a, &a->sc->bookmarks[a->ui.bookmark - 1]))
		return NULL;
	return &a->sc->bookmarks[a->ui.bookmark - 1];
}
