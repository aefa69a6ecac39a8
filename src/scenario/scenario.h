/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/scenario.h - a scenario file, turned into the engine's workload
 *
 * Roles.  The loader reads one JSON scenario (data/README.md documents the
 * format), checks every key and value, and fills a struct scenario: the
 * text shown on screen, the default policy, the expectations, and a struct
 * workload for the engine.  It never runs the engine, prints or exits;
 * every problem comes back as a struct diag with file, line, column and the
 * key path, in the order found.
 *
 *	struct scenario s;
 *	struct diag_list d = {0};
 *	if (scenario_load("data/database-index.json", &s, &d) < 0)
 *		...print d.v[0..d.n-1], diag_list_free(&d), exit 1...
 *	struct engine *e = engine_new(&s.wl, policy, &err);
 *	...
 *	engine_free(e);
 *	scenario_free(&s);
 *
 * Limits (data/README.md, "Limits"): the file's size and nesting, every
 * number, the operations, the trace accesses and the memory a run would
 * need are each checked as they are read, before anything is allocated
 * for them, and a scenario over one is refused naming that limit.
 *
 * Contract.  On success returns 0 and the caller owns *out until
 * scenario_free().  On failure returns -1, *out is left empty (safe to
 * scenario_free), and d holds at least one diagnostic.
 */
#ifndef VMSCAN_SCENARIO_H
#define VMSCAN_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../engine/workload.h"

#define SCENARIO_FORMAT		  1
#define SCENARIO_MAX_FILE_BYTES	  (8u << 20) /* JSON text */
#define SCENARIO_MAX_DEPTH	  64
#define SCENARIO_MIN_MEMORY_PAGES 16u /* memory.pages, --memory */

struct diag {
	char file[256];
	int line, col;	/* 1-based; 0 when unknown */
	char path[128]; /* key path, e.g. "workload[3].pages" */
	char msg[384];	/* what was found, what was expected, a suggestion */
	bool note;	/* a note on the error before it (where a trace file was named) */
};

struct diag_list {
	struct diag *v;
	size_t n, cap;
};
void diag_list_free(struct diag_list *d);
/* One diagnostic as the line `check` prints, without the newline:
 * "file:line:col: error: path: msg" ("note:" for a note); "file:line:" when
 * col is 0, "file:" when line is 0, and no "path: " when path is empty. */
void diag_format(const struct diag *d, char *buf, size_t n);

/* What a scenario says must hold (see data/README.md, "expect"). */
enum expect_metric {
	EXPECT_RESIDENT_PERCENT, /* % of an object's pages in memory */
	EXPECT_RESIDENT,	 /* pages of an object in memory */
	EXPECT_ACTIVE,		 /* pages of an object on an active list */
	EXPECT_REFAULTS,	 /* refaults of an object */
	EXPECT_COUNTER,		 /* a vmstat counter, by name */
	EXPECT_DECISIONS,	 /* count of one outcome, by name */
	EXPECT_LIST,		 /* pages on a list, by name */
	EXPECT_MEMCG,		 /* a cgroup's counter: object is the cgroup (1-based), item the counter */
	EXPECT_GAUGE,		 /* a /proc/vmstat gauge counted over the pages (vmstat.h VMSTAT_GAUGES) */
};
enum expect_cmp { CMP_LT, CMP_LE, CMP_EQ, CMP_GE, CMP_GT };

struct expectation {
	char *text;	  /* the entry as the author wrote it, for reports */
	char *policy;	  /* NULL: every policy */
	uint64_t at_step; /* 0: at the end of the run */
	uint8_t metric;	  /* enum expect_metric */
	uint8_t cmp;	  /* enum expect_cmp */
	uint32_t object;  /* for object metrics */
	int item;	  /* counter, outcome or list index */
	double value;
};

/* A named place in the run for a lesson (data/README.md, "bookmarks"). */
struct bookmark {
	char *name;	 /* what the lecturer types and sees */
	char *text;	 /* one line, shown on arrival */
	char *policy;	 /* switch to this policy first; NULL: the one shown */
	uint64_t step;	 /* the step, under that policy... */
	uint64_t access; /* ...or the workload access (0: a step is given) */
	bool inspect;	 /* open the inspector on object[index] */
	uint32_t object, index;
	bool quiz; /* ask the question of that step (a scan decision) */
};

/* The accesses of a lackey or perf trace that fell outside every mapping
 * of its maps file (a mapping the program closed before the maps were
 * taken: python does), each made anonymous memory of the object "anon".
 * The ranges are of page-aligned addresses, adjacent pages merged, the
 * first SCENARIO_OUTSIDE_RANGES in the order the trace first touched them. */
#define SCENARIO_OUTSIDE_RANGES 4
struct trace_outside {
	uint64_t accesses, pages;
	struct {
		uint64_t start, end; /* [start, end) */
	} range[SCENARIO_OUTSIDE_RANGES];
	uint32_t nr_ranges;
	bool more; /* pages outside the ranges kept */
};

struct scenario {
	char *path; /* as given, or "<default>" */
	char *title;
	char *description;
	char *policy;	    /* default policy name, NULL if unset */
	struct workload wl; /* arrays below are owned by the scenario */
	struct expectation *expect;
	uint32_t nr_expect;
	struct bookmark *bookmarks;
	uint32_t nr_bookmarks;
	uint64_t steps;		      /* of the workload: one per page accessed or operation;
			 * reclaim's steps come on top */
	struct trace_outside outside; /* of every trace read through maps */
	void *owned;		      /* private: the loader's allocations */
};

/* scenario_load()'s return value for a JSON Schema (such as
 * data/scenario.schema.json): not a scenario, which `check` passes over. */
#define SCENARIO_IS_SCHEMA (-2)

/* @path "-" reads standard input (named "<stdin>" in messages); any other
 * path must be a regular file.  Returns 0, -1, or SCENARIO_IS_SCHEMA
 * (with a diagnostic saying so). */
int scenario_load(const char *path, struct scenario *out, struct diag_list *d);
/* Parse from memory; @name is used in diagnostics.  @dir resolves relative
 * trace file paths (NULL: current directory). */
int scenario_parse(const char *name, const char *dir, const char *buf, size_t len, struct scenario *out,
		   struct diag_list *d);
void scenario_free(struct scenario *s);
/* A scenario made from a trace file alone (`run --trace FILE --memory N`):
 * @format "txt" (also when NULL), "u32", "lackey" or "perf"; a zone of
 * @memory_pages pages (SCENARIO_MIN_MEMORY_PAGES to ENGINE_MAX_PAGES);
 * @via VIA_READ (read()) or VIA_TOUCH (through a mapping).  Every object
 * is a file: "trace" for accesses that name none, and one per name a txt
 * line gives, each of its largest page + 1 pages.  Errors in the trace
 * read exactly like those of a scenario's "trace" operation.  Returns 0;
 * -1 when the trace is bad; -2 when an argument is (d says which). */
int scenario_from_trace(const char *path, const char *format, uint64_t memory_pages, enum wl_via via,
			struct scenario *out, struct diag_list *d);
/* The same from memory (the fuzzer); @name is the file name in messages. */
int scenario_from_trace_buffer(const char *name, const char *buf, size_t len, const char *format,
			       uint64_t memory_pages, enum wl_via via, struct scenario *out,
			       struct diag_list *d);
/* The same from memory with maps (tests, the fuzzer; see trace_args'
 * maps): the maps are @maps_len bytes at @maps, named @maps_name in
 * messages. */
int scenario_from_trace_buffers(const char *name, const char *buf, size_t len, const char *format,
				const char *maps_name, const char *maps, size_t maps_len,
				uint64_t memory_pages, enum wl_via via, struct scenario *out,
				struct diag_list *d);
/* Everything scenario_from_trace() takes, and more.  With maps, a
 * /proc/PID/maps file for a lackey or perf trace, each address takes the
 * object of its mapping (code and mapped files as file objects, heap,
 * stack and other anonymous memory as anon; scenario/maps.c), and via
 * must be VIA_TOUCH. */
struct trace_args {
	const char *format; /* NULL: txt */
	const char *maps;   /* NULL: none */
	uint64_t memory_pages;
	enum wl_via via;
	bool outside_refuse; /* an access outside every mapping is an error, not "anon" */
	uint64_t swap_pages; /* the zone's swap (0: none) */
};
int scenario_from_trace_args(const char *path, const struct trace_args *a, struct scenario *out,
			     struct diag_list *d);

/* The title of the scenario file @path, for a list to choose from (the
 * visualizer's open dialog): 0 with the title in @buf, or -1 when @path
 * is not a regular file holding a JSON scenario (a schema, a broken file,
 * a FIFO...).  Reads the file, does not check it. */
int scenario_peek_title(const char *path, char *buf, size_t n);

/* The built-in default scenario (data/default.json, embedded at build time). */
extern const char scenario_default_json[];
extern const size_t scenario_default_json_len;

#endif
