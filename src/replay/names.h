/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay/names.h - a page and an object by name, the lists in the order shown
 *
 * Small answers the front ends ask while they draw or move a cursor,
 * none of which draws: "libc.so[3]" for a page, "kernel" for a page an
 * allocation took, and the resident pages in the order the lists panel
 * shows them (so that a cursor moves the way the eye reads).
 *
 *	char name[96];
 *	page_name(&sc->wl, rec->object, rec->index, name, sizeof name);
 *
 * Texts are cut to the buffer, always terminated (n > 0).
 */
#ifndef VMSCAN_REPLAY_NAMES_H
#define VMSCAN_REPLAY_NAMES_H

#include <stddef.h>
#include <stdint.h>

#include "../engine/engine.h"

/* The object's name, "kernel" for OBJECT_KERNEL, "?" past the workload's
 * objects (or with no workload). */
const char *object_name(const struct workload *wl, uint32_t object);
/* "libc.so[3]", or "kernel" for a page no object owns. */
void page_name(const struct workload *wl, uint32_t object, uint32_t index, char *buf, size_t n);
/* The resident pages in the lists panel's order (active file, inactive
 * file, active anon, inactive anon, unevictable, isolated, pagevec; each
 * list head first): fills @out (room for @n), returns how many. */
uint32_t lists_order(const struct engine *e, uint32_t *out, uint32_t n);

#endif
