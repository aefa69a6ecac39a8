/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/compare_table.c - `compare --all`'s table, fitted to a width
 *
 * A row per policy grew a column per key counter and two per object: 248
 * to 363 columns on the shipped scenarios, 639 on a real program's trace.
 * Turned over, the table grows downwards instead: a row per counter, then
 * a row per object under "resident %" and again under "refaults", and a
 * column per policy, each as wide as its name or its widest figure.  When
 * the policies do not fit the width side by side, the table is printed
 * again for the next group of them, with the same rows, so that every
 * figure is still there.  An object's name longer than the label column
 * is printed whole on a line of its own (wrapped at the width), its
 * figures on the next.
 *
 *	                      2.6.33  2.6.33-patch1  ...
 *	pgactivate              2108           2108
 *	...
 *	resident %
 *	  libc.so             100.0%         100.0%
 *	refaults
 *	  libc.so                 78             78
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../util/text.h"
#include "cli.h"
#include "compare_table.h"
#include "series.h"

#define CELL	  24 /* a cell's text: a 64-bit count or "100.0%" */
#define LABEL_MIN 20 /* the longest key counter's name */
#define GAP	  2  /* spaces before each column */

struct row {
	const char *label; /* NULL: a row of figures with no label */
	bool heading;	   /* a section's name, no figures */
	int indent;	   /* an object's row: 2 */
};

/* Columns a safe (text_safe) string takes: one per code point. */
static int text_cols(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Prints @s (safe text) in lines of at most @width columns, breaking at
 * a space where there is one. */
static void print_wrapped(const char *s, int indent, int width)
{
	int avail = width - indent > 8 ? width - indent : 8;

	while (*s) {
		const char *p = s, *brk = NULL;
		int cols = 0;

		while (*p && cols < avail) {
			if (*p == ' ')
				brk = p;
			p++;
			while (((unsigned char)*p & 0xc0) == 0x80)
				p++;
			cols++;
		}
		if (!*p || !brk)
			brk = p;
		printf("%*s%.*s\n", indent, "", (int)(brk - s), s);
		s = brk;
		while (*s == ' ')
			s++;
	}
}

static void pad_label(const char *label, int indent, int label_w)
{
	int used = indent + (label ? text_cols(label) : 0);

	printf("%*s%s%*s", indent, "", label ? label : "", label_w > used ? label_w - used : 0, "");
}

void compare_table_print(const struct scenario *s, struct engine *const *e, int n, int width)
{
	char label[80];
	uint32_t nobj = s->wl.nr_objects;
	bool oom = false;
	size_t nrows = cli_nr_key_counters + 1 + 2 * (1 + (size_t)nobj), r = 0;
	struct row *rows = calloc(nrows, sizeof *rows);
	char(*cell)[CELL] = calloc(nrows * (size_t)n, CELL);
	char(*names)[256] = calloc(nobj ? nobj : 1, 256);
	int *colw = calloc((size_t)n, sizeof *colw), label_w = LABEL_MIN;
	char title[512];

	if (!rows || !cell || !names || !colw) {
		fprintf(stderr, "vmscan-viz: out of memory\n");
		goto out;
	}
	for (int k = 0; k < n; k++)
		oom |= engine_decisions(e[k])[OUT_OOM] != 0;
	/* the rows and their cells, as text */
	for (size_t i = 0; i < cli_nr_key_counters; i++, r++) {
		rows[r].label = vmstat_name[cli_key_counters[i]];
		for (int k = 0; k < n; k++)
			snprintf(cell[r * n + k], CELL, "%" PRIu64, engine_vmstat(e[k])[cli_key_counters[i]]);
	}
	if (oom) {
		rows[r].label = outcome_name[OUT_OOM];
		for (int k = 0; k < n; k++)
			snprintf(cell[r * n + k], CELL, "%" PRIu64, engine_decisions(e[k])[OUT_OOM]);
		r++;
	}
	for (uint32_t o = 0; o < nobj; o++)
		text_safe(s->wl.objects[o].name, names[o], sizeof names[o]);
	for (int part = 0; part < 2; part++) {
		rows[r++] = (struct row){ .label = part ? "refaults" : "resident %", .heading = true };
		for (uint32_t o = 0; o < nobj; o++, r++) {
			rows[r] = (struct row){ .label = names[o], .indent = 2 };
			for (int k = 0; k < n; k++) {
				struct object_stats x = engine_object(e[k], o);
				if (part)
					snprintf(cell[r * n + k], CELL, "%" PRIu64, x.refaults);
				else
					snprintf(cell[r * n + k], CELL, "%.1f%%",
						 100.0 * x.resident / s->wl.objects[o].pages);
			}
		}
	}
	nrows = r;
	/* the widths: a label column wide enough for the labels, up to a
	 * third of the width; a column per policy as wide as its widest */
	for (r = 0; r < nrows; r++) {
		int w = rows[r].indent + text_cols(rows[r].label);
		if (w > label_w && w <= width / 3)
			label_w = w;
	}
	for (int k = 0; k < n; k++) {
		colw[k] = (int)strlen(cli_policy_label(e[k], s, label, sizeof label));
		for (r = 0; r < nrows; r++)
			if (!rows[r].heading && (int)strlen(cell[r * n + k]) > colw[k])
				colw[k] = (int)strlen(cell[r * n + k]);
	}
	print_wrapped(text_safe(s->title, title, sizeof title), 0, width);
	/* the policies in groups that fit beside the labels (one at least) */
	for (int first = 0, last; first < n; first = last) {
		int used = label_w + GAP + colw[first];
		for (last = first + 1; last < n && used + GAP + colw[last] <= width; last++)
			used += GAP + colw[last];
		putchar('\n');
		pad_label(NULL, 0, label_w);
		for (int k = first; k < last; k++)
			printf("%*s%*s", GAP, "", colw[k], cli_policy_label(e[k], s, label, sizeof label));
		putchar('\n');
		for (r = 0; r < nrows; r++) {
			const struct row *w = &rows[r];
			if (w->heading) {
				printf("%s\n", w->label);
				continue;
			}
			if (w->indent + text_cols(w->label) > label_w) {
				/* too long for the column: whole, on its own line */
				print_wrapped(w->label, w->indent, width);
				pad_label(NULL, 0, label_w);
			} else {
				pad_label(w->label, w->indent, label_w);
			}
			for (int k = first; k < last; k++)
				printf("%*s%*s", GAP, "", colw[k], cell[r * n + k]);
			putchar('\n');
		}
	}
	/* the rows carry 2.6.34's names; a multi-gen LRU column's counters
	 * are those its --vmstat prints under 6.1's (as compare's pair table) */
	const struct engine *other = NULL; /* the last column that names them otherwise */
	for (int k = 0, classic = 0; k < n; k++) {
		if (cli_names_counters_otherwise(e[k]))
			other = e[k];
		else
			classic = 1;
		if (k < n - 1 || !other || !classic)
			continue;
		putchar('\n');
		print_wrapped("mglru's counters by 6.1's names (run --vmstat):", 0, width);
		for (unsigned i = 0; i < cli_nr_key_counters; i++)
			if (strcmp(cli_key_counter_name(i, other), cli_key_counter_name(i, NULL)) != 0)
				printf("  %-*s %s\n", width >= 56 ? 24 : 0, cli_key_counter_name(i, NULL),
				       cli_key_counter_name(i, other));
	}
out:
	free(rows);
	free(cell);
	free(names);
	free(colw);
}
