/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/bookmarks.h - a lesson's named places in a run (bookmarks.c)
 */
#ifndef VMSCAN_SCENARIO_BOOKMARKS_H
#define VMSCAN_SCENARIO_BOOKMARKS_H

#include <cJSON.h>

#include "loader.h"

int load_bookmarks(struct loader *L, const cJSON *arr, struct scenario *s);

extern const char *const bookmark_keys[];

#endif
