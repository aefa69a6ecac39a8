/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/screen.c - `vmscan-viz screen`: the visualizer's screen, headless
 *
 * The options say which frame (scenario or trace, policy or two, step or
 * access, size, mode); tui_screen() draws it with the visualizer's own
 * code (tui/headless.c) and screen_out.c writes it as text, ANSI or SVG,
 * to standard output or to -o FILE, written beside FILE under a temporary
 * name and renamed onto it once whole, as `plot` does.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../util/text.h"
#include "cli.h"
#include "screen_out.h"

enum {
	O_POLICY,
	O_COMPARE,
	O_STEP,
	O_ACCESS,
	O_DIVERGENCE,
	O_BOOKMARK,
	O_SIZE,
	O_FORMAT,
	O_OUTPUT,
	O_QUIZ,
	O_BIG,
	O_HELP_SCREEN,
	O_INSPECT,
	O_EXAMINED,
	O_CGROUP,
	O_WHOSE,
	O_MONO,
	O_COLORS,
	O_THEME,
	O_ASCII,
	O_SOURCE,
	NR_O = O_SOURCE + CLI_NR_SOURCE_ROWS
};
static const struct cli_option opts[NR_O + 1] = {
	[O_POLICY] = { .name = "policy",
		       .short_name = 'p',
		       .arg = "P",
		       .help = "draw the run under policy P (see 'vmscan-viz policies'); P/global: without "
			       "the "
			       "scenario's cgroups" },
	[O_COMPARE] = { .name = "compare",
			.short_name = 'c',
			.arg = "A,B",
			.help = "compare mode: policies A and B side by side (moves by --access); A or B may "
				"be "
				"P/global" },
	[O_STEP] = { .name = "step",
		     .short_name = 's',
		     .arg = "N",
		     .help = "at step N, as after the keys g N Enter (default 0)" },
	[O_ACCESS] = { .name = "access",
		       .short_name = 'a',
		       .arg = "N",
		       .help = "at workload access N: its first step; in compare mode, position N" },
	[O_DIVERGENCE] = { .name = "divergence",
			   .arg = "N",
			   .help = "with --compare: at the N-th divergence, as after pressing n N times" },
	[O_BOOKMARK] = { .name = "bookmark",
			 .short_name = 'b',
			 .arg = "NAME",
			 .help = "at the scenario's bookmark NAME, as after ' and Enter (its question: "
				 "--quiz)" },
	[O_SIZE] = { .name = "size",
		     .arg = "WxH",
		     .help = "the terminal's columns and lines, at least 56x16 (default 120x40)" },
	[O_FORMAT] = { .name = "format",
		       .arg = "F",
		       .help = "text (the default: H lines of W columns), ansi (with SGR colours) or svg" },
	[O_OUTPUT] = { .name = "output",
		       .short_name = 'o',
		       .arg = "FILE",
		       .help = "write to FILE (whole, or not at all) instead of standard output" },
	[O_QUIZ] = { .name = "quiz",
		     .help = "quiz mode: at a decision step the question is open, its answer hidden" },
	[O_BIG] = { .name = "big", .help = "projector mode: larger cells, no dim text" },
	[O_HELP_SCREEN] = { .name = "help-screen", .help = "the help screen (the key ?) over the frame" },
	[O_INSPECT] = { .name = "inspect",
			.short_name = 'i',
			.arg = "PAGE",
			.help = "the page inspector on PAGE, written NAME[IDX] (e.g. libc.so[3])" },
	[O_EXAMINED] = { .name = "examined",
			 .help = "the page inspector on the page the step examined (the key i)" },
	[O_CGROUP] = { .name = "cgroup",
		       .arg = "NAME",
		       .help = "the lists panel draws memory cgroup NAME's lists (the key m)" },
	[O_WHOSE] = { .name = "whose",
		      .help = "each cell a letter: the memory cgroup its pages are charged to (the key M)" },
	[O_MONO] = { .name = "mono", .help = "no colours, attributes only (also when NO_COLOR is set)" },
	[O_COLORS] = { .name = "colors",
		       .arg = "N",
		       .help = "8, 16 or 256 colours (default 256; ansi onto a terminal: its TERM's)" },
	[O_THEME] = { .name = "theme", .arg = "T", .help = "dark (the default) or light: dark ink on white" },
	[O_ASCII] = { .name = "ascii",
		      .help = "ASCII glyphs only (also chosen when the locale is not UTF-8)" },
	CLI_SOURCE_ROWS(O_SOURCE),
};

/* cli_parse() reads no row past CLI_MAX_OPTS */
_Static_assert(NR_O <= CLI_MAX_OPTS, "screen's options overflow CLI_MAX_OPTS");

static int screen_main(int argc, char **argv);

const struct cli_command cli_cmd_screen = {
	"screen",
	"[OPTIONS] [SCENARIO.json]\n[OPTIONS] --trace FILE --memory PAGES",
	"draw the visualizer's screen at a step, without a terminal (text, ansi, svg)",
	opts,
	screen_main,
	NULL,
};

/* "WxH": 0, or EXIT_USAGE after a message. */
static int parse_size(const char *text, int *cols, int *lines)
{
	const struct cli_command *cmd = &cli_cmd_screen;
	char safe[64];
	unsigned long w, h;
	char *end;

	if (text[0] < '0' || text[0] > '9')
		goto bad;
	w = strtoul(text, &end, 10);
	if (*end != 'x' || end[1] < '0' || end[1] > '9')
		goto bad;
	h = strtoul(end + 1, &end, 10);
	if (*end)
		goto bad;
	if (w < TUI_MIN_COLS || h < TUI_MIN_LINES)
		return cli_usage_error(
			cmd,
			"--size %lux%lu: the visualizer needs at least %dx%d (smaller, it only "
			"says \"Terminal too small\")",
			w, h, TUI_MIN_COLS, TUI_MIN_LINES);
	if (w > 1000 || h > 1000)
		return cli_usage_error(cmd, "--size %lux%lu: at most 1000x1000", w, h);
	*cols = (int)w;
	*lines = (int)h;
	return 0;
bad:
	return cli_usage_error(cmd, "--size: expected COLUMNSxLINES, e.g. 80x24, not '%s'",
			       text_safe(text, safe, sizeof safe));
}

/* Writes @g to @out ("-" or NULL: standard output): 0, or 1 after a message. */
static int emit(const struct screen_grid *g, enum screen_format fmt, const char *out)
{
	const char *prefix = cli_prefix(&cli_cmd_screen);
	char safe[256], *tmp;
	FILE *f;
	int bad;

	if (!out || strcmp(out, "-") == 0) {
		screen_write(stdout, g, fmt);
		return 0; /* cli_close_stdout() reports a write error */
	}
	text_safe(out, safe, sizeof safe);
	if (!(tmp = cli_temp_beside(out))) {
		fprintf(stderr, "%s: error: cannot write %s: %s\n", prefix, safe, strerror(errno));
		return 1;
	}
	if (!(f = fopen(tmp, "w"))) {
		fprintf(stderr, "%s: error: cannot write %s: %s\n", prefix, safe, strerror(errno));
		unlink(tmp);
		free(tmp);
		return 1;
	}
	screen_write(f, g, fmt);
	bad = ferror(f);
	if (fclose(f) != 0 || bad) {
		fprintf(stderr, "%s: error: cannot write %s: %s\n", prefix, safe,
			strerror(errno ? errno : EIO));
		unlink(tmp);
		free(tmp);
		return 1;
	}
	mode_t mask = umask(0);
	umask(mask);
	if (chmod(tmp, 0666 & ~mask) != 0 || rename(tmp, out) != 0) {
		fprintf(stderr, "%s: error: cannot write %s: %s\n", prefix, safe, strerror(errno));
		unlink(tmp);
		free(tmp);
		return 1;
	}
	free(tmp);
	return 0;
}

/* The request from the options: 0, or an exit status after a message. */
static int make_request(const struct cli_args *a, struct screen_request *r, enum screen_format *fmt)
{
	const struct cli_command *cmd = &cli_cmd_screen;
	int rc;

	r->ncols = 120;
	r->nlines = 40;
	if (a->val[O_SIZE] && (rc = parse_size(a->val[O_SIZE], &r->ncols, &r->nlines)) != 0)
		return rc;
	*fmt = SCREEN_TEXT;
	if (a->val[O_FORMAT]) {
		int k = 0;
		while (k < NR_SCREEN_FORMATS && strcmp(screen_format_name[k], a->val[O_FORMAT]) != 0)
			k++;
		if (k == NR_SCREEN_FORMATS) {
			char safe[64];
			return cli_usage_error(cmd, "--format: text, ansi or svg, not '%s'",
					       text_safe(a->val[O_FORMAT], safe, sizeof safe));
		}
		*fmt = (enum screen_format)k;
	}
	if (!!a->val[O_STEP] + !!a->val[O_ACCESS] + !!a->val[O_DIVERGENCE] + !!a->val[O_BOOKMARK] > 1)
		return cli_usage_error(cmd, "give one of --step, --access, --divergence and --bookmark");
	if (a->val[O_BOOKMARK] && (a->val[O_COMPARE] || a->val[O_SOURCE]))
		return cli_usage_error(cmd,
				       "--bookmark NAME goes with a scenario's own view: no --compare or "
				       "--trace with it");
	if (a->val[O_DIVERGENCE] && !a->val[O_COMPARE])
		return cli_usage_error(cmd, "--divergence goes with --compare A,B");
	if (a->val[O_DIVERGENCE] && (rc = cli_uint(cmd, "divergence", a->val[O_DIVERGENCE], 1, UINT64_MAX - 1,
						   "divergences", &r->divergence)) != 0)
		return rc;
	if (a->val[O_STEP] &&
	    (rc = cli_uint(cmd, "step", a->val[O_STEP], 0, UINT64_MAX - 1, "steps", &r->step)) != 0)
		return rc;
	if (a->val[O_ACCESS] &&
	    (rc = cli_uint(cmd, "access", a->val[O_ACCESS], 0, UINT64_MAX - 1, "accesses", &r->access)) != 0)
		return rc;
	r->has_step = a->val[O_STEP] != NULL;
	r->has_access = a->val[O_ACCESS] != NULL;
	if (a->val[O_INSPECT] && a->count[O_EXAMINED])
		return cli_usage_error(cmd, "give --inspect PAGE or --examined, not both");
	if (a->val[O_COMPARE]) {
		if ((rc = cli_compare_refs(cmd, a->val[O_COMPARE], r->o.compare)) != 0)
			return rc;
		if (a->val[O_POLICY])
			return cli_usage_error(cmd, "--compare A,B names both policies: no --policy with it");
		if (r->has_step)
			return cli_usage_error(cmd, "compare mode moves by workload access: give --access N");
		if (a->count[O_QUIZ] || a->val[O_INSPECT] || a->count[O_EXAMINED])
			return cli_usage_error(cmd, "compare mode has no quiz and no page inspector");
	}
	if (a->val[O_POLICY] && cli_policy_ref(a->val[O_POLICY], NULL, true, &r->o.policy) < 0)
		return EXIT_USAGE;
	r->o.quiz = a->count[O_QUIZ];
	r->o.big = a->count[O_BIG];
	r->o.no_color = a->count[O_MONO];
	if (a->val[O_COLORS]) {
		const char *c = a->val[O_COLORS];
		r->colors = !strcmp(c, "8") ? 8 : !strcmp(c, "16") ? 16 : !strcmp(c, "256") ? 256 : 0;
		if (!r->colors) {
			char safe[64];
			return cli_usage_error(cmd, "--colors: 8, 16 or 256, not '%s'",
					       text_safe(c, safe, sizeof safe));
		}
	} else if (*fmt == SCREEN_ANSI && !a->val[O_OUTPUT] && isatty(STDOUT_FILENO)) {
		r->colors = -1; /* drawn for the terminal that shows it */
	}
	r->o.ascii = a->count[O_ASCII];
	if (a->val[O_THEME] && cli_theme(cmd, a->val[O_THEME], &r->o.light) != 0)
		return EXIT_USAGE;
	r->help = a->count[O_HELP_SCREEN];
	r->inspect = a->val[O_INSPECT];
	r->examined = a->count[O_EXAMINED];
	r->cgroup = a->val[O_CGROUP];
	r->whose = a->count[O_WHOSE];
	r->bookmark = a->val[O_BOOKMARK];
	return 0;
}

static int screen_main(int argc, char **argv)
{
	const struct cli_command *cmd = &cli_cmd_screen;
	struct screen_request r = { 0 };
	struct screen_grid g;
	enum screen_format fmt;
	struct cli_args a;
	char err[512];
	int rc = cli_parse(cmd, argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (a.npos > 1)
		return cli_usage_error(cmd, "unexpected argument '%s': one scenario", a.pos[1]);
	if ((rc = make_request(&a, &r, &fmt)) != 0)
		return rc;
	if (a.val[O_SOURCE]) { /* a trace: the scenario `run --trace` would make */
		if (!(r.o.scenario = calloc(1, sizeof *r.o.scenario))) {
			fprintf(stderr, "%s: error: out of memory\n", cli_prefix(cmd));
			return 1;
		}
		if ((rc = cli_load_source(cmd, &a, O_SOURCE, r.o.scenario)) != 0) {
			scenario_free(r.o.scenario);
			free(r.o.scenario);
			return rc;
		}
	} else {
		for (int i = O_SOURCE + 1; i < O_SOURCE + CLI_NR_SOURCE_ROWS; i++)
			if (a.val[i])
				return cli_usage_error(cmd, "--%s goes with --trace FILE", opts[i].name);
		r.o.path = a.npos ? a.pos[0] : NULL;
	}
	rc = tui_screen(&r, &g, err, sizeof err);
	if (rc != 0) {
		if (err[0]) {
			char safe[600];
			fprintf(stderr, "%s: error: %s\n", cli_prefix(cmd),
				text_safe(err, safe, sizeof safe));
		}
		return rc;
	}
	rc = emit(&g, fmt, a.val[O_OUTPUT]);
	screen_grid_free(&g);
	return rc;
}
