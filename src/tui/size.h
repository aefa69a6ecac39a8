/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/size.h - the smallest terminal the visualizer draws in
 *
 * Below this size it says "Terminal too small" (layout.c); `vmscan-viz
 * screen` refuses a smaller frame (cli/screen.c).
 */
#ifndef VMSCAN_TUI_SIZE_H
#define VMSCAN_TUI_SIZE_H

#define TUI_MIN_COLS  56
#define TUI_MIN_LINES 16

#endif
