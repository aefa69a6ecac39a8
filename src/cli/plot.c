/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/plot.c - `vmscan-viz plot`: the pictures of a lesson, with gnuplot
 *
 * Charts, each from the rows series.h gives (the access axis shared by
 * every policy) and drawn by gnuplot (Debian: gnuplot-nox) as PNG or SVG:
 *   refaults  an object's cumulative refaults over the accesses, one line
 *             per policy, one panel per object;
 *   resident  the same for its resident pages;
 *   active    the same for its pages on an active list (the flood of the
 *             active list, object by object);
 *   lists     the LRU lists and the free pages over the accesses, one
 *             panel per policy (2.6.33 and 2.6.34 unless told);
 *   gens      the multi-gen LRU's generations over the accesses, by age
 *             rank (age0 the youngest, max_seq) and type, one panel per
 *             policy that runs them (mglru unless told);
 *   counters  compare's key counters at the end, a bar per policy, one
 *             panel per counter.
 * With --real FILE.csv (`vmscan-viz real --csv`'s timeline, read by
 * timeline_csv.c) the refaults and resident charts draw the file, not a
 * run: "the simulator and the kernel", per object the simulator's line
 * solid and each boot's dashed in the object's one colour, and under
 * lru_gen a panel of max_seq, the aging of both.
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
 * disk or a signal leaves the old picture, or none, never half of one;
 * a signal also takes the temporary and the work folder with it.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../util/suggest.h"
#include "../util/text.h"
#include "series.h"
#include "timeline_csv.h"

extern char **environ;

#define MAX_PLOT_POLICIES NR_RECLAIM_POLICIES /* every policy, once */
#define MAX_PANELS	  9
#define PAGE_PANELS	  4	 /* lists and counters: panels a picture, the rest on pages of their own */
#define POINTS		  2000	 /* rows per policy by default: enough for a slide */
#define SEP		  "\037" /* between the strings of one gnuplot argument */

enum chart {
	CHART_REFAULTS,
	CHART_RESIDENT,
	CHART_ACTIVE,
	CHART_LISTS,
	CHART_COUNTERS,
	CHART_GENS,
	NR_CHARTS
};
static const char *const chart_name[NR_CHARTS + 1] = { "refaults", "resident", "active", "lists",
						       "counters", "gens",     NULL };
/* The policies of the lists chart when none is named: the lesson's two,
 * a panel each (--all draws every policy's, in a grid). */
static const char *const lists_default[] = { "2.6.33", "2.6.34" };
/* The gens chart's when none is named: the policy with generations. */
static const char *const gens_default = "mglru";

/*
 * The script: ARG1 output, ARG2 png or svg, ARG3 the data folder, ARG4
 * the chart (lists and gens draw the same way: a line per list, or per
 * generation, a panel per policy), ARG5 the title, ARG6 the panels' titles and ARG7 the lines'
 * (joined by \037), ARG8 "WIDTH HEIGHT XSCALE" (the accesses are divided
 * by XSCALE, 1, 1000 or 1000000, so that no tick needs an exponent;
 * --real adds the object panels' count and each one's colour), ARG9
 * the registry index of each policy, by spaces (gnuplot -c takes nine).
 * The data: rows.dat, one block per policy (gnuplot's index), columns
 * access, the value of each object shown (refaults, resident, active),
 * then the lists, then the generations (gen.age0.anon, gen.age0.file to
 * gen.age3.file: 0 under a two-list policy); final.dat, a row per policy: its name, its registry
 * index, then the key counters at the end.
 *
 * For a slide: the text is about a 46th of the height (11 points at
 * 1000x600, 23 at 1920x1080, 16 at 1024x768, never under 7); legends sit
 * outside the data, at the right of each panel; a policy has one colour
 * and one dash on every chart, from its place in the registry (2.6.34 is
 * always vermillion), and its line is drawn the wider the earlier it is
 * drawn, so that one lying on another (2.6.33 under 2.6.33-patch1, whose
 * dashes let it show through) still shows as a border around it; the y
 * axis starts at 0 with a twelfth of headroom above the highest point,
 * and the axes are drawn behind the lines, so that none lies hidden on a
 * frame.
 */
static const char *const script[] = {
	"sep = \"\\037\"\n"
	"nfields(s) = strstrt(s, sep) == 0 ? 1 : 1 + nfields(s[strstrt(s, sep) + 1:])\n"
	"field(s, i) = i == 1 ? (strstrt(s, sep) == 0 ? s : s[1:strstrt(s, sep) - 1]) \\\n"
	"                     : field(s[strstrt(s, sep) + 1:], i - 1)\n"
	"w = int(word(ARG8, 1) + 0); h = int(word(ARG8, 2) + 0); xs = word(ARG8, 3) + 0\n"
	"# the panels before this page's (lists: policies' blocks, counters: columns)\n"
	"poff = int(word(ARG8, 4) + 0)\n"
	"fs = int(h / 46.0); fs = fs < 7 ? 7 : fs > 40 ? 40 : fs\n"
	"# gnuplot's SVG takes font sizes in pixels, its PNG in points of 4/3 pixel\n"
	"fu = ARG2 eq \"svg\" ? 4.0 / 3 : 1\n"
	"lwk = h / 600.0; lwk = lwk < 0.7 ? 0.7 : lwk\n"
	"if (ARG2 eq \"svg\") {\n"
	"    set terminal svg size w, h dynamic noenhanced font sprintf(\"DejaVu Sans,%d\", int(fs * fu)) "
	"background "
	"\"white\"\n"
	"} else {\n"
	"    set terminal pngcairo size w, h noenhanced font sprintf(\"DejaVu Sans,%d\", fs)\n"
	"}\n"
	"set output ARG1\n"
	"rows = ARG3 . \"/rows.dat\"\n"
	"final = ARG3 . \"/final.dat\"\n"
	"npanel = nfields(ARG6)\n"
	"ncol = npanel == 1 ? 1 : npanel <= 4 ? 2 : npanel <= 9 ? 3 : 4\n"
	"nrow = int((npanel + ncol - 1) / ncol)\n"
	"# the lines of a panel of lists, or of generations (after the 6 lists)\n"
	"ml = ARG4 eq \"lists\" || ARG4 eq \"gens\"\n"
	"nlist = ARG4 eq \"gens\" ? 8 : 6; loff = ARG4 eq \"gens\" ? 6 : 0; lt0 = ARG4 eq \"gens\" ? 20 : "
	"10\n"
	"set grid lc rgb \"#d8d8d8\"\n"
	"set border 3 back lc rgb \"#808080\"\n"
	"set tics nomirror\n"
	"# a colour and a dash per policy, in the registry's order\n"
	"pcolor = \"#0072b2 #cc79a7 #009e73 #d55e00 #e69f00 #56b4e9 #000000 #999999 #f0e442\"\n"
	"pdash = \"1 2 4 1 2 3 5 1 2\"\n"
	"do for [k = 1:9] {\n"
	"    set linetype k lc rgb word(pcolor, k) lw 2 * lwk dt int(word(pdash, k) + 0)\n"
	"    set linetype 30 + k lc rgb word(pcolor, k) lw 2 * lwk dt 3\n"
	"}\n"
	"# the lists: their own colours\n"
	"lcolor = \"#cc79a7 #d55e00 #56b4e9 #0072b2 #999999 #009e73\"\n"
	"do for [l = 1:6] {\n"
	"    set linetype 10 + l lc rgb word(lcolor, l) lw 2 * lwk dt 1\n"
	"}\n"
	"# the generations: anon warm, file cool, darker the younger; age3 dashed\n"
	"gcolor = \"#7f2704 #0b3c6b #d55e00 #0072b2 #e69f00 #56b4e9 #e69f00 #56b4e9\"\n"
	"gdash = \"1 1 1 1 1 1 2 2\"\n"
	"do for [l = 1:8] {\n"
	"    set linetype 20 + l lc rgb word(gcolor, l) lw 2 * lwk dt int(word(gdash, l) + 0)\n"
	"}\n"
	"pk(p) = int(word(ARG9, p) + 0) + 1\n"
	"# --real: ARG8 goes on with the object panels' count, then each one's colour\n"
	"# (its place in the CSV); the panel after them, max_seq, is grey\n"
	"nreal = int(word(ARG8, 5) + 0)\n"
	"# (40 + k the simulator's, wide and light, 50 + k the kernel's, dashed on\n"
	"# top of it in the full colour: the colour k, 0 grey; a # inside a block\n"
	"# would begin a comment, so the colours' strings are made out here)\n"
	"ol(i) = i > nreal ? 0 : int(word(ARG8, 5 + i) + 0) % 9 + 1\n"
	"grey = \"#404040\"; light = \"#99\"\n"
	"oc(k) = k ? word(pcolor, k) : grey\n"
	"do for [k = 0:9] {\n"
	"    set linetype 40 + k lc rgb light . oc(k)[2:7] dt 1\n"
	"    set linetype 50 + k lc rgb oc(k) dt 2\n"
	"}\n"
	"npol = words(ARG9)\n"
	"kf = sprintf(\",%d\", int(fs * fu * 0.85))\n"
	"set format y \"%.0f\"\n",
	/* the charts: one string each, under C's 4095 bytes */
	"if (ARG4 eq \"counters\") {\n"
	"    set multiplot layout nrow, ncol title ARG5 font sprintf(\",%d\", int(fs * fu * 1.3))\n"
	"    set style fill solid 0.8 border -1\n"
	"    set boxwidth 0.8\n"
	"    set xrange [-0.6:npol - 0.4]\n"
	"    # the policies' names under the bars: smaller when the bars are narrow\n"
	"    tfs = int(w / ncol / npol / 5.5); tfs = tfs > int(fs * 0.8) ? int(fs * 0.8) : tfs < 6 ? 6 : "
	"tfs\n"
	"    tf = sprintf(\",%d\", int(tfs * fu))\n"
	"    set xtics rotate by 40 right font tf\n"
	"    # the values over the bars: a smaller font when the bars are narrow,\n"
	"    # so that five digits stay clear of their neighbours'\n"
	"    lf = int(w / ncol / npol / 9.0)\n"
	"    lf = lf > int(fs * 0.85) ? int(fs * 0.85) : lf < 5 ? 5 : lf\n"
	"    unset ytics\n"
	"    set offsets 0, 0, graph 0.25, 0\n"
	"    unset key\n"
	"    do for [i = 1:npanel] {\n"
	"        set title field(ARG6, i)\n"
	"        # a panel of zeros has a range of its own: [0:*] would be empty\n"
	"        stats final using (column(poff + i + 2)) nooutput\n"
	"        if (STATS_max > 0) { set yrange [0:*] } else { set yrange [0:1] }\n"
	"        plot final using 0:(column(poff + i + 2)):(0.8):(column(2) + 1):xtic(1) with boxes lc "
	"variable, \\\n"
	"             final using 0:(column(poff + i + 2)):(sprintf(\"%.0f\", column(poff + i + 2))) with "
	"labels offset 0, 0.7 font sprintf(\",%d\", lf)\n"
	"    }\n"
	"} else {\n",
	"    # the panels in a grid of their own boxes over one key for the whole\n"
	"    # picture, under them: a line of text is about 1.8 fs pixels high, a\n"
	"    # key entry about 11 fs wide\n"
	"    nkey = ml ? nlist : npol\n"
	"    perrow = int(0.95 * w / (11.0 * fs)); perrow = perrow < 1 ? 1 : perrow > nkey ? nkey : perrow\n"
	"    keyrows = int((nkey + perrow - 1) / perrow)\n"
	"    ch = 1.8 * fs / h\n"
	"    bm = (0.6 + 1.1 * keyrows) * ch; tm = 1 - 1.9 * ch\n"
	"    pw = 1.0 / ncol; ph = (tm - bm) / nrow\n"
	"    # a title of two strings is two lines (--real: what was drawn against what)\n"
	"    tl2 = nfields(ARG5) > 1\n"
	"    if (tl2) { tm = tm - 1.3 * ch; ph = (tm - bm) / nrow }\n"
	"    # a title wider than the picture in a smaller font (a character is\n"
	"    # about 0.7 of the font's size wide)\n"
	"    tlen = tl2 ? (strlen(field(ARG5, 1)) > strlen(field(ARG5, 2)) ? strlen(field(ARG5, 1)) : "
	"strlen(field(ARG5, 2))) : strlen(ARG5)\n"
	"    tsz = fs * 1.3; tsz = tsz * 0.7 * tlen > 0.95 * w ? 0.95 * w / (0.7 * tlen) : tsz\n"
	"    set multiplot title (tl2 ? field(ARG5, 1) . \"\\n\" . field(ARG5, 2) : ARG5) font "
	"sprintf(\",%d\", "
	"int(tsz * fu))\n"
	"    set xlabel \"workload accesses\" . (xs == 1000000 ? \" (millions)\" : xs == 1000 ? \" "
	"(thousands)\" : \"\")\n"
	"    set format x \"%g\"\n"
	"    # about 8 ticks across the picture: 0, 500, 1000 and not 0500100015002000\n"
	"    stats rows using ($1 / xs) nooutput\n"
	"    nice(x) = x <= 0 ? 1 : (nm = 10 ** floor(log10(x)), nr = x / nm, (nr <= 1 ? 1 : nr <= 2 ? 2 : "
	"nr <= 5 ? 5 : 10) * nm)\n"
	"    set xtics nice(STATS_max / (8.0 / ncol))\n"
	"    # and up on the y axis, a tick every 3 lines of text at most\n"
	"    nyt = int(ph * h / (3.0 * fs)); nyt = nyt < 2 ? 2 : nyt > 8 ? 8 : nyt\n"
	"    set autoscale xfix\n"
	"    set yrange [0:*]\n"
	"    set offsets 0, 0, graph 0.08, 0\n"
	"    unset key\n"
	"    ylab = ml ? \"pages\" : ARG4 eq \"refaults\" ? \"refaults (cumulative)\" : "
	"\\\n"
	"        ARG4 eq \"active\" ? \"pages on an active list\" : \"resident pages\"\n"
	"    do for [i = 1:npanel] {\n"
	"        set ylabel (nreal > 0 && i > nreal ? \"max_seq\" : ylab)\n"
	"        set origin ((i - 1) % ncol) * pw, tm - (int((i - 1) / ncol) + 1) * ph\n"
	"        set size pw, ph\n"
	"        set title field(ARG6, i)\n"
	"        # stats reads the range in force: a flat panel's [0:1] would hide the next one's points\n"
	"        set yrange [*:*]\n"
	"        ymax = 0\n"
	"        if (ml) {\n"
	"            do for [l = 1:nlist] {\n"
	"                stats rows index (poff + i - 1) using (column(1 + loff + l)) nooutput\n"
	"                ymax = STATS_max > ymax ? STATS_max : ymax\n"
	"            }\n"
	"        } else {\n"
	"            stats rows using (column(1 + i)) nooutput\n"
	"            ymax = STATS_max\n"
	"        }\n"
	"        set ytics nice(ymax / nyt)\n"
	"        if (ymax > 0) { set yrange [0:*] } else { set yrange [0:1] }\n"
	"        if (ml) {\n"
	"            plot for [l = 1:nlist] rows index (poff + i - 1) using ($1 / xs):(column(1 + loff + l)) "
	"with "
	"lines "
	"lt lt0 + l\n"
	"        } else {\n"
	"            # gnuplot 5.4 has no else if\n"
	"            if (nreal > 0) {\n"
	"                plot for [p = 1:npol] rows index (p - 1) using ($1 / xs):(column(1 + i)) \\\n"
	"                    with lines lt (p == 1 ? 40 : 50) + ol(i) lw lwk * (p == 1 ? 4 : 2)\n"
	"            } else {\n"
	"                plot for [p = 1:npol] rows index (p - 1) using ($1 / xs):(column(1 + i)) \\\n"
	"                    with lines lt pk(p) lw lwk * (2 + 2.4 * (npol - p) / npol)\n"
	"            }\n"
	"        }\n"
	"    }\n",
	/* the key: a string of its own, under C's 4095 bytes */
	"    # the key: lines of nothing in a box of their own\n"
	"    set origin 0, 0\n"
	"    set size 1, bm\n"
	"    unset border; unset tics; unset xlabel; unset ylabel; unset title; unset grid\n"
	"    set xrange [0:1]; set yrange [0:1]; set offsets 0, 0, 0, 0\n"
	"    set lmargin 0; set rmargin 0; set tmargin 0; set bmargin 0\n"
	"    set key center center horizontal maxcols perrow Left reverse samplen (nreal > 0 ? 5 : 2) font "
	"kf\n"
	"    if (ml) {\n"
	"        plot for [l = 1:nlist] NaN with lines lt lt0 + l title field(ARG7, l)\n"
	"    } else {\n"
	"        if (nreal > 0) {\n"
	"            plot for [p = 1:npol] NaN with lines lt (p == 1 ? 40 : 50) lw lwk * (p == 1 ? 4 : 2) "
	"title field(ARG7, p)\n"
	"        } else {\n"
	"            plot for [p = 1:npol] NaN with lines lt pk(p) lw lwk * (2 + 2.4 * (npol - p) / npol) "
	"title field(ARG7, p)\n"
	"        }\n"
	"    }\n"
	"}\n"
	"unset multiplot\n"
	"set output\n",
	NULL,
};

enum {
	O_POLICY,
	O_ALL,
	O_CHART,
	O_OBJECT,
	O_OUTPUT,
	O_TITLE,
	O_SIZE,
	O_EVERY,
	O_REAL,
	O_SOURCE,
	O_MAX_STEPS = O_SOURCE + CLI_NR_SOURCE_ROWS,
	NR_O
};
static const struct cli_option plot_opts[NR_O + 1] = {
	[O_POLICY] = { .name = "policy",
		       .short_name = 'p',
		       .arg = "P",
		       .help = "a policy to draw (repeat it; default: every policy, for lists 2.6.33 and "
			       "2.6.34)",
		       .repeat = true },
	[O_ALL] = { .name = "all", .short_name = 'a', .help = "every policy (the default but for lists)" },
	[O_CHART] = { .name = "chart",
		      .arg = "C",
		      .help = "refaults (the default), resident, active, lists, counters or gens" },
	[O_OBJECT] = { .name = "object",
		       .arg = "NAME",
		       .help = "with refaults, resident or active: this object (repeat it; at most 9)",
		       .repeat = true },
	[O_OUTPUT] = { .name = "output",
		       .short_name = 'o',
		       .arg = "FILE",
		       .help = "the picture, FILE.png or FILE.svg (required); lists of more than 4 panels, "
			       "and --all counters: pages FILE-1.png, FILE-2.png ..." },
	[O_TITLE] = { .name = "title",
		      .arg = "TEXT",
		      .help = "the picture's title (default: the scenario's)" },
	[O_SIZE] = { .name = "size", .arg = "WxH", .help = "in pixels (default 1000x600)" },
	[O_EVERY] = { .name = "every",
		      .arg = "N",
		      .help = "a point every N accesses (default: 2000 points a line)" },
	[O_REAL] = { .name = "real",
		     .arg = "FILE.csv",
		     .help = "the simulator and the kernel: draw the timeline CSV of `vmscan-viz real`, the "
			     "simulator solid, the kernel dashed (--memory: a size of its sweep)" },
	CLI_SOURCE_ROWS(O_SOURCE),
	[O_MAX_STEPS] = CLI_OPT_MAX_STEPS,
};

static int plot_main(int argc, char **argv);
const struct cli_command cli_cmd_plot = {
	"plot",
	"[OPTIONS] SCENARIO -o FILE.png|FILE.svg\n[OPTIONS] --trace FILE --memory PAGES -o "
	"FILE.png|FILE.svg\n[--chart refaults|resident] [--object NAME] [--memory PAGES] --real FILE.csv -o "
	"FILE.png|FILE.svg",
	"draw a chart of the runs under several policies (gnuplot)",
	plot_opts,
	plot_main,
	NULL,
};

struct plot {
	const struct scenario *s;
	enum chart chart;
	bool all; /* --all: every policy, for a slide (counters: paged) */
	uint32_t obj[MAX_PANELS];
	unsigned nobj;
	FILE *rows;
	const struct timeline *tl; /* --real: the rows are real's timeline */
	const char *subtitle;	   /* the title's second line, or NULL */
	bool quiet;		   /* the picture's name not printed (real --plot --csv) */
	bool seq_panel;		   /* --real under lru_gen: a panel of max_seq after the objects' */
	bool any_row;		   /* a block is open in rows.dat */
	uint64_t max_access;	   /* the x axis's end */
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
	if (row->access > pl->max_access)
		pl->max_access = row->access;
	for (unsigned k = 0; k < pl->nobj; k++)
		fprintf(pl->rows, " %" PRIu64,
			pl->chart == CHART_RESIDENT ? (uint64_t)row->resident[pl->obj[k]]
			: pl->chart == CHART_ACTIVE ? (uint64_t)row->active[pl->obj[k]]
						    : row->refaults[pl->obj[k]]);
	for (int l = 0; l < SERIES_NR_LISTS; l++)
		fprintf(pl->rows, " %" PRIu32, row->lists[l]);
	for (unsigned r = 0; r < SERIES_NR_GENS; r++)
		fprintf(pl->rows, " %" PRIu32 " %" PRIu32, row->gen_pages[r][0], row->gen_pages[r][1]);
	fputc('\n', pl->rows);
	return ferror(pl->rows) ? 1 : 0;
}

/* The objects shown when none is named: those with the most refaults
 * under any policy (runs to the end first), or for the active chart the
 * most pages on an active list at any time (looked at every 256 steps),
 * else the first ones. */
static int pick_objects(struct plot *pl, const struct cli_command *cmd, const struct policy_ref *pol,
			int npol, uint64_t max)
{
	const struct scenario *s = pl->s;
	uint64_t *most = calloc(s->wl.nr_objects, sizeof *most);

	if (!most) {
		fprintf(stderr, "%s: error: out of memory\n", cli_prefix(cmd));
		return 1;
	}
	for (int k = 0; k < npol; k++) {
		struct engine_error err;
		struct workload tmp;
		struct engine *e =
			engine_new(policy_ref_workload(&pol[k], &s->wl, &tmp), pol[k].policy, &err);
		if (!e) {
			fprintf(stderr, "%s: error: %s\n", s->path, err.msg);
			free(most);
			return 1;
		}
		uint64_t chunk = pl->chart == CHART_ACTIVE ? 256 : 1000000;
		while (!engine_done(e)) {
			uint64_t left = max ? max - engine_steps(e) : UINT64_MAX;
			if (max && engine_steps(e) >= max)
				break;
			engine_run(e, left < chunk ? left : chunk);
			for (uint32_t o = 0; pl->chart == CHART_ACTIVE && o < s->wl.nr_objects; o++)
				if (engine_object(e, o).active > most[o])
					most[o] = engine_object(e, o).active;
		}
		for (uint32_t o = 0; pl->chart != CHART_ACTIVE && o < s->wl.nr_objects; o++)
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

/* --object @name among @names (a scenario's objects, or a timeline's
 * columns, @where says which): its index into *@out, or a usage error
 * that names the one meant. */
static int find_object(const struct cli_command *cmd, const char *const *names, uint32_t n, const char *where,
		       const char *name, uint32_t *out)
{
	const char *near;
	char q[96];

	for (uint32_t o = 0; o < n; o++)
		if (strcmp(names[o], name) == 0) {
			*out = o;
			return 0;
		}
	text_quote(name, q, sizeof q);
	near = suggest(name, names, n);
	if (near) {
		char n2[96];
		text_quote(near, n2, sizeof n2);
		return cli_usage_error(cmd, "--object: no object %s in %s; did you mean %s?", q, where, n2);
	}
	return cli_usage_error(cmd, "--object: no object %s in %s", q, where);
}

static int find_scenario_object(const struct cli_command *cmd, const struct scenario *s, const char *name,
				uint32_t *out)
{
	const char **names = malloc((s->wl.nr_objects + 1) * sizeof *names);
	int rc;

	if (!names) {
		fprintf(stderr, "%s: error: out of memory\n", cli_prefix(cmd));
		return 1;
	}
	for (uint32_t o = 0; o < s->wl.nr_objects; o++)
		names[o] = s->wl.objects[o].name;
	rc = find_object(cmd, names, s->wl.nr_objects, "the scenario", name, out);
	free(names);
	return rc;
}

/* ---- --real: the simulator and the kernel ------------------------------- */

/* rows.dat from the timeline: the simulator's block, then each boot's;
 * the columns access, each object shown, max_seq. */
static int timeline_rows(struct plot *pl)
{
	const struct timeline *t = pl->tl;
	size_t width = tl_width(t);

	for (unsigned b = 0; b <= t->nrun; b++) {
		const struct tl_block *blk = b ? &t->run[b - 1] : &t->sim;
		if (b)
			fputs("\n\n", pl->rows);
		for (size_t r = 0; r < blk->n; r++) {
			const uint64_t *row = blk->v + r * width;
			fprintf(pl->rows, "%" PRIu64, row[0]);
			if (row[0] > pl->max_access)
				pl->max_access = row[0];
			for (unsigned k = 0; k < pl->nobj; k++)
				fprintf(pl->rows, " %" PRIu64,
					row[2 + 2 * pl->obj[k] + (pl->chart == CHART_RESIDENT ? 0 : 1)]);
			fprintf(pl->rows, " %" PRIu64 "\n", row[1]);
		}
	}
	return ferror(pl->rows) ? 1 : 0;
}

/* The kernel's release, the first word of its uname. */
static void kernel_release(const struct timeline *t, char *buf, size_t n)
{
	const char *k = t->kernel && t->kernel[0] ? t->kernel : "6.1";

	snprintf(buf, n, "%.*s", (int)strcspn(k, " "), k);
}

/* The key: the simulator's line, then each boot's. */
static void timeline_lines(struct strbuf *lines, const struct timeline *t)
{
	char name[200], rel[80];

	kernel_release(t, rel, sizeof rel);
	snprintf(name, sizeof name, "simulator: %s", t->policy);
	sb_field(lines, name);
	for (unsigned b = 1; b <= t->nrun; b++) {
		int n = snprintf(name, sizeof name, "kernel: Linux %s, lru_gen %s", rel,
				 t->max_seq ? "on" : "off");
		if (t->nrun > 1 && n > 0 && (size_t)n < sizeof name)
			snprintf(name + n, sizeof name - (size_t)n, ", boot %u", b);
		sb_field(lines, name);
	}
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

static int write_text(const char *path, const char *const *text)
{
	FILE *f = fopen(path, "w");
	int bad;

	if (!f)
		return -1;
	for (; *text; text++)
		fputs(*text, f);
	bad = ferror(f);
	return fclose(f) != 0 || bad ? -1 : 0;
}

struct work {
	char dir[64];
	char *rows, *final, *script, *tmp_out;
};

static void work_unlink(const struct work *w)
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
}

/* A name is taken from the work before it is freed: the signal handler
 * below may read it at any moment. */
static void take_free(char **p)
{
	char *q = *p;

	*p = NULL;
	free(q);
}

static void work_free(struct work *w)
{
	work_unlink(w);
	take_free(&w->rows);
	take_free(&w->final);
	take_free(&w->script);
	take_free(&w->tmp_out);
}

/*
 * An interrupted plot (^C, kill, a closed terminal) leaves nothing: the
 * picture's temporary beside the output and gnuplot's work folder go, then
 * the signal takes its default course (gnuplot, in the same process group,
 * gets it too).  unlink() and rmdir() are async-signal-safe.
 */
static const int cleanup_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
static struct {
	const struct work *volatile work;
	char *volatile tmp_out; /* the picture's temporary, until renamed */
	struct sigaction old[sizeof cleanup_signals / sizeof cleanup_signals[0]];
} cleanup;

static void cleanup_on_signal(int sig)
{
	const struct work *w = cleanup.work;

	if (cleanup.tmp_out)
		unlink(cleanup.tmp_out);
	if (w)
		work_unlink(w);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void plot_cleanup_begin(const struct work *w)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = cleanup_on_signal;
	sigemptyset(&sa.sa_mask);
	cleanup.work = w;
	for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++)
		sigaction(cleanup_signals[i], &sa, &cleanup.old[i]);
}

static void plot_cleanup_end(void)
{
	for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++)
		sigaction(cleanup_signals[i], &cleanup.old[i], NULL);
	cleanup.work = NULL;
	cleanup.tmp_out = NULL;
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

/* A policy's place in the registry: its colour on every chart. */
static unsigned registry_index(const struct reclaim_policy *p)
{
	for (unsigned i = 0; i < nr_reclaim_policies; i++)
		if (reclaim_policies[i] == p)
			return i;
	return 0;
}

/* [@p, @end) onto @f, "]]>" as "]]&gt;". */
static void svg_put(FILE *f, const char *p, const char *end)
{
	for (const char *q; p < end; p = q + 3) {
		q = strstr(p, "]]>");
		if (!q || q >= end) {
			fwrite(p, 1, (size_t)(end - p), f);
			return;
		}
		fwrite(p, 1, (size_t)(q - p), f);
		fputs("]]&gt;", f);
	}
}

/* A run's line: its policy's colour, dashed for a run without cgroups
 * ("P/global" beside "P"), 30 linetypes on. */
static unsigned line_type(const struct policy_ref *r)
{
	return registry_index(r->policy) + (r->global ? 30 : 0);
}

/* gnuplot names every SVG "Gnuplot" (its <title>): the chart's title
 * instead, as XML text, its control and bidi characters made visible
 * escapes as in the picture (util/text.h).  And gnuplot writes its texts
 * with no escape for '>', so a title or name holding "]]>", which XML
 * forbids in text, would make the file invalid: every "]]>" becomes
 * "]]&gt;" (the SVG has no CDATA section where it means anything else).
 * Rewrites the file in place; 0 or -1 (errno). */
static int svg_fix(const char *path, const char *title)
{
	static const char from[] = "<title>Gnuplot</title>";
	FILE *f = fopen(path, "rb");
	char *text = NULL, *at;
	long size;
	int rc = -1;

	if (!f)
		return -1;
	if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
	    !(text = malloc((size_t)size + 1)) || fread(text, 1, (size_t)size, f) != (size_t)size) {
		fclose(f);
		free(text);
		return -1;
	}
	fclose(f);
	text[size] = '\0';
	at = strstr(text, from);
	size_t n = 4 * strlen(title) + 16;
	char *safe = malloc(n);
	if (!safe) {
		free(text);
		errno = ENOMEM;
		return -1;
	}
	text_safe(title, safe, n);
	if ((f = fopen(path, "wb"))) {
		svg_put(f, text, at ? at : text + size);
		if (at)
			fputs("<title>", f);
		for (const unsigned char *c = (const unsigned char *)safe; at && *c; c++) {
			if (*c == '&')
				fputs("&amp;", f);
			else if (*c == '<')
				fputs("&lt;", f);
			else if (*c == '>')
				fputs("&gt;", f);
			else if (*c < 0x20 || *c == 0x7f)
				fputc(' ', f); /* no control character in XML 1.0 text */
			else
				fputc(*c, f);
		}
		if (at) {
			fputs("</title>", f);
			svg_put(f, at + sizeof from - 1, text + size);
		}
		rc = ferror(f) ? -1 : 0;
		if (fclose(f) != 0)
			rc = -1;
	}
	free(text);
	free(safe);
	return rc;
}

/* One picture gnuplot has drawn (@rc its answer) into w->tmp_out: titled,
 * checked whole, and renamed onto @path (named on standard output unless
 * @quiet); 0, or 1 after saying why. */
static int finish_picture(const struct cli_command *cmd, int rc, struct work *w, bool svg, const char *path,
			  const char *title, bool quiet)
{
	char safe_out[300];

	if (rc == 0 && svg && svg_fix(w->tmp_out, title) != 0) {
		fprintf(stderr, "%s: error: cannot give the SVG its title: %s\n", cli_prefix(cmd),
			strerror(errno));
		rc = 1;
	}
	if (rc == 0 && !whole_picture(w->tmp_out, svg)) {
		fprintf(stderr, "%s: error: gnuplot did not write a whole %s picture\n", cli_prefix(cmd),
			svg ? "SVG" : "PNG");
		rc = 1;
	}
	if (rc == 0) {
		mode_t mask = umask(0);
		umask(mask);
		if (chmod(w->tmp_out, 0666 & ~mask) != 0 || rename(w->tmp_out, path) != 0)
			rc = -1;
	}
	if (rc < 0) {
		fprintf(stderr, "%s: error: cannot write %s: %s\n", cli_prefix(cmd),
			text_safe(path, safe_out, sizeof safe_out), strerror(errno));
		rc = 1;
	}
	if (rc == 0) {
		cleanup.tmp_out = NULL;
		free(w->tmp_out);
		w->tmp_out = NULL;
		if (!quiet)
			printf("%s\n", path);
	}
	return rc;
}

/* Page @k of OUT.EXT: OUT-k.EXT. */
static char *page_name(const char *out, unsigned k)
{
	const char *dot = strrchr(out, '.');
	size_t n = strlen(out) + 16;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%.*s-%u%s", (int)(dot - out), out, k, dot);
	return p;
}

static int draw(const struct cli_command *cmd, struct plot *pl, const struct policy_ref *pol, int npol,
		const struct series_opts *so, const char *out, const char *title, unsigned width,
		unsigned height)
{
	const struct scenario *s = pl->s;
	const char *suffix = strrchr(out, '.');
	bool svg = suffix && strcmp(suffix, ".svg") == 0;
	struct strbuf lines = { 0 };
	struct work w = { .dir = "" };
	const char *panel[MAX_PANELS > SERIES_MAX_COUNTERS ? MAX_PANELS : SERIES_MAX_COUNTERS];
	unsigned npanel = 0;
	const char *tmpdir = getenv("TMPDIR");
	char num[2][128], safe_out[300], pname[MAX_PLOT_POLICIES][48];
	FILE *final = NULL;
	uint64_t fin[MAX_PLOT_POLICIES][SERIES_MAX_COUNTERS];
	bool shown[SERIES_MAX_COUNTERS] = { false }, any_shown = false;
	int rc = 1;

	snprintf(w.dir, sizeof w.dir, "%s/vmscan-viz-plot.XXXXXX",
		 tmpdir && tmpdir[0] && strlen(tmpdir) < 32 ? tmpdir : "/tmp");
	plot_cleanup_begin(&w);
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
	for (int k = 0; !pl->tl && k < npol; k++)
		policy_ref_name(&pol[k], pname[k], sizeof pname[k]);
	if (pl->tl && timeline_rows(pl) != 0) {
		fprintf(stderr, "%s: error: cannot write %s: %s\n", cli_prefix(cmd), w.rows, strerror(errno));
		goto out;
	}
	for (int k = 0; !pl->tl && k < npol; k++) {
		struct engine_error err;
		struct workload tmp;
		struct engine *e =
			engine_new(policy_ref_workload(&pol[k], &s->wl, &tmp), pol[k].policy, &err);
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
	for (int k = 0; !pl->tl && k < npol; k++) {
		fprintf(final, "%s %u", pname[k], line_type(&pol[k]));
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
	case CHART_ACTIVE:
		for (unsigned i = 0; i < pl->nobj; i++)
			panel[npanel++] = pl->tl ? pl->tl->names[pl->obj[i]] : s->wl.objects[pl->obj[i]].name;
		if (pl->seq_panel)
			panel[npanel++] = "lru_gen max_seq: the aging";
		if (pl->tl)
			timeline_lines(&lines, pl->tl);
		for (unsigned i = 0; !pl->tl && i < pl->nobj; i++)
			for (int k = 0; k < npol; k++)
				sb_field(&lines, pname[k]);
		break;
	case CHART_LISTS:
	case CHART_GENS:
		for (int k = 0; k < npol; k++)
			panel[npanel++] = pname[k];
		for (int l = 0; pl->chart == CHART_LISTS && l < SERIES_NR_LISTS; l++)
			sb_field(&lines, series_list_name[l]);
		for (unsigned r = 0; pl->chart == CHART_GENS && r < SERIES_NR_GENS; r++)
			for (int t = 0; t < 2; t++) {
				char name[32];
				snprintf(name, sizeof name, "gen.age%u.%s", r, t ? "file" : "anon");
				sb_field(&lines, name);
			}
		break;
	default:
		for (unsigned i = 0; i < cli_nr_key_counters; i++)
			if (shown[i] || !any_shown)
				panel[npanel++] = vmstat_name[cli_key_counters[i]];
		for (int k = 0; k < npol; k++)
			sb_field(&lines, pname[k]);
		break;
	}
	/* lists, and counters under --all: at most PAGE_PANELS panels a
	 * picture, the pages OUT-1.EXT, OUT-2.EXT ... (the counters of the
	 * default choice stay one picture, whose bars are as many) */
	unsigned per_page =
		pl->chart == CHART_LISTS || (pl->chart == CHART_COUNTERS && pl->all) ? PAGE_PANELS : npanel;
	unsigned npage = npanel > per_page ? (npanel + per_page - 1) / per_page : 1;

	num[1][0] = '\0';
	for (int k = 0; k < npol; k++)
		snprintf(num[1] + strlen(num[1]), sizeof num[1] - strlen(num[1]), "%s%u", k ? " " : "",
			 pl->tl ? 0 : line_type(&pol[k]));
	rc = lines.oom ? -2 : 0;
	for (unsigned page = 0; rc == 0 && page < npage; page++) {
		unsigned first = page * per_page, n = npanel - first < per_page ? npanel - first : per_page;
		struct strbuf t = { 0 }, panels = { 0 };
		char *path = npage > 1 ? page_name(out, page + 1) : strdup(out);
		char *page_title = malloc(strlen(title) + 32);

		if (page_title)
			snprintf(page_title, strlen(title) + 32, npage > 1 ? "%s (%u/%u)" : "%s", title,
				 page + 1, npage);
		for (unsigned i = 0; i < n; i++)
			sb_field(&panels, panel[first + i]);
		sb_field(&t, page_title ? page_title : title);
		if (pl->subtitle)
			sb_field(&t, pl->subtitle);
		if (!path || !page_title || panels.oom || t.oom) {
			rc = -2;
		} else if (!(w.tmp_out = cli_temp_beside(path))) {
			fprintf(stderr, "%s: error: cannot write %s: %s\n", cli_prefix(cmd),
				text_safe(path, safe_out, sizeof safe_out), strerror(errno));
			rc = 1;
		} else {
			cleanup.tmp_out = w.tmp_out;
			snprintf(num[0], sizeof num[0], "%u %u %u %u", width, height,
				 pl->max_access >= 100000000 ? 1000000u
				 : pl->max_access >= 100000  ? 1000u
							     : 1u,
				 per_page < npanel ? first : 0);
			/* --real: the object panels, each in its object's colour */
			snprintf(num[0] + strlen(num[0]), sizeof num[0] - strlen(num[0]), " %u",
				 pl->tl ? pl->nobj : 0);
			for (unsigned i = 0; pl->tl && i < pl->nobj; i++)
				snprintf(num[0] + strlen(num[0]), sizeof num[0] - strlen(num[0]), " %u",
					 pl->obj[i] % 9);
			char *args[] = { "gnuplot", "-d",
					 "-c",	    w.script,
					 w.tmp_out, svg ? "svg" : "png",
					 w.dir,	    (char *)chart_name[pl->chart],
					 t.s,	    panels.s,
					 lines.s,   num[0],
					 num[1],    NULL };
			rc = run_gnuplot(cmd, args);
			char *whole = NULL;
			if (pl->subtitle && (whole = malloc(strlen(page_title) + strlen(pl->subtitle) + 3)))
				sprintf(whole, "%s: %s", page_title, pl->subtitle);
			rc = finish_picture(cmd, rc, &w, svg, path, whole ? whole : page_title, pl->quiet);
			free(whole);
		}
		free(t.s);
		free(panels.s);
		free(path);
		free(page_title);
	}
	if (rc == -2) {
		fprintf(stderr, "%s: error: out of memory\n", cli_prefix(cmd));
		rc = 1;
	}
out:
	if (pl->rows)
		fclose(pl->rows);
	if (final)
		fclose(final);
	free(lines.s);
	work_free(&w);
	plot_cleanup_end();
	return rc;
}

int plot_timeline(const struct cli_command *cmd, const struct timeline *t, const struct tl_plot *opt)
{
	struct plot pl = { .chart = opt->resident ? CHART_RESIDENT : CHART_REFAULTS,
			   .tl = t,
			   .quiet = opt->quiet };
	const char *const *objects = opt->objects;
	unsigned nobjects = opt->nobjects;
	const char *base = strrchr(t->scenario, '/') ? strrchr(t->scenario, '/') + 1 : t->scenario;
	char head[300], sub[400], rel[80], q[200];
	int rc = 0;

	for (unsigned i = 0; rc == 0 && i < nobjects && i < MAX_PANELS; i++)
		rc = find_object(cmd, (const char *const *)t->names, t->nobj, "the CSV", objects[i],
				 &pl.obj[pl.nobj++]);
	if (rc)
		return rc;
	/* the most refaults first, four at most, as of a scenario; a flat
	 * line that matches tells as much as one that climbs */
	while (!nobjects && pl.nobj < 4 && pl.nobj < t->nobj) {
		unsigned best = t->nobj;
		for (unsigned o = 0; o < t->nobj; o++) {
			bool taken = false;
			for (unsigned j = 0; j < pl.nobj; j++)
				taken |= pl.obj[j] == o;
			if (!taken && (best == t->nobj || t->most[o] > t->most[best]))
				best = o;
		}
		pl.obj[pl.nobj++] = best;
	}
	pl.seq_panel = t->max_seq > 0;
	snprintf(head, sizeof head, "The simulator and the kernel: %.*s, %" PRIu64 " pages",
		 (int)(strlen(base) > 5 && strcmp(base + strlen(base) - 5, ".json") == 0 ? strlen(base) - 5
											 : strlen(base)),
		 text_safe(base, q, sizeof q), t->memory);
	kernel_release(t, rel, sizeof rel);
	snprintf(sub, sizeof sub,
		 "%s (solid) against Linux %s, lru_gen %s (dashed%s); a point every %" PRIu64 " accesses",
		 t->policy, rel, t->max_seq ? "on" : "off", t->nrun > 1 ? ", a line a boot" : "", t->every);
	pl.subtitle = sub;
	/* the policy's struct only counts the lines: one, then a boot each */
	struct policy_ref lines[1 + TL_MAX_RUNS] = { { reclaim_policies[0], false } };
	return draw(cmd, &pl, lines, 1 + (int)t->nrun, &(struct series_opts){ 0 }, opt->out,
		    opt->title ? opt->title : head, opt->width, opt->height);
}

/* --real FILE.csv: the file drawn alone; what would make a run is refused. */
static int plot_real(const struct cli_command *cmd, const struct cli_args *a, enum chart chart,
		     const char *out, unsigned width, unsigned height)
{
	struct timeline t;
	uint64_t memory = 0;
	int rc;

	if (chart != CHART_REFAULTS && chart != CHART_RESIDENT)
		return cli_usage_error(cmd, "--real draws --chart refaults or resident (the CSV's columns)");
	if (a->npos)
		return cli_usage_error(cmd,
				       "--real FILE.csv is drawn alone: no scenario (the CSV names its own)");
	for (unsigned i = 0; i < NR_O; i++)
		if ((a->val[i] || a->count[i]) && (i == O_POLICY || i == O_ALL || i == O_EVERY ||
						   (i >= O_SOURCE && i <= O_MAX_STEPS && i != O_SOURCE + 1)))
			return cli_usage_error(
				cmd, "--real FILE.csv draws the runs `real` made: no --%s%s",
				plot_opts[i].name,
				i == O_EVERY ? " (its samples are real's own: give --every to real)" : "");
	if (a->val[O_SOURCE + 1] &&
	    cli_uint(cmd, "memory", a->val[O_SOURCE + 1], 1, UINT32_MAX, "pages", &memory) != 0)
		return EXIT_USAGE;
	rc = tl_read(cli_prefix(cmd), a->val[O_REAL], memory, &t);
	if (rc == 0)
		rc = plot_timeline(cmd, &t,
				   &(struct tl_plot){ .resident = chart == CHART_RESIDENT,
						      .objects = (const char *const *)a->vals[O_OBJECT],
						      .nobjects = a->count[O_OBJECT],
						      .title = a->val[O_TITLE],
						      .width = width,
						      .height = height,
						      .out = out });
	tl_free(&t);
	return rc;
}

static int plot_main(int argc, char **argv)
{
	const struct cli_command *cmd = &cli_cmd_plot;
	struct policy_ref pol[MAX_PLOT_POLICIES];
	struct series_opts so = { 0 };
	struct plot pl = { 0 };
	struct cli_args a;
	struct scenario s;
	const char *out, *suffix;
	unsigned width = 1000, height = 600, npol = 0;
	bool every;
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
	pl.all = a.count[O_ALL];
	if (a.val[O_CHART]) {
		int c = 0;
		while (chart_name[c] && strcmp(chart_name[c], a.val[O_CHART]) != 0)
			c++;
		if (!chart_name[c]) {
			char q[96];
			text_quote(a.val[O_CHART], q, sizeof q);
			return cli_usage_error(cmd,
					       "--chart: expected refaults, resident, active, lists, "
					       "counters or gens, found %s",
					       q);
		}
		pl.chart = (enum chart)c;
	}
	if (a.count[O_OBJECT] && pl.chart != CHART_REFAULTS && pl.chart != CHART_RESIDENT &&
	    pl.chart != CHART_ACTIVE)
		return cli_usage_error(cmd, "--object goes with --chart refaults, resident or active");
	if (a.count[O_OBJECT] > MAX_PANELS)
		return cli_usage_error(cmd, "at most %d --object options", MAX_PANELS);
	if (a.count[O_POLICY] > MAX_PLOT_POLICIES)
		return cli_usage_error(cmd, "at most %d --policy options", MAX_PLOT_POLICIES);
	if (a.count[O_ALL] && a.count[O_POLICY])
		return cli_usage_error(cmd, "give --policy or --all, not both");
	if (a.val[O_SIZE] && parse_size(cmd, a.val[O_SIZE], &width, &height) != 0)
		return EXIT_USAGE;
	if (a.val[O_REAL])
		return plot_real(cmd, &a, pl.chart, out, width, height);
	if (a.val[O_EVERY] &&
	    cli_uint(cmd, "every", a.val[O_EVERY], 1, UINT64_MAX, "accesses", &so.every) != 0)
		return EXIT_USAGE;
	so.max_steps_flag = a.val[O_MAX_STEPS];
	for (unsigned i = 0; i < a.count[O_POLICY]; i++)
		if (cli_policy_ref(a.vals[O_POLICY][i], NULL, true, &pol[npol++]) < 0)
			return EXIT_USAGE;
	for (unsigned i = 0; !a.count[O_POLICY] && !a.count[O_ALL] && pl.chart == CHART_LISTS && i < 2; i++)
		if (policy_ref_parse(lists_default[i], &pol[npol]) == 0)
			npol++;
	if (pl.chart == CHART_GENS) {
		unsigned kept = 0;
		for (unsigned i = 0; a.count[O_POLICY] && i < npol; i++)
			if (!pol[i].policy->lru_gen)
				return cli_usage_error(
					cmd, "--chart gens: %s has no generations (it runs two lists)",
					pol[i].policy->name);
		/* --all: every policy that runs the generations */
		for (unsigned i = 0; a.count[O_ALL] && i < nr_reclaim_policies; i++)
			if (reclaim_policies[i]->lru_gen)
				pol[kept++] = (struct policy_ref){ reclaim_policies[i], false };
		if (a.count[O_ALL])
			npol = kept;
		if (!npol && policy_ref_parse(gens_default, &pol[npol]) == 0)
			npol++;
	}
	every = !a.count[O_POLICY] && !npol;
	for (unsigned i = 0; every && i < nr_reclaim_policies && npol < MAX_PLOT_POLICIES; i++)
		pol[npol++] = (struct policy_ref){ reclaim_policies[i], false };
	if ((rc = cli_open(cmd, &a, O_SOURCE, &so.max_steps, &s)) != 0)
		return rc;
	pl.s = &s;
	if (every) { /* every policy that models the scenario (cgroups: not mglru) */
		unsigned kept = 0;
		for (unsigned i = 0; i < npol; i++)
			if (engine_models(&s.wl, pol[i].policy))
				pol[kept++] = pol[i];
		npol = kept;
	}
	for (unsigned i = 0; rc == 0 && i < a.count[O_OBJECT]; i++)
		rc = find_scenario_object(cmd, &s, a.vals[O_OBJECT][i], &pl.obj[pl.nobj++]);
	if (rc == 0 && !a.count[O_OBJECT] &&
	    (pl.chart == CHART_REFAULTS || pl.chart == CHART_RESIDENT || pl.chart == CHART_ACTIVE))
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
