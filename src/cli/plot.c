/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/plot.c - `vmscan-viz plot`: the pictures of a lesson, with gnuplot
 *
 * Charts, each from the rows series.h gives (the access axis shared by
 * every policy) and drawn by gnuplot (Debian: gnuplot-nox) as PNG or SVG:
 *   refaults  an object's cumulative refaults over the accesses, one line
 *             per policy, one panel per object;
 *   resident  the same for its resident pages;
 *   lists     the LRU lists and the free pages over the accesses, one
 *             panel per policy;
 *   counters  compare's key counters at the end, a bar per policy, one
 *             panel per counter.
 *
 * Nothing a scenario says reaches gnuplot as code.  The gnuplot script is
 * fixed text (below); the numbers are written into data files; every
 * string (the title, object names, line titles) goes to gnuplot as an
 * argument of `gnuplot -c`, which gnuplot keeps as a string value and
 * never parses, after its control characters are made visible escapes
 * (util/text.h); the terminal is noenhanced, so no markup is read in them
 * either.  gnuplot starts with -d (no ~/.gnuplot), so one command draws
 * the same picture everywhere.
 *
 * The picture is drawn into a temporary file next to the output and
 * renamed onto it only when gnuplot succeeded and the file is whole (a
 * PNG ends with its IEND chunk, an SVG with </svg>): a failed plot, a full
 * disk or a signal leaves the old picture, or none, never half of one.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../util/suggest.h"
#include "../util/text.h"
#include "series.h"

extern char **environ;

#define MAX_PLOT_POLICIES 8
#define MAX_PANELS	  9
#define POINTS		  2000	 /* rows per policy by default: enough for a slide */
#define SEP		  "\037" /* between the strings of one gnuplot argument */

enum chart { CHART_REFAULTS, CHART_RESIDENT, CHART_LISTS, CHART_COUNTERS, NR_CHARTS };
static const char *const chart_name[NR_CHARTS + 1] = { "refaults", "resident", "lists", "counters", NULL };

/* The script: ARG1 output, ARG2 png or svg, ARG3 the data folder, ARG4
 * the chart, ARG5 the title, ARG6 the panels' titles and ARG7 the lines'
 * (joined by \037), ARG8 width, ARG9 height.  The data: rows.dat, one
 * block per policy (gnuplot's index), columns access, the value of each
 * object shown (refaults, resident), then the lists; final.dat, a row per
 * policy: its name, then the key counters at the end. */
static const char script[] =
	"sep = \"\\037\"\n"
	"nfields(s) = strstrt(s, sep) == 0 ? 1 : 1 + nfields(s[strstrt(s, sep) + 1:])\n"
	"field(s, i) = i == 1 ? (strstrt(s, sep) == 0 ? s : s[1:strstrt(s, sep) - 1]) \\\n"
	"                     : field(s[strstrt(s, sep) + 1:], i - 1)\n"
	"w = int(ARG8 + 0); h = int(ARG9 + 0)\n"
	"if (ARG2 eq \"svg\") {\n"
	"    set terminal svg size w, h dynamic noenhanced font \"DejaVu Sans,11\" background \"white\"\n"
	"} else {\n"
	"    set terminal pngcairo size w, h noenhanced font \"DejaVu Sans,11\"\n"
	"}\n"
	"set output ARG1\n"
	"rows = ARG3 . \"/rows.dat\"\n"
	"final = ARG3 . \"/final.dat\"\n"
	"npanel = nfields(ARG6)\n"
	"ncol = npanel == 1 ? 1 : npanel <= 4 ? 2 : npanel <= 9 ? 3 : 4\n"
	"nrow = int((npanel + ncol - 1) / ncol)\n"
	"nlist = 6\n"
	"set grid\n"
	"set border 3\n"
	"set tics nomirror\n"
	"set linetype 1 lc rgb \"#0072b2\" lw 2 dt 1\n"
	"set linetype 2 lc rgb \"#d55e00\" lw 2 dt 2\n"
	"set linetype 3 lc rgb \"#009e73\" lw 2 dt 3\n"
	"set linetype 4 lc rgb \"#cc79a7\" lw 2 dt 4\n"
	"set linetype 5 lc rgb \"#e69f00\" lw 2 dt 5\n"
	"set linetype 6 lc rgb \"#56b4e9\" lw 2 dt 1\n"
	"set linetype 7 lc rgb \"#000000\" lw 2 dt 2\n"
	"set linetype 8 lc rgb \"#999999\" lw 2 dt 3\n"
	"set multiplot layout nrow, ncol title ARG5 font \",14\"\n"
	"if (ARG4 eq \"counters\") {\n"
	"    set style fill solid 0.8 border -1\n"
	"    set boxwidth 0.8\n"
	"    npol = nfields(ARG7)\n"
	"    set xrange [-0.6:npol - 0.4]\n"
	"    set xtics rotate by 40 right font \",8\"\n"
	"    # the values over the bars: a smaller font when the bars are narrow,\n"
	"    # so that five digits stay clear of their neighbours'\n"
	"    lf = int(w / ncol / npol / 6.0)\n"
	"    lf = lf > 9 ? 9 : lf < 6 ? 6 : lf\n"
	"    unset ytics\n"
	"    set offsets 0, 0, graph 0.25, 0\n"
	"    set yrange [0:*]\n"
	"    unset key\n"
	"    do for [i = 1:npanel] {\n"
	"        set title field(ARG6, i)\n"
	"        plot final using 0:(column(i + 1)):(0.8):($0 + 1):xtic(1) with boxes lc variable, \\\n"
	"             final using 0:(column(i + 1)):(sprintf(\"%.0f\", column(i + 1))) with labels offset 0, "
	"0.7 font sprintf(\",%d\", lf)\n"
	"    }\n"
	"} else {\n"
	"    set xlabel \"workload accesses\"\n"
	"    set key top left font \",9\" samplen 2\n"
	"    if (ARG4 eq \"lists\") {\n"
	"        set ylabel \"pages\"\n"
	"        do for [i = 1:npanel] {\n"
	"            set title field(ARG6, i)\n"
	"            plot for [l = 1:nlist] rows index (i - 1) using 1:(column(1 + l)) with lines lt l dt 1 "
	"\\\n"
	"                title field(ARG7, l)\n"
	"        }\n"
	"    } else {\n"
	"        set ylabel ARG4 eq \"refaults\" ? \"refaults (cumulative)\" : \"resident pages\"\n"
	"        # solid lines, the first policy's the widest: one that lies on\n"
	"        # another still shows as a border around it\n"
	"        npol = int(nfields(ARG7) / npanel)\n"
	"        do for [i = 1:npanel] {\n"
	"            set title field(ARG6, i)\n"
	"            plot for [p = 1:npol] rows index (p - 1) using 1:(column(1 + i)) \\\n"
	"                with lines lt p dt 1 lw (1.5 + 1.2 * (npol - p)) title field(ARG7, (i - 1) * npol + "
	"p)\n"
	"        }\n"
	"    }\n"
	"}\n"
	"unset multiplot\n"
	"set output\n";

enum {
	O_POLICY,
	O_ALL,
	O_CHART,
	O_OBJECT,
	O_OUTPUT,
	O_TITLE,
	O_SIZE,
	O_EVERY,
	O_SOURCE,
	O_MAX_STEPS = O_SOURCE + CLI_NR_SOURCE_ROWS,
	NR_O
};
static const struct cli_option plot_opts[NR_O + 1] = {
	[O_POLICY] = { .name = "policy",
		       .short_name = 'p',
		       .arg = "P",
		       .help = "a policy to draw (repeat it; default: every policy)",
		       .repeat = true },
	[O_ALL] = { .name = "all",
		    .short_name = 'a',
		    .arg = NULL,
		    .help = "every policy (the default)",
		    .repeat = false },
	[O_CHART] = { .name = "chart",
		      .short_name = 0,
		      .arg = "C",
		      .help = "refaults (the default), resident, lists or counters",
		      .repeat = false },
	[O_OBJECT] = { .name = "object",
		       .short_name = 0,
		       .arg = "NAME",
		       .help = "with refaults or resident: this object (repeat it; at most 9)",
		       .repeat = true },
	[O_OUTPUT] = { .name = "output",
		       .short_name = 'o',
		       .arg = "FILE",
		       .help = "the picture, FILE.png or FILE.svg (required)",
		       .repeat = false },
	[O_TITLE] = { .name = "title",
		      .short_name = 0,
		      .arg = "TEXT",
		      .help = "the picture's title (default: the scenario's)",
		      .repeat = false },
	[O_SIZE] = { .name = "size",
		     .short_name = 0,
		     .arg = "WxH",
		     .help = "in pixels (default 1000x600)",
		     .repeat = false },
	[O_EVERY] = { .name = "every",
		      .short_name = 0,
		      .arg = "N",
		      .help = "a point every N accesses (default: 2000 points a line)",
		      .repeat = false },
	CLI_SOURCE_ROWS(O_SOURCE),
	[O_MAX_STEPS] = CLI_OPT_MAX_STEPS,
};

static int plot_main(int argc, char **argv);
const struct cli_command cli_cmd_plot = {
	"plot",
	"[OPTIONS] SCENARIO -o FILE.png|FILE.svg\n[OPTIONS] --trace FILE --memory PAGES -o FILE.png|FILE.svg",
	"draw a chart of the runs under several policies (gnuplot)",
	plot_opts,
	plot_main,
	NULL,
};

struct plot {
	const struct scenario *s;
	enum chart chart;
	uint32_t obj[MAX_PANELS];
	unsigned nobj;
	FILE *rows;
	bool any_row; /* a block is open in rows.dat */
};

/* ---- strings for gnuplot ---------------------------------------------- */

struct strbuf {
	char *s;
	size_t len, cap;
	bool oom;
};

static void sb_add(struct strbuf *b, const char *s)
{
	size_t n = strlen(s);

	if (b->oom)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = (b->len + n + 1) * 2;
		char *p = realloc(b->s, cap);
		if (!p) {
			b->oom = true;
			return;
		}
		b->s = p;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n + 1);
	b->len += n;
}

/* One string of an argument: control characters as visible escapes, and
 * so never the separator; never empty (gnuplot's field() needs a byte). */
static void sb_field(struct strbuf *b, const char *s)
{
	size_t n = 4 * strlen(s) + 16;
	char *safe = malloc(n);

	if (b->len)
		sb_add(b, SEP);
	if (!safe) {
		b->oom = true;
		return;
	}
	text_safe(s, safe, n);
	sb_add(b, safe[0] ? safe : " ");
	free(safe);
}

/* ---- the data ----------------------------------------------------------- */

static int row_out(void *ctx, const struct engine *e, const struct series_row *row)
{
	struct plot *pl = ctx;

	(void)e;
	fprintf(pl->rows, "%" PRIu64, row->access);
	for (unsigned k = 0; k < pl->nobj; k++)
		fprintf(pl->rows, " %" PRIu64,
			pl->chart == CHART_RESIDENT ? (uint64_t)row->resident[pl->obj[k]]
						    : row->refaults[pl->obj[k]]);
	for (int l = 0; l < SERIES_NR_LISTS; l++)
		fprintf(pl->rows, " %" PRIu32, row->lists[l]);
	fputc('\n', pl->rows);
	return ferror(pl->rows) ? 1 : 0;
}

/* The objects shown when none is named: those with the most refaults
 * under any policy (runs to the end first), else the first ones. */
static int pick_objects(struct plot *pl, const struct cli_command *cmd,
			const struct reclaim_policy *const *pol, int npol, uint64_t max)
{
	const struct scenario *s = pl->s;
	uint64_t *most = calloc(s->wl.nr_objects, sizeof *most);

	if (!most) {
		fprintf(stderr, "%s: error: out of memory\n", cli_prefix(cmd));
		return 1;
	}
	for (int k = 0; k < npol; k++) {
		struct engine_error err;
		struct engine *e = engine_new(&s->wl, pol[k], &err);
		if (!e) {
			fprintf(stderr, "%s: error: %s\n", s->path, err.msg);
			free(most);
			return 1;
		}
		while (!engine_done(e)) {
			uint64_t left = max ? max - engine_steps(e) : UINT64_MAX;
			if (max && engine_steps(e) >= max)
				break;
			engine_run(e, left < 1000000 ? left : 1000000);
		}
		for (uint32_t o = 0; o < s->wl.nr_objects; o++)
			if (engine_object(e, o).refaults > most[o])
				most[o] = engine_object(e, o).refaults;
		engine_free(e);
	}
	pl->nobj = 0;
	/* the most refaults first, four at most: a picture that still reads */
	for (unsigned k = 0; k < 4 && k < s->wl.nr_objects; k++) {
		uint32_t best = UINT32_MAX;
		for (uint32_t o = 0; o < s->wl.nr_objects; o++) {
			bool taken = false;
			for (unsigned j = 0; j < pl->nobj; j++)
				taken |= pl->obj[j] == o;
			if (!taken && most[o] && (best == UINT32_MAX || most[o] > most[best]))
				best = o;
		}
		if (best == UINT32_MAX)
			break;
		pl->obj[pl->nobj++] = best;
	}
	for (uint32_t o = 0; !pl->nobj && o < s->wl.nr_objects && o < 4; o++)
		pl->obj[o] = o, pl->nobj = o + 1;
	free(most);
	return 0;
}

static int find_object(const struct cli_command *cmd, const struct scenario *s, const char *name,
		       uint32_t *out)
{
	const char **names = malloc((s->wl.nr_objects + 1) * sizeof *names);
	const char *near;
	char q[96];

	for (uint32_t o = 0; o < s->wl.nr_objects; o++) {
		if (strcmp(s->wl.objects[o].name, name) == 0) {
			free(names);
			*out = o;
			return 0;
		}
		if (names)
			names[o] = s->wl.objects[o].name;
	}
	text_quote(name, q, sizeof q);
	near = names ? suggest(name, names, s->wl.nr_objects) : NULL;
	if (near) {
		char n2[96];
		text_quote(near, n2, sizeof n2);
		cli_usage_error(cmd, "--object: no object %s in the scenario; did you mean %s?", q, n2);
	} else {
		cli_usage_error(cmd, "--object: no object %s in the scenario", q);
	}
	free(names);
	return EXIT_USAGE;
}

/* ---- drawing -------------------------------------------------------------- */

static bool whole_picture(const char *path, bool svg)
{
	static const unsigned char png_end[] = { 0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82 };
	static const unsigned char png_start[] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	unsigned char head[8], tail[64];
	FILE *f = fopen(path, "rb");
	long size;
	bool ok = false;

	if (!f)
		return false;
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 64 && fseek(f, size - 64, SEEK_SET) == 0 &&
	    fread(tail, 1, sizeof tail, f) == sizeof tail && fseek(f, 0, SEEK_SET) == 0 &&
	    fread(head, 1, sizeof head, f) == sizeof head) {
		if (svg) {
			/* "</svg>" and a line feed or two at the end */
			for (size_t i = 0; i + 6 <= sizeof tail && !ok; i++)
				ok = memcmp(tail + i, "</svg>", 6) == 0;
			ok = ok && memcmp(head, "<?xml", 5) == 0;
		} else {
			ok = memcmp(head, png_start, sizeof png_start) == 0 &&
			     memcmp(tail + sizeof tail - sizeof png_end, png_end, sizeof png_end) == 0;
		}
	}
	fclose(f);
	return ok;
}

/* Runs gnuplot on the script: 0, or 1 after saying why. */
static int run_gnuplot(const struct cli_command *cmd, char *const *args)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int rc, status;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	/* gnuplot writes nothing to standard output that the picture needs */
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
	rc = posix_spawnp(&pid, "gnuplot", &fa, NULL, args, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0) {
		if (rc == ENOENT)
			fprintf(stderr,
				"%s: error: gnuplot is not installed (Debian: apt-get install gnuplot-nox)\n",
				cli_prefix(cmd));
		else
			fprintf(stderr, "%s: error: cannot run gnuplot: %s\n", cli_prefix(cmd), strerror(rc));
		return 1;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			fprintf(stderr, "%s: error: waiting for gnuplot: %s\n", cli_prefix(cmd),
				strerror(errno));
			return 1;
		}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFEXITED(status))
		fprintf(stderr, "%s: error: gnuplot failed (exit status %d)\n", cli_prefix(cmd),
			WEXITSTATUS(status));
	else
		fprintf(stderr, "%s: error: gnuplot was killed by signal %d\n", cli_prefix(cmd),
			WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	return 1;
}

/* A file in the work folder. */
static char *work_file(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%s/%s", dir, name);
	return p;
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int bad;

	if (!f)
		return -1;
	fputs(text, f);
	bad = ferror(f);
	return fclose(f) != 0 || bad ? -1 : 0;
}

struct work {
	char dir[64];
	char *rows, *final, *script, *tmp_out;
};

static void work_free(struct work *w)
{
	if (w->rows)
		unlink(w->rows);
	if (w->final)
		unlink(w->final);
	if (w->script)
		unlink(w->script);
	if (w->tmp_out)
		unlink(w->tmp_out);
	if (w->dir[0])
		rmdir(w->dir);
	free(w->rows);
	free(w->final);
	free(w->script);
	free(w->tmp_out);
}

static int parse_size(const struct cli_command *cmd, const char *text, unsigned *w, unsigned *h)
{
	unsigned long a, b;
	char *end;

	errno = 0;
	a = strtoul(text, &end, 10);
	if (end == text || (*end != 'x' && *end != 'X') || text[0] < '0' || text[0] > '9')
		goto bad;
	text = end + 1;
	b = strtoul(text, &end, 10);
	if (end == text || *end || text[0] < '0' || text[0] > '9' || errno || a < 200 || b < 150 ||
	    a > 10000 || b > 10000)
		goto bad;
	*w = (unsigned)a;
	*h = (unsigned)b;
	return 0;
bad:
	fprintf(stderr, "%s: --size: expected WIDTHxHEIGHT in pixels, 200x150 to 10000x10000, found '%s'\n",
		cli_prefix(cmd), text);
	return EXIT_USAGE;
}

static int draw(const struct cli_command *cmd, struct plot *pl, const struct reclaim_policy *const *pol,
		int npol, const struct series_opts *so, const char *out, const char *title, unsigned width,
		unsigned height)
{
	const struct scenario *s = pl->s;
	const char *suffix = strrchr(out, '.');
	bool svg = suffix && strcmp(suffix, ".svg") == 0;
	struct strbuf panels = { 0 }, lines = { 0 };
	struct work w = { .dir = "" };
	const char *tmpdir = getenv("TMPDIR");
	char num[2][24], safe_out[300];
	FILE *final = NULL;
	uint64_t fin[MAX_PLOT_POLICIES][SERIES_MAX_COUNTERS];
	bool shown[SERIES_MAX_COUNTERS] = { false }, any_shown = false;
	int rc = 1;

	snprintf(w.dir, sizeof w.dir, "%s/vmscan-viz-plot.XXXXXX",
		 tmpdir && tmpdir[0] && strlen(tmpdir) < 32 ? tmpdir : "/tmp");
	if (!mkdtemp(w.dir)) {
		fprintf(stderr, "%s: error: cannot make a folder for gnuplot's files: %s\n", cli_prefix(cmd),
			strerror(errno));
		w.dir[0] = '\0';
		return 1;
	}
	w.rows = work_file(w.dir, "rows.dat");
	w.final = work_file(w.dir, "final.dat");
	w.script = work_file(w.dir, "plot.gp");
	if (!w.rows || !w.final || !w.script || !(pl->rows = fopen(w.rows, "w")) ||
	    !(final = fopen(w.final, "w"))) {
		fprintf(stderr, "%s: error: cannot write gnuplot's files in %s: %s\n", cli_prefix(cmd), w.dir,
			strerror(errno));
		goto out;
	}
	for (int k = 0; k < npol; k++) {
		struct engine_error err;
		struct engine *e = engine_new(&s->wl, pol[k], &err);
		int r;
		if (!e) {
			fprintf(stderr, "%s: error: %s\n", s->path, err.msg);
			goto out;
		}
		if (k)
			fputs("\n\n", pl->rows); /* the next policy's block */
		r = series_run(cmd, e, so, row_out, pl);
		for (unsigned i = 0; i < cli_nr_key_counters; i++) {
			fin[k][i] = engine_vmstat(e)[cli_key_counters[i]];
			shown[i] |= fin[k][i] != 0;
		}
		engine_free(e);
		if (r != 0) {
			if (r > 0 && ferror(pl->rows))
				fprintf(stderr, "%s: error: cannot write %s: %s\n", cli_prefix(cmd), w.rows,
					strerror(errno));
			goto out;
		}
	}
	/* a counter no policy moved would be a panel of nothing */
	for (unsigned i = 0; i < cli_nr_key_counters; i++)
		any_shown |= shown[i];
	for (int k = 0; k < npol; k++) {
		fputs(pol[k]->name, final);
		for (unsigned i = 0; i < cli_nr_key_counters; i++)
			if (shown[i] || !any_shown)
				fprintf(final, " %" PRIu64, fin[k][i]);
		fputc('\n', final);
	}
	if (fclose(pl->rows) != 0 || fclose(final) != 0) {
		pl->rows = final = NULL;
		fprintf(stderr, "%s: error: cannot write gnuplot's files in %s: %s\n", cli_prefix(cmd), w.dir,
			strerror(errno));
		goto out;
	}
	pl->rows = final = NULL;
	if (write_text(w.script, script) < 0) {
		fprintf(stderr, "%s: error: cannot write %s: %s\n", cli_prefix(cmd), w.script,
			strerror(errno));
		goto out;
	}

	/* the strings: panels' titles, then lines' titles */
	switch (pl->chart) {
	case CHART_REFAULTS:
	case CHART_RESIDENT:
		for (unsigned i = 0; i < pl->nobj; i++) {
			sb_field(&panels, s->wl.objects[pl->obj[i]].name);
			for (int k = 0; k < npol; k++)
				sb_field(&lines, pol[k]->name);
		}
		break;
	case CHART_LISTS:
		for (int k = 0; k < npol; k++)
			sb_field(&panels, pol[k]->name);
		for (int l = 0; l < SERIES_NR_LISTS; l++)
			sb_field(&lines, series_list_name[l]);
		break;
	default:
		for (unsigned i = 0; i < cli_nr_key_counters; i++)
			if (shown[i] || !any_shown)
				sb_field(&panels, vmstat_name[cli_key_counters[i]]);
		for (int k = 0; k < npol; k++)
			sb_field(&lines, pol[k]->name);
		break;
	}
	{
		struct strbuf t = { 0 };
		sb_field(&t, title);
		if (panels.oom || lines.oom || t.oom || !(w.tmp_out = cli_temp_beside(out))) {
			if (panels.oom || lines.oom || t.oom)
				fprintf(stderr, "%s: error: out of memory\n", cli_prefix(cmd));
			else
				fprintf(stderr, "%s: error: cannot write %s: %s\n", cli_prefix(cmd),
					text_safe(out, safe_out, sizeof safe_out), strerror(errno));
			free(t.s);
			goto out;
		}
		snprintf(num[0], sizeof num[0], "%u", width);
		snprintf(num[1], sizeof num[1], "%u", height);
		char *args[] = { "gnuplot", "-d",
				 "-c",	    w.script,
				 w.tmp_out, svg ? "svg" : "png",
				 w.dir,	    (char *)chart_name[pl->chart],
				 t.s,	    panels.s,
				 lines.s,   num[0],
				 num[1],    NULL };
		rc = run_gnuplot(cmd, args);
		free(t.s);
	}
	if (rc == 0 && !whole_picture(w.tmp_out, svg)) {
		fprintf(stderr, "%s: error: gnuplot did not write a whole %s picture\n", cli_prefix(cmd),
			svg ? "SVG" : "PNG");
		rc = 1;
	}
	if (rc == 0) {
		mode_t mask = umask(0);
		umask(mask);
		if (chmod(w.tmp_out, 0666 & ~mask) != 0 || rename(w.tmp_out, out) != 0)
			rc = -1;
	}
	if (rc < 0) {
		fprintf(stderr, "%s: error: cannot write %s: %s\n", cli_prefix(cmd),
			text_safe(out, safe_out, sizeof safe_out), strerror(errno));
		rc = 1;
	}
	if (rc == 0) {
		free(w.tmp_out);
		w.tmp_out = NULL;
		printf("%s\n", out);
	}
out:
	if (pl->rows)
		fclose(pl->rows);
	if (final)
		fclose(final);
	free(panels.s);
	free(lines.s);
	work_free(&w);
	return rc;
}

static int plot_main(int argc, char **argv)
{
	const struct cli_command *cmd = &cli_cmd_plot;
	const struct reclaim_policy *pol[MAX_PLOT_POLICIES];
	struct series_opts so = { 0 };
	struct plot pl = { 0 };
	struct cli_args a;
	struct scenario s;
	const char *out, *suffix;
	unsigned width = 1000, height = 600, npol = 0;
	int rc = cli_parse(cmd, argc, argv, &a);

	if (rc >= 0)
		return rc;
	out = a.val[O_OUTPUT];
	if (!out)
		return cli_usage_error(cmd, "where to? give -o FILE.png or -o FILE.svg");
	suffix = strrchr(out, '.');
	if (!suffix || (strcmp(suffix, ".png") != 0 && strcmp(suffix, ".svg") != 0))
		return cli_usage_error(cmd, "--output: the file's name must end in .png or .svg");
	pl.chart = CHART_REFAULTS;
	if (a.val[O_CHART]) {
		int c = 0;
		while (chart_name[c] && strcmp(chart_name[c], a.val[O_CHART]) != 0)
			c++;
		if (!chart_name[c]) {
			char q[96];
			text_quote(a.val[O_CHART], q, sizeof q);
			return cli_usage_error(
				cmd, "--chart: expected refaults, resident, lists or counters, found %s", q);
		}
		pl.chart = (enum chart)c;
	}
	if (a.count[O_OBJECT] && pl.chart != CHART_REFAULTS && pl.chart != CHART_RESIDENT)
		return cli_usage_error(cmd, "--object goes with --chart refaults or resident");
	if (a.count[O_OBJECT] > MAX_PANELS)
		return cli_usage_error(cmd, "at most %d --object options", MAX_PANELS);
	if (a.count[O_POLICY] > MAX_PLOT_POLICIES)
		return cli_usage_error(cmd, "at most %d --policy options", MAX_PLOT_POLICIES);
	if (a.count[O_ALL] && a.count[O_POLICY])
		return cli_usage_error(cmd, "give --policy or --all, not both");
	if (a.val[O_SIZE] && parse_size(cmd, a.val[O_SIZE], &width, &height) != 0)
		return EXIT_USAGE;
	if (a.val[O_EVERY] &&
	    cli_uint(cmd, "every", a.val[O_EVERY], 1, UINT64_MAX, "accesses", &so.every) != 0)
		return EXIT_USAGE;
	if (cli_max_steps(cmd, a.val[O_MAX_STEPS], &so.max_steps) != 0)
		return EXIT_USAGE;
	so.max_steps_flag = a.val[O_MAX_STEPS];
	for (unsigned i = 0; i < a.count[O_POLICY]; i++) {
		if (!(pol[npol] = policy_find(a.vals[O_POLICY][i]))) {
			cli_policy(a.vals[O_POLICY][i], NULL);
			return EXIT_USAGE;
		}
		npol++;
	}
	for (unsigned i = 0; !a.count[O_POLICY] && i < nr_reclaim_policies && npol < MAX_PLOT_POLICIES; i++)
		pol[npol++] = reclaim_policies[i];
	if ((rc = cli_load_source(cmd, &a, O_SOURCE, &s)) != 0)
		return rc;
	pl.s = &s;
	rc = cli_check_steps(cmd, &s, so.max_steps, so.max_steps_flag);
	for (unsigned i = 0; rc == 0 && i < a.count[O_OBJECT]; i++)
		rc = find_object(cmd, &s, a.vals[O_OBJECT][i], &pl.obj[pl.nobj++]);
	if (rc == 0 && !a.count[O_OBJECT] && (pl.chart == CHART_REFAULTS || pl.chart == CHART_RESIDENT))
		rc = pick_objects(&pl, cmd, pol, (int)npol, so.max_steps);
	if (rc == 0) {
		if (!so.every)
			so.every = s.steps / POINTS + 1;
		rc = draw(cmd, &pl, pol, (int)npol, &so, out, a.val[O_TITLE] ? a.val[O_TITLE] : s.title,
			  width, height);
	}
	scenario_free(&s);
	return rc;
}
