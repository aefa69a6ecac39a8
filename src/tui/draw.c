/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/draw.c - clipped text, rules and boxes on stdscr
 *
 * Panels are rectangles of stdscr (htop's way, no windows): everything is
 * drawn with these helpers, which never write past the width they are
 * given and count display columns, not bytes.  Scenario text is not
 * trusted to be valid UTF-8; an invalid byte is drawn as '?'.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "theme.h"

/* Bytes of @s that fit in @maxw columns; *cols gets the columns. */
static size_t fit(const char *s, int maxw, int *cols)
{
	mbstate_t st;
	size_t i = 0, len = strlen(s);
	int w = 0;

	memset(&st, 0, sizeof st);
	while (i < len) {
		wchar_t wc;
		size_t k = mbrtowc(&wc, s + i, len - i, &st);
		int cw;
		if (k == (size_t)-1 || k == (size_t)-2 || k == 0)
			break;
		cw = wcwidth(wc);
		if (cw < 0)
			cw = 1;
		if (w + cw > maxw)
			break;
		w += cw;
		i += k;
	}
	*cols = w;
	return i;
}

int str_width(const char *s)
{
	int w;
	fit(s, 1 << 20, &w);
	return w;
}

/* @n cells at (y, x), clipped to the screen.  wadd_wchnstr() copies them
 * into the line as they are - no decoding, no wrapping, the cursor stays -
 * where addch() would decode and classify each character again. */
void draw_cells(int y, int x, const cchar_t *cc, int n)
{
	if (y < 0 || y >= LINES || x < 0 || x >= COLS || n <= 0)
		return;
	mvadd_wchnstr(y, x, cc, x + n > COLS ? COLS - x : n);
}

/* One column of text: @wc with attributes @a (colour pair included). */
static void make_cchar(cchar_t *cc, attr_t a, wchar_t wc)
{
	wchar_t w[2] = { wc, 0 };

	setcchar(cc, w, a & ~A_COLOR, (short)PAIR_NUMBER(a), NULL);
}

/*
 * Printable ASCII, the most of every frame's text, takes a short way: each
 * byte is one column, so it goes straight into a run of cells, drawn at
 * once.  Anything else is decoded (mbrtowc, wcwidth) and drawn on its own.
 * Before, every character went through both decodings, ours and ncurses':
 * a quarter of a step's CPU on a large zone (perf).  Draws at most @len
 * bytes of @s in at most @maxw columns; returns the columns used.
 */
#define RUN_MAX 128
static int draw_span(int y, int x, int maxw, attr_t a, const char *s, size_t len)
{
	mbstate_t st;
	size_t i = 0;
	cchar_t run[RUN_MAX];
	int used = 0, nrun = 0;

	memset(&st, 0, sizeof st);
	while (i < len && used < maxw) {
		unsigned char c = (unsigned char)s[i];
		wchar_t wc;
		size_t k;
		int cw;

		if (c >= 0x20 && c < 0x7f) {
			make_cchar(&run[nrun++], a, (wchar_t)c);
			used++;
			i++;
			if (nrun == RUN_MAX) {
				draw_cells(y, x + used - nrun, run, nrun);
				nrun = 0;
			}
			continue;
		}
		draw_cells(y, x + used - nrun, run, nrun);
		nrun = 0;
		k = mbrtowc(&wc, s + i, len - i, &st);
		if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
			memset(&st, 0, sizeof st); /* invalid byte: show it, go on */
			k = 1;
			wc = L'?';
		}
		cw = wcwidth(wc);
		if (cw < 0) { /* a control character */
			wc = L'?';
			cw = 1;
		}
		if (used + cw > maxw)
			break;
		if (cw > 0) {
			cchar_t one;
			make_cchar(&one, a, wc);
			mvadd_wch(y, x + used, &one);
			used += cw;
		} else { /* combining: joins the cell before */
			attron(a);
			mvaddnstr(y, x + used, s + i, (int)k);
			attroff(a);
		}
		i += k;
	}
	draw_cells(y, x + used - nrun, run, nrun);
	return used;
}

static bool blank(const char *s)
{
	while (*s == ' ')
		s++;
	return *s == '\0';
}

/* Bytes of @s shown in @maxw columns: all of it if it fits (trailing
 * blanks may be dropped), else what fits in @maxw - 1 columns, and *cut
 * says the mark goes after it.  Pure ASCII short enough is settled
 * without decoding. */
static size_t fit_text(const char *s, int maxw, bool *cut)
{
	size_t len = strlen(s), n;
	int cols;

	*cut = false;
	if (len <= (size_t)maxw) {
		size_t i = 0;
		while (i < len && (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x7f)
			i++;
		if (i == len)
			return len;
	}
	n = fit(s, maxw, &cols);
	if (n >= len || blank(s + n))
		return n;
	*cut = true;
	return fit(s, maxw - 1, &cols);
}

int draw_str(int y, int x, int maxw, attr_t a, const char *s)
{
	size_t n;
	bool cut;
	int used;

	if (maxw <= 0 || y < 0 || y >= LINES || x < 0 || x >= COLS)
		return 0;
	if (x + maxw > COLS)
		maxw = COLS - x;
	n = fit_text(s, maxw, &cut);
	used = draw_span(y, x, maxw, a, s, n);
	if (cut)
		used += draw_span(y, x + used, 1, a, misc_glyph(G_ELIDED), strlen(misc_glyph(G_ELIDED)));
	return used;
}

/*
 * One glyph in one column: a list cell.  The lists panel draws thousands a
 * frame; glyphs are static strings, so each is decoded once, remembered by
 * its address, and made a cchar_t.  False if @s is not one column wide.
 */
bool glyph_cchar(cchar_t *cc, attr_t a, const char *s)
{
	static struct {
		const char *s;
		wchar_t wc;
	} seen[32];
	static int nr_seen;
	int i;

	for (i = 0; i < nr_seen && seen[i].s != s; i++)
		;
	if (i == nr_seen) {
		mbstate_t st;
		wchar_t wc;

		memset(&st, 0, sizeof st);
		if (nr_seen == (int)(sizeof seen / sizeof seen[0]) ||
		    mbrtowc(&wc, s, strlen(s), &st) != strlen(s) || wcwidth(wc) != 1)
			return false;
		seen[nr_seen].s = s;
		seen[nr_seen++].wc = wc;
	}
	make_cchar(cc, a, seen[i].wc);
	return true;
}

int draw_glyph(int y, int x, attr_t a, const char *s)
{
	cchar_t cc;

	if (!glyph_cchar(&cc, a, s))
		return draw_str(y, x, 1, a, s); /* not one column: the slow way */
	draw_cells(y, x, &cc, 1);
	return 1;
}

int draw_fmt(int y, int x, int maxw, attr_t a, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return draw_str(y, x, maxw, a, buf);
}

/*
 * Line breaking for draw_wrap() and wrap_count(): the bytes of the next
 * line of @s in @w columns, broken at the last space that fits (a word
 * longer than the line is broken where it must) or at a newline; *next is
 * where the line after it starts.
 */
static size_t wrap_line(const char *s, int w, const char **next)
{
	size_t nl = strcspn(s, "\n"), n;
	int cols;

	n = fit(s, w, &cols);
	if (n > nl)
		n = nl;
	if (n == 0 && s[0] && s[0] != '\n') { /* wider than the line: one character */
		mbstate_t st;
		memset(&st, 0, sizeof st);
		n = mbrlen(s, strlen(s), &st);
		if (n == 0 || n > strlen(s))
			n = 1;
	} else if (n < nl && s[n] != ' ') { /* mid-word: back to a space */
		size_t sp = n;
		while (sp > 0 && s[sp] != ' ')
			sp--;
		if (sp > 0)
			n = sp;
	}
	*next = s + n;
	if (**next == '\n')
		(*next)++;
	else
		while (**next == ' ')
			(*next)++;
	return n;
}

/* Lines of @s at width @w, those after the first indented by @indent
 * (and so @indent narrower); drawn from (@y, @x) unless @draw is false.
 * When @maxlines cut it short, the last line ends in the mark. */
static int wrap(int y, int x, int w, int indent, int maxlines, attr_t a, const char *s, bool draw)
{
	int line = 0;

	if (w <= 0 || w - indent <= 0)
		return 0;
	while (*s && line < maxlines) {
		int in = line ? indent : 0;
		const char *next;
		size_t n = wrap_line(s, w - in, &next);
		const char *mark = line == maxlines - 1 && *next ? misc_glyph(G_ELIDED) : "";
		char buf[512];

		if (draw) { /* no room for the rest: the last line ends in the mark
			     * (draw_str moves it left if the line is full) */
			if (n + strlen(mark) >= sizeof buf)
				n = sizeof buf - 1 - strlen(mark);
			memcpy(buf, s, n);
			snprintf(buf + n, sizeof buf - n, "%s", mark);
			draw_str(y + line, x + in, w - in, a, buf);
		}
		line++;
		if (*mark)
			break;
		s = next;
	}
	return line;
}

int wrap_count(const char *s, int w)
{
	return wrap(0, 0, w, 0, 1 << 20, 0, s, false);
}

int wrap_count_indent(const char *s, int w, int indent)
{
	return wrap(0, 0, w, indent, 1 << 20, 0, s, false);
}

int draw_wrap(int y, int x, int w, int maxlines, attr_t a, const char *s)
{
	return wrap(y, x, w, 0, maxlines, a, s, true);
}

int draw_wrap_indent(int y, int x, int w, int indent, int maxlines, attr_t a, const char *s)
{
	return wrap(y, x, w, indent, maxlines, a, s, true);
}

static void draw_hline(int y, int x, int w)
{
	if (w <= 0)
		return;
	if (theme_ascii())
		mvhline(y, x, '-', w);
	else
		mvhline(y, x, ACS_HLINE, w);
}

void draw_vline(int y, int x, int h)
{
	if (h <= 0)
		return;
	if (theme_ascii())
		mvvline(y, x, '|', h);
	else
		mvvline(y, x, ACS_VLINE, h);
}

void draw_title(const struct rect *r, const char *title, bool focused)
{
	attr_t a = theme_attr(focused ? T_TITLE_FOCUS : T_TITLE);
	int used;

	attron(theme_attr(T_DIM));
	draw_hline(r->y, r->x, r->w);
	attroff(theme_attr(T_DIM));
	used = draw_str(r->y, r->x + 1, r->w - 2, a, " ");
	used += draw_str(r->y, r->x + 1 + used, r->w - 2 - used, a, title);
	draw_str(r->y, r->x + 1 + used, r->w - 2 - used, a, " ");
}

void draw_box(const struct rect *r, const char *title)
{
	for (int i = 0; i < r->h; i++)
		mvhline(r->y + i, r->x, ' ', r->w);
	if (theme_ascii()) {
		mvhline(r->y, r->x, '-', r->w);
		mvhline(r->y + r->h - 1, r->x, '-', r->w);
		mvvline(r->y, r->x, '|', r->h);
		mvvline(r->y, r->x + r->w - 1, '|', r->h);
		mvaddch(r->y, r->x, '+');
		mvaddch(r->y, r->x + r->w - 1, '+');
		mvaddch(r->y + r->h - 1, r->x, '+');
		mvaddch(r->y + r->h - 1, r->x + r->w - 1, '+');
	} else {
		mvhline(r->y, r->x, ACS_HLINE, r->w);
		mvhline(r->y + r->h - 1, r->x, ACS_HLINE, r->w);
		mvvline(r->y, r->x, ACS_VLINE, r->h);
		mvvline(r->y, r->x + r->w - 1, ACS_VLINE, r->h);
		mvaddch(r->y, r->x, ACS_ULCORNER);
		mvaddch(r->y, r->x + r->w - 1, ACS_URCORNER);
		mvaddch(r->y + r->h - 1, r->x, ACS_LLCORNER);
		mvaddch(r->y + r->h - 1, r->x + r->w - 1, ACS_LRCORNER);
	}
	if (title)
		draw_fmt(r->y, r->x + 2, r->w - 4, theme_attr(T_TITLE), " %s ", title);
}
