/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/app.h - keys in, work between keys (app.c): what tui.c and headless.c drive
 *
 * The state itself is state.h's; the modes that change it are single.c,
 * compare.c, quiz.c, inspector.c and bookmark.c, over run.c.
 *
 *	run_load(a, path, NULL, err, sizeof err);
 *	for (;;) { r = app_key(a, getch()); ...; while (app_busy(a)) r |= app_work(a); draw }
 *	app_free(a);
 */
#ifndef VMSCAN_TUI_APP_H
#define VMSCAN_TUI_APP_H

#include "state.h"

enum redraw app_key(struct app *a, int key);
/* Play: @steps steps (compare mode: accesses). */
enum redraw app_tick(struct app *a, int steps);
/* Is there work to do between keys? */
bool app_busy(const struct app *a);
/* One slice of work (the job's, else the background's). */
enum redraw app_work(struct app *a);
void app_free(struct app *a);

#endif
