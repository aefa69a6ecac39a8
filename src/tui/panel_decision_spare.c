/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_decision_spare.c - the decision panel's rows a step leaves empty
 *
 * The decision panel is as tall as the lesson's policies' longest scan
 * decision, so that it never moves while the run plays.  A fault, a
 * refault or a pause point says what it has to say in three or four of
 * those rows.  Where the log has no panel of its own (80x24, and the
 * smaller layouts), the rest of the rows show it: the steps that led here,
 * newest first - the burst of refaults, the reclaims that evicted the page
 * coming back.  Measured at 80x24 on database-index.json under refault at
 * access 986 (`vmscan-viz screen ... --access 986 --size 80x24`): seven
 * rows were blank, now five log lines under a heading.
 */
#include "panel.h"

void decision_spare(const struct rect *r, const struct frame *f, int y)
{
	int rows = r->y + r->h - y;
	struct rect lr = { y + 1, r->x, rows - 1, r->w };

	if (!f->app->ui.hidden[PANEL_LOG] || rows < 3) /* the log is on screen, or no room */
		return;
	/* a heading, not a panel's rule: no panel starts here (the rows stay
	 * the decision's; a scan decision takes them back at the next step) */
	draw_str(y, r->x + 1, r->w - 2, theme_attr(T_LABEL), "log, newest first:");
	log_draw_untitled(&lr, f);
}
