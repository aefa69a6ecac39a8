/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/command.h - every action of the visualizer, once, with its help text
 *
 * A key is looked up in keys.c's bindings table and becomes a command; the
 * command is applied by app.c.  The help screen is generated from this
 * list and the bindings, so a key cannot exist without a line of help
 * (the shape of tig's request.h).  Order here is the order of the help.
 */
#ifndef VMSCAN_TUI_COMMAND_H
#define VMSCAN_TUI_COMMAND_H

/*   id                  help text                                                                  */
/* clang-format off */
#define COMMANDS(X)                                                                               \
	X(CMD_PLAY,        "play or pause (stops by itself at the scenario's pause points)")         \
	X(CMD_STEP,        "step forward one step")                                                   \
	X(CMD_BACK,        "step back one step (instant: replayed from a snapshot)")                  \
	X(CMD_FASTER,      "play faster (steps per second)")                                          \
	X(CMD_SLOWER,      "play slower")                                                             \
	X(CMD_NEXT,        "jump to the next step of the kind chosen with f (compare mode: the next divergence)")                         \
	X(CMD_PREV,        "jump to the previous step of the kind chosen with f (compare: previous divergence)")                     \
	X(CMD_FILTER,      "choose what n/N look for: a k r c d e = that outcome, ! a refault, * any decision, t caption, = of one object only (compare mode: the next kind of divergence)") \
	X(CMD_GOTO,        "go to a step number")                                                     \
	X(CMD_MARK_NEXT,   "the scenario's next bookmark: its policy, step, page and question (a lesson's places)") \
	X(CMD_MARK_PREV,   "the scenario's previous bookmark")                                        \
	X(CMD_MARKS,       "the scenario's bookmarks, to pick one")                                    \
	X(CMD_FIRST,       "go to the start (step 0)")                                                \
	X(CMD_LAST,        "go to the last step")                                                     \
	X(CMD_POLICY,      "choose the policy: the run is redone, at the same workload access (compare mode: the focused side's)")         \
	X(CMD_OPEN,        "open another scenario (data/*.json, $VMSCAN_DATADIR, this folder)")       \
	X(CMD_FOCUS,       "move to the next panel (compare mode: focus the other side; inspector open: its history, which the arrows then scroll)")                                                  \
	X(CMD_FOCUS_BACK,  "move to the previous panel")                                              \
	X(CMD_UP,          "in the focused panel: previous page (lists), entry (log) or line")        \
	X(CMD_DOWN,        "in the focused panel: next page (lists), entry (log) or line")            \
	X(CMD_PAGE_UP,     "lists: first page of the previous list; other panels: scroll a page")     \
	X(CMD_PAGE_DOWN,   "lists: first page of the next list; other panels: scroll a page")         \
	X(CMD_INSPECT,     "page inspector: the page under the cursor and its whole history; log: go to that step") \
	X(CMD_FIND,        "find a page by object name and index, e.g. backup.tar 12")               \
	X(CMD_MEMCG,       "whose lists the lists panel draws: the zone's, then each memory cgroup's in turn (its pages only; usage/limit and failcnt in the title), then the zone's again") \
	X(CMD_CGROUP_CELLS, "whose pages: each cell of the lists shows the memory cgroup its pages are charged to, a capital letter (the title pairs letters and cgroups; r the root, & pages of several), instead of the page's state; again for the state") \
	X(CMD_QUIZ,        "quiz mode: predict each scan decision before it is shown")                \
	X(CMD_BIG,         "projector mode: fewer panels, larger cells, the outcome big, slower play; again restores the speed") \
	X(CMD_STORY,       "the scenario's whole description and the current caption")               \
	X(CMD_COMPARE,     "compare mode: against a policy chosen from the list, in lockstep by access; again to leave") \
	X(CMD_ESCAPE,      "close the inspector or the prompt")                                       \
	X(CMD_THEME,       "light theme for a bright room (dark ink on white), or dark again (--theme)") \
	X(CMD_REDRAW,      "redraw the whole screen")                                                 \
	X(CMD_HELP,        "this help")                                                               \
	X(CMD_QUIT,        "quit")
/* clang-format on */

/* clang-format off */
enum command {
	CMD_NONE,
#define X(id, help) id,
	COMMANDS(X)
#undef X
	NR_COMMANDS
};
/* clang-format on */

extern const char *const command_help[NR_COMMANDS];

/* The command bound to @key in the main screen, or CMD_NONE. */
enum command keys_lookup(int key);
/* "space", "→ l": the keys bound to @cmd, for help and footer. */
void keys_describe(enum command cmd, char *buf, int n, int ascii);

#endif
