/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/report.c - the end state of a run, and one step, as text and JSON
 */
#include <inttypes.h>
#include <string.h>

#include "../replay/names.h"
#include "../util/text.h"
#include "report.h"

/* A record's list: a generation as "seq 6 file" (replay/names.h) */
static const char *list_or_none(const struct step_record *r, uint8_t l, char *buf, size_t n)
{
	return l < NR_LISTS ? list_label(l, r->max_seq, buf, n) : "none";
}

/* The lists shown, in order: the two-list LRU's as enum lru_list has them,
 * or under 6.1 each type's live generations from the youngest (max_seq)
 * to the oldest (min_seq); then the others but the isolated batch. */
static unsigned lists_shown(const struct engine *e, struct shown_list *out)
{
	return engine_shown_lists(e,
				  SHOWN_ANON | SHOWN_FILE | SHOWN_INACTIVE_FIRST | SHOWN_UNEVICTABLE |
					  SHOWN_FREE | SHOWN_KERNEL | SHOWN_PAGEVEC,
				  out);
}

void report_text(const struct engine *e, const struct scenario *s, const struct rule_counts *rules)
{
	char pname[80];
	const struct reclaim_policy *p = engine_policy(e);
	const uint64_t *vm = engine_vmstat(e), *dec = engine_decisions(e);
	struct watermarks wm = engine_watermarks(e);
	uint32_t swap = engine_workload(e)->memory.swap_pages;
	struct shown_list lists[NR_SHOWN_LISTS];
	unsigned nl;
	char label[24];

	printf("scenario  ");
	cli_text(s->title, 0);
	printf(" (");
	cli_text(s->path, 0);
	printf(")\n");
	printf("policy    %s\n", cli_policy_label(e, s, pname, sizeof pname));
	printf("steps     %" PRIu64 "\n", engine_steps(e));
	printf("memory    %u pages, watermarks min %u low %u high %u\n", engine_nr_pages(e), wm.min, wm.low,
	       wm.high);
	if (swap)
		printf("swap      %u pages, %u in use\n", swap, swap - engine_swap_free(e));
	else
		printf("swap      none: anonymous pages stay in memory\n");
	printf("\nlists\n");
	nl = lists_shown(e, lists);
	for (unsigned i = 0; i < nl; i++)
		printf("  %-14s %u\n", shown_label(&lists[i], label, sizeof label), lists[i].nr);
	/* names of up to 14 columns, or as wide as the longest (the objects a
	 * trace's maps make are named after files: vgpreload_core-amd64-linux.so) */
	int width = 14;
	for (uint32_t i = 0; i < s->wl.nr_objects; i++) {
		char shown[128];
		int len = (int)strlen(text_safe(s->wl.objects[i].name, shown, sizeof shown));
		width = len > width ? len : width;
	}
	printf("\nobjects%*s           pages  resident  active    faults  refaults   evicted\n", width - 14,
	       "");
	for (uint32_t i = 0; i < s->wl.nr_objects; i++) {
		struct object_stats o = engine_object(e, i);
		printf("  ");
		cli_text(s->wl.objects[i].name, width);
		printf(" %8u  %8u  %6u  %8" PRIu64 "  %8" PRIu64 "  %8" PRIu64 "\n", s->wl.objects[i].pages,
		       o.resident, o.active, o.faults, o.refaults, o.evicted);
	}
	if (engine_workload(e)->nr_cgroups) {
		/* memory.stat and the res_counter files, one row per cgroup */
		printf("\ncgroups, in pages and events (limit_reclaims and oom: the simulator's; "
		       "run --memory-stat NAME: memory.stat in bytes)\n");
		printf("                usage  limit  max_usage  failcnt  limit_reclaims  oom   cache    "
		       "rss  "
		       "mapped_file  inactive_file  active_file  inactive_anon  active_anon  pgpgin  "
		       "pgpgout\n");
		for (uint32_t k = 1; k <= s->wl.nr_cgroups; k++) {
			printf("  %-12s", s->wl.cgroups[k - 1].name);
			static const struct {
				enum memcg_stat_item i;
				int w;
			} col[] = { { MEMCG_USAGE, 6 },	       { MEMCG_LIMIT, 7 },
				    { MEMCG_MAX_USAGE, 11 },   { MEMCG_FAILCNT, 9 },
				    { MEMCG_RECLAIMS, 16 },    { MEMCG_OOM, 5 },
				    { MEMCG_CACHE, 8 },	       { MEMCG_RSS, 7 },
				    { MEMCG_MAPPED_FILE, 13 }, { MEMCG_INACTIVE_FILE, 15 },
				    { MEMCG_ACTIVE_FILE, 13 }, { MEMCG_INACTIVE_ANON, 15 },
				    { MEMCG_ACTIVE_ANON, 13 }, { MEMCG_PGPGIN, 8 },
				    { MEMCG_PGPGOUT, 9 } };
			for (size_t c = 0; c < sizeof col / sizeof *col; c++)
				printf("%*" PRIu64, col[c].w, engine_memcg_stat(e, k, col[c].i));
			printf("\n");
		}
	}
	printf("\ndecisions\n");
	for (int i = 1; i < NR_OUTCOMES; i++)
		printf("  %-14s %" PRIu64 "\n", outcome_name[i], dec[i]);
	printf("\ncounters\n");
	for (int i = 0; i < NR_VM_EVENTS; i++)
		if (engine_vmstat_name(e, i))
			printf("  %-26s %" PRIu64 "%s\n", engine_vmstat_name(e, i), vm[i],
			       i >= VMSTAT_FIRST_SIM ? "  (simulator)" : "");
	if (!rules)
		return;
	printf("\nrules that fired\n     steps  kind         branch, then\n");
	for (int k = 0; k < NR_STEP_KINDS; k++)
		for (unsigned br = 0; br < NR_BRANCH_IDS; br++)
			for (unsigned ac = 0; ac < NR_BRANCHES; ac++)
				if (rules->n[k][br][ac])
					printf("  %8" PRIu64 "  %-12s %s%s%s\n", rules->n[k][br][ac],
					       step_kind_name[k], branch_name(p, br), ac ? ", " : "",
					       ac ? branch_name(p, ac) : "");
}

/*
 * A cgroup's memory.stat as 2.6.34's mem_control_stat_show() prints it
 * (mm/memcontrol.c:3202-3236, the names of memcg_stat_strings, 3146): the
 * sizes in bytes (pages x PAGE_SIZE, 4096), pgpgin and pgpgout in events;
 * no swap line (no swap accounting is modelled, so do_swap_account is 0,
 * as without CONFIG_CGROUP_MEM_RES_CTLR_SWAP); hierarchical_memory_limit
 * is the cgroup's own limit (no use_hierarchy); the total_* lines equal
 * their local ones (a cgroup has no children).  No CONFIG_DEBUG_VM lines.
 * The simulator's own counts (limit_reclaims, oom) are not in the file.
 */
#define PAGE_SIZE 4096u
enum { NR_MEMORY_STAT = 10 };
static const struct {
	const char *name;
	enum memcg_stat_item item;
	bool pages; /* a size in pages, printed in bytes */
} memory_stat_line[NR_MEMORY_STAT] = {
	{ "cache", MEMCG_CACHE, true },
	{ "rss", MEMCG_RSS, true },
	{ "mapped_file", MEMCG_MAPPED_FILE, true },
	{ "pgpgin", MEMCG_PGPGIN, false },
	{ "pgpgout", MEMCG_PGPGOUT, false },
	{ "inactive_anon", MEMCG_INACTIVE_ANON, true },
	{ "active_anon", MEMCG_ACTIVE_ANON, true },
	{ "inactive_file", MEMCG_INACTIVE_FILE, true },
	{ "active_file", MEMCG_ACTIVE_FILE, true },
	{ "unevictable", MEMCG_UNEVICTABLE, true },
};

static uint64_t memory_stat_value(const struct engine *e, unsigned k, int i)
{
	uint64_t v = engine_memcg_stat(e, k, memory_stat_line[i].item);
	return memory_stat_line[i].pages ? v * PAGE_SIZE : v;
}

/* memory.stat of cgroup @k (1-based) into @w as an object, or printed
 * ("name value" lines, as the file holds them) when @w is NULL. */
static void memory_stat(const struct engine *e, unsigned k, struct jsonw *w)
{
	uint64_t limit = engine_memcg_stat(e, k, MEMCG_LIMIT) * PAGE_SIZE;
	char name[32];

	for (int pass = 0; pass < 3; pass++) {
		if (pass == 1) {
			if (w)
				jsonw_u64(w, "hierarchical_memory_limit", limit);
			else
				printf("hierarchical_memory_limit %" PRIu64 "\n", limit);
			continue;
		}
		for (int i = 0; i < NR_MEMORY_STAT; i++) {
			snprintf(name, sizeof name, "%s%s", pass ? "total_" : "", memory_stat_line[i].name);
			if (w)
				jsonw_u64(w, name, memory_stat_value(e, k, i));
			else
				printf("%s %" PRIu64 "\n", name, memory_stat_value(e, k, i));
		}
	}
}

void report_memory_stat(const struct engine *e, unsigned k)
{
	memory_stat(e, k, NULL);
}

void report_json_fields(struct jsonw *w, const struct engine *e, const struct scenario *s)
{
	char pname[80];
	const uint64_t *vm = engine_vmstat(e), *dec = engine_decisions(e);
	struct shown_list shown[NR_SHOWN_LISTS];
	unsigned nl;
	char label[24];

	jsonw_begin(w, "scenario", '{');
	jsonw_str(w, "title", s->title);
	jsonw_str(w, "path", s->path);
	jsonw_end(w, '}');
	if (s->outside.accesses) { /* a trace's accesses in no mapping of its maps */
		char range[48];
		jsonw_begin(w, "outside", '{');
		jsonw_u64(w, "accesses", s->outside.accesses);
		jsonw_u64(w, "pages", s->outside.pages);
		jsonw_begin(w, "ranges", '[');
		for (uint32_t i = 0; i < s->outside.nr_ranges; i++) {
			snprintf(range, sizeof range, "0x%" PRIx64 "-0x%" PRIx64, s->outside.range[i].start,
				 s->outside.range[i].end);
			jsonw_str(w, NULL, range);
		}
		jsonw_end(w, ']');
		jsonw_bool(w, "more", s->outside.more);
		jsonw_end(w, '}');
	}
	jsonw_str(w, "policy", cli_policy_label(e, s, pname, sizeof pname));
	jsonw_u64(w, "steps", engine_steps(e));
	/* the zone and the swap the run had (a trace's --swap, a scenario's
	 * memory.swap), in pages */
	jsonw_begin(w, "memory", '{');
	jsonw_u64(w, "pages", engine_nr_pages(e));
	jsonw_u64(w, "swap", engine_workload(e)->memory.swap_pages);
	jsonw_u64(w, "swap_used", engine_workload(e)->memory.swap_pages - engine_swap_free(e));
	jsonw_end(w, '}');
	jsonw_begin(w, "counters", '{');
	for (int i = 0; i < NR_VM_EVENTS; i++)
		if (engine_vmstat_name(e, i))
			jsonw_u64(w, engine_vmstat_name(e, i), vm[i]);
	jsonw_end(w, '}');
	jsonw_begin(w, "decisions", '{');
	for (int i = 1; i < NR_OUTCOMES; i++)
		jsonw_u64(w, outcome_name[i], dec[i]);
	jsonw_end(w, '}');
	jsonw_begin(w, "lists", '{');
	nl = lists_shown(e, shown);
	for (unsigned i = 0; i < nl; i++)
		jsonw_u64(w, shown_label(&shown[i], label, sizeof label), shown[i].nr);
	jsonw_end(w, '}');
	jsonw_begin(w, "objects", '{');
	for (uint32_t i = 0; i < s->wl.nr_objects; i++) {
		struct object_stats o = engine_object(e, i);
		jsonw_begin(w, s->wl.objects[i].name, '{');
		jsonw_u64(w, "pages", s->wl.objects[i].pages);
		jsonw_u64(w, "resident", o.resident);
		jsonw_u64(w, "active", o.active);
		jsonw_u64(w, "faults", o.faults);
		jsonw_u64(w, "refaults", o.refaults);
		jsonw_u64(w, "evicted", o.evicted);
		jsonw_end(w, '}');
	}
	jsonw_end(w, '}');
	if (!engine_workload(e)->nr_cgroups)
		return;
	/* the counters in pages and events (the expectations' subjects, with
	 * the simulator's limit_reclaims and oom), then "memory.stat": the file
	 * as the kernel prints it, in bytes */
	jsonw_begin(w, "cgroups", '{');
	for (uint32_t k = 1; k <= s->wl.nr_cgroups; k++) {
		jsonw_begin(w, s->wl.cgroups[k - 1].name, '{');
		for (int i = 0; i < NR_MEMCG_STATS; i++)
			jsonw_u64(w, memcg_stat_name[i], engine_memcg_stat(e, k, (enum memcg_stat_item)i));
		jsonw_begin(w, "memory.stat", '{');
		memory_stat(e, k, w);
		jsonw_end(w, '}');
		jsonw_end(w, '}');
	}
	jsonw_end(w, '}');
}

void report_json(const struct engine *e, const struct scenario *s)
{
	struct jsonw w;

	jsonw_init(&w, stdout);
	jsonw_begin(&w, NULL, '{');
	report_json_fields(&w, e, s);
	jsonw_end(&w, '}');
	putchar('\n');
}

/* /proc/vmstat: the gauges first (nr_*), then the events.  Under 6.1's
 * multi-gen LRU the two youngest generations count as active, the others
 * as inactive (engine_lru_size()), and the events carry 6.1's names. */
void report_vmstat(const struct engine *e)
{
	const uint64_t *vm = engine_vmstat(e);

	printf("nr_free_pages %u\n", engine_list(e, LRU_FREE).nr);
	for (int l = 0; l <= LRU_UNEVICTABLE; l++)
		printf("nr_%s %" PRIu64 "\n", lru_name[l], engine_lru_size(e, (enum lru_list)l));
	for (int i = 0; i < NR_VM_GAUGES; i++)
		printf("%s %" PRIu64 "\n", vmstat_gauge_name[i],
		       engine_vmstat_gauge(e, (enum vmstat_gauge)i));
	for (int i = 0; i < VMSTAT_FIRST_SIM; i++)
		if (engine_vmstat_name(e, i))
			printf("%s %" PRIu64 "\n", engine_vmstat_name(e, i), vm[i]);
	/* each cgroup's memory.stat and res_counter files, as
	 * cgroup.NAME.COUNTER (the expectations' subjects) */
	for (uint32_t k = 1; k <= engine_workload(e)->nr_cgroups; k++)
		for (int i = 0; i < NR_MEMCG_STATS; i++)
			printf("cgroup.%s.%s %" PRIu64 "\n", engine_workload(e)->cgroups[k - 1].name,
			       memcg_stat_name[i], engine_memcg_stat(e, k, (enum memcg_stat_item)i));
}

/*
 * /sys/kernel/debug/lru_gen (@full: lru_gen_full), as 6.1's
 * lru_gen_seq_show() prints it (mm/vmscan.c:5550-5604) for the lruvec the
 * engine models: node 0 of the root cgroup of a CONFIG_MEMCG kernel (id 1,
 * path "/"), whatever cgroups the scenario has.  A line per generation
 * (seq, age, anon and file pages) from min_seq[anon] (lru_gen_full: from
 * max_seq - 3, an 'x' after a type's retired generations).  lru_gen_full
 * (lru_gen_seq_show_full(), 5498-5547, NR_HIST_GENS 1) adds under each
 * generation a line per tier, R/T (the averages) under max_seq and r/e/p
 * (refaulted, evicted, protected) under each type's oldest, zeros with a
 * blank suffix elsewhere, then the walks' line: six fields, L/O/Y/N/F/A
 * under max_seq (the leaf ptes the walks visited, found old, found young,
 * over every walk; no Bloom filter: N, F, A stay 0), zeros elsewhere.
 * Ages are in steps, not milliseconds.
 */
static void lru_gen_show_full(const struct lru_gen_info *g, uint64_t seq)
{
	const uint64_t walks[6] = { g->walk_total, g->walk_old, g->walk_young, 0, 0, 0 };

	for (int tier = 0; tier < 4; tier++) {
		printf("            %10d", tier);
		for (int t = 0; t < 2; t++) {
			const char *mark = "   ";
			uint64_t n[3] = { 0 };

			if (seq == g->max_seq) {
				mark = "RT ";
				n[0] = g->avg_refaulted[t][tier];
				n[1] = g->avg_total[t][tier];
			} else if (seq == g->min_seq[t]) {
				mark = "rep";
				n[0] = g->refaulted[t][tier];
				n[1] = g->evicted[t][tier];
				n[2] = tier ? g->protected_[t][tier - 1] : 0;
			}
			for (int i = 0; i < 3; i++)
				printf(" %10" PRIu64 "%c", n[i], mark[i]);
		}
		putchar('\n');
	}
	printf("%22s", "");
	for (int i = 0; i < 6; i++)
		printf(" %10" PRIu64 "%c", seq == g->max_seq ? walks[i] : 0,
		       seq == g->max_seq ? "LOYNFA"[i] : ' ');
	putchar('\n');
}

void report_lru_gen(const struct engine *e, bool full)
{
	struct lru_gen_info g = engine_lru_gen(e);
	uint64_t first = full ? (g.max_seq >= 3 ? g.max_seq - 3 : 0) : g.min_seq[0];

	if (!shown_generations(e)) {
		printf("# the policy %s does not run the multi-gen LRU\n", engine_policy(e)->name);
		return;
	}
	printf("memcg %5u %s\n node %5d\n", 1u, "/", 0);
	for (uint64_t seq = first; seq <= g.max_seq; seq++) {
		unsigned gen = (unsigned)(seq % 4);

		printf(" %10" PRIu64 " %10" PRIu64, seq, engine_steps(e) - g.timestamps[gen]);
		for (int t = 0; t < 2; t++) {
			int64_t n = seq < g.min_seq[t] ? 0 : g.nr_pages[gen][t];
			printf(" %10" PRId64 "%c", n > 0 ? n : 0, full && seq < g.min_seq[t] ? 'x' : ' ');
		}
		putchar('\n');
		if (full)
			lru_gen_show_full(&g, seq);
	}
}

void report_step_json(struct jsonw *w, const struct step_record *r, const struct reclaim_policy *p,
		      const struct scenario *s, bool with_caption)
{
	char label[24];

	jsonw_begin(w, NULL, '{');
	jsonw_u64(w, "step", r->step);
	jsonw_str(w, "kind", step_kind_name[r->kind]);
	jsonw_str(w, "function", step_func_name[r->func]);
	jsonw_u64(w, "op", r->op);
	if (r->pfn != PFN_NONE || r->object != UINT32_MAX) {
		jsonw_begin(w, "page", '{');
		jsonw_str(w, "object", cli_object_name(s, r->object));
		jsonw_u64(w, "index", r->index);
		if (r->pfn != PFN_NONE)
			jsonw_u64(w, "pfn", r->pfn);
		jsonw_end(w, '}');
	}
	if (r->count > 1)
		jsonw_u64(w, "count", r->count);
	jsonw_str(w, "from", list_or_none(r, r->from, label, sizeof label));
	jsonw_str(w, "to", list_or_none(r, r->to, label, sizeof label));
	jsonw_str(w, "outcome", outcome_name[r->outcome]);
	jsonw_str(w, "branch", branch_name(p, r->branch));
	jsonw_str(w, "reason", branch_reason(p, r->branch));
	if (r->action) {
		jsonw_str(w, "action", branch_name(p, r->action));
		jsonw_str(w, "action_reason", branch_reason(p, r->action));
	}
	if (r->kind == STEP_SCAN_INACTIVE || r->kind == STEP_SCAN_ACTIVE) {
		jsonw_begin(w, "inputs", '{');
		jsonw_u64(w, "referenced_ptes", r->referenced_ptes);
		jsonw_bool(w, "referenced_page", r->inputs & IN_REFERENCED_PAGE);
		jsonw_bool(w, "vm_locked", r->inputs & IN_VM_LOCKED);
		jsonw_bool(w, "vm_exec", r->inputs & IN_VM_EXEC);
		jsonw_bool(w, "anon", r->inputs & IN_ANON);
		jsonw_bool(w, "mapped", r->inputs & IN_MAPPED);
		jsonw_bool(w, "mapping_mapped", r->inputs & IN_MAPPING_MAPPED);
		jsonw_bool(w, "swapcache", r->inputs & IN_SWAPCACHE);
		jsonw_bool(w, "dirty", r->inputs & IN_DIRTY);
		jsonw_bool(w, "writeback", r->inputs & IN_WRITEBACK);
		jsonw_u64(w, "order", r->order);
		jsonw_end(w, '}');
		jsonw_str(w, "reclaimer",
			  r->reclaimer == RECLAIMER_KSWAPD  ? "kswapd"
			  : r->reclaimer == RECLAIMER_MEMCG ? "memcg"
			  : r->reclaimer == RECLAIMER_SOFT  ? "kswapd_soft_limit"
							    : "direct");
		jsonw_i64(w, "priority", r->priority);
	}
	/* limit reclaim and memcg OOM: whose limit */
	if (r->memcg && r->memcg <= s->wl.nr_cgroups)
		jsonw_str(w, "cgroup", s->wl.cgroups[r->memcg - 1].name);
	/* kswapd's soft limit pass takes a cgroup (2.6.34 mm/vmscan.c:2104) */
	if (r->kind == STEP_SOFT_LIMIT && r->memcg && r->memcg <= s->wl.nr_cgroups) {
		const struct wl_cgroup *cg = &s->wl.cgroups[r->memcg - 1];
		char what[160];

		snprintf(what, sizeof what,
			 "kswapd soft limit reclaim: cgroup %s is %u pages over its soft limit", cg->name,
			 r->count);
		jsonw_u64(w, "soft_limit", cg->soft_limit);
		jsonw_str(w, "what", what);
	}
	if (r->inputs & IN_PAUSE)
		jsonw_bool(w, "pause", true);
	if (with_caption && r->kind == STEP_WORKLOAD && s->wl.nr_ops && r->op < s->wl.nr_ops &&
	    s->wl.ops[r->op].caption != UINT32_MAX)
		jsonw_str(w, "caption", s->wl.captions[s->wl.ops[r->op].caption]);
	jsonw_end(w, '}');
}
