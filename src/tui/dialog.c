/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/dialog.c - the small modal prompts: policy list, open a scenario,
 * go to a step, find a page, choose what n/N look for, and messages
 *
 * A dialog owns the keyboard while open; Esc always closes it.  Choosing
 * a policy or a file calls back into app.c, which redoes the run; a file
 * that does not load shows the loader's own diagnostics and leaves the
 * current scenario running.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "panel.h"
#include "../util/config.h"

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

static int add_item(struct dialog *d, const char *item, const char *value)
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
				add_item(d, item, path);
			}
		}
		free(names[i]);
	}
}

static void fill_open(struct dialog *d)
{
	static char seen[256][PATH_MAX];
	const char *dirs[] = { "data", getenv("VMSCAN_DATADIR"), vmscan_datadir, "." };
	int nseen = 0;

	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (dirs[i] && dirs[i][0])
			add_folder(d, dirs[i], seen, &nseen);
}

enum redraw dialog_open_policy(struct app *a, enum policy_pick pick)
{
	a->dlg.pick = pick;
	return dialog_open(a, DLG_POLICY);
}

enum redraw dialog_open(struct app *a, enum dialog_kind kind)
{
	struct dialog *d = &a->dlg;
	enum policy_pick pick = d->pick;

	dialog_free(d);
	d->kind = kind;
	d->pick = pick;
	switch (kind) {
	case DLG_POLICY: {
		/* compare mode: c chooses the second policy, p the focused side's */
		const struct reclaim_policy *cur = a->views[0].policy;
		if (pick == PICK_SECOND && !a->cmp.on) {
			snprintf(d->title, sizeof d->title, "Compare %s with", cur->name);
			cur = compare_default_other(cur);
		} else if (a->cmp.on && (pick == PICK_LEFT || pick == PICK_RIGHT)) {
			snprintf(d->title, sizeof d->title, "Policy of the %s side (compare mode)",
				 pick == PICK_RIGHT ? "right" : "left");
			cur = a->views[pick == PICK_RIGHT].policy;
		} else {
			snprintf(d->title, sizeof d->title, "Policy: the run is redone, the access kept");
		}
		for (unsigned i = 0; i < nr_reclaim_policies; i++) {
			char line[512]; /* refault's summary alone is over 200 bytes */
			snprintf(line, sizeof line, "%-14s %s", reclaim_policies[i]->name,
				 reclaim_policies[i]->summary);
			add_item(d, line, NULL);
			if (reclaim_policies[i] == cur)
				d->sel = (int)i;
		}
	} break;
	case DLG_OPEN:
		snprintf(d->title, sizeof d->title, "Open a scenario");
		fill_open(d);
		if (!d->nr) {
			char text[PATH_MAX + 80];
			snprintf(text, sizeof text,
				 "No scenario (*.json) found in data/, $VMSCAN_DATADIR, %s or here.",
				 vmscan_datadir);
			dialog_message(a, "Open a scenario", text);
			return REDRAW_ALL;
		}
		break;
	case DLG_GOTO:
		if (a->cmp.on) /* compare mode moves by access */
			snprintf(d->title, sizeof d->title, "Go to access (0-%llu%s)",
				 (unsigned long long)compare_positions(a), compare_complete(a) ? "" : "+");
		else
			snprintf(d->title, sizeof d->title, "Go to step (0-%llu%s)",
				 (unsigned long long)a->views[0].total,
				 a->views[0].complete ? "" : ", more as the run is indexed");
		break;
	case DLG_FIND: snprintf(d->title, sizeof d->title, "Find page: object index"); break;
	case DLG_BOOKMARKS:
		if (a->cmp.on || !a->sc->nr_bookmarks) {
			dialog_free(d);
			return bookmark_step(a, 1); /* says why there is no list */
		}
		snprintf(d->title, sizeof d->title, "Bookmarks of this lesson");
		for (uint32_t i = 0; i < a->sc->nr_bookmarks; i++) {
			const struct bookmark *b = &a->sc->bookmarks[i];
			char line[512], where[48];
			/* where it goes, a question mark for a question */
			snprintf(where, sizeof where, "%s %s %llu%s", b->policy ? b->policy : "(this policy)",
				 b->access ? "access" : "step",
				 (unsigned long long)(b->access ? b->access : b->step), b->quiz ? " ?" : "");
			snprintf(line, sizeof line, "%u %-18s %s\n%s", (unsigned)i + 1, b->name, where,
				 b->text);
			add_item(d, line, NULL);
		}
		d->sel = a->ui.bookmark ? a->ui.bookmark - 1 : 0;
		break;
	case DLG_FILTER: snprintf(d->title, sizeof d->title, "What should n/N look for?"); break;
	case DLG_MESSAGE:
	case DLG_NONE: break;
	}
	return REDRAW_ALL;
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
		add_item(d, line, NULL);
		free(line);
		s += n + (s[n] == '\n');
	}
}

/* "backup.tar 12", "backup.tar:12", "backup.tar[12]": exact name, else a
 * unique prefix. */
static enum redraw find_page(struct app *a, const char *text)
{
	const struct workload *wl = &a->sc->wl;
	char name[64];
	unsigned long idx;
	size_t n = strcspn(text, " :[");
	int match = -1, nmatch = 0;
	char *end;

	snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name - 1 ? n : sizeof name - 1), text);
	text += n;
	while (*text == ' ' || *text == ':' || *text == '[')
		text++;
	idx = strtoul(text, &end, 10);
	if (end == text) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "find: give an object and a page index, e.g. %s 0",
			 wl->nr_objects ? wl->objects[0].name : "file");
		return REDRAW_ALL;
	}
	for (uint32_t o = 0; o < wl->nr_objects; o++) {
		if (strcmp(wl->objects[o].name, name) == 0) {
			match = (int)o, nmatch = 1;
			break;
		}
		if (strncmp(wl->objects[o].name, name, strlen(name)) == 0)
			match = (int)o, nmatch++;
	}
	if (nmatch != 1) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "find: %s object '%s'", nmatch ? "more than one" : "no",
			 name);
		return REDRAW_ALL;
	}
	if (idx >= wl->objects[match].pages) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "find: %s has %u pages", wl->objects[match].name,
			 wl->objects[match].pages);
		return REDRAW_ALL;
	}
	a->insp.open = true;
	a->ui.focus = PANEL_LISTS;
	inspector_select(a, (uint32_t)match, (uint32_t)idx);
	if (engine_object_page(view_engine(&a->views[0]), (uint32_t)match, (uint32_t)idx) == PFN_NONE)
		snprintf(a->ui.msg, sizeof a->ui.msg, "%s[%lu] is not in memory now; its history is shown",
			 wl->objects[match].name, idx);
	return REDRAW_ALL;
}

static enum redraw confirm(struct app *a)
{
	struct dialog *d = &a->dlg;
	char err[1024] = "", path[PATH_MAX];
	enum dialog_kind kind = d->kind;
	enum policy_pick pick = d->pick;
	int sel = d->sel;

	if (kind == DLG_OPEN && d->nr)
		snprintf(path, sizeof path, "%s", d->values[sel]);
	if (kind == DLG_FIND || kind == DLG_GOTO)
		snprintf(path, sizeof path, "%s", d->input);
	dialog_free(d);
	switch (kind) {
	case DLG_POLICY: app_set_policy(a, pick, reclaim_policies[sel]); break;
	case DLG_OPEN:
		if (app_load(a, path, NULL, err, sizeof err) < 0)
			dialog_message(a, "This scenario does not load", err);
		break;
	case DLG_GOTO: {
		char *end;
		unsigned long long s = strtoull(path, &end, 10);
		if (end == path || *end || path[0] == '-')
			snprintf(a->ui.msg, sizeof a->ui.msg, "go to: \"%.40s\" is not a %s number", path,
				 a->cmp.on ? "access" : "step");
		else if (a->cmp.on)
			job_start(a, &(struct job){ .kind = JOB_CMP_GOTO, .target = s },
				  "the access asked for");
		else
			job_start(a, &(struct job){ .kind = JOB_GOTO, .target = s }, "the step asked for");
		break;
	}
	case DLG_FIND: return find_page(a, path);
	case DLG_BOOKMARKS: return bookmark_go(a, sel);
	default: break;
	}
	return REDRAW_ALL;
}

static enum redraw list_key(struct dialog *d, int key)
{
	if (key == KEY_UP || key == 'k')
		d->sel = d->sel > 0 ? d->sel - 1 : 0;
	else if (key == KEY_DOWN || key == 'j')
		d->sel = d->sel + 1 < d->nr ? d->sel + 1 : d->sel;
	else if (key == KEY_HOME)
		d->sel = 0;
	else if (key == KEY_END)
		d->sel = d->nr - 1;
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
	static const char keys[NR_FILTERS] = {
		[FILTER_DECISION] = '*', [FILTER_ACTIVATE] = 'a',      [FILTER_KEEP] = 'k',
		[FILTER_RECLAIM] = 'r',	 [FILTER_RECLAIM_CLEAN] = 'c', [FILTER_DEACTIVATE] = 'd',
		[FILTER_ROTATE] = 'o',	 [FILTER_REFAULT] = '!',       [FILTER_CAPTION] = 't',
	};

	for (int f = 0; f < NR_FILTERS; f++) {
		if (keys[f] != key)
			continue;
		a->ui.filter = (enum filter)f;
		snprintf(a->ui.msg, sizeof a->ui.msg, "n/N now look for: %s", filter_name[f]);
		dialog_free(&a->dlg);
		return REDRAW_ALL;
	}
	return REDRAW_NONE;
}

enum redraw dialog_key(struct app *a, int key)
{
	struct dialog *d = &a->dlg;

	if (d->kind == DLG_MESSAGE &&
	    (key == KEY_UP || key == KEY_DOWN || key == KEY_PPAGE || key == KEY_NPAGE)) {
		int page = a->ui.rows / 3 > 1 ? a->ui.rows / 3 : 1;
		d->top += key == KEY_UP ? -1 : key == KEY_DOWN ? 1 : key == KEY_PPAGE ? -page : page;
		d->top = d->top < 0 ? 0 : d->top >= d->nr ? d->nr - 1 : d->top;
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

static const char *const filter_lines[] = {
	"a  activate        k  keep            r  reclaim",
	"c  reclaim_clean   d  deactivate      o  rotate",
	"!  refault (a page evicted earlier comes back)",
	"*  any scan decision                  t  next caption or pause point",
	"",
	"Esc cancels",
};

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
		for (size_t i = 0; i < sizeof filter_lines / sizeof filter_lines[0]; i++)
			draw_str(r.y + 2 + (int)i, r.x + 3, r.w - 6, theme_attr(T_NORMAL), filter_lines[i]);
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
	else
		draw_str(r.y + r.h - 1, r.x + 2, r.w - 4, theme_attr(T_DIM), " Enter chooses, Esc cancels ");
}
