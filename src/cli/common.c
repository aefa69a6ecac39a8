/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/common.c - loading, limits, output and naming, shared by the commands
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../util/suggest.h"
#include "../util/text.h"
#include "cli.h"

static void cli_print_diag(const struct diag *d)
{
	char line[1024];

	diag_format(d, line, sizeof line);
	text_print(stderr, line, 0); /* file names come from the scenario too */
	fputc('\n', stderr);
}

int cli_load_checked(const char *path, struct scenario *s, bool *schema)
{
	struct diag_list d = { 0 };
	int rc = path ? scenario_load(path, s, &d)
		      : scenario_parse("<default>", NULL, scenario_default_json, scenario_default_json_len, s,
				       &d);

	if (rc == SCENARIO_IS_SCHEMA && schema) {
		*schema = true;
	} else {
		for (size_t i = 0; i < d.n; i++)
			cli_print_diag(&d.v[i]);
	}
	diag_list_free(&d);
	return rc < 0 ? -1 : 0;
}

static void cli_warn_outside(const struct cli_command *cmd, const struct scenario *s);

/* Loads @path ("-": standard input; NULL: the built-in default), printing
 * diagnostics on error.  Returns 0 or -1. */
static int cli_load(const char *path, struct scenario *s)
{
	return cli_load_checked(path, s, NULL);
}

int cli_load_source(const struct cli_command *cmd, const struct cli_args *a, int first, struct scenario *s)
{
	const char *trace = a->val[first], *memory = a->val[first + 1], *via_s = a->val[first + 2],
		   *format = a->val[first + 3], *maps = a->val[first + 4], *outside = a->val[first + 5],
		   *swap = a->val[first + 6], *path = a->npos ? a->pos[0] : NULL;
	struct trace_args ta = { .format = format, .maps = maps };
	struct diag_list d = { 0 };
	uint64_t pages;
	enum wl_via via = VIA_READ;
	int rc;

	memset(s, 0, sizeof *s);
	if (a->npos > 1)
		return cli_usage_error(cmd, "unexpected argument '%s': give one scenario", a->pos[1]);
	if (!trace) {
		if (memory || via_s || format || maps || outside || swap)
			return cli_usage_error(cmd, "--memory, --via, --trace-format, --maps, --outside and "
						    "--swap go with --trace FILE");
		if (!path)
			return cli_usage_error(cmd,
					       "which scenario? (e.g. '%s data/default.json', or --trace "
					       "FILE --memory PAGES)",
					       cli_prefix(cmd));
		if (cli_load(path, s) < 0)
			return 1;
		cli_warn_outside(cmd, s);
		return 0;
	}
	if (path)
		return cli_usage_error(cmd, "give a scenario or --trace FILE, not both");
	if (!memory)
		return cli_usage_error(cmd,
				       "--trace needs --memory PAGES, the size of the zone (%u to %u pages)",
				       SCENARIO_MIN_MEMORY_PAGES, ENGINE_MAX_PAGES);
	/* digits only; scenario_from_trace() says the range of a number */
	errno = 0;
	pages = strtoull(memory, NULL, 10);
	if (!memory[0] || memory[strspn(memory, "0123456789")] || errno == ERANGE) {
		fprintf(stderr, "%s: --memory: expected a whole number of pages from %u to %u, found '%s'\n",
			cli_prefix(cmd), SCENARIO_MIN_MEMORY_PAGES, ENGINE_MAX_PAGES, memory);
		return EXIT_USAGE;
	}
	/* a trace with maps, and any lackey or perf trace, is of loads and
	 * stores through the program's mappings: read() would make every
	 * policy alike (2.6.33 and 2.6.34 activate 366 pages each of
	 * data/traces/report.lackey in 384 pages through read(), 4144 and 168
	 * through mappings) */
	if ((via_s && strcmp(via_s, "mmap") == 0) ||
	    (!via_s && (maps || (format && (!strcmp(format, "lackey") || !strcmp(format, "perf")))))) {
		via = VIA_TOUCH;
	} else if (via_s && strcmp(via_s, "read") != 0) {
		fprintf(stderr, "%s: --via: expected read or mmap, found '%s'\n", cli_prefix(cmd), via_s);
		return EXIT_USAGE;
	}
	if (outside && strcmp(outside, "anon") != 0 && strcmp(outside, "refuse") != 0) {
		fprintf(stderr, "%s: --outside: expected anon or refuse, found '%s'\n", cli_prefix(cmd),
			outside);
		return EXIT_USAGE;
	}
	if (swap &&
	    cli_uint(cmd, "swap", swap, 0, ENGINE_MAX_OBJECT_PAGES, "swap slots", &ta.swap_pages) != 0)
		return EXIT_USAGE;
	ta.memory_pages = pages;
	ta.via = via;
	ta.outside_refuse = outside && strcmp(outside, "refuse") == 0;
	rc = scenario_from_trace_args(trace, &ta, s, &d);
	for (size_t i = 0; i < d.n; i++)
		cli_print_diag(&d.v[i]);
	diag_list_free(&d);
	if (rc == 0)
		cli_warn_outside(cmd, s);
	return rc == 0 ? 0 : rc == -2 ? EXIT_USAGE : 1;
}

/* The warning for a trace's accesses outside every mapping of its maps
 * (s->outside), on standard error; nothing when there were none. */
static void cli_warn_outside(const struct cli_command *cmd, const struct scenario *s)
{
	const struct trace_outside *o = &s->outside;

	if (!o->accesses)
		return;
	fprintf(stderr,
		"%s: warning: %" PRIu64 " access%s to %" PRIu64 " page%s outside every mapping of the maps "
		"file became anonymous memory (object \"anon\"):",
		cli_prefix(cmd), o->accesses, o->accesses == 1 ? "" : "es", o->pages,
		o->pages == 1 ? "" : "s");
	for (uint32_t i = 0; i < o->nr_ranges; i++)
		fprintf(stderr, "%s 0x%" PRIx64 "-0x%" PRIx64, i ? "," : "", o->range[i].start,
			o->range[i].end);
	fprintf(stderr,
		"%s; a maps file taken at exit misses the mappings closed before it (--outside refuse "
		"makes this an error)\n",
		o->more ? ", and more" : "");
}

int cli_theme(const struct cli_command *cmd, const char *text, bool *light)
{
	if (strcmp(text, "dark") != 0 && strcmp(text, "light") != 0)
		return cli_usage_error(cmd, "--theme: expected dark or light, got '%s'", text);
	*light = strcmp(text, "light") == 0;
	return 0;
}

int cli_max_steps(const struct cli_command *cmd, const char *text, uint64_t *out)
{
	*out = CLI_MAX_STEPS_DEFAULT;
	return text ? cli_uint(cmd, "max-steps", text, 0, UINT64_MAX, "steps", out) : 0;
}

void cli_advance(struct engine *e, uint64_t n)
{
	const char *stepwise = getenv("VMSCAN_STEPWISE");

	if (!stepwise || !*stepwise) {
		engine_run(e, n);
		return;
	}
	for (uint64_t i = 0; i < n && !engine_done(e); i++)
		engine_step(e);
}

bool cli_out_of_steps(const struct cli_command *cmd, const struct engine *e, uint64_t max, const char *flag)
{
	if (!max || engine_steps(e) < max || engine_done(e))
		return false;
	fprintf(stderr, "%s: stopped after %" PRIu64 " steps, the %s; the run is not finished (%s)\n",
		cli_prefix(cmd), max, flag ? "--max-steps given" : "default --max-steps",
		flag ? "--max-steps 0 lifts the limit" : "--max-steps N raises the limit, 0 lifts it");
	return true;
}

int cli_check_steps(const struct cli_command *cmd, const struct scenario *s, uint64_t max, const char *flag)
{
	char path[300];

	if (!max || s->steps <= max)
		return 0;
	fprintf(stderr,
		"%s: error: the workload alone takes %" PRIu64 " steps, more than %" PRIu64 ", the %s (%s)\n",
		text_safe(s->path, path, sizeof path), s->steps, max,
		flag ? "--max-steps given" : "default --max-steps",
		flag ? "--max-steps 0 lifts the limit" : "--max-steps N raises the limit, 0 lifts it");
	(void)cmd;
	return 1;
}

int cli_open(const struct cli_command *cmd, const struct cli_args *a, int first, uint64_t *max,
	     struct scenario *s)
{
	const char *flag = a->val[first + CLI_NR_SOURCE_ROWS];
	int rc;

	if (cli_max_steps(cmd, flag, max) != 0)
		return EXIT_USAGE;
	if ((rc = cli_load_source(cmd, a, first, s)) != 0)
		return rc;
	if (cli_check_steps(cmd, s, *max, flag) != 0) {
		scenario_free(s);
		return 1;
	}
	return 0;
}

static int stdout_errno;

bool cli_output_failed(void)
{
	if (!ferror(stdout))
		return false;
	if (!stdout_errno)
		stdout_errno = errno ? errno : EIO;
	return true;
}

int cli_close_stdout(const char *prefix, int rc)
{
	int err = 0;

	/* errno still holds what the failed write said (ENOSPC, EPIPE...) */
	if (cli_output_failed())
		err = stdout_errno;
	errno = 0;
	if (fflush(stdout) != 0 && !err)
		err = errno ? errno : EIO;
	errno = 0;
	if (fclose(stdout) != 0 && !err)
		err = errno ? errno : EIO;
	if (!err)
		return rc;
	fprintf(stderr, "%s: error: cannot write the output: %s\n", prefix, strerror(err));
	return rc ? rc : 1;
}

void cli_text(const char *s, int width)
{
	text_print(stdout, s, width);
}

const char *cli_policy_label(const struct engine *e, const struct scenario *s, char *buf, size_t n)
{
	struct policy_ref r = { engine_policy(e), policy_ref_is_global(engine_workload(e), &s->wl) };

	return policy_ref_name(&r, buf, n);
}

int cli_policy_ref(const char *name, const struct scenario *s, bool global, struct policy_ref *r)
{
	if (!name)
		name = s && s->policy ? s->policy : "2.6.34";
	if (policy_ref_parse(name, r) == 0 && (global || !r->global))
		return 0;
	if (r->policy) {
		char safe[64];
		fprintf(stderr,
			"vmscan-viz: %s: this command runs a scenario as written, with its cgroups; "
			"P/global goes with run, trace, compare, plot, screen and the visualizer\n",
			text_safe(name, safe, sizeof safe));
		return -1;
	}
	char msg[320];
	policy_suggest(msg, sizeof msg, name);
	fprintf(stderr, "vmscan-viz: %s (known policies:", msg);
	for (unsigned i = 0; i < nr_reclaim_policies; i++)
		fprintf(stderr, " %s", reclaim_policies[i]->name);
	fputs(global ? "; P/global: P without the scenario's memory cgroups)\n" : ")\n", stderr);
	return -1;
}

int cli_compare_refs(const struct cli_command *cmd, const char *text, struct policy_ref r[2])
{
	char safe[64];

	if (policy_ref_parse_pair(text, r) == 0)
		return 0;
	return cli_usage_error(cmd,
			       "--compare takes two known policies, A,B (see 'vmscan-viz policies'; "
			       "P/global: P without the scenario's memory cgroups), not '%s'",
			       text_safe(text, safe, sizeof safe));
}

struct engine *cli_engine(const char *name, struct scenario *s, struct workload *tmp,
			  const struct reclaim_policy **p, int *rc)
{
	struct engine_error err;
	struct policy_ref r;
	struct engine *e;

	if (cli_policy_ref(name, s, true, &r) < 0) {
		*rc = EXIT_USAGE;
	} else if (!(e = engine_new(policy_ref_workload(&r, &s->wl, tmp), *p = r.policy, &err))) {
		fprintf(stderr, "%s: error: %s\n", s->path, err.msg);
		*rc = 1;
	} else {
		return e;
	}
	scenario_free(s);
	return NULL;
}

const char *cli_object_name(const struct scenario *s, uint32_t object)
{
	if (object == OBJECT_KERNEL)
		return "kernel";
	if (object < s->wl.nr_objects)
		return s->wl.objects[object].name;
	return "";
}

double cli_measure(const struct engine *e, const struct expectation *x, bool *ok)
{
	*ok = true;
	switch (x->metric) {
	case EXPECT_RESIDENT_PERCENT: {
		uint32_t pages = engine_workload(e)->objects[x->object].pages;
		return 100.0 * engine_object(e, x->object).resident / (pages ? pages : 1);
	}
	case EXPECT_RESIDENT: return engine_object(e, x->object).resident;
	case EXPECT_ACTIVE: return engine_object(e, x->object).active;
	case EXPECT_REFAULTS: return (double)engine_object(e, x->object).refaults;
	case EXPECT_COUNTER: return (double)engine_vmstat(e)[x->item];
	case EXPECT_DECISIONS: return (double)engine_decisions(e)[x->item];
	case EXPECT_LIST: return (double)engine_lru_size(e, (enum lru_list)x->item);
	case EXPECT_MEMCG: return (double)engine_memcg_stat(e, x->object, (enum memcg_stat_item)x->item);
	case EXPECT_GAUGE: return (double)engine_vmstat_gauge(e, (enum vmstat_gauge)x->item);
	default: *ok = false; return 0;
	}
}

char *cli_temp_beside(const char *out)
{
	const char *slash = strrchr(out, '/');
	size_t dl = slash ? (size_t)(slash - out) + 1 : 0;
	size_t n = dl + strlen(slash ? slash + 1 : out) + 32;
	char *p = malloc(n);
	int fd;

	if (!p)
		return NULL;
	snprintf(p, n, "%.*s.%s.XXXXXX", (int)dl, out, slash ? slash + 1 : out);
	fd = mkstemp(p);
	if (fd < 0) {
		free(p);
		return NULL;
	}
	close(fd);
	return p;
}
