/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/quiz.h - the quiz's keys (Q, the answer keys); its question is
 * drawn by panel_quiz (quiz.c, declared in panel.h) in the decision
 * panel's place, and kept in question.c
 */
#ifndef VMSCAN_TUI_QUIZ_H
#define VMSCAN_TUI_QUIZ_H

#include "state.h"

/* Q: quiz mode on, or off with the scores and the questions missed. */
enum redraw quiz_toggle(struct app *a);
/* An answer key while a question is open: false if @key is not one. */
bool quiz_key(struct app *a, int key, enum redraw *r);
/* The open question's answers, "a activate, k keep, ...". */
void quiz_offered(const struct app *a, char *buf, size_t n);
/* Answer @o to question @q in words: "activate", under 6.1's sort
 * "protect it", "isolate it". */
const char *quiz_said(const struct step_record *q, int o);
/* What the kernel answered to question @q, as its record says: the
 * outcome, or for the aging walk where folio_update_gen() left the page
 * (OUT_ACTIVATE moved to max_seq, OUT_KEEP there already, OUT_REFERENCE
 * isolated), the tokens quiz_said() words. */
int quiz_kernel_answer(const struct step_record *q);

#endif
