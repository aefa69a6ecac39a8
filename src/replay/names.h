/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay/names.h - a page and an object by name, the lists in the order shown
 *
 * Small answers the front ends ask while they draw or move a cursor,
 * none of which draws: "libc.so[3]" for a page, "kernel" for a page an
 * allocation took, and the resident pages in the order the lists panel
 * shows them (so that a cursor moves the way the eye reads).
 *
 *	char name[96], to[24];
 *	page_name(&sc->wl, rec->object, rec->index, name, sizeof name);
 *	list_label(rec->to, rec->max_seq, to, sizeof to);
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
/* "seq 6 file": 6.1's generation @seq of @type (0 anon, 1 file), the one
 * way every panel, log and headless output names a generation. */
void gen_name(uint64_t seq, unsigned type, char *buf, size_t n);
/* List @l for a reader: a generation list (a slot, seq % 4) by the
 * generation it held when the youngest was @max_seq (a record's max_seq,
 * or engine_lru_gen().max_seq for now), "seq 6 file"; other lists by
 * lru_name[]; "-" for none (LRU_NONE).  Returns @buf or a constant. */
const char *list_label(int l, uint64_t max_seq, char *buf, size_t n);
/* The same of a list engine_shown_lists() gave. */
const char *shown_label(const struct shown_list *sl, char *buf, size_t n);
/* How many generations of 6.1's engine_shown_lists() gives of @e now, 0
 * under the two-list LRU: the views of generations (the lru_gen file,
 * their columns and panel) draw those there are. */
unsigned shown_generations(const struct engine *e);
/* What a step did, in a word or two for a log or a banner: the outcome's
 * name, or for a step without one (OUT_NONE) what 6.1's steps did
 * ("isolated", "pte young", "new gen") and "soft limit" for kswapd's
 * soft limit pass; "" for a step that did nothing worth a word. */
const char *step_outcome_word(const struct step_record *r);
/* The resident pages in the lists panel's order (active file, inactive
 * file, active anon, inactive anon, unevictable, isolated, pagevec; each
 * list head first): fills @out (room for @n), returns how many. */
uint32_t lists_order(const struct engine *e, uint32_t *out, uint32_t n);

#endif
