/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/tui.c - start, the main loop, and giving the terminal back
 *
 * Order matters (docs/terminal-craft notes, measured in tmux):
 *  1. the scenario is loaded first: a bad file prints the loader's
 *     diagnostics and returns 1 without touching the screen;
 *  2. stdin and stdout must be terminals, and the terminal must address
 *     the cursor (not TERM=dumb) and be known to terminfo: newterm(), not
 *     initscr(), so an unknown TERM returns instead of exiting; else 2;
 *  3. signal handlers go in after newterm(), or ncurses would skip its own.
 *     Every signal whose default action ends the process is caught, so
 *     that none leaves the terminal in raw mode on the alternate screen:
 *     - those sent from outside (HUP, INT, QUIT, TERM, USR1, USR2, PIPE,
 *       ALRM, VTALRM, PROF, XCPU, XFSZ, IO, PWR, STKFLT, the real-time
 *       ones) only set a flag that the loop polls (it never blocks longer
 *       than 250 ms); after endwin() the signal is raised again with its
 *       default action, so the exit status is 128+N as the shell expects.
 *       The same signal again before the loop has answered (a busy loop)
 *       restores the terminal at once and ends the process;
 *     - those of an internal error (SEGV, ABRT, BUS, FPE, ILL, TRAP, SYS)
 *       run an async-signal-safe restore (precomputed terminfo strings,
 *       tcsetattr) and chain to the previous handler (ASan's).
 *  SIGWINCH is left to ncurses, which reports KEY_RESIZE.
 *
 * The loop sleeps in getch() with a timeout: 250 ms when paused, until
 * the next tick when playing, so an idle visualizer uses no CPU, except
 * while a long run's index is still being built: then it builds a slice
 * whenever no key is waiting.  Keys
 * that arrive together (a paste, a held key) are all handled before one
 * redraw.
 */
#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <term.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "app.h"
#include "compare.h"
#include "dialog.h"
#include "history.h"
#include "panel.h"
#include "run.h"
#include "tui.h"

static volatile sig_atomic_t got_signal;
static struct termios saved_tio;
static int have_tio;
static char restore_seq[256];
static size_t restore_len;
static const int crash_signals[] = { SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS };
static struct sigaction old_crash[sizeof crash_signals / sizeof crash_signals[0]];
static const int stop_signals[] = {
	SIGHUP,	   SIGINT,  SIGQUIT,   SIGTERM, SIGUSR1, SIGUSR2,
	SIGPIPE,   SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
#ifdef SIGIO
	SIGIO,
#endif
#ifdef SIGPWR
	SIGPWR,
#endif
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
};

/* Async-signal-safe: the terminal as it was before the visualizer. */
static void restore_now(void)
{
	ssize_t ignored;

	if (restore_len)
		ignored = write(STDOUT_FILENO, restore_seq, restore_len);
	if (have_tio)
		tcsetattr(STDIN_FILENO, TCSANOW, &saved_tio);
	(void)ignored;
}

static void on_stop_signal(int sig)
{
	if (!got_signal) {
		got_signal = sig;
		return;
	}
	/* asked twice and not answered yet: do not wait for the loop */
	restore_now();
	signal(sig, SIG_DFL);
	raise(sig);
	_exit(128 + sig);
}

static void on_crash(int sig)
{
	restore_now();
	for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
		if (crash_signals[i] == sig)
			sigaction(sig, &old_crash[i], NULL);
	raise(sig);
}

static void add_restore(const char *cap)
{
	size_t n;

	/* terminfo's ABSENT_STRING is (char *)-1: a cancelled capability */
	if (!cap || cap == (const char *)-1) /* NOLINT(performance-no-int-to-ptr) */
		return;
	n = strlen(cap);
	if (restore_len + n < sizeof restore_seq) {
		memcpy(restore_seq + restore_len, cap, n);
		restore_len += n;
	}
}

static void install_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop_signal;
	for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++)
		sigaction(stop_signals[i], &sa, NULL);
#if defined(SIGRTMIN) && defined(SIGRTMAX)
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		sigaction(sig, &sa, NULL);
#endif
	add_restore(exit_attribute_mode);
	add_restore(cursor_normal);
	add_restore(keypad_local);
	add_restore(exit_ca_mode);
	sa.sa_handler = on_crash;
	sa.sa_flags = SA_RESETHAND;
	for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
		sigaction(crash_signals[i], &sa, &old_crash[i]);
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

void tui_draw(struct app *a)
{
	struct layout l;
	struct frame f = {
		a,    &a->views[0], view_engine(&a->views[0]), a->quiz.asking ? &a->quiz.q : NULL, &l,
		NULL, &a->ui.hits
	};
	bool insp_band, banner_footer;
	const struct {
		const struct panel_ops *ops;
		enum panel_id id;
		const struct rect *r;
	} slots[] = {
		{ &panel_lists, PANEL_LISTS, &l.lists },
		{ &panel_objects, NR_PANELS, &l.objects },
		/* the quiz's question, while one is open, in the decision's place */
		{ a->quiz.asking ? &panel_quiz : &panel_decision, PANEL_DECISION, &l.decision },
		{ &panel_counters, PANEL_COUNTERS, &l.counters },
		{ &panel_log, PANEL_LOG, &l.log },
	};

	run_settle(a);
	erase();
	theme_set_big(a->ui.big);
	a->ui.rows = LINES;
	layout_compute(&l, &f, COLS, LINES);
	theme_frame_begin(); /* what the panels draw from here is what the legend lists */
	if (l.too_small) {
		panel_too_small_draw(COLS, LINES);
		refresh();
		return;
	}
	for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++)
		if (slots[i].id < NR_PANELS)
			a->ui.hidden[slots[i].id] = slots[i].r->h <= 0 || slots[i].r->w <= 0;
	a->ui.insp_covers = l.inspector.y == l.decision.y && l.inspector.h == l.decision.h;
	if (a->cmp.on) {
		compare_draw(a, COLS, LINES);
		if (a->ui.help)
			panel_help_draw(&f);
		dialog_draw(&f);
		refresh();
		return;
	}
	insp_band = a->insp.open && l.log.h >= 6;
	panel_header_draw(&l.header, &f);
	panel_caption_draw(&l.caption, &f);
	for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++) {
		const struct rect *r = slots[i].r;
		bool band = slots[i].r == &l.log || slots[i].r == &l.counters;
		if (r->h <= 0 || r->w <= 0 ||
		    (a->insp.open && (insp_band ? band : slots[i].r == &l.decision)))
			continue;
		slots[i].ops->draw(r, &f, a->ui.focus == slots[i].id && !(a->insp.open && a->insp.hist));
	}
	if (a->insp.open)
		panel_inspector.draw(&l.inspector, &f, a->insp.hist);
	else if (l.counters.h > 0) {
		attron(theme_attr(T_DIM));
		draw_vline(l.counters.y, l.counters.x - 1, l.counters.h);
		attroff(theme_attr(T_DIM));
	}
	panel_legend_draw(&l.legend, &f);
	/* a banner in the footer's row (layout.c) gives the row back to a message */
	banner_footer = l.banner.h > 0 && l.banner.y == l.footer.y;
	if (!banner_footer || a->ui.msg[0])
		panel_footer_draw(&l.footer, &f);
	if (!banner_footer || !a->ui.msg[0])
		panel_banner_draw(&l.banner, &f);
	if (a->ui.help)
		panel_help_draw(&f);
	dialog_draw(&f);
	refresh();
}

/* Milliseconds between ticks and steps per tick at a speed: one step a
 * tick up to 25 steps/s, then 25 ticks a second with several steps each. */
static void tick_plan(int speed, long *period, int *steps)
{
	*period = speed <= 25 ? 1000 / speed : 40;
	*steps = speed <= 25 ? 1 : speed / 25;
}

/* A click on a list cell opens that page in the inspector (htop and btop
 * do the same); anything else the mouse does is ignored. */
static enum redraw mouse_event(struct app *a)
{
	MEVENT ev;
	uint32_t object, index;

	if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
		return REDRAW_NONE;
	if (a->cmp.on || a->ui.help || a->dlg.kind != DLG_NONE || a->quiz.asking ||
	    !panel_lists_hit(&a->ui.hits, ev.y, ev.x, &object, &index))
		return REDRAW_NONE;
	if (a->ui.msg[0])
		a->ui.msg[0] = '\0';
	a->insp.open = true;
	a->ui.focus = PANEL_LISTS;
	history_select(a, object, index);
	a->insp.pinned = true;
	return REDRAW_ALL;
}

/* Handle @ch and whatever else is already waiting. */
static enum redraw handle_input(struct app *a, int ch)
{
	enum redraw r = REDRAW_NONE;

	for (int n = 0; ch != ERR && n < 4096 && !a->ui.quit; n++) {
		if (ch == KEY_RESIZE)
			r = redraw_join(r, REDRAW_ALL);
		else if (ch == KEY_MOUSE)
			r = redraw_join(r, mouse_event(a));
		else
			r = redraw_join(r, app_key(a, ch));
		timeout(0);
		ch = getch();
	}
	return r;
}

/* Work between keys (job.c) for up to WORK_MS, or until a key or a
 * signal arrives: each slice is a few milliseconds, so a key is answered
 * within one slice. */
#define WORK_MS 40

static bool key_waiting(void)
{
	int ch;

	timeout(0);
	ch = getch();
	if (ch == ERR)
		return false;
	ungetch(ch);
	return true;
}

static enum redraw work(struct app *a)
{
	long end = now_ms() + WORK_MS;
	enum redraw r = REDRAW_NONE;

	do
		r = redraw_join(r, app_work(a));
	while (app_busy(a) && !got_signal && now_ms() < end && !key_waiting());
	return r;
}

/* A resize ncurses did not report: tmux resizing several times in a row
 * can leave the last size unread (seen once in e2e's rapid resizes).  The
 * terminal's own size, asked while idle, wins. */
static bool size_changed(void)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || !ws.ws_row || !ws.ws_col ||
	    (ws.ws_row == LINES && ws.ws_col == COLS))
		return false;
	resizeterm(ws.ws_row, ws.ws_col);
	return true;
}

static void main_loop(struct app *a)
{
	enum redraw r = REDRAW_ALL;
	int steps;
	long next = 0, period;

	while (!a->ui.quit && !got_signal) {
		int ch;
		if (r != REDRAW_NONE) {
			if (r == REDRAW_CLEAR)
				clearok(curscr, TRUE);
			tui_draw(a);
			r = REDRAW_NONE;
		}
		tick_plan(speed_steps(a->ui.speed), &period, &steps);
		if (a->ui.playing) {
			long t = now_ms();
			if (!next)
				next = t + period;
			timeout(next > t ? (int)(next - t) : 0);
		} else {
			next = 0;
			timeout(app_busy(a) ? 0 : 250);
		}
		ch = getch();
		if (ch != ERR) {
			r = redraw_join(r, handle_input(a, ch));
			continue;
		}
		if (size_changed())
			r = redraw_join(r, REDRAW_CLEAR);
		if (app_busy(a))
			r = redraw_join(r, work(a));
		if (a->ui.playing && now_ms() >= next) {
			r = redraw_join(r, app_tick(a, steps));
			next += period;
			if (next < now_ms())
				next = now_ms() + period;
		}
	}
}

int tui_colors_wanted(const struct tui_options *o)
{
	const char *nc = getenv("NO_COLOR");

	if (o->no_color || (nc && nc[0]) || !has_colors())
		return 0;
	start_color(); /* sets COLORS */
	return COLORS >= 256 ? 256 : COLORS >= 16 ? 16 : 8;
}

bool tui_ascii_wanted(const struct tui_options *o)
{
	return o->ascii || strcmp(nl_langinfo(CODESET), "UTF-8") != 0;
}

void tui_init_ui(struct app *a, const struct tui_options *o)
{
	a->ui.big = o->big;
	theme_set_light(o->light);
	a->ui.speed_before_big = 4;
	a->ui.speed = o->big ? 2 : 4; /* 5 or 20 steps/s */
	a->ui.focus = PANEL_LISTS;
	a->quiz.on = o->quiz && !a->cmp.on;
}

/* Refuse before any escape sequence is written.  The terminal description
 * is probed with setupterm() first: newterm() on an unknown TERM leaks
 * its prescreen (LeakSanitizer), and on TERM=dumb it would succeed.
 * Returns 0 or an exit status. */
static int check_terminal(SCREEN **scr)
{
	const char *term = getenv("TERM");
	int err = 0;
	bool addressable;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "vmscan-viz: the visualizer needs a terminal on stdin and stdout.\n"
				"For plain text, use `vmscan-viz run FILE` (summary) or `vmscan-viz trace "
				"FILE` (every step).\n");
		return 2;
	}
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK) {
		fprintf(stderr,
			"vmscan-viz: unknown terminal type '%s' (TERM); set TERM to your terminal, e.g. "
			"xterm-256color,\n"
			"or use `vmscan-viz run FILE` or `vmscan-viz trace FILE` for plain text.\n",
			term ? term : "");
		return 2;
	}
	addressable = cursor_address != NULL;
	del_curterm(cur_term);
	if (!addressable) {
		fprintf(stderr,
			"vmscan-viz: terminal '%s' cannot move the cursor, which the visualizer needs;\n"
			"use `vmscan-viz run FILE` or `vmscan-viz trace FILE` for plain text.\n",
			term ? term : "");
		return 2;
	}
	*scr = newterm(NULL, stdout, stdin);
	if (!*scr) {
		fprintf(stderr, "vmscan-viz: cannot start the terminal '%s'\n", term ? term : "");
		return 2;
	}
	return 0;
}

int tui_open(struct app *a, const struct tui_options *o)
{
	const char *first = getenv("VMSCAN_INDEX_FIRST"), *limit = getenv("VMSCAN_INDEX_MAX");
	struct view_tunables tun = view_tunables_default;
	char err[4096];
	int rc;

	if (first && first[0] >= '1' && first[0] <= '9')
		tun.first_steps = strtoull(first, NULL, 10);
	if (limit && limit[0] >= '1' && limit[0] <= '9')
		tun.index_limit = strtoull(limit, NULL, 10);
	memset(a, 0, sizeof *a);
	a->tun = tun;
	/* --compare A,B: A in the single view, then B beside it */
	const struct policy_ref *first_ref = o->compare[0].policy ? &o->compare[0]
					     : o->policy.policy	  ? &o->policy
								  : NULL;
	rc = o->scenario ? run_adopt(a, o->scenario, first_ref, err, sizeof err)
			 : run_load(a, o->path, first_ref, err, sizeof err);
	if (rc < 0 || (o->compare[1].policy && compare_start(a, &o->compare[1], err, sizeof err) < 0)) {
		fprintf(stderr, "%s\n", err);
		app_free(a);
		return 1;
	}
	return 0;
}

int tui_run(const struct tui_options *o)
{
	static struct app app; /* large (two views of sparkline buckets): not on the stack */
	SCREEN *scr = NULL;
	int rc, sig;

	setlocale(LC_ALL, "");
	/* characters from the user's locale, numbers as everywhere else:
	 * "2.5" in a scenario and on screen whatever LC_NUMERIC says */
	setlocale(LC_NUMERIC, "C");
	if ((rc = tui_open(&app, o)) != 0)
		return rc;
	app.real_wanted = true;
	run_real_results(&app);
	have_tio = tcgetattr(STDIN_FILENO, &saved_tio) == 0;
	if ((rc = check_terminal(&scr)) != 0) {
		app_free(&app);
		return rc;
	}
	install_signals();
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL); /* a terminal without a mouse: no events */
	mouseinterval(0);
	theme_init(tui_colors_wanted(o), tui_ascii_wanted(o));
	tui_init_ui(&app, o);
	main_loop(&app);
	endwin();
	delscreen(scr);
	if (app.ui.fatal) { /* p could make no run, not even the old one again */
		fprintf(stderr, "vmscan-viz: %s\n", app.ui.msg);
		rc = 1;
	}
	app_free(&app);
	sig = got_signal;
	if (sig) {
		signal(sig, SIG_DFL);
		raise(sig);
		return 128 + sig;
	}
	return rc;
}
