/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/question.h - the quiz's open question (app.quiz), and the score shown
 */
#ifndef VMSCAN_TUI_QUESTION_H
#define VMSCAN_TUI_QUESTION_H

#include "state.h"

/* In quiz mode, before a decision: the question is posed, play stops (1);
 * else 0. */
int quiz_before_step(struct app *a);
/* The question, or the answer shown, is withdrawn (a move, a policy, a
 * scenario); the score shown becomes the current policy's. */
void quiz_withdraw(struct app *a);
/* The score kept for @p, made on first use; NULL past QUIZ_POLICIES. */
struct quiz_score *quiz_score_of(struct quiz *q, const struct reclaim_policy *p);
/* The header's QUIZ n/m: the score under the policy shown. */
void quiz_show_score(struct app *a);

#endif
