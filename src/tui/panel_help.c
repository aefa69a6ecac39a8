/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/panel_help.c - the help screen, generated from command.h and keys.c
 *
 * One entry per command: its keys (from the bindings table) and its help
 * text (from the COMMANDS X-macro), so help cannot drift from the keys.
 * Then the keys read inside the quiz and the f prompt, then the legend:
 * every glyph, colour and attribute the screen can draw.  Entries wrap to
 * the box's width; the box scrolls an entry at a time (arrows) or a page
 * (PgUp PgDn), and any other key closes it.
 */
#include <stdio.h>

#include "panel.h"

static const char *const extra[] = {
	"",
	"Quiz (Q): before a scan decision is shown, answer with a activate, k keep, r reclaim, c reclaim if "
	"clean "
	"(shrink_page_list), d deactivate, e rotate (shrink_active_list); under mglru also before each "
	"sort_folio() at the oldest generation's tail: a protect it (tier > tier_idx), e move it on, r "
	"isolate it for reclaim; and before each young pte the aging walk finds: a the page moves to the "
	"youngest generation (max_seq), k it stays, in max_seq already (only its accessed bit and refs "
	"cleared), r it is isolated, so marked referenced for shrink_folio_list(); Esc skips; moving, or "
	"choosing a policy (p) or a scenario (o), withdraws "
	"the question.",
	"f then: a k r c d e = n/N look for that outcome, ! a refault, * any decision (under mglru each sort "
	"and each young "
	"pte the walk finds too), t the next "
	"caption or "
	"pause point.",
	"Compare mode (c, --compare A,B): both sides stand after the same access k (left/right move k). A "
	"divergence at k is a page both sides scanned after access k (before access k+1) whose FIRST "
	"decision "
	"there differs (e.g. goto activate_locked vs PAGEREF_KEEP), each such page one divergence; n/N: "
	"next/previous; right steps each side one step inside the access's reclaim. Tab: other side, p: its "
	"policy.",
	("Mouse: a click on a page of the lists opens it in the inspector (where the terminal reports "
	 "clicks)."),
	("The rows of the lists: each LRU list from its head (newest) to its tail (oldest); isolated, the "
	 "batch reclaim is examining; pagevec, new pages waiting (14 per list) to join their list, not yet "
	 "PageLRU, so a second use does not activate them; evicted, the pages freed lately."),
	("Under mglru (6.1's multi-gen LRU) the lists are generations, \"seq N file\" from the youngest "
	 "(max_seq) to the oldest (min_seq), the scanner at the oldest's tail; \"age N\" after a "
	 "generation's name is how many steps ago inc_max_seq() opened it (the kernel's lru_gen file counts "
	 "milliseconds); below 100 columns the rows leave the age and the words youngest and oldest out, "
	 "so that generations are drawn at the lists' scale (the title says youngest first, the "
	 "scanner's mark is at the oldest); a digit on a page is its tier. A sort step's decision panel: "
	 "inputs as "
	 "sort_folio() read them; loop, the feedback loop where it decides: the type it scans, tier_idx "
	 "(tiers above it are protected, moved to the next generation) and each tier's refaulted/total. "
	 "A tier from 1 up is protected once it has 64 refaults or more and refaults at more than twice "
	 "tier 0's rate, tier 0 counted as (refaulted + 1) / (total + 64) (get_tier_idx(), "
	 "positive_ctrl_err()); when anon and file are both evictable, the rate compared is the other "
	 "type's tier 0, weighted by swappiness (get_type_to_scan()). The first tier that passes and every "
	 "tier above it are protected."),
	"",
	"Legend: what the screen draws",
};
#define NR_EXTRA (int)(sizeof extra / sizeof extra[0])
#define KEYW	 16

int panel_help_entries(void)
{
	return NR_COMMANDS - 1 + NR_EXTRA + legend_help_rows();
}

/* Rows entry @i takes at width @w (box inside). */
static int entry_rows(int i, int w)
{
	if (i < NR_COMMANDS - 1)
		return wrap_count(command_help[i + 1], w - KEYW) > 0
			       ? wrap_count(command_help[i + 1], w - KEYW)
			       : 1;
	i -= NR_COMMANDS - 1;
	if (i < NR_EXTRA)
		return extra[i][0] ? wrap_count(extra[i], w) : 1;
	return legend_help_height(i - NR_EXTRA, w);
}

static void entry_draw(int i, int y, int x, int w, int rows)
{
	if (i < NR_COMMANDS - 1) {
		char keys[64];
		keys_describe((enum command)(i + 1), keys, sizeof keys, theme_ascii());
		draw_str(y, x, KEYW - 1, theme_attr(T_TITLE), keys);
		draw_wrap(y, x + KEYW, w - KEYW, rows, theme_attr(T_NORMAL), command_help[i + 1]);
		return;
	}
	i -= NR_COMMANDS - 1;
	if (i < NR_EXTRA) {
		draw_wrap(y, x, w, rows, theme_attr(i == NR_EXTRA - 1 ? T_TITLE : T_NORMAL), extra[i]);
		return;
	}
	legend_help_draw(y, x, w, i - NR_EXTRA, rows);
}

void panel_help_draw(const struct frame *f)
{
	int w = COLS > 112 ? 110 : COLS - 2, h = LINES - 2 > 8 ? LINES - 2 : LINES, n = panel_help_entries();
	int inner = w - 4, avail, top = f->app->ui.help_top, y, last;
	struct rect r;
	char foot[96];

	if (h > 60)
		h = 60;
	r = (struct rect){ (LINES - h) / 2, (COLS - w) / 2, h, w };
	avail = h - 3;
	/* the last page is a full one */
	for (int rows = 0, i = n - 1; i >= 0; i--) {
		rows += entry_rows(i, inner);
		if (rows > avail)
			break;
		if (top > i)
			top = i;
	}
	if (top < 0)
		top = 0;
	draw_box(&r, "vmscan-viz keys and legend");
	y = r.y + 1;
	last = top;
	for (int i = top; i < n; i++) {
		int rows = entry_rows(i, inner);
		if (y + rows > r.y + 1 + avail)
			break;
		entry_draw(i, y, r.x + 2, inner, rows);
		y += rows;
		last = i;
	}
	snprintf(foot, sizeof foot, "%d-%d of %d  %s PgUp PgDn scroll. Press any key to return.", top + 1,
		 last + 1, n, theme_ascii() ? "Up Down" : "\xe2\x86\x91\xe2\x86\x93");
	draw_str(r.y + r.h - 2, r.x + 2, r.w - 4, theme_attr(T_DIM), foot);
}
