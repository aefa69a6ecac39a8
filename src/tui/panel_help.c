/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_help.c - the help screen, generated from command.h and keys.c
 *
 * One line per command: its keys (from the bindings table) and its help
 * text (from the COMMANDS X-macro), so help cannot drift from the keys.
 * Then the keys read inside the quiz and the f prompt.  Any key closes it.
 */
#include <stdio.h>

#include "panel.h"

static const char *const extra[] = {
	"",
	"Quiz (Q): before a scan decision is shown, answer with",
	"  a activate   k keep   r reclaim   c reclaim if clean   d deactivate   o rotate   (Esc: skip)",
	"f then: a k r c d o = n/N look for that outcome, * any scan decision, t the next caption or pause",
	"Compare mode (c, --compare A,B): both sides stand after the same access k "
	"(\xe2\x86\x90/\xe2\x86\x92 move k). Divergence",
	"  at k: a page both sides scanned after access k (before access k+1) got a different FIRST decision",
	"  there (e.g. PAGEREF_ACTIVATE vs PAGEREF_KEEP); n/N: next/previous. Tab: other side, p: its "
	"policy.",
};

void panel_help_draw(const struct frame *f)
{
	int w = COLS > 112 ? 110 : COLS - 2, h = NR_COMMANDS - 1 + (int)(sizeof extra / sizeof extra[0]) + 4;
	struct rect r;
	int y, keyw = 16;

	if (h > LINES - 2)
		h = LINES - 2;
	r = (struct rect){ (LINES - h) / 2, (COLS - w) / 2, h, w };
	draw_box(&r, "vmscan-viz keys");
	y = r.y + 1;
	for (int c = CMD_NONE + 1; c < NR_COMMANDS && y < r.y + r.h - 2; c++, y++) {
		char keys[64];
		keys_describe((enum command)c, keys, sizeof keys, theme_ascii());
		draw_str(y, r.x + 2, keyw, theme_attr(T_TITLE), keys);
		draw_str(y, r.x + 2 + keyw, r.w - keyw - 4, theme_attr(T_NORMAL), command_help[c]);
	}
	for (size_t i = 0; i < sizeof extra / sizeof extra[0] && y < r.y + r.h - 2; i++, y++)
		draw_str(y, r.x + 2, r.w - 4, theme_attr(T_NORMAL), extra[i]);
	draw_str(r.y + r.h - 2, r.x + 2, r.w - 4, theme_attr(T_DIM), "Press any key to return.");
	(void)f;
}
