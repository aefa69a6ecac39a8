/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/theme_light.c - the light theme: dark ink on white, for bright rooms
 *
 * The dark theme's greys are light greys on the terminal's own (dark)
 * background; on a projector in a lit room the dim grey of a test "not
 * taken" washes out.  The light theme paints every cell white (xterm 231)
 * and draws in black and dark greys, so it looks the same on any
 * terminal, whatever its own colours: nothing is left to the terminal's
 * default.  The two meanings of colour stay as in theme.c: outcomes keep
 * their Okabe-Ito hues, darkened until they read on white (activate 26
 * #005fd7, keep 29, reclaim 166, reclaim_clean 136, deactivate 127,
 * rotate 31, rotate_tail 100, refault 161); objects take eight darker
 * hues of their own.  Blocks of colour (object bars, the page of the
 * step, the outcome marks) carry white ink.  Monochrome has no theme: it
 * is attributes only, and the same in both.
 */
#include "theme.h"

/* Indices below the outcomes are theme.c's chrome, in enum order. */
const struct theme_ink theme_light[NR_THEME_INKS] = {
	[T_NORMAL] = { 16, 231 },
	[T_BAR] = { 16, 252 },
	[T_BAR_KEY] = { 231, 238 },
	[T_TITLE] = { 16, 231 },
	[T_TITLE_FOCUS] = { 231, 238 },
	[T_DIM] = { 240, 231 }, /* #585858 on white: 7:1, where 244 on dark is 4:1 */
	[T_LABEL] = { 236, 231 },
	[T_CAPTION] = { 16, 254 },
	[T_WARN] = { 16, 231 },
	[T_TAKEN] = { 231, 16 },
	[T_CURSOR] = { 231, 243 },
	[T_EXAMINED] = { 231, 16 },
	[T_GOOD] = { 16, 231 },
	[T_BAD] = { 16, 231 },
	[T_BADGE] = { 231, 16 },
	[T_OUT_FIRST + OUT_NONE] = { 240, 231 },
	[T_OUT_FIRST + OUT_ACTIVATE] = { 26, 231 },
	[T_OUT_FIRST + OUT_KEEP] = { 29, 231 },
	[T_OUT_FIRST + OUT_RECLAIM] = { 166, 231 },
	[T_OUT_FIRST + OUT_RECLAIM_CLEAN] = { 136, 231 },
	[T_OUT_FIRST + OUT_DEACTIVATE] = { 127, 231 },
	[T_OUT_FIRST + OUT_ROTATE] = { 31, 231 },
	[T_OUT_FIRST + OUT_ROTATE_TAIL] = { 100, 231 },
	[T_OUT_FIRST + OUT_CULL] = { 242, 231 },
	[T_OUT_FIRST + OUT_FAULT] = { 16, 231 },
	[T_OUT_FIRST + OUT_REFAULT] = { 161, 231 },
	[T_OUT_FIRST + OUT_REFERENCE] = { 242, 231 },
	[T_OUT_FIRST + OUT_OOM] = { 231, 160 },
	[T_OBJ_FIRST + 0] = { 168, 231 },
	[T_OBJ_FIRST + 1] = { 30, 231 },
	[T_OBJ_FIRST + 2] = { 64, 231 },
	[T_OBJ_FIRST + 3] = { 94, 231 },
	[T_OBJ_FIRST + 4] = { 61, 231 },
	[T_OBJ_FIRST + 5] = { 65, 231 },
	[T_OBJ_FIRST + 6] = { 131, 231 },
	[T_OBJ_FIRST + 7] = { 24, 231 },
};
