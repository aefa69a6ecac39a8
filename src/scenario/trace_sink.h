/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/trace_sink.h - where a trace reader puts its accesses (trace_sink.c)
 *
 * Every reader (txt, u32, lackey, perf) turns its file into accesses and
 * gives each to sink_add(), after sink_fits() said its page is inside its
 * object; the sink bounds them as they come: the accesses of every trace
 * together (SCENARIO_MAX_ACCESSES), a declared object's size, and the
 * memory the run would need (budget.h), re-estimated as the accesses and,
 * for a trace alone, its objects grow.  The first access over a limit is
 * refused with a message at its line, and s->failed stops the reader.
 * sink_finish() then hands the arrays to the scenario or frees them.
 */
#ifndef VMSCAN_SCENARIO_TRACE_SINK_H
#define VMSCAN_SCENARIO_TRACE_SINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lines.h"
#include "loader.h"

/* A trace's accesses, as the engine takes them (struct wl_op's trace). */
struct trace_data {
	uint32_t *page;	  /* malloc'd, or a u32 file mapped (mapped bytes) */
	uint32_t *object; /* NULL: every access is the op's object */
	uint32_t n;
	size_t mapped; /* page is a read-only mapping of this many bytes; 0: malloc'd */
};

struct trace_sink {
	struct loader *L;
	const char *file; /* as shown in diagnostics */
	const char *path; /* the operation's key path */
	uint32_t obj;	  /* default object, UINT32_MAX if none */
	uint8_t via;
	struct trace_data *t;
	uint32_t cap; /* room in t->page (and t->object) */
	bool failed;
	uint64_t auto_bytes; /* auto_obj: budget_engine_bytes() of the objects so far */
	uint64_t map_bytes;  /* lackey, perf: the page map's memory */
};

/* Adds one access; -1 after a message (a limit, out of memory). */
int sink_add(struct trace_sink *s, uint32_t page, uint32_t obj, int line, int col);
/* Is @page inside @obj?  A trace alone grows its objects to fit, as long
 * as the run stays within the budget.  False after saying why (@prefix
 * begins the message). */
bool sink_fits(struct trace_sink *s, uint32_t obj, unsigned long long page, int line, int col,
	       const char *prefix);
/* Would the run, with room for @cap accesses, be over the budget? */
bool sink_over_budget(const struct trace_sink *s, uint64_t cap);
/* A new object called @name for a trace alone, within the budget; -1
 * after a message. */
int sink_new_object(struct trace_sink *s, int line, int col, const char *name);
/* Is @lr the first line of a gzip, bzip2, xz or zstd file?  Then an
 * error naming the compressor and the command that undoes it. */
bool sink_compressed(struct trace_sink *s, const struct line_reader *lr);
/* A compressed file (sink_compressed), a line too long or with a NUL byte is an error (@what: what the file
 * should be); false after saying so. */
bool sink_line_ok(struct trace_sink *s, const struct line_reader *lr, const char *what);
/* Standard input has no size to check first: it stops at the limit. */
void sink_too_big(struct trace_sink *s, uint64_t bytes);
/* After the reader (@ok: it did not fail): the accesses become the
 * scenario's, or are freed.  0 or -1. */
int sink_finish(struct trace_sink *s, bool ok);

/* A new file object of 0 pages (L->obj grows to SCENARIO_MAX_OBJECTS if
 * it has no room); its index, or -1 with a message at file:line:col. */
int trace_auto_object(struct loader *L, const char *file, int line, int col, const char *name);

#endif
