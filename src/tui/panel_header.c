/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_header.c - the frame around the panels: header, caption,
 * banner, footer, and the screen shown when the terminal is too small
 *
 * The header says where we are (step n/total, play state and speed), under
 * which policy, in which mode (the badge), then how much memory is free
 * against the zone watermarks and who is reclaiming.  Its parts have an
 * order of importance; at a narrow width the least important go first, so
 * the step, its total and the play state are there at every size.  The
 * footer lists the main keys in htop's style; when they do not fit, the
 * least used lose their labels first (the key stays), never the key.
 */
#include <stdio.h>
#include <string.h>

#include "../replay/names.h"
#include "run.h"
#include "panel_cgroup.h"
#include "panel.h"

/* The mode badge, e.g. "QUIZ 3/5", or "" (the header keeps room for it
 * at every size). */
static void badge_of(const struct app *a, char *buf, size_t n)
{
	if (a->quiz.on)
		snprintf(buf, n, "QUIZ %u/%u", a->quiz.score, a->quiz.asked);
	else
		buf[0] = '\0';
}

/* One part of a bar: its text, its attributes, its rank (0: kept last). */
struct part {
	char text[160];
	int item, rank;
	bool show;
};

/* Keep the parts of highest rank that fit in @w columns, in their order;
 * returns the columns they take.  Part @stretch (-1: none) is drawn last
 * in whatever is left, cut with the mark if it must be. */
static int fit_parts(struct part *p, int n, int w)
{
	int used = 0;

	for (int i = 0; i < n; i++) {
		p[i].show = true;
		used += str_width(p[i].text);
	}
	for (int rank = 9; used > w && rank > 0; rank--)
		for (int i = n - 1; i >= 0 && used > w; i--)
			if (p[i].show && p[i].rank == rank) {
				p[i].show = false;
				used -= str_width(p[i].text);
			}
	return used;
}

static int draw_parts(int y, int x, int w, const struct part *p, int n)
{
	int used = 0;

	for (int i = 0; i < n; i++)
		if (p[i].show)
			used += draw_str(y, x + used, w - used, theme_attr(p[i].item), p[i].text);
	return used;
}

static void speed_text(const struct app *a, char *buf, size_t n)
{
	int sp = speed_steps(a->ui.speed);

	snprintf(buf, n, "%d step%s/s", sp, sp == 1 ? "" : "s");
}

static void header_line1(const struct rect *r, const struct frame *f)
{
	const struct app *a = f->app;
	const struct view *v = f->view;
	struct part p[10];
	char speed[32], badge[64], pname[40];
	int n = 0, used, titlew;
	bool badge_shown;

	speed_text(a, speed, sizeof speed);
	badge_of(a, badge, sizeof badge);
	p[n] = (struct part){ .item = T_BAR_KEY, .rank = 6 };
	snprintf(p[n++].text, sizeof p[0].text, " vmscan-viz ");
	p[n] = (struct part){ .item = T_BAR, .rank = 3 };
	snprintf(p[n++].text, sizeof p[0].text, "| policy %s ", run_name(a, v, pname, sizeof pname));
	p[n] = (struct part){ .item = T_BAR, .rank = 0 };
	snprintf(p[n++].text, sizeof p[0].text, "| step %llu/%llu%s ", (unsigned long long)v->step,
		 (unsigned long long)v->total, v->complete ? "" : "+ (indexing)");
	p[n] = (struct part){ .item = T_BAR, .rank = 3 }; /* the point in the workload, which p keeps */
	snprintf(p[n++].text, sizeof p[0].text, "| access %llu ",
		 (unsigned long long)step_index_access_at(&v->idx, v->step));
	p[n] = (struct part){ .item = T_BAR, .rank = 1 };
	snprintf(p[n++].text, sizeof p[0].text, "| %s %s ", a->ui.playing ? "playing" : "paused", speed);
	p[n] = (struct part){ .item = T_BAR, .rank = 4 };
	/* with a question open, the outcome n/N looked for would be the answer */
	snprintf(p[n++].text, sizeof p[0].text, "| n/N: %s%s%.24s ",
		 f->ask && a->ui.filter >= FILTER_ACTIVATE && a->ui.filter <= FILTER_ROTATE
			 ? "a decision"
			 : filter_name[a->ui.filter],
		 a->ui.filter_of ? " of " : "",
		 a->ui.filter_of ? a->sc->wl.objects[a->ui.filter_of - 1].name : "");
	if (a->sc->wl.nr_cgroups) { /* whose lists the lists panel draws (m) */
		uint8_t k = a->ui.lists_memcg <= a->sc->wl.nr_cgroups ? a->ui.lists_memcg : 0;
		/* a cgroup's always said; the zone's (the default) gives way first */
		p[n] = (struct part){ .item = T_BAR, .rank = k ? 1 : 5 };
		snprintf(p[n++].text, sizeof p[0].text, "| lists: %.24s ",
			 k ? a->sc->wl.cgroups[k - 1].name : "zone");
	}
	if (a->ui.big) {
		p[n] = (struct part){ .item = T_BAR, .rank = 5 };
		snprintf(p[n++].text, sizeof p[0].text, "| projector ");
	}
	if (badge[0]) {
		p[n] = (struct part){ .item = T_BADGE, .rank = 2 };
		snprintf(p[n++].text, sizeof p[0].text, " %s ", badge);
	}
	attron(theme_attr(T_BAR));
	mvhline(r->y, r->x, ' ', r->w);
	attroff(theme_attr(T_BAR));
	used = fit_parts(p, n, r->w);
	/* the scenario's title in what is left, after the program's name */
	titlew = r->w - used - 1;
	badge_shown = badge[0] && p[n - 1].show;
	if (badge[0]) /* the badge sits at the right end */
		p[n - 1].show = false;
	used = draw_parts(r->y, r->x, r->w, p, 1);
	if (!used && titlew < 8) { /* no name, no title: the first part opens the bar */
		for (int i = 1; i < n; i++)
			if (p[i].show && strncmp(p[i].text, "| ", 2) == 0) {
				memmove(p[i].text, p[i].text + 1, strlen(p[i].text));
				break;
			}
	}
	if (titlew >= 8) {
		used += draw_fmt(r->y, r->x + used, titlew - 1, theme_attr(T_BAR), " %s",
				 a->sc->title ? a->sc->title : a->sc->path);
		used += draw_str(r->y, r->x + used, 1, theme_attr(T_BAR), " ");
	}
	draw_parts(r->y, r->x + used, r->w - used, p + 1, n - 1);
	if (badge_shown && (used = str_width(p[n - 1].text)) <= r->w)
		draw_str(r->y, r->x + r->w - used, used, theme_attr(T_BADGE), p[n - 1].text);
}

static void header_line2(const struct rect *r, const struct frame *f)
{
	struct watermarks wm = engine_watermarks(f->e);
	struct reclaim_info ri = engine_reclaim(f->e);
	uint32_t free_pages = engine_list(f->e, LRU_FREE).nr;
	const char *level = free_pages < wm.min	   ? "below min"
			    : free_pages < wm.low  ? "below low"
			    : free_pages < wm.high ? "below high"
						   : "ok";
	char whobuf[48];
	const char *who = cgroup_reclaimer_name(f->e, ri.reclaimer, ri.mem_cgroup, whobuf, sizeof whobuf);
	struct part p[5];
	int n = 0;

	p[n] = (struct part){ .item = free_pages < wm.low ? T_WARN : T_LABEL, .rank = 0 };
	snprintf(p[n++].text, sizeof p[0].text, " free %u (%s)", free_pages, level);
	p[n] = (struct part){ .item = T_DIM, .rank = 3 };
	snprintf(p[n++].text, sizeof p[0].text, "  watermarks min %u low %u high %u", wm.min, wm.low,
		 wm.high);
	p[n] = (struct part){ .item = ri.kswapd_awake ? T_WARN : T_DIM, .rank = 2 };
	snprintf(p[n++].text, sizeof p[0].text, "  |  kswapd %s", ri.kswapd_awake ? "awake" : "asleep");
	p[n] = (struct part){ .item = ri.reclaimer != RECLAIMER_NONE ? T_WARN : T_DIM, .rank = 1 };
	if (ri.reclaimer != RECLAIMER_NONE && ri.nr_to_reclaim <= engine_nr_pages(f->e))
		snprintf(p[n++].text, sizeof p[0].text,
			 "  |  %s reclaim, priority %d, reclaimed %llu of %llu", who, ri.priority,
			 (unsigned long long)ri.nr_reclaimed, (unsigned long long)ri.nr_to_reclaim);
	else if (ri.reclaimer != RECLAIMER_NONE) /* kswapd: no target, up to the high watermark */
		snprintf(p[n++].text, sizeof p[0].text, "  |  %s reclaim, priority %d, reclaimed %llu", who,
			 ri.priority, (unsigned long long)ri.nr_reclaimed);
	else if (f->ask && f->ask->reclaimer == RECLAIMER_MEMCG &&
		 f->ask->memcg) /* the question's step starts it */
		snprintf(p[n++].text, sizeof p[0].text,
			 "  |  limit reclaim of %s (%llu/%llu pages) starts with the next step, its pages "
			 "only, "
			 "priority %d",
			 engine_workload(f->e)->cgroups[f->ask->memcg - 1].name,
			 (unsigned long long)engine_memcg_stat(f->e, f->ask->memcg, MEMCG_USAGE),
			 (unsigned long long)engine_memcg_stat(f->e, f->ask->memcg, MEMCG_LIMIT),
			 f->ask->priority);
	else if (f->ask && f->ask->reclaimer != RECLAIMER_NONE)
		snprintf(p[n++].text, sizeof p[0].text,
			 "  |  %s reclaim starts with the next step, priority %d",
			 cgroup_reclaimer_name(f->e, f->ask->reclaimer, f->ask->memcg, whobuf, sizeof whobuf),
			 f->ask->priority);
	else
		snprintf(p[n++].text, sizeof p[0].text, "  |  no reclaim running");
	if (ri.reclaimer == RECLAIMER_MEMCG) /* whose limit, and how full */
		snprintf(p[n - 1].text, sizeof p[0].text,
			 "  |  limit reclaim of %s (%llu/%llu pages), its pages only, priority %d, reclaimed "
			 "%llu of %llu",
			 who + 6, (unsigned long long)engine_memcg_stat(f->e, ri.mem_cgroup, MEMCG_USAGE),
			 (unsigned long long)engine_memcg_stat(f->e, ri.mem_cgroup, MEMCG_LIMIT), ri.priority,
			 (unsigned long long)ri.nr_reclaimed, (unsigned long long)ri.nr_to_reclaim);
	if (ri.reclaimer == RECLAIMER_SOFT) /* kswapd's soft limit pass: whose, how far over */
		snprintf(p[n - 1].text, sizeof p[0].text,
			 "  |  kswapd soft limit reclaim of %s (%llu pages, soft limit %llu), priority 0, "
			 "reclaimed %llu",
			 who + 5, (unsigned long long)engine_memcg_stat(f->e, ri.mem_cgroup, MEMCG_USAGE),
			 (unsigned long long)engine_workload(f->e)->cgroups[ri.mem_cgroup - 1].soft_limit,
			 (unsigned long long)ri.nr_reclaimed);
	p[n] = (struct part){ .item = T_DIM, .rank = 4 };
	snprintf(p[n++].text, sizeof p[0].text, "  |  swap free %u", engine_swap_free(f->e));
	fit_parts(p, n, r->w);
	draw_parts(r->y + 1, r->x, r->w, p, n);
}

void panel_header_draw(const struct rect *r, const struct frame *f)
{
	header_line1(r, f);
	if (r->h > 1)
		header_line2(r, f);
}

/* The caption of operation @op, or of the last operation before it that
 * had one: an expanded `stream` keeps its caption on its first op only. */
static const char *current_caption(const struct workload *wl, uint32_t op)
{
	if (op >= wl->nr_ops)
		return NULL;
	for (uint32_t i = op + 1, n = 0; i-- > 0 && n < 100000; n++)
		if (wl->ops[i].caption < wl->nr_captions)
			return wl->captions[wl->ops[i].caption];
	return NULL;
}

void panel_caption_draw(const struct rect *r, const struct frame *f)
{
	const struct workload *wl = &f->app->sc->wl;
	const struct step_record *rec = &f->view->rec;
	const char *text = NULL;
	char buf[1200];

	if (!r->h)
		return;
	if (run_bookmark(f->app))
		text = run_bookmark(f->app)->text;
	else if (f->view->step == 0)
		text = f->app->sc->description;
	else
		text = current_caption(wl, rec->op);
	if (!text || !text[0])
		return;
	snprintf(buf, sizeof buf, "%s%s", text,
		 f->view->step && (rec->inputs & IN_PAUSE) ? "   [pause point: space goes on]" : "");
	attron(theme_attr(T_CAPTION));
	for (int i = 0; i < r->h; i++)
		mvhline(r->y + i, r->x, ' ', r->w);
	attroff(theme_attr(T_CAPTION));
	draw_wrap(r->y, r->x + 1, r->w - 2, r->h, theme_attr(T_CAPTION), buf);
}

/* Projector mode: the outcome in big letters on its colour. */
void panel_banner_draw(const struct rect *r, const struct frame *f)
{
	const struct step_record *rec = f->ask ? f->ask : &f->view->rec;
	char name[96], text[200], up[32], to[24];
	attr_t a;
	size_t i;

	if (r->h <= 0)
		return;
	page_name(&f->app->sc->wl, rec->object, rec->index, name, sizeof name);
	if (f->ask) {
		a = theme_attr(T_EXAMINED);
		snprintf(text, sizeof text, "?   what will the kernel do with %s?", name);
	} else if (f->view->step == 0 || rec->kind == STEP_END) {
		a = theme_attr(T_TITLE_FOCUS);
		snprintf(text, sizeof text, "%s", f->view->step ? "the run is over" : "space plays, l steps");
	} else if (step_without_page(rec, text, sizeof text)) { /* a pause point: no page to name */
		a = theme_attr(T_TITLE_FOCUS);
	} else {
		/* the outcome, or for a step without one (a touch) its branch */
		snprintf(up, sizeof up, "%s",
			 rec->outcome != OUT_NONE    ? outcome_name[rec->outcome]
			 : step_outcome_word(rec)[0] ? step_outcome_word(rec)
			 : rec->branch != BR_NONE    ? branch_name(f->view->policy, rec->branch)
						     : step_kind_name[rec->kind]);
		for (i = 0; up[i]; i++)
			up[i] = up[i] >= 'a' && up[i] <= 'z' ? (char)(up[i] - 'a' + 'A') : up[i];
		a = rec->outcome == OUT_NONE ? theme_attr(T_TITLE_FOCUS) : theme_outcome_mark(rec->outcome);
		if (rec->to == LRU_FREE && rec->pfn != PFN_NONE)
			snprintf(text, sizeof text, "%s  %s   %s  evicted", outcome_glyph(rec->outcome), up,
				 name);
		else if (rec->pfn != PFN_NONE && rec->to < NR_LISTS)
			snprintf(text, sizeof text, "%s  %s   %s  %s %s", outcome_glyph(rec->outcome), up,
				 name, misc_glyph(G_ARROW), list_label(rec->to, rec->max_seq, to, sizeof to));
		else
			snprintf(text, sizeof text, "%s  %s   %s", outcome_glyph(rec->outcome), up, name);
	}
	attron(a);
	for (int row = 0; row < r->h; row++)
		mvhline(r->y + row, r->x, ' ', r->w);
	attroff(a);
	{
		int w = str_width(text), x = r->x + (r->w - w) / 2;
		draw_str(r->y + r->h / 2, x > r->x ? x : r->x, r->w, a, text);
	}
}

/* The footer's keys, most used first; the last ones lose their labels
 * first when the row is short. */
static const struct {
	const char *key, *ascii, *label;
} footer_items[] = {
	{ "?", NULL, "Help" },	 { "Spc", NULL, "Play" },  { "\xe2\x86\x90\xe2\x86\x92", "h/l", "Step" },
	{ "n/N", NULL, "Next" }, { "f", NULL, "Kind" },	   { "p", NULL, "Policy" },
	{ "Q", NULL, "Quiz" },	 { "c", NULL, "Compare" }, { "B", NULL, "Big" },
	{ "q", NULL, "Quit" },	 { "g", NULL, "Goto" },	   { "i", NULL, "Inspect" },
	{ "/", NULL, "Find" },	 { "s", NULL, "Story" },   { "o", NULL, "Open" },
};
#define NR_FOOTER (int)(sizeof footer_items / sizeof footer_items[0])
/* the order they are drawn in */
static const int footer_order[NR_FOOTER] = { 0, 1, 2, 3, 4, 10, 5, 14, 11, 12, 13, 6, 8, 7, 9 };

static const char *footer_key(int i)
{
	return theme_ascii() && footer_items[i].ascii ? footer_items[i].ascii : footer_items[i].key;
}

void panel_footer_draw(const struct rect *r, const struct frame *f)
{
	bool label[NR_FOOTER];
	char right[64];
	int x = 0, rw, need = 0, gap = 2;
	const struct app *a = f->app;

	snprintf(right, sizeof right, "| %s ",
		 theme_colors() ? (theme_colors() >= 256  ? "256 colors"
				   : theme_colors() >= 16 ? "16 colors"
							  : "8 colors")
				: "mono");
	rw = str_width(right);
	attron(theme_attr(T_BAR));
	mvhline(r->y, r->x, ' ', r->w);
	attroff(theme_attr(T_BAR));
	if (a->ui.msg[0]) {
		draw_str(r->y, 1, r->w - rw - 2, theme_attr(T_BAR_KEY), a->ui.msg);
		draw_str(r->y, r->x + r->w - rw, rw, theme_attr(T_BAR), right);
		return;
	}
	for (int i = 0; i < NR_FOOTER; i++) {
		label[i] = true;
		need += str_width(footer_key(i)) + (int)strlen(footer_items[i].label) + gap;
	}
	if (need > r->w - rw) { /* narrower gaps first, then no status, then labels */
		gap = 1;
		need -= NR_FOOTER;
	}
	if (need > r->w - rw)
		rw = 0;
	for (int i = NR_FOOTER - 1; i >= 0 && need > r->w - rw; i--) {
		label[i] = false;
		need -= (int)strlen(footer_items[i].label);
	}
	for (int j = 0; j < NR_FOOTER; j++) {
		int i = footer_order[j];
		x += draw_str(r->y, r->x + x, r->w - x, theme_attr(T_BAR_KEY), footer_key(i));
		if (label[i])
			x += draw_str(r->y, r->x + x, r->w - x, theme_attr(T_BAR), footer_items[i].label);
		x += gap;
	}
	if (rw)
		draw_str(r->y, r->x + r->w - rw, rw, theme_attr(T_BAR), right);
}

void panel_too_small_draw(int cols, int lines)
{
	char l1[96], l2[96];

	snprintf(l1, sizeof l1, "Terminal too small: need %dx%d, have %dx%d.", MIN_COLS, MIN_LINES, cols,
		 lines);
	snprintf(l2, sizeof l2, "Resize the window, or press q to quit.");
	draw_wrap(0, 0, cols, lines > 1 ? lines - 1 : 1, theme_attr(T_WARN), l1);
	if (lines > 2)
		draw_wrap(lines / 2, 0, cols, lines - lines / 2, theme_attr(T_NORMAL), l2);
}
