/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/theme.c - item -> its ink in 256, 8 and no colours, dark and light
 *
 * Colour carries two meanings and they never share a colour: outcomes and
 * objects.  The chrome (bars, titles, labels, warnings, the taken test,
 * the cursor) is grey and white, told apart by bold, reverse and dim.
 *
 * Outcomes (their inks are their rows of outcome.c) take the Okabe-Ito
 * palette (Okabe and Ito, "Color Universal Design", 2002), designed to
 * stay distinct for the common colour-vision deficiencies, brightened
 * for a dark background: activate blue, rotate sky blue, keep bluish
 * green, reclaim vermillion, reclaim_clean orange, deactivate reddish
 * purple, rotate_tail yellow; refault a strong pink-red.  Faults,
 * references and culls are uncoloured: their glyph says it.  Objects take
 * eight colours picked greedily from the 256-colour cube (L* 60-92,
 * chroma >= 35) to lie as far as possible (CIEDE2000) from the outcome
 * colours and from each other, in normal vision and in simulated
 * protanopia and deuteranopia (Machado et al. 2009, severity 1).  Figures
 * (min DeltaE00; objects against outcomes / among objects / among
 * outcomes): normal 13.7 / 12.2 / 14.0, protan 7.5 / 9.8 / 8.9, deutan
 * 6.3 / 8.1 / 7.8; the first four objects, which most scenarios use, are
 * at least 18 apart in all three.  `python3 tests/tools/palette.py`
 * computes these and fails if an index serves both meanings.  Where hue
 * is not enough (CVD, 8 colours, monochrome) attributes and glyphs keep
 * the two meanings apart: an outcome on the lists is always a glyph in
 * reverse video, an object cell never is; in 8 colours outcomes are bold
 * and objects never.
 *
 * The light theme (dark ink on white, for bright rooms) is two more
 * columns of the same rows.  The dark theme's greys are light greys on
 * the terminal's own (dark) background; on a projector in a lit room the
 * dim grey of a test "not taken" washes out.  The light theme paints
 * every cell white (xterm 231) and draws in black and dark greys, so it
 * looks the same on any terminal, whatever its own colours: nothing is
 * left to the terminal's default.  Outcomes keep their hues, darkened
 * until they read on white (activate 26 #005fd7, keep 29, reclaim 166,
 * reclaim_clean 136, deactivate 127, rotate 31, rotate_tail 100, refault
 * 161); objects take eight darker hues of their own.  Blocks of colour
 * (object bars, the page of the step, the outcome marks) carry white ink.
 *
 * Each row also has a monochrome attribute, used when the terminal has no
 * colour, with --no-color, or when NO_COLOR is set (no-color.org).  With
 * 8 or 16 colours the nearest basic colour is used.
 *
 * The chosen depth and glyph set are file-scope: they describe the one
 * terminal this process draws on, like curses' own stdscr.  So is the
 * record of what the frame being drawn used, for the legend.
 */
#include <string.h>

#include "outcome.h"
#include "theme.h"

static int depth; /* 0 mono, 8, 16, 256 */
static bool ascii_only;
static bool big;			 /* projector mode: bold where others are dim */
static bool light;			 /* the rows' light columns */
#define PAIR_LIGHT_NORMAL NR_THEME_ITEMS /* T_NORMAL's in the light theme (pair 0 is the terminal's) */
static uint32_t seen_cell, seen_out, seen_misc, noted;

/* The chrome, in enum order; the light columns are used in 256 colours. */
static const struct ink chrome[T_OUT_FIRST] = {
	[T_NORMAL] = { -1, -1, -1, -1, 0, 0, 16, 231 },
	[T_BAR] = { 253, 238, COLOR_WHITE, COLOR_BLACK, 0, A_REVERSE, 16, 252 },
	[T_BAR_KEY] = { 16, 250, COLOR_BLACK, COLOR_WHITE, A_BOLD, A_BOLD, 231, 238 },
	[T_TITLE] = { 255, -1, COLOR_WHITE, -1, A_BOLD, A_BOLD, 16, 231 },
	[T_TITLE_FOCUS] = { 16, 252, COLOR_BLACK, COLOR_WHITE, A_BOLD, A_REVERSE | A_BOLD, 231, 238 },
	/* light: #585858 on white, 7:1, where 244 on dark is 4:1 */
	[T_DIM] = { 244, -1, COLOR_WHITE, -1, 0, A_DIM, 240, 231 },
	[T_LABEL] = { 250, -1, COLOR_WHITE, -1, A_BOLD, A_BOLD, 236, 231 },
	[T_CAPTION] = { 255, 237, COLOR_WHITE, COLOR_BLACK, 0, A_BOLD, 16, 254 },
	[T_WARN] = { 231, -1, COLOR_WHITE, -1, A_BOLD, A_BOLD, 16, 231 },
	[T_TAKEN] = { 16, 255, COLOR_BLACK, COLOR_WHITE, A_BOLD, A_REVERSE | A_BOLD, 231, 16 },
	[T_CURSOR] = { 16, 245, COLOR_BLACK, COLOR_WHITE, A_UNDERLINE, A_REVERSE | A_UNDERLINE, 231, 243 },
	[T_EXAMINED] = { 16, 255, COLOR_BLACK, COLOR_WHITE, A_BOLD, A_REVERSE | A_BOLD, 231, 16 },
	[T_GOOD] = { 231, -1, COLOR_WHITE, -1, A_BOLD, A_BOLD, 16, 231 },
	[T_BAD] = { 231, -1, COLOR_WHITE, -1, A_BOLD | A_UNDERLINE, A_BOLD | A_UNDERLINE, 16, 231 },
	[T_BADGE] = { 16, 255, COLOR_BLACK, COLOR_WHITE, A_BOLD, A_REVERSE | A_BOLD, 231, 16 },
};

static const struct ink objects[NR_OBJ_COLORS] = {
	[0] = { 211, -1, COLOR_MAGENTA, -1, 0, 0, 168, 231 },
	[1] = { 51, -1, COLOR_CYAN, -1, 0, 0, 30, 231 },
	[2] = { 154, -1, COLOR_GREEN, -1, 0, 0, 64, 231 },
	[3] = { 172, -1, COLOR_YELLOW, -1, 0, 0, 94, 231 },
	[4] = { 86, -1, COLOR_BLUE, -1, 0, 0, 61, 231 },
	[5] = { 78, -1, COLOR_GREEN, -1, 0, 0, 65, 231 },
	[6] = { 209, -1, COLOR_RED, -1, 0, 0, 131, 231 },
	[7] = { 111, -1, COLOR_WHITE, -1, 0, 0, 24, 231 },
};

/* An item's ink: the chrome's, an outcome's row, an object's. */
static const struct ink *ink_of(int item)
{
	if (item < T_OUT_FIRST)
		return &chrome[item];
	if (item < T_OBJ_FIRST)
		return &outcome_table[item - T_OUT_FIRST].ink;
	return &objects[item - T_OBJ_FIRST];
}

static const struct {
	const char *g[2];
	const char *label;
} cells[NR_CELL_GLYPHS] = {
	[G_WRITEBACK] = { { "W", "W" }, "writeback" },
	[G_YOUNG_REF] = { { "◆", "#" }, "young pte+PG_referenced" },
	[G_YOUNG] = { { "●", "O" }, "young pte" },
	/* a digit is the tier's number (ASCII sparklines use digits too, on
	 * the counters panel, never on a list) */
	[G_TIER3] = { { "3", "3" }, "tier 3" },
	[G_TIER2] = { { "2", "2" }, "tier 2" },
	[G_TIER1] = { { "1", "1" }, "tier 1" },
	[G_REF] = { { "◇", "+" }, "PG_referenced" },
	[G_MAPPED] = { { "○", "o" }, "mapped" },
	[G_IDLE] = { { "·", "." }, "idle" },
};

static const char *const misc[NR_MISC_GLYPHS][2] = {
	[G_TAIL] = { "◂", "<" },  [G_ARROW] = { "→", "->" }, [G_TAKEN] = { "▶", ">" },
	[G_FALSE] = { "–", "-" }, [G_ELIDED] = { "…", "~" }, [G_ELIDED_CELL] = { "…", ":" },
};

/* ASCII levels are digits: every punctuation mark is a glyph already. */
static const char *const sparks[2][8] = {
	{ "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█" },
	{ "0", "1", "2", "3", "4", "5", "6", "7" },
};

/* The light theme in 8 or 16 colours: white and black swap, the
 * terminal's default becomes black ink on white. */
static short light8(short c, bool bg)
{
	if (c < 0)
		return bg ? COLOR_WHITE : COLOR_BLACK;
	return c == COLOR_WHITE ? COLOR_BLACK : c == COLOR_BLACK ? COLOR_WHITE : c;
}

static void init_pairs(void)
{
	short ink = light ? (depth >= 256 ? 231 : COLOR_WHITE) : (depth >= 256 ? 16 : COLOR_BLACK);

	for (int i = 1; i < T_OBJ_BAR_FIRST; i++) {
		const struct ink *s = ink_of(i);
		if (light && depth >= 256)
			init_pair((short)i, s->light_fg, s->light_bg);
		else if (light)
			init_pair((short)i, light8(s->fg8, false), light8(s->bg8, true));
		else if (depth >= 256)
			init_pair((short)i, s->fg256, s->bg256);
		else
			init_pair((short)i, s->fg8, s->bg8);
	}
	for (int i = 0; i < NR_OBJ_COLORS; i++) { /* the objects' colours as backgrounds */
		const struct ink *s = &objects[i];
		init_pair((short)(T_OBJ_BAR_FIRST + i), ink,
			  depth >= 256 ? (light ? s->light_fg : s->fg256) : s->fg8);
	}
	for (int i = 0; i < NR_OUTCOMES; i++) { /* and the outcomes', behind their glyphs */
		const struct ink *s = &outcome_table[i].ink;
		short bg = depth >= 256 ? light ? (s->light_bg != 231 ? s->light_bg : s->light_fg)
						: (s->bg256 >= 0 ? s->bg256 : s->fg256)
					: (s->bg8 >= 0 ? s->bg8 : s->fg8);
		init_pair((short)(T_OUT_MARK_FIRST + i), ink,
			  bg >= 0 ? bg : (depth >= 256 ? 255 : COLOR_WHITE));
	}
	if (light)
		init_pair(PAIR_LIGHT_NORMAL, depth >= 256 ? 16 : COLOR_BLACK,
			  depth >= 256 ? 231 : COLOR_WHITE);
	/* blank cells too: the whole screen is the theme's */
	bkgdset(light ? COLOR_PAIR(PAIR_LIGHT_NORMAL) : 0);
}

void theme_init(int colors, bool ascii)
{
	depth = colors;
	ascii_only = ascii;
	if (!depth)
		return;
	start_color();
	use_default_colors();
	init_pairs();
}

void theme_set_light(bool on)
{
	light = on;
	if (depth)
		init_pairs();
}

bool theme_is_light(void)
{
	return light && depth;
}

void theme_set_big(bool on)
{
	big = on;
}

attr_t theme_attr(int item)
{
	const struct ink *s;
	attr_t extra = 0;

	if (big && item == T_DIM) /* a projector washes dim text out */
		item = T_NORMAL;
	if (big && item >= T_OBJ_FIRST)
		extra = A_BOLD;
	s = ink_of(item);
	if (!depth)
		return s->mono | extra;
	if (light && item == T_NORMAL)
		return COLOR_PAIR(PAIR_LIGHT_NORMAL) | extra;
	return COLOR_PAIR(item) | s->color_attr | extra;
}

attr_t theme_outcome(int outcome)
{
	return theme_attr(T_OUT_FIRST + (outcome < NR_OUTCOMES ? outcome : OUT_NONE));
}

attr_t theme_object_bar(uint32_t object)
{
	if (!depth)
		return A_REVERSE;
	return COLOR_PAIR(T_OBJ_BAR_FIRST + (int)(object % NR_OBJ_COLORS));
}

attr_t theme_object(uint32_t object)
{
	return theme_attr(T_OBJ_FIRST + (int)(object % NR_OBJ_COLORS));
}

attr_t theme_outcome_mark(int outcome)
{
	if (!depth)
		return A_REVERSE | A_BOLD;
	return COLOR_PAIR(T_OUT_MARK_FIRST + (outcome < NR_OUTCOMES ? outcome : OUT_NONE)) | A_BOLD;
}

const char *outcome_glyph(int outcome)
{
	outcome = outcome < NR_OUTCOMES ? outcome : OUT_NONE;
	seen_out |= 1u << outcome;
	return outcome_table[outcome].glyph[ascii_only];
}

const char *cell_glyph(enum cell_glyph g)
{
	seen_cell |= 1u << g;
	return cells[g].g[ascii_only];
}
const char *misc_glyph(enum misc_glyph g)
{
	seen_misc |= 1u << g;
	return misc[g][ascii_only];
}
const char *spark_glyph(int level)
{
	noted |= 1u << N_SPARK;
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

void theme_frame_begin(void)
{
	seen_cell = seen_out = seen_misc = noted = 0;
}
void theme_note(enum legend_note n)
{
	noted |= 1u << n;
}
bool theme_seen_cell(enum cell_glyph g)
{
	return seen_cell >> g & 1u;
}
bool theme_seen_outcome(int outcome)
{
	return outcome < NR_OUTCOMES && (seen_out >> outcome & 1u);
}
bool theme_seen_misc(enum misc_glyph g)
{
	return seen_misc >> g & 1u;
}
bool theme_noted(enum legend_note n)
{
	return noted >> n & 1u;
}
