/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/theme.c - one table: item -> 256-colour, 8-colour and mono rendering
 *
 * The palette is Okabe and Ito's colour-blind-safe set (blue, sky blue,
 * orange, yellow, bluish green, vermillion, reddish purple): activation is
 * blue, reclaim orange, so no meaning rests on red against green.  Each row
 * also has a monochrome attribute, used when the terminal has no colour,
 * with --no-color, or when NO_COLOR is set (no-color.org).  With 8 or 16
 * colours the nearest basic colour is used, brightened with A_BOLD.
 *
 * The chosen depth and glyph set are file-scope: they describe the one
 * terminal this process draws on, like curses' own stdscr.
 */
#include <string.h>

#include "theme.h"

static int depth; /* 0 mono, 8, 16, 256 */
static bool ascii_only;

struct style {
	short fg256, bg256; /* -1: terminal default */
	short fg8, bg8;
	attr_t color_attr; /* added in colour modes */
	attr_t mono;	   /* the whole rendering in monochrome */
};

#define OUT(o) [T_OUT_FIRST + (o)]
#define OBJ(i) [T_OBJ_FIRST + (i)]
static const struct style styles[NR_THEME_ITEMS] = {
	[T_NORMAL] = { -1, -1, -1, -1, 0, 0 },
	[T_BAR] = { 231, 24, COLOR_WHITE, COLOR_BLUE, 0, A_REVERSE },
	[T_BAR_KEY] = { 222, 24, COLOR_YELLOW, COLOR_BLUE, A_BOLD, A_REVERSE | A_BOLD },
	[T_TITLE] = { 117, -1, COLOR_CYAN, -1, A_BOLD, A_BOLD },
	[T_TITLE_FOCUS] = { 16, 117, COLOR_BLACK, COLOR_CYAN, A_BOLD, A_REVERSE | A_BOLD },
	[T_DIM] = { 244, -1, COLOR_WHITE, -1, 0, A_DIM },
	[T_LABEL] = { 250, -1, COLOR_WHITE, -1, A_BOLD, A_BOLD },
	[T_CAPTION] = { 229, 236, COLOR_YELLOW, -1, 0, A_BOLD },
	[T_WARN] = { 214, -1, COLOR_YELLOW, -1, A_BOLD, A_BOLD | A_UNDERLINE },
	[T_TAKEN] = { 16, 214, COLOR_BLACK, COLOR_YELLOW, A_BOLD, A_REVERSE | A_BOLD },
	[T_CURSOR] = { 16, 117, COLOR_BLACK, COLOR_CYAN, A_UNDERLINE, A_REVERSE | A_UNDERLINE },
	[T_EXAMINED] = { 16, 231, COLOR_BLACK, COLOR_WHITE, A_BOLD, A_REVERSE | A_BOLD },
	[T_GOOD] = { 33, -1, COLOR_BLUE, -1, A_BOLD, A_BOLD },
	[T_BAD] = { 208, -1, COLOR_YELLOW, -1, A_BOLD, A_BOLD | A_UNDERLINE },
	OUT(OUT_NONE) = { 244, -1, COLOR_WHITE, -1, 0, 0 },
	OUT(OUT_ACTIVATE) = { 33, -1, COLOR_BLUE, -1, A_BOLD, A_BOLD },
	OUT(OUT_KEEP) = { 117, -1, COLOR_CYAN, -1, 0, A_UNDERLINE },
	OUT(OUT_RECLAIM) = { 208, -1, COLOR_YELLOW, -1, A_BOLD, A_REVERSE },
	OUT(OUT_RECLAIM_CLEAN) = { 221, -1, COLOR_YELLOW, -1, 0, A_REVERSE | A_UNDERLINE },
	OUT(OUT_DEACTIVATE) = { 176, -1, COLOR_MAGENTA, -1, 0, A_DIM | A_UNDERLINE },
	OUT(OUT_ROTATE) = { 36, -1, COLOR_GREEN, -1, 0, A_DIM },
	OUT(OUT_ROTATE_TAIL) = { 36, -1, COLOR_GREEN, -1, 0, A_DIM },
	OUT(OUT_CULL) = { 250, -1, COLOR_WHITE, -1, A_BOLD, A_BOLD | A_DIM },
	OUT(OUT_FAULT) = { 252, -1, COLOR_WHITE, -1, 0, 0 },
	OUT(OUT_REFAULT) = { 202, -1, COLOR_RED, -1, A_BOLD, A_BOLD | A_REVERSE },
	OUT(OUT_REFERENCE) = { 153, -1, COLOR_CYAN, -1, 0, 0 },
	OUT(OUT_OOM) = { 231, 202, COLOR_WHITE, COLOR_RED, A_BOLD, A_REVERSE | A_BOLD },
	OBJ(0) = { 214, -1, COLOR_YELLOW, -1, 0, 0 },
	OBJ(1) = { 39, -1, COLOR_CYAN, -1, 0, 0 },
	OBJ(2) = { 36, -1, COLOR_GREEN, -1, 0, 0 },
	OBJ(3) = { 176, -1, COLOR_MAGENTA, -1, 0, 0 },
	OBJ(4) = { 228, -1, COLOR_YELLOW, -1, A_BOLD, 0 },
	OBJ(5) = { 69, -1, COLOR_BLUE, -1, A_BOLD, 0 },
	OBJ(6) = { 202, -1, COLOR_RED, -1, 0, 0 },
	OBJ(7) = { 252, -1, COLOR_WHITE, -1, 0, 0 },
};

static const char *const out_glyph[NR_OUTCOMES][2] = {
	[OUT_NONE] = { "·", "." },    [OUT_ACTIVATE] = { "▲", "^" },	  [OUT_KEEP] = { "=", "=" },
	[OUT_RECLAIM] = { "✗", "x" }, [OUT_RECLAIM_CLEAN] = { "~", "~" }, [OUT_DEACTIVATE] = { "▼", "v" },
	[OUT_ROTATE] = { "↻", "o" },  [OUT_ROTATE_TAIL] = { "⇥", ">" },	  [OUT_CULL] = { "⊘", "U" },
	[OUT_FAULT] = { "+", "+" },   [OUT_REFAULT] = { "!", "!" },	  [OUT_REFERENCE] = { "*", "*" },
	[OUT_OOM] = { "#", "#" },
};

static const struct {
	const char *g[2];
	const char *label;
} cells[NR_CELL_GLYPHS] = {
	[G_WRITEBACK] = { { "W", "W" }, "writeback" },
	[G_YOUNG_REF] = { { "◆", "#" }, "young pte+PG_referenced" },
	[G_YOUNG] = { { "●", "O" }, "young pte" },
	[G_REF] = { { "◇", "+" }, "PG_referenced" },
	[G_MAPPED] = { { "○", "o" }, "mapped" },
	[G_IDLE] = { { "·", "." }, "idle" },
};

static const char *const misc[NR_MISC_GLYPHS][2] = {
	[G_TAIL] = { "◂", "<" },      [G_ARROW] = { "→", "->" },      [G_TAKEN] = { "▶", ">" },
	[G_NOT_TAKEN] = { "✗", "x" }, [G_NOT_REACHED] = { "·", "." }, [G_PLAY] = { "▶", ">" },
	[G_PAUSE] = { "‖", "||" },    [G_BULLET] = { "•", "*" },      [G_CAPTION] = { "»", ">>" },
	[G_ELIDED] = { "…", "~" },
};

static const char *const sparks[2][8] = {
	{ "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█" },
	{ "_", ".", ",", "-", "=", "+", "*", "#" },
};

void theme_init(int colors, bool ascii)
{
	depth = colors;
	ascii_only = ascii;
	if (!depth)
		return;
	start_color();
	use_default_colors();
	for (int i = 1; i < NR_THEME_ITEMS; i++) {
		const struct style *s = &styles[i];
		if (depth >= 256)
			init_pair((short)i, s->fg256, s->bg256);
		else
			init_pair((short)i, s->fg8, s->bg8);
	}
}

attr_t theme_attr(int item)
{
	const struct style *s = &styles[item];

	if (!depth)
		return s->mono;
	return COLOR_PAIR(item) | s->color_attr;
}

attr_t theme_outcome(int outcome)
{
	return theme_attr(T_OUT_FIRST + (outcome < NR_OUTCOMES ? outcome : OUT_NONE));
}

attr_t theme_object(uint32_t object)
{
	return theme_attr(T_OBJ_FIRST + (int)(object % NR_OBJ_COLORS));
}

const char *outcome_glyph(int outcome)
{
	return out_glyph[outcome < NR_OUTCOMES ? outcome : OUT_NONE][ascii_only];
}

const char *cell_glyph(enum cell_glyph g)
{
	return cells[g].g[ascii_only];
}
const char *cell_glyph_label(enum cell_glyph g)
{
	return cells[g].label;
}
const char *misc_glyph(enum misc_glyph g)
{
	return misc[g][ascii_only];
}
const char *spark_glyph(int level)
{
	return sparks[ascii_only][level < 0 ? 0 : level > 7 ? 7 : level];
}
bool theme_ascii(void)
{
	return ascii_only;
}
int theme_colors(void)
{
	return depth;
}
