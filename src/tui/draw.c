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

int draw_str(int y, int x, int maxw, attr_t a, const char *s)
{
	mbstate_t st;
	size_t len = strlen(s), i = 0;
	int used = 0;

	if (maxw <= 0 || y < 0 || y >= LINES || x < 0 || x >= COLS)
		return 0;
	if (x + maxw > COLS)
		maxw = COLS - x;
	memset(&st, 0, sizeof st);
	attron(a);
	move(y, x);
	while (i < len && used < maxw) {
		wchar_t wc;
		size_t k = mbrtowc(&wc, s + i, len - i, &st);
		int cw;
		if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
			memset(&st, 0, sizeof st);	/* invalid byte: show it, go on */
			addch('?');
			used++;
			i++;
			continue;
		}
		cw = wcwidth(wc);
		if (cw < 0) {			/* a control character */
			addch('?');
			used++;
		} else if (used + cw > maxw) {
			break;
		} else {
			addnstr(s + i, (int)k);
			used += cw;
		}
		i += k;
	}
	attroff(a);
	return used;
}

/*
 * One glyph in one column: a list cell.  The lists panel draws thousands a
 * frame, and draw_str()'s decoding (mbrtowc, wcwidth, then ncurses
 * decoding again) was a quarter of a step's CPU.  Glyphs are static
 * strings, so each is decoded once, remembered by its address, and drawn
 * as a wide character.
 */
int draw_glyph(int y, int x, attr_t a, const char *s)
{
	static struct { const char *s; wchar_t wc; } seen[32];
	static int nr_seen;
	wchar_t w[2] = { 0, 0 };
	cchar_t cc;
	int i;

	for (i = 0; i < nr_seen && seen[i].s != s; i++)
		;
	if (i == nr_seen) {
		mbstate_t st;
		memset(&st, 0, sizeof st);
		if (nr_seen == (int)(sizeof seen / sizeof seen[0]) ||
		    mbrtowc(&w[0], s, strlen(s), &st) != strlen(s) || wcwidth(w[0]) != 1)
			return draw_str(y, x, 1, a, s);	/* not one column: the slow way */
		seen[nr_seen].s = s;
		seen[nr_seen++].wc = w[0];
	}
	if (y < 0 || y >= LINES || x < 0 || x >= COLS)
		return 0;
	w[0] = seen[i].wc;
	setcchar(&cc, w, a & ~A_COLOR, (short)PAIR_NUMBER(a), NULL);
	mvadd_wch(y, x, &cc);
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

int draw_wrap(int y, int x, int w, int maxlines, attr_t a, const char *s)
{
	int line = 0;

	while (*s && line < maxlines) {
		int cols, cut;
		size_t n = fit(s, w, &cols);
		char buf[512];
		if (n == 0)
			n = 1;
		if (n < strlen(s)) {	/* more follows: break at a space */
			size_t sp = n;
			while (sp > 0 && s[sp] != ' ')
				sp--;
			if (sp > 0)
				n = sp;
		}
		cut = n < sizeof buf ? (int)n : (int)sizeof buf - 1;
		memcpy(buf, s, (size_t)cut);
		buf[cut] = '\0';
		draw_str(y + line, x, w, a, buf);
		s += n;
		while (*s == ' ')
			s++;
		line++;
	}
	return line;
}

void draw_hline(int y, int x, int w)
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
