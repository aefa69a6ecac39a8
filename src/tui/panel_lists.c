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
 * tail is walked from the tail back, so no page is walked twice.  All the
 * lists are walked together, a page of each in turn (walk_lists), and
 * drawn afterwards, a row of cells at a time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "panel.h"

#define LABEL_W	 22	    /* ">inactive_file   1234 " */
#define WALK_MAX (1u << 12) /* pages one draw may visit: 0.1 to 0.3 ms */
#define TAIL_W	 9	    /* "◂ kswapd" */

static const uint8_t shown[] = { LRU_ACTIVE_FILE,   LRU_INACTIVE_FILE, LRU_ACTIVE_ANON,
				 LRU_INACTIVE_ANON, LRU_UNEVICTABLE,   LRU_ISOLATED };
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
	uint32_t examined, cursor; /* pfns, PFN_NONE if none */
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

/* What one cell shows, from its k pages: the hottest page's glyph, the
 * head-most page's colour, and marks. */
struct cell {
	uint32_t object; /* of the head-most page: the colour */
	uint8_t glyph;	 /* enum cell_glyph */
	bool dirty, ex, cur;
};

/* A run of cells to fill from a list: from its head on, or from its tail
 * back. */
struct walk {
	uint32_t p;	/* next page */
	uint32_t left;	/* cells still to fill */
	uint32_t taken; /* pages in the current cell so far */
	bool back;
	struct cell *out; /* the current cell */
};

/*
 * Fills every walk's cells, one page of each walk in turn.  Walking a list
 * is a chain of cache misses, each page's address in the one before; one
 * list after another, a large zone paid them one at a time (perf: a third
 * of a step's CPU).  Taken in turn, the chains of all walks (up to twelve)
 * are in flight at once.
 */
static void walk_lists(const struct frame *f, struct walk *w, int nw, uint32_t k, const struct marks *m)
{
	const struct page *pg = engine_pages(f->e);
	bool busy = true;

	while (busy) {
		busy = false;
		for (int i = 0; i < nw; i++) {
			struct walk *wk = &w[i];
			struct cell *c = wk->out;
			uint32_t p = wk->p;
			enum cell_glyph g;

			if (!wk->left || p == PFN_NONE)
				continue;
			busy = true;
			if (!wk->taken)
				*c = (struct cell){ .object = pg[p].object, .glyph = NR_CELL_GLYPHS };
			g = page_glyph(&pg[p]);
			if (g < c->glyph)
				c->glyph = (uint8_t)g;
			c->dirty |= PageDirty(&pg[p]);
			c->ex |= p == m->examined;
			c->cur |= p == m->cursor;
			if (wk->back)
				c->object = pg[p].object;
			wk->p = wk->back ? pg[p].prev : pg[p].next;
			if (++wk->taken == k || wk->p == PFN_NONE) {
				wk->taken = 0;
				wk->out++;
				wk->left--;
			}
		}
	}
}

static attr_t cell_attr(const struct cell *c)
{
	attr_t a = c->ex ? theme_attr(T_EXAMINED) : c->cur ? theme_attr(T_CURSOR) : theme_object(c->object);

	return c->dirty ? a | A_UNDERLINE : a;
}

static int cell_x(const struct rect *r, int c, int cpr, int cw)
{
	return r->x + LABEL_W + (c % cpr) * cw;
}

/* Cells 0..@n-1 of a list, row by row; @elided: cell number @elided is
 * the elision mark (-1: none).  At one column a cell, each row is built
 * and drawn at once. */
static void draw_cells_of(const struct rect *r, int y, const struct frame *f, const struct cell *cells, int n,
			  int elided)
{
	int cpr = cells_per_row(f, r->w), cw = cell_width(f);
	cchar_t row[512], last;
	const char *last_gl = NULL;
	attr_t last_a = 0;

	for (int c0 = 0; c0 < n; c0 += cpr) {
		int end = c0 + cpr < n ? c0 + cpr : n, k = 0;
		bool fast = cw == 1 && end - c0 <= (int)(sizeof row / sizeof row[0]);

		for (int c = c0; c < end; c++) {
			int yy = y + c / cpr, x = cell_x(r, c, cpr, cw);
			const struct cell *cl = &cells[c];
			attr_t a = c == elided ? theme_attr(T_DIM) : cell_attr(cl);
			const char *gl =
				c == elided ? misc_glyph(G_ELIDED) : cell_glyph((enum cell_glyph)cl->glyph);

			/* neighbours mostly look alike: no setcchar() for a repeat */
			if (fast && gl == last_gl && a == last_a) {
				row[k++] = last;
				continue;
			}
			if (fast && glyph_cchar(&row[k], a, gl)) {
				last = row[k++];
				last_gl = gl;
				last_a = a;
				continue;
			}
			if (k) /* a glyph wider than a column: the slow way from here */
				draw_cells(yy, x - k, row, k);
			k = 0;
			fast = false;
			if (c != elided && f->app->ui.big) {
				const char *name = object_name(f->app, cl->object);
				char ini[2] = { name[0] ? name[0] : '?', '\0' };
				draw_str(yy, x, 1, a | A_DIM, ini);
				draw_glyph(yy, x + 1, a, gl);
			} else {
				draw_str(yy, x, cw, a, gl);
			}
		}
		if (k)
			draw_cells(y + c0 / cpr, cell_x(r, c0, cpr, cw), row, k);
	}
}

static bool being_scanned(const struct step_record *r, int l)
{
	return (r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE) && r->from == l;
}

/* How one list is laid out, and the walks that fill its cells. */
struct list_plan {
	int l, y, rows;
	uint32_t cells;	     /* cells to draw */
	uint32_t head_cells; /* elided: cells from the head, then the mark */
	bool elide;
	struct cell *cell; /* [cells] */
};

static int plan_list(const struct rect *r, const struct frame *f, struct list_plan *lp, uint32_t k,
		     struct walk *w)
{
	struct lru_info li = engine_list(f->e, lp->l);
	int cpr = cells_per_row(f, r->w), nw = 0;
	uint32_t cells = (uint32_t)lp->rows * (uint32_t)cpr;

	lp->head_cells = (cells - 1) / 2;
	lp->elide = (uint64_t)cells * k < li.nr && cells > 2; /* more pages than cells */
	if (lp->elide) {
		/* the head, an elided middle, and the tail walked from the tail
		 * back, so that each page shown is walked once */
		lp->cells = cells;
		w[nw++] = (struct walk){ li.head, lp->head_cells, 0, false, lp->cell };
		w[nw++] = (struct walk){ li.tail, cells - 1 - lp->head_cells, 0, true,
					 lp->cell + lp->head_cells + 1 };
	} else {
		uint32_t need = (li.nr + k - 1) / k;
		lp->cells = need < cells ? need : cells;
		w[nw++] = (struct walk){ li.head, lp->cells, 0, false, lp->cell };
	}
	return nw;
}

/* The tail cells were filled from the tail back: put them in order. */
static void order_tail(struct list_plan *lp)
{
	struct cell *t = lp->cell + lp->head_cells + 1;
	uint32_t n = lp->cells - 1 - lp->head_cells;

	for (uint32_t i = 0; i < n / 2; i++) {
		struct cell c = t[i];
		t[i] = t[n - 1 - i];
		t[n - 1 - i] = c;
	}
}

/* Rows a list takes: what draw_list() fills. */
static int list_rows(const struct frame *f, int w, const struct list_plan *lp, uint32_t k)
{
	uint32_t nr = engine_list(f->e, lp->l).nr, need;
	int cpr = cells_per_row(f, w);

	if (!nr || lp->l > LRU_UNEVICTABLE) {
		need = rows_for(nr, k, cpr);
		return need < (uint32_t)lp->rows ? (int)need : lp->rows;
	}
	return lp->cells ? (int)(lp->cells - 1) / cpr + 1 : 1;
}

/* One list: label, cells in rows, tail marker. */
static void draw_list(const struct rect *r, const struct frame *f, const struct list_plan *lp,
		      const struct marks *m)
{
	struct lru_info li = engine_list(f->e, lp->l);
	int cpr = cells_per_row(f, r->w), cw = cell_width(f), c, x, y = lp->y;
	bool cursor_here = m->cursor != PFN_NONE && engine_pages(f->e)[m->cursor].lru == lp->l;
	const struct step_record *rec = &f->view->rec;

	draw_fmt(y, r->x, LABEL_W, theme_attr(T_LABEL), "%s%-13s%7u ", cursor_here ? ">" : " ",
		 lru_name[lp->l], li.nr);
	if (!li.nr)
		draw_str(y, r->x + LABEL_W, r->w - LABEL_W, theme_attr(T_DIM), "(empty)");
	draw_cells_of(r, y, f, lp->cell, (int)lp->cells, lp->elide ? (int)lp->head_cells : -1);
	if (!li.nr || lp->l > LRU_UNEVICTABLE)
		return;
	c = lp->cells ? (int)lp->cells - 1 : 0;
	x = r->x + LABEL_W + (c % cpr + 1) * cw + 1;
	if (being_scanned(rec, lp->l))
		draw_fmt(y + c / cpr, x, TAIL_W, theme_attr(T_WARN), "%s %s", misc_glyph(G_TAIL),
			 rec->reclaimer == RECLAIMER_DIRECT ? "direct" : "kswapd");
	else if (lp->l < LRU_UNEVICTABLE)
		draw_fmt(y + c / cpr, x, TAIL_W, theme_attr(T_DIM), "%s tail", misc_glyph(G_TAIL));
}

/* The cells of one draw, kept between draws (at most the panel's). */
static struct cell *cell_buf;
static size_t cell_cap;

static bool cell_buf_fits(size_t n)
{
	if (n > cell_cap) {
		struct cell *b = realloc(cell_buf, n * sizeof *b);
		if (!b)
			return false;
		cell_buf = b;
		cell_cap = n;
	}
	return true;
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

	uint32_t want[NR_SHOWN] = { 0 }, need = 0, left, used = 0;
	struct list_plan plan[NR_SHOWN];
	struct walk walks[2 * NR_SHOWN];
	char suffix[48];
	bool elided;
	int open = 0, np = 0, nw = 0;

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
	/* where each list goes, then every list walked at once, then drawn */
	if (!cell_buf_fits((size_t)r->h * (size_t)cpr))
		return;
	for (size_t i = 0; i < NR_SHOWN && y < r->y + r->h; i++) {
		struct list_plan *lp = &plan[np];
		if (!list_visible(f->e, shown[i]))
			continue;
		*lp = (struct list_plan){ .l = shown[i], .y = y, .cell = cell_buf + used };
		lp->rows = (int)want[i] < r->y + r->h - y ? (int)want[i] : r->y + r->h - y;
		nw += plan_list(r, f, lp, k, walks + nw);
		used += lp->cells;
		y += list_rows(f, r->w, lp, k) + gap;
		np++;
	}
	walk_lists(f, walks, nw, k, &m);
	for (int i = 0; i < np; i++) {
		if (plan[i].elide)
			order_tail(&plan[i]);
		draw_list(r, f, &plan[i], &m);
	}
}

const struct panel_ops panel_lists = {
	.name = "lists",
	.title = "LRU lists",
	.draw = lists_draw,
};
