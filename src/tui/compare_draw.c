/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/compare_draw.c - compare mode's screen
 *
 *   bar          compare A vs B | access k/N | play state | what n/N find
 *   caption      (or the message)
 *   divergence   the one at this access, or how many there are; the
 *                verdict at the end (as many rows as it needs, within reason)
 *   objects      each object's residency and refaults, left|right
 *   left side    its bar, its lists, its decision line(s), its log
 *   right side   the same
 *   footer
 *
 * 160 columns or more: the sides side by side; narrower, one above the
 * other, each side's lists given a row a list at least (compressed: one
 * cell stands for several pages), then its decision, then the log with
 * what is left.  Each side's lists, decision line and log show the same
 * step: at a divergence's moment, that moment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../replay/names.h"
#include "../replay/verdict.h"
#include "compare.h"
#include "panel.h"
#include "run.h"

#define SIDE_BY_SIDE_COLS 160

static const char *const side_name[2] = { "left", "right" };

static bool is_scan(const struct step_record *r)
{
	return r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE;
}

/* What an access found, in a word. */
static const char *fate_word(const struct step_record *r)
{
	switch (fate_of(r)) {
	case FATE_HIT: return "in memory";
	case FATE_FAULT: return "fault";
	case FATE_REFAULT: return "refault (evicted earlier)";
	case FATE_NONE: break;
	}
	return outcome_name[r->outcome < NR_OUTCOMES ? r->outcome : OUT_NONE];
}

static void bar(const struct app *a, int cols)
{
	const struct compare *c = &a->cmp;
	char total[32], name[2][40];

	if (compare_complete(a))
		snprintf(total, sizeof total, "%llu", (unsigned long long)compare_positions(a));
	else
		snprintf(total, sizeof total, "%llu+", (unsigned long long)compare_positions(a));
	attron(theme_attr(T_BAR));
	mvhline(0, 0, ' ', cols);
	attroff(theme_attr(T_BAR));
	draw_fmt(0, 0, cols, theme_attr(T_BAR), " compare %s vs %s | access %llu/%s | %s | n/N: %s | %s ",
		 run_name(a, &a->views[0], name[0], sizeof name[0]),
		 run_name(a, &a->views[1], name[1], sizeof name[1]), (unsigned long long)c->k, total,
		 a->ui.playing ? "playing" : "paused", div_kind_name[c->kind], a->sc->title);
}

/* The verdict in words (replay/verdict.h), one string. */
static void verdict_text(const struct app *a, char *buf, size_t n)
{
	struct verdict v;
	size_t len = (size_t)snprintf(buf, n, "verdict:");
	char name[2][40];

	verdict_make(&v, view_engine(&a->views[0]), view_engine(&a->views[1]));
	for (int s = 0; s < 2; s++) /* "2.6.34/global" beside "2.6.34" */
		v.policy[s] = run_name(a, &a->views[s], name[s], sizeof name[s]);
	for (uint32_t i = 0; i < v.nr && len + 2 < n; i++) {
		buf[len++] = ' ';
		len += verdict_object_text(&v, i, object_name(&a->sc->wl, v.obj[i].object), buf + len,
					   n - len);
	}
	if (!v.nr && len + 2 < n) {
		buf[len++] = ' ';
		len += verdict_same_text(buf + len, n - len);
	}
	if (len + 2 < n) {
		buf[len++] = ' ';
		verdict_cost_text(&v, buf + len, n - len);
	}
	verdict_free(&v);
}

/* Rows draw_wrap() takes for @s at width @w (the same cuts: at a space). */
static int wrap_rows(const char *s, int w)
{
	int rows = 0;

	while (*s) {
		size_t n = strlen(s);
		if (n > (size_t)w) {
			size_t sp = (size_t)w;
			while (sp > 0 && s[sp] != ' ')
				sp--;
			n = sp ? sp : (size_t)w;
		}
		s += n;
		while (*s == ' ')
			s++;
		rows++;
	}
	return rows ? rows : 1;
}

static bool at_end(const struct app *a)
{
	return compare_complete(a) && a->cmp.k >= compare_positions(a) && a->cmp.k > 0;
}

/* The divergence at this access, or what n finds, or the verdict. */
static void draw_divergence(int y, int rows, int w, const struct app *a)
{
	const struct compare *c = &a->cmp;
	uint64_t n = c->ls.count[c->kind];
	char page[96], text[1024], side_text[2][80];
	int x;

	if (at_end(a)) {
		verdict_text(a, text, sizeof text);
		draw_wrap(y, 0, w, rows, theme_attr(T_TAKEN), text);
		return;
	}
	if (!c->div.found) {
		snprintf(text, sizeof text, "n: the next divergence (%s): %llu %s; f: another kind",
			 div_kind_name[c->kind], (unsigned long long)n,
			 c->ls.done		? "in the run"
			 : compare_exhausted(a) ? "in the part indexed"
						: "so far");
		draw_wrap(y, 0, w, rows, theme_attr(T_DIM), text);
		return;
	}
	page_name(&a->sc->wl, c->div.object, c->div.index, page, sizeof page);
	/* the point is each side's word: shorter forms of the rest first
	 * (the decision's place among the access's, "access", the policies'
	 * names), so that at 80 columns the line keeps both (the sides'
	 * decision lines say them too) */
	for (int form = 0; form < 4; form++) {
		char head[200], sub[32] = "", name[40];
		if (c->div.nsub > 1 && form == 0) /* several decisions differ after this access: which one */
			snprintf(sub, sizeof sub, " (%u of %u here)", c->div.sub + 1, c->div.nsub);
		snprintf(head, sizeof head,
			 form < 2 ? "divergence %llu/%llu%s at access %llu: %s%s"
				  : "divergence %llu/%llu%s at %llu: %s%s",
			 (unsigned long long)c->div.rank, (unsigned long long)n,
			 compare_exhausted(a) ? "" : "+", (unsigned long long)c->div.k, page, sub);
		for (int s = 0; s < 2; s++) {
			const struct step_record *r = &c->div.rec[s];
			const char *word = c->div.kind == DIV_DECISION || c->div.kind == DIV_WORDING
						   ? scan_decision_name(a->views[s].policy, r)
						   : fate_word(r);
			snprintf(side_text[s], sizeof side_text[s], "%s%s%s%s", s ? " vs " : ": ",
				 form < 3 ? run_name(a, &a->views[s], name, sizeof name) : "",
				 form < 3 ? " " : "", word);
		}
		if (form < 3 && str_width(head) + str_width(side_text[0]) + str_width(side_text[1]) > w)
			continue;
		x = draw_str(y, 0, w, theme_attr(T_WARN), head);
		for (int s = 0; s < 2; s++)
			x += draw_str(y, x, w - x, theme_outcome(c->div.rec[s].outcome), side_text[s]);
		break;
	}
	if (rows > 1 && !c->moment)
		draw_str(y + 1, 0, w, theme_attr(T_DIM), "h: back to the moment itself, on both sides");
}

/* Each object: resident pages and refaults on both sides, "left|right",
 * whole items only, an elision mark when some do not fit. */
static void draw_objects(int y, int w, const struct app *a)
{
	int x = draw_str(y, 0, w, theme_attr(T_LABEL), "resident|refaults ");
	char item[160];

	for (uint32_t o = 0; o < a->sc->wl.nr_objects; o++) {
		struct object_stats s0 = engine_object(view_engine(&a->views[0]), o);
		struct object_stats s1 = engine_object(view_engine(&a->views[1]), o);
		uint32_t pages = a->sc->wl.objects[o].pages;
		bool differ = s0.resident != s1.resident || s0.refaults != s1.refaults;
		int iw;
		snprintf(item, sizeof item, "%s %u|%u%% rf %llu|%llu  ", object_name(&a->sc->wl, o),
			 100 * s0.resident / pages, 100 * s1.resident / pages,
			 (unsigned long long)s0.refaults, (unsigned long long)s1.refaults);
		iw = str_width(item) - 2;
		if (x + iw > w - 2 && (o + 1 < a->sc->wl.nr_objects || x + iw > w)) {
			draw_str(y, x, w - x, theme_attr(T_DIM), misc_glyph(G_ELIDED));
			return;
		}
		x += draw_str(y, x, w - x, theme_attr(differ ? T_WARN : T_DIM), item);
	}
}

/* One side's record, the step its lists show: the page, the outcome and
 * the rule on the first row, the reason on the rows after. */
static void draw_decision(int y, int x0, int w, int rows, const struct app *a, int s)
{
	const struct view *v = &a->views[s];
	const struct step_record *r = &v->rec;
	char page[96], lf[24], lt[24], gist[160];
	int x = x0;

	if (rows <= 0)
		return;
	if (v->step == 0 || r->kind == STEP_END) {
		draw_str(y, x, w, theme_attr(T_DIM),
			 v->step ? "the run is over" : "step 0: nothing has happened yet");
		return;
	}
	if (step_without_page(r, page, sizeof page)) { /* no page, no move: the step in words */
		draw_fmt(y, x, w, theme_attr(T_NORMAL), "step %llu: %s", (unsigned long long)r->step, page);
		return;
	}
	page_name(&a->sc->wl, r->object, r->index, page, sizeof page);
	x += draw_fmt(y, x, x0 + w - x, theme_outcome(r->outcome), "%s %s ", outcome_glyph(r->outcome),
		      is_scan(r)		 ? scan_decision_name(v->policy, r)
		      : r->kind == STEP_WORKLOAD ? fate_word(r)
						 : step_outcome_word(r));
	x += draw_fmt(y, x, x0 + w - x, theme_attr(T_NORMAL), "%s %s %s %s ", page,
		      list_label(r->from, r->max_seq, lf, sizeof lf), misc_glyph(G_ARROW),
		      list_label(r->to, r->max_seq, lt, sizeof lt));
	if (rows == 1 &&
	    branch_gist(v->policy, r->branch, gist, sizeof gist)[0]) /* else the reason follows */
		draw_fmt(y, x, x0 + w - x, theme_attr(T_DIM), "(%s)", gist);
	if (rows > 1 && r->branch != BR_NONE)
		draw_wrap(y + 1, x0 + 2, w - 2, rows - 1, theme_attr(T_NORMAL),
			  branch_reason(v->policy, r->branch));
}

/* The side's steps in stretch k up to the step shown, newest first. */
static void draw_stretch_log(const struct rect *r, const struct app *a, int s)
{
	const struct compare *c = &a->cmp;
	const struct view *v = &a->views[s];
	uint64_t from = c->k ? compare_at(a, s, c->k - 1) : 0;
	int y = r->y, i = 0;
	const struct step_record *rec;

	if (!c->k || r->h <= 0)
		return;
	for (; y < r->y + r->h && (rec = view_log_entry(v, i)) && rec->step > from; i++, y++) {
		char name[96], gist[160];
		int x = r->x + 1;
		page_name(&a->sc->wl, rec->object, rec->index, name, sizeof name);
		x += draw_fmt(y, x, r->x + r->w - x, theme_attr(T_DIM), "%7llu ",
			      (unsigned long long)rec->step);
		x += draw_fmt(y, x, r->x + r->w - x, theme_outcome(rec->outcome), "%s %-21s",
			      outcome_glyph(rec->outcome),
			      is_scan(rec) ? scan_decision_name(v->policy, rec) : step_outcome_word(rec));
		x += draw_fmt(y, x, r->x + r->w - x, theme_attr(T_NORMAL), " %-16s ", name);
		draw_str(y, x, r->x + r->w - x, theme_attr(T_DIM),
			 branch_gist(v->policy, rec->branch, gist, sizeof gist));
	}
}

/* Lists the side shows: the evictable four, the unevictable list when
 * either side has pages on it, and a row kept for the isolated batch. */
/* The lists' rows of a side: title, a row a list, the evicted strip
 * (the same for both sides: one scenario). */
static int lists_min(const struct app *a, int w)
{
	struct lists_need ln;

	panel_lists_need(&(struct frame){ .app = a, .view = &a->views[0], .e = view_engine(&a->views[0]) }, w,
			 &ln);
	return ln.min;
}

/* One side in @r: its bar, its lists (@lh rows, drawn at the scale both
 * sides share, so that rows and cells line up), its decision (@dh
 * rows), then its log with what is left. */
static void draw_side(const struct rect *r, const struct app *a, int s, int lh, int dh)
{
	const struct compare *c = &a->cmp;
	const struct view *v = &a->views[s];
	struct frame f = { .app = a, .view = v, .e = view_engine(v), .pair = &a->views[!s] };
	struct watermarks wm = engine_watermarks(f.e);
	int gh;
	char where[96] = "", name[40];

	if (lh > r->h - 1 - dh)
		lh = r->h - 1 - dh;
	gh = r->h - 1 - lh - dh;
	if (c->moment && c->div.found && v->step == c->div.rec[s].step)
		snprintf(where, sizeof where, ", at the divergence");
	else if (c->moment)
		snprintf(where, sizeof where, ", in access %llu's reclaim", (unsigned long long)c->k);
	draw_fmt(r->y, r->x, r->w, theme_attr(c->focus == s ? T_TITLE_FOCUS : T_BAR),
		 "%s%s: %s | access %llu | step %llu/%llu%s%s | free %u (min %u low %u high %u) ",
		 c->focus == s ? ">" : " ", side_name[s], run_name(a, v, name, sizeof name),
		 (unsigned long long)c->k, (unsigned long long)v->step, (unsigned long long)v->total,
		 v->complete ? "" : "+", where, engine_list(f.e, LRU_FREE).nr, wm.min, wm.low, wm.high);
	if (lh >= 2)
		panel_lists.draw(&(struct rect){ r->y + 1, r->x, lh, r->w }, &f, false);
	draw_decision(r->y + 1 + lh, r->x + 1, r->w - 2, dh, a, s);
	draw_stretch_log(&(struct rect){ r->y + 1 + lh + dh, r->x, gh, r->w }, a, s);
}

/* The keys of compare mode.  Below the width of their long form they are
 * packed as the main footer packs its own (key, then label, one space
 * between), so ? and q stay on screen at 80 columns. */
static const struct {
	const char *key, *ascii, *label, *short_label;
} cmp_keys[] = {
	{ "\xe2\x86\x90\xe2\x86\x92", "h/l", "access", "Access" },
	{ "n/N", NULL, "next", "Next" },
	{ "f", NULL, "kind", "Kind" },
	{ "Tab", NULL, "side", "Side" },
	{ "p", NULL, "policy", "Policy" },
	{ "Space", NULL, "play", "Play" },
	{ "Home/End", NULL, "", "" },
	{ "c", NULL, "leave", "Leave" },
	{ "?", NULL, "help", "Help" },
	{ "q", NULL, "quit", "Quit" },
};
#define NR_CMP_KEYS (int)(sizeof cmp_keys / sizeof cmp_keys[0])

static void footer(int y, int cols)
{
	int x = 1, need = 1;
	bool packed;

	for (int i = 0; i < NR_CMP_KEYS; i++)
		need += str_width(cmp_keys[i].key) + (cmp_keys[i].label[0] ? 1 : 0) +
			(int)strlen(cmp_keys[i].label) + 2;
	packed = need > cols;
	attron(theme_attr(T_BAR));
	mvhline(y, 0, ' ', cols);
	attroff(theme_attr(T_BAR));
	for (int i = 0; i < NR_CMP_KEYS && x < cols; i++) {
		const char *key = theme_ascii() && cmp_keys[i].ascii ? cmp_keys[i].ascii : cmp_keys[i].key;
		if (packed && i == 5)
			key = "Spc";
		x += draw_str(y, x, cols - x, theme_attr(packed ? T_BAR_KEY : T_BAR), key);
		if (!packed && cmp_keys[i].label[0])
			x += draw_str(y, x, cols - x, theme_attr(T_BAR), " ");
		x += draw_str(y, x, cols - x, theme_attr(T_BAR),
			      packed ? cmp_keys[i].short_label : cmp_keys[i].label);
		x += packed ? 1 : 2;
	}
}

/*
 * Rows, from a plan that keeps each side whole: its bar, every list a row
 * and its evicted strip (lists_min), and a decision line.  What is left
 * goes to the divergence line (at the end the verdict, whole), the
 * objects' row, the caption, the legend, then the sides' lists (up to a
 * page a cell, the same rows on both sides) and logs.  At the end the
 * decision lines (a pause point) give way to the verdict first.
 */
void compare_draw(const struct app *a, int cols, int lines)
{
	const struct compare *c = &a->cmp;
	const struct wl_op *op = NULL;
	bool wide = cols >= SIDE_BY_SIDE_COLS, end = at_end(a);
	int sw = wide ? (cols - 1) / 2 : cols, lmin = lists_min(a, sw), nsides = wide ? 1 : 2;
	int dh = lines >= 40 ? 2 : 1, divrows = 1, caprows, objrows, legrows, left, lh, hs, top, want;
	struct lists_need ln;
	char text[1024];

	panel_lists_need(&(struct frame){ .app = a,
					  .view = &a->views[0],
					  .e = view_engine(&a->views[0]),
					  .pair = &a->views[1] },
			 sw, &ln);
	if (end) { /* the verdict whole: as many rows as it needs */
		verdict_text(a, text, sizeof text);
		divrows = wrap_rows(text, cols);
	} else if (c->div.found && !c->moment && lines >= 40) {
		divrows = 2;
	}
	left = lines - 2 - nsides * (1 + lmin + dh); /* the bar and footer, the sides' minimum */
	if (end && left < divrows && dh) {	     /* a pause point's line gives way to the verdict */
		left += nsides * dh;
		dh = 0;
	}
	divrows = divrows < left ? divrows : left > 1 ? left : 1;
	left -= divrows;
	caprows = left > 0 ? 1 : 0;
	left -= caprows;
	objrows = left > 0 ? 1 : 0;
	left -= objrows;
	legrows = left >= 2 && lines >= 40 ? 2 : left > 0 ? 1 : 0;
	left -= legrows;
	left = left > 0 ? left : 0;
	/* what is left: the lists up to what they want, then the logs */
	want = ln.want - lmin;
	lh = lmin + (want < left / nsides ? want : left / nsides);
	hs = (lines - 2 - divrows - caprows - objrows - legrows) / nsides;
	top = 1 + caprows + divrows + objrows;
	if (c->k && a->views[0].rec.op < a->sc->wl.nr_ops)
		op = &a->sc->wl.ops[a->views[0].rec.op];
	bar(a, cols);
	if (caprows && a->ui.msg[0])
		draw_str(1, 0, cols, theme_attr(T_WARN), a->ui.msg);
	else if (caprows && op && op->caption != UINT32_MAX)
		draw_str(1, 0, cols, theme_attr(T_CAPTION), a->sc->wl.captions[op->caption]);
	draw_divergence(1 + caprows, divrows, cols, a);
	if (objrows)
		draw_objects(1 + caprows + divrows, cols, a);
	if (wide) {
		draw_side(&(struct rect){ top, 0, hs, sw }, a, 0, lh, dh);
		attron(theme_attr(T_DIM));
		draw_vline(top, sw, hs);
		attroff(theme_attr(T_DIM));
		draw_side(&(struct rect){ top, sw + 1, hs, sw }, a, 1, lh, dh);
	} else {
		draw_side(&(struct rect){ top, 0, hs, cols }, a, 0, lh, dh);
		draw_side(&(struct rect){ top + hs, 0, hs, cols }, a, 1, lh, dh);
	}
	/* drawn after the sides: it lists what they drew when all do not fit */
	panel_legend_draw(&(struct rect){ lines - 1 - legrows, 0, legrows, cols },
			  &(struct frame){ .app = a, .view = &a->views[0], .e = view_engine(&a->views[0]) });
	footer(lines - 1, cols);
}
