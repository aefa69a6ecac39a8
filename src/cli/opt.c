/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/opt.c - the command line: parsing a command's options, its help
 *
 * getopt_long does the parsing, so the conventions are the C library's
 * own; this file builds its tables from a command's struct cli_option
 * rows, turns its errors into messages that say what was wrong and what
 * was probably meant, and prints the help from the same rows.
 * Left out: options before the command name (`vmscan-viz --json run`),
 * negated switches (--no-json), option values from the environment.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../util/suggest.h"
#include "opt.h"

#define HELP_ID (256 + CLI_MAX_OPTS)

static int nr_opts(const struct cli_command *cmd)
{
	int n = 0;

	while (cmd->opts && cmd->opts[n].name)
		n++;
	return n;
}

const char *cli_prefix(const struct cli_command *cmd)
{
	static char buf[64];

	snprintf(buf, sizeof buf, "vmscan-viz%s%s", cmd->name ? " " : "", cmd->name ? cmd->name : "");
	return buf;
}

int cli_usage_error(const struct cli_command *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli_prefix(cmd));
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (try '%s --help')\n", cli_prefix(cmd));
	return EXIT_USAGE;
}

/* An option name the parser did not know: ambiguous or unknown, and what
 * was probably meant. */
static int bad_long(const struct cli_command *cmd, const char *arg)
{
	const char *names[CLI_MAX_OPTS + 2];
	char word[64], match[256] = "";
	size_t len = strcspn(arg + 2, "=");
	int n = nr_opts(cmd), k = 0, hits = 0;
	const char *s;

	snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word - 1 ? len : sizeof word - 1), arg + 2);
	for (int i = 0; i < n; i++)
		names[k++] = cmd->opts[i].name;
	names[k++] = "help";
	names[k] = NULL;
	for (int i = 0; i < k && len; i++) {
		if (strncmp(names[i], word, len) == 0) {
			size_t m = strlen(match);
			snprintf(match + m, sizeof match - m, "%s--%s", hits ? ", " : "", names[i]);
			hits++;
		}
	}
	if (hits > 1)
		return cli_usage_error(cmd, "option '--%s' is ambiguous: it could be %s", word, match);
	s = suggest(word, names, (size_t)k);
	if (s)
		return cli_usage_error(cmd, "unknown option '--%s'; did you mean '--%s'?", word, s);
	return cli_usage_error(cmd, "unknown option '--%s'", word);
}

static const char *opt_label(const struct cli_option *o, char *buf, size_t n)
{
	snprintf(buf, n, "--%s", o->name);
	return buf;
}

int cli_parse(const struct cli_command *cmd, int argc, char **argv, struct cli_args *a)
{
	struct option longopts[CLI_MAX_OPTS + 2];
	char shortopts[3 * CLI_MAX_OPTS + 4], label[64];
	int n = nr_opts(cmd), k = 0, c, li;
	bool help = false;

	memset(a, 0, sizeof *a);
	if (n > CLI_MAX_OPTS)
		n = CLI_MAX_OPTS;
	shortopts[k++] = ':'; /* a missing value returns ':', not '?' */
	for (int i = 0; i < n; i++) {
		const struct cli_option *o = &cmd->opts[i];
		longopts[i] =
			(struct option){ o->name, o->arg ? required_argument : no_argument, NULL, 256 + i };
		if (o->short_name) {
			shortopts[k++] = o->short_name;
			if (o->arg)
				shortopts[k++] = ':';
		}
	}
	longopts[n] = (struct option){ "help", no_argument, NULL, HELP_ID };
	longopts[n + 1] = (struct option){ NULL, 0, NULL, 0 };
	shortopts[k++] = 'h';
	shortopts[k] = '\0';

	optind = 0; /* GNU: start afresh (each command parses its own argv) */
	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, &li)) != -1) {
		int id = -1;
		if (c == 'h' || c == HELP_ID) {
			help = true;
			continue;
		}
		if (c == '?' || c == ':') {
			const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
			int oi = optopt >= 256 && optopt < 256 + n ? optopt - 256 : -1;
			for (int i = 0; oi < 0 && optopt > 0 && optopt < 256 && i < n; i++)
				if (cmd->opts[i].short_name == optopt)
					oi = i;
			if (c == ':' && oi >= 0)
				return cli_usage_error(cmd, "option '%s' needs a value (%s)",
						       opt_label(&cmd->opts[oi], label, sizeof label),
						       cmd->opts[oi].arg);
			if (oi >= 0) /* a switch given a value: --json=yes */
				return cli_usage_error(cmd, "option '%s' takes no value",
						       opt_label(&cmd->opts[oi], label, sizeof label));
			if (optopt > 0 && optopt < 256)
				return cli_usage_error(cmd, "unknown option '-%c'", optopt);
			if (strncmp(arg, "--", 2) == 0)
				return bad_long(cmd, arg);
			return cli_usage_error(cmd, "unknown option '%s'", arg);
		}
		if (c >= 256 && c < 256 + n)
			id = c - 256;
		for (int i = 0; id < 0 && i < n; i++)
			if (cmd->opts[i].short_name == c)
				id = i;
		if (id < 0)
			return cli_usage_error(cmd, "unknown option '-%c'", c);
		a->val[id] = optarg ? optarg : "";
		if (cmd->opts[id].repeat) {
			if (a->count[id] == CLI_MAX_REPEAT)
				return cli_usage_error(cmd, "more than %d '--%s' options", CLI_MAX_REPEAT,
						       cmd->opts[id].name);
			a->vals[id][a->count[id]] = a->val[id];
		}
		a->count[id]++;
	}
	if (help) {
		if (cmd->help)
			cmd->help(stdout);
		else
			cli_help_command(stdout, cmd);
		return 0;
	}
	a->pos = argv + optind;
	a->npos = argc - optind;
	return -1;
}

int cli_uint(const struct cli_command *cmd, const char *name, const char *text, uint64_t min, uint64_t max,
	     const char *what, uint64_t *out)
{
	uint64_t v = 0;
	const char *p = text;
	bool over = false;

	for (; *p >= '0' && *p <= '9'; p++) {
		unsigned d = (unsigned)(*p - '0');
		if (v > (UINT64_MAX - d) / 10)
			over = true;
		else
			v = v * 10 + d;
	}
	if (p == text || *p || over || v < min || v > max) {
		char range[64];
		if (max == UINT64_MAX)
			snprintf(range, sizeof range, "%llu or more", (unsigned long long)min);
		else
			snprintf(range, sizeof range, "from %llu to %llu", (unsigned long long)min,
				 (unsigned long long)max);
		fprintf(stderr, "%s: --%s: expected a whole number of %s, %s, found '%s'\n", cli_prefix(cmd),
			name, what, range, text);
		return EXIT_USAGE;
	}
	*out = v;
	return 0;
}

/* ---- help ------------------------------------------------------------- */

static void usage_lines(FILE *f, const struct cli_command *cmd, bool first)
{
	const char *s = cmd->synopsis;

	do {
		size_t len = strcspn(s, "\n");
		fprintf(f, "%s vmscan-viz%s%s%s%.*s\n", first ? "usage:" : "      ", cmd->name ? " " : "",
			cmd->name ? cmd->name : "", len ? " " : "", (int)len, s);
		first = false;
		s += len + (s[len] == '\n');
	} while (*s);
}

static void option_line(FILE *f, const struct cli_option *o, const char *extra)
{
	char head[48];

	/* "-p, --policy P", or "    --max-steps N": long names line up */
	if (o->short_name)
		snprintf(head, sizeof head, "-%c, --%s%s%s", o->short_name, o->name, o->arg ? " " : "",
			 o->arg ? o->arg : "");
	else
		snprintf(head, sizeof head, "    --%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
	fprintf(f, "  %-22s %s%s\n", head, o->help, extra ? extra : "");
}

void cli_help_command(FILE *f, const struct cli_command *cmd)
{
	static const struct cli_option help = {
		.name = "help", .short_name = 'h', .arg = NULL, .help = "show this help", .repeat = false
	};

	usage_lines(f, cmd, true);
	fprintf(f, "\n%s\n\nOptions:\n", cmd->summary);
	for (int i = 0; i < nr_opts(cmd); i++)
		option_line(f, &cmd->opts[i], NULL);
	option_line(f, &help, NULL);
}

/* The commands (a bit each) that have an option called @name. */
static unsigned commands_with(const struct cli_command *const *cmds, int n, const char *name)
{
	unsigned mask = 0;

	for (int i = 0; i < n; i++)
		for (int q = 0; q < nr_opts(cmds[i]); q++)
			if (strcmp(cmds[i]->opts[q].name, name) == 0)
				mask |= 1u << i;
	return mask;
}

void cli_help_all(FILE *f, const struct cli_command *tui, const struct cli_command *const *cmds, int n)
{
	static const struct cli_option help = { .name = "help",
						.short_name = 'h',
						.help = "show this help (COMMAND --help: a command's)" };
	const struct cli_option *opt[CLI_MAX_OPTS * 8];
	unsigned mask[CLI_MAX_OPTS * 8], groups[CLI_MAX_OPTS * 8];
	int nopt = 0, ngroups = 0;

	usage_lines(f, tui, true);
	for (int i = 0; i < n; i++)
		usage_lines(f, cmds[i], false);
	fprintf(f, "\n%s\n\nVisualizer options:\n", tui->summary);
	for (int i = 0; i < nr_opts(tui); i++)
		option_line(f, &tui->opts[i], NULL);
	option_line(f, &help, NULL);
	fprintf(f, "\nCommands:\n");
	for (int i = 0; i < n; i++)
		fprintf(f, "  %-10s %s\n", cmds[i]->name, cmds[i]->summary);
	/* each command option once, under the commands that have it */
	for (int i = 0; i < n && n <= 32; i++) {
		for (int j = 0; j < nr_opts(cmds[i]); j++) {
			const struct cli_option *o = &cmds[i]->opts[j];
			bool dup = false;
			for (int k = 0; k < nopt; k++)
				dup |= strcmp(opt[k]->name, o->name) == 0;
			if (dup || nopt == (int)(sizeof opt / sizeof opt[0]))
				continue;
			opt[nopt] = o;
			mask[nopt] = commands_with(cmds, n, o->name);
			dup = false;
			for (int g = 0; g < ngroups; g++)
				dup |= groups[g] == mask[nopt];
			if (!dup)
				groups[ngroups++] = mask[nopt];
			nopt++;
		}
	}
	for (int g = 0; g < ngroups; g++) {
		int left = 0;
		for (int i = 0; i < n; i++)
			left += !!(groups[g] & 1u << i);
		fprintf(f, "\nOptions of ");
		for (int i = 0; i < n; i++) {
			if (!(groups[g] & 1u << i))
				continue;
			left--;
			fprintf(f, "%s%s", cmds[i]->name, left > 1 ? ", " : left == 1 ? " and " : ":\n");
		}
		for (int k = 0; k < nopt; k++)
			if (mask[k] == groups[g])
				option_line(f, opt[k], NULL);
	}
}
