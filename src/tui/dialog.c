/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/dialog.c - the small modal prompts: policy list, open a scenario,
 * go to a step, find a page, choose what n/N look for, and messages
 *
 * A dialog owns the keyboard while open; Esc always closes it.  It knows
 * nothing of the modes: its opener fills it (dialog_add(), or the
 * policies and scenarios helpers below) and gives the callback that
 * hears Enter's choice (htop's Panel event handler idea): a policy chosen
 * redoes the run (single.c) or a side of compare mode (compare.c), a
 * file chosen loads (single.c), a page found opens the inspector.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../util/config.h"
#include "dialog.h"
#include "outcome.h"
#include "panel.h"
#include "scroll.h"

static char *dup_str(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);
	if (p)
		memcpy(p, s, n);
	return p;
}

void dialog_free(struct dialog *d)
{
	for (int i = 0; i < d->nr; i++) {
		free(d->items ? d->items[i] : NULL);
		free(d->values ? d->values[i] : NULL);
	}
	free(d->items);
	free(d->values);
	memset(d, 0, sizeof *d);
}

int dialog_add(struct dialog *d, const char *item, const char *value)
{
	char **it = realloc(d->items, (size_t)(d->nr + 1) * sizeof *it);
	char **va;
	if (!it)
		return -1;
	d->items = it;
	va = realloc(d->values, (size_t)(d->nr + 1) * sizeof *va);
	if (!va)
		return -1;
	d->values = va;
	d->items[d->nr] = dup_str(item);
	d->values[d->nr] = value ? dup_str(value) : NULL;
	d->nr++;
	return 0;
}

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The scenarios (*.json) of one folder, each with its title: regular
 * files only (a FIFO would block the open), and only files that are
 * scenarios (not the JSON Schema); files already listed (same realpath)
 * are skipped. */
static void add_folder(struct dialog *d, const char *dir, char (*seen)[PATH_MAX], int *nseen)
{
	DIR *dp = dir ? opendir(dir) : NULL;
	struct dirent *de;
	char *names[256];
	int n = 0;

	if (!dp)
		return;
	while ((de = readdir(dp)) && n < 256) {
		size_t len = strlen(de->d_name);
		if (len > 5 && strcmp(de->d_name + len - 5, ".json") == 0)
			names[n++] = dup_str(de->d_name);
	}
	closedir(dp);
	qsort(names, (size_t)n, sizeof names[0], cmp_str);
	for (int i = 0; i < n; i++) {
		char path[PATH_MAX], real[PATH_MAX], title[120], item[PATH_MAX + 130];
		struct stat st;
		int dup = 0;
		snprintf(path, sizeof path, "%s/%s", dir, names[i] ? names[i] : "");
		if (names[i] && stat(path, &st) == 0 && S_ISREG(st.st_mode) && realpath(path, real) &&
		    scenario_peek_title(path, title, sizeof title) == 0) {
			for (int j = 0; j < *nseen; j++)
				dup |= strcmp(seen[j], real) == 0;
			if (!dup && *nseen < 256) {
				snprintf(seen[(*nseen)++], PATH_MAX, "%s", real);
				snprintf(item, sizeof item, "%s  %s", strcmp(dir, ".") == 0 ? names[i] : path,
					 title);
				dialog_add(d, item, path);
			}
		}
		free(names[i]);
	}
}

int dialog_add_scenarios(struct dialog *d)
{
	char(*seen)[PATH_MAX] = malloc(256 * sizeof *seen); /* 1 MiB: not on the stack */
	const char *dirs[] = { "data", getenv("VMSCAN_DATADIR"), vmscan_datadir, "." };
	int nseen = 0;

	if (!seen)
		return 0;
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (dirs[i] && dirs[i][0])
			add_folder(d, dirs[i], seen, &nseen);
	free(seen);
	return d->nr;
}

struct policy_ref dialog_policy_ref(const struct app *a, int sel)
{
	unsigned i = (unsigned)sel;

	(void)a;
	return (struct policy_ref){ reclaim_policies[i % nr_reclaim_policies], i >= nr_reclaim_policies };
}

void dialog_add_policies(struct app *a, const struct policy_ref *cur)
{
	struct dialog *d = &a->dlg;
	unsigned nr = nr_reclaim_policies * (a->sc->wl.nr_cgroups ? 2 : 1);

	for (unsigned i = 0; i < nr; i++) {
		struct policy_ref r = dialog_policy_ref(a, (int)i);
		char line[512], name[40], gname[40]; /* refault's summary alone is over 200 bytes */
		policy_ref_name(&r, name, sizeof name);
		if (r.global)
			snprintf(line, sizeof line, "%-14s %s, without the memory cgroups: one global LRU",
				 name, r.policy->name);
		else if (!engine_models(&a->sc->wl, r.policy))
			snprintf(
				line, sizeof line, "%-14s does not model memory cgroups: choose %s", name,
				policy_ref_name(&(struct policy_ref){ r.policy, true }, gname, sizeof gname));
		else
			snprintf(line, sizeof line, "%-14s %s", name, r.policy->summary);
		dialog_add(d, line, NULL);
		if (policy_ref_eq(&r, cur))
			d->sel = (int)i;
	}
}

enum redraw dialog_open(struct app *a, enum dialog_kind kind, const char *title,
			enum redraw (*chosen)(struct app *a, const struct dialog_choice *c), int arg)
{
	struct dialog *d = &a->dlg;

	dialog_free(d);
	d->kind = kind;
	d->chosen = chosen;
	d->arg = arg;
	snprintf(d->title, sizeof d->title, "%s", title);
	return REDRAW_ALL;
}

bool dialog_number(struct app *a, const char *text, const char *what, uint64_t *out)
{
	char *end;
	unsigned long long s = strtoull(text, &end, 10);

	if (end == text || *end || text[0] == '-') {
		snprintf(a->ui.msg, sizeof a->ui.msg, "go to: \"%.40s\" is not a %s number", text, what);
		return false;
	}
	*out = s;
	return true;
}

void dialog_message(struct app *a, const char *title, const char *text)
{
	struct dialog *d = &a->dlg;
	const char *s = text;

	dialog_free(d);
	d->kind = DLG_MESSAGE;
	snprintf(d->title, sizeof d->title, "%s", title);
	while (*s) { /* a line an item, however long: the box wraps it */
		size_t n = strcspn(s, "\n");
		char *line = malloc(n + 1);
		if (!line)
			break;
		memcpy(line, s, n);
		line[n] = '\0';
		dialog_add(d, line, NULL);
		free(line);
		s += n + (s[n] == '\n');
	}
}

static enum redraw confirm(struct app *a)
{
	struct dialog *d = &a->dlg;
	char text[PATH_MAX] = "";
	enum redraw (*chosen)(struct app *, const struct dialog_choice *) = d->chosen;
	struct dialog_choice c = { .sel = d->sel, .arg = d->arg, .text = text };

	if (d->values && d->sel < d->nr && d->values[d->sel])
		snprintf(text, sizeof text, "%s", d->values[d->sel]);
	else if (d->kind == DLG_FIND || d->kind == DLG_GOTO)
		snprintf(text, sizeof text, "%s", d->input);
	if (d->nr == 0 && d->kind != DLG_FIND && d->kind != DLG_GOTO)
		chosen = NULL; /* an empty list chose nothing */
	dialog_free(d);
	return chosen ? redraw_join(chosen(a, &c), REDRAW_ALL) : REDRAW_ALL;
}

/* A list's selection: the arrows (and j, k), Home and End. */
static enum redraw list_key(struct dialog *d, int key)
{
	long delta;

	key = key == 'k' ? KEY_UP : key == 'j' ? KEY_DOWN : key;
	if (scroll_key(key, 0, d->nr, &delta))
		d->sel = scroll_by(d->sel, delta, d->nr);
	return REDRAW_ALL;
}

static enum redraw input_key(struct dialog *d, int key)
{
	size_t n = strlen(d->input);

	if ((key == KEY_BACKSPACE || key == 127 || key == 8) && n > 0)
		d->input[n - 1] = '\0';
	else if (key >= 0x20 && key < 0x7f && n + 1 < sizeof d->input)
		d->input[n] = (char)key, d->input[n + 1] = '\0';
	return REDRAW_ALL;
}

static enum redraw filter_key(struct app *a, int key)
{
	/* the outcomes' keys are outcome.c's (the quiz's answers); the rest */
	static const char others[NR_FILTERS] = {
		[FILTER_DECISION] = '*',
		[FILTER_REFAULT] = '!',
		[FILTER_CAPTION] = 't',
	};
	enum outcome o = outcome_of_key(key);

	if (key == '=') { /* the next object, then every object again; the dialog stays */
		uint32_t n =
			a->sc->wl.nr_objects < STEP_INDEX_OBJECTS ? a->sc->wl.nr_objects : STEP_INDEX_OBJECTS;
		a->ui.filter_of = (a->ui.filter_of + 1) % (n + 1);
		return REDRAW_ALL;
	}
	for (int f = 0; f < NR_FILTERS; f++) {
		if (o != OUT_NONE ? outcome_table[o].filter != (enum filter)f : others[f] != key)
			continue;
		a->ui.filter = (enum filter)f;
		snprintf(a->ui.msg, sizeof a->ui.msg, "n/N now look for: %s%s%.40s", filter_name[f],
			 a->ui.filter_of ? " of " : "",
			 a->ui.filter_of ? a->sc->wl.objects[a->ui.filter_of - 1].name : "");
		dialog_free(&a->dlg);
		return REDRAW_ALL;
	}
	return REDRAW_NONE;
}

enum redraw dialog_key(struct app *a, int key)
{
	struct dialog *d = &a->dlg;
	int page = a->ui.rows / 3 > 1 ? a->ui.rows / 3 : 1;
	long delta;

	/* a message scrolls by the arrows and a page; any other key closes it */
	if (d->kind == DLG_MESSAGE && key != KEY_HOME && key != KEY_END &&
	    scroll_key(key, page, d->nr, &delta)) {
		d->top = scroll_by(d->top, delta, d->nr);
		return REDRAW_ALL;
	}
	if (key == 27 || (d->kind == DLG_MESSAGE)) {
		dialog_free(d);
		return REDRAW_ALL;
	}
	if (d->kind == DLG_FILTER)
		return filter_key(a, key);
	if (key == '\r' || key == '\n' || key == KEY_ENTER)
		return confirm(a);
	if (d->kind == DLG_GOTO || d->kind == DLG_FIND)
		return input_key(d, key);
	return list_key(d, key);
}

/* The first two lines are the outcomes with a key (outcome.c), three a line. */
static const char *const filter_lines[] = {
	"",
	"",
	"!  refault (a page evicted earlier comes back)",
	"*  any decision                       t  next caption or pause point",
	"=  of one object only (again: the next object, then every object)",
	"", /* which object: drawn here */
	"",
	"Esc cancels",
};

enum { FILTER_OF_LINE = 5 }; /* the line of filter_lines[] that names the object */

/* Items of a list dialog wrap: a policy's summary under its summary (the
 * name column is 15 wide), other lines under themselves. */
static int item_indent(const struct dialog *d)
{
	return d->kind == DLG_POLICY ? 15 : d->kind == DLG_BOOKMARKS ? 2 : 0;
}

static int item_rows(const struct dialog *d, int i, int w)
{
	int n = wrap_count_indent(d->items[i], w, item_indent(d));
	return n ? n : 1;
}

/* The first item shown: @top moved so that item @sel is on screen. */
static int first_shown(const struct dialog *d, int top, int sel, int w, int avail)
{
	int rows = 0;

	if (sel < top)
		return sel;
	for (int i = sel; i >= top; i--) {
		rows += item_rows(d, i, w);
		if (rows > avail)
			return i + 1 <= sel ? i + 1 : sel;
	}
	return top;
}

void dialog_draw(const struct frame *f)
{
	const struct dialog *d = &f->app->dlg;
	int w = COLS - 4 < 90 ? COLS - 4 : 90, h, top, y, rows = 0, inner, last;
	struct rect r;

	if (d->kind == DLG_NONE)
		return;
	if (d->kind == DLG_POLICY || d->kind == DLG_OPEN || d->kind == DLG_MESSAGE) {
		int want = str_width(d->title) + 8;
		for (int i = 0; i < d->nr; i++)
			want = str_width(d->items[i]) + 4 > want ? str_width(d->items[i]) + 4 : want;
		w = want < COLS - 4 ? want : COLS - 4;
		if (d->kind == DLG_MESSAGE && w > 100) /* lines a reader can follow */
			w = 100;
	}
	inner = w - 4;
	if (d->kind == DLG_GOTO || d->kind == DLG_FIND)
		h = 5;
	else if (d->kind == DLG_FILTER)
		h = 4 + (int)(sizeof filter_lines / sizeof filter_lines[0]);
	else {
		for (int i = 0; i < d->nr; i++)
			rows += item_rows(d, i, inner);
		h = rows + 4;
	}
	if (h > LINES - 2)
		h = LINES - 2;
	r = (struct rect){ (LINES - h) / 2, (COLS - w) / 2, h, w };
	draw_box(&r, d->title);
	if (d->kind == DLG_GOTO || d->kind == DLG_FIND) {
		int x = r.x + 2 + draw_str(r.y + 2, r.x + 2, r.w - 4, theme_attr(T_LABEL), "> ");
		x += draw_str(r.y + 2, x, r.x + r.w - 2 - x, theme_attr(T_NORMAL), d->input);
		draw_str(r.y + 2, x, 1, theme_attr(T_CURSOR), " ");
		return;
	}
	if (d->kind == DLG_FILTER) {
		const struct app *app = f->app;
		int n = 0;

		for (size_t i = 0; i < sizeof filter_lines / sizeof filter_lines[0]; i++)
			draw_str(r.y + 2 + (int)i, r.x + 3, r.w - 6, theme_attr(T_NORMAL), filter_lines[i]);
		for (int o = 0; o < NR_OUTCOMES; o++)
			if (outcome_table[o].key) {
				draw_fmt(r.y + 2 + n / 3, r.x + 3 + n % 3 * 19, r.w - 6 - n % 3 * 19,
					 theme_attr(T_NORMAL), "%c  %s", outcome_table[o].key,
					 outcome_name[o]);
				n++;
			}
		draw_fmt(r.y + 2 + FILTER_OF_LINE, r.x + 6, r.w - 9, theme_attr(T_LABEL), "now: %s%s",
			 app->ui.filter_of ? "the steps of " : "every object's steps",
			 app->ui.filter_of ? app->sc->wl.objects[app->ui.filter_of - 1].name : "");
		return;
	}
	top = d->kind == DLG_MESSAGE ? d->top : first_shown(d, d->top, d->sel, inner, h - 4);
	top = top < 0 ? 0 : top >= d->nr ? (d->nr ? d->nr - 1 : 0) : top;
	y = r.y + 2;
	last = top - 1;
	for (int i = top; i < d->nr; i++) {
		bool sel = d->kind != DLG_MESSAGE && i == d->sel;
		int n = item_rows(d, i, inner);
		attr_t a = theme_attr(sel ? T_TAKEN : T_NORMAL);
		if (y + n > r.y + r.h - 2) { /* what fits of it, ending in the mark */
			if (d->kind == DLG_MESSAGE && r.y + r.h - 2 > y)
				draw_wrap_indent(y, r.x + 2, inner, 0, r.y + r.h - 2 - y, a, d->items[i]);
			break;
		}
		if (sel)
			for (int k = 0; k < n; k++)
				draw_str(y + k, r.x + 2, inner, a, " ");
		draw_wrap_indent(y, r.x + 2, inner, item_indent(d), n, a, d->items[i]);
		y += n;
		last = i;
	}
	if (d->kind == DLG_MESSAGE)
		draw_str(r.y + r.h - 1, r.x + 2, r.w - 4, theme_attr(T_DIM),
			 top > 0 || last < d->nr - 1 ? " arrows, PgUp, PgDn scroll; any other key closes "
						     : " any key closes ");
	else if (top > 0 || last < d->nr - 1) /* a list taller than the screen says so */
		draw_fmt(r.y + r.h - 1, r.x + 2, r.w - 4, theme_attr(T_DIM),
			 " %d-%d of %d, %s more; Enter chooses, Esc cancels ", top + 1, last + 1, d->nr,
			 top > 0 && last < d->nr - 1 ? (theme_ascii() ? "Up/Down" : "↑↓")
			 : top > 0		     ? (theme_ascii() ? "Up" : "↑")
						     : (theme_ascii() ? "Down" : "↓"));
	else
		draw_str(r.y + r.h - 1, r.x + 2, r.w - 4, theme_attr(T_DIM), " Enter chooses, Esc cancels ");
}
