/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * util/grow.h - room in an array that grows by doubling
 *
 * The loader, the step index, compare's divergences and the viewers'
 * lists all append to arrays whose final length they learn only at the
 * end.  Doubling the room keeps n appends at O(n) copies; asking for
 * exactly one more each time would copy O(n^2).  One call instead of the
 * same six lines at every such array:
 *
 *	if (!grow_array(d->v, d->cap, d->n + 1, 8))
 *		return -1;
 *	d->v[d->n++] = item;
 *
 * The room is a uint32_t, a size_t or a uint64_t, as each structure keeps
 * it; each is checked against its own limit, and the byte size against
 * SIZE_MAX, so no multiplication wraps.  Header only: the replay layer
 * and the loader use it without another library to link.
 */
#ifndef VMSCAN_GROW_H
#define VMSCAN_GROW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The room, doubled from @cap (from @first when empty), that holds @need
 * elements of @size bytes, at most @max of them; 0 when none does: @need
 * past @max or the bytes past SIZE_MAX. */
static inline size_t grow_cap(size_t cap, size_t need, size_t size, size_t first, size_t max)
{
	size_t c = cap ? cap : (first ? first : 1);

	if (need <= cap)
		return cap;
	if (need > max || need > SIZE_MAX / size)
		return 0;
	if (c > max)
		c = max;
	while (c < need)
		c = c > max / 2 ? max : c * 2;
	return c > SIZE_MAX / size ? need : c;
}

/* Makes *@pp (the address of any object pointer) hold @need elements of
 * @size bytes, in the room grow_cap() gives; that room in *@out.  False,
 * with the array and its room as they were, when there is none or memory
 * runs out. */
static inline bool grow_room(void *pp, size_t cap, size_t need, size_t size, size_t first, size_t max,
			     size_t *out)
{
	size_t c = grow_cap(cap, need, size, first, max);
	void *old, *p;

	if (need <= cap) {
		*out = cap;
		return true;
	}
	if (!c) /* 0 is no room, even when the room was 0 */
		return false;
	/* the pointer is copied as bytes: pp may point at a struct foo * */
	memcpy(&old, pp, sizeof old);
	if (!(p = realloc(old, c * size)))
		return false; /* old is still *pp's */
	memcpy(pp, &p, sizeof p);
	*out = c;
	return true;
}

static inline bool grow_u32(void *pp, uint32_t *cap, size_t need, size_t size, size_t first)
{
	size_t c;

	if (!grow_room(pp, *cap, need, size, first, UINT32_MAX, &c))
		return false;
	*cap = (uint32_t)c;
	return true;
}

static inline bool grow_u64(void *pp, uint64_t *cap, size_t need, size_t size, size_t first)
{
	size_t c;

	if (*cap > SIZE_MAX || !grow_room(pp, (size_t)*cap, need, size, first, SIZE_MAX, &c))
		return false;
	*cap = c;
	return true;
}

static inline bool grow_size(void *pp, size_t *cap, size_t need, size_t size, size_t first)
{
	return grow_room(pp, *cap, need, size, first, SIZE_MAX, cap);
}

/* grow_array(ARRAY, CAP, NEED, FIRST): true when ARRAY, whose room is CAP
 * elements, holds NEED of them; the room doubles from FIRST.  ARRAY and
 * CAP are lvalues, each evaluated once. */
#define grow_array(array, cap, need, first) \
	_Generic((cap), uint32_t            \
		 : grow_u32, uint64_t       \
		 : grow_u64, default        \
		 : grow_size)(&(array), &(cap), (need), sizeof *(array), (first))

#endif /* VMSCAN_GROW_H */
