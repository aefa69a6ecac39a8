/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/theme.h - colours, glyphs and monochrome attributes; drawing helpers
 *
 * One meaning per glyph and per colour.  Colour means one of two things,
 * never both: the object a page belongs to (list cells, object bars) or
 * the outcome of a step (log, decision, the examined page's mark).
 * Everything else - titles, bars, warnings, the test taken - is drawn in
 * greys with bold, reverse and underline.  Colour is never the only
 * carrier: every outcome has a glyph, every page state a glyph, and the
 * monochrome column gives each item an attribute that survives NO_COLOR
 * and TERM=vt100.  Every glyph drawn is noted, so the legend can list what
 * the screen shows (theme_seen_*).
 */
#ifndef VMSCAN_TUI_THEME_H
#define VMSCAN_TUI_THEME_H

#include <curses.h>
#include <stdbool.h>

#include "../engine/record.h"
#include "ink.h"

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
	T_BADGE,
	T_OUT_FIRST, /* one per enum outcome, in order */
	T_OBJ_FIRST = T_OUT_FIRST + NR_OUTCOMES,
	NR_OBJ_COLORS = 8,
	T_OBJ_BAR_FIRST = T_OBJ_FIRST + NR_OBJ_COLORS,	    /* the same colours as a background */
	T_OUT_MARK_FIRST = T_OBJ_BAR_FIRST + NR_OBJ_COLORS, /* an outcome's colour as a background */
	NR_THEME_ITEMS = T_OUT_MARK_FIRST + NR_OUTCOMES
};

/* Page-cell glyphs, hottest first: a compressed cell shows its hottest page. */
/* hottest first; the tiers (6.1's multi-gen LRU only) between a young pte
 * and PG_referenced */
enum cell_glyph {
	G_WRITEBACK,
	G_YOUNG_REF,
	G_YOUNG,
	G_TIER3,
	G_TIER2,
	G_TIER1,
	G_REF,
	G_MAPPED,
	G_IDLE,
	NR_CELL_GLYPHS
};

enum misc_glyph {
	G_TAIL,	       /* the scanner at a list's tail */
	G_ARROW,       /* "from -> to", "test -> result" */
	G_TAKEN,       /* the test that decided */
	G_FALSE,       /* a test that was made and did not hold */
	G_ELIDED,      /* text or a list cut here */
	G_ELIDED_CELL, /* the elided middle of a long list, one column */
	NR_MISC_GLYPHS
};

/* Marks that are attributes or panels rather than glyphs, noted for the legend. */
enum legend_note {
	N_DIRTY,    /* an underlined (dirty) cell */
	N_EXAMINED, /* a page marked in reverse without an outcome (a question) */
	N_CURSOR,
	N_SPARK, /* sparklines */
	N_BAR,	 /* object residency bars */
	N_WHOSE, /* cells lettered by cgroup (M) */
	NR_LEGEND_NOTES
};

void theme_init(int colors, bool ascii);
/* The light theme (dark ink on white, for a bright room) or the dark one;
 * the colours change at the next refresh.  No effect in monochrome. */
void theme_set_light(bool on);
bool theme_is_light(void);
/* Projector mode: nothing dim, objects bold. */
void theme_set_big(bool on);
attr_t theme_attr(int item);
attr_t theme_outcome(int outcome);
/* The mark of the page a step moved: its outcome's colour as background. */
attr_t theme_outcome_mark(int outcome);
attr_t theme_object(uint32_t object);
/* A block of the object's colour (bars, the object key). */
attr_t theme_object_bar(uint32_t object);
const char *outcome_glyph(int outcome);
const char *cell_glyph(enum cell_glyph g);
const char *misc_glyph(enum misc_glyph g);
const char *spark_glyph(int level); /* 0..7 */
bool theme_ascii(void);
int theme_colors(void);

/* What this frame drew: cleared by theme_frame_begin(), read by the legend. */
void theme_frame_begin(void);
void theme_note(enum legend_note n);
bool theme_seen_cell(enum cell_glyph g);
bool theme_seen_outcome(int outcome);
bool theme_seen_misc(enum misc_glyph g);
bool theme_noted(enum legend_note n);

/* Drawing on stdscr, clipped to a width.  All return the columns used.
 * Text that does not fit ends in the G_ELIDED mark, never silently
 * mid-word (trailing blanks are dropped without a mark). */
struct rect {
	int y, x, h, w;
};
int draw_str(int y, int x, int maxw, attr_t a, const char *s);
int draw_glyph(int y, int x, attr_t a, const char *s);	 /* one column, static @s */
bool glyph_cchar(cchar_t *cc, attr_t a, const char *s);	 /* @s as draw_glyph() draws it */
void draw_cells(int y, int x, const cchar_t *cc, int n); /* a run of cells, clipped */
int draw_fmt(int y, int x, int maxw, attr_t a, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Word-wrapped text in at most @maxlines lines; returns the lines used.
 * When the text needs more, the last line ends in the G_ELIDED mark. */
int draw_wrap(int y, int x, int w, int maxlines, attr_t a, const char *s);
/* Lines draw_wrap() needs for all of @s at width @w. */
int wrap_count(const char *s, int w);
/* The same with the lines after the first indented by @indent columns. */
int draw_wrap_indent(int y, int x, int w, int indent, int maxlines, attr_t a, const char *s);
int wrap_count_indent(const char *s, int w, int indent);
void draw_vline(int y, int x, int h);
/* A panel's title rule: "── Title ─────"; reverse when focused. */
void draw_title(const struct rect *r, const char *title, bool focused);
/* A framed box (for help, dialogs, the too-small screen); clears inside. */
void draw_box(const struct rect *r, const char *title);
/* Display width of a UTF-8 string. */
int str_width(const char *s);

#endif
