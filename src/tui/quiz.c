/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/quiz.c - predict the kernel's decision before it is shown
 *
 * In quiz mode, stepping or playing stops before every scan step
 * (shrink_page_list or shrink_active_list), and a jump (n/N, g, End, a
 * log entry, a bookmark) that lands on one stops just before it.  The
 * screen still shows the state before that step, with the asked page
 * marked where it is (usually the isolated batch); the decision panel
 * shows the page, the inputs the kernel is about to read and the policy's
 * tests without saying which one holds.  Nothing on screen is ahead of
 * the question: the counters, the log and the lists are those of the step
 * before.  Only the answers the function can give are offered and
 * accepted: shrink_page_list's four PAGEREF_* answers, or
 * shrink_active_list's deactivate and rotate; another answer key is
 * refused, not scored.  Moving, choosing a policy or a scenario withdraws
 * the question.  The score is kept per policy, with the questions missed,
 * shown when quiz mode is left.  The answer is the engine's record, read
 * ahead with view_peek(); the quiz never works it out itself.
 */
#include <stdio.h>
#include <string.h>

#include "panel.h"

static const struct answer {
	int key;
	uint8_t outcome;
	uint8_t kind; /* the scan step it answers: STEP_SCAN_INACTIVE or STEP_SCAN_ACTIVE */
	const char *label;
} answers[] = {
	{ 'a', OUT_ACTIVATE, STEP_SCAN_INACTIVE, "activate" },
	{ 'k', OUT_KEEP, STEP_SCAN_INACTIVE, "keep" },
	{ 'r', OUT_RECLAIM, STEP_SCAN_INACTIVE, "reclaim" },
	{ 'c', OUT_RECLAIM_CLEAN, STEP_SCAN_INACTIVE, "reclaim if clean" },
	{ 'd', OUT_DEACTIVATE, STEP_SCAN_ACTIVE, "deactivate" },
	{ 'o', OUT_ROTATE, STEP_SCAN_ACTIVE, "rotate (stay active)" },
};
#define NR_ANSWERS (sizeof answers / sizeof answers[0])

bool quiz_is_question(const struct step_record *r)
{
	return r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE;
}

/* The score kept for @p, made on first use; NULL past QUIZ_POLICIES. */
static struct quiz_score *score_of(struct quiz *q, const struct reclaim_policy *p)
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
static void show_score(struct app *a)
{
	struct quiz_score *s = score_of(&a->quiz, a->views[0].policy);

	a->quiz.score = s ? s->right : 0;
	a->quiz.asked = s ? s->asked : 0;
}

void quiz_withdraw(struct app *a)
{
	if (a->quiz.asking && a->quiz.lent) /* a bookmark's question, left unanswered */
		a->quiz.on = a->quiz.lent = false;
	a->quiz.asking = false;
	a->quiz.verdict_step = 0;
	show_score(a);
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

/* The answer is shown.  A bookmark's question lent quiz mode for itself
 * only (LECTURE.md): once it is answered, play goes on without asking. */
static void reveal(struct app *a)
{
	a->quiz.asking = false;
	if (a->quiz.lent)
		a->quiz.on = a->quiz.lent = false;
	view_forward(&a->views[0]);
	inspector_update(a);
}

static void score(struct app *a, const struct answer *ans)
{
	struct quiz *q = &a->quiz;
	struct quiz_score *s = score_of(q, a->views[0].policy);

	q->guess = ans->outcome;
	q->right = q->guess == q->q.outcome;
	if (s) {
		s->right += q->right;
		s->asked++;
	}
	if (!q->right) {
		if (q->nr_missed < QUIZ_MISSED)
			q->missed[q->nr_missed] =
				(struct quiz_miss){ a->views[0].policy, q->q, ans->outcome };
		q->nr_missed++;
	}
	reveal(a);
	q->verdict_step = a->views[0].step;
	show_score(a);
	/* the message line is there at every size, the panel's verdict row not always */
	snprintf(a->ui.msg, sizeof a->ui.msg, "%s you said %s, the kernel said %s (%s); %u of %u under %s",
		 q->right ? "RIGHT:" : "NOT QUITE:", outcome_name[q->guess], outcome_name[q->q.outcome],
		 branch_name(a->views[0].policy, q->q.branch), q->score, q->asked, a->views[0].policy->name);
}

/* "d deactivate or o rotate" for the question's function. */
static void offered(const struct step_record *q, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < NR_ANSWERS && len < n; i++)
		if (answers[i].kind == q->kind)
			len += (size_t)snprintf(buf + len, n - len, "%s%c %s", len ? ", " : "",
						answers[i].key, answers[i].label);
}

bool quiz_key(struct app *a, int key, enum redraw *r)
{
	struct quiz *q = &a->quiz;
	char keys[128];

	if (!q->asking)
		return false;
	*r = REDRAW_ALL;
	if (key == 27) { /* Esc: show the answer, unscored */
		reveal(a);
		q->verdict_step = 0;
		return true;
	}
	for (size_t i = 0; i < NR_ANSWERS; i++) {
		if (answers[i].key != key)
			continue;
		if (answers[i].kind == q->q.kind) {
			score(a, &answers[i]);
			return true;
		}
		offered(&q->q, keys, sizeof keys);
		snprintf(a->ui.msg, sizeof a->ui.msg, "%s cannot %s; answer %s",
			 q->q.kind == STEP_SCAN_ACTIVE ? "shrink_active_list()" : "shrink_page_list()",
			 answers[i].label, keys);
		return true;
	}
	return false;
}

void quiz_offered(const struct app *a, char *buf, size_t n)
{
	offered(&a->quiz.q, buf, n);
}

unsigned quiz_summary(const struct app *a, char *buf, size_t n)
{
	const struct quiz *q = &a->quiz;
	size_t len = 0;
	unsigned asked = 0;

	buf[0] = '\0';
	for (int i = 0; i < QUIZ_POLICIES; i++)
		asked += q->per[i].asked;
	for (int i = 0; i < QUIZ_POLICIES && q->per[i].policy && len < n; i++)
		if (q->per[i].asked)
			len += (size_t)snprintf(buf + len, n - len, "%s%s: %u right of %u", len ? "; " : "",
						q->per[i].policy->name, q->per[i].right, q->per[i].asked);
	if (!len)
		len += (size_t)snprintf(buf, n, "No question answered.");
	if (q->nr_missed && len < n)
		len += (size_t)snprintf(buf + len, n - len, "\n\nMissed:");
	for (unsigned i = 0; i < q->nr_missed && i < QUIZ_MISSED && len < n; i++) {
		const struct quiz_miss *m = &q->missed[i];
		char page[96];
		page_name(a, m->q.object, m->q.index, page, sizeof page);
		len += (size_t)snprintf(
			buf + len, n - len, "\n%s, step %llu, %s: you said %s, the kernel said %s (%s)",
			m->policy->name, (unsigned long long)m->q.step, page, outcome_name[m->guess],
			outcome_name[m->q.outcome], branch_name(m->policy, m->q.branch));
	}
	if (q->nr_missed > QUIZ_MISSED && len < n)
		snprintf(buf + len, n - len, "\n...and %u more", q->nr_missed - QUIZ_MISSED);
	return asked;
}

/* The question, in the decision panel's place.  Rows, when short: the
 * tests and the answer keys first, then the page, then its inputs. */
void quiz_draw(const struct rect *r, const struct frame *f)
{
	const struct step_record *q = &f->app->quiz.q;
	const struct reclaim_policy *p = f->view->policy;
	bool active = q->kind == STEP_SCAN_ACTIVE;
	const struct policy_checks *checks = active ? p->active_checks : p->checks;
	int nc = (int)checks->nr;
	int rows = r->h - 1, y = r->y + 1, x, in_rows, extra;
	char name[96], in[256], title[160];

	snprintf(title, sizeof title, "Quiz: what will %s answer? (%s's tests, in order)",
		 active			 ? "shrink_active_list()"
		 : policy_has_pageref(p) ? "page_check_references()"
					 : "shrink_page_list()",
		 p->name);
	draw_title(r, title, true);
	extra = rows - nc - 1; /* rows left besides the tests and the answer line */
	page_name(f->app, q->object, q->index, name, sizeof name);
	if (extra > 0) {
		draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_LABEL),
			 "page %s  pfn %u, from the tail of %s by %s", name, q->pfn,
			 q->from < NR_LISTS ? lru_name[q->from] : "-",
			 q->reclaimer == RECLAIMER_DIRECT ? "direct reclaim" : "kswapd");
		extra--;
	}
	in_rows = extra >= 3 ? 2 : extra;
	if (in_rows > 0) {
		decision_inputs(q, in, sizeof in);
		draw_str(y, r->x + 1, 8, theme_attr(T_LABEL), "inputs");
		y += draw_wrap(y, r->x + 9, r->w - 10, in_rows, theme_attr(T_NORMAL), in);
		extra -= in_rows;
	}
	y += decision_checks(y, r, checks->row, nc, q, true, r->y + r->h - y - 1);
	x = r->x + 1;
	x += draw_str(y, x, r->w - 2, theme_attr(T_WARN), "your answer: ");
	for (size_t i = 0; i < NR_ANSWERS && x < r->x + r->w - 2; i++) {
		if (answers[i].kind != q->kind)
			continue;
		x += draw_fmt(y, x, r->x + r->w - 1 - x, theme_attr(T_TITLE), "%c ", answers[i].key);
		x += draw_fmt(y, x, r->x + r->w - 1 - x, theme_attr(T_NORMAL), "%s  ", answers[i].label);
	}
	if (extra > 0)
		draw_fmt(y + 1, r->x + 1, r->w - 2, theme_attr(T_DIM),
			 "Esc shows the answer without scoring.  score %u/%u under %s", f->app->quiz.score,
			 f->app->quiz.asked, p->name);
}
