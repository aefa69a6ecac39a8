/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_lists.c - the LRU lists, page by page, head on the left
 *
 * Each list is drawn from its head (newest, where lru_cache_add and
 * activation put pages) to its tail (oldest, where shrink_*_list takes
 * them), so aging reads left to right and the scanner sits at the right
 * end of the list it is scanning.  A cell is one page: its colour is its
 * object, its glyph its reference state (young pte, PG_referenced,
 * mapped), underlined when dirty, W under writeback.  The page examined at
 * this step is drawn reversed, the inspector's cursor underlined in the
 * cursor colour.  When the lists do not fit, one cell stands for k pages
 * (the title says so) and shows its hottest page.
 *
 * Lists are walked page by page, each page a cache miss once the zone is
 * large: a million pages take tens of milliseconds, and even 64 Ki took
 * 3 ms of a step's CPU.  So a draw walks at most WALK_MAX pages: when the
 * lists hold more, each shows its head and its tail (where pages enter
 * and where reclaim takes them), k pages a cell, and an elided middle; the
 * tail is walked from the tail back, so no page is walked twice.
 */
#include <stdio.h>
#include <string.h>

#include "panel.h"

#define LABEL_W 22	/* ">inactive_file   1234 " */
#define WALK_MAX (1u << 12)	/* pages one draw may visit: 0.1 to 0.3 ms */
#define TAIL_W 9	/* "◂ kswapd" */

static const uint8_t shown[] = { LRU_ACTIVE_FILE, LRU_INACTIVE_FILE, LRU_ACTIVE_ANON,
				 LRU_INACTIVE_ANON, LRU_UNEVICTABLE, LRU_ISOLATED };
#define NR_SHOWN (sizeof shown / sizeof shown[0])

/* The evictable lists always; unevictable and the isolated batch only
 * while they hold pages. */
static bool list_visible(const struct engine *e, int l)
{
	return l < LRU_UNEVICTABLE || engine_list(e, l).nr > 0;
}

uint32_t lists_order(const struct engine *e, uint32_t *out, uint32_t n)
{
	const struct page *pg = engine_pages(e);
	uint32_t k = 0;

	for (size_t i = 0; i < NR_SHOWN; i++)
		for (uint32_t p = engine_list(e, shown[i]).head; p != PFN_NONE && k < n; p = pg[p].next)
			out[k++] = p;
	return k;
}

static int cell_width(const struct frame *f)
{
	return f->app->ui.big ? 3 : 1;
}

static int cells_per_row(const struct frame *f, int w)
{
	int c = (w - LABEL_W - TAIL_W) / cell_width(f);
	return c > 1 ? c : 1;
}

static uint32_t rows_for(uint32_t nr, uint32_t k, int cpr)
{
	uint32_t cells = (nr + k - 1) / k;
	uint32_t rows = (cells + (uint32_t)cpr - 1) / (uint32_t)cpr;
	return rows ? rows : 1;
}

/* Enough for every page of the zone to sit on one list uncompressed, so
 * the panel keeps its size as pages move between lists. */
int panel_lists_want(const struct frame *f, int w)
{
	int cpr = cells_per_row(f, w), rows = 1;

	for (size_t i = 0; i < NR_SHOWN; i++)
		if (list_visible(f->e, shown[i]))
			rows += 1 + (f->app->ui.big ? 1 : 0);
	return rows + (int)rows_for(engine_nr_pages(f->e), 1, cpr) - 1;
}

/* Smallest k (pages per cell) for which every visible list fits in @avail rows. */
static uint32_t pages_per_cell(const struct frame *f, int cpr, int avail)
{
	uint32_t total = 0, k;

	if (avail > 0) {
		uint32_t all = 0;
		for (size_t i = 0; i < NR_SHOWN; i++)
			if (list_visible(f->e, shown[i]))
				all += engine_list(f->e, shown[i]).nr;
		/* too many to walk: the fewest pages a cell that keeps the walk
		 * under WALK_MAX; draw_list elides the middles */
		if (all > WALK_MAX) {
			uint32_t cells = (uint32_t)avail * (uint32_t)cpr;
			k = WALK_MAX / (cells ? cells : 1);
			return k ? k : 1;
		}
	}

	for (size_t i = 0; i < NR_SHOWN; i++)
		if (list_visible(f->e, shown[i]))
			total += engine_list(f->e, shown[i]).nr;
	k = avail > 0 ? total / ((uint32_t)avail * (uint32_t)cpr) : 1;
	for (k = k ? k : 1;; k++) {
		uint32_t rows = 0;
		for (size_t i = 0; i < NR_SHOWN; i++)
			if (list_visible(f->e, shown[i]))
				rows += rows_for(engine_list(f->e, shown[i]).nr, k, cpr);
		if (rows <= (uint32_t)avail || k > total)
			return k;
	}
}

static enum cell_glyph page_glyph(const struct page *p)
{
	bool young = (p->young & p->mapped) != 0;

	if (PageWriteback(p))
		return G_WRITEBACK;
	if (young && PageReferenced(p))
		return G_YOUNG_REF;
	if (young)
		return G_YOUNG;
	if (PageReferenced(p))
		return G_REF;
	if (page_mapped(p))
		return G_MAPPED;
	return G_IDLE;
}

struct marks {
	uint32_t examined, cursor;	/* pfns, PFN_NONE if none */
};

static struct marks find_marks(const struct frame *f)
{
	const struct step_record *r = &f->view->rec;
	const struct page *pg = engine_pages(f->e);
	const struct inspector *in = &f->app->insp;
	struct marks m = { PFN_NONE, PFN_NONE };

	if (r->kind != STEP_END && r->pfn != PFN_NONE && r->pfn < engine_nr_pages(f->e) &&
	    pg[r->pfn].object == r->object && pg[r->pfn].index == r->index)
		m.examined = r->pfn;
	if (in->cursor)
		m.cursor = engine_object_page(f->e, in->object, in->index);
	return m;
}

/* One cell for k pages of a list, walked from @p towards the tail, or with
 * @back towards the head; returns the pfn past them.  The cell takes its
 * colour from its head-most page either way. */
static uint32_t draw_cell(int y, int x, const struct frame *f, uint32_t p, uint32_t k, bool back,
			  const struct marks *m)
{
	const struct page *pg = engine_pages(f->e);
	enum cell_glyph g = NR_CELL_GLYPHS;
	uint32_t first = p;
	bool dirty = false, ex = false, cur = false;
	attr_t a;

	for (uint32_t i = 0; i < k && p != PFN_NONE; i++) {
		enum cell_glyph pgl = page_glyph(&pg[p]);
		if (pgl < g)
			g = pgl;
		dirty |= PageDirty(&pg[p]);
		ex |= p == m->examined;
		cur |= p == m->cursor;
		if (back)
			first = p;
		p = back ? pg[p].prev : pg[p].next;
	}
	a = ex ? theme_attr(T_EXAMINED) : cur ? theme_attr(T_CURSOR) : theme_object(pg[first].object);
	if (dirty)
		a |= A_UNDERLINE;
	if (f->app->ui.big) {
		const char *name = object_name(f->app, pg[first].object);
		char ini[2] = { name[0] ? name[0] : '?', '\0' };
		draw_str(y, x, 1, a | A_DIM, ini);
		draw_glyph(y, x + 1, a, cell_glyph(g));
	} else {
		draw_glyph(y, x, a, cell_glyph(g));
	}
	return p;
}

static int cell_x(const struct rect *r, int c, int cpr, int cw)
{
	return r->x + LABEL_W + (c % cpr) * cw;
}

static bool being_scanned(const struct step_record *r, int l)
{
	return (r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE) && r->from == l;
}

/* One list: label, cells in rows, tail marker.  Returns rows used. */
static int draw_list(const struct rect *r, int y, int rows, const struct frame *f, int l,
		     uint32_t k, const struct marks *m)
{
	struct lru_info li = engine_list(f->e, l);
	int cpr = cells_per_row(f, r->w), cw = cell_width(f), c = 0;
	bool cursor_here = m->cursor != PFN_NONE && engine_pages(f->e)[m->cursor].lru == l;
	const struct step_record *rec = &f->view->rec;
	uint32_t p = li.head;
	int x;

	uint32_t cells = (uint32_t)rows * (uint32_t)cpr, head_cells = (cells - 1) / 2;
	bool elide = (uint64_t)cells * k < li.nr && cells > 2;	/* more pages than cells */

	draw_fmt(y, r->x, LABEL_W, theme_attr(T_LABEL), "%s%-13s%7u ", cursor_here ? ">" : " ",
		 lru_name[l], li.nr);
	if (!li.nr)
		draw_str(y, r->x + LABEL_W, r->w - LABEL_W, theme_attr(T_DIM), "(empty)");
	if (elide) {
		/* the head, an elided middle, and the tail drawn from the tail
		 * back, so that each page shown is walked once */
		for (c = 0; (uint32_t)c < head_cells && p != PFN_NONE; c++)
			p = draw_cell(y + c / cpr, cell_x(r, c, cpr, cw), f, p, k, false, m);
		draw_str(y + c / cpr, cell_x(r, c, cpr, cw), cw, theme_attr(T_DIM), misc_glyph(G_ELIDED));
		p = li.tail;
		for (int j = (int)cells - 1; j > (int)head_cells && p != PFN_NONE; j--)
			p = draw_cell(y + j / cpr, cell_x(r, j, cpr, cw), f, p, k, true, m);
		c = (int)cells;
	} else {
		for (; p != PFN_NONE && c / cpr < rows; c++)
			p = draw_cell(y + c / cpr, cell_x(r, c, cpr, cw), f, p, k, false, m);
	}
	if (!li.nr || l > LRU_UNEVICTABLE)
		return rows_for(li.nr, k, cpr) < (uint32_t)rows ? (int)rows_for(li.nr, k, cpr) : rows;
	c = c ? c - 1 : 0;
	x = r->x + LABEL_W + (c % cpr + 1) * cw + 1;
	if (being_scanned(rec, l))
		draw_fmt(y + c / cpr, x, TAIL_W, theme_attr(T_WARN), "%s %s", misc_glyph(G_TAIL),
			 rec->reclaimer == RECLAIMER_DIRECT ? "direct" : "kswapd");
	else if (l < LRU_UNEVICTABLE)
		draw_fmt(y + c / cpr, x, TAIL_W, theme_attr(T_DIM), "%s tail", misc_glyph(G_TAIL));
	return c / cpr + 1;
}

static void draw_object_key(const struct rect *r, int y, int x, const struct frame *f)
{
	const struct workload *wl = &f->app->sc->wl;

	for (uint32_t o = 0; o < wl->nr_objects && x < r->x + r->w - 4; o++) {
		x += draw_str(y, x, r->x + r->w - x, theme_object(o), cell_glyph(G_YOUNG));
		x += draw_fmt(y, x, r->x + r->w - x, theme_attr(T_NORMAL), " %s  ", wl->objects[o].name);
	}
}

static void lists_draw(const struct rect *r, const struct frame *f, bool focused)
{
	int cpr = cells_per_row(f, r->w), gap = f->app->ui.big ? 1 : 0;
	int nvis = 0, avail, y = r->y + 1;
	struct marks m = find_marks(f);
	char title[160];
	uint32_t k;
	int x;

	uint32_t want[NR_SHOWN] = { 0 }, need = 0, left;
	char suffix[48];
	bool elided;
	int open = 0;

	for (size_t i = 0; i < NR_SHOWN; i++)
		nvis += list_visible(f->e, shown[i]);
	avail = r->h - 1 - gap * (nvis - 1);
	k = pages_per_cell(f, cpr, avail);
	/* rows: what each list needs; if that is too many (long lists,
	 * elided), the short lists get theirs and the long ones share the
	 * rest evenly */
	for (size_t i = 0; i < NR_SHOWN; i++)
		if (list_visible(f->e, shown[i]))
			need += want[i] = rows_for(engine_list(f->e, shown[i]).nr, k, cpr);
	left = avail > 0 ? (uint32_t)avail : 0;
	elided = need > left;
	if (elided) {
		uint32_t fair = left / (uint32_t)nvis;
		for (size_t i = 0; i < NR_SHOWN; i++)
			if (want[i] && want[i] <= fair)
				left -= want[i];
			else if (want[i])
				open++;
		for (size_t i = 0; i < NR_SHOWN; i++)
			if (want[i] > fair)
				want[i] = left / (uint32_t)open ? left / (uint32_t)open : 1;
	}
	if (elided)
		snprintf(suffix, sizeof suffix, " (long lists: head %s tail)", misc_glyph(G_ELIDED));
	else
		snprintf(suffix, sizeof suffix, "%s", k == 1 ? "" : " (compressed: hottest page shown)");
	snprintf(title, sizeof title, "LRU lists  head (newest) %s tail (oldest)   1 cell = %u page%s%s",
		 misc_glyph(G_ARROW), k, k == 1 ? "" : "s", suffix);
	draw_title(r, title, focused);
	x = r->x + 4 + str_width(title) + 2;
	if (x < r->x + r->w - 20)
		draw_object_key(r, r->y, x, f);
	for (size_t i = 0; i < NR_SHOWN && y < r->y + r->h; i++) {
		int rows;
		if (!list_visible(f->e, shown[i]))
			continue;
		rows = (int)want[i] < r->y + r->h - y ? (int)want[i] : r->y + r->h - y;
		y += draw_list(r, y, rows, f, shown[i], k, &m) + gap;
	}
}

const struct panel_ops panel_lists = {
	.name = "lists",
	.title = "LRU lists",
	.draw = lists_draw,
};
