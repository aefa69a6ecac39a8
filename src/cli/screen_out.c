/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/screen_out.c - a screen grid (tui/screen.h) as text, ANSI or SVG
 *
 * text: the lines a terminal of that size shows, each exactly as wide as
 * the screen (a wide character counts two columns).  ansi: the same with
 * SGR sequences for bold, dim, underline, reverse and the palette colours
 * (30-37, 90-97, 38;5;N), reset at each line's end.  svg: a picture that
 * scales (viewBox), text kept as text so a slide can search and zoom it:
 * one <text> per line whose <tspan>s place every character in its cell
 * (an x per character, so a font's own advance cannot shift a column),
 * backgrounds and reverse video as <rect>s behind, underlines as thin
 * rects, a dark terminal's default colours (#d0d0d0 on #1e1e1e), and the
 * xterm palette for the colours the visualizer chose.
 */
#include <stdio.h>
#include <string.h>

#include "screen_out.h"

const char *const screen_format_name[NR_SCREEN_FORMATS] = {
	[SCREEN_TEXT] = "text",
	[SCREEN_ANSI] = "ansi",
	[SCREEN_SVG] = "svg",
};

static const struct screen_cell *cell_at(const struct screen_grid *g, int y, int x)
{
	return &g->cell[(size_t)y * (size_t)g->ncols + (size_t)x];
}

/* A cell's text, never a control character. */
static const char *glyph(const struct screen_cell *c)
{
	return (unsigned char)c->text[0] < 0x20 || c->text[0] == 0x7f ? " " : c->text;
}

static void write_text(FILE *f, const struct screen_grid *g)
{
	for (int y = 0; y < g->nlines; y++) {
		for (int x = 0; x < g->ncols; x++)
			if (cell_at(g, y, x)->width)
				fputs(glyph(cell_at(g, y, x)), f);
		fputc('\n', f);
	}
}

static bool same_style(const struct screen_cell *a, const struct screen_cell *b)
{
	return a->attr == b->attr && a->fg == b->fg && a->bg == b->bg;
}

static void sgr_color(FILE *f, short c, int base)
{
	if (c < 0)
		return;
	if (c < 8)
		fprintf(f, ";%d", base + c);
	else if (c < 16)
		fprintf(f, ";%d", base + 60 + c - 8);
	else
		fprintf(f, ";%d;5;%d", base + 8, c);
}

static void write_ansi(FILE *f, const struct screen_grid *g)
{
	for (int y = 0; y < g->nlines; y++) {
		const struct screen_cell *prev = NULL;
		for (int x = 0; x < g->ncols; x++) {
			const struct screen_cell *c = cell_at(g, y, x);
			if (!c->width)
				continue;
			if (!prev || !same_style(prev, c)) {
				fputs("\033[0", f);
				if (c->attr & SCREEN_BOLD)
					fputs(";1", f);
				if (c->attr & SCREEN_DIM)
					fputs(";2", f);
				if (c->attr & SCREEN_UNDERLINE)
					fputs(";4", f);
				if (c->attr & SCREEN_REVERSE)
					fputs(";7", f);
				sgr_color(f, c->fg, 30);
				sgr_color(f, c->bg, 40);
				fputc('m', f);
			}
			fputs(glyph(c), f);
			prev = c;
		}
		fputs("\033[0m\n", f);
	}
}

/* ---- SVG ---------------------------------------------------------------- */

#define CELL_W	 8.4 /* DejaVu Sans Mono at 14 px advances 0.602 em */
#define CELL_H	 17  /* its line height at 14 px, rounded */
#define FONT_PX	 14
#define BASELINE 13 /* from a row's top */
#define PAD	 6
#define DEF_FG	 0xd0d0d0ul
#define DEF_BG	 0x1e1e1eul

/* xterm's default palette: 16 named colours, a 6x6x6 cube, 24 greys. */
static unsigned long palette(short c)
{
	static const unsigned long base[16] = {
		0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
		0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
	};
	static const unsigned level[6] = { 0, 95, 135, 175, 215, 255 };

	if (c < 16)
		return base[c];
	if (c < 232) {
		int i = c - 16;
		return (unsigned long)level[i / 36] << 16 | (unsigned long)level[i / 6 % 6] << 8 |
		       level[i % 6];
	}
	unsigned v = 8 + 10u * (unsigned)(c - 232);
	return (unsigned long)v << 16 | (unsigned long)v << 8 | v;
}

/* The colours a cell is painted with, reverse video applied. */
static void cell_colors(const struct screen_cell *c, unsigned long *fg, unsigned long *bg, bool *bg_set)
{
	unsigned long f = c->fg >= 0 ? palette(c->fg) : DEF_FG, b = c->bg >= 0 ? palette(c->bg) : DEF_BG;
	bool set = c->bg >= 0;

	if (c->attr & SCREEN_REVERSE) {
		unsigned long t = f;
		f = b;
		b = t;
		set = true;
	}
	*fg = f;
	*bg = b;
	*bg_set = set;
}

static void xml_text(FILE *f, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default:
			if ((unsigned char)*s >= 0x20 && *s != 0x7f)
				fputc(*s, f);
		}
}

static void svg_backgrounds(FILE *f, const struct screen_grid *g, int y)
{
	for (int x = 0; x < g->ncols;) {
		unsigned long fg, bg, bg2, fg2;
		bool set, set2;
		int end = x + 1;
		cell_colors(cell_at(g, y, x), &fg, &bg, &set);
		if (!set) {
			x++;
			continue;
		}
		while (end < g->ncols &&
		       (cell_colors(cell_at(g, y, end), &fg2, &bg2, &set2), set2 && bg2 == bg))
			end++;
		fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#%06lx\"/>\n",
			PAD + x * CELL_W, PAD + y * CELL_H, (end - x) * CELL_W, CELL_H, bg);
		x = end;
	}
}

static void svg_underlines(FILE *f, const struct screen_grid *g, int y)
{
	for (int x = 0; x < g->ncols; x++) {
		const struct screen_cell *c = cell_at(g, y, x);
		unsigned long fg, bg;
		bool set;
		if (!(c->attr & SCREEN_UNDERLINE) || !c->width)
			continue;
		cell_colors(c, &fg, &bg, &set);
		fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"1\" fill=\"#%06lx\"/>\n",
			PAD + x * CELL_W, PAD + y * CELL_H + BASELINE + 2, c->width * CELL_W, fg);
	}
}

static bool blank(const struct screen_cell *c)
{
	return !c->width || strcmp(glyph(c), " ") == 0;
}

/* One line's characters: a <tspan> per run of non-blank cells of one style. */
static void svg_line(FILE *f, const struct screen_grid *g, int y)
{
	bool any = false;

	for (int x = 0; x < g->ncols;) {
		const struct screen_cell *c = cell_at(g, y, x);
		unsigned long fg, bg;
		bool set;
		int end = x;
		if (blank(c)) {
			x++;
			continue;
		}
		if (!any)
			fprintf(f, "<text y=\"%d\">", PAD + y * CELL_H + BASELINE);
		any = true;
		while (end < g->ncols && !blank(cell_at(g, y, end)) && same_style(cell_at(g, y, end), c))
			end += cell_at(g, y, end)->width;
		cell_colors(c, &fg, &bg, &set);
		fputs("<tspan x=\"", f);
		for (int i = x; i < end && i < g->ncols; i += cell_at(g, y, i)->width)
			fprintf(f, "%s%.1f", i > x ? " " : "", PAD + i * CELL_W);
		fprintf(f, "\" fill=\"#%06lx\"%s%s>", fg,
			c->attr & SCREEN_BOLD ? " font-weight=\"bold\"" : "",
			c->attr & SCREEN_DIM ? " fill-opacity=\"0.6\"" : "");
		for (int i = x; i < end && i < g->ncols; i += cell_at(g, y, i)->width)
			xml_text(f, glyph(cell_at(g, y, i)));
		fputs("</tspan>", f);
		x = end;
	}
	if (any)
		fputs("</text>\n", f);
}

static void write_svg(FILE *f, const struct screen_grid *g)
{
	double w = 2 * PAD + g->ncols * CELL_W;
	int h = 2 * PAD + g->nlines * CELL_H;

	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.1f %d\" width=\"%.1f\" "
		"height=\"%d\">\n<title>",
		w, h, w, h);
	xml_text(f, g->title);
	fprintf(f, " (%dx%d)</title>\n", g->ncols, g->nlines);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#%06lx\"/>\n", DEF_BG);
	fputs("<g shape-rendering=\"crispEdges\">\n", f);
	for (int y = 0; y < g->nlines; y++)
		svg_backgrounds(f, g, y);
	for (int y = 0; y < g->nlines; y++)
		svg_underlines(f, g, y);
	fprintf(f,
		"</g>\n<g font-family=\"'DejaVu Sans Mono', 'Liberation Mono', monospace\" "
		"font-size=\"%d\">\n",
		FONT_PX);
	for (int y = 0; y < g->nlines; y++)
		svg_line(f, g, y);
	fputs("</g>\n</svg>\n", f);
}

void screen_write(FILE *f, const struct screen_grid *g, enum screen_format fmt)
{
	switch (fmt) {
	case SCREEN_TEXT: write_text(f, g); break;
	case SCREEN_ANSI: write_ansi(f, g); break;
	case SCREEN_SVG: write_svg(f, g); break;
	case NR_SCREEN_FORMATS: break;
	}
}
