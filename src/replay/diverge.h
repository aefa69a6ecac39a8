/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay/diverge.h - where two policies part ways on the same workload
 *
 * Roles.  Two runs of one scenario under two policies take different
 * numbers of steps (each runs the reclaim its own rules cause), so they
 * are aligned by workload access: the "stretch" k of a run is access k
 * (its workload step) and every step after it up to access k + 1.  A
 * stretch_rule looks at one stretch of both runs and says whether they
 * diverge there, in two senses:
 *
 *  - DIV_DECISION: for some page that BOTH runs scanned in the stretch,
 *    the first scan decision each took about it there sends it to a
 *    different fate (decision_fate(): PAGEREF_ACTIVATE vs PAGEREF_KEEP,
 *    deactivate vs rotate...).  Pages scanned on one side only, later
 *    decisions about the same page, and the rule (branch) behind an
 *    equal outcome do not count.  Two outcomes of one fate in other words
 *    (PAGEREF_RECLAIM_CLEAN against mglru's reclaim: both go on to
 *    reclaim the page) are DIV_WORDING's, which f chooses.  Each such
 *    page is a divergence of its own (the torrent's access 396 holds
 *    libc.so[0]'s and big.iso[0]'s): rule.pairs lists them in the left's
 *    order; the page named first is the one whose first decision comes
 *    first on the left.
 *  - DIV_FATE: the access found its page in memory on one side and not
 *    on the other, or refaulted (was evicted earlier) on one side only.
 *    The side that missed "loses" it: DIV_FATE_LEFT and DIV_FATE_RIGHT
 *    keep one side's losses only.  Consecutive fate divergences on the
 *    same object, no more than FATE_GAP accesses apart, are one episode
 *    (a burst of refaults of a database index is one, not 64): only the
 *    episode's first access is marked.
 *
 * Across the two LRU implementations (a two-list policy against mglru,
 * 6.1's multi-gen LRU) the rules hold as they are: the stretches are
 * aligned by workload access, which both take alike (one workload step
 * an access); a fate is what the access found, whatever the lists; the
 * decisions compared are the scan steps' (shrink_page_list() against
 * shrink_folio_list(), the same PAGEREF_* outcomes).  6.1's sort_folio()
 * and isolate_folio() steps and its aging have no two-list counterpart
 * and are not compared: every page 6.1 evicts is first isolated with no
 * outcome, which would make each one a divergence.  On the database
 * index no decision differs, and n goes on to the fates (compare.c).
 *
 * A lockstep runs two engines side by side, a stretch at a time, through
 * a stretch_rule, and keeps four bits an access: which kinds of
 * divergence start there.  It runs in slices (lockstep_run) so that a
 * front end can answer keys in between.
 *
 *	struct lockstep ls;
 *	lockstep_start(&ls, (const struct workload *const[2]){ &wl, &wl }, policies, &err);
 *	while (!ls.done)
 *		lockstep_run(&ls, 4096, accesses_indexed);
 *	k = lockstep_find(&ls, DIV_FATE_RIGHT, k, +1);
 *	lockstep_free(&ls);
 *
 * No I/O, no curses; allocation failures come back as -1.
 */
#ifndef VMSCAN_REPLAY_DIVERGE_H
#define VMSCAN_REPLAY_DIVERGE_H

#include <stdbool.h>
#include <stdint.h>

#include "../engine/engine.h"

enum div_kind {
	DIV_DECISION,	/* a page both sides scanned got first decisions of different fates */
	DIV_FATE,	/* the access's page in memory on one side only */
	DIV_FATE_LEFT,	/* ...and the left side is the one without it */
	DIV_FATE_RIGHT, /* ...the right side */
	DIV_WORDING,	/* first decisions that differ, to the same fate (f: the rest) */
	NR_DIV_KINDS
};
/* "decisions differ", "in memory on one side only", ... */
extern const char *const div_kind_name[NR_DIV_KINDS];

#define FATE_GAP 32 /* accesses: closer fate divergences on one object are one episode */

/* What an access found. */
enum fate { FATE_NONE, FATE_HIT, FATE_FAULT, FATE_REFAULT };
enum fate fate_of(const struct step_record *r);

struct seen_page; /* private to diverge.c */

/* Where a scan decision sends the page, whatever the words: the
 * active list, the inactive list, on to reclaim, the unevictable list;
 * any other outcome is a fate of its own. */
enum decision_fate { DFATE_ACTIVE, DFATE_INACTIVE, DFATE_RECLAIM, DFATE_UNEVICTABLE, DFATE_OTHER };
enum decision_fate decision_fate(uint8_t outcome);

struct stretch_result {
	bool decision;		     /* DIV_DECISION (DIV_WORDING when the rule's `wording`) */
	bool worded;		     /* DIV_WORDING: some first decisions differ in words only */
	uint32_t object, index;	     /* its page */
	uint32_t rank;		     /* its rank among the left's first decisions */
	struct step_record first[2]; /* each side's first decision about the page */
	int loser;		     /* DIV_FATE: the side that missed, -1 none */
	enum fate fate[2];	     /* what the access found on each side */
	bool oom;		     /* scratch memory ran out: decisions not compared */
	uint32_t decisions;	     /* pages whose first decisions differ (each one counts) */
};

/* One page both sides scanned whose first decisions differ. */
struct div_pair {
	uint32_t rank;		   /* its rank among the left's first decisions */
	struct step_record rec[2]; /* each side's first decision about it */
};

/* The rules on one stretch: feed every record of the left side's stretch,
 * then every record of the right side's, then ask. */
struct stretch_rule {
	bool wording;		/* set by the caller: pairs and decision are DIV_WORDING's */
	struct seen_page *slot; /* open addressing, by (object, index) */
	uint32_t cap, used, gen, ranked;
	struct step_record access[2]; /* each side's workload step */
	bool have_access[2];
	struct stretch_result res;
	struct div_pair *pairs; /* the stretch's divergent decisions, by rank after stretch_end */
	uint32_t nr_pairs, pairs_cap;
};
void stretch_begin(struct stretch_rule *sr);
void stretch_feed(struct stretch_rule *sr, int side, const struct step_record *r);
const struct stretch_result *stretch_end(struct stretch_rule *sr);
void stretch_free(struct stretch_rule *sr);

struct lockstep {
	struct engine *e[2];
	struct stretch_rule rule;
	struct step_record next[2]; /* each side's access read ahead, for the next stretch */
	bool have_next[2];
	int phase;    /* where lockstep_run() goes on (diverge.c) */
	uint64_t k;   /* accesses classified */
	bool done;    /* the runs ended (or memory ran out) */
	uint8_t *map; /* a byte an access: bit kind set where a divergence of that kind starts */
	uint64_t cap; /* accesses the map has room for */
	uint64_t count[NR_DIV_KINDS];
	uint32_t *dec_n; /* divergent decisions at each access marked DIV_DECISION, in order */
	uint64_t nr_dec, dec_cap;
	uint64_t last_k[NR_DIV_KINDS]; /* the last fate divergence of each kind, and its object */
	uint32_t last_object[NR_DIV_KINDS];
};

/* Starts the runs of @wl[0] under @p[0] (left) and @wl[1] under @p[1]
 * (right): one scenario's workload, or one side's without its cgroups. */
int lockstep_start(struct lockstep *ls, const struct workload *const wl[2],
		   const struct reclaim_policy *const p[2], struct engine_error *err);
/* Classifies further stretches, about @steps engine steps' worth, but no
 * access past @limit.  Returns the accesses classified; -1 out of memory
 * (then ls->done). */
int64_t lockstep_run(struct lockstep *ls, uint64_t steps, uint64_t limit);
void lockstep_free(struct lockstep *ls);
/* Does a divergence of @kind start at access @k (classified ones only)? */
bool lockstep_is(const struct lockstep *ls, enum div_kind kind, uint64_t k);
/* The next (@dir > 0) or previous access from @from where one starts; 0 if none so far. */
uint64_t lockstep_find(const struct lockstep *ls, enum div_kind kind, uint64_t from, int dir);
/* Divergences of @kind at accesses 1..@k (DIV_DECISION: each divergent
 * decision counts, several at one access; DIV_WORDING: an access each). */
uint64_t lockstep_rank(const struct lockstep *ls, enum div_kind kind, uint64_t k);

#endif
