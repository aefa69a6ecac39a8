/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/question.c - the quiz's open question, and the score shown
 *
 * Below the modes, since every move touches it: a move, a policy or a
 * scenario withdraws the question (run.c), and stepping onto a scan
 * decision in quiz mode poses one instead (quiz_before_step).  The
 * question's answer is the engine's record, read ahead with view_peek();
 * the quiz (quiz.c) takes the answer keys and draws the question.
 */
#include "question.h"

/* The score kept for @p, made on first use; NULL past QUIZ_POLICIES. */
struct quiz_score *quiz_score_of(struct quiz *q, const struct reclaim_policy *p)
{
	for (int i = 0; i < QUIZ_POLICIES; i++) {
		if (q->per[i].policy == p)
			return &q->per[i];
		if (!q->per[i].policy) {
			q->per[i].policy = p;
			return &q->per[i];
		}
	}
	return NULL;
}

/* The header's QUIZ n/m: the score under the policy shown. */
void quiz_show_score(struct app *a)
{
	struct quiz_score *s = quiz_score_of(&a->quiz, a->views[0].policy);

	a->quiz.score = s ? s->right : 0;
	a->quiz.asked = s ? s->asked : 0;
}

void quiz_withdraw(struct app *a)
{
	if (a->quiz.asking && a->quiz.lent) /* a bookmark's question, left unanswered */
		a->quiz.on = a->quiz.lent = false;
	a->quiz.asking = false;
	a->quiz.verdict_step = 0;
	quiz_show_score(a);
}

int quiz_before_step(struct app *a)
{
	struct view *v = &a->views[0];

	if (!a->quiz.on || a->quiz.asking || view_at_end(v))
		return 0;
	if (!(step_index_mark(&v->idx, v->step + 1) & MARK_DECISION))
		return 0;
	a->quiz.q = view_peek(v);
	a->quiz.asking = true;
	a->quiz.verdict_step = 0;
	a->ui.playing = false;
	return 1;
}
