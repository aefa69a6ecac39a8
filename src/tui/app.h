/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/app.h - the visualizer's state, shared by the files of src/tui/
 *
 * Roles.  A `view` is one run of the scenario under one policy: a timeline
 * (engine + snapshots), an index of every step made in one pass at load
 * time (what n/N search, what the sparklines draw), the record of the
 * current step and a ring of recent records for the log.  The `app` holds
 * the scenario, the views (two in compare mode, see compare.c) and
 * the UI state.  Panels draw from a `const struct frame`; only app.c,
 * view.c, inspector.c, quiz.c and dialog.c change state, and none of them
 * decides anything about a page: every decision is an engine record.
 */
#ifndef VMSCAN_TUI_APP_H
#define VMSCAN_TUI_APP_H

#include <stdbool.h>
#include <stdint.h>

#include "../engine/engine.h"
#include "../engine/timeline.h"
#include "../scenario/scenario.h"
#include "command.h"

#define LOG_MAX	     256 /* records kept for the log panel */
#define LOG_REPLAY   400 /* steps replayed after a seek to refill it */
#define HIST_BUCKETS 512 /* sparkline resolution over the whole run */
/* Steps indexed before the first frame: 1 Mi, or $VMSCAN_INDEX_FIRST. */
extern uint64_t view_first_steps;
#define VIEW_SLICE_STEPS (1u << 16) /* then this many at a time, between keys */

/* History index: one byte per step. */
enum mark_bits {
	MARK_OUTCOME = 0x0f,  /* enum outcome */
	MARK_DECISION = 0x10, /* a shrink_page_list/shrink_active_list step */
	MARK_PAUSE = 0x20,    /* IN_PAUSE: the scenario asks to stop here */
	MARK_CAPTION = 0x40,  /* first step of an operation with a caption */
	MARK_WORKLOAD = 0x80, /* a workload step (compare mode steps by these) */
};

enum spark {
	SPARK_INACTIVE_ANON,
	SPARK_ACTIVE_ANON,
	SPARK_INACTIVE_FILE,
	SPARK_ACTIVE_FILE,
	SPARK_FREE,
	SPARK_REFAULT,
	NR_SPARKS
};

struct history {
	uint8_t *marks; /* marks[s - 1] describes step s */
	uint64_t nr, cap;
	uint64_t bucket_steps;		     /* steps per sparkline bucket; doubles when full */
	unsigned nb;			     /* buckets in use */
	uint32_t v[NR_SPARKS][HIST_BUCKETS]; /* list size at the bucket's end; refaults in it */
	uint32_t max[NR_SPARKS];
};

struct view {
	const struct reclaim_policy *policy;
	struct timeline *tl;
	struct history hist;
	uint64_t total;	    /* steps in the run: all of them once complete */
	bool complete;	    /* the builder has reached the end */
	bool truncated;	    /* ...or stopped, out of memory, at total */
	struct engine *bld; /* the builder, until complete */
	uint32_t bld_prev_op;
	uint64_t step;			    /* current: the state after this step */
	struct step_record rec;		    /* record of `step` (kind STEP_END at step 0) */
	uint64_t prev_vmstat[NR_VM_EVENTS]; /* counters before `step` */
	struct step_record log[LOG_MAX];    /* ring, newest at log[(head-1) % LOG_MAX] */
	unsigned log_n, log_head;
};

enum panel_id { PANEL_LISTS, PANEL_DECISION, PANEL_COUNTERS, PANEL_LOG, NR_PANELS };

/* What n/N look for. */
enum filter {
	FILTER_DECISION,
	FILTER_ACTIVATE,
	FILTER_KEEP,
	FILTER_RECLAIM,
	FILTER_RECLAIM_CLEAN,
	FILTER_DEACTIVATE,
	FILTER_ROTATE,
	FILTER_REFAULT,
	FILTER_CAPTION,
	NR_FILTERS
};

enum dialog_kind { DLG_NONE, DLG_POLICY, DLG_OPEN, DLG_GOTO, DLG_FIND, DLG_FILTER, DLG_MESSAGE };

struct dialog {
	enum dialog_kind kind;
	char title[64];
	char input[64]; /* GOTO, FIND */
	char **items;	/* POLICY, OPEN: one line each; MESSAGE: the text lines */
	char **values;	/* OPEN: the path of each item */
	int nr, sel, top;
};

struct inspector {
	bool open;
	bool cursor;		/* a page is selected in the lists panel */
	uint32_t object, index; /* the selected page */
	struct engine *scratch; /* replays the run to collect this page's records */
	uint64_t upto;		/* scratch has run this many steps */
	struct step_record *ev; /* records that touched the page, in step order */
	size_t nev, cap;
};

struct quiz {
	bool on;
	bool asking;	       /* the next step is a decision, not yet shown */
	struct step_record q;  /* that step's record (its answer is hidden) */
	uint64_t verdict_step; /* step whose answer is being shown, 0: none */
	int guess;	       /* enum outcome the student chose */
	bool right;
	unsigned score, asked;
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
	bool help;
	int help_top; /* first line of the help shown (it scrolls) */
	bool quit;
	int log_sel, counters_top, decision_top;
	char msg[160]; /* one-line status, cleared by the next key */
};

/* Compare mode: the same scenario under two policies, in lockstep by
 * workload step.  Position k is the state after the k-th workload step and
 * all the reclaim it caused, on each side (at[side][k] engine steps).
 * Divergence rule: see compare.c. */
struct compare {
	bool on;
	int focus;	 /* side that p addresses; Tab switches */
	int pick;	 /* what the policy dialog chooses: -1 the policy (one view),
				 * 0/1 that side's policy, 2 compare's second policy */
	uint64_t k, nr;	 /* position, and workload steps in the run */
	uint64_t *at[2]; /* at[side][k]: engine step of position k (8 bytes a workload step) */
	uint8_t *divmap; /* bit k: position k is a divergence (1 bit a workload step) */
	uint64_t nr_div;
	/* scratch for the rule, one slot per page of the scenario's objects */
	uint32_t *base; /* first slot of each object */
	uint32_t *stamp[2], *order, gen;
	uint8_t *out;
	struct { /* the divergence at position k, if k is one */
		bool found;
		uint64_t k;
		uint32_t object, index;
		struct step_record rec[2]; /* each side's first decision about the page */
	} div;
};

struct app {
	struct scenario *sc;  /* heap: engines keep a pointer to sc->wl */
	struct view views[2]; /* [1]: the second policy in compare mode */
	int nr_views;
	struct compare cmp;
	struct ui ui;
	struct dialog dlg;
	struct inspector insp;
	struct quiz quiz;
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
};

/* Redraw mask returned by everything that handles input. */
enum { REDRAW_NONE = 0, REDRAW_ALL = 1, REDRAW_CLEAR = 2 };

extern const int speed_steps[];
extern const int nr_speeds;

/* view.c: one run under one policy. */
int view_build(struct view *v, const struct workload *wl, const struct reclaim_policy *p, char *err,
	       size_t n);
void view_free(struct view *v);
/* Build @steps more steps of the index (view_build did the first ones);
 * -1 when memory ran out (the run is cut there).  view_finish: all of it. */
int view_build_more(struct view *v, uint64_t steps);
void view_finish(struct view *v);
/* The snapshot budget of @v's run: timeline_default_budget(), counting the
 * trace and the step index the visualizer holds. */
size_t view_budget(const struct view *v);
/* At the last step?  Builds more first if the run goes on. */
bool view_at_end(struct view *v);
void view_goto(struct view *v, uint64_t step);
void view_forward(struct view *v);
const struct engine *view_engine(const struct view *v);
/* Next (dir +1) or previous (-1) step from the current that @f matches; 0 if none. */
uint64_t view_find(struct view *v, enum filter f, int dir);
bool filter_matches(enum filter f, uint8_t mark);
extern const char *const filter_name[NR_FILTERS];
/* Record of the step after the current one, without showing it. */
struct step_record view_peek(struct view *v);

/* The header's mode badge, e.g. "QUIZ 3/5", or "" (the header keeps room
 * for it at every size; the modes' own code says what it reads). */
void app_badge(const struct app *a, char *buf, size_t n);

/* panel_log.c: the @i-th newest log entry, NULL past the end */
const struct step_record *log_entry(const struct view *v, int i);

/* app.c */
int app_command(struct app *a, enum command cmd);
int app_key(struct app *a, int key);
int app_tick(struct app *a, int steps);
int app_load(struct app *a, const char *path, const char *policy, char *err, size_t n);
void app_set_policy(struct app *a, const struct reclaim_policy *p);
void app_free(struct app *a);
const char *object_name(const struct app *a, uint32_t object);
/* Pages in display order, for cursor moves: fills @out (size @n). */
uint32_t lists_order(const struct engine *e, uint32_t *out, uint32_t n);

/* inspector.c */
void inspector_select(struct app *a, uint32_t object, uint32_t index);
void inspector_update(struct app *a);
void inspector_close(struct app *a);

/* quiz.c */
int quiz_before_step(struct app *a);
int quiz_key(struct app *a, int key);
bool quiz_is_question(const struct step_record *r);

/* compare.c */
int compare_start(struct app *a, const struct reclaim_policy *second, char *err, size_t n);
void compare_stop(struct app *a);
int compare_command(struct app *a, enum command cmd); /* -1: not a compare command */
void compare_draw(const struct app *a);
int compare_tick(struct app *a, int steps);
/* The policy dialog chose @p for side @side (0, 1). */
void compare_set_policy(struct app *a, int side, const struct reclaim_policy *p);
/* The second policy compare mode offers against @first. */
const struct reclaim_policy *compare_default_other(const struct reclaim_policy *first);

/* dialog.c */
int dialog_open(struct app *a, enum dialog_kind kind);
int dialog_key(struct app *a, int key);
void dialog_message(struct app *a, const char *title, const char *text);
void dialog_free(struct dialog *d);

#endif
