/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/common.c - option parsing, loading, naming, shared by the commands
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_parse(const char *cmd, int argc, char **argv, const struct cli_opt *opts, const char **pos,
	      int max_pos, int *npos)
{
	bool only_positional = false;

	*npos = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *eq;
		const struct cli_opt *o;
		size_t len;

		if (!only_positional && strcmp(a, "--") == 0) {
			only_positional = true;
			continue;
		}
		if (only_positional || a[0] != '-' || a[1] == '\0') {
			if (*npos >= max_pos) {
				fprintf(stderr,
					"vmscan-viz%s%s: unexpected argument '%s' (try 'vmscan-viz "
					"--help')\n",
					*cmd ? " " : "", cmd, a);
				return -1;
			}
			pos[(*npos)++] = a;
			continue;
		}
		eq = strchr(a, '=');
		len = eq ? (size_t)(eq - a) : strlen(a);
		for (o = opts; o->name; o++)
			if (strlen(o->name) == len && strncmp(o->name, a, len) == 0)
				break;
		if (!o->name) {
			fprintf(stderr, "vmscan-viz%s%s: unknown option '%.*s' (try 'vmscan-viz --help')\n",
				*cmd ? " " : "", cmd, (int)len, a);
			return -1;
		}
		if (o->flag) {
			if (eq) {
				fprintf(stderr, "vmscan-viz%s%s: option '%s' takes no value\n",
					*cmd ? " " : "", cmd, o->name);
				return -1;
			}
			*o->flag = true;
			continue;
		}
		const char *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
		if (!val) {
			fprintf(stderr, "vmscan-viz%s%s: option '%s' needs a value\n", *cmd ? " " : "", cmd,
				o->name);
			return -1;
		}
		if (o->multi) {
			int k = 0;
			while (k < 7 && (*o->multi)[k])
				k++;
			if (k == 7) {
				fprintf(stderr, "vmscan-viz%s%s: too many '%s' options\n", *cmd ? " " : "",
					cmd, o->name);
				return -1;
			}
			(*o->multi)[k] = val;
		} else {
			*o->value = val;
		}
	}
	return 0;
}

void cli_print_diag(const struct diag *d)
{
	char line[1024];
	diag_format(d, line, sizeof line);
	fprintf(stderr, "%s\n", line);
}

int cli_load(const char *path, struct scenario *s)
{
	struct diag_list d = { 0 };
	int rc = path ? scenario_load(path, s, &d)
		      : scenario_parse("<default>", NULL, scenario_default_json, scenario_default_json_len, s,
				       &d);

	for (size_t i = 0; i < d.n; i++)
		cli_print_diag(&d.v[i]);
	diag_list_free(&d);
	return rc;
}

int cli_load_source(const char *cmd, const char *path, const struct cli_source *src, struct scenario *s)
{
	struct diag_list d = { 0 };
	unsigned long long pages;
	enum wl_via via = VIA_READ;
	char *end;
	int rc;

	memset(s, 0, sizeof *s);
	if (!src->trace) {
		if (src->memory || src->via || src->format) {
			fprintf(stderr,
				"vmscan-viz %s: --memory, --via and --trace-format go with --trace FILE\n",
				cmd);
			return EXIT_USAGE;
		}
		if (!path) {
			fprintf(stderr,
				"vmscan-viz %s: which scenario? (try 'vmscan-viz %s data/default.json', "
				"or --trace FILE --memory PAGES)\n",
				cmd, cmd);
			return EXIT_USAGE;
		}
		return cli_load(path, s) < 0 ? 1 : 0;
	}
	if (path) {
		fprintf(stderr, "vmscan-viz %s: give a scenario or --trace FILE, not both\n", cmd);
		return EXIT_USAGE;
	}
	if (!src->memory) {
		fprintf(stderr,
			"vmscan-viz %s: --trace needs --memory PAGES, the size of the zone "
			"(%u to %u pages)\n",
			cmd, SCENARIO_MIN_MEMORY_PAGES, ENGINE_MAX_PAGES);
		return EXIT_USAGE;
	}
	errno = 0;
	pages = strtoull(src->memory, &end, 10);
	if (src->memory[0] < '0' || src->memory[0] > '9' || *end || errno) {
		/* not a number, or one too large for any check: say the range */
		fprintf(stderr,
			"vmscan-viz: error: --memory: expected a whole number of pages from %u to %u, "
			"found '%s'\n",
			SCENARIO_MIN_MEMORY_PAGES, ENGINE_MAX_PAGES, src->memory);
		return EXIT_USAGE;
	}
	if (src->via && strcmp(src->via, "mmap") == 0) {
		via = VIA_TOUCH;
	} else if (src->via && strcmp(src->via, "read") != 0) {
		fprintf(stderr, "vmscan-viz: error: --via: expected read or mmap, found '%s'\n", src->via);
		return EXIT_USAGE;
	}
	rc = scenario_from_trace(src->trace, src->format, pages, via, s, &d);
	for (size_t i = 0; i < d.n; i++)
		cli_print_diag(&d.v[i]);
	diag_list_free(&d);
	return rc == 0 ? 0 : rc == -2 ? EXIT_USAGE : 1;
}

const struct reclaim_policy *cli_policy(const char *name, const struct scenario *s)
{
	const struct reclaim_policy *p;

	if (!name)
		name = s && s->policy ? s->policy : "2.6.34";
	p = policy_find(name);
	if (!p) {
		fprintf(stderr, "vmscan-viz: unknown policy '%s'; known policies:", name);
		for (unsigned i = 0; i < nr_reclaim_policies; i++)
			fprintf(stderr, " %s", reclaim_policies[i]->name);
		fputc('\n', stderr);
	}
	return p;
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
	case EXPECT_LIST: return engine_list(e, (enum lru_list)x->item).nr;
	default: *ok = false; return 0;
	}
}
