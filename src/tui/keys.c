/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/keys.c - which key runs which command (the shape of nnn's bindings)
 *
 * Habits of htop, less and tig: space plays, arrows and h/l step, +/-
 * change speed (= and _ too, unshifted), ? and F1 help, q quits, Ctrl-L
 * redraws.  Keys inside a
 * prompt, the quiz question or the help screen are read by those, not here.
 */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "command.h"

#define CTRL(c) ((c)&0x1f)

static const struct binding {
	int key;
	enum command cmd;
} bindings[] = {
	{ ' ', CMD_PLAY },	    { KEY_RIGHT, CMD_STEP },
	{ 'l', CMD_STEP },	    { KEY_LEFT, CMD_BACK },
	{ 'h', CMD_BACK },	    { '+', CMD_FASTER },
	{ '=', CMD_FASTER },	    { '-', CMD_SLOWER },
	{ '_', CMD_SLOWER },	    { 'n', CMD_NEXT },
	{ 'N', CMD_PREV },	    { 'f', CMD_FILTER },
	{ 'g', CMD_GOTO },	    { ']', CMD_MARK_NEXT },
	{ '[', CMD_MARK_PREV },	    { '\'', CMD_MARKS },
	{ KEY_HOME, CMD_FIRST },    { KEY_END, CMD_LAST },
	{ 'p', CMD_POLICY },	    { 'o', CMD_OPEN },
	{ '\t', CMD_FOCUS },	    { KEY_BTAB, CMD_FOCUS_BACK },
	{ KEY_UP, CMD_UP },	    { 'k', CMD_UP },
	{ KEY_DOWN, CMD_DOWN },	    { 'j', CMD_DOWN },
	{ KEY_PPAGE, CMD_PAGE_UP }, { KEY_NPAGE, CMD_PAGE_DOWN },
	{ 'i', CMD_INSPECT },	    { '\r', CMD_INSPECT },
	{ '\n', CMD_INSPECT },	    { KEY_ENTER, CMD_INSPECT },
	{ '/', CMD_FIND },	    { 'Q', CMD_QUIZ },
	{ 'B', CMD_BIG },	    { 's', CMD_STORY },
	{ 'c', CMD_COMPARE },	    { 27, CMD_ESCAPE },
	{ CTRL('l'), CMD_REDRAW },  { '?', CMD_HELP },
	{ KEY_F(1), CMD_HELP },	    { 'q', CMD_QUIT },
	{ KEY_F(10), CMD_QUIT },    { 'L', CMD_THEME },
	{ 'm', CMD_MEMCG },	    { 'M', CMD_CGROUP_CELLS },
};

/* clang-format off */
const char *const command_help[NR_COMMANDS] = {
#define X(id, help) [(id)] = (help),
	COMMANDS(X)
#undef X
};
/* clang-format on */

enum command keys_lookup(int key)
{
	for (size_t i = 0; i < sizeof bindings / sizeof bindings[0]; i++)
		if (bindings[i].key == key)
			return bindings[i].cmd;
	return CMD_NONE;
}

static const char *key_name_of(int key, int ascii)
{
	static char one[2];

	switch (key) {
	case ' ': return "Space";
	case '\t': return "Tab";
	case '\r': return "Enter";
	case '\n':
	case KEY_ENTER: return NULL; /* same as Enter, listed once */
	case 27: return "Esc";
	case CTRL('l'): return "Ctrl-L";
	case KEY_RIGHT: return ascii ? "Right" : "→";
	case KEY_LEFT: return ascii ? "Left" : "←";
	case KEY_UP: return ascii ? "Up" : "↑";
	case KEY_DOWN: return ascii ? "Down" : "↓";
	case KEY_HOME: return "Home";
	case KEY_END: return "End";
	case KEY_PPAGE: return "PgUp";
	case KEY_NPAGE: return "PgDn";
	case KEY_BTAB: return "Shift-Tab";
	case KEY_F(1): return "F1";
	case KEY_F(10): return "F10";
	default:
		one[0] = (char)key;
		one[1] = '\0';
		return one;
	}
}

void keys_describe(enum command cmd, char *buf, int n, int ascii)
{
	int len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof bindings / sizeof bindings[0]; i++) {
		const char *name;
		if (bindings[i].cmd != cmd || !(name = key_name_of(bindings[i].key, ascii)))
			continue;
		len += snprintf(buf + len, (size_t)(n - len > 0 ? n - len : 0), "%s%s", len ? " " : "", name);
		if (len >= n)
			break;
	}
}
