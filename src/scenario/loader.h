/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/loader.h - the state of one load, and the loader's limits
 *
 * One struct loader lives for one scenario_parse() (load.c) or
 * scenario_from_trace() (fromtrace.c) call: the text, the diagnostics
 * collected so far (diag.h), the positions of every JSON value
 * (locate.h), the memory the scenario will keep (own.h), and the arrays
 * being built.  Operations are built in two passes over the same code:
 * pass 1 checks everything and only counts the operations, pass 2 (run
 * only when pass 1 found no error) writes them into an array of exactly
 * that size.  Trace files and captions are read once, in pass 1, and
 * handed out again in the same order in pass 2.
 *
 * Each part of the loader has a header of its own; this one holds only
 * what they all share.
 */
#ifndef VMSCAN_SCENARIO_LOADER_H
#define VMSCAN_SCENARIO_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

#include "locate.h"
#include "names.h"
#include "scenario.h"

#define SCENARIO_MAX_ERRORS	 20
#define SCENARIO_MAX_OPS	 1000000u /* after stream and repeat expansion: 64 MB */
#define SCENARIO_MAX_OBJECTS	 4096u
#define SCENARIO_MAX_TRACE_BYTES (1ull << 30)
#define SCENARIO_MAX_ACCESSES	 100000000u /* per trace, per random */
#define SCENARIO_MAX_WRITEBACK	 1000000u
#define SCENARIO_MAX_BYTES	 (1ull << 30) /* estimated memory of a run (budget.c) */
#define SCENARIO_MAX_PATH	 4095	      /* bytes of a trace file's path */

#if defined(__GNUC__)
#define SC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SC_PRINTF(f, a)
#endif

struct owned;	   /* own.h */
struct trace_data; /* trace.h */

struct loader {
	const char *name; /* file name in diagnostics */
	const char *dir;  /* directory for trace paths, or NULL */
	const char *buf;  /* NUL-terminated text */
	size_t len;
	const cJSON *root;
	struct locate loc;
	struct diag_list *d;
	unsigned nerr;
	bool stop;	     /* too many errors or out of memory */
	bool quiet;	     /* pass 2: no diagnostics */
	bool auto_obj;	     /* scenario_from_trace: the trace makes its objects */
	bool outside_refuse; /* an access outside every mapping of a maps file is an error */
	struct owned *own;

	/* objects */
	struct object_spec *obj;
	bool *obj_bad; /* declared, but something about it is wrong */
	uint32_t nr_obj;
	uint32_t obj_cap;    /* room in obj and obj_bad */
	uint32_t first_made; /* with made_any: objects made by a trace's maps (maps.c), */
	bool made_any;	     /* from this index on; they grow as the trace is read */
	bool objects_failed; /* "objects" unusable: do not report unknown names */
	struct name_index names;
	bool schema; /* the file is a JSON Schema, not a scenario */

	/* operations */
	struct wl_op *ops; /* NULL in pass 1: only count */
	size_t nr_ops;	   /* emitted so far */
	size_t ops_cap;	   /* pass 2: the size pass 1 counted */
	bool ops_overflow;

	/* captions: added in pass 1, handed out in order in pass 2 */
	char **captions;
	uint32_t nr_captions, captions_cap, caption_next;

	/* trace files: read in pass 1, handed out in order in pass 2 */
	struct trace_data *traces;
	uint32_t nr_traces, traces_cap, trace_next;
	uint64_t trace_accesses;	  /* over every trace read so far */
	uint64_t trace_bytes;		  /* what they hold */
	uint64_t engine_bytes;		  /* budget_engine_bytes() of memory and objects */
	const struct memory_spec *memory; /* the zone, once read */
	uint64_t steps;			  /* workload steps of the operations emitted */
	uint64_t memory_pages;		  /* auto_obj: the zone, for the budget while reading */
	struct trace_outside outside;	  /* accesses outside every mapping of a maps file */
};

/* The object called @name among those read so far, or -1. */
static inline int loader_find_object(struct loader *L, const char *name)
{
	return names_find(&L->names, L->obj, L->nr_obj, name);
}

#endif
