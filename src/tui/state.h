/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/state.h - the visualizer's state: types only, below every file of src/tui/
 *
 * Roles.  A `view` (replay/view.h) is one run of the scenario under one
 * policy: a timeline (engine + snapshots), an index of the run built in
 * the background (what n/N search, what the sparklines draw), the record
 * of the current step and a ring of recent records for the log.  The `app` holds
 * the scenario, the views (two in compare mode, see compare.c) and
 * the UI state.  Panels draw from a `const struct frame`; the modes
 * (single.c, compare.c, quiz.c, inspector.c, bookmark.c) change state
 * through run.c, and none of them decides anything about a page: every
 * decision is an engine record.
 *
 * The files above it, from the bottom: run.c (load, adopt, switch policy,
 * go to a step), history.c (the inspected page's history), question.c
 * (the quiz's open question); job.c and dialog.c (work between keys, the
 * prompts: each reports back through the callback its opener set); the
 * modes, each with its keys and its drawing; app.c (a key to the mode
 * that owns it) and tui.c (the screen).  No mode calls another mode
 * (tests/check-modes.sh).
 */
#ifndef VMSCAN_TUI_STATE_H
#define VMSCAN_TUI_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "../engine/engine.h"
#include "../policy/registry.h"
#include "../replay/timeline.h"
#include "../replay/diverge.h"
#include "../replay/stepindex.h"
#include "../replay/view.h"
#include "../scenario/policy_ref.h"
#include "../scenario/scenario.h"
#include "command.h"

/* What handling a key, a tick or a slice of work asks of the screen.
 * Ordered: when two are joined, the larger one wins (redraw_join). */
enum redraw {
	REDRAW_NONE,  /* nothing on screen changed */
	REDRAW_ALL,   /* draw the frame again */
	REDRAW_CLEAR, /* clear the terminal, then draw (Ctrl-L) */
};

static inline enum redraw redraw_join(enum redraw x, enum redraw y)
{
	return x > y ? x : y;
}

enum panel_id { PANEL_LISTS, PANEL_DECISION, PANEL_COUNTERS, PANEL_LOG, NR_PANELS };

enum dialog_kind {
	DLG_NONE,
	DLG_POLICY,
	DLG_OPEN,
	DLG_GOTO,
	DLG_FIND,
	DLG_FILTER,
	DLG_MESSAGE,
	DLG_BOOKMARKS
};

/* What a dialog hands back to its opener. */
struct app;
struct dialog_choice {
	int sel;	  /* the item chosen (a list dialog) */
	int arg;	  /* what the opener gave dialog_open() */
	const char *text; /* the line typed (GOTO, FIND), the item's value (OPEN) */
};

struct dialog {
	enum dialog_kind kind; /* how it looks and takes keys */
	int arg;	       /* the opener's, handed back with the choice */
	/* The opener's: Enter chose (the dialog is closed by then). */
	enum redraw (*chosen)(struct app *a, const struct dialog_choice *c);
	char title[64];
	char input[64]; /* GOTO, FIND */
	char **items;	/* POLICY, OPEN: one line each; MESSAGE: the text lines */
	char **values;	/* OPEN: the path of each item */
	int nr, sel, top;
};

struct inspector {
	bool open;
	bool cursor;		/* a page is selected in the lists panel */
	bool pinned;		/* ...by hand (arrows, a click): i opens it, not the step's page */
	uint32_t object, index; /* the selected page */
	bool hist;		/* Tab gave the history the keys: arrows scroll it */
	int back;		/* the history shown this many events before the newest */
	struct engine *scratch; /* replays the run to collect this page's records */
	uint64_t upto;		/* scratch has run this many steps */
	struct step_record *ev; /* records that touched the page, in step order */
	size_t nev, cap;
};

#define QUIZ_POLICIES NR_RECLAIM_POLICIES /* a score a policy */
#define QUIZ_MISSED   64		  /* missed questions kept for the summary (the first ones) */

struct quiz {
	bool on;
	bool lent;	       /* on for a bookmark's question only (bookmark.c) */
	bool asking;	       /* the next step is a decision, not yet shown */
	struct step_record q;  /* that step's record (its answer is hidden) */
	uint64_t verdict_step; /* step whose answer is being shown, 0: none */
	int guess;	       /* enum outcome the student chose */
	bool right;
	unsigned score, asked; /* under the policy shown */
	struct quiz_score {
		const struct reclaim_policy *policy;
		unsigned right, asked;
	} per[QUIZ_POLICIES];
	struct quiz_miss {
		const struct reclaim_policy *policy;
		struct step_record q;
		uint8_t guess;
	} missed[QUIZ_MISSED];
	unsigned nr_missed; /* all of them, even past QUIZ_MISSED */
};

/* Where the lists panel drew each page's cell, for a mouse click
 * (tui.c): the UI's, filled by the draw through frame.hits, so that the
 * panel keeps nothing of its own between draws. */
#define LISTS_HIT_RUNS 8 /* the lists, the pagevec, the evicted strip */
struct lists_hits {
	struct lists_hit_run {
		int y, x, rows, cpr, cw, n; /* n cells, cpr a row, cw columns a cell */
		size_t first;		    /* its first cell's page in page[] */
	} run[LISTS_HIT_RUNS];
	int nr;
	struct lists_hit_page {
		uint32_t object, index;
	} * page;
	size_t nr_pages, cap;
};

struct ui {
	bool playing;
	int speed; /* index into speed_steps[] */
	bool big;
	int speed_before_big; /* restored when projector mode ends */
	bool ascii;
	int colors; /* 0 mono, 8, 16 or 256 */
	enum panel_id focus;
	enum filter filter;
	uint32_t filter_of;  /* n/N look at the steps of object filter_of - 1 only; 0: of every object */
	uint8_t lists_memcg; /* the lists panel draws cgroup k's pages only (m); 0: the zone's */
	bool cgroup_cells;   /* the cells say whose pages (a cgroup's letter), not their state (M) */
	bool help;
	int help_top; /* first line of the help shown (it scrolls) */
	bool quit;
	bool fatal; /* with quit: p could make no run, ui.msg says why (tui.c prints it) */
	int log_sel, counters_top, decision_top;
	bool hidden[NR_PANELS]; /* panels the last frame had no room for (Tab skips them) */
	bool insp_covers;	/* the last frame's inspector had the decision's place */
	int rows;		/* the last frame's height (tui.c): how far a page scrolls */
	int bookmark;		/* 1 + the last bookmark gone to, 0: none */
	uint64_t bookmark_step; /* ...and the step it landed on */
	char msg[256];		/* one-line status, cleared by the next key */
	struct lists_hits hits; /* the last frame's list cells, for a click */
};

/* Compare mode: the same scenario under two policies, in lockstep by
 * workload access.  Position k is the state after access k and all the
 * reclaim it caused, on each side; at a divergence each side can also
 * stand inside stretch k, at the moment the two part ways (compare.c). */
struct compare {
	bool on;
	int focus;		  /* side that p addresses; Tab switches */
	enum div_kind kind;	  /* what n/N look for; f chooses */
	uint64_t k;		  /* position */
	bool moment;		  /* each side stands inside stretch k: at div.rec[side], or
				   * stepped on from there (l) */
	struct lockstep ls;	  /* the divergences, classified a slice at a time */
	struct stretch_rule rule; /* to name the page of one stretch's divergence */
	struct {		  /* the divergence at position k, if k is one */
		bool found;
		enum div_kind kind;
		uint64_t k, rank;
		uint32_t sub, nsub; /* DIV_DECISION: which of the stretch's divergent decisions */
		uint32_t object, index;
		struct step_record rec[2]; /* each side's record at the moment */
	} div;
};

/* Work that a command asked for and that runs a slice at a time between
 * keys (job.c): any key stops it. */
enum job_kind {
	JOB_NONE,
	JOB_GOTO,     /* go to step `target` once it is indexed */
	JOB_FIND,     /* n/N: the next step of `filter` from `from` in `dir` */
	JOB_LAST,     /* End: the last step, once the index is done */
	JOB_ACCESS,   /* p: access `target`, `offset` steps into its reclaim */
	JOB_CMP_GOTO, /* compare: position `target` once both runs reach it */
	JOB_CMP_FIND, /* compare n/N: the next divergence of cmp.kind */
};

struct job {
	enum job_kind kind; /* JOB_NONE: no job; else what the progress line says */
	/* Is the answer within reach?  Acts on it if so (true).  Set by the
	 * opener: run.c's for the single run, compare.c's for compare mode. */
	bool (*reach)(struct app *a, struct job *j);
	/* Then, if set: the opener's own end (bookmark.c: its page, its text). */
	void (*done)(struct app *a, const struct job *j);
	uint64_t target, from, offset;
	int dir;
	enum filter filter;
	uint32_t object; /* JOB_FIND: of this object only, or STEP_ANY_OBJECT */
	int bookmark;	 /* 1 + the bookmark it goes to (bookmark.c), 0: none */
	char what[64];	 /* "the next reclaim", for the progress line */
};

struct app {
	struct scenario *sc;	 /* heap: engines keep a pointer to sc->wl */
	struct workload *global; /* heap: sc->wl without its cgroups, for "P/global" runs */
	struct view views[2];	 /* [1]: the second policy in compare mode */
	int nr_views;
	struct view_tunables tun; /* every view's ($VMSCAN_INDEX_FIRST, $VMSCAN_INDEX_MAX) */
	struct compare cmp;
	struct ui ui;
	struct dialog dlg;
	struct inspector insp;
	struct quiz quiz;
	struct job job;
	/* `vmscan-viz real`'s last result of this scenario, a line per policy
	 * ("" when none is cached); read by the visualizer at start alone
	 * (run_real_results()), never by `screen`, whose frames do not depend
	 * on what one machine ran */
	bool real_wanted;
	char real[NR_RECLAIM_POLICIES][200];
};

/* Everything a panel may look at; panels never change it.  The fields
 * after `e` may be left zero by a caller that draws a panel on its own. */
struct layout;
struct frame {
	const struct app *app;
	const struct view *view;
	const struct engine *e;
	const struct step_record *ask; /* a question is open about this next step: its
					* page is marked, no outcome shown */
	const struct layout *layout;   /* the screen's, when drawn by tui.c */
	const struct view *pair;       /* compare mode: the other side, whose list sizes the
					* lists' scale shares (one scale, rows aligned) */
	struct lists_hits *hits;       /* the one thing a draw writes: where the lists
					* panel's cells went (NULL: not kept) */
};

/* Play speed @i (ui.speed), in steps a second; NR_SPEEDS of them. */
#define NR_SPEEDS 11
static inline int speed_steps(int i)
{
	static const int steps[NR_SPEEDS] = { 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000 };

	return steps[i < 0 ? 0 : i >= NR_SPEEDS ? NR_SPEEDS - 1 : i];
}

#endif
