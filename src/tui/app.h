/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/app.h - the visualizer's state, shared by the files of src/tui/
 *
 * Roles.  A `view` (replay/view.h) is one run of the scenario under one
 * policy: a timeline (engine + snapshots), an index of the run built in
 * the background (what n/N search, what the sparklines draw), the record
 * of the current step and a ring of recent records for the log.  The `app` holds
 * the scenario, the views (two in compare mode, see compare.c) and
 * the UI state.  Panels draw from a `const struct frame`; only app.c,
 * replay/view.c, inspector.c, quiz.c and dialog.c change state, and none of them
 * decides anything about a page: every decision is an engine record.
 */
#ifndef VMSCAN_TUI_APP_H
#define VMSCAN_TUI_APP_H

#include <stdbool.h>
#include <stdint.h>

#include "../engine/engine.h"
#include "../replay/timeline.h"
#include "../replay/diverge.h"
#include "../replay/stepindex.h"
#include "../replay/view.h"
#include "../scenario/scenario.h"
#include "command.h"

enum panel_id { PANEL_LISTS, PANEL_DECISION, PANEL_COUNTERS, PANEL_LOG, NR_PANELS };

/* What the policy dialog is choosing. */
enum policy_pick {
	PICK_RUN,    /* the policy of the one run shown */
	PICK_LEFT,   /* compare mode: the left side's */
	PICK_RIGHT,  /* ...the right side's */
	PICK_SECOND, /* c: the policy to compare the run with */
};

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

struct dialog {
	enum dialog_kind kind;
	enum policy_pick pick; /* POLICY: what the choice is for */
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
	struct engine *scratch; /* replays the run to collect this page's records */
	uint64_t upto;		/* scratch has run this many steps */
	struct step_record *ev; /* records that touched the page, in step order */
	size_t nev, cap;
};

#define QUIZ_POLICIES 16 /* policies a quiz keeps a score for */
#define QUIZ_MISSED   64 /* missed questions kept for the summary (the first ones) */

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
	bool fatal; /* with quit: p could make no run, ui.msg says why (tui.c prints it) */
	int log_sel, counters_top, decision_top;
	bool hidden[NR_PANELS]; /* panels the last frame had no room for (Tab skips them) */
	bool insp_covers;	/* the last frame's inspector had the decision's place */
	int rows;		/* the last frame's height (tui.c): how far a page scrolls */
	int bookmark;		/* 1 + the last bookmark gone to, 0: none */
	uint64_t bookmark_step; /* ...and the step it landed on */
	char msg[256];		/* one-line status, cleared by the next key */
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
	enum job_kind kind;
	uint64_t target, from, offset;
	int dir;
	enum filter filter;
	int bookmark;  /* 1 + the bookmark it goes to (bookmark.c), 0: none */
	char what[64]; /* "the next reclaim", for the progress line */
};

struct app {
	struct scenario *sc;  /* heap: engines keep a pointer to sc->wl */
	struct view views[2]; /* [1]: the second policy in compare mode */
	int nr_views;
	struct view_tunables tun; /* every view's ($VMSCAN_INDEX_FIRST, $VMSCAN_INDEX_MAX) */
	struct compare cmp;
	struct ui ui;
	struct dialog dlg;
	struct inspector insp;
	struct quiz quiz;
	struct job job;
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
};

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

extern const int speed_steps[];
extern const int nr_speeds;

/* The header's mode badge, e.g. "QUIZ 3/5", or "" (the header keeps room
 * for it at every size; the modes' own code says what it reads). */
void app_badge(const struct app *a, char *buf, size_t n);

/* panel_log.c: the @i-th newest log entry, NULL past the end */
const struct step_record *log_entry(const struct view *v, int i);

/* app.c */
enum redraw app_command(struct app *a, enum command cmd);
enum redraw app_key(struct app *a, int key);
enum redraw app_tick(struct app *a, int steps);
int app_load(struct app *a, const char *path, const char *policy, char *err, size_t n);
/* The same with @s already loaded (calloc'd; the app owns it from here,
 * and frees it on failure): how the visualizer starts on a trace file. */
int app_adopt(struct app *a, struct scenario *s, const char *policy, char *err, size_t n);
/* The run redone under @p, at step 0 (a failure leaves it as it was: -1). */
int app_switch_policy(struct app *a, const struct reclaim_policy *p);
/* The policy dialog chose @p for @pick. */
void app_set_policy(struct app *a, enum policy_pick pick, const struct reclaim_policy *p);
/* A jump to @step (n/N, g, End, a log entry): in quiz mode, onto a
 * decision, it stops before it and asks. */
void app_goto(struct app *a, uint64_t step);
bool app_keep_access(struct app *a, uint64_t access, uint64_t offset, uint64_t was);
void app_free(struct app *a);
const char *object_name(const struct app *a, uint32_t object);
/* Pages in display order, for cursor moves: fills @out (size @n). */
uint32_t lists_order(const struct engine *e, uint32_t *out, uint32_t n);

/* job.c: slices of work between keys */
void job_start(struct app *a, const struct job *j, const char *what);
bool job_try(struct app *a);	/* true: done (or no job) */
void job_stop(struct app *a);	/* a key stopped it */
void app_settle(struct app *a); /* every view's timeline back at its step (view_settle) */
bool app_busy(const struct app *a);
/* One slice of work (the job's, else the background's). */
enum redraw app_work(struct app *a);

/* inspector.c */
void inspector_select(struct app *a, uint32_t object, uint32_t index);
/* Replays a slice more of the page's history; false when nothing to do. */
bool inspector_update(struct app *a);
void inspector_close(struct app *a);

/* quiz.c */
int quiz_before_step(struct app *a);
/* An answer key while a question is open: false if @key is not one. */
bool quiz_key(struct app *a, int key, enum redraw *r);
bool quiz_is_question(const struct step_record *r);
/* The question, or the answer shown, is withdrawn (a move, a policy, a
 * scenario); the score shown becomes the current policy's. */
void quiz_withdraw(struct app *a);
/* Leaving quiz mode: the scores and the questions missed, as text;
 * returns the questions answered. */
unsigned quiz_summary(const struct app *a, char *buf, size_t n);
/* The open question's answers, "a activate, k keep, ...". */
void quiz_offered(const struct app *a, char *buf, size_t n);

/* tui.c: what the visualizer and `vmscan-viz screen` (headless.c) share,
 * so that both draw one screen the same way.  tui_open() loads the
 * scenario (or adopts o->scenario) and starts compare mode: 0, or an exit
 * status after a message (1 bad scenario, 2 bad --compare). */
struct tui_options;
int tui_open(struct app *a, const struct tui_options *o);
/* After the screen is set up: the UI state the options ask for. */
void tui_init_ui(struct app *a, const struct tui_options *o);
/* Colour depth (0 mono, 8, 16, 256; calls start_color()) and glyph set. */
int tui_colors_wanted(const struct tui_options *o);
bool tui_ascii_wanted(const struct tui_options *o);
/* The whole frame, onto stdscr, then refresh(). */
void tui_draw(struct app *a);

/* compare.c */
int compare_start(struct app *a, const struct reclaim_policy *second, char *err, size_t n);
void compare_stop(struct app *a);
/* False if @cmd is not compare mode's: app_command() handles it. */
bool compare_command(struct app *a, enum command cmd, enum redraw *r);
enum redraw compare_tick(struct app *a, int steps);
/* The policy dialog chose @p for side @side (0, 1). */
void compare_set_policy(struct app *a, int side, const struct reclaim_policy *p);
/* The second policy compare mode offers against @first. */
const struct reclaim_policy *compare_default_other(const struct reclaim_policy *first);
uint64_t compare_positions(const struct app *a);		/* positions both runs reach so far */
bool compare_complete(const struct app *a);			/* ...and that is all of them */
uint64_t compare_at(const struct app *a, int side, uint64_t k); /* engine step of position k */
void compare_go(struct app *a, uint64_t k);
void compare_moment(struct app *a, uint64_t k);
bool compare_find(struct app *a, uint64_t from, int dir); /* the job's search: true when done */
bool compare_exhausted(const struct app *a);		  /* every divergence there is, found */
bool compare_pending(const struct app *a);		  /* classification to do now */
bool compare_work(struct app *a, uint64_t steps);	  /* false: nothing to classify */

/* compare_draw.c */
void compare_draw(const struct app *a, int ncols, int nlines);

/* bookmark.c: the scenario's bookmarks */
enum redraw bookmark_go(struct app *a, int i);	   /* to bookmark @i (0-based) */
enum redraw bookmark_step(struct app *a, int dir); /* ] and [: the next, the previous */
void bookmark_arrive(struct app *a, int i);	   /* the job reached it: its page, its question, its text */
const struct bookmark *bookmark_here(const struct app *a); /* the one the view stands at, or NULL */

/* dialog.c */
enum redraw dialog_open(struct app *a, enum dialog_kind kind);
enum redraw dialog_open_policy(struct app *a, enum policy_pick pick);
enum redraw dialog_key(struct app *a, int key);
void dialog_message(struct app *a, const char *title, const char *text);
void dialog_free(struct dialog *d);

#endif
