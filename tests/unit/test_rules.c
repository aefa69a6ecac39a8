/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_rules.c - the engine's rules, one small scenario each
 *
 * Each row is a sentence, a policy and a tiny scenario whose "expect"
 * entries say what must hold (the same expectations `vmscan-viz check
 * --expect` runs).  The rows cover mark_page_accessed, the fault path,
 * munmap, shrink_page_list's outcomes (dirty deferral, pageout, writeback
 * rotation, swap, cull), shrink_active_list, lumpy reclaim, direct
 * reclaim, out of memory and refault activation.  Invariants are checked
 * after every step of every row.  Single quotes in the JSON stand for
 * double quotes, to keep the rows readable.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "harness.h"

struct rule_row {
	const char *sentence;
	const char *policy;
	const char *json; /* memory, objects, workload, expect */
};

static const struct rule_row rows[] = {
	/* 2.6.34 memcontrol.c:1636: six rounds of limit reclaim that free
	 * nothing (anon, no swap), then the memcg OOM */
	{ "a cgroup at its limit with nothing reclaimable ends in a memcg OOM after six reclaims", "2.6.34",
	  "'memory':{'pages':256},'cgroups':[{'name':'db','limit':32}],"
	  "'objects':[{'name':'heap','type':'anon','pages':64}],"
	  "'workload':[{'op':'touch','object':'heap','pages':'0-32','cgroup':'db'}],"
	  "'expect':[{'check':'cgroup.db.oom == 1'},{'check':'cgroup.db.failcnt == 6'},"
	  "{'check':'cgroup.db.usage == 32'},{'check':'decisions.oom == 1'},{'check':'allocstall == 0'}]" },
	/* 2.6.34 memcontrol.c:1580, vmscan.c:1917: limit reclaim frees the
	 * cgroup's 32 oldest pages; the root's pages are not scanned */
	{ "a charge at the limit reclaims 32 of the cgroup's own pages, not the root's", "2.6.34",
	  "'memory':{'pages':1024},'cgroups':[{'name':'db','limit':64}],"
	  "'objects':[{'name':'f','type':'file','pages':512},{'name':'g','type':'file','pages':512}],"
	  "'workload':[{'op':'read','object':'g','pages':'0-99'},"
	  "{'op':'read','object':'f','pages':'0-64','cgroup':'db'}],"
	  "'expect':[{'check':'cgroup.db.failcnt == 1'},{'check':'cgroup.db.usage == 33'},"
	  "{'check':'g.resident == 100'},{'check':'pgsteal_normal == 32'},{'check':'pgscan_direct_normal == "
	  "0'},"
	  "{'check':'cgroup.db.max_usage == 64'}]" },
	/* ---- 6.1's multi-gen LRU (policy mglru): the rules of
	 * kernel-model-mglru-memcg.md section 1.12 that must be kept ---- */
	/* 6.1 mm/swap.c:526 folio_add_lru(), mm_inline.h:242: a fault's page is
	 * PG_active when added, so it enters max_seq (3 in a fresh lruvec) */
	{ "6.1: a fault puts the page in the youngest generation", "mglru",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':4}],"
	  "'workload':[{'op':'touch','object':'f','pages':'0-3'}],"
	  "'expect':[{'check':'lists.gen3_file == 4'},{'check':'lists.gen0_file == 0'}]" },
	/* 6.1 include/linux/mm_inline.h:164 lru_gen_is_active(): the zone's
	 * counters (and lists.LIST) count max_seq and max_seq - 1 as active */
	{ "6.1: lists.active_file counts the two youngest generations, lists.inactive_file the older",
	  "mglru",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':4},"
	  "{'name':'g','type':'file','pages':2}],"
	  "'workload':[{'op':'touch','object':'f','pages':'0-3'},{'op':'read','object':'g','pages':'0-1'}],"
	  "'expect':[{'check':'lists.active_file == 4'},{'check':'lists.inactive_file == 2'},"
	  "{'check':'lists.gen3_file == 4'},{'check':'lists.gen0_file == 2'},"
	  "{'check':'nr_active_file == 4'},{'check':'nr_inactive_file == 2'},{'check':'nr_free_pages == "
	  "58'}]" },
	/* 6.1 mm/filemap.c:927 filemap_add_folio(), mm_inline.h:248: a read()
	 * miss enters min_seq; folio_mark_accessed() -> folio_inc_refs() */
	{ "6.1: a read() miss puts the page in the oldest generation, marked", "mglru",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':4}],"
	  "'workload':[{'op':'read','object':'f','pages':'0-3'}],"
	  "'expect':[{'check':'lists.gen0_file == 4'},{'check':'decisions.reference == "
	  "0'},{'check':'pgactivate == "
	  "0'}]" },
	/* 6.1 mm/memory.c:5165 (VM_SEQ_READ: not in_lru_fault) */
	{ "6.1: a fault in a MADV_SEQUENTIAL mapping enters the oldest generation", "mglru",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':4}],"
	  "'workload':[{'op':'map','object':'f','sequential':true},{'op':'touch','object':'f','pages':'0-3'}]"
	  ","
	  "'expect':[{'check':'lists.gen0_file == 4'},{'check':'lists.gen3_file == 0'}]" },
	/* 6.1 mm/swap.c:431 folio_inc_refs(): reads never move a page */
	{ "6.1: six reads raise the tier to 3 (saturated) but never move the page or count pgactivate",
	  "mglru",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':2}],"
	  "'workload':[{'op':'repeat','count':6,'ops':[{'op':'read','object':'f','pages':'0-1'}]}],"
	  "'expect':[{'check':'lists.gen0_file == 2'},{'check':'pgactivate == 0'}]" },
	/* 6.1 mm/filemap.c:2621 filemap_read(), pos_same_folio: a miss of the
	 * page the last read ended in is not marked */
	{ "6.1: a page evicted and read again at the same position enters the oldest generation unmarked",
	  "mglru",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':1},{'name':'g','type':'file','"
	  "pages':"
	  "512}],'workload':[{'op':'read','object':'f','pages':'0'},{'op':'read','object':'g'},"
	  "{'op':'read','object':'f','pages':'0'}],"
	  "'expect':[{'check':'f.refaults == 1'},{'check':'f.resident == 1'}]" },
	/* 6.1 mm/rmap.c:816-823 folio_referenced_one() mlocks a page met in a
	 * VM_LOCKED mapping; folio_check_references() (mm/vmscan.c:1460)
	 * says activate, but activate_locked neither sets PG_active nor counts
	 * pgactivate for an mlocked folio (2053), and evict_folios() culls it
	 * (5013-5015).  Was pgactivate 4 */
	{ "6.1: a page left on its generation by a racing mlock is culled when eviction reaches it", "mglru",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':4},{'name':'g','type':'file','"
	  "pages':"
	  "512}],'workload':[{'op':'touch','object':'f','pages':'0-3'},{'op':'mlock','object':'f','pages':'0-"
	  "3',"
	  "'race':true},{'op':'read','object':'g'}],"
	  "'expect':[{'check':'lists.unevictable == 4'},{'check':'f.resident == 4'},"
	  "{'check':'unevictable_pgs_culled == 4'},{'check':'pgactivate == 0'}]" },
	/* 6.1 mm/vmscan.c:4828 scan_folios(), 4831: only the oldest generation,
	 * from its tail; the mmapped index in max_seq is never scanned while
	 * the read() stream refills the oldest (section 1.10(c)) */
	{ "6.1: a read() stream is evicted from the oldest generation; a faulted index is not touched",
	  "mglru",
	  "'memory':{'pages':128},'objects':[{'name':'idx','type':'file','pages':16},"
	  "{'name':'data','type':'file','pages':1024}],"
	  "'workload':[{'op':'touch','object':'idx','pages':'0-15'},{'op':'read','object':'data'}],"
	  "'expect':[{'check':'idx.resident == 16'},{'check':'idx.refaults == 0'},{'check':'pgsteal_file >= "
	  "900'},{'check':'pgactivate == 0'}]" },
	/* 6.1 mm/vmscan.c:4431 should_run_aging(), 4828 (MIN_NR_GENS), 3875
	 * walk_pte_range(), 4311 inc_max_seq(): faulted pages fill max_seq;
	 * eviction needs an older generation, so the walk runs, clears the
	 * young ptes, and the pages not touched again become evictable */
	{ "6.1: with only mapped pages, the aging walk makes generations and the old pages go", "mglru",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':256}],"
	  "'workload':[{'op':'touch','object':'f','pages':'0-255'}],"
	  "'expect':[{'check':'pgsteal_file >= 150'},{'check':'alloc_fail == 0'}]" },
	/* 6.1 mm/vmscan.c:4765 sort_folio() "waiting for writeback": eviction
	 * writes no dirty file page (nr_vmscan_write stays 0) */
	{ "6.1: eviction does not write dirty file pages: sorted to the next generation", "mglru",
	  "'memory':{'pages':64},'objects':[{'name':'log','type':'file','pages':32},"
	  "{'name':'data','type':'file','pages':512}],"
	  "'workload':[{'op':'write','object':'log','pages':'0-31'},{'op':'read','object':'data','pages':'0-"
	  "79'}],"
	  "'expect':[{'check':'nr_vmscan_write == 0'},{'check':'pgrefill_normal >= "
	  "32'},{'check':'log.resident == "
	  "32'}]" },
	/* 6.1 mm/vmscan.c:4765 sort_folio() sorts dirty file pages on and
	 * nothing in 6.1's reclaim writes them: with every page dirty and no
	 * kswapd, the engine's stand-in for background writeback (a direct
	 * reclaim that freed nothing wakes the flushers) must write them, or
	 * every allocation fails after twelve priorities of sorting */
	{ "6.1: memory full of dirty file pages without kswapd: the flushers write them and reads go on",
	  "mglru",
	  "'memory':{'pages':64,'kswapd':false},'objects':[{'name':'log','type':'file','pages':128},"
	  "{'name':'data','type':'file','pages':256}],"
	  "'workload':[{'op':'write','object':'log','pages':'0-127'},{'op':'read','object':'data','pages':'0-"
	  "255'}],"
	  "'expect':[{'check':'alloc_fail == 0'},{'check':'pgpgout >= 400'},{'check':'nr_vmscan_write == "
	  "0'},{'check':'pgsteal_file >= 300'}]" },
	/* 6.1 mm/vmscan.c:4752 sort_folio() "protected", 3632
	 * positive_ctrl_err(): the 64-refault floor; an index read twice per
	 * burst (tier 1) is protected only after 64 tier-1 refaults */
	{ "6.1: a tier is protected only after 64 of its refaults: two bursts of 32, then "
	  "workingset_activate",
	  "mglru",
	  "'memory':{'pages':512},'objects':[{'name':'idx','type':'file','pages':32},"
	  "{'name':'data','type':'file','pages':5120}],'workload':["
	  "{'op':'read','object':'idx','pages':'0-31'},{'op':'read','object':'idx','pages':'0-31'},{'op':'"
	  "read'"
	  ",'object':'data','pages':'0-1023'},{'op':'read','object':'idx','pages':'0-31'},{'op':'read','"
	  "object'"
	  ":'idx','pages':'0-31'},{'op':'read','object':'data','pages':'1024-2047'},{'op':'read','object':'"
	  "idx'"
	  ",'pages':'0-31'},{'op':'read','object':'idx','pages':'0-31'},{'op':'read','object':'data','pages':"
	  "'2"
	  "048-3071'},{'op':'read','object':'idx','pages':'0-31'},{'op':'read','object':'idx','pages':'0-31'}"
	  ",{"
	  "'op':'read','object':'data','pages':'3072-4095'},{'op':'read','object':'idx','pages':'0-31'},{'op'"
	  ":'"
	  "read','object':'idx','pages':'0-31'},{'op':'read','object':'data','pages':'4096-5119'}"
	  "],'expect':[{'check':'idx.refaults == 64'},{'check':'workingset_activate >= "
	  "32'},{'check':'idx.resident == "
	  "32'}]" },
	/* 6.1 mm/vmscan.c:4293 try_to_inc_min_seq(): with swap, anon and file
	 * retire together; 3160 get_swappiness(): 64 free slots needed */
	{ "6.1: with swap, anonymous pages are swapped from the oldest generation", "mglru",
	  "'memory':{'pages':128,'swap':512,'swappiness':100},'objects':[{'name':'a','type':'anon','pages':"
	  "256}],"
	  "'workload':[{'op':'touch','object':'a','pages':'0-255','write':true}],"
	  "'expect':[{'check':'pswpout >= 64'},{'check':'alloc_fail == 0'}]" },
	{ "6.1: with fewer than 64 free swap slots, anonymous pages are not scanned", "mglru",
	  "'memory':{'pages':128,'swap':32,'swappiness':100},'objects':[{'name':'a','type':'anon','pages':64}"
	  ","
	  "{'name':'f','type':'file','pages':512}],"
	  "'workload':[{'op':'touch','object':'a','pages':'0-63','write':true},{'op':'read','object':'f'}],"
	  "'expect':[{'check':'pswpout == 0'},{'check':'pgscan_anon == 0'},{'check':'pgsteal_file >= "
	  "400'}]" },
	/* 6.1 mm/vmscan.c:4785 isolate_folio(): no writing allowed (laptop
	 * mode) and anon without a swap slot: skipped (pgskip) */
	{ "6.1: a reclaimer that may not write skips anonymous pages without a swap slot", "mglru",
	  "'memory':{'pages':128,'swap':512,'swappiness':100,'laptop_mode':true},"
	  "'objects':[{'name':'a','type':'anon','pages':256}],"
	  "'workload':[{'op':'touch','object':'a','pages':'0-255','write':true}],"
	  "'expect':[{'check':'pgskip_normal >= 1'}]" },
	/* 6.1 mm/vmscan.c:1899-1913: a file folio found dirty in
	 * shrink_folio_list() (its pte's dirty bit, taken at unmap) is not
	 * written: PG_reclaim, activate_locked (pgactivate), and evict_folios()
	 * puts it back at max_seq (5020-5024, mm_inline.h:242).  Was
	 * nr_vmscan_write 32, pgactivate 0, f evicted */
	{ "6.1: a file page found dirty at unmap is activated, not written by reclaim", "mglru",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':32},"
	  "{'name':'g','type':'file','pages':512}],"
	  "'workload':[{'op':'map','object':'f','sequential':true},"
	  "{'op':'touch','object':'f','pages':'0-31','write':true},{'op':'read','object':'g','pages':'0-79'}]"
	  ","
	  "'expect':[{'check':'nr_vmscan_write == 0'},{'check':'pgactivate == 32'},{'check':'f.resident == "
	  "32'},"
	  "{'check':'f.refaults == 0'}]" },
	/* 6.1 mm/memory.c:5170: no in_lru_fault in a VM_SEQ_READ mapping, so
	 * lru_gen_refault() (mm/workingset.c:294) sets no PG_workingset and
	 * counts no workingset_restore for a refault of tier 0.  Was
	 * workingset_restore_file 32 */
	{ "6.1: a refault through a MADV_SEQUENTIAL mapping is not in a fault: no workingset_restore",
	  "mglru",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':32},"
	  "{'name':'g','type':'file','pages':512}],"
	  "'workload':[{'op':'map','object':'f','sequential':true},{'op':'touch','object':'f','pages':'0-31'}"
	  ","
	  "{'op':'read','object':'g','pages':'0-39'},{'op':'touch','object':'f','pages':'0-31'}],"
	  "'expect':[{'check':'f.refaults == 32'},{'check':'workingset_refault == 32'},"
	  "{'check':'workingset_restore_file == 0'}]" },
	/* 6.1 (ext4) mm/folio-compat.c:120 grab_cache_page_write_begin():
	 * no FGP_ACCESSED, and generic_perform_write() (mm/filemap.c:3716)
	 * marks nothing: written pages stay in the oldest generation, tier 0.
	 * Was decisions.reference 32 (folio_inc_refs() on each cached write) */
	{ "6.1 (ext4): write() never marks a page: three writes, no reference, oldest generation", "mglru",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':16}],"
	  "'workload':[{'op':'repeat','count':3,'ops':[{'op':'write','object':'f','pages':'0-15'}]}],"
	  "'expect':[{'check':'decisions.reference == 0'},{'check':'lists.gen0_file == 16'},"
	  "{'check':'pgactivate == 0'}]" },
	/* 2.6.34 swap.c:221 __lru_cache_add(): new pages wait in the pagevec */
	{ "mark_page_accessed: a first read() faults the page in, only marks it, and it waits in the pagevec",
	  "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':4}],"
	  "'workload':[{'op':'read','object':'f','pages':'0-3'}],"
	  "'expect':[{'check':'decisions.fault == 4'},{'check':'pgactivate == "
	  "0'},{'check':'lists.pagevec == 4'},{'check':'lists.inactive_file == 0'}]" },
	/* pagevec.h:12 PAGEVEC_SIZE: the fourteenth page takes them all to the list */
	{ "the fourteenth new page fills the pagevec: all fourteen reach the inactive list", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':16}],"
	  "'workload':[{'op':'read','object':'f','pages':'0-15'}],"
	  "'expect':[{'check':'lists.inactive_file == 14'},{'check':'lists.pagevec == 2'}]" },
	/* swap.c:205 mark_page_accessed(): PageLRU is required to activate */
	{ "mark_page_accessed: a second read() of a page still in the pagevec only marks it", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':4}],"
	  "'workload':[{'op':'read','object':'f','pages':'0-3'},{'op':'read','object':'f','pages':'0-3'}],"
	  "'expect':[{'check':'pgactivate == 0'},{'check':'lists.pagevec == 4'}]" },
	{ "mark_page_accessed: a read() of a cached, unmarked page sets PG_referenced", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':4}],"
	  "'workload':[{'op':'touch','object':'f','pages':'0-3'},{'op':'read','object':'f','pages':'0-3'}],"
	  "'expect':[{'check':'decisions.reference == 4'},{'check':'pgactivate == 0'}]" },
	{ "mark_page_accessed: a second read() of a page on its list activates", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':14}],"
	  "'workload':[{'op':'read','object':'f','pages':'0-13'},{'op':'read','object':'f','pages':'0-13'}],"
	  "'expect':[{'check':'pgactivate == 14'},{'check':'f.active == 14'}]" },
	{ "mark_page_accessed: a third read() of an active page changes nothing", "2.6.33",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':14}],"
	  "'workload':[{'op':'repeat','count':3,'ops':[{'op':'read','object':'f','pages':'0-13'}]}],"
	  "'expect':[{'check':'pgactivate == 14'},{'check':'f.active == 14'}]" },
	{ "do_generic_file_read: a read() of the page the last read was of does not mark it again", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':4}],"
	  "'workload':[{'op':'read','object':'f','pages':'0-1'},{'op':'read','object':'f','pages':'1'},"
	  "{'op':'read','object':'f','pages':'1'}],"
	  "'expect':[{'check':'pgactivate == 0'},{'check':'f.active == 0'}]" },
	{ "do_generic_file_read: a page dropped and read again at the same position is not marked", "2.6.33",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':4}],"
	  "'workload':[{'op':'read','object':'f','pages':'2'},{'op':'free','object':'f','pages':'2'},"
	  "{'op':'read','object':'f','pages':'2'},{'op':'read','object':'f','pages':'3'},"
	  "{'op':'read','object':'f','pages':'2'}],"
	  "'expect':[{'check':'pgactivate == 0'},{'check':'f.resident == 2'}]" },
	{ "write() marks accessed and dirties", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'log','type':'file','pages':14}],"
	  "'workload':[{'op':'write','object':'log','pages':'0-13'},{'op':'write','object':'log','pages':'0-"
	  "13'"
	  "}],"
	  "'expect':[{'check':'pgactivate == 14'}]" },
	{ "the fault path does not call mark_page_accessed", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'lib','type':'file','pages':4}],"
	  "'workload':[{'op':'touch','object':'lib','pages':'0-3'},{'op':'touch','object':'lib','pages':'0-3'"
	  "}],"
	  "'expect':[{'check':'pgactivate == 0'},{'check':'pgmajfault == 4'},{'check':'decisions.reference "
	  "== 0'}]" },
	{ "munmap passes a young pte to mark_page_accessed", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':4}],"
	  "'workload':[{'op':'map','object':'f'},{'op':'touch','object':'f','pages':'0-3'},{'op':'unmap','"
	  "object':'f'},"
	  "{'op':'map','object':'f'},{'op':'touch','object':'f','pages':'0-3'},{'op':'unmap','object':'f'}],"
	  "'expect':[{'check':'pgactivate == 4'},{'check':'f.active == 4'},{'check':'pgfault == 8'}]" },
	{ "munmap of a MADV_SEQUENTIAL mapping passes nothing on", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':4}],"
	  "'workload':[{'op':'map','object':'f','sequential':true},{'op':'touch','object':'f','pages':'0-3'},"
	  "{'op':'unmap','object':'f'},"
	  "{'op':'map','object':'f','sequential':true},{'op':'touch','object':'f','pages':'0-3'},{'op':'"
	  "unmap','object':'f'}],"
	  "'expect':[{'check':'pgactivate == 0'}]" },
	{ "a new anonymous page joins the active anon list, through the pagevec", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'heap','type':'anon','pages':14}],"
	  "'workload':[{'op':'touch','object':'heap','pages':'0-13','write':true}],"
	  "'expect':[{'check':'lists.active_anon == 14'},{'check':'pgmajfault == 0'},{'check':'pgfault == "
	  "14'}]" },
	{ "a read() stream bigger than memory leaves a twice-read working set active", "2.6.34",
	  "'memory':{'pages':128},'objects':[{'name':'ws','type':'file','pages':14},{'name':'stream','type':'"
	  "file','pages':1024}],"
	  "'workload':[{'op':'read','object':'ws','pages':'0-13'},{'op':'read','object':'ws','pages':'0-13'},"
	  "{'op':'read','object':'stream'}],"
	  "'expect':[{'check':'ws.resident == 14'},{'check':'pgactivate == 14'},{'check':'pgsteal_normal >= "
	  "800'},"
	  "{'check':'decisions.reclaim_clean >= 800'}]" },
	{ "dirty referenced pages are deferred, then written, rotated to the tail and freed", "2.6.34",
	  "'memory':{'pages':96,'writeback_steps':4},'objects':[{'name':'log','type':'file','pages':256}],"
	  "'workload':[{'op':'write','object':'log'}],"
	  "'expect':[{'check':'reclaim_clean_deferred >= 1'},{'check':'nr_vmscan_write >= "
	  "1'},{'check':'pgrotated >= 1'},"
	  "{'check':'pgsteal_normal >= 100'},{'check':'log.resident < 96'}]" },
	{ "laptop mode keeps dirty pages until scanning goes badly", "2.6.34",
	  "'memory':{'pages':96,'laptop_mode':true},'objects':[{'name':'log','type':'file','pages':256}],"
	  "'workload':[{'op':'write','object':'log'}],"
	  "'expect':[{'check':'nr_vmscan_write >= 1'},{'check':'log.resident < 96'}]" },
	{ "anonymous memory without swap is never reclaimed", "2.6.34",
	  "'memory':{'pages':128},'objects':[{'name':'heap','type':'anon','pages':48},{'name':'s','type':'"
	  "file','pages':512}],"
	  "'workload':[{'op':'touch','object':'heap','write':true},{'op':'read','object':'s'}],"
	  "'expect':[{'check':'heap.resident == 48'},{'check':'pswpout == 0'}]" },
	{ "anonymous memory is swapped out and swapped back in", "2.6.34",
	  "'memory':{'pages':96,'swap':256,'swappiness':100},'objects':[{'name':'heap','type':'anon','pages':"
	  "160}],"
	  "'workload':[{'op':'touch','object':'heap','write':true},{'op':'touch','object':'heap','pages':'0-"
	  "31'}],"
	  "'expect':[{'check':'pswpout >= 64'},{'check':'pswpin >= 1'},{'check':'heap.refaults >= 1'}]" },
	{ "mlocked pages go to the unevictable list and come back on munlock", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'key','type':'file','pages':8}],"
	  "'workload':[{'op':'mlock','object':'key','pages':'0-7'},{'op':'munlock','object':'key'}],"
	  "'expect':[{'step':8,'check':'lists.unevictable == 8'},{'check':'unevictable_pgs_mlocked == 8'},"
	  "{'check':'unevictable_pgs_rescued == 8'},{'check':'lists.unevictable == 0'}]" },
	{ "mlocked pages survive a stream that evicts everything else", "2.6.33",
	  "'memory':{'pages':96},'objects':[{'name':'key','type':'file','pages':16},{'name':'s','type':'file'"
	  ",'pages':512}],"
	  "'workload':[{'op':'mlock','object':'key','pages':'0-15'},{'op':'read','object':'s'}],"
	  "'expect':[{'check':'key.resident == 16'},{'check':'lists.unevictable == 16'}]" },
	{ "a high-order allocation reclaims hot mapped pages (lumpy)", "2.6.34",
	  "'memory':{'pages':128,'kswapd':false},'objects':[{'name':'hot','type':'file','pages':96}],"
	  "'workload':[{'op':'touch','object':'hot'},{'op':'touch','object':'hot'},{'op':'alloc','pages':64,'"
	  "order':5}],"
	  "'expect':[{'check':'allocstall >= 1'},{'check':'pgscan_direct_normal >= "
	  "1'},{'check':'hot.resident <= 80'},"
	  "{'check':'pgscan_kswapd_normal == 0'}]" },
	{ "kswapd woken by an order-4 allocation reclaims at order 4: hot pages go (lumpy in kswapd)",
	  "2.6.34",
	  "'memory':{'pages':128},'objects':[{'name':'hot','type':'file','pages':48},{'name':'c','type':'"
	  "file',"
	  "'pages':64}],"
	  "'workload':[{'op':'touch','object':'hot','pages':'0-11'},{'op':'read','object':'c','pages':'0-15'}"
	  ","
	  "{'op':'touch','object':'hot','pages':'12-23'},{'op':'read','object':'c','pages':'16-31'},"
	  "{'op':'touch','object':'hot','pages':'24-35'},{'op':'read','object':'c','pages':'32-47'},"
	  "{'op':'touch','object':'hot','pages':'36-47'},{'op':'read','object':'c','pages':'48-63'},"
	  "{'op':'touch','object':'hot'},{'op':'alloc','pages':32,'order':4},{'op':'touch','object':'hot'}],"
	  "'expect':[{'check':'allocstall == 0'},{'check':'pgscan_kswapd_normal >= 1'},"
	  "{'check':'hot.refaults >= 4'}]" },
	{ "without kswapd every reclaim is direct", "2.6.34",
	  "'memory':{'pages':64,'kswapd':false},'objects':[{'name':'s','type':'file','pages':256}],"
	  "'workload':[{'op':'read','object':'s'}],"
	  "'expect':[{'check':'allocstall >= 1'},{'check':'pgscan_kswapd_normal == 0'},{'check':'pageoutrun "
	  "== 0'}]" },
	{ "kswapd reclaims in the background", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'s','type':'file','pages':256}],"
	  "'workload':[{'op':'read','object':'s'}],"
	  "'expect':[{'check':'allocstall == 0'},{'check':'pageoutrun >= 1'},{'check':'kswapd_steal >= "
	  "150'}]" },
	{ "when nothing can be reclaimed the access fails", "2.6.34",
	  "'memory':{'pages':32},'objects':[{'name':'key','type':'file','pages':40}],"
	  "'workload':[{'op':'mlock','object':'key','pages':'0-39'}],"
	  "'expect':[{'check':'alloc_fail >= 1'},{'check':'decisions.oom >= 1'}]" },
	/* 2.6.33 mm/rmap.c page_referenced(): TestClearPageReferenced() counts;
	 * shrink_active_list() deactivates such a page (act_pg_referenced) */
	{ "2.6.33 shrink_active_list: an active page marked by read() after mmap, with no pte, is "
	  "deactivated",
	  "2.6.33",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':28},{'name':'s','type':'file','"
	  "pages':128}],"
	  "'workload':[{'op':'read','object':'f'},{'op':'read','object':'f'},{'op':'map','object':'f'},"
	  "{'op':'read','object':'f'},{'op':'read','object':'s'}],"
	  "'expect':[{'check':'pgdeactivate == 28'},{'check':'decisions.deactivate == 28'}]" },
	{ "mapped-graded: few mapped pages survive a stream, unused ones kept on the inactive list",
	  "mapped-graded",
	  "'memory':{'pages':80},'objects':[{'name':'f','type':'file','pages':8},{'name':'s','type':'file','"
	  "pages':640}],"
	  "'workload':[{'op':'map','object':'f'},{'op':'touch','object':'f'},{'op':'read','object':'s'}],"
	  "'expect':[{'check':'f.resident == 8'},{'check':'decisions.keep >= 8'}]" },
	{ "refault: a page evicted moments ago comes back active", "refault",
	  "'memory':{'pages':64},'objects':[{'name':'ws','type':'file','pages':8},{'name':'s','type':'file','"
	  "pages':64}],"
	  "'workload':[{'op':'read','object':'ws'},{'op':'read','object':'ws'},{'op':'read','object':'s','"
	  "pages':'0-47'},{'op':'read','object':'s','pages':'0-47'}],"
	  "'expect':[{'check':'workingset_refault >= 1'},{'check':'workingset_activate >= 1'}]" },
	{ "MADV_SEQUENTIAL: young ptes are cleared but not counted", "2.6.34",
	  "'memory':{'pages':96},'objects':[{'name':'f','type':'file','pages':48},{'name':'s','type':'file','"
	  "pages':256}],"
	  "'workload':[{'op':'map','object':'f'},{'op':'madvise','object':'f','advice':'sequential'},{'op':'"
	  "touch','object':'f'},"
	  "{'op':'touch','object':'f'},{'op':'read','object':'s'},{'op':'madvise','object':'f','advice':'"
	  "normal'}],"
	  "'expect':[{'check':'pgactivate == 0'},{'check':'pageref_keep == 0'}]" },
	{ "dirty sets PG_dirty on a resident page and does nothing to an absent one", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':8}],"
	  "'workload':[{'op':'read','object':'f','pages':'0-3'},{'op':'dirty','object':'f'}],"
	  "'expect':[{'check':'pgfault == 0'},{'check':'f.resident == 4'}]" },
	{ "free drops an object's pages and a fault in a locked mapping goes straight to the unevictable "
	  "list",
	  "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'f','type':'file','pages':8}],"
	  "'workload':[{'op':'mlock','object':'f','pages':'0-3'},{'op':'free','object':'f','pages':'0-3'},"
	  "{'op':'touch','object':'f','pages':'0-3'}],"
	  "'expect':[{'check':'lists.unevictable == 4'},{'check':'unevictable_pgs_mlocked == "
	  "8'},{'check':'pgfree == 4'}]" },
	{ "mlock losing the isolation race: reclaim finds VM_LOCKED, try_to_unmap culls the page", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'key','type':'file','pages':16},{'name':'s','type':'file'"
	  ",'pages':256}],"
	  "'workload':[{'op':'touch','object':'key'},{'op':'mlock','object':'key','race':true},{'op':'read','"
	  "object':'s'}],"
	  "'expect':[{'check':'unevictable_pgs_culled >= 1'},{'check':'key.resident == "
	  "16'},{'check':'lists.unevictable == 16'}]" },
	{ "mlock losing the race under 2.6.33: referenced, locked, not activated", "2.6.33",
	  "'memory':{'pages':64},'objects':[{'name':'key','type':'file','pages':16},{'name':'s','type':'file'"
	  ",'pages':256}],"
	  "'workload':[{'op':'read','object':'key'},{'op':'mlock','object':'key','race':true},{'op':'read','"
	  "object':'s'}],"
	  "'expect':[{'check':'unevictable_pgs_culled >= 1'},{'check':'key.resident == 16'}]" },
	{ "a full swap area makes the scanner activate anon pages it cannot swap", "2.6.34",
	  "'memory':{'pages':96,'swap':4,'swappiness':100},'objects':[{'name':'heap','type':'anon','pages':"
	  "128},{'name':'s','type':'file','pages':64}],"
	  "'workload':[{'op':'read','object':'s'},{'op':'touch','object':'heap','pages':'0-79','write':true}]"
	  ","
	  "'expect':[{'check':'pswpout <= 4'}]" },
	{ "mapped-ratio: mapped file pages filling memory are reclaimed however young", "mapped-ratio",
	  "'memory':{'pages':64},'objects':[{'name':'m','type':'file','pages':256}],"
	  "'workload':[{'op':'repeat','count':3,'ops':[{'op':'touch','object':'m'}]}],"
	  "'expect':[{'check':'pgactivate < 20'},{'check':'decisions.reclaim_clean >= 100'}]" },
	{ "laptop mode, no kswapd: direct reclaim wakes the flushers, whose writes end without PG_reclaim",
	  "2.6.34",
	  "'memory':{'pages':64,'laptop_mode':true,'kswapd':false,'writeback_steps':2},'objects':[{'name':'"
	  "log','type':'file','pages':256}],"
	  "'workload':[{'op':'write','object':'log'}],"
	  "'expect':[{'check':'alloc_fail == 0'},{'check':'log.resident < 64'}]" },
	{ "2.6.34 keeps no shadows: refaults are counted but never activated", "2.6.34",
	  "'memory':{'pages':64},'objects':[{'name':'ws','type':'file','pages':8},{'name':'s','type':'file','"
	  "pages':64}],"
	  "'workload':[{'op':'read','object':'ws'},{'op':'read','object':'ws'},{'op':'read','object':'s','"
	  "pages':'0-47'},{'op':'read','object':'s','pages':'0-47'}],"
	  "'expect':[{'check':'refault >= 1'},{'check':'workingset_refault == "
	  "0'},{'check':'workingset_activate == 0'}]" },
};

/* Branches fired by any row or any scenario of data/, by policy. */
static uint64_t fired[16][NR_BRANCH_IDS];

/* Branches no sequential run can reach, with the reason. */
static const struct {
	enum branch branch;
	const char *why;
} unreachable[] = {
	{ BR_NONE, "not a branch" },
	{ BR_SPL_UNMAP_YOUNG,
	  "a pte young again between page_check_references and try_to_unmap needs a concurrent access" },
	{ BR_SPL_UNEVICTABLE, "a page mlocked while isolated needs mlock to run during a batch" },
	{ BR_ACT_UNEVICTABLE, "likewise, for shrink_active_list's batch" },
	{ BR_SORT_UNEVICTABLE,
	  "6.1 sort_folio: mlock takes a page off its generation at once; only a race with "
	  "isolation leaves one on a list" },
};

/* A policy's own tests that no step reaches under the model, with why;
 * test_policy.c's rows still run each. */
static const struct {
	const char *policy, *branch, *why;
} unreachable_own[] = {
	{ "mglru", "61_young_exec",
	  "the look-around marks every isolated young page, so PG_referenced decides first" },
	{ "mglru", "61_first_young",
	  "likewise: only a VM_RAND_READ mapping skips the look-around (not modelled)" },
	{ "mglru", "61_used_once", "isolate_folio() clears PG_referenced of every page it isolates" },
};

static unsigned policy_index(const char *name)
{
	for (unsigned k = 0; k < nr_reclaim_policies; k++)
		if (strcmp(reclaim_policies[k]->name, name) == 0)
			return k;
	return 0;
}

static char *to_json(const char *body)
{
	static const char head[] = "{'format':1,'title':'rule',";
	size_t n = strlen(head) + strlen(body) + 2;
	char *s = malloc(n + 1);

	if (!s)
		return NULL;
	strcpy(s, head);
	strcat(s, body);
	strcat(s, "}");
	for (char *c = s; *c; c++)
		if (*c == '\'')
			*c = '"';
	return s;
}

static bool holds(double v, int cmp, double want)
{
	return cmp == CMP_LT   ? v < want
	       : cmp == CMP_LE ? v <= want
	       : cmp == CMP_EQ ? v == want
	       : cmp == CMP_GE ? v >= want
			       : v > want;
}

static void run_row(const struct rule_row *r)
{
	char *json = to_json(r->json), why[160];
	struct diag_list d = { 0 };
	struct scenario s;
	struct engine_error err;
	struct engine *e;
	unsigned k;
	bool *done;

	if (!json || scenario_parse(r->sentence, NULL, json, strlen(json), &s, &d) < 0) {
		CHECKF(0, "%s: scenario does not load: %s", r->sentence, d.n ? d.v[0].msg : "");
		diag_list_free(&d);
		free(json);
		return;
	}
	e = engine_new(&s.wl, policy_find(r->policy), &err);
	k = policy_index(r->policy);
	done = calloc(s.nr_expect + 1, sizeof *done);
	CHECKF(e && done && s.nr_expect, "%s: no engine or no expectations", r->sentence);
	while (e && done) {
		bool end = engine_done(e);
		for (uint32_t i = 0; i < s.nr_expect; i++) {
			const struct expectation *x = &s.expect[i];
			bool ok;
			double v;
			if (done[i] || (x->at_step ? engine_steps(e) < x->at_step && !end : !end))
				continue;
			v = cli_measure(e, x, &ok);
			done[i] = true;
			CHECKF(ok && holds(v, x->cmp, x->value), "%s: %s, measured %g", r->sentence, x->text,
			       v);
		}
		if (end)
			break;
		/* a row is a few thousand steps; one that runs on is a bug */
		if (engine_steps(e) >= 1000000) {
			CHECKF(0, "%s: the run did not end within 1000000 steps", r->sentence);
			break;
		}
		const struct step_record *st = engine_step(e);
		fired[k][st->branch]++;
		fired[k][st->action]++;
		if (engine_check(e, why, sizeof why) < 0) {
			CHECKF(0, "%s: invariant broken at step %llu: %s", r->sentence,
			       (unsigned long long)engine_steps(e), why);
			break;
		}
	}
	free(done);
	engine_free(e);
	scenario_free(&s);
	diag_list_free(&d);
	free(json);
}

static void test_rules(void)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		run_row(&rows[i]);
		ROW_END();
	}
}

/* Every branch of every rule fires somewhere: in a row above or in a
 * classroom scenario; a branch nothing reaches is untested. */
static void test_every_branch_fires(void)
{
	static const char *const files[] = {
		"data/default.json",	       "data/used-once-mmap.json",    "data/database-index.json",
		"data/streaming-read.json",    "data/mapped-file-inuse.json", "data/exec-working-set.json",
		"data/dirty-pages.json",       "data/mlocked.json",	      "data/lumpy.json",
		"data/anon-working-set.json",  "data/anon-no-swap.json",      "data/database-cgroup.json",
		"data/cgroup-soft-limit.json",
	};
	for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
		struct scenario s;
		struct diag_list d = { 0 };
		if (scenario_load(files[f], &s, &d) < 0) {
			CHECKF(0, "%s does not load", files[f]);
			diag_list_free(&d);
			continue;
		}
		for (unsigned k = 0; k < nr_reclaim_policies; k++) {
			struct engine_error err;
			struct engine *e = engine_new(&s.wl, reclaim_policies[k], &err);
			while (e && !engine_done(e)) {
				const struct step_record *st = engine_step(e);
				fired[k][st->branch]++;
				fired[k][st->action]++;
			}
			engine_free(e);
		}
		scenario_free(&s);
	}
	/* the engine's branches, under any policy */
	for (unsigned b = 0; b < NR_BRANCHES; b++) {
		bool exempt = false, any = false;
		for (unsigned k = 0; k < nr_reclaim_policies; k++)
			any |= fired[k][b] != 0;
		for (size_t i = 0; i < sizeof unreachable / sizeof unreachable[0]; i++)
			if (unreachable[i].branch == (enum branch)b) {
				exempt = true;
				CHECKF(!any || b == BR_NONE, "%s fired although listed as unreachable (%s)",
				       engine_branches[b].name, unreachable[i].why);
			}
		CHECKF(exempt || any, "no row and no scenario makes %s fire", engine_branches[b].name);
	}
	/* each policy's own tests, under a policy that lists them */
	for (unsigned k = 0; k < nr_reclaim_policies; k++) {
		const struct reclaim_policy *p = reclaim_policies[k];
		for (int active = 0; active < 2; active++) {
			const struct policy_checks *t = active ? p->active_checks : p->checks;
			/* the multi-gen LRU's sort tests are the engine's, above */
			for (unsigned c = 0; !(active && p->lru_gen) && c < t->nr; c++) {
				unsigned b = t->row[c].branch;
				bool any = false;
				for (size_t i = 0; i < sizeof unreachable_own / sizeof unreachable_own[0];
				     i++)
					any |= strcmp(unreachable_own[i].policy, p->name) == 0 &&
					       strcmp(unreachable_own[i].branch, branch_name(p, b)) == 0;
				for (unsigned j = 0; j < nr_reclaim_policies; j++)
					any |= fired[j][b] && strcmp(branch_name(reclaim_policies[j], b),
								     branch_name(p, b)) == 0;
				CHECKF(any, "no row and no scenario makes %s of %s fire", branch_name(p, b),
				       p->name);
			}
		}
	}
}

/* engine_run() takes the steps engine_step() takes, byte for byte, with
 * cgroups too: its loops stop where a charge would wait for limit
 * reclaim (engine/engine_run.c). */
static void test_run_equals_step_with_cgroups(void)
{
	struct scenario s;
	struct diag_list d = { 0 };

	if (scenario_load("data/database-cgroup.json", &s, &d) < 0) {
		CHECKF(0, "data/database-cgroup.json does not load");
		diag_list_free(&d);
		return;
	}
	for (unsigned k = 0; k < nr_reclaim_policies; k++) {
		struct engine_error err;
		if (!engine_models(&s.wl, reclaim_policies[k])) { /* mglru: refused, as it says */
			CHECKF(!engine_new(&s.wl, reclaim_policies[k], &err) &&
				       strstr(err.msg, "does not model memory cgroups"),
			       "%s: a policy without memcg refuses the cgroups", reclaim_policies[k]->name);
			continue;
		}
		struct engine *a = engine_new(&s.wl, reclaim_policies[k], &err);
		struct engine *b = engine_new(&s.wl, reclaim_policies[k], &err);
		size_t n = a ? engine_state_size(a) : 0;
		char *sa = malloc(n ? n : 1), *sb = malloc(n ? n : 1);
		bool same = true;

		CHECKF(a && b && sa && sb, "%s: engines", reclaim_policies[k]->name);
		while (a && b && sa && sb && !engine_done(a) && same) {
			uint64_t taken = engine_run(a, 97);
			for (uint64_t i = 0; i < taken; i++)
				engine_step(b);
			engine_save(a, sa);
			engine_save(b, sb);
			same = memcmp(sa, sb, n) == 0;
		}
		CHECKF(same && engine_done(b), "%s: engine_run() and engine_step() agree on every 97th step",
		       reclaim_policies[k]->name);
		free(sa);
		free(sb);
		engine_free(a);
		engine_free(b);
	}
	scenario_free(&s);
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	if (nr_reclaim_policies > sizeof fired / sizeof fired[0]) {
		CHECKF(0, "more policies than the test counts: %u", nr_reclaim_policies);
		return HARNESS_END("rules");
	}
	RUN_TABLE(test_rules);
	RUN(test_every_branch_fires);
	RUN(test_run_equals_step_with_cgroups);
	return HARNESS_END("rules");
}
