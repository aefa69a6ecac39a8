/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/quiz.c - predict the kernel's decision before it is shown
 *
 * In quiz mode, stepping or playing stops before every scan step
 * (shrink_page_list or shrink_active_list; under 6.1's multi-gen LRU
 * also sort_folio()/isolate_folio() at the oldest generation's tail:
 * protect, move on or isolate; and the aging walk at each young pte:
 * moved to max_seq, stays, or marked referenced), and a jump (n/N, g,
 * End, a log entry, a bookmark) that lands on one stops just before it.
 * The screen still shows the state before that step, with the asked page
 * marked where it is (usually the isolated batch); the decision panel
 * shows the page, the inputs the kernel is about to read and the policy's
 * tests without saying which one holds.  Nothing on screen is ahead of
 * the question: the counters, the log and the lists are those of the step
 * before.  Only the answers the function can give are offered and
 * accepted: shrink_page_list's four PAGEREF_* answers, shrink_active_list's
 * deactivate and rotate, or 6.1's own (own_answers); another answer key
 * is refused, not scored.  Moving, choosing a policy or a scenario
 * withdraws the question.  The score is kept per policy, with the
 * questions missed, shown when quiz mode is left.  The answer is the
 * engine's record, read ahead with view_peek(); the quiz never works it
 * out itself.
 */
#include <stdio.h>
#include <string.h>

#include "../replay/names.h"
#include "dialog.h"
#include "history.h"
#include "outcome.h"
#include "panel.h"
#include "question.h"
#include "quiz.h"

/* 6.1's own steps answer in their own words.  sort_folio() and
 * isolate_folio() (STEP_SORT): protected by its tier (6.1
 * mm/vmscan.c:4752, counted as an activation), moved on to another
 * generation (promoted by the aging, or dirty: 4746, 4764), or isolated
 * for shrink_folio_list() (4800), the eviction of the oldest generation.
 * The aging walk at a young pte (STEP_AGING, walk_pte_range() ->
 * folio_update_gen(), 3930 and 3648): the page's gen counter goes to
 * max_seq's generation, or it is there already and only the pte's
 * accessed bit and the refs are cleared, or the page is isolated (gen
 * counter 0) and gets PG_referenced for shrink_folio_list() instead.
 * The keys are those of the scan's answers nearest in meaning: a for a
 * younger place, k for staying put, r for reclaim's isolated batch.  The
 * outcomes are only the answers' tokens; what the kernel said is
 * kernel_answer()'s. */
static const struct own_answer {
	uint8_t kind;
	char key;
	uint8_t outcome;
	const char *answer, *shrt, *said;
} own_answers[] = {
	{ STEP_SORT, 'a', OUT_ACTIVATE, "protect (tier > tier_idx)", "protect", "protect it" },
	{ STEP_SORT, 'e', OUT_ROTATE, "move on", "move on", "move it on" },
	{ STEP_SORT, 'r', OUT_NONE, "isolate to reclaim", "isolate", "isolate it" },
	{ STEP_AGING, 'a', OUT_ACTIVATE, "moved to the youngest (max_seq)", "to max_seq",
	  "move it to max_seq" },
	{ STEP_AGING, 'k', OUT_KEEP, "stays (in max_seq already)", "stays", "leave it in max_seq" },
	{ STEP_AGING, 'r', OUT_REFERENCE, "marked referenced (isolated)", "referenced (isolated)",
	  "mark it referenced (isolated)" },
};
#define NR_OWN_ANSWERS (int)(sizeof own_answers / sizeof own_answers[0])

/* The walk's tests, in folio_update_gen()'s order, for the question; their
 * code is the engine's (lru_gen.c walk_step()). */
/* clang-format off */
static const struct policy_check walk_rows[] = {
	{ BR_NONE, "gen counter 0 (isolated)", "PG_referenced set, for shrink_folio_list()", "6.1 mm/vmscan.c:3657 folio_update_gen()", NULL, NULL },
	{ BR_NONE, "gen == gen(max_seq)", "stays; only accessed bit and refs cleared", "6.1 mm/vmscan.c:3931 walk_pte_range()", NULL, NULL },
	{ BR_NONE, "otherwise", "moved to max_seq's generation, refs cleared", "6.1 mm/vmscan.c:3663 folio_update_gen()", NULL, NULL },
};
/* clang-format on */
static const struct policy_checks walk_checks = POLICY_CHECKS(walk_rows);

/* Does question @q take its answers from own_answers? */
static bool own_kind(const struct step_record *q)
{
	return q->kind == STEP_SORT || q->kind == STEP_AGING;
}

static const struct own_answer *own_of(const struct step_record *q, int o, int key)
{
	for (int i = 0; i < NR_OWN_ANSWERS; i++)
		if (own_answers[i].kind == q->kind &&
		    (key ? own_answers[i].key == key : own_answers[i].outcome == o))
			return &own_answers[i];
	return NULL;
}

int quiz_kernel_answer(const struct step_record *q)
{
	/* the walk's record: the gen counter it found (0: isolated) and the
	 * generations before and after folio_update_gen() */
	if (q->kind == STEP_AGING)
		return !q->gen ? OUT_REFERENCE : q->to != q->from ? OUT_ACTIVATE : OUT_KEEP;
	return q->outcome;
}

/* The answers are outcome.c's outcomes with a key, each offered for the
 * scan step that can give it. */
static bool answers(const struct step_record *q, int o)
{
	if (own_kind(q))
		return own_of(q, o, 0) != NULL;
	return outcome_table[o].key && outcome_table[o].scan == q->kind;
}

static char answer_key(const struct step_record *q, int o)
{
	const struct own_answer *a = own_kind(q) ? own_of(q, o, 0) : NULL;

	return a ? a->key : outcome_table[o].key;
}

static const char *answer_label(const struct step_record *q, int o, bool shrt)
{
	const struct own_answer *a = own_kind(q) ? own_of(q, o, 0) : NULL;

	return a ? (shrt ? a->shrt : a->answer) : outcome_table[o].answer;
}

const char *quiz_said(const struct step_record *q, int o)
{
	const struct own_answer *a = own_kind(q) ? own_of(q, o, 0) : NULL;

	if (a)
		return a->said;
	if (q->kind == STEP_SORT && o == OUT_CULL)
		return "cull it (mlocked)";
	return outcome_name[o < NR_OUTCOMES ? o : OUT_NONE];
}

/* The outcome the answer key @key stands for under question @q, or -1. */
static int outcome_of_answer(const struct step_record *q, int key)
{
	const struct own_answer *a = own_kind(q) ? own_of(q, 0, key) : NULL;

	if (a)
		return a->outcome;
	if (own_kind(q) || outcome_of_key(key) == OUT_NONE || !answers(q, outcome_of_key(key)))
		return -1;
	return (int)outcome_of_key(key);
}

/* The function that answers question @q, for the title and a refusal. */
static const char *answerer(const struct reclaim_policy *p, const struct step_record *q)
{
	if (q->kind == STEP_SORT)
		return "sort_folio()/isolate_folio()";
	if (q->kind == STEP_AGING) /* called by walk_pte_range() */
		return "folio_update_gen()";
	if (q->kind == STEP_SCAN_ACTIVE)
		return "shrink_active_list()";
	if (q->func == FN_SHRINK_FOLIO_LIST)
		return "shrink_folio_list() "
		       "\xe2\x86\x92"
		       " folio_check_references()";
	return policy_has_pageref(p) ? "page_check_references()" : "shrink_page_list()";
}

/* The answer is shown.  A bookmark's question lent quiz mode for itself
 * only (LECTURE.md): once it is answered, play goes on without asking. */
static void reveal(struct app *a)
{
	a->quiz.asking = false;
	if (a->quiz.lent)
		a->quiz.on = a->quiz.lent = false;
	view_forward(&a->views[0]);
	history_update(a);
}

static void score(struct app *a, enum outcome ans)
{
	struct quiz *q = &a->quiz;
	struct quiz_score *s = quiz_score_of(q, a->views[0].policy);
	char gist[160];

	q->guess = ans;
	q->right = (int)q->guess == quiz_kernel_answer(&q->q);
	if (s) {
		s->right += q->right;
		s->asked++;
	}
	if (!q->right) {
		if (q->nr_missed < QUIZ_MISSED)
			q->missed[q->nr_missed] =
				(struct quiz_miss){ a->views[0].policy, q->q, (uint8_t)ans };
		q->nr_missed++;
	}
	reveal(a);
	q->verdict_step = a->views[0].step;
	quiz_show_score(a);
	/* the message line is there at every size, the panel's verdict row not always */
	snprintf(a->ui.msg, sizeof a->ui.msg, "%s you said %s, the kernel said %s (%s); %u of %u under %s",
		 q->right ? "RIGHT:" : "NOT QUITE:", quiz_said(&q->q, q->guess),
		 quiz_said(&q->q, quiz_kernel_answer(&q->q)),
		 branch_gist(a->views[0].policy, q->q.branch, gist, sizeof gist), q->score, q->asked,
		 a->views[0].policy->name);
}

/* "d deactivate or e rotate" for the question's function. */
static void offered(const struct step_record *q, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int o = 0; o < NR_OUTCOMES && len < n; o++)
		if (answers(q, o))
			len += (size_t)snprintf(buf + len, n - len, "%s%c %s", len ? ", " : "",
						answer_key(q, o), answer_label(q, o, false));
}

bool quiz_key(struct app *a, int key, enum redraw *r)
{
	struct quiz *q = &a->quiz;
	char keys[128];
	enum outcome o;

	if (!q->asking)
		return false;
	*r = REDRAW_ALL;
	if (key == 27) { /* Esc: show the answer, unscored */
		reveal(a);
		q->verdict_step = 0;
		return true;
	}
	if (outcome_of_answer(&q->q, key) >= 0) {
		score(a, (enum outcome)outcome_of_answer(&q->q, key));
		return true;
	}
	if ((o = outcome_of_key(key)) == OUT_NONE)
		return false;
	offered(&q->q, keys, sizeof keys);
	if (own_kind(&q->q))
		snprintf(a->ui.msg, sizeof a->ui.msg, "%s does not %s; answer %s",
			 answerer(a->views[0].policy, &q->q), outcome_table[o].answer, keys);
	else
		snprintf(a->ui.msg, sizeof a->ui.msg, "%s cannot %s; answer %s",
			 answerer(a->views[0].policy, &q->q), outcome_table[o].answer, keys);
	return true;
}

void quiz_offered(const struct app *a, char *buf, size_t n)
{
	offered(&a->quiz.q, buf, n);
}

static unsigned summary(const struct app *a, char *buf, size_t n)
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
		char page[96], gist[160];
		page_name(&a->sc->wl, m->q.object, m->q.index, page, sizeof page);
		len += (size_t)snprintf(
			buf + len, n - len, "\n%s, step %llu, %s: you said %s, the kernel said %s (%s)",
			m->policy->name, (unsigned long long)m->q.step, page, quiz_said(&m->q, m->guess),
			quiz_said(&m->q, quiz_kernel_answer(&m->q)),
			branch_gist(m->policy, m->q.branch, gist, sizeof gist));
	}
	if (q->nr_missed > QUIZ_MISSED && len < n)
		snprintf(buf + len, n - len, "\n...and %u more", q->nr_missed - QUIZ_MISSED);
	return asked;
}

/* The question, in the decision panel's place.  Rows, when short: the
 * tests and the answer keys first, then the page, then its inputs. */
static void quiz_draw(const struct rect *r, const struct frame *f, bool focused)
{
	const struct step_record *q = &f->app->quiz.q;
	const struct reclaim_policy *p = f->view->policy;
	bool active = q->kind == STEP_SCAN_ACTIVE, walk = q->kind == STEP_AGING;
	const struct policy_checks *checks = walk				      ? &walk_checks
					     : q->kind == STEP_SORT && p->sort_checks ? p->sort_checks
					     : active				      ? p->active_checks
										      : p->checks;
	const char *by = q->reclaimer == RECLAIMER_MEMCG    ? "limit reclaim"
			 : q->reclaimer == RECLAIMER_DIRECT ? "direct reclaim"
			 : q->reclaimer == RECLAIMER_SOFT   ? "kswapd's soft limit pass"
							    : "kswapd";
	bool shrt = false;
	int nc = (int)checks->nr;
	int rows = r->h - 1, y = r->y + 1, x, in_rows, extra;
	char name[96], in[256], title[160], from[24];

	(void)focused; /* the question is drawn the same, focused or not */

	if (walk)
		snprintf(title, sizeof title, "Quiz: a young pte in the aging walk: what will %s do?",
			 answerer(p, q));
	else
		snprintf(title, sizeof title, "Quiz: what will %s answer? (%s's tests, in order)",
			 answerer(p, q), p->name);
	draw_title(r, title, true);
	extra = rows - nc - 1; /* rows left besides the tests and the answer line */
	page_name(&f->app->sc->wl, q->object, q->index, name, sizeof name);
	if (extra > 0 && walk) {
		draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_LABEL),
			 "page %s  pfn %u: its pte young, met by the aging walk in %s", name, q->pfn, by);
		extra--;
	} else if (extra > 0 && q->from == LRU_ISOLATED) { /* isolated by a step before */
		/* generations (max_seq): 6.1 scan_folios() isolates from min_seq's only */
		draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_LABEL), "page %s  pfn %u, isolated%s by %s",
			 name, q->pfn, q->max_seq ? " from the oldest generation" : "", by);
		extra--;
	} else if (extra > 0) {
		draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_LABEL),
			 "page %s  pfn %u, from the tail of %s by %s", name, q->pfn,
			 list_label(q->from, q->max_seq, from, sizeof from), by);
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
	/* the answers' long words when they fit on the row, else the short */
	x = str_width("your answer: ");
	for (int o = 0; o < NR_OUTCOMES; o++)
		if (answers(q, o))
			x += 4 + str_width(answer_label(q, o, false));
	shrt = x > r->w - 2;
	x = r->x + 1;
	x += draw_str(y, x, r->w - 2, theme_attr(T_WARN), "your answer: ");
	for (int o = 0; o < NR_OUTCOMES && x < r->x + r->w - 2; o++) {
		if (!answers(q, o))
			continue;
		x += draw_fmt(y, x, r->x + r->w - 1 - x, theme_attr(T_TITLE), "%c ", answer_key(q, o));
		x += draw_fmt(y, x, r->x + r->w - 1 - x, theme_attr(T_NORMAL), "%s  ",
			      answer_label(q, o, shrt));
	}
	if (extra > 0)
		draw_fmt(y + 1, r->x + 1, r->w - 2, theme_attr(T_DIM),
			 "Esc shows the answer without scoring.  score %u/%u under %s", f->app->quiz.score,
			 f->app->quiz.asked, p->name);
}

const struct panel_ops panel_quiz = {
	.name = "quiz",
	.title = "Quiz",
	.draw = quiz_draw,
};

enum redraw quiz_toggle(struct app *a)
{
	char text[8192];

	a->quiz.on = !a->quiz.on;
	a->quiz.lent = false;
	quiz_withdraw(a);
	if (a->quiz.on) {
		snprintf(a->ui.msg, sizeof a->ui.msg,
			 "quiz on: step or play; you will be asked before each scan decision (under mglru, "
			 "each sort and each young pte the aging walk finds too)");
		return REDRAW_ALL;
	}
	if (!summary(a, text, sizeof text)) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "quiz off (no question answered)");
		return REDRAW_ALL;
	}
	dialog_message(a, "Quiz over", text);
	return REDRAW_ALL;
}
