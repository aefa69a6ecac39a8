/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/trace_u32.c - a u32 trace: little-endian 32-bit page numbers,
 * nothing else
 *
 * A file (not standard input) is mapped and is the array itself
 * (trace_map_u32()); standard input, a buffer, or a file with something
 * to say about it is read 64 KiB at a time (trace_read_u32()).  Every
 * access goes to the operation's object.  Errors name the access and its
 * byte offset.  Left out: big-endian files.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "../engine/engine.h"
#include "diag.h"
#include "trace_u32.h"

void trace_read_u32(struct trace_sink *s, FILE *f)
{
	unsigned char buf[65536];
	uint64_t off = 0;
	size_t got, have = 0;

	while (!s->failed && (got = fread(buf + have, 1, sizeof buf - have, f)) > 0) {
		size_t i;
		got += have;
		for (i = 0; i + 4 <= got; i += 4, off += 4) {
			uint32_t page = (uint32_t)buf[i] | (uint32_t)buf[i + 1] << 8 |
					(uint32_t)buf[i + 2] << 16 | (uint32_t)buf[i + 3] << 24;
			if (page >= s->L->obj[s->obj].pages) {
				char pre[64];
				snprintf(pre, sizeof pre,
					 "access %llu (byte %llu): ", (unsigned long long)off / 4 + 1,
					 (unsigned long long)off);
				if (!sink_fits(s, s->obj, page, 0, 0, pre))
					return;
			}
			if (sink_add(s, page, s->obj, 0, 0) < 0) {
				s->failed = true;
				return;
			}
		}
		have = got - i; /* a word cut by the read: keep its bytes */
		memmove(buf, buf + i, have);
		if (off > SCENARIO_MAX_TRACE_BYTES) {
			sink_too_big(s, off);
			return;
		}
	}
	if (!s->failed && have) {
		lerr_file(s->L, s->file, 0, 0, s->path,
			  "a u32 trace is a whole number of 4-byte page numbers, but the file has %llu bytes",
			  (unsigned long long)off + have);
		s->failed = true;
	}
}

/*
 * A u32 file is the engine's own array on a little-endian machine: it is
 * mapped and read in place, with no copy and no work an access but one
 * pass for the largest page.  Whenever that pass finds something to say
 * (a page past its object, over the budget or the limits) the file is
 * read again by trace_read_u32(), which says it at the access concerned, so a
 * mapped file and a read one give the same messages.  True when mapped.
 * A file truncated while it is mapped faults the program (SIGBUS), as
 * any program that maps its input.
 */
/*
 * The pass for the largest page is the first to read the file, and at
 * make bench's 40 MB it cost a tenth of a pure-scan run under mglru (perf:
 * trace_map_u32 7.5% of its samples, all of it waiting on the loads).
 * The page tables are filled in one go (MAP_POPULATE), not a fault each
 * 16 pages; the pass fetches two pages ahead, since the file's pages in
 * the page cache are not adjacent and the processor's own prefetcher stops
 * at each 4 KiB page.  (`bench time vmscan-viz run --trace F --trace-format
 * u32 ... --max-steps 1`, which loads F and stops, 8 interleaved rounds:
 * CPU medians 0.050 s -> 0.043 s, and 0.058 s -> 0.050 s at a load of 4.)
 */
#define TRACE_MAP_AHEAD 2048u /* words: two 4 KiB pages */
#ifndef MAP_POPULATE	      /* Linux's; elsewhere the pages fault in */
#define MAP_POPULATE 0
#endif

bool trace_map_u32(struct trace_sink *s, int fd, off_t size)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	struct loader *L = s->L;
	struct object_spec *o = &L->obj[s->obj];
	uint32_t n, max = 0, pages = o->pages;
	uint64_t auto_bytes = s->auto_bytes;
	const uint32_t *words;
	void *p;

	if (size < 4 || size % 4 || (uint64_t)size / 4 > SCENARIO_MAX_ACCESSES - L->trace_accesses ||
	    s->obj == UINT32_MAX || L->obj_bad[s->obj])
		return false;
	n = (uint32_t)(size / 4);
	p = mmap(NULL, (size_t)size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
	if (p == MAP_FAILED)
		return false;
	madvise(p, (size_t)size, MADV_SEQUENTIAL);
	words = p;
	for (uint32_t i = 0; i < n; i += 16) {
		uint32_t end = n - i < 16 ? n : i + 16;

		/* a cache line (16 words) at a time; the line two pages on is fetched */
		if (n - i > TRACE_MAP_AHEAD)
			__builtin_prefetch(words + i + TRACE_MAP_AHEAD);
		for (uint32_t j = i; j < end; j++)
			max = words[j] > max ? words[j] : max;
	}
	if (max >= o->pages) {
		bool grows = L->auto_obj || (L->made_any && s->obj >= L->first_made);
		if (!grows || max >= ENGINE_MAX_OBJECT_PAGES)
			goto slow;
		s->auto_bytes += 4 * ((uint64_t)max + 1 - o->pages);
		o->pages = max + 1;
	}
	if (sink_over_budget(s, n))
		goto slow;
	s->t->page = p;
	s->t->n = n;
	s->t->mapped = (size_t)size;
	s->cap = n;
	return true;
slow:
	o->pages = pages;
	s->auto_bytes = auto_bytes;
	munmap(p, (size_t)size);
#else
	(void)s;
	(void)fd;
	(void)size;
#endif
	return false;
}
