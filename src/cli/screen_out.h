/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/screen_out.h - writing a screen grid (tui/screen.h): text, ANSI, SVG
 */
#ifndef VMSCAN_CLI_SCREEN_OUT_H
#define VMSCAN_CLI_SCREEN_OUT_H

#include <stdio.h>

#include "../tui/screen.h"

enum screen_format { SCREEN_TEXT, SCREEN_ANSI, SCREEN_SVG, NR_SCREEN_FORMATS };
extern const char *const screen_format_name[NR_SCREEN_FORMATS];

/* @g onto @f in @fmt; the caller checks ferror(). */
void screen_write(FILE *f, const struct screen_grid *g, enum screen_format fmt);

#endif
