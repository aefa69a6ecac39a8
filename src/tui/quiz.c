/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/quiz.c - predict the kernel's decision before it is shown
 *
 * In quiz mode, stepping or playing stops before every scan step
 * (shrink_page_list or shrink_active_list).  The screen still shows the
 * state before that step; the decision panel shows the page, the inputs
 * the kernel is about to read and the policy's tests without saying which
 * one holds.  The student answers with one key; then the step is taken
 * and the usual decision panel shows the kernel's answer, the student's,
 * and the running score.  The answer is the engine's record, read ahead
 * with view_peek(); the quiz never works it out itself.
 */
#include <stdio.h>

#include "panel.h"

static const struct {
	int key;
	int outcome;
	const char *label;
} answers[] = {
	{ 'a', OUT_ACTIVATE, "activate" },     { 'k', OUT_KEEP, "keep" },
	{ 'r', OUT_RECLAIM, "reclaim" },       { 'c', OUT_RECLAIM_CLEAN, "reclaim if clean" },
	{ 'd', OUT_DEACTIVATE, "deactivate" }, { 'o', OUT_ROTATE, "rotate (stay active)" },
};

bool quiz_is_question(const struct step_record *r)
{
	return r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE;
}

int quiz_before_step(struct app *a)
{
	struct view *v = &a->views[0];

	if (!a->quiz.on || a->quiz.asking || view_at_end(v))
		return 0;
	if (!(v->hist.marks[v->step] & MARK_DECISION))
		return 0;
	a->quiz.q = view_peek(v);
	a->quiz.asking = true;
	a->ui.playing = false;
	return 1;
}

static void reveal(struct app *a)
{
	a->quiz.asking = false;
	view_forward(&a->views[0]);
	inspector_update(a);
}

int quiz_key(struct app *a, int key)
{
	struct quiz *q = &a->quiz;

	if (!q->asking)
		return -1;
	if (key == 27) { /* Esc: show the answer, unscored */
		reveal(a);
		q->verdict_step = 0;
		return REDRAW_ALL;
	}
	for (size_t i = 0; i < sizeof answers / sizeof answers[0]; i++) {
		if (answers[i].key != key)
			continue;
		q->guess = answers[i].outcome;
		q->right = q->guess == q->q.outcome;
		q->score += q->right;
		q->asked++;
		reveal(a);
		q->verdict_step = a->views[0].step;
		return REDRAW_ALL;
	}
	return -1;
}

void quiz_draw(const struct rect *r, const struct frame *f)
{
	const struct step_record *q = &f->app->quiz.q;
	const struct reclaim_policy *p = f->view->policy;
	bool active = q->kind == STEP_SCAN_ACTIVE;
	char name[96], in[256];
	int y = r->y + 1, x;

	draw_title(r,
		   active ? "Quiz: what will shrink_active_list() do with this page?"
			  : "Quiz: what will page_check_references() answer for this page?",
		   true);
	page_name(f->app, q->object, q->index, name, sizeof name);
	draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_LABEL),
		 "page %s  pfn %u, taken from the tail of %s by %s", name, q->pfn,
		 q->from < NR_LISTS ? lru_name[q->from] : "-",
		 q->reclaimer == RECLAIMER_DIRECT ? "direct reclaim" : "kswapd");
	decision_inputs(q, in, sizeof in);
	draw_str(y, r->x + 1, 8, theme_attr(T_LABEL), "inputs");
	y += draw_wrap(y, r->x + 9, r->w - 10, 2, theme_attr(T_NORMAL), in);
	draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_DIM), "the tests of %s, in order:", p->name);
	y += decision_checks(y, r, (active ? p->active_checks : p->checks)->row,
			     (int)(active ? p->active_checks : p->checks)->nr, q, true, r->y + r->h - y - 2);
	x = r->x + 1;
	x += draw_str(y, x, r->w - 2, theme_attr(T_WARN), "your answer: ");
	for (size_t i = 0; i < sizeof answers / sizeof answers[0] && x < r->x + r->w - 2; i++) {
		if (active != (answers[i].outcome == OUT_DEACTIVATE || answers[i].outcome == OUT_ROTATE))
			continue;
		x += draw_fmt(y, x, r->x + r->w - 1 - x, theme_attr(T_TITLE), "%c ", answers[i].key);
		x += draw_fmt(y, x, r->x + r->w - 1 - x, theme_attr(T_NORMAL), "%s  ", answers[i].label);
	}
	draw_fmt(y + 1, r->x + 1, r->w - 2, theme_attr(T_DIM),
		 "Esc shows the answer without scoring.  score %u/%u", f->app->quiz.score,
		 f->app->quiz.asked);
}
