/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/page.h - the simulated struct page, its flags and the lists
 *
 * Models include/linux/page-flags.h and mmzone.h of 2.6.34, cut down to what
 * reclaim reads.  A page is named by its page frame number (pfn), an index
 * into the zone's page array; lists link pages by pfn, not by pointer, so a
 * page costs 28 bytes and a snapshot is a plain copy.
 *
 * Left out: compound pages, page refcounts (a page is either on a list,
 * isolated, or free), buffers, KSM, shmem/tmpfs pages.
 */
#ifndef VMSCAN_PAGE_H
#define VMSCAN_PAGE_H

#include <stdbool.h>
#include <stdint.h>

#define PFN_NONE      UINT32_MAX
#define OBJECT_KERNEL UINT32_MAX /* owner of pages taken by "alloc" */

/* Page flags, with the kernel's names.  PG_anon stands for PageAnon() and,
 * since shmem is not modelled, for PG_swapbacked as well. */
enum pageflags {
	PG_referenced,
	PG_active,
	PG_dirty,
	PG_writeback,
	PG_reclaim,
	PG_swapcache,
	PG_mlocked,
	PG_unevictable,
	PG_anon,
	NR_PAGEFLAGS
};

/*
 * Where a page is.  The first five are the zone's LRU lists, numbered as in
 * 2.6.34 (shrink_zone visits 0..3 in this order).  ISOLATED holds the batch
 * that shrink_page_list() or shrink_active_list() is working on; FREE is the
 * free list; KERNEL holds pages that an "alloc" step took for itself;
 * PAGEVEC holds new pages waiting in the per-CPU lru_add pagevecs to join
 * the list they were added for (2.6.34 mm/swap.c __lru_cache_add), not yet
 * PageLRU.
 */
enum lru_list {
	LRU_INACTIVE_ANON,
	LRU_ACTIVE_ANON,
	LRU_INACTIVE_FILE,
	LRU_ACTIVE_FILE,
	LRU_UNEVICTABLE,
	LRU_ISOLATED,
	LRU_FREE,
	LRU_KERNEL,
	LRU_PAGEVEC,
	/* The multi-gen LRU's lists (6.1 lrugen->lists[gen][type], one zone):
	 * list LRU_GEN_FIRST + 2 * gen + type, type 0 anon and 1 file, gen a
	 * generation's sequence number modulo MAX_NR_GENS.  Used instead of
	 * the first four when the policy runs the multi-gen LRU
	 * (engine/lru_gen.c); empty otherwise. */
	LRU_GEN_FIRST,
	LRU_GEN_LAST = LRU_GEN_FIRST + 7,
	NR_LISTS
};

#define LRU_NONE	 NR_LISTS /* off every list for a moment, inside one step */
#define NR_EVICTABLE_LRU 4

static inline bool is_file_lru(int l)
{
	return l == LRU_INACTIVE_FILE || l == LRU_ACTIVE_FILE;
}
static inline bool is_active_lru(int l)
{
	return l == LRU_ACTIVE_ANON || l == LRU_ACTIVE_FILE;
}
static inline bool is_lru_gen_list(int l)
{
	return l >= LRU_GEN_FIRST && l <= LRU_GEN_LAST;
}

/* The sequence number generation list @l (LRU_GEN_FIRST..) holds when the
 * youngest generation is @max_seq: the one seq in max_seq - 3 .. max_seq
 * congruent to its slot (6.1 lru_gen_from_seq()). */
static inline uint64_t lru_gen_list_seq(uint64_t max_seq, int l)
{
	unsigned gen = (unsigned)(l - LRU_GEN_FIRST) / 2;

	return max_seq - (max_seq + 4 - gen) % 4;
}

#define MAX_MAPPINGS 8 /* mappings (VMAs) of one object */

struct page {		   /* 28 bytes */
	uint32_t next;	   /* towards the tail (older); PFN_NONE at the end */
	uint32_t prev;	   /* towards the head (newer) */
	uint32_t object;   /* owning object, or OBJECT_KERNEL */
	uint32_t index;	   /* page index within the object */
	uint32_t wb_due;   /* step (mod 2^32) at which writeback ends */
	uint16_t flags;	   /* bit PG_x set: the flag is set */
	uint8_t lru;	   /* enum lru_list: the list the page is on */
	uint8_t mapped;	   /* bit i: mapping i has a pte for this page */
	uint8_t young;	   /* bit i: that pte's accessed bit is set */
	uint8_t pte_dirty; /* bit i: that pte's dirty bit is set */
	uint8_t pvec_lru;  /* on LRU_PAGEVEC: the list it waits to join */
	uint8_t memcg;	   /* owner: 0 root (uncharged), k the cgroup workload.cgroups[k-1]
			    * (2.6.34 page_cgroup.mem_cgroup, memcontrol.c); no hidden
			    * padding: snapshots compare byte for byte */
};
/* 6.1's multi-gen LRU keeps its per-page state in page.flags: a page stays
 * within 32 bytes (data/README.md, memory per page). */
_Static_assert(sizeof(struct page) <= 32, "struct page fits in 32 bytes");

static inline bool page_test(const struct page *p, enum pageflags f)
{
	return p->flags >> f & 1u;
}
static inline void page_set(struct page *p, enum pageflags f)
{
	p->flags |= (uint16_t)(1u << f);
}
static inline void page_clear(struct page *p, enum pageflags f)
{
	p->flags &= (uint16_t) ~(1u << f);
}
static inline bool page_test_clear(struct page *p, enum pageflags f)
{
	bool was = page_test(p, f);
	page_clear(p, f);
	return was;
}

/* The kernel's accessor names, for the rules that read like the kernel. */
static inline bool PageReferenced(const struct page *p)
{
	return page_test(p, PG_referenced);
}
static inline void SetPageReferenced(struct page *p)
{
	page_set(p, PG_referenced);
}
static inline bool TestClearPageReferenced(struct page *p)
{
	return page_test_clear(p, PG_referenced);
}
static inline bool PageActive(const struct page *p)
{
	return page_test(p, PG_active);
}
static inline bool PageAnon(const struct page *p)
{
	return page_test(p, PG_anon);
}
static inline bool PageDirty(const struct page *p)
{
	return page_test(p, PG_dirty);
}
static inline bool PageWriteback(const struct page *p)
{
	return page_test(p, PG_writeback);
}
static inline bool PageSwapCache(const struct page *p)
{
	return page_test(p, PG_swapcache);
}
static inline bool PageMlocked(const struct page *p)
{
	return page_test(p, PG_mlocked);
}
static inline bool PageUnevictable(const struct page *p)
{
	return page_test(p, PG_unevictable);
}
/* PG_lru: on one of the five LRU lists, or a generation's list (not
 * isolated, not free). */
static inline bool PageLRU(const struct page *p)
{
	return p->lru <= LRU_UNEVICTABLE || is_lru_gen_list(p->lru);
}

/*
 * The multi-gen LRU's bits of folio->flags (6.1 include/linux/mmzone.h,
 * page-flags-layout.h), in the seven bits enum pageflags leaves free:
 * PG_workingset, the gen counter (3 bits: gen + 1 while the page is on a
 * generation's list, 0 off every list) and the refs counter (2 bits, the
 * accesses through file descriptors beyond PG_referenced and
 * PG_workingset).  The gen counter is the page's generation; the list it
 * is linked on may be an older one until eviction sorts it (lazy sorting,
 * 6.1 sort_folio()).  Only the multi-gen LRU sets them.
 */
enum lru_gen_bits {
	PG_workingset = NR_PAGEFLAGS,
	LRU_GEN_PGOFF,
	LRU_REFS_PGOFF = LRU_GEN_PGOFF + 3,
	LRU_GEN_BITS_END = LRU_REFS_PGOFF + 2,
};
#define LRU_GEN_MASK  (7u << LRU_GEN_PGOFF)
#define LRU_REFS_MASK (3u << LRU_REFS_PGOFF)
_Static_assert(LRU_GEN_BITS_END <= 16, "the multi-gen LRU's bits fit in page.flags");
static inline bool PageWorkingset(const struct page *p)
{
	return p->flags >> PG_workingset & 1u;
}
static inline bool page_mapped(const struct page *p)
{
	return p->mapped != 0;
}
static inline bool page_is_file_cache(const struct page *p)
{
	return !PageAnon(p);
}

static inline int page_mapcount(const struct page *p)
{
	int n = 0;
	for (unsigned m = p->mapped; m; m &= m - 1)
		n++;
	return n;
}

#endif
