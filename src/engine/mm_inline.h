/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/mm_inline.h - which list a page belongs on (include/linux/mm_inline.h)
 *
 * The four evictable lists are numbered as in 2.6.34 (page.h): the file
 * bit and the active bit added to the inactive anon list's number.
 */
#ifndef VMSCAN_MM_INLINE_H
#define VMSCAN_MM_INLINE_H

#include "page.h"

#define LRU_ACTIVE 1
#define LRU_FILE   2

/* The evictable list a page belongs on, from its type and PG_active
 * (page_lru_base_type() and page_lru() of 2.6.34). */
static inline int page_lru_base(const struct page *p)
{
	return (page_is_file_cache(p) ? LRU_FILE : 0) + (PageActive(p) ? LRU_ACTIVE : 0);
}

#endif
