/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_objects.c - each object's pages in memory, evictions, refaults
 *
 * The story at a glance, without reading the log: a bar per object, its
 * resident pages out of its size in its own colour, then how many of its
 * pages were evicted and how many came back (refaults).  Under 2.6.33 the
 * torrent's stream floods memory and the desktop's bars empty; under 2.6.34
 * the stream leaves and the desktop stays; in database-index the index's
 * bar empties at every burst and its refaults climb.  A row per object,
 * or, when rows are short, all the objects packed side by side.  Figures
 * are engine_object()'s, nothing is counted here.
 */
#include <stdio.h>
#include <string.h>

#include "panel.h"

#define PACKED_MIN_W 22 /* an object's share of a packed row */

static int name_w(const struct workload *wl)
{
	int w = 4;

	for (uint32_t o = 0; o < wl->nr_objects; o++)
		if (str_width(wl->objects[o].name) > w)
			w = str_width(wl->objects[o].name);
	return w > 16 ? 16 : w;
}

static int digits(uint32_t n)
{
	int d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

static uint32_t longest_size(const struct frame *f)
{
	const struct workload *wl = &f->app->sc->wl;
	uint32_t m = 0;

	for (uint32_t o = 0; o < wl->nr_objects; o++)
		m = wl->objects[o].pages > m ? wl->objects[o].pages : m;
	return m;
}

int panel_objects_rows(const struct frame *f, int w, int *packed)
{
	uint32_t n = f->app->sc->wl.nr_objects;
	int per_row = w / PACKED_MIN_W > 0 ? w / PACKED_MIN_W : 1;

	*packed = n ? (int)((n + (uint32_t)per_row - 1) / (uint32_t)per_row) : 0;
	return (int)n;
}

/* |█████     | in the object's colour: in memory out of its size; the
 * rest on grey (the rules only when there is room for them) */
static int draw_bar(int y, int x, int w, uint32_t o, uint32_t resident, uint32_t size, bool rules)
{
	int fill = size ? (int)((uint64_t)resident * (uint64_t)w / size) : 0, r = rules ? 1 : 0;
	const char *rule = theme_ascii() ? "|" : "\xe2\x94\x82";

	if (resident && !fill)
		fill = 1;
	theme_note(N_BAR);
	if (rules) {
		draw_str(y, x, 1, theme_attr(T_DIM), rule);
		draw_str(y, x + 1 + w, 1, theme_attr(T_DIM), rule);
	}
	for (int i = 0; i < w; i++)
		draw_str(y, x + r + i, 1, i < fill ? theme_object_bar(o) : theme_attr(T_CAPTION), " ");
	return w + 2 * r;
}

/* "evicted ✗12 ~4  refaults !3", the refaults in their colour */
static void draw_counts(int y, int x, int w, const struct object_stats *os)
{
	int used = 0;

	used += draw_str(y, x, w, theme_attr(T_DIM), "  evicted ");
	/* both kinds: ✗ PAGEREF_RECLAIM, ~ PAGEREF_RECLAIM_CLEAN */
	used += draw_fmt(y, x + used, w - used, theme_outcome(OUT_RECLAIM), "%s%llu",
			 outcome_glyph(OUT_RECLAIM), (unsigned long long)(os->evicted - os->evicted_clean));
	used += draw_fmt(y, x + used, w - used, theme_outcome(OUT_RECLAIM_CLEAN), " %s%llu",
			 outcome_glyph(OUT_RECLAIM_CLEAN), (unsigned long long)os->evicted_clean);
	used += draw_str(y, x + used, w - used, theme_attr(T_DIM), "  refaults ");
	draw_fmt(y, x + used, w - used, os->refaults ? theme_outcome(OUT_REFAULT) : theme_attr(T_DIM),
		 "%s%llu", outcome_glyph(OUT_REFAULT), (unsigned long long)os->refaults);
}

static void draw_row(const struct frame *f, int y, int x, int w, uint32_t o, bool packed)
{
	const struct object_spec *spec = &f->app->sc->wl.objects[o];
	struct object_stats os = engine_object(f->e, o);
	int nw = name_w(&f->app->sc->wl), used, barw, tail;
	char fig[48], counts[64];

	snprintf(fig, sizeof fig, packed ? " %u/%u" : " %u/%u in memory", os.resident, spec->pages);
	snprintf(counts, sizeof counts, packed ? " %s%llu" : "  evicted %s%llu  refaults %s%llu",
		 packed ? outcome_glyph(OUT_REFAULT) : outcome_glyph(OUT_RECLAIM),
		 (unsigned long long)(packed ? os.refaults : os.evicted), outcome_glyph(OUT_REFAULT),
		 (unsigned long long)os.refaults);
	tail = str_width(fig) + str_width(counts);
	if (packed && nw > w / 3)
		nw = w / 3;
	if (packed && nw > str_width(spec->name)) /* packed: no column to line up with */
		nw = str_width(spec->name);
	if (packed && w - tail - nw - 1 < 5) { /* no room for the figure: the bar says it */
		fig[0] = '\0';
		tail = str_width(counts);
	}
	if (packed && nw > w - tail - 6) /* a bar of 3 between its rules, the figures whole */
		nw = w - tail - 6 > 3 ? w - tail - 6 : 3;
	used = draw_fmt(y, x, nw + 1, theme_object(o) | A_BOLD, "%-*s ", nw, spec->name);
	/* a row each: the same bar width for every object, room left for
	 * the longest figures ("size/size in memory", six-digit counts) */
	if (!packed)
		tail = 2 * digits(longest_size(f)) + 11 + 36;
	barw = w - used - tail - 2;
	barw = barw > (packed ? 40 : w / 3) ? (packed ? 40 : w / 3) : barw < 3 ? 3 : barw;
	/* the bar between its rules, packed too: it is the picture */
	used += draw_bar(y, x + used, barw, o, os.resident, spec->pages, true);
	used += draw_str(y, x + used, w - used, theme_attr(T_NORMAL), fig);
	if (packed) /* the refaults, what the story turns on */
		draw_fmt(y, x + used, w - used, os.refaults ? theme_outcome(OUT_REFAULT) : theme_attr(T_DIM),
			 "%s", counts);
	else
		draw_counts(y, x + used, w - used, &os);
}

static void objects_draw(const struct rect *r, const struct frame *f, bool focused)
{
	uint32_t n = f->app->sc->wl.nr_objects;
	int per_row, colw;

	(void)focused;
	if (r->h <= 0 || !n)
		return;
	if ((uint32_t)r->h >= n) {
		for (uint32_t o = 0; o < n; o++)
			draw_row(f, r->y + (int)o, r->x + 1, r->w - 2, o, false);
		return;
	}
	per_row = (int)((n + (uint32_t)r->h - 1) / (uint32_t)r->h);
	colw = (r->w - 1) / per_row;
	for (uint32_t o = 0; o < n; o++) {
		int row = (int)o / per_row, col = (int)o % per_row;
		if (row < r->h)
			draw_row(f, r->y + row, r->x + 1 + col * colw, colw - 1, o, true);
	}
}

const struct panel_ops panel_objects = {
	.name = "objects",
	.title = "Objects",
	.draw = objects_draw,
};
