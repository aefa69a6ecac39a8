/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_decision.c - why the page examined at this step went where it did
 *
 * For a shrink_page_list() step: the tests of the policy's
 * page_check_references() in the order the kernel evaluates them
 * (policy->checks), the inputs the record says were read, the first test
 * that held highlighted as taken, the ones above it marked not taken, the
 * ones below not reached; then what shrink_page_list did with the answer
 * (record.action), the reason in plain words and its origin in the kernel.
 * shrink_active_list() steps use policy->active_checks the same way;
 * workload steps name the function and its reason.  The panel only reads
 * the record: which branch fired is the engine's word, not ours.
 */
#include <stdio.h>
#include <string.h>

#include "panel.h"

void decision_inputs(const struct step_record *r, char *buf, size_t n)
{
	if (r->kind == STEP_SCAN_ACTIVE)
		snprintf(buf, n, "referenced_ptes=%u  VM_EXEC=%d  page_mapped=%d  PageAnon=%d  VM_LOCKED=%d",
			 r->referenced_ptes, !!(r->inputs & IN_VM_EXEC), !!(r->inputs & IN_MAPPED),
			 !!(r->inputs & IN_ANON), !!(r->inputs & IN_VM_LOCKED));
	else
		snprintf(buf, n,
			 "referenced_ptes=%u  PG_referenced=%d  VM_LOCKED=%d  PageAnon=%d  "
			 "page_mapped=%d  mapping_mapped=%d  PageDirty=%d  PageWriteback=%d  order=%u%s",
			 r->referenced_ptes, !!(r->inputs & IN_REFERENCED_PAGE), !!(r->inputs & IN_VM_LOCKED),
			 !!(r->inputs & IN_ANON), !!(r->inputs & IN_MAPPED),
			 !!(r->inputs & IN_MAPPING_MAPPED), !!(r->inputs & IN_DIRTY),
			 !!(r->inputs & IN_WRITEBACK), r->order, r->inputs & IN_LUMPY ? " (lumpy)" : "");
}

const char *branch_short(unsigned br)
{
	static char buf[48];
	size_t i;

	if (br >= NR_BRANCHES)
		return "";
	for (i = 0; branch_id[br][i + 3] && i + 1 < sizeof buf; i++) { /* BR_USED_ONCE -> used_once */
		char c = branch_id[br][i + 3];
		buf[i] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
	}
	buf[i] = '\0';
	return buf;
}

static const char *list_name(int l)
{
	return l < NR_LISTS ? lru_name[l] : "-";
}

void page_name(const struct app *a, uint32_t object, uint32_t index, char *buf, size_t n)
{
	if (object == OBJECT_KERNEL || object == UINT32_MAX)
		snprintf(buf, n, "kernel");
	else
		snprintf(buf, n, "%s[%u]", object_name(a, object), index);
}

/* "page libc.so[3] pfn 3   inactive_file → active_file" */
static int draw_page_line(int y, const struct rect *r, const struct frame *f, const struct step_record *rec)
{
	char name[96];

	if (rec->pfn == PFN_NONE && rec->object == UINT32_MAX)
		return 0;
	page_name(f->app, rec->object, rec->index, name, sizeof name);
	if (rec->pfn == PFN_NONE) { /* an operation on a range: map, unmap, free... */
		draw_fmt(y, r->x + 1, r->w - 2, theme_attr(T_NORMAL), "object %s, %u pages",
			 object_name(f->app, rec->object), rec->count);
		return 1;
	}
	draw_fmt(y, r->x + 1, r->w - 2, theme_attr(T_NORMAL), "page %s  pfn %u   %s %s %s", name, rec->pfn,
		 list_name(rec->from), misc_glyph(G_ARROW), list_name(rec->to));
	return 1;
}

/* The checks; returns rows used.  @hide_answer: the quiz asks first. */
int decision_checks(int y, const struct rect *r, const struct policy_check *c, int nc,
		    const struct step_record *rec, bool hide_answer, int maxrows)
{
	int taken = -1, testw = 10, rows = 0, first;

	for (int i = 0; i < nc; i++) {
		if (c[i].branch == rec->branch)
			taken = i;
		if ((int)strlen(c[i].test) > testw)
			testw = (int)strlen(c[i].test);
	}
	if (testw > r->w - 42)
		testw = r->w - 42 > 10 ? r->w - 42 : 10;
	/* short panel: skip the first tests so the taken one stays visible */
	first = !hide_answer && nc > maxrows && taken >= 0 && maxrows >= 2 && taken > maxrows - 2
			? taken - (maxrows - 2)
			: 0;
	if (first > 0)
		draw_fmt(y + rows++, r->x + 2, r->w - 3, theme_attr(T_DIM), "%s (%d tests above: not taken)",
			 misc_glyph(G_NOT_TAKEN), first);
	for (int i = first; i < nc && rows < maxrows; i++, rows++) {
		int state = hide_answer ? 3 : taken < 0 ? 2 : i < taken ? 0 : i == taken ? 1 : 2;
		static const char *const what[] = { "not taken", "TAKEN", "", "" };
		static const enum misc_glyph g[] = { G_NOT_TAKEN, G_TAKEN, G_NOT_REACHED, G_BULLET };
		attr_t a = state == 1	? theme_attr(T_TAKEN)
			   : state == 3 ? theme_attr(T_NORMAL)
					: theme_attr(T_DIM);
		draw_fmt(y + rows, r->x + 2, r->w - 3, a, "%s %-*.*s %s %-22s %s", misc_glyph(g[state]),
			 testw, testw, c[i].test, misc_glyph(G_ARROW), c[i].result, what[state]);
	}
	if (!hide_answer && taken < 0 && rows < maxrows && rec->branch != BR_NONE)
		draw_fmt(y + rows++, r->x + 2, r->w - 3, theme_attr(T_WARN), "%s decided before these tests",
			 rec->kind == STEP_SCAN_ACTIVE ? "shrink_active_list" : "shrink_page_list");
	return rows;
}

/* "why" and "origin" lines for @br; returns rows used. */
static int draw_reason(int y, const struct rect *r, const char *label, int br, int maxrows)
{
	int rows;

	if (br == BR_NONE || br >= NR_BRANCHES || maxrows <= 0)
		return 0;
	draw_str(y, r->x + 1, 8, theme_attr(T_LABEL), label);
	rows = draw_wrap(y, r->x + 9, r->w - 10, maxrows, theme_attr(T_NORMAL), branch_reason[br]);
	if (rows < maxrows && branch_origin[br][0]) {
		draw_str(y + rows, r->x + 1, 8, theme_attr(T_DIM), "origin");
		draw_str(y + rows, r->x + 9, r->w - 10, theme_attr(T_DIM), branch_origin[br]);
		rows++;
	}
	return rows;
}

static int draw_verdict(int y, const struct rect *r, const struct frame *f)
{
	const struct quiz *q = &f->app->quiz;

	if (!q->on || q->verdict_step != f->view->step || !q->verdict_step)
		return 0;
	draw_fmt(y, r->x + 1, r->w - 2, theme_attr(q->right ? T_GOOD : T_BAD),
		 "%s you said %s, the kernel said %s   score %u/%u",
		 q->right ? "RIGHT:" : "NOT QUITE:", outcome_name[q->guess],
		 outcome_name[f->view->rec.outcome], q->score, q->asked);
	return 1;
}

static void draw_scan(const struct rect *r, const struct frame *f, int y)
{
	const struct step_record *rec = &f->view->rec;
	const struct reclaim_policy *p = f->view->policy;
	bool active = rec->kind == STEP_SCAN_ACTIVE;
	int bottom = r->y + r->h;
	char in[256];

	y += draw_verdict(y, r, f);
	y += draw_page_line(y, r, f, rec);
	decision_inputs(rec, in, sizeof in);
	draw_str(y, r->x + 1, 8, theme_attr(T_LABEL), "inputs");
	y += draw_wrap(y, r->x + 9, r->w - 10, 2, theme_attr(T_NORMAL), in);
	if (bottom - y > (active ? p->nr_active_checks : p->nr_checks) + 4)
		draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_LABEL),
			 "%s, in order (the first that holds decides):",
			 active ? "shrink_active_list() tests" : "page_check_references() tests");
	y += decision_checks(y, r, active ? p->active_checks : p->checks,
			     active ? p->nr_active_checks : p->nr_checks, rec, false, bottom - y - 3);
	draw_fmt(y, r->x + 1, r->w - 2, theme_outcome(rec->outcome), "%s %s", outcome_glyph(rec->outcome),
		 outcome_name[rec->outcome]);
	y++;
	if (y < bottom)
		y += draw_reason(y, r, "why", rec->branch, bottom - y - 1 > 0 ? bottom - y - 1 : 1);
	if (rec->action != BR_NONE && y < bottom)
		draw_reason(y, r, "then", rec->action, bottom - y);
}

static void draw_other(const struct rect *r, const struct frame *f, int y)
{
	const struct step_record *rec = &f->view->rec;
	int bottom = r->y + r->h;

	if (f->view->step == 0 || rec->kind == STEP_END) {
		draw_str(y++, r->x + 1, r->w - 2, theme_attr(T_LABEL),
			 f->view->step ? "The run is over." : "Step 0: nothing has happened yet.");
		draw_str(y++, r->x + 1, r->w - 2, theme_attr(T_NORMAL),
			 "Space plays, \xe2\x86\x92 or l steps, ? lists every key.");
		draw_wrap(
			y + 1, r->x + 1, r->w - 2, bottom - y - 1, theme_attr(T_DIM),
			"Each scan step shows here the tests page_check_references() (or shrink_active_list) "
			"makes, in order, with the inputs it read; the one that decided is highlighted.");
		return;
	}
	y += draw_verdict(y, r, f);
	y += draw_page_line(y, r, f, rec);
	draw_fmt(y++, r->x + 1, r->w - 2, theme_outcome(rec->outcome), "%s %s", outcome_glyph(rec->outcome),
		 outcome_name[rec->outcome]);
	if (rec->count > 1 && y < bottom)
		draw_fmt(y++, r->x + 1, r->w - 2, theme_attr(T_DIM), "%u pages affected", rec->count);
	if (y < bottom)
		draw_reason(y, r, "why", rec->branch, bottom - y);
}

static void decision_draw(const struct rect *r, const struct frame *f, bool focused)
{
	const struct step_record *rec = &f->view->rec;
	char title[128];
	const char *fn = rec->func < NR_STEP_FUNCS ? step_func_name[rec->func] : "";

	if (f->app->quiz.asking) {
		quiz_draw(r, f);
		return;
	}
	if (rec->kind == STEP_SCAN_INACTIVE)
		snprintf(title, sizeof title, "Decision: shrink_page_list %s page_check_references()  [%s]",
			 misc_glyph(G_ARROW), f->view->policy->name);
	else if (rec->kind == STEP_SCAN_ACTIVE)
		snprintf(title, sizeof title, "Decision: shrink_active_list()  [%s]", f->view->policy->name);
	else if (f->view->step && rec->kind != STEP_END)
		snprintf(title, sizeof title, "Step: %s%s", fn[0] ? fn : step_kind_name[rec->kind],
			 fn[0] ? "()" : "");
	else
		snprintf(title, sizeof title, "Decision");
	draw_title(r, title, focused);
	if (rec->kind == STEP_SCAN_INACTIVE || rec->kind == STEP_SCAN_ACTIVE)
		draw_scan(r, f, r->y + 1);
	else
		draw_other(r, f, r->y + 1);
}

const struct panel_ops panel_decision = {
	.name = "decision",
	.title = "Decision",
	.draw = decision_draw,
};
