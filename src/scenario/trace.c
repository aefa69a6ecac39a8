/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/trace.c - access traces for the "trace" operation: the file
 *
 * Four formats, all turned into one array of page indices, each read by
 * a reader of its own: txt (trace_txt.c), u32 (trace_u32.c), lackey and
 * perf (trace_addr.c); every reader gives its accesses to the sink
 * (trace_sink.c), which bounds them while they are read.  Here: finding
 * the file (relative to the scenario's directory), opening it and its
 * /proc/PID/maps (maps.c), choosing the reader, and saying which line of
 * the scenario named a file that had an error.  Lines end at LF, CRLF or
 * a lone CR (lines.c).  Errors name the trace file and its line (and
 * column, for txt), followed by a note at the scenario's line that named
 * the file.
 *
 * Two ways in: trace_read() for a scenario's "trace" operation, whose
 * objects are declared in the scenario, and trace_read_buffer() for
 * scenario_from_trace() (fromtrace.c) and the fuzzer, where L->auto_obj is
 * set: objects are made as the trace names them (the default one is
 * "trace"), and each grows to the largest page it is given.
 * Left out: compressed traces (a gzip, bzip2, xz or zstd file is named as
 * such, trace_sink.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "file.h"
#include "maps.h"
#include "own.h"
#include "trace.h"
#include "trace_addr.h"
#include "trace_sink.h"
#include "trace_txt.h"
#include "trace_u32.h"

/* Reads @f into s->t, through @maps (NULL: none) for lackey and perf;
 * false when it failed (with a message). */
static bool parse(struct trace_sink *s, FILE *f, enum trace_format fmt, struct maps *maps)
{
	if (fmt == TRACE_TXT)
		trace_read_txt(s, f);
	else if (fmt == TRACE_U32)
		trace_read_u32(s, f);
	else if (fmt == TRACE_PERF)
		trace_read_perf(s, f, maps);
	else
		trace_read_lackey(s, f, maps);
	return !s->failed;
}

/* @file, relative to the scenario's directory; NULL (with a message) when
 * the result would be longer than SCENARIO_MAX_PATH. */
static char *join_path(struct loader *L, const cJSON *node, const char *path, const char *file)
{
	bool rel = file[0] != '/' && L->dir && L->dir[0] && strcmp(L->dir, ".") != 0;
	size_t dl = rel ? strlen(L->dir) : 0, fl = strlen(file);
	size_t len = dl + (rel && L->dir[dl - 1] != '/') + fl;
	char *full;

	if (len > SCENARIO_MAX_PATH) {
		lerr(L, node, false, path, "the trace file's path is %zu bytes long, more than %u, the limit",
		     len, SCENARIO_MAX_PATH);
		return NULL;
	}
	if (!(full = malloc(len + 1))) {
		out_of_memory(L);
		return NULL;
	}
	if (rel) {
		memcpy(full, L->dir, dl);
		if (L->dir[dl - 1] != '/')
			full[dl++] = '/';
	}
	memcpy(full + dl, file, fl + 1);
	return full;
}

#define MAPS_MAX_BYTES (64u << 20)

/* Reads @tm into @m for the sink @s; 0, or -1 after a message. */
static int load_maps(struct trace_sink *s, const struct trace_maps *tm, struct maps *m)
{
	struct loader *L = s->L;
	char mp[176], why[256], *full;
	off_t size = 0;
	FILE *f;
	int rc;

	path_fmt(mp, sizeof mp, s->path[0] ? "%s.maps" : "%s", s->path);
	if (tm->buf) {
		if (!tm->len) {
			lerr_file(L, tm->file, 0, 0, mp, "the maps file holds no mappings");
			return -1;
		}
		if (!(f = fmemopen((char *)tm->buf, tm->len, "rb"))) {
			out_of_memory(L);
			return -1;
		}
		rc = maps_parse(L, tm->file, mp, f, m);
		fclose(f);
		return rc;
	}
	if (!(full = join_path(L, tm->node, mp, tm->file)) || own_add(L, full) < 0)
		return -1;
	f = file_open_stream(full, false, &size, why, sizeof why);
	if (!f) {
		lerr(L, tm->node, false, mp, "cannot read maps file \"%s\": %s", full, why);
		return -1;
	}
	if (size > (off_t)MAPS_MAX_BYTES) {
		lerr(L, tm->node, false, mp, "maps file \"%s\" is larger than 64 MiB, the limit", full);
		file_close_stream(f);
		return -1;
	}
	rc = maps_parse(L, full, mp, f, m);
	file_close_stream(f);
	return rc;
}

/* Reads the trace file @file (standard input when @is_stdin) into @out. */
static int read_file(struct loader *L, const cJSON *file_node, const char *path, const char *file,
		     bool is_stdin, enum trace_format fmt, uint32_t obj, uint8_t via,
		     const struct trace_maps *tm, struct trace_data *out)
{
	struct trace_sink s = { .L = L, .path = path, .obj = obj, .via = via, .t = out };
	struct maps m = { 0 }, *by_maps = NULL;
	char fp[176], why[256], *full;
	size_t before = L->d->n;
	off_t size = 0;
	bool ok;
	FILE *f;

	memset(out, 0, sizeof *out);
	path_fmt(fp, sizeof fp, path[0] ? "%s.file" : "%s", path);
	if (is_stdin)
		full = own_strdup(L, "<stdin>");
	else if ((full = join_path(L, file_node, fp, file)) && own_add(L, full) < 0)
		full = NULL;
	if (!full)
		return -1;
	s.file = full;
	if (L->auto_obj)
		for (uint32_t i = 0; i < L->nr_obj; i++)
			s.auto_bytes += 256 + 4ull * L->obj[i].pages;
	if (tm && tm->file) {
		if (load_maps(&s, tm, &m) < 0) {
			maps_free(&m);
			return -1;
		}
		by_maps = &m;
	}
	f = file_open_stream(full, is_stdin, &size, why, sizeof why);
	if (!f) {
		if (!file_node)
			file_hint_stdin(why, sizeof why); /* named on the command line */
		lerr(L, file_node, false, fp, "cannot read trace file \"%s\": %s", full, why);
		maps_free(&m);
		return -1;
	}
	if (size > (off_t)SCENARIO_MAX_TRACE_BYTES) {
		lerr(L, file_node, false, fp, "trace file \"%s\" is larger than 1 GiB, the limit", full);
		file_close_stream(f);
		maps_free(&m);
		return -1;
	}
	ok = (fmt == TRACE_U32 && !is_stdin && trace_map_u32(&s, fileno(f), size)) ||
	     parse(&s, f, fmt, by_maps);
	if (ok && ferror(f)) {
		lerr(L, file_node, false, fp, "cannot read trace file \"%s\": %s", full, strerror(errno));
		ok = false;
	}
	file_close_stream(f);
	maps_free(&m);
	/* an error inside the trace file: say which line of the scenario named it */
	if (!ok && file_node && L->d->n > before && !strcmp(L->d->v[before].file, full))
		lnote(L, file_node, fp, "the trace file named here");
	return sink_finish(&s, ok);
}

int trace_read(struct loader *L, const cJSON *file_node, const char *path, const char *file,
	       enum trace_format fmt, uint32_t obj, uint8_t via, const struct trace_maps *maps,
	       struct trace_data *out)
{
	return read_file(L, file_node, path, file, false, fmt, obj, via, maps, out);
}

int trace_read_arg(struct loader *L, const char *file, enum trace_format fmt, uint32_t obj, uint8_t via,
		   const struct trace_maps *maps, struct trace_data *out)
{
	return read_file(L, NULL, "", file, strcmp(file, "-") == 0, fmt, obj, via, maps, out);
}

int trace_read_buffer(struct loader *L, const char *name, const char *buf, size_t len, enum trace_format fmt,
		      uint32_t obj, uint8_t via, const struct trace_maps *maps, struct trace_data *out)
{
	struct trace_sink s = { .L = L, .file = name, .path = "", .obj = obj, .via = via, .t = out };
	struct maps m = { 0 }, *by_maps = NULL;
	bool ok = true;
	FILE *f;

	memset(out, 0, sizeof *out);
	if ((uint64_t)len > SCENARIO_MAX_TRACE_BYTES) {
		lerr_file(L, name, 0, 0, "", "trace file \"%s\" is larger than 1 GiB, the limit", name);
		return -1;
	}
	for (uint32_t i = 0; L->auto_obj && i < L->nr_obj; i++)
		s.auto_bytes += 256 + 4ull * L->obj[i].pages;
	if (maps && maps->file) {
		if (load_maps(&s, maps, &m) < 0) {
			maps_free(&m);
			return -1;
		}
		by_maps = &m;
	}
	if (len) { /* fmemopen() may refuse a zero size; "rb" never writes */
		f = fmemopen((char *)buf, len, "rb");
		if (!f) {
			out_of_memory(L);
			maps_free(&m);
			return -1;
		}
		ok = parse(&s, f, fmt, by_maps);
		fclose(f);
	}
	maps_free(&m);
	return sink_finish(&s, ok);
}
