/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_legend.c - what each glyph, colour and attribute on screen means
 *
 * One table lists every mark the screen can draw, with a long label, a
 * short one and a sentence for the help screen.  The legend line shows
 * them all if they fit its rows, with long labels, then short ones; if
 * not, only the marks this frame drew (theme.c notes each glyph as it is
 * looked up, and the legend is drawn after the panels), long then short.
 * It wraps over its rows and never cuts an item in two: what still does
 * not fit ends in the elision mark.  The help screen lists every item
 * with its sentence.
 */
#include <stdio.h>
#include <string.h>

#include "outcome.h"
#include "panel.h"

enum item_kind { K_CELL, K_NOTE, K_OUTCOME, K_MISC };

static const struct legend_item {
	uint8_t kind, id;
	const char *label, *shrt, *help;
} items[] = {
	{ K_CELL, G_YOUNG_REF, "young pte+PG_referenced", "young+ref",
	  "a young pte and PG_referenced: the hottest state" },
	{ K_CELL, G_YOUNG, "young pte", "young",
	  "a page table entry's accessed bit is set (the hardware saw a use)" },
	{ K_CELL, G_TIER1, "tier 1-3", "tier",
	  "6.1's multi-gen LRU: the page's tier, from its reads through a file descriptor (1: 2 reads, "
	  "2: 3-4, 3: 5 or more, PG_workingset counting as one)" },
	{ K_CELL, G_REF, "PG_referenced", "ref",
	  "PG_referenced is set (mark_page_accessed, or a first young sighting)" },
	{ K_CELL, G_MAPPED, "mapped", "mapped",
	  "mapped by a page table, not used since it was last looked at" },
	{ K_CELL, G_IDLE, "idle", "idle", "neither mapped nor referenced" },
	{ K_CELL, G_WRITEBACK, "writeback", "wb", "under writeback: being written to disk" },
	{ K_NOTE, N_DIRTY, "dirty", "dirty", "underlined: dirty, must be written before it can be freed" },
	{ K_NOTE, N_EXAMINED, "this step's page", "this step",
	  "reverse video: the page this step is about, with its outcome's glyph once decided" },
	{ K_NOTE, N_CURSOR, "cursor", "cursor",
	  "the inspector's page (Tab to the lists, arrows move it, Enter opens)" },
	{ K_OUTCOME, 0, NULL, NULL, NULL }, /* here every outcome's row of outcome.c but OUT_NONE */
	{ K_MISC, G_TAKEN, "test taken", "taken", "the test that held, and so decided" },
	{ K_MISC, G_FALSE, "test false", "false",
	  "a test that was made and did not hold (tests below it were not reached)" },
	{ K_MISC, G_TAIL, "scanner", "scan",
	  "the reclaim scanner (kswapd or direct) at the tail it takes pages from" },
	{ K_MISC, G_ARROW, "to", "to", "from -> to; test -> result" },
	{ K_MISC, G_ELIDED, "cut", "cut",
	  "text or a list cut here (? shows all keys, s the scenario's text)" },
	{ K_NOTE, N_SPARK, "size over time", "history", "sparkline: a list's size from step 1 to now" },
	{ K_NOTE, N_BAR, "resident", "resident", "bar: an object's pages in memory, out of its size" },
	{ K_NOTE, N_WHOSE, "cgroup, r root, & mixed", "=cgroup",
	  "M (whose pages): a cell's capital letter is the memory cgroup its pages are charged to, paired "
	  "with the cgroup's name "
	  "in the lists' title (D=db); r the root's pages, & pages of several cgroups in one cell" },
};
#define NR_ROWS	 (int)(sizeof items / sizeof items[0])
#define NR_ITEMS (NR_ROWS - 1 + NR_OUTCOMES - 1)

/* Item @i of the legend, the outcomes' row stretched to one item an outcome. */
static struct legend_item item_at(int i)
{
	int k = 0;

	while (items[k].kind != K_OUTCOME)
		k++;
	if (i >= k + NR_OUTCOMES - 1)
		return items[i - (NR_OUTCOMES - 2)];
	if (i >= k) {
		const struct outcome_row *o = &outcome_table[i - k + 1];
		return (struct legend_item){ K_OUTCOME, (uint8_t)(i - k + 1), o->label, o->shrt, o->help };
	}
	return items[i];
}

static bool seen(const struct legend_item *it)
{
	switch (it->kind) {
	case K_CELL: return theme_seen_cell((enum cell_glyph)it->id);
	case K_OUTCOME: return theme_seen_outcome(it->id);
	case K_MISC:
		return theme_seen_misc((enum misc_glyph)it->id) ||
		       (it->id == G_ELIDED && theme_seen_misc(G_ELIDED_CELL));
	default: return theme_noted((enum legend_note)it->id);
	}
}

/* The sample an item shows: its glyph with its attributes. */
static void sample(const struct legend_item *it, const char **g, attr_t *a)
{
	*a = theme_attr(T_NORMAL);
	switch (it->kind) {
	case K_CELL: *g = cell_glyph((enum cell_glyph)it->id); break;
	case K_OUTCOME:
		*g = outcome_glyph(it->id);
		*a = theme_outcome(it->id);
		break;
	case K_MISC:
		*g = misc_glyph((enum misc_glyph)it->id);
		if (it->id == G_TAKEN)
			*a = theme_attr(T_TAKEN);
		else if (it->id == G_FALSE)
			*a = theme_attr(T_DIM);
		break;
	default:
		switch (it->id) {
		case N_DIRTY:
			*g = cell_glyph(G_MAPPED);
			*a |= A_UNDERLINE;
			break;
		case N_EXAMINED:
			*g = cell_glyph(G_YOUNG);
			*a = theme_attr(T_EXAMINED);
			break;
		case N_CURSOR:
			*g = cell_glyph(G_YOUNG);
			*a = theme_attr(T_CURSOR);
			break;
		case N_SPARK: *g = theme_ascii() ? "0-7" : "▁▃▅█"; break;
		case N_WHOSE: *g = "A-Z"; break;
		default:
			*g = "  ";
			*a = theme_object_bar(0);
			break;
		}
	}
}

static int item_width(const struct legend_item *it, bool shrt)
{
	const char *g;
	attr_t a;

	sample(it, &g, &a);
	return str_width(g) + (shrt ? 0 : 1) + (int)strlen(shrt ? it->shrt : it->label);
}

/* Rows the chosen items take at width @w; @draw: also draw them. */
static int flow(const struct rect *r, const bool *use, bool shrt, bool draw)
{
	int row = 0, x = r->x + 1, end = r->x + r->w - 1;

	for (int i = 0; i < NR_ITEMS; i++) {
		struct legend_item it;
		const char *g;
		attr_t a;
		int w;

		if (!use[i])
			continue;
		it = item_at(i);
		w = item_width(&it, shrt);
		if (x > r->x + 1 && x + w > end) {
			if (draw && row == r->h - 1) { /* more than the rows hold: say so */
				draw_str(r->y + row, x < end ? x : end - 1, 1, theme_attr(T_DIM),
					 misc_glyph(G_ELIDED));
				return row + 2;
			}
			row++;
			x = r->x + 1;
		}
		if (draw) {
			sample(&it, &g, &a);
			x += draw_str(r->y + row, x, end - x, a, g);
			x += draw_fmt(r->y + row, x, end - x, theme_attr(T_NORMAL), "%s%s", shrt ? "" : " ",
				      shrt ? it.shrt : it.label);
		} else {
			x += w;
		}
		x += shrt ? 1 : 2;
	}
	return row + 1;
}

void panel_legend_draw(const struct rect *r, const struct frame *f)
{
	bool all[NR_ITEMS], drawn[NR_ITEMS];
	const bool *use;
	bool shrt;

	(void)f;
	if (r->h <= 0)
		return;
	for (int i = 0; i < NR_ITEMS; i++) {
		struct legend_item it = item_at(i);

		/* the arrow and the elision mark read as punctuation: in the
		 * whole legend, not in the short one of what is drawn */
		drawn[i] = seen(&it) && !(it.kind == K_MISC && (it.id == G_ARROW || it.id == G_ELIDED));
		/* sparklines and bars only where their panels are */
		all[i] = it.kind != K_NOTE || it.id < N_SPARK || drawn[i];
		/* the tiers only where 6.1's generations are drawn */
		if (it.kind == K_CELL && it.id == G_TIER1)
			all[i] = drawn[i] || theme_seen_cell(G_TIER2) || theme_seen_cell(G_TIER3);
		if (it.kind == K_CELL && it.id == G_TIER1)
			drawn[i] = all[i];
	}
	use = all, shrt = false;
	if (flow(r, use, shrt, false) > r->h)
		shrt = true;
	if (flow(r, use, shrt, false) > r->h)
		use = drawn, shrt = false;
	if (flow(r, use, shrt, false) > r->h)
		shrt = true;
	flow(r, use, shrt, true);
}

int legend_help_rows(void)
{
	return NR_ITEMS;
}

#define HELP_LABEL_W 24 /* "young pte+PG_referenced" */

int legend_help_height(int i, int w)
{
	int n = i >= 0 && i < NR_ITEMS ? wrap_count(item_at(i).help, w - 5 - HELP_LABEL_W) : 1;
	return n > 0 ? n : 1;
}

void legend_help_draw(int y, int x, int w, int i, int rows)
{
	struct legend_item it;
	const char *g;
	attr_t a;

	if (i < 0 || i >= NR_ITEMS)
		return;
	it = item_at(i);
	sample(&it, &g, &a);
	draw_str(y, x, 4, a, g);
	draw_str(y, x + 5, HELP_LABEL_W, theme_attr(T_NORMAL), it.label);
	draw_wrap(y, x + 5 + HELP_LABEL_W, w - 5 - HELP_LABEL_W, rows, theme_attr(T_NORMAL), it.help);
}

int panel_legend_want(int w)
{
	bool all[NR_ITEMS];
	struct rect r = { 0, 0, 1, w };
	int rows;

	for (int i = 0; i < NR_ITEMS; i++)
		all[i] = item_at(i).kind != K_NOTE || item_at(i).id < N_SPARK;
	rows = flow(&r, all, false, false);
	return rows > 2 ? 2 : rows;
}
