/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_header.c - the frame around the panels: header, caption,
 * legend, footer, and the screen shown when the terminal is too small
 *
 * The header says where we are (step n/total, play state, speed), under
 * which policy, how much memory is free against the zone watermarks and
 * who is reclaiming (kswapd or direct reclaim, at which priority).  The
 * footer lists the main keys in htop's style and drops the ones that do
 * not fit rather than wrapping.
 */
#include <stdio.h>
#include <string.h>

#include "panel.h"

static void header_line1(const struct rect *r, const struct frame *f)
{
	const struct app *a = f->app;
	const struct view *v = f->view;
	char right[96];
	int x = 0, rw;

	mvhline(r->y, r->x, ' ', r->w);
	x += draw_fmt(r->y, x, r->w, theme_attr(T_BAR_KEY), " vmscan-viz ");
	x += draw_fmt(r->y, x, r->w - x - 30, theme_attr(T_BAR), " %s ",
		      a->sc->title ? a->sc->title : a->sc->path);
	x += draw_fmt(r->y, x, r->w - x, theme_attr(T_BAR),
		      "| policy %s | step %llu/%llu%s | %s %s %d steps/s ", v->policy->name,
		      (unsigned long long)v->step, (unsigned long long)v->total,
		      v->complete ? "" : "+ (indexing)", misc_glyph(a->ui.playing ? G_PLAY : G_PAUSE),
		      a->ui.playing ? "playing" : "paused", speed_steps[a->ui.speed]);
	if (a->quiz.on)
		snprintf(right, sizeof right, " QUIZ %u/%u  n/N: %s ", a->quiz.score, a->quiz.asked,
			 filter_name[a->ui.filter]);
	else
		snprintf(right, sizeof right, " n/N: %s%s ", filter_name[a->ui.filter],
			 a->ui.big ? "  BIG" : "");
	rw = str_width(right);
	if (r->x + r->w - rw > x)
		draw_str(r->y, r->x + r->w - rw, rw, theme_attr(T_BAR_KEY), right);
	(void)x;
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
	int y = r->y + 1, x = 1;

	x += draw_fmt(y, x, r->w - x, theme_attr(T_LABEL), "free %u", free_pages);
	x += draw_fmt(y, x, r->w - x, theme_attr(free_pages < wm.low ? T_WARN : T_DIM), " (%s)", level);
	x += draw_fmt(y, x, r->w - x, theme_attr(T_DIM), " watermarks min %u low %u high %u  |  ", wm.min,
		      wm.low, wm.high);
	x += draw_fmt(y, x, r->w - x, theme_attr(ri.kswapd_awake ? T_WARN : T_DIM), "kswapd %s",
		      ri.kswapd_awake ? "awake" : "asleep");
	if (ri.reclaimer != RECLAIMER_NONE && ri.nr_to_reclaim <= engine_nr_pages(f->e))
		x += draw_fmt(y, x, r->w - x, theme_attr(T_WARN),
			      "  |  %s reclaim, priority %d, reclaimed %llu of %llu",
			      ri.reclaimer == RECLAIMER_DIRECT ? "direct" : "kswapd", ri.priority,
			      (unsigned long long)ri.nr_reclaimed, (unsigned long long)ri.nr_to_reclaim);
	else if (ri.reclaimer != RECLAIMER_NONE) /* kswapd: no target, up to the high watermark */
		x += draw_fmt(y, x, r->w - x, theme_attr(T_WARN),
			      "  |  %s reclaim, priority %d, reclaimed %llu",
			      ri.reclaimer == RECLAIMER_DIRECT ? "direct" : "kswapd", ri.priority,
			      (unsigned long long)ri.nr_reclaimed);
	else
		x += draw_str(y, x, r->w - x, theme_attr(T_DIM), "  |  no reclaim running");
	draw_fmt(y, x, r->w - x, theme_attr(T_DIM), "  |  swap free %u", engine_swap_free(f->e));
}

void panel_header_draw(const struct rect *r, const struct frame *f)
{
	header_line1(r, f);
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
	char buf[600];

	if (!r->h)
		return;
	if (f->view->step == 0)
		text = f->app->sc->description;
	else
		text = current_caption(wl, rec->op);
	if (!text || !text[0])
		return;
	snprintf(buf, sizeof buf, "%s %s%s", misc_glyph(G_CAPTION), text,
		 f->view->step && (rec->inputs & IN_PAUSE) ? "   [pause point: space goes on]" : "");
	for (int i = 0; i < r->h; i++)
		mvhline(r->y + i, r->x, ' ', r->w);
	draw_wrap(r->y, r->x + 1, r->w - 2, r->h, theme_attr(T_CAPTION), buf);
}

void panel_legend_draw(const struct rect *r, const struct frame *f)
{
	static const int outs[] = { OUT_ACTIVATE,   OUT_KEEP,	OUT_RECLAIM, OUT_RECLAIM_CLEAN,
				    OUT_DEACTIVATE, OUT_ROTATE, OUT_FAULT,   OUT_REFAULT };
	int x = r->x + 1, end = r->x + r->w - 1;

	(void)f;
	if (!r->h)
		return;
	for (int g = 0; g < NR_CELL_GLYPHS && x < end; g++)
		x += draw_fmt(r->y, x, end - x, theme_attr(T_NORMAL), "%s %s  ",
			      cell_glyph((enum cell_glyph)g), cell_glyph_label((enum cell_glyph)g));
	x += draw_str(r->y, x, end - x, theme_attr(T_NORMAL) | A_UNDERLINE, "x");
	x += draw_str(r->y, x, end - x, theme_attr(T_NORMAL), " dirty  ");
	x += draw_str(r->y, x, end - x, theme_attr(T_EXAMINED), "x");
	x += draw_str(r->y, x, end - x, theme_attr(T_NORMAL), " examined  ");
	x += draw_str(r->y, x, end - x, theme_attr(T_CURSOR), "x");
	x += draw_str(r->y, x, end - x, theme_attr(T_NORMAL), " cursor  |  ");
	for (size_t i = 0; i < sizeof outs / sizeof outs[0] && x < end; i++)
		x += draw_fmt(r->y, x, end - x, theme_outcome(outs[i]), "%s%s ", outcome_glyph(outs[i]),
			      outcome_name[outs[i]]);
}

void panel_footer_draw(const struct rect *r, const struct frame *f)
{
	static const struct {
		const char *key, *label;
	} items[] = {
		{ "?", "Help" },    { "Spc", "Play" }, { "\xe2\x86\x90\xe2\x86\x92", "Step" },
		{ "n/N", "Next" },  { "f", "Kind" },   { "g", "Goto" },
		{ "p", "Policy" },  { "o", "Open" },   { "i", "Inspect" },
		{ "/", "Find" },    { "Q", "Quiz" },   { "B", "Big" },
		{ "Tab", "Panel" }, { "q", "Quit" },
	};
	char right[96];
	int x = 0, rw;
	const struct app *a = f->app;

	snprintf(right, sizeof right, " %s %d/s | %s ", misc_glyph(a->ui.playing ? G_PLAY : G_PAUSE),
		 speed_steps[a->ui.speed],
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
	} else {
		for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
			const char *k = theme_ascii() && i == 2 ? "h/l" : items[i].key;
			int w = str_width(k) + (int)strlen(items[i].label) + 2;
			if (x + w > r->w - rw)
				break;
			x += draw_str(r->y, x, w, theme_attr(T_BAR_KEY), k);
			x += draw_fmt(r->y, x, w, theme_attr(T_BAR), "%s  ", items[i].label);
		}
	}
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
