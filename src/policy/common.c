/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy/common.c - the kernel's branches in words, and the active-list
 * rule every policy ends with
 */
#include "common.h"

/* clang-format off */
const struct branch_text kernel_branches[NR_KERNEL_BRANCHES] = {
#define X(id, name, reason) [(id) - BR_POLICY] = { (name), "", "", (reason) },
	KERNEL_BRANCHES(X)
#undef X
};
/* clang-format on */

bool keep_active_vm_exec(const struct page *page, int referenced, struct reference_check *rc)
{
	if (!referenced)
		return decide_active(rc, BR_ACT_UNREFERENCED, false);
	rc->rotated = true;
	/* 2.6.31 8cab4754d24a: executable file pages get one more trip; anon
	 * VM_EXEC pages do not (JITs make plenty of them) */
	if ((rc->vm_flags & VM_EXEC) && page_is_file_cache(page))
		return decide_active(rc, BR_ACT_EXEC, true);
	return decide_active(rc, BR_ACT_REFERENCED, false);
}

bool keep_active_referenced_2633(struct engine *e, struct page *page, struct reference_check *rc)
{
	int referenced = page_referenced_2633(e, page, rc);

	/* 2.6.33 mm/rmap.c page_referenced(): TestClearPageReferenced() adds
	 * one; vm_flags gathers only the flags of mappings with a young pte */
	if (referenced && !rc->referenced_ptes) {
		rc->rotated = true;
		return decide_active(rc, BR_ACT_PG_REFERENCED, false);
	}
	return keep_active_vm_exec(page, referenced, rc);
}
