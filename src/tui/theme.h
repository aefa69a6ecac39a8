/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/theme.h - colours, glyphs and monochrome attributes; drawing helpers
 *
 * Colour is never the only carrier of meaning: every outcome has a glyph
 * and a label, every page state a glyph, and the monochrome column of the
 * theme table gives each item an attribute (bold, underline, reverse) that
 * survives NO_COLOR and TERM=vt100.
 */
#ifndef VMSCAN_TUI_THEME_H
#define VMSCAN_TUI_THEME_H

#include <curses.h>
#include <stdbool.h>

#include "../engine/record.h"

enum theme_item {
	T_NORMAL,
	T_BAR,
	T_BAR_KEY,
	T_TITLE,
	T_TITLE_FOCUS,
	T_DIM,
	T_LABEL,
	T_CAPTION,
	T_WARN,
	T_TAKEN,
	T_CURSOR,
	T_EXAMINED,
	T_GOOD,
	T_BAD,
	T_OUT_FIRST, /* one per enum outcome, in order */
	T_OBJ_FIRST = T_OUT_FIRST + NR_OUTCOMES,
	NR_OBJ_COLORS = 8,
	NR_THEME_ITEMS = T_OBJ_FIRST + NR_OBJ_COLORS
};

/* Page-cell glyphs, hottest first: a compressed cell shows its hottest page. */
enum cell_glyph { G_WRITEBACK, G_YOUNG_REF, G_YOUNG, G_REF, G_MAPPED, G_IDLE, NR_CELL_GLYPHS };

enum misc_glyph {
	G_TAIL,
	G_ARROW,
	G_TAKEN,
	G_NOT_TAKEN,
	G_NOT_REACHED,
	G_PLAY,
	G_PAUSE,
	G_BULLET,
	G_CAPTION,
	G_ELIDED,
	NR_MISC_GLYPHS
};

void theme_init(int colors, bool ascii);
attr_t theme_attr(int item);
attr_t theme_outcome(int outcome);
attr_t theme_object(uint32_t object);
const char *outcome_glyph(int outcome);
const char *cell_glyph(enum cell_glyph g);
const char *cell_glyph_label(enum cell_glyph g);
const char *misc_glyph(enum misc_glyph g);
const char *spark_glyph(int level); /* 0..7 */
bool theme_ascii(void);
int theme_colors(void);

/* Drawing on stdscr, clipped to a width.  All return the columns used. */
struct rect {
	int y, x, h, w;
};
int draw_str(int y, int x, int maxw, attr_t a, const char *s);
int draw_glyph(int y, int x, attr_t a, const char *s);	 /* one column, static @s */
bool glyph_cchar(cchar_t *cc, attr_t a, const char *s);	 /* @s as draw_glyph() draws it */
void draw_cells(int y, int x, const cchar_t *cc, int n); /* a run of cells, clipped */
int draw_fmt(int y, int x, int maxw, attr_t a, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Word-wrapped text in at most @maxlines lines; returns the lines used. */
int draw_wrap(int y, int x, int w, int maxlines, attr_t a, const char *s);
void draw_hline(int y, int x, int w);
void draw_vline(int y, int x, int h);
/* A panel's title rule: "── Title ─────"; reverse when focused. */
void draw_title(const struct rect *r, const char *title, bool focused);
/* A framed box (for help, dialogs, the too-small screen); clears inside. */
void draw_box(const struct rect *r, const char *title);
/* Display width of a UTF-8 string. */
int str_width(const char *s);

#endif
