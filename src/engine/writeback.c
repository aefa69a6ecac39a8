/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/writeback.c - writes that end `writeback_steps` steps later
 *
 * A dirty page that reclaim writes (pageout()) or the flusher threads
 * write is PG_writeback until its write ends, in the order the writes
 * began: a FIFO of pfns, all with the same delay.  A write that reclaim
 * started also sets PG_reclaim (so does 6.1's shrink_folio_list() on a
 * dirty page it leaves to the flushers), and the page is rotated to the
 * inactive tail when it ends, to be freed by the next scan
 * (rotate_reclaimable_page).
 */
#include "list.h"
#include "lru_gen.h"
#include "mm_inline.h"
#include "writeback.h"

void writeback_start(struct engine *e, struct page *page, bool reclaim)
{
	uint32_t at = (e->c.wb_head + e->c.wb_len) % e->nr_pages;

	page_set(page, PG_writeback);
	if (reclaim)
		page_set(page, PG_reclaim);
	page->wb_due = (uint32_t)(e->c.step + e->wl->memory.writeback_steps);
	e->wb_ring[at] = page_to_pfn(e, page);
	e->c.wb_len++;
}

static bool writeback_due_at(const struct engine *e, uint64_t step)
{
	if (!e->c.wb_len)
		return false;
	return (int32_t)((uint32_t)step - e->pages[e->wb_ring[e->c.wb_head]].wb_due) >= 0;
}

uint64_t writeback_room(const struct engine *e)
{
	int32_t room;

	if (!e->c.wb_len)
		return UINT64_MAX;
	room = (int32_t)(e->pages[e->wb_ring[e->c.wb_head]].wb_due - (uint32_t)(e->c.step + 1));
	return room > 0 ? (uint64_t)room : 0;
}

bool writeback_due(const struct engine *e)
{
	return writeback_due_at(e, e->c.step);
}

/* end_page_writeback(); with PG_reclaim, rotate_reclaimable_page() moves
 * the page to the inactive tail so that the next scan frees it. */
void writeback_end(struct engine *e, struct step_record *r)
{
	uint32_t pfn = e->wb_ring[e->c.wb_head];
	struct page *p = pfn_to_page(e, pfn);

	e->wb_ring[e->c.wb_head] = 0; /* a free ring slot is 0: packed snapshots code it as a run */
	e->c.wb_head = (e->c.wb_head + 1) % e->nr_pages;
	e->c.wb_len--;
	if (!page_test_clear(p, PG_writeback))
		return; /* the page was freed meanwhile: nothing to show */
	r->kind = STEP_WRITEBACK;
	r->func = FN_END_PAGE_WRITEBACK;
	r->pfn = pfn;
	r->object = p->object;
	r->index = p->index;
	r->from = r->to = p->lru;
	r->branch = BR_WB_DONE;
	/* 6.1 mm/filemap.c:1601, mm/swap.c:285 folio_rotate_reclaimable()
	 * takes an active folio too (CAP_DIRTY_61: shrink_folio_list()
	 * activated it out of the way); 2.6.34 rotates inactive pages only */
	if (page_test_clear(p, PG_reclaim) && PageLRU(p) && (!PageActive(p) || policy_has(e, CAP_DIRTY_61)) &&
	    !PageUnevictable(p) && !PageDirty(p)) {
		/* 6.1 mm/swap.c:266 lru_move_tail_fn(): lruvec_del_folio(),
		 * PG_active cleared, then lruvec_add_folio_tail()
		 * (include/linux/mm_inline.h:337), under the multi-gen LRU the
		 * tail of its oldest generation */
		list_del(e, pfn);
		page_clear(p, PG_active);
		lru_gen_del_folio(e, p);
		if (!lru_gen_add_folio(e, pfn, true))
			list_add_tail(e, pfn, (enum lru_list)page_lru_base(p));
		count_vm_event(e, PGROTATED);
		r->branch = BR_WB_ROTATE;
		r->outcome = OUT_ROTATE_TAIL;
		e->c.decisions[OUT_ROTATE_TAIL]++;
	}
}

/* wakeup_flusher_threads(): the flushers write dirty file pages in the
 * background, @nr of them (0: all, as laptop mode asks), oldest first. */
void wakeup_flusher_threads(struct engine *e, uint64_t nr)
{
	uint8_t order[MAX_NR_GENS];
	unsigned n = lru_gen_file_lists(e, order); /* the file generations, oldest first */
	bool mkclean = n > 0;			   /* 6.1's flusher, which the generations are */

	if (!n) { /* or the two lists */
		order[n++] = LRU_INACTIVE_FILE;
		order[n++] = LRU_ACTIVE_FILE;
	}
	for (unsigned i = 0; i < n; i++)
		for (uint32_t pfn = e->c.lists[order[i]].tail; pfn != PFN_NONE; pfn = e->pages[pfn].prev) {
			struct page *p = &e->pages[pfn];
			/* 6.1's flusher also writes mapped pages: folio_mkclean()
			 * takes the dirty bits of their ptes (the 2.6.34 model
			 * leaves mapped pages to reclaim's pageout()) */
			if (mkclean && p->pte_dirty) {
				page_set(p, PG_dirty);
				p->pte_dirty = 0;
			}
			if (!PageDirty(p) || PageWriteback(p) || (page_mapped(p) && !mkclean))
				continue;
			page_clear(p, PG_dirty);
			writeback_start(e, p, false);
			count_vm_events(e, PGPGOUT, 4);
			if (nr && !--nr)
				return;
		}
}
