/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/compare.c - compare mode: one scenario, two policies, in lockstep
 *
 * The two runs are aligned by workload access (replay/diverge.h): position
 * k is the state after access k and all the reclaim that followed it, on
 * each side, found in each side's step index (step_index_access_step).
 * Stepping moves k; n/N jump to the next divergence of the kind f chose:
 * decisions that differ, or an access whose page is in memory on one side
 * only (either side, or the one side that loses it).  Landing on a
 * divergence puts each side at its moment: the divergent decision, or the
 * access that hit on one side and missed on the other, so each side's
 * lists, log and decision line show that same step.  l then goes on to
 * the end of the stretch, h back to the position before.
 *
 * The divergences are classified by a lockstep of two more engines, a
 * slice at a time between keys (compare_work), never further than both
 * runs are indexed; n/N past what is classified wait for it (a job whose
 * reach is here), and any key stops the wait.  Drawing is in
 * compare_draw.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../policy/registry.h"
#include "compare.h"
#include "dialog.h"
#include "job.h"
#include "question.h"
#include "run.h"

static const char *const side_name[2] = { "left", "right" };

static bool reach_position(struct app *a, struct job *j);
static bool reach_find(struct app *a, struct job *j);

/* Positions both runs have reached: k is one when each side's index
 * holds access k + 1, or holds its whole run. */
uint64_t compare_positions(const struct app *a)
{
	uint64_t n = UINT64_MAX;

	for (int s = 0; s < 2; s++) {
		const struct step_index *ix = &a->views[s].idx;
		uint64_t m = ix->state == INDEX_COMPLETE ? ix->nr_acc : ix->nr_acc ? ix->nr_acc - 1 : 0;
		n = m < n ? m : n;
	}
	return n;
}

/* Both runs indexed to their end: compare_positions() is the run's length. */
bool compare_complete(const struct app *a)
{
	return a->views[0].idx.state == INDEX_COMPLETE && a->views[1].idx.state == INDEX_COMPLETE;
}

uint64_t compare_at(const struct app *a, int s, uint64_t k)
{
	const struct step_index *ix = &a->views[s].idx;

	if (k < ix->nr_acc)
		return step_index_access_step(ix, k + 1) - 1;
	return ix->nr;
}

void compare_stop(struct app *a)
{
	struct compare *c = &a->cmp;

	if (!c->on)
		return;
	view_free(&a->views[1]);
	a->insp.cursor = false;
	lockstep_free(&c->ls);
	stretch_free(&c->rule);
	memset(c, 0, sizeof *c);
	a->nr_views = 1;
	timeline_set_budget(a->views[0].tl, view_budget(&a->views[0]));
}

/* What c offers first beside @first: 2.6.33 beside 2.6.34 (the lesson's
 * pair), 2.6.34 beside anything else. */
static struct policy_ref default_other(const struct policy_ref *first)
{
	return (struct policy_ref){ policy_find(strcmp(first->policy->name, "2.6.33") ? "2.6.33" : "2.6.34"),
				    false };
}

/* Two runs share the snapshot memory one run has on its own. */
static void share_budget(struct app *a)
{
	for (int i = 0; i < 2; i++)
		timeline_set_budget(a->views[i].tl, view_budget(&a->views[i]) / 2);
}

/* The lockstep over the two runs' current policies, from the start. */
static int restart_lockstep(struct app *a, char *err, size_t n)
{
	const struct reclaim_policy *p[2] = { a->views[0].policy, a->views[1].policy };
	const struct workload *wl[2] = { engine_workload(view_engine(&a->views[0])),
					 engine_workload(view_engine(&a->views[1])) };
	struct engine_error ee = { { 0 } };

	lockstep_free(&a->cmp.ls);
	if (lockstep_start(&a->cmp.ls, wl, p, &ee) < 0) {
		snprintf(err, n, "compare: %s", ee.msg[0] ? ee.msg : "out of memory");
		return -1;
	}
	return 0;
}

/* Replays stretch @k on both sides through the rule: the page whose
 * decisions differ, and each side's. */
static const struct stretch_result *replay_stretch(struct app *a, uint64_t k)
{
	struct stretch_rule *sr = &a->cmp.rule;

	stretch_begin(sr);
	for (int s = 0; s < 2; s++) {
		struct timeline *tl = a->views[s].tl;
		uint64_t to = compare_at(a, s, k);
		timeline_seek(tl, compare_at(a, s, k - 1));
		for (uint64_t st = compare_at(a, s, k - 1); st < to; st++)
			stretch_feed(sr, s, timeline_forward(tl));
	}
	return stretch_end(sr);
}

/* What the divergence of the chosen kind at position @k is, if k is one:
 * its page, and each side's record at its moment; of a stretch's
 * divergent decisions, the @sub-th (UINT32_MAX: the last). */
static bool describe_sub(struct app *a, uint64_t k, uint32_t sub)
{
	struct compare *c = &a->cmp;

	memset(&c->div, 0, sizeof c->div);
	if (!lockstep_is(&c->ls, c->kind, k))
		return false;
	c->div.kind = c->kind;
	c->div.k = k;
	c->div.rank = lockstep_rank(&c->ls, c->kind, k);
	if (c->kind == DIV_DECISION || c->kind == DIV_WORDING) {
		const struct stretch_result *res;
		const struct div_pair *p;
		c->rule.wording = c->kind == DIV_WORDING;
		res = replay_stretch(a, k);
		if (!res->decision || !c->rule.nr_pairs)
			return false;
		c->div.nsub = c->rule.nr_pairs;
		c->div.sub = sub < c->div.nsub ? sub : c->div.nsub - 1;
		p = &c->rule.pairs[c->div.sub];
		/* its rank: the decisions before this access, then its place
		 * here (DIV_WORDING counts an access once) */
		if (c->kind == DIV_DECISION)
			c->div.rank = lockstep_rank(&c->ls, c->kind, k - 1) + c->div.sub + 1;
		c->div.object = p->rec[0].object;
		c->div.index = p->rec[0].index;
		c->div.rec[0] = p->rec[0];
		c->div.rec[1] = p->rec[1];
	} else { /* the access itself: a hit on one side, a miss on the other */
		for (int s = 0; s < 2; s++) {
			struct timeline *tl = a->views[s].tl;
			c->div.rec[s] = *timeline_seek(tl, compare_at(a, s, k - 1) + 1);
		}
		c->div.object = c->div.rec[0].object;
		c->div.index = c->div.rec[0].index;
	}
	c->div.found = true;
	return true;
}

static bool describe(struct app *a, uint64_t k)
{
	return describe_sub(a, k, 0);
}

/* The divergent page gets the cursor's mark in both sides' lists. */
static void mark_page(struct app *a)
{
	a->insp.cursor = a->cmp.div.found;
	a->insp.object = a->cmp.div.object;
	a->insp.index = a->cmp.div.index;
}

static void go(struct app *a, uint64_t k)
{
	struct compare *c = &a->cmp;
	uint64_t nr = compare_positions(a);

	c->k = k > nr ? nr : k;
	c->moment = false;
	describe(a, c->k);
	mark_page(a);
	for (int s = 0; s < 2; s++)
		view_goto(&a->views[s], compare_at(a, s, c->k));
}

/* Each side at its moment of the @sub-th divergence at @k (else at position k). */
static void moment_sub(struct app *a, uint64_t k, uint32_t sub)
{
	struct compare *c = &a->cmp;

	if (k > compare_positions(a) || !describe_sub(a, k, sub)) {
		go(a, k);
		return;
	}
	c->k = k;
	c->moment = true;
	mark_page(a);
	for (int s = 0; s < 2; s++)
		view_goto(&a->views[s], c->div.rec[s].step);
}

static void moment(struct app *a, uint64_t k)
{
	moment_sub(a, k, 0);
}

int compare_start(struct app *a, const struct policy_ref *second, char *err, size_t n)
{
	struct compare *c = &a->cmp;
	uint64_t k;

	compare_stop(a);
	err[0] = '\0';
	if (!run_models(a, second, err, n) ||
	    view_build(&a->views[1], run_workload(a, second), second->policy, &a->tun, err, n) < 0)
		return -1;
	a->nr_views = 2;
	c->on = true;
	c->kind = DIV_DECISION;
	if (restart_lockstep(a, err, n) < 0) {
		compare_stop(a);
		return -1;
	}
	share_budget(a);
	k = step_index_access_at(&a->views[0].idx, a->views[0].step);
	a->insp.open = false;
	quiz_withdraw(a);
	a->quiz.on = false;
	go(a, k);
	return 0;
}

static void set_policy(struct app *a, int side, const struct policy_ref *r)
{
	char err[200] = "", name[40];
	uint64_t k = a->cmp.k;
	int rc;

	policy_ref_name(r, name, sizeof name);
	if (!run_models(a, r, a->ui.msg, sizeof a->ui.msg))
		return;
	/* in one run's memory: a large run's old state goes first, and is
	 * rebuilt if the new one cannot be made (rc -1) */
	rc = view_rebuild_on(&a->views[side], run_workload(a, r), r->policy, err, sizeof err);
	if (rc == -2) { /* no run at all on that side: nothing left to show */
		snprintf(a->ui.msg, sizeof a->ui.msg, "policy %s: %.100s", name, err);
		a->ui.fatal = a->ui.quit = true;
		return;
	}
	share_budget(a);
	if (restart_lockstep(a, err, sizeof err) < 0) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "%.150s", err);
		compare_stop(a);
		return;
	}
	go(a, k);
	if (a->cmp.k < k) /* the new run is not indexed that far yet */
		job_start(a, &(struct job){ .kind = JOB_CMP_GOTO, .reach = reach_position, .target = k },
			  "the same access");
	if (rc < 0)
		snprintf(a->ui.msg, sizeof a->ui.msg, "policy %s: %.100s", name, err);
	else
		snprintf(a->ui.msg, sizeof a->ui.msg, "%s side: policy %s, run redone; at access %llu",
			 side_name[side], name, (unsigned long long)k);
}

/* n/N: the next divergence of the chosen kind, as far as classified; a
 * job goes on looking while the lockstep classifies more. */
static enum redraw next_divergence(struct app *a, int dir)
{
	struct compare *c = &a->cmp;

	a->ui.playing = false;
	/* another divergent decision of the same access first (the torrent's
	 * access 396: libc.so[0]'s, then big.iso[0]'s...) */
	if (c->moment && c->div.found && (c->div.kind == DIV_DECISION || c->div.kind == DIV_WORDING) &&
	    c->div.k == c->k && (dir > 0 ? c->div.sub + 1 < c->div.nsub : c->div.sub > 0)) {
		moment_sub(a, c->k, dir > 0 ? c->div.sub + 1 : c->div.sub - 1);
		return REDRAW_ALL;
	}
	job_start(a, &(struct job){ .kind = JOB_CMP_FIND, .reach = reach_find, .from = c->k, .dir = dir },
		  dir > 0 ? "the next divergence" : "the previous divergence");
	return REDRAW_ALL;
}

/* The search: done (true) when found, or when nothing more can be. */
static bool find(struct app *a, uint64_t from, int dir)
{
	struct compare *c = &a->cmp;
	uint64_t k = lockstep_find(&c->ls, c->kind, from, dir);

	if (k && (dir > 0 || c->ls.k >= from)) {
		moment_sub(a, k, dir > 0 ? 0 : UINT32_MAX);
		return true;
	}
	if (!compare_exhausted(a) && (dir > 0 || c->ls.k < from))
		return false;
	/* no decision differs in the whole run (2.6.34 vs refault: the same
	 * tests, the refaults differ): look for what does, and say so */
	if (c->kind == DIV_DECISION && !c->ls.count[DIV_DECISION] && c->ls.count[DIV_FATE]) {
		c->kind = DIV_FATE;
		if (find(a, from, dir) && !a->ui.msg[0])
			snprintf(a->ui.msg, sizeof a->ui.msg,
				 "no decision differs in the run: n/N now look for: %s (f chooses)",
				 div_kind_name[c->kind]);
		return true;
	}
	snprintf(a->ui.msg, sizeof a->ui.msg, "no divergence (%s) %s access %llu", div_kind_name[c->kind],
		 dir > 0 ? "after" : "before", (unsigned long long)from);
	return true;
}

/* JOB_CMP_FIND's reach: the next divergence of cmp.kind. */
static bool reach_find(struct app *a, struct job *j)
{
	return find(a, j->from, j->dir);
}

/* JOB_CMP_GOTO's reach: position `target` once both runs reach it. */
static bool reach_position(struct app *a, struct job *j)
{
	if (j->target > compare_positions(a) && !compare_complete(a) &&
	    !(a->views[0].truncated || a->views[1].truncated))
		return false;
	go(a, j->target);
	if (j->target != UINT64_MAX && j->target > a->cmp.k)
		snprintf(a->ui.msg, sizeof a->ui.msg, "access %llu is past %s: at access %llu",
			 (unsigned long long)j->target,
			 compare_complete(a) ? "the end" : "what both runs indexed",
			 (unsigned long long)a->cmp.k);
	return true;
}

/* f in compare mode: the next kind of divergence for n/N. */
static enum redraw next_kind(struct app *a)
{
	struct compare *c = &a->cmp;

	c->kind = (enum div_kind)((c->kind + 1) % NR_DIV_KINDS);
	describe(a, c->k);
	snprintf(a->ui.msg, sizeof a->ui.msg, "n/N now look for: %s", div_kind_name[c->kind]);
	return REDRAW_ALL;
}

static enum redraw step(struct app *a, int dir)
{
	struct compare *c = &a->cmp;

	a->ui.playing = false;
	if (dir > 0) {
		/* a step on each side, inside the access's reclaim: a flood is
		 * stepped through, not jumped over; each side stops at the end
		 * of its stretch, and once both are there the access is done.
		 * An access without reclaim is one key; a divergence, its moment. */
		uint64_t k = c->moment ? c->k : c->k + 1, to[2];
		bool inside = false;
		if (k > compare_positions(a))
			return REDRAW_ALL;
		if (!c->moment && lockstep_is(&c->ls, c->kind, k)) {
			moment(a, k);
			return REDRAW_ALL;
		}
		for (int s = 0; s < 2; s++) {
			uint64_t first = compare_at(a, s, k - 1) + 1, end = compare_at(a, s, k),
				 at = a->views[s].step;
			to[s] = !c->moment ? first : at < end ? at + 1 : end;
			inside |= to[s] < end;
		}
		if (!inside) { /* both at the end of their reclaim: position k */
			go(a, k);
			return REDRAW_ALL;
		}
		if (!c->moment) {
			describe(a, k);
			mark_page(a);
		}
		c->k = k;
		c->moment = true;
		for (int s = 0; s < 2; s++)
			view_goto(&a->views[s], to[s]);
	} else if (c->moment || !lockstep_is(&c->ls, c->kind, c->k)) {
		go(a, c->k ? c->k - 1 : 0);
	} else {
		moment(a, c->k);
	}
	return REDRAW_ALL;
}

static enum redraw side_chosen(struct app *a, const struct dialog_choice *c)
{
	struct policy_ref r = dialog_policy_ref(a, c->sel);

	set_policy(a, c->arg, &r);
	return REDRAW_ALL;
}

/* p: the focused side's policy. */
static enum redraw open_side_policy(struct app *a)
{
	char title[64];
	int side = a->cmp.focus;
	struct policy_ref here = run_ref(a, &a->views[side]);

	snprintf(title, sizeof title, "Policy of the %s side (compare mode)", side_name[side]);
	dialog_open(a, DLG_POLICY, title, side_chosen, side);
	dialog_add_policies(a, &here);
	return REDRAW_ALL;
}

static enum redraw goto_chosen(struct app *a, const struct dialog_choice *c)
{
	uint64_t k;

	if (dialog_number(a, c->text, "access", &k))
		job_start(a, &(struct job){ .kind = JOB_CMP_GOTO, .reach = reach_position, .target = k },
			  "the access asked for");
	return REDRAW_ALL;
}

/* g: compare mode moves by access. */
static enum redraw open_goto(struct app *a)
{
	char title[64];

	snprintf(title, sizeof title, "Go to access (0-%llu%s)", (unsigned long long)compare_positions(a),
		 compare_complete(a) ? "" : "+");
	return dialog_open(a, DLG_GOTO, title, goto_chosen, 0);
}

static enum redraw second_chosen(struct app *a, const struct dialog_choice *c)
{
	char err[200] = "";
	struct policy_ref r = dialog_policy_ref(a, c->sel);

	if (compare_start(a, &r, err, sizeof err) < 0)
		snprintf(a->ui.msg, sizeof a->ui.msg, "%.150s", err);
	return REDRAW_ALL;
}

enum redraw compare_offer(struct app *a)
{
	char title[64];

	struct policy_ref here = run_ref(a, &a->views[0]), other = default_other(&here);
	char name[40];

	snprintf(title, sizeof title, "Compare %s with: it stays left, the choice goes right",
		 run_name(a, &a->views[0], name, sizeof name));
	dialog_open(a, DLG_POLICY, title, second_chosen, 0);
	dialog_add_policies(a, &other);
	return REDRAW_ALL;
}

bool compare_command(struct app *a, enum command cmd, enum redraw *r)
{
	struct compare *c = &a->cmp;

	*r = REDRAW_ALL;
	switch (cmd) {
	case CMD_STEP: *r = step(a, 1); return true;
	case CMD_BACK: *r = step(a, -1); return true;
	case CMD_FIRST: go(a, 0); return true;
	case CMD_LAST:
		a->ui.playing = false;
		job_start(
			a,
			&(struct job){ .kind = JOB_CMP_GOTO, .reach = reach_position, .target = UINT64_MAX },
			"the last access");
		return true;
	case CMD_NEXT: *r = next_divergence(a, 1); return true;
	case CMD_PREV: *r = next_divergence(a, -1); return true;
	case CMD_FILTER: *r = next_kind(a); return true;
	case CMD_FOCUS:
	case CMD_FOCUS_BACK: c->focus = !c->focus; return true;
	case CMD_POLICY:
		a->ui.playing = false;
		*r = open_side_policy(a);
		return true;
	case CMD_PLAY:
		if (!a->ui.playing && c->k >= compare_positions(a) && compare_complete(a))
			go(a, 0);
		a->ui.playing = !a->ui.playing;
		return true;
	case CMD_GOTO:
		a->ui.playing = false;
		*r = open_goto(a);
		return true;
	case CMD_OPEN:
	case CMD_INSPECT:
	case CMD_FIND:
	case CMD_QUIZ:
	case CMD_UP:
	case CMD_DOWN:
	case CMD_PAGE_UP:
	case CMD_PAGE_DOWN:
		snprintf(a->ui.msg, sizeof a->ui.msg, "in compare mode: c leaves it first");
		return true;
	default: return false;
	}
}

/* Play: one access per tick-step; stops at a divergence of the chosen
 * kind (at its moment), and at the end. */
enum redraw compare_tick(struct app *a, int steps)
{
	struct compare *c = &a->cmp;

	for (int i = 0; i < steps; i++) {
		if (c->k >= compare_positions(a)) {
			if (compare_complete(a))
				a->ui.playing = false;
			break;
		}
		if (lockstep_is(&c->ls, c->kind, c->k + 1)) {
			moment(a, c->k + 1);
			a->ui.playing = false;
			snprintf(a->ui.msg, sizeof a->ui.msg, "divergence (%s): space goes on",
				 div_kind_name[c->kind]);
			return REDRAW_ALL;
		}
		c->k++;
	}
	go(a, c->k);
	return REDRAW_ALL;
}

/* Has every divergence that can be found been found?  (The runs were
 * compared to their end, or to where the shorter index stops.) */
bool compare_exhausted(const struct app *a)
{
	const struct compare *c = &a->cmp;

	return c->ls.done ||
	       (c->ls.k >= compare_positions(a) && a->views[0].complete && a->views[1].complete);
}

/* Is there classification to do now (not waiting for the index)? */
bool compare_pending(const struct app *a)
{
	const struct compare *c = &a->cmp;

	return c->on && !c->ls.done && (c->ls.k < compare_positions(a) || compare_complete(a));
}

/* One slice of the classification, no further than both runs are indexed. */
bool compare_work(struct app *a, uint64_t steps)
{
	struct compare *c = &a->cmp;
	uint64_t limit = compare_positions(a);

	if (!compare_pending(a))
		return false;
	if (lockstep_run(&c->ls, steps, limit) < 0)
		snprintf(a->ui.msg, sizeof a->ui.msg,
			 "compare: out of memory; divergences found up to access %llu",
			 (unsigned long long)c->ls.k);
	return true;
}
