/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/filemap.c - the page cache, read() and write() (mm/filemap.c)
 *
 * Each object has a page-cache slot per page (internal.h): the page when
 * it is in memory, else what its eviction left.  A page read in goes to
 * the head of the inactive file list, or of the active one when the
 * policy's workingset rule says it is a refault worth keeping (3.15).
 * read() and write() call mark_page_accessed() once per page:
 * do_generic_file_read() and generic_perform_write() both end in it, but
 * a read() of the very page and offset the file's last read was of is not
 * marked again (read_position_moved()).
 *
 * Under 6.1 (policy mglru) write() marks nothing.  The filesystem modelled
 * is ext4: generic_perform_write() (mm/filemap.c:3716) no longer calls
 * mark_page_accessed(), and ext4_write_begin() takes the page with
 * grab_cache_page_write_begin() (fs/ext4/inode.c:1188), whose flags lack
 * FGP_ACCESSED (mm/folio-compat.c:120), so __filemap_get_folio() does not
 * mark it (mm/filemap.c:1943, 1973): a written page keeps its tier, and
 * one written in enters the oldest generation unmarked.  (6.1's iomap, for
 * XFS, leaves FGP_ACCESSED out too, fs/iomap/buffered-io.c:593; it marks
 * only pages it zeroes, :920.)
 *
 * Each object is one open file, read whole pages at a time, so a read()
 * of page i leaves the file's position as the kernel's does after copying
 * page i out: prev_index i, prev_offset 0.
 *
 * Left out: readahead (only the page asked for is read), partial pages;
 * filemap_fault() also sets prev_pos, but a mapping is taken to be of
 * another open file than the one read() reads.
 */
#include "filemap.h"
#include "lru_gen.h"
#include "memcontrol.h"
#include "page_alloc.h"
#include "swap.h"

/* A new page for @obj/@index, whose page-cache slot is @slot: takes a
 * free page, fills it from disk or swap, and puts it in the page cache.
 * Returns its pfn, off every list; the caller adds it.  Sets *old to the
 * slot's old contents. */
uint32_t page_cache_alloc(struct engine *e, uint32_t obj, uint32_t index, uint32_t *slot, uint32_t *old)
{
	uint32_t pfn;
	struct page *p;

	alloc_slowpath_wake(e, 1, 0);
	pfn = alloc_page(e);
	p = pfn_to_page(e, pfn);

	*old = *slot;
	p->object = obj;
	p->index = index;
	mem_cgroup_charge(e, p); /* first touch: the task of this access pays */
	*slot = slot_make(SLOT_PAGE, pfn);
	e->obj[obj].resident++;
	e->obj[obj].faults++;
	if (SLOT_TAG(*old) == SLOT_SHADOW || SLOT_TAG(*old) == SLOT_SWAP) {
		e->obj[obj].refaults++;
		count_vm_event(e, SIM_REFAULT);
	}
	return pfn;
}

/* Which list a file page that was just read in goes to.  3.15: a refault
 * whose distance fits in the active list is inserted active, and that
 * activation moves the zone's clock on like any other (3.15
 * add_to_page_cache_lru() calls workingset_activation() after
 * SetPageActive()). */
enum lru_list file_page_list(struct engine *e, struct page *p, uint32_t old, uint16_t *branch)
{
	if (SLOT_TAG(old) != SLOT_SHADOW || !e->policy->refault_activate)
		return LRU_INACTIVE_FILE;
	count_vm_event(e, WORKINGSET_REFAULT);
	/* 6.1's called by name, as evict_shadow() calls its eviction: inlined
	 * into the fault path, not an indirect call at every refault */
	if (policy_has(e, CAP_WORKINGSET_61) ? workingset_refault_61(e, p, SLOT_VAL(old))
					     : e->policy->refault_activate(e, p, SLOT_VAL(old))) {
		count_vm_event(e, WORKINGSET_ACTIVATE);
		*branch = BR_REFAULT_ACTIVATE;
		return LRU_ACTIVE_FILE;
	}
	*branch = BR_REFAULT_INACTIVE;
	return LRU_INACTIVE_FILE;
}

/* 2.6.34 mm/filemap.c:1056 do_generic_file_read(): a sequential read
 * that comes back to a page calls mark_page_accessed() only the first
 * time; the test is on the file's last read position (file_ra_state
 * prev_index, prev_offset), which is then moved to page @index of the
 * file, object @obj.  A whole-page read of page i always starts at offset
 * 0 and leaves prev_offset 0, so the position moved iff the page differs. */
static bool read_position_moved(struct engine *e, uint32_t obj, uint32_t index)
{
	struct object_state *o = &e->obj[obj];
	bool moved = o->ra_prev_index != index;

	o->ra_prev_index = index;
	return moved;
}

/* The end of a read() or write() of @p: dirty if written, and the record. */
static void rw_done(const struct engine *e, struct page *p, bool write, struct step_record *r)
{
	if (write)
		page_set(p, PG_dirty);
	if (r) {
		r->func = write ? FN_GENERIC_PERFORM_WRITE : FN_DO_GENERIC_FILE_READ;
		if (write)
			r->inputs |= IN_WRITE;
		note_page(e, r, p);
	}
}

enum outcome rw_cached_page(struct engine *e, struct page *p, bool write, struct step_record *r)
{
	enum branch br;

	if (r)
		r->from = p->lru;
	if (write && policy_has(e, CAP_WRITE_61)) {
		/* 6.1 (ext4): not marked, see above; a page in a generation
		 * gets the multi-gen LRU's words, its tier stays */
		br = folio_gen_counter(p) ? BR_GEN_WRITE : BR_61_WRITE;
		if (r) {
			r->branch = (uint16_t)br;
			r->outcome = OUT_NONE;
			r->gen = (uint8_t)folio_gen_counter(p);
			r->refs = (uint8_t)folio_lru_refs(p);
		}
	} else if (write || read_position_moved(e, p->object, p->index)) {
		br = mark_page_accessed(e, p, r);
	} else {
		br = BR_READ_SAME_POS;
		if (r) {
			r->branch = BR_READ_SAME_POS;
			r->outcome = OUT_NONE;
		}
	}
	if (!r)
		count_rule(e, STEP_WORKLOAD, br, BR_NONE);
	rw_done(e, p, write, r);
	return mpa_outcome(br);
}

enum outcome do_rw(struct engine *e, uint32_t obj, uint32_t index, bool write, struct step_record *r)
{
	uint32_t *slot = page_slot(e, obj, index);

	if (SLOT_TAG(*slot) == SLOT_PAGE)
		return rw_cached_page(e, pfn_to_page(e, SLOT_VAL(*slot)), write, r);
	return rw_page_cache_miss(e, obj, index, slot, write, r);
}

enum outcome rw_page_cache_miss(struct engine *e, uint32_t obj, uint32_t index, uint32_t *slot, bool write,
				struct step_record *r)
{
	uint16_t placed = BR_READ_MISS;
	uint32_t old, pfn;
	enum outcome out;
	struct page *p;

	pfn = page_cache_alloc(e, obj, index, slot, &old);
	p = pfn_to_page(e, pfn);
	if (!write)
		count_vm_events(e, PGPGIN, 4);
	/* 6.1 mm/workingset.c:401 workingset_refault(), from
	 * filemap_add_folio(): a shadow is looked at unless the page is
	 * added for a write; then the oldest generation */
	if (lru_gen_enabled(e)) {
		if (!write)
			lru_gen_refault(e, p, old, false);
		placed = write ? BR_GEN_WRITE_MISS : BR_GEN_READ_MISS;
		lru_cache_add(e, pfn, LRU_INACTIVE_FILE);
	} else {
		lru_cache_add(e, pfn, file_page_list(e, p, old, &placed));
	}
	/* mark_page_accessed() of a page alloc_page() blanked: nothing on the
	 * way sets PG_referenced */
	if (write) {
		if (!policy_has(e, CAP_WRITE_61)) /* 6.1 (ext4) does not mark it: see above */
			mark_page_accessed_unreferenced(e, p);
	} else if (read_position_moved(e, obj, index)) {
		mark_page_accessed_unreferenced(e, p);
	} else if (placed == BR_READ_MISS) {
		placed = BR_READ_MISS_SAME_POS;
	} else if (placed == BR_GEN_READ_MISS) {
		placed = BR_GEN_READ_SAME_POS;
	}
	out = SLOT_TAG(old) == SLOT_EMPTY ? OUT_FAULT : OUT_REFAULT;
	if (r) {
		r->from = LRU_FREE;
		r->branch = placed;
		r->outcome = (uint8_t)out;
		r->gen = (uint8_t)folio_gen_counter(p);
		r->refs = (uint8_t)folio_lru_refs(p);
	} else {
		count_rule(e, STEP_WORKLOAD, placed, BR_NONE);
	}
	rw_done(e, p, write, r);
	return out;
}
