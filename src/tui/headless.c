/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/headless.c - one frame of the visualizer, drawn without a terminal
 *
 * `vmscan-viz screen` must show what a terminal of that size shows, so it
 * runs the visualizer's own code and nothing else: tui_open() loads the
 * scenario as tui_run() does, tui_init_ui() sets the modes, the keys a
 * user would type reach app_key() (g STEP Enter, / PAGE Enter, i, ?), the
 * background work runs to its end as it does while the visualizer sits
 * idle, and tui_draw() draws.  The curses screen is a real one, made with
 * newterm() on a known terminal type writing to /dev/null and sized with
 * resize_term(); the grid is read back from stdscr cell by cell.
 *
 * What a terminal adds and this leaves out: the terminal's own palette
 * (the grid keeps xterm palette indices) and its font (wide characters
 * are measured with wcwidth(), as curses does).
 */
#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <wchar.h>

#include "../util/suggest.h"
#include "app.h"
#include "panel.h"
#include "run.h"
#include "screen.h"

/* Tried in turn: the first known to terminfo draws.  The 256-colour ones
 * first; all are in Debian's ncurses-base. */
static const char *const term_names[] = { "xterm-256color", "tmux-256color", "screen-256color", "xterm",
					  "vt100" };

/* Slices of background work at most, per key: a guard against a job that
 * never ends, not a clock (each slice is VIEW_SLICE_STEPS engine steps). */
#define MAX_SLICES 100000000L

static void settle(struct app *a)
{
	for (long i = 0; app_busy(a) && i < MAX_SLICES; i++)
		app_work(a);
	run_settle(a);
}

static void press(struct app *a, int key)
{
	app_key(a, key);
	settle(a);
}

static void type(struct app *a, const char *s)
{
	for (; *s; s++)
		press(a, (unsigned char)*s);
}

static void type_number(struct app *a, uint64_t n)
{
	char num[24];

	snprintf(num, sizeof num, "%llu", (unsigned long long)n);
	type(a, num);
}

/* The line-drawing characters of the VT100 alternate set (terminfo's
 * acsc), as the Unicode ones a UTF-8 terminal shows for them. */
static wchar_t acs_unicode(wchar_t c)
{
	static const struct {
		char acs;
		wchar_t u;
	} map[] = {
		{ 'q', 0x2500 }, { 'x', 0x2502 }, { 'l', 0x250c }, { 'k', 0x2510 }, { 'm', 0x2514 },
		{ 'j', 0x2518 }, { 't', 0x251c }, { 'u', 0x2524 }, { 'v', 0x2534 }, { 'w', 0x252c },
		{ 'n', 0x253c }, { 'a', 0x2592 }, { '`', 0x25c6 }, { 'f', 0x00b0 }, { 'g', 0x00b1 },
		{ '~', 0x00b7 }, { ',', 0x2190 }, { '+', 0x2192 }, { '.', 0x2193 }, { '-', 0x2191 },
		{ 'h', 0x2591 }, { '0', 0x2588 }, { 'y', 0x2264 }, { 'z', 0x2265 }, { '{', 0x03c0 },
		{ '|', 0x2260 }, { '}', 0x00a3 }, { 'o', 0x23ba }, { 'p', 0x23bb }, { 'r', 0x23bc },
		{ 's', 0x23bd },
	};

	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if ((wchar_t)map[i].acs == c)
			return map[i].u;
	return c;
}

/* UTF-8 of @c at @out (room for 4 bytes); returns the bytes written. */
static size_t utf8(wchar_t c, char *out)
{
	unsigned long u = (unsigned long)c;

	if (u < 0x80) {
		out[0] = (char)u;
		return 1;
	}
	if (u < 0x800) {
		out[0] = (char)(0xc0 | u >> 6);
		out[1] = (char)(0x80 | (u & 0x3f));
		return 2;
	}
	if (u < 0x10000) {
		out[0] = (char)(0xe0 | u >> 12);
		out[1] = (char)(0x80 | (u >> 6 & 0x3f));
		out[2] = (char)(0x80 | (u & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (u >> 18 & 0x07));
	out[1] = (char)(0x80 | (u >> 12 & 0x3f));
	out[2] = (char)(0x80 | (u >> 6 & 0x3f));
	out[3] = (char)(0x80 | (u & 0x3f));
	return 4;
}

/* Cell (@y, @x) of stdscr; returns its width in columns. */
static int read_cell(int y, int x, struct screen_cell *c)
{
	cchar_t cc;
	wchar_t wch[CCHARW_MAX + 1] = { 0 };
	attr_t at = 0;
	short pair = 0, fg = -1, bg = -1;
	size_t len = 0;
	int w;

	memset(c, 0, sizeof *c);
	c->fg = c->bg = -1;
	c->width = 1;
	if (mvwin_wch(stdscr, y, x, &cc) == ERR || getcchar(&cc, wch, &at, &pair, NULL) == ERR || !wch[0])
		wch[0] = L' ';
	if (at & A_ALTCHARSET)
		wch[0] = acs_unicode(wch[0]);
	for (int i = 0; i < CCHARW_MAX && wch[i] && len + 4 < sizeof c->text; i++)
		len += utf8(wch[i], c->text + len);
	w = wcwidth(wch[0]);
	c->width = w == 2 ? 2 : 1;
	c->attr = (uint8_t)((at & A_BOLD ? SCREEN_BOLD : 0) | (at & A_DIM ? SCREEN_DIM : 0) |
			    (at & A_UNDERLINE ? SCREEN_UNDERLINE : 0) |
			    (at & (A_REVERSE | A_STANDOUT) ? SCREEN_REVERSE : 0));
	if (pair > 0 && pair_content(pair, &fg, &bg) == OK) {
		c->fg = fg;
		c->bg = bg;
	}
	return c->width;
}

static int read_screen(struct screen_grid *g)
{
	g->ncols = COLS;
	g->nlines = LINES;
	if (!(g->cell = calloc((size_t)g->ncols * (size_t)g->nlines, sizeof *g->cell)))
		return -1;
	for (int y = 0; y < g->nlines; y++)
		for (int x = 0; x < g->ncols; x++) {
			struct screen_cell *c = &g->cell[(size_t)y * (size_t)g->ncols + (size_t)x];
			if (read_cell(y, x, c) == 2 && x + 1 < g->ncols) { /* its right half */
				c[1] = c[0];
				c[1].text[0] = '\0';
				c[1].width = 0;
				x++;
			} else if (c->width == 2) { /* cut by the right edge */
				snprintf(c->text, sizeof c->text, " ");
				c->width = 1;
			}
		}
	return 0;
}

/* The colours of the terminal $TERM names, 8, 16 or 256; 256 when it
 * names none with at least 8.  Read before open_screen(), whose own
 * terminal description then replaces the one probed. */
static int term_colors(FILE *null)
{
	const char *name = getenv("TERM");
	int err = 0, n = -1;

	if (!name || !*name || setupterm(name, fileno(null), &err) != OK)
		return 256;
	n = tigetnum("colors");
	del_curterm(cur_term);
	return n >= 256 ? 256 : n >= 16 ? 16 : n >= 8 ? 8 : 256;
}

static SCREEN *open_screen(FILE *null)
{
	use_env(FALSE); /* $LINES and $COLUMNS say nothing about this screen */
	for (size_t i = 0; i < sizeof term_names / sizeof term_names[0]; i++) {
		int err = 0;
		/* probe first: newterm() on an unknown name leaks what it made */
		if (setupterm(term_names[i], fileno(null), &err) != OK)
			continue;
		del_curterm(cur_term);
		return newterm(term_names[i], null, null);
	}
	return NULL;
}

/* The bookmark named @name: its place in the lesson, or -1 with @err
 * (the names it has, and the closest to a typo). */
static int find_bookmark(const struct app *a, const char *name, char *err, size_t n)
{
	const struct scenario *sc = a->sc;
	const char **names = calloc(sc->nr_bookmarks + 1, sizeof *names);
	size_t len;

	for (uint32_t i = 0; i < sc->nr_bookmarks; i++) {
		if (strcmp(sc->bookmarks[i].name, name) == 0) {
			free(names);
			return (int)i;
		}
		if (names)
			names[i] = sc->bookmarks[i].name;
	}
	len = (size_t)snprintf(err, n, "no bookmark \"%.64s\" in %.200s", name,
			       sc->path ? sc->path : "this scenario");
	if (!sc->nr_bookmarks && len < n)
		snprintf(err + len, n - len, " (it has none)");
	for (uint32_t i = 0; i < sc->nr_bookmarks && len + 1 < n; i++)
		len += (size_t)snprintf(err + len, n - len, "%s%s%s",
					i ? ", " : " (its bookmarks: ", sc->bookmarks[i].name,
					i + 1 == sc->nr_bookmarks ? ")" : "");
	if (names)
		suggest_append(err, n, name, names, sc->nr_bookmarks);
	free(names);
	return -1;
}

/* --bookmark: as the list (') and Enter on it; a question is left open
 * under --quiz, else Esc shows its answer (the frame after the guess). */
static int go_bookmark(struct app *a, const struct screen_request *r, char *err, size_t n)
{
	int i = find_bookmark(a, r->bookmark, err, n);
	const struct bookmark *b;

	if (i < 0)
		return 1;
	b = &a->sc->bookmarks[i];
	if (r->o.policy.policy && b->policy) {
		char given[48];

		policy_ref_name(&r->o.policy, given, sizeof given);
		if (strcmp(given, b->policy) != 0) {
			snprintf(err, n, "bookmark %.64s goes to policy %.32s: no --policy %.32s with it",
				 b->name, b->policy, given);
			return 1;
		}
	}
	settle(a);
	press(a, '\'');
	for (int k = 0; k < i; k++)
		press(a, KEY_DOWN);
	press(a, '\r');
	if (a->ui.bookmark != i + 1 || a->job.kind != JOB_NONE) {
		snprintf(err, n, "%s", a->ui.msg[0] ? a->ui.msg : "bookmark not reached");
		return 1;
	}
	if (a->quiz.asking && !r->o.quiz)
		press(a, 27);
	return 0;
}

/* The step, access or page asked for, or why not: 0, or 1 with @err. */
static int go_there(struct app *a, const struct screen_request *r, char *err, size_t n)
{
	struct view *v = &a->views[0];

	if (r->bookmark && go_bookmark(a, r, err, n) != 0)
		return 1;
	settle(a); /* the run indexed, as the visualizer does while it waits for a key */
	if (a->cmp.on && r->divergence) {
		for (uint64_t i = 0; i < r->divergence; i++)
			press(a, 'n');
		if (!a->cmp.div.found || !a->cmp.moment || a->cmp.div.rank != r->divergence) {
			snprintf(err, n, "%s", a->ui.msg[0] ? a->ui.msg : "divergence not reached");
			return 1;
		}
	} else if (a->cmp.on && r->has_access) {
		press(a, 'g');
		type_number(a, r->access);
		press(a, '\r');
		if (a->cmp.k != r->access) {
			snprintf(err, n, "%s", a->ui.msg[0] ? a->ui.msg : "access not reached");
			return 1;
		}
	} else if (r->has_access || r->has_step) {
		uint64_t step = r->step;
		if (r->has_access) {
			if (r->access > step_index_accesses(&v->idx)) {
				snprintf(err, n, "access %llu is past %s: the run has %llu accesses%s",
					 (unsigned long long)r->access,
					 v->truncated ? "what is indexed" : "the end",
					 (unsigned long long)step_index_accesses(&v->idx),
					 v->truncated ? " indexed" : "");
				return 1;
			}
			step = r->access ? step_index_access_step(&v->idx, r->access) : 0;
		}
		press(a, 'g');
		type_number(a, step);
		press(a, '\r');
		/* in quiz mode a decision is asked about from the step before it */
		if (v->step != step && !(a->quiz.asking && v->step + 1 == step)) {
			snprintf(err, n, "%s", a->ui.msg[0] ? a->ui.msg : "step not reached");
			return 1;
		}
	}
	if (r->inspect) {
		press(a, '/');
		type(a, r->inspect);
		press(a, '\r');
		if (!a->insp.open) {
			snprintf(err, n, "%s", a->ui.msg[0] ? a->ui.msg : "no such page");
			return 1;
		}
	} else if (r->examined) {
		press(a, 'i');
	}
	if (r->cgroup) { /* m until the panel draws that cgroup's lists */
		const struct workload *wl = &a->sc->wl;
		uint32_t k = 0;
		while (k < wl->nr_cgroups && strcmp(wl->cgroups[k].name, r->cgroup) != 0)
			k++;
		if (k == wl->nr_cgroups) {
			char names[160] = "";
			for (uint32_t i = 0, len = 0; i < wl->nr_cgroups && len + 40 < sizeof names; i++)
				len += (uint32_t)snprintf(names + len, sizeof names - len, "%s%.32s",
							  i ? ", " : "", wl->cgroups[i].name);
			snprintf(err, n, "no memory cgroup '%.64s' in this scenario (%s%s)", r->cgroup,
				 wl->nr_cgroups ? "its cgroups: " : "it has none", names);
			return 1;
		}
		while (a->ui.lists_memcg != k + 1)
			press(a, 'm');
	}
	if (r->whose) {
		if (!a->sc->wl.nr_cgroups) {
			snprintf(err, n, "%s", "--whose: this scenario has no memory cgroups");
			return 1;
		}
		press(a, 'M');
	}
	if (r->help)
		press(a, '?');
	return 0;
}

static void describe(const struct app *a, char *buf, size_t n)
{
	const char *name = a->sc->title ? a->sc->title : a->sc->path ? a->sc->path : "vmscan-viz";
	char p0[40], p1[40];

	run_name(a, &a->views[0], p0, sizeof p0);
	if (a->cmp.on)
		snprintf(buf, n, "vmscan-viz: %s, %s vs %s, access %llu", name, p0,
			 run_name(a, &a->views[1], p1, sizeof p1), (unsigned long long)a->cmp.k);
	else
		snprintf(buf, n, "vmscan-viz: %s, policy %s, step %llu", name, p0,
			 (unsigned long long)a->views[0].step);
}

int tui_screen(const struct screen_request *r, struct screen_grid *g, char *err, size_t n)
{
	struct app *a = calloc(1, sizeof *a);
	FILE *null = fopen("/dev/null", "r+"); /* the screen's output and its (unused) input */
	SCREEN *scr = NULL;
	int rc, depth, wanted;

	memset(g, 0, sizeof *g);
	err[0] = '\0';
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C"); /* as tui_run() */
	if (!a || !null) {
		snprintf(err, n, "out of memory, or no /dev/null");
		rc = 1;
		goto out;
	}
	if ((rc = tui_open(a, &r->o)) != 0)
		goto out; /* the loader said why */
	wanted = r->colors < 0 ? term_colors(null) : r->colors;
	if (!(scr = open_screen(null))) {
		snprintf(err, n,
			 "no terminal description found (xterm-256color, from Debian's ncurses-base)");
		rc = 2;
		goto out;
	}
	resize_term(r->nlines, r->ncols);
	if ((depth = tui_colors_wanted(&r->o)) != 0 && wanted)
		depth = wanted;
	theme_init(depth, tui_ascii_wanted(&r->o));
	tui_init_ui(a, &r->o);
	if ((rc = go_there(a, r, err, n)) != 0)
		goto out;
	tui_draw(a);
	g->colors = theme_colors();
	g->light = theme_is_light();
	describe(a, g->title, sizeof g->title);
	if (read_screen(g) < 0) {
		snprintf(err, n, "out of memory");
		rc = 1;
	}
out:
	if (scr) {
		endwin();
		delscreen(scr);
	}
	if (a) {
		app_free(a);
		free(a);
	}
	if (null)
		fclose(null);
	return rc;
}

void screen_grid_free(struct screen_grid *g)
{
	free(g->cell);
	g->cell = NULL;
}
