/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/outcome.c - every outcome in the visualizer, one row each
 *
 * The four answers of shrink_page_list() carry 2.6.34's enum
 * page_references names (patch 1/3, "factor out page reference checks");
 * 2.6.33 has no such enum, its inline tests jump to activate_locked or
 * keep_locked, or fall through to reclaim.  shrink_active_list() gives
 * two: deactivate, or rotate (stay active).
 *
 * The inks follow theme.c's rules (why these hues, and the figures that
 * keep them apart from the objects' colours, are there): the Okabe-Ito
 * hues brightened for a dark background, darkened for the light theme's
 * white; faults, references and culls are uncoloured, their glyph says it.
 * Ink columns: 256-colour fg and bg, 8-colour fg and bg (-1: the
 * terminal's default), attributes added in colour, the whole rendering in
 * monochrome, then the light theme's fg and bg.
 */
#include "outcome.h"

const struct outcome_row outcome_table[NR_OUTCOMES] = {
	[OUT_NONE] = { .glyph = { " ", " " }, .ink = { 244, -1, COLOR_WHITE, -1, 0, 0, 240, 231 } },
	[OUT_ACTIVATE] = { .glyph = { "▲", "^" },
			   .ink = { 33, -1, COLOR_BLUE, -1, A_BOLD, A_BOLD, 26, 231 },
			   .label = "activate",
			   .shrt = "act",
			   .help = "activated: to the head of the active list (pgactivate)",
			   .key = 'a',
			   .filter = FILTER_ACTIVATE,
			   .scan = STEP_SCAN_INACTIVE,
			   .answer = "activate",
			   .pageref = "PAGEREF_ACTIVATE",
			   .inline_33 = "goto activate_locked" },
	[OUT_KEEP] = { .glyph = { "=", "=" },
		       .ink = { 36, -1, COLOR_GREEN, -1, A_BOLD, 0, 29, 231 },
		       .label = "keep",
		       .shrt = "keep",
		       .help = "kept: back at the head of the inactive list for one more trip",
		       .key = 'k',
		       .filter = FILTER_KEEP,
		       .scan = STEP_SCAN_INACTIVE,
		       .answer = "keep",
		       .pageref = "PAGEREF_KEEP",
		       .inline_33 = "goto keep_locked" },
	[OUT_RECLAIM] = { .glyph = { "✗", "X" },
			  .ink = { 166, -1, COLOR_RED, -1, A_BOLD, A_BOLD, 166, 231 },
			  .label = "reclaim",
			  .shrt = "recl",
			  .help = "reclaimed (evicted), or written out first if dirty",
			  .key = 'r',
			  .filter = FILTER_RECLAIM,
			  .scan = STEP_SCAN_INACTIVE,
			  .answer = "reclaim",
			  .pageref = "PAGEREF_RECLAIM",
			  .inline_33 = "on to reclaim" },
	[OUT_RECLAIM_CLEAN] = { .glyph = { "~", "x" },
				.ink = { 178, -1, COLOR_YELLOW, -1, A_BOLD, 0, 136, 231 },
				.label = "reclaim_clean",
				.shrt = "clean",
				.help = "PAGEREF_RECLAIM_CLEAN: reclaimed if clean, left to the flushers if "
					"dirty",
				.key = 'c',
				.filter = FILTER_RECLAIM_CLEAN,
				.scan = STEP_SCAN_INACTIVE,
				.answer = "reclaim if clean",
				.pageref = "PAGEREF_RECLAIM_CLEAN",
				.inline_33 = "on to reclaim unless dirty" },
	[OUT_DEACTIVATE] = { .glyph = { "▼", "v" },
			     .ink = { 176, -1, COLOR_MAGENTA, -1, A_BOLD, A_DIM, 127, 231 },
			     .label = "deactivate",
			     .shrt = "deact",
			     .help = "deactivated: active list to the inactive list's head",
			     .key = 'd',
			     .filter = FILTER_DEACTIVATE,
			     .scan = STEP_SCAN_ACTIVE,
			     .answer = "deactivate" },
	[OUT_ROTATE] = { .glyph = { "↻", "@" },
			 .ink = { 81, -1, COLOR_CYAN, -1, A_BOLD, 0, 31, 231 },
			 .label = "rotate",
			 .shrt = "rot",
			 .help = "rotated: one more trip around the active list (VM_EXEC code)",
			 /* not o: o opens a scenario, which withdraws the question */
			 .key = 'e',
			 .filter = FILTER_ROTATE,
			 .scan = STEP_SCAN_ACTIVE,
			 .answer = "rotate (stay active)" },
	[OUT_ROTATE_TAIL] = { .glyph = { "⇥", "]" },
			      .ink = { 185, -1, COLOR_WHITE, -1, A_BOLD, 0, 100, 231 },
			      .label = "rotate_tail",
			      .shrt = "tail",
			      .help = "writeback ended: moved to the inactive tail, freed next" },
	[OUT_CULL] = { .glyph = { "⊘", "/" },
		       .ink = { 250, -1, COLOR_WHITE, -1, 0, 0, 242, 231 },
		       .label = "cull",
		       .shrt = "cull",
		       .help = "culled to the unevictable list (mlocked)" },
	[OUT_FAULT] = { .glyph = { "+", "F" },
			.ink = { -1, -1, -1, -1, 0, 0, 16, 231 },
			.label = "fault",
			.shrt = "fault",
			.help = "faulted or read in: a new page in memory" },
	[OUT_REFAULT] = { .glyph = { "!", "!" },
			  .ink = { 197, -1, COLOR_RED, -1, A_BOLD | A_UNDERLINE, A_BOLD | A_UNDERLINE, 161,
				   231 },
			  .label = "refault",
			  .shrt = "refault",
			  .help = "refault: a page evicted earlier is needed again" },
	[OUT_REFERENCE] = { .glyph = { "*", "*" },
			    .ink = { 245, -1, COLOR_WHITE, -1, 0, A_DIM, 242, 231 },
			    .label = "reference",
			    .shrt = "ref'd",
			    .help = "a use of a page in memory that the kernel is told of" },
	[OUT_OOM] = { .glyph = { "#", "$" },
		      .ink = { 231, 160, COLOR_WHITE, COLOR_RED, A_BOLD, A_REVERSE | A_BOLD, 231, 160 },
		      .label = "oom",
		      .shrt = "oom",
		      .help = "allocation failed: reclaim could not free enough" },
};

enum outcome outcome_of_key(int key)
{
	for (int o = 0; o < NR_OUTCOMES; o++)
		if (key && outcome_table[o].key == key)
			return (enum outcome)o;
	return OUT_NONE;
}
