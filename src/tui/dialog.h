/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/dialog.h - the small modal prompts, which report to their opener
 *
 *	static enum redraw chosen(struct app *a, const struct dialog_choice *c) { ...c->sel... }
 *	dialog_open(a, DLG_POLICY, "Policy", chosen, 0);
 *	dialog_add_policies(a, &current);  ...  r = dialog_policy_ref(a, choice->sel);
 *	... keys go to dialog_key() while a->dlg.kind != DLG_NONE; Enter calls chosen() ...
 */
#ifndef VMSCAN_TUI_DIALOG_H
#define VMSCAN_TUI_DIALOG_H

#include "state.h"

/* A dialog of @kind titled @title, empty; Enter hands the choice and @arg
 * to @chosen (NULL: nobody hears it; DLG_FILTER sets ui.filter itself). */
enum redraw dialog_open(struct app *a, enum dialog_kind kind, const char *title,
			enum redraw (*chosen)(struct app *a, const struct dialog_choice *c), int arg);
/* One item more (a list dialog), with the value Enter hands back (or NULL). */
int dialog_add(struct dialog *d, const char *item, const char *value);
/* The registry's policies, one line each, @cur selected. */
/* Every policy, the one @cur names selected; in a scenario with memory
 * cgroups, every "P/global" after them, and a policy that does not model
 * the cgroups said so on its line.  dialog_policy_ref(): the item @sel's. */
void dialog_add_policies(struct app *a, const struct policy_ref *cur);
struct policy_ref dialog_policy_ref(const struct app *a, int sel);
/* The scenarios of data/, $VMSCAN_DATADIR, the installed data and the
 * current folder, each with its title; returns how many. */
int dialog_add_scenarios(struct dialog *d);
/* A text in a box; any key closes it. */
void dialog_message(struct app *a, const char *title, const char *text);
/* @text as a step or access number (@what) into *@out; false: ui.msg says why. */
bool dialog_number(struct app *a, const char *text, const char *what, uint64_t *out);
enum redraw dialog_key(struct app *a, int key);
void dialog_free(struct dialog *d);
void dialog_draw(const struct frame *f);

#endif
