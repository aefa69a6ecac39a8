/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_decision.c - why the page examined at this step went where it did
 *
 *   ─ big.iso[0]: inactive_file → free ── shrink_page_list [2.6.34] ─
 *   inputs  referenced_ptes=0  PG_referenced=1 ...          (if room)
 *   page_check_references() tests, in order ...             (if room)
 *     – sc->order > PAGE_ALLOC_COSTLY_ORDER → PAGEREF_RECLAIM
 *     ▶ referenced_page                     → PAGEREF_RECLAIM_CLEAN  TAKEN
 *       otherwise                           → PAGEREF_RECLAIM
 *   why     PG_referenced but no young pte since: ...
 *   origin  2.6.34 patch 3/3 ...                            (if room)
 *   then    ~ reclaim_clean: clean and unmapped: removed ...
 *
 * For a shrink_page_list() step: the tests of the policy's
 * page_check_references() in the order the kernel evaluates them
 * (policy->checks), the first that held marked taken, the ones above it
 * false, the ones below not reached; the reason in plain words; then the
 * outcome and what shrink_page_list did with it (record.action).
 * shrink_active_list() steps use policy->active_checks the same way;
 * workload steps name the function, the outcome and the reason.  The
 * title, every test, the whole reason and the outcome are always there
 * (layout.c gives the panel decision_need()'s rows); the inputs, the
 * heading and the origins only when the layout has room for them.  The
 * panel only reads the record: which branch fired is the engine's word.
 */
#include <stdio.h>
#include <string.h>

#include "../replay/names.h"
#include "outcome.h"
#include "panel_cgroup.h"
#include "panel.h"
#include "quiz.h"

#define LABEL_COL      9 /* "why     " */
#define BEFORE	       "before the tests: "
#define UNMAPPED_FIRST "try_to_unmap() took its ptes first; then "

void decision_inputs(const struct step_record *r, char *buf, size_t n)
{
	if (r->kind == STEP_SORT) { /* 6.1 sort_folio()/isolate_folio(): gen counter, refs, tier */
		unsigned refs = r->refs, tier = refs == 0 ? 0 : refs == 1 ? 1 : refs <= 3 ? 2 : 3;
		snprintf(buf, n,
			 "gen=%d  tier=%u (refs=%u)  tier_idx=%d  PG_referenced=%d  PG_workingset=%d  "
			 "young=%d  "
			 "dirty=%d  writeback=%d",
			 (int)r->gen - 1, tier, refs, (int)r->tier_idx - 1,
			 !!(r->inputs & IN_REFERENCED_PAGE), !!(r->inputs & IN_WORKINGSET),
			 !!(r->inputs & IN_YOUNG), !!(r->inputs & IN_DIRTY), !!(r->inputs & IN_WRITEBACK));
	} else if (r->kind == STEP_AGING) { /* 6.1 folio_update_gen(): the gen counter it finds */
		char gen[32] = "0, off every list (isolated)";
		if (r->gen)
			gen_name(lru_gen_list_seq(r->max_seq, LRU_GEN_FIRST + 2 * (r->gen - 1)),
				 !(r->inputs & IN_ANON), gen, sizeof gen);
		snprintf(buf, n, "gen counter: %s  max_seq=%llu  refs=%u  pte young=1  dirty=%d", gen,
			 (unsigned long long)r->max_seq, r->refs, !!(r->inputs & IN_DIRTY));
	} else if (r->kind == STEP_SCAN_ACTIVE)
		snprintf(buf, n,
			 "referenced_ptes=%u  PG_referenced=%d  VM_EXEC=%d  page_mapped=%d  PageAnon=%d  "
			 "VM_LOCKED=%d",
			 r->referenced_ptes, !!(r->inputs & IN_REFERENCED_PAGE), !!(r->inputs & IN_VM_EXEC),
			 !!(r->inputs & IN_MAPPED), !!(r->inputs & IN_ANON), !!(r->inputs & IN_VM_LOCKED));
	else
		snprintf(buf, n,
			 "referenced_ptes=%u  PG_referenced=%d  VM_LOCKED=%d  PageAnon=%d  "
			 "page_mapped=%d  mapping_mapped=%d  PageDirty=%d  PageWriteback=%d  order=%u%s",
			 r->referenced_ptes, !!(r->inputs & IN_REFERENCED_PAGE), !!(r->inputs & IN_VM_LOCKED),
			 !!(r->inputs & IN_ANON), !!(r->inputs & IN_MAPPED),
			 !!(r->inputs & IN_MAPPING_MAPPED), !!(r->inputs & IN_DIRTY),
			 !!(r->inputs & IN_WRITEBACK), r->order, r->inputs & IN_LUMPY ? " (lumpy)" : "");
}

/* A record's list; a generation as the lists panel labels it, "seq 5
 * file", the one the slot held at the record's step (replay/names.h). */
static const char *gen_or_list(const struct step_record *rec, int l, char *buf, size_t n)
{
	return list_label(l, rec->max_seq, buf, n);
}

/* Has @p the PAGEREF_* enum?  Patch 1/3 (2.6.34) made it; 2.6.33 tests
 * inline in shrink_page_list() and jumps (activate_locked, keep_locked). */
static bool checks_say(const struct reclaim_policy *p, const char *prefix)
{
	for (size_t i = 0; i < p->checks->nr; i++)
		if (p->checks->row[i].result && !strncmp(p->checks->row[i].result, prefix, strlen(prefix)))
			return true;
	return false;
}
bool policy_has_pageref(const struct reclaim_policy *p)
{
	return checks_say(p, "PAGEREF_");
}
bool policy_has_folioref(const struct reclaim_policy *p)
{
	return checks_say(p, "FOLIOREF_");
}

const char *scan_decision_name(const struct reclaim_policy *p, const struct step_record *r)
{
	const char *name = NULL;

	/* 6.1 folio_check_references()'s enum folio_references (mm/vmscan.c:1439) */
	static const char *const folioref[NR_OUTCOMES] = {
		[OUT_ACTIVATE] = "FOLIOREF_ACTIVATE",
		[OUT_KEEP] = "FOLIOREF_KEEP",
		[OUT_RECLAIM] = "FOLIOREF_RECLAIM",
		[OUT_RECLAIM_CLEAN] = "FOLIOREF_RECLAIM_CLEAN",
	};

	/* 2.6.33 shrink_page_list(): what its inline tests do instead (outcome.c);
	 * 6.1's shrink_folio_list() names the folio's */
	if (r->kind == STEP_SCAN_INACTIVE && r->outcome < NR_OUTCOMES)
		name = r->func == FN_SHRINK_FOLIO_LIST ? folioref[r->outcome]
		       : policy_has_pageref(p)	       ? outcome_table[r->outcome].pageref
						       : outcome_table[r->outcome].inline_33;
	return name ? name : r->outcome < NR_OUTCOMES ? outcome_name[r->outcome] : "?";
}

/* The function that decides shrink_page_list() step @r under @p. */
static const char *scan_tests_name(const struct reclaim_policy *p, const struct step_record *r)
{
	if (r->func == FN_SHRINK_FOLIO_LIST) /* 6.1 mm/vmscan.c:1460, FOLIOREF_* */
		return "shrink_folio_list() \xe2\x86\x92 folio_check_references()";
	return policy_has_pageref(p) ? "page_check_references()" : "shrink_page_list()'s inline tests";
}

bool step_without_page(const struct step_record *r, char *buf, size_t n)
{
	const char *fn = r->func < NR_STEP_FUNCS ? step_func_name[r->func] : "";

	if (r->pfn != PFN_NONE || (r->object != UINT32_MAX && r->object != OBJECT_KERNEL))
		return false;
	if (r->func == FN_PAUSE)
		snprintf(buf, n, "pause point: the scenario stops for its caption");
	else if (fn[0])
		snprintf(buf, n, "%s()", fn);
	else
		snprintf(buf, n, "%s", step_kind_name[r->kind]);
	return true;
}

/* "~ reclaim_clean: clean and unmapped: ..." - what happened, in words */
static void outcome_text(const struct frame *f, const struct step_record *rec, char *buf, size_t n)
{
	const struct reclaim_policy *p = f->view->policy;
	char to[32], said[64];

	/* a step without an outcome says what it did, never "none" */
	if (rec->outcome != OUT_NONE)
		snprintf(said, sizeof said, "%s %s", outcome_glyph(rec->outcome), outcome_name[rec->outcome]);
	else if (step_outcome_word(rec)[0])
		snprintf(said, sizeof said, "%s", step_outcome_word(rec));
	else
		snprintf(said, sizeof said, "%s", rec->to == rec->from ? "stays" : "moved");
	if (rec->kind == STEP_AGING && rec->branch == BR_AGE_YOUNG && rec->to == rec->from)
		/* 6.1 folio_update_gen() to the generation it has already */
		snprintf(buf, n, "%s: stays on %s, the youngest", said,
			 gen_or_list(rec, rec->to, to, sizeof to));
	else if (rec->kind == STEP_SORT && rec->branch == BR_ISOLATE)
		snprintf(buf, n, "%s: off %s, for shrink_folio_list() to examine", said,
			 gen_or_list(rec, rec->from, to, sizeof to));
	else if (rec->action == BR_SPL_FREED && (rec->inputs & IN_MAPPED))
		/* the inputs say page_mapped=1: it was unmapped on the way (2.6.34
		 * shrink_page_list(): try_to_unmap() before the page is freed) */
		snprintf(buf, n, "%s: %s%s", said, UNMAPPED_FIRST, branch_reason(p, rec->action));
	else if (rec->action != BR_NONE && rec->action < NR_BRANCHES)
		snprintf(buf, n, "%s: %s", said, branch_reason(p, rec->action));
	else if (rec->to == LRU_FREE)
		snprintf(buf, n, "%s: freed", said);
	else if (rec->to == LRU_PAGEVEC)
		snprintf(buf, n, "%s: now in the pagevec, not yet on a list", said);
	else if (rec->pfn != PFN_NONE && rec->to < NR_LISTS)
		snprintf(buf, n, "%s: %s %s", said, rec->to == rec->from ? "stays on" : "now on",
			 gen_or_list(rec, rec->to, to, sizeof to));
	else
		snprintf(buf, n, "%s", said);
}

/* The policies of the lesson: the one shown, the scenario's, and those
 * its bookmarks go to.  Their largest needs size the panel, so that its
 * height stays put when ] or p switches between them. */
static int lesson_policies(const struct frame *f, const struct reclaim_policy **out, int max)
{
	const struct scenario *sc = f->app->sc;
	const struct reclaim_policy *p;
	int n = 0;

	out[n++] = f->view->policy;
	for (int i = -1; sc && i < (int)sc->nr_bookmarks && n < max; i++) {
		const char *name = i < 0 ? sc->policy : sc->bookmarks[i].policy;
		bool seen = false;
		if (!name || !(p = policy_find(name)))
			continue;
		for (int k = 0; k < n; k++)
			seen |= out[k] == p;
		if (!seen)
			out[n++] = p;
	}
	return n;
}

void decision_need(const struct frame *f, int w, struct decision_need *n)
{
	const struct reclaim_policy *pols[8];
	int textw = w - LABEL_COL - 1, why = 1, then = 1, np = lesson_policies(f, pols, 8);
	static const char *const longest_inputs =
		"referenced_ptes=255  PG_referenced=1  VM_LOCKED=1  PageAnon=1  page_mapped=1  "
		"mapping_mapped=1  PageDirty=1  PageWriteback=1  order=10 (lumpy)";

	n->checks = 0;
	for (int i = 0; i < np; i++) {
		const struct reclaim_policy *p = pols[i];
		int nc = (int)(p->checks->nr > p->active_checks->nr ? p->checks->nr : p->active_checks->nr);
		/* every reason and action at full length: the rows never change */
		for (unsigned b = 1; b < NR_BRANCH_IDS; b++) {
			char buf[320];
			int rw;
			if (!branch_applies(p, b))
				continue;
			snprintf(buf, sizeof buf, "%s%s", BEFORE, branch_reason(p, b));
			rw = wrap_count(buf, textw);
			snprintf(buf, sizeof buf, "%s %s: %s%s", "x", "reclaim_clean",
				 b == BR_SPL_FREED ? UNMAPPED_FIRST : "", branch_reason(p, b));
			why = rw > why ? rw : why;
			rw = wrap_count(buf, textw);
			then = rw > then ? rw : then;
		}
		n->checks = nc > n->checks ? nc : n->checks;
	}
	n->must = 1 + n->checks + why + then;
	n->inputs = wrap_count(longest_inputs, textw) + 1; /* and the heading */
	n->origin = 2;
}

/* Title: the page and its move first, then the function and the policy. */
static void draw_head(const struct rect *r, const struct frame *f, const struct step_record *rec,
		      bool focused)
{
	const char *fn = rec->func < NR_STEP_FUNCS ? step_func_name[rec->func] : "";
	char title[256], page[96], move[96] = "", lf[32], lt[32];
	bool scan = rec->kind == STEP_SCAN_INACTIVE || rec->kind == STEP_SCAN_ACTIVE;

	if (f->view->step == 0 || rec->kind == STEP_END) {
		draw_title(r, f->view->step ? "Decision: the run is over" : "Decision", focused);
		return;
	}
	page_name(&f->app->sc->wl, rec->object, rec->index, page, sizeof page);
	if (rec->pfn == PFN_NONE && rec->object == UINT32_MAX) { /* no page: a pause, an allocation */
		snprintf(title, sizeof title, "%s%s",
			 fn[0]			 ? fn
			 : rec->func == FN_PAUSE ? "pause point"
						 : step_kind_name[rec->kind],
			 fn[0] ? "()" : "");
		draw_title(r, title, focused);
		return;
	}
	if (rec->pfn == PFN_NONE && rec->object != UINT32_MAX)
		snprintf(page, sizeof page, "%s, %u pages", object_name(&f->app->sc->wl, rec->object),
			 rec->count);
	else if (rec->pfn != PFN_NONE && rec->from != rec->to)
		snprintf(move, sizeof move, ": %s %s %s", gen_or_list(rec, rec->from, lf, sizeof lf),
			 misc_glyph(G_ARROW), gen_or_list(rec, rec->to, lt, sizeof lt));
	else if (rec->pfn != PFN_NONE)
		snprintf(move, sizeof move, " on %s", gen_or_list(rec, rec->to, lt, sizeof lt));
	if (rec->kind == STEP_SCAN_INACTIVE)
		snprintf(title, sizeof title, "%s%s   %s%s%s [%s]", page, move,
			 policy_has_pageref(f->view->policy) ? "shrink_page_list " : "",
			 policy_has_pageref(f->view->policy) ? misc_glyph(G_ARROW) : "",
			 policy_has_pageref(f->view->policy) ? " page_check_references()"
							     : scan_tests_name(f->view->policy, rec),
			 f->view->policy->name);
	else if (scan)
		snprintf(title, sizeof title, "%s%s   shrink_active_list() [%s]", page, move,
			 f->view->policy->name);
	else
		snprintf(title, sizeof title, "%s%s   %s%s", page, move,
			 fn[0] ? fn : step_kind_name[rec->kind], fn[0] ? "()" : "");
	if (str_width(title) + 4 > r->w) /* narrow: the page and its move, the policy */
		snprintf(title, sizeof title, "%s%s [%s]", page, move, f->view->policy->name);
	draw_title(r, title, focused);
}

/* Which tests get a row of their own when only @maxrows rows are left for
 * @nc: [*first, *last]; the others fold into a row before and a row after.
 * The tests after the taken one were never reached and fold first; then
 * those before it, which did not hold.  With no taken row (a quiz
 * question) only the last ones fold, so the fold never points at the
 * answer. */
static void fold_plan(int nc, int taken, int maxrows, int *first, int *last)
{
	*first = 0;
	*last = nc - 1;
	if (nc <= maxrows || maxrows < 2)
		return;
	if (taken <= maxrows - 2) { /* a quiz question too (taken < 0) */
		*last = maxrows - 2;
		return;
	}
	*last = taken;
	if (taken == nc - 1) /* nothing after it: one fold row, before */
		*first = nc - maxrows + 1;
	else /* a fold row before and one after */
		*first = maxrows >= 3 ? taken - (maxrows - 3) : taken;
}

/* The checks; returns rows used.  @hide_answer: the quiz asks first, no
 * row is marked. */
int decision_checks(int y, const struct rect *r, const struct policy_check *c, int nc,
		    const struct step_record *rec, bool hide_answer, int maxrows)
{
	int taken = -1, testw = 10, resw = 8, rows = 0, avail = r->w - 4, first, last;
	bool words;

	for (int i = 0; i < nc; i++) {
		if (c[i].branch == rec->branch)
			taken = i;
		if (str_width(c[i].test) > testw)
			testw = str_width(c[i].test);
		if (str_width(c[i].result) > resw)
			resw = str_width(c[i].result);
	}
	/* test, arrow, result: the result never cut; then "TAKEN" or
	 * "not taken" where there is room for them */
	if (2 + testw + 4 + resw > avail)
		testw = avail - 6 - resw > 8 ? avail - 6 - resw : 8;
	words = 2 + testw + 4 + resw + 10 <= avail;
	fold_plan(nc, hide_answer ? -1 : taken, maxrows, &first, &last);
	if (first > 0) { /* tests that did not hold, folded into one row */
		draw_fmt(y + rows++, r->x + 2, r->w - 3, theme_attr(T_DIM), "%s %d test%s before: not taken",
			 misc_glyph(G_FALSE), first, first == 1 ? "" : "s");
	}
	for (int i = first; i < nc && i <= last && rows < maxrows; i++, rows++) {
		int state = hide_answer ? 3 : taken < 0 ? 2 : i < taken ? 0 : i == taken ? 1 : 2;
		attr_t a = state == 1	? theme_attr(T_TAKEN)
			   : state == 3 ? theme_attr(T_NORMAL)
					: theme_attr(T_DIM);
		int x = r->x + 2;

		x += draw_str(y + rows, x, 2, a,
			      state == 0   ? misc_glyph(G_FALSE)
			      : state == 1 ? misc_glyph(G_TAKEN)
					   : " ");
		x += draw_str(y + rows, x, 1, a, " ");
		x += draw_fmt(y + rows, x, testw, a, "%-*s", testw, c[i].test);
		x += draw_fmt(y + rows, x, 4 + resw, a, " %s %-*s", misc_glyph(G_ARROW), resw, c[i].result);
		if (state == 1 && x + 7 <= r->x + r->w)
			draw_str(y + rows, x, r->x + r->w - x, a, "  TAKEN");
		else if (state == 0 && words)
			draw_str(y + rows, x, r->x + r->w - x, a, "  not taken");
	}
	if (last < nc - 1 && rows < maxrows) /* the tests after: never reached, or not shown in a quiz */
		draw_fmt(y + rows++, r->x + 2, r->w - 3, theme_attr(T_DIM), "%s %d more test%s%s",
			 misc_glyph(G_ELIDED), nc - 1 - last, nc - 1 - last == 1 ? "" : "s",
			 hide_answer ? "" : ", not reached");
	return rows;
}

/* A label and a wrapped sentence; returns rows used. */
static int draw_sentence(int y, const struct rect *r, const char *label, attr_t la, const char *text,
			 attr_t ta, int maxrows)
{
	if (maxrows <= 0 || !text[0])
		return 0;
	draw_str(y, r->x + 1, LABEL_COL - 1, la, label);
	return draw_wrap(y, r->x + LABEL_COL, r->w - LABEL_COL - 1, maxrows, ta, text);
}

/* The outcome and what was done: the glyph and name in the outcome's colour. */
static int draw_outcome(int y, const struct rect *r, const struct frame *f, const struct step_record *rec,
			int maxrows)
{
	char text[400];
	int rows;

	if (rec->outcome == OUT_NONE && rec->action == BR_NONE && rec->pfn == PFN_NONE)
		return 0; /* nothing happened to a page */
	outcome_text(f, rec, text, sizeof text);
	rows = draw_sentence(y, r, "then", theme_attr(T_LABEL), text, theme_attr(T_NORMAL), maxrows);
	if (rows) /* the same characters again, coloured: glyph and name */
		draw_fmt(y, r->x + LABEL_COL, (int)strcspn(text, ":"), theme_outcome(rec->outcome), "%.*s",
			 (int)strcspn(text, ":"), text);
	return rows;
}

static void draw_verdict(int y, const struct rect *r, const struct frame *f)
{
	const struct quiz *q = &f->app->quiz;

	draw_fmt(y, r->x + 1, r->w - 2, theme_attr(q->right ? T_GOOD : T_BAD),
		 "%s you said %s, the kernel said %s   score %u/%u",
		 q->right ? "RIGHT:" : "NOT QUITE:", quiz_said(&f->view->rec, q->guess),
		 quiz_said(&f->view->rec, quiz_kernel_answer(&f->view->rec)), q->score, q->asked);
}

static bool verdict_shown(const struct frame *f)
{
	const struct quiz *q = &f->app->quiz;

	return q->verdict_step == f->view->step && q->verdict_step;
}

/* Which optional rows this panel has: the layout's word, or its height. */
static void optional_rows(const struct rect *r, const struct frame *f, struct decision_need *n, bool *inputs,
			  bool *origin)
{
	decision_need(f, r->w, n);
	if (f->layout) {
		*inputs = f->layout->decision_inputs;
		*origin = f->layout->decision_origin;
	} else {
		*inputs = r->h >= n->must + n->inputs;
		*origin = r->h >= n->must + n->inputs + n->origin;
	}
}

static void draw_scan(const struct rect *r, const struct frame *f, int y)
{
	const struct step_record *rec = &f->view->rec;
	const struct reclaim_policy *p = f->view->policy;
	bool active = rec->kind == STEP_SCAN_ACTIVE, sort = rec->kind == STEP_SORT, inputs, origin,
	     listed = false;
	const struct policy_checks *table = sort ? p->sort_checks : active ? p->active_checks : p->checks;
	const struct policy_check *checks = table->row;
	int bottom = r->y + r->h, nc = (int)table->nr, room;
	struct step_record rec_out = *rec;
	struct decision_need n;
	char in[256], why[400], from[160];
	unsigned br;

	optional_rows(r, f, &n, &inputs, &origin);
	if (inputs) {
		decision_inputs(rec, in, sizeof in);
		draw_str(y, r->x + 1, LABEL_COL - 1, theme_attr(T_LABEL), "inputs");
		draw_wrap(y, r->x + LABEL_COL, r->w - LABEL_COL - 1, n.inputs - 1, theme_attr(T_NORMAL), in);
		y += n.inputs - 1;
		if (verdict_shown(f))
			draw_verdict(y, r, f);
		else
			draw_fmt(y, r->x + 1, r->w - 2, theme_attr(T_LABEL),
				 "%s tests, in order (the first that holds decides):",
				 sort			  ? "sort_folio()'s, then isolate_folio()'s"
				 : active		  ? "shrink_active_list()'s"
				 : policy_has_folioref(p) ? "folio_check_references()'s"
				 : policy_has_pageref(p)  ? "page_check_references()'s"
							  : "shrink_page_list()'s inline");
		y++;
	}
	/* the why and the outcome keep their rows; the tests fold if short */
	room = bottom - y - (n.must - 1 - n.checks) - (origin ? n.origin : 0);
	room = room < n.checks ? room : n.checks;
	/* a table shorter than the lesson's longest leaves rows blank: the
	 * origins take them when the layout had none to give (the rows above
	 * them do not move) */
	if (!origin && room - nc >= n.origin) {
		origin = true;
		room -= n.origin;
	}
	decision_checks(y, r, checks, nc, rec, false, room);
	y += room;
	for (int i = 0; i < nc; i++)
		listed |= checks[i].branch == rec->branch;
	/* a rule before the tests decided (writeback, lumpy...): the why says so */
	br = rec->branch != BR_NONE ? rec->branch : rec->action;
	snprintf(why, sizeof why, "%s%s", listed ? "" : BEFORE, branch_reason(p, br));
	cgroup_why_note(f->e, rec, why, sizeof why); /* limit reclaim: whose ptes counted */
	y += draw_sentence(y, r, "why", theme_attr(T_LABEL), why, theme_attr(T_NORMAL), bottom - y);
	if (origin && br != BR_NONE)
		y += draw_sentence(y, r, "origin", theme_attr(T_DIM), branch_origin(p, br, from, sizeof from),
				   theme_attr(T_DIM), 1);
	if (br == rec->action) /* told already: the outcome alone */
		rec_out.action = BR_NONE;
	y += draw_outcome(y, r, f, &rec_out, bottom - y - (origin ? 1 : 0));
	if (origin && rec_out.action != BR_NONE)
		draw_sentence(y, r, "origin", theme_attr(T_DIM),
			      branch_origin(p, rec->action, from, sizeof from), theme_attr(T_DIM), 1);
}

/* 6.1's feedback loop as it stands for @type: the tier cut-off of this
 * scan and each tier's refaults out of its evictions and protections, the
 * counts read_ctrl_pos() compares (6.1 mm/vmscan.c get_tier_idx()). */
static void loop_state(const struct frame *f, const struct step_record *rec, char *buf, size_t n)
{
	struct lru_gen_info g = engine_lru_gen(f->e);
	unsigned type = !(rec->inputs & IN_ANON);
	int cut = (int)rec->tier_idx - 1;
	int used = snprintf(buf, n, "scan %s, tier_idx=%d%s; refaulted/total", type ? "file" : "anon", cut,
			    cut >= 3 ? " (protects none)" : "");

	bool any = false;

	for (unsigned t = 0; t < 4 && used > 0 && (size_t)used < n; t++) {
		uint64_t refaulted = g.avg_refaulted[type][t] + g.refaulted[type][t];
		uint64_t total =
			g.avg_total[type][t] + g.evicted[type][t] + (t ? g.protected_[type][t - 1] : 0);
		if (refaulted || total) /* the tiers that have been seen */
			any = true,
			used += snprintf(buf + used, n - (size_t)used, " t%u %llu/%llu", t,
					 (unsigned long long)refaulted, (unsigned long long)total);
	}
	if (!any && used > 0 && (size_t)used < n)
		snprintf(buf + used, n - (size_t)used, " none yet");
}

/* A 6.1 sort_folio()/isolate_folio() step: the tests in the kernel's
 * order, why, the outcome, the inputs and the feedback loop, then the
 * origin, which gives way first. */
static void draw_sort(const struct rect *r, const struct frame *f, int y)
{
	const struct step_record *rec = &f->view->rec;
	const struct reclaim_policy *p = f->view->policy;
	int bottom = r->y + r->h, nc = (int)p->sort_checks->nr, room;
	unsigned refs = rec->refs, tier = refs == 0 ? 0 : refs == 1 ? 1 : refs <= 3 ? 2 : 3;
	char in[256], why[400], from[160], loop[200], gen[32];

	if (verdict_shown(f))
		draw_verdict(y++, r, f);
	room = bottom - y - 2 < nc ? bottom - y - 2 : nc; /* and the why */
	y += decision_checks(y, r, p->sort_checks->row, nc, rec, false, room);
	snprintf(why, sizeof why, "%s", branch_reason(p, rec->branch != BR_NONE ? rec->branch : rec->action));
	y += draw_sentence(y, r, "why", theme_attr(T_LABEL), why, theme_attr(T_NORMAL), bottom - y);
	/* the outcome before the details, the origin last: the page's fate
	 * and what decided it (its tier against tier_idx) at every size */
	y += draw_outcome(y, r, f, rec, bottom - y);
	/* 6.1's page flags and counters as sort_folio() read them */
	/* the page's generation by its gen counter, which the walk may have
	 * moved on while the page waits on its old list */
	if (rec->gen && rec->max_seq)
		snprintf(gen, sizeof gen, "seq=%llu",
			 (unsigned long long)lru_gen_list_seq(rec->max_seq,
							      LRU_GEN_FIRST + 2 * (rec->gen - 1)));
	else
		snprintf(gen, sizeof gen, "gen=%d", (int)rec->gen - 1);
	snprintf(in, sizeof in, "%s tier=%u refs=%u PG_referenced=%d PG_workingset=%d young=%d dirty=%d%s",
		 gen, tier, refs, !!(rec->inputs & IN_REFERENCED_PAGE), !!(rec->inputs & IN_WORKINGSET),
		 !!(rec->inputs & IN_YOUNG), !!(rec->inputs & IN_DIRTY),
		 rec->inputs & IN_WRITEBACK ? " writeback=1" : "");
	y += draw_sentence(y, r, "inputs", theme_attr(T_LABEL), in, theme_attr(T_NORMAL), bottom - y);
	loop_state(f, rec, loop, sizeof loop);
	y += draw_sentence(y, r, "loop", theme_attr(T_LABEL), loop, theme_attr(T_NORMAL), bottom - y);
	if (y < bottom && rec->branch != BR_NONE)
		draw_sentence(y, r, "origin", theme_attr(T_DIM),
			      branch_origin(p, rec->branch, from, sizeof from), theme_attr(T_DIM), 1);
}

/* 6.1's aging in the step's own terms: the walk's page already in max_seq
 * or moved there; inc_max_seq() with where the walk's pages are now and
 * why should_run_aging() asked for it (6.1 mm/vmscan.c:4431, the state
 * before the step: the new youngest generation is not counted).  False:
 * not an aging step, the branch's reason says it. */
static bool aging_sentence(const struct frame *f, const struct step_record *rec, char *buf, size_t n)
{
	struct lru_gen_info g = engine_lru_gen(f->e);
	uint64_t m = rec->max_seq, total = 0, young, old, oldest = m;
	char at[32], was[32];
	int len;

	if (rec->kind != STEP_AGING || m < 1) /* 6.1's aging: only the multi-gen LRU's steps */
		return false;
	if (rec->branch == BR_AGE_YOUNG) {
		list_label(rec->to, m, at, sizeof at);
		list_label(rec->from, m, was, sizeof was);
		if (rec->to == rec->from)
			snprintf(buf, n,
				 "the aging walk found this pte young and cleared its accessed bit; the page "
				 "is in "
				 "max_seq's generation (%s) already, so it stays there, its refs reset",
				 at);
		else
			snprintf(buf, n,
				 "the aging walk found this pte young: accessed bit cleared, refs reset, and "
				 "its gen "
				 "counter moved from %s to max_seq's, %s (the page stays linked on %s until "
				 "sort_folio() reaches it)",
				 was, at, was);
		return true;
	}
	if (rec->branch != BR_INC_MAX_SEQ)
		return false;
	/* the generations before the step: min_seq..m-1 of each type */
	for (unsigned t = 0; t < 2; t++)
		for (uint64_t s = g.min_seq[t]; s < m; s++) {
			int64_t nr = g.nr_pages[s % 4][t];
			total += nr > 0 ? (uint64_t)nr : 0;
		}
	for (unsigned t = 0; t < 2; t++)
		oldest = g.min_seq[t] < oldest ? g.min_seq[t] : oldest;
	if (rec->action == BR_INC_MIN_SEQ)
		oldest = oldest ? oldest - 1 : 0;
	young = old = 0;
	for (unsigned t = 0; t < 2; t++) {
		int64_t y = g.nr_pages[(m - 1) % 4][t], o = m >= 3 ? g.nr_pages[(m - 3) % 4][t] : 0;
		young += y > 0 ? (uint64_t)y : 0;
		old += o > 0 ? (uint64_t)o : 0;
	}
	if (rec->count)
		len = snprintf(
			buf, n,
			"the walk is over: it cleared %u young ptes and gave their pages max_seq's "
			"generation, seq %llu; a new, empty youngest generation opens (seq %llu), so those "
			"pages are now the second youngest",
			rec->count, (unsigned long long)(m - 1), (unsigned long long)m);
	else
		len = snprintf(buf, n,
			       "the walk found no young pte, so nothing moved; a new, empty youngest "
			       "generation opens (seq %llu) and every other one is one place "
			       "older: seq %llu is now the second youngest, seq %llu the third",
			       (unsigned long long)m, (unsigned long long)(m - 1),
			       (unsigned long long)(m >= 2 ? m - 2 : 0));
	if (len < 0 || (size_t)len >= n)
		return true;
	if (m - oldest <= 2) /* two generations before: eviction needs three */
		snprintf(buf + len, n - (size_t)len,
			 ". It ran because only two generations were left, and eviction never takes the last "
			 "two "
			 "(should_run_aging())");
	else if (m - oldest == 3 && old * 4 < total)
		snprintf(buf + len, n - (size_t)len,
			 ". It ran because with three generations the oldest, seq %llu, held fewer than a "
			 "quarter "
			 "of the pages (%llu of %llu: should_run_aging())",
			 (unsigned long long)(m - 3), (unsigned long long)old, (unsigned long long)total);
	else if (m - oldest == 3 && young * 2 > total)
		snprintf(buf + len, n - (size_t)len,
			 ". It ran because with three generations the youngest, seq %llu, held more than "
			 "half of "
			 "the pages (%llu of %llu: should_run_aging())",
			 (unsigned long long)(m - 1), (unsigned long long)young, (unsigned long long)total);
	return true;
}

static void draw_other(const struct rect *r, const struct frame *f, int y)
{
	const struct step_record *rec = &f->view->rec;
	const struct reclaim_policy *p = f->view->policy;
	int bottom = r->y + r->h;
	char buf[512], from[160];

	if (f->view->step == 0 || rec->kind == STEP_END) {
		const char *desc = f->app->sc->description;
		if (f->view->step == 0 && desc && desc[0]) { /* the scenario's story, whole if it fits */
			y += draw_wrap(y, r->x + 1, r->w - 2, bottom - y - 1, theme_attr(T_NORMAL), desc);
		} else {
			draw_str(y++, r->x + 1, r->w - 2, theme_attr(T_LABEL),
				 f->view->step ? "The run is over." : "Step 0: nothing has happened yet.");
		}
		if (y < bottom)
			draw_str(y, r->x + 1, r->w - 2, theme_attr(T_DIM),
				 "Space plays, l steps, s shows the scenario's text, ? lists every key.");
		return;
	}
	if (verdict_shown(f))
		draw_verdict(y++, r, f);
	y += draw_outcome(y, r, f, rec, 2);
	if (rec->count > 1 && y < bottom) {
		snprintf(buf, sizeof buf, "%u pages", rec->count);
		y += draw_sentence(y, r, "count", theme_attr(T_LABEL), buf, theme_attr(T_NORMAL), 1);
	}
	if (rec->func == FN_PAUSE) /* the scenario's own stop: its caption says why */
		y += draw_sentence(y, r, "why", theme_attr(T_LABEL),
				   "the scenario stops here for its caption (above); Space goes on",
				   theme_attr(T_NORMAL), bottom - y);
	else if (aging_sentence(f, rec, buf, sizeof buf) ||
		 cgroup_soft_limit_sentence(f->e, rec, buf, sizeof buf))
		y += draw_sentence(y, r, "why", theme_attr(T_LABEL), buf, theme_attr(T_NORMAL), bottom - y);
	else if (rec->branch != BR_NONE)
		y += draw_sentence(y, r, "why", theme_attr(T_LABEL), branch_reason(p, rec->branch),
				   theme_attr(T_NORMAL), bottom - y);
	if (rec->branch != BR_NONE && y < bottom && branch_origin(p, rec->branch, from, sizeof from)[0])
		y += draw_sentence(y, r, "origin", theme_attr(T_DIM), from, theme_attr(T_DIM), 1);
	decision_spare(r, f, y + 1);
}

static void decision_draw(const struct rect *r, const struct frame *f, bool focused)
{
	const struct step_record *rec = &f->view->rec;

	draw_head(r, f, rec, focused);
	if (rec->kind == STEP_SCAN_INACTIVE || rec->kind == STEP_SCAN_ACTIVE)
		draw_scan(r, f, r->y + 1);
	else if (rec->kind == STEP_SORT && f->view->policy->sort_checks)
		draw_sort(r, f, r->y + 1);
	else
		draw_other(r, f, r->y + 1);
}

const struct panel_ops panel_decision = {
	.name = "decision",
	.title = "Decision",
	.draw = decision_draw,
};
