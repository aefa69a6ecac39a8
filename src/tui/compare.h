/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/compare.h - compare mode: its keys (compare.c) and its screen (compare_draw.c)
 */
#ifndef VMSCAN_TUI_COMPARE_H
#define VMSCAN_TUI_COMPARE_H

#include "state.h"

/* c: the policy dialog, to choose the second policy (compare_start). */
enum redraw compare_offer(struct app *a);
int compare_start(struct app *a, const struct policy_ref *second, char *err, size_t n);
void compare_stop(struct app *a);
/* False if @cmd is not compare mode's: app_command() hands it on. */
bool compare_command(struct app *a, enum command cmd, enum redraw *r);
enum redraw compare_tick(struct app *a, int steps);
uint64_t compare_positions(const struct app *a);		/* positions both runs reach so far */
bool compare_complete(const struct app *a);			/* ...and that is all of them */
uint64_t compare_at(const struct app *a, int side, uint64_t k); /* engine step of position k */
bool compare_exhausted(const struct app *a);			/* every divergence there is, found */
bool compare_pending(const struct app *a);			/* classification to do now */
bool compare_work(struct app *a, uint64_t steps);		/* false: nothing to classify */

/* compare_draw.c */
void compare_draw(const struct app *a, int ncols, int nlines);

#endif
