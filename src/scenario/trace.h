/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/trace.h - reading a trace file for a "trace" operation or for
 * a scenario made from a trace alone (trace.c)
 *
 * trace.c opens the file (and its maps), hands it to the reader of its
 * format (trace_txt.h, trace_u32.h, trace_addr.h), each of which puts its
 * accesses into a sink (trace_sink.h) that bounds them as they come.
 */
#ifndef VMSCAN_SCENARIO_TRACE_H
#define VMSCAN_SCENARIO_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

#include "loader.h"
#include "trace_sink.h" /* struct trace_data */

enum trace_format { TRACE_TXT, TRACE_U32, TRACE_LACKEY, TRACE_PERF };

/* A trace's /proc/PID/maps (maps.h), for lackey and perf: a file named
 * at @node (NULL: on the command line), or @len bytes at @buf. */
struct trace_maps {
	const char *file; /* as named; relative to the scenario's directory */
	const cJSON *node;
	const char *buf;
	size_t len;
};

/* The file @file, named at @file_node of the scenario (@path: its key
 * path), into @out, whose arrays the scenario then owns.  @obj: the
 * accesses' object when a line names none (UINT32_MAX: none); @via: the
 * operation's enum wl_via; @maps: NULL, or the maps that give each
 * address its object.  0, or -1 with diagnostics. */
int trace_read(struct loader *L, const cJSON *file_node, const char *path, const char *file,
	       enum trace_format fmt, uint32_t obj, uint8_t via, const struct trace_maps *maps,
	       struct trace_data *out);
/* A trace named on the command line: @file, or standard input for "-". */
int trace_read_arg(struct loader *L, const char *file, enum trace_format fmt, uint32_t obj, uint8_t via,
		   const struct trace_maps *maps, struct trace_data *out);
/* The same from memory; @name is the file name in diagnostics. */
int trace_read_buffer(struct loader *L, const char *name, const char *buf, size_t len, enum trace_format fmt,
		      uint32_t obj, uint8_t via, const struct trace_maps *maps, struct trace_data *out);

#endif
