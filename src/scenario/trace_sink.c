/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/trace_sink.c - where a trace reader puts its accesses
 *
 * Everything is bounded while it is read, not after: the accesses
 * (SCENARIO_MAX_ACCESSES, over every trace of the scenario), a declared
 * object's size (a page past its end), and the memory the run would need
 * (budget.c), re-estimated as the accesses and, for a trace alone, its
 * objects grow; the first access over a limit is refused and reading
 * stops there.  For a trace alone (L->auto_obj: scenario_from_trace(),
 * the fuzzer) and for the objects a trace's maps made, objects are made
 * as the trace names them and each grows to the largest page it is given.
 * Left out: accesses that straddle a page.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "../engine/engine.h"
#include "../util/text.h"
#include "budget.h"
#include "diag.h"
#include "own.h"
#include "trace_sink.h"

/* The run's estimated memory with the accesses held so far (room for
 * @cap of them) and the objects as they are now. */
bool sink_over_budget(const struct trace_sink *s, uint64_t cap)
{
	const struct loader *L = s->L;
	uint64_t engine = (L->auto_obj ? 4096 + L->memory_pages * 32 : L->engine_bytes) + s->auto_bytes;
	uint64_t trace = L->trace_bytes + cap * (s->t->object ? 8 : 4) + s->map_bytes;

	return budget_over(engine, 0, trace);
}

/* Says sink_over_budget() at @line:@col. */
static void budget_error(struct trace_sink *s, int line, int col, uint64_t cap)
{
	const struct loader *L = s->L;
	uint64_t engine = (L->auto_obj ? 4096 + L->memory_pages * 32 : L->engine_bytes) + s->auto_bytes;

	budget_check_at(s->L, s->file, line, col, s->path, engine,
			L->trace_bytes + cap * (s->t->object ? 8 : 4) + s->map_bytes);
	s->failed = true;
}

static int grow(struct trace_sink *s, int line, int col)
{
	struct trace_data *t = s->t;
	/* every trace read before stayed within the limit, all together */
	uint32_t limit = SCENARIO_MAX_ACCESSES - (uint32_t)s->L->trace_accesses;
	uint32_t cap;

	if (t->n < s->cap)
		return 0;
	if (t->n >= limit) {
		if (s->L->trace_accesses)
			lerr_file(s->L, s->file, line, col, s->path,
				  "the scenario's traces together hold more than %u accesses, the limit",
				  SCENARIO_MAX_ACCESSES);
		else
			lerr_file(s->L, s->file, line, col, s->path, "more than %u accesses, the limit",
				  SCENARIO_MAX_ACCESSES);
		return -1;
	}
	cap = s->cap ? s->cap * 2 : 1024;
	if (cap > limit)
		cap = limit;
	if (sink_over_budget(s, cap)) {
		if (sink_over_budget(s, (uint64_t)t->n + 1)) {
			budget_error(s, line, col, (uint64_t)t->n + 1);
			return -1;
		}
		/* near the limit the room grows by what still fits, not double */
		while (cap > t->n + 1 && sink_over_budget(s, cap))
			cap = t->n + 1 + (cap - t->n - 1) / 2;
	}
	uint32_t *p = realloc(t->page, (size_t)cap * sizeof *p);
	if (!p)
		goto oom;
	/* a text trace's array is written once, in order: in huge pages it
	 * faults a few dozen times, not ten thousand (make bench: a third
	 * of the time a 10 M-line file took to read); a hint only */
	if (cap >= (1u << 20)) {
		char *a = (char *)p - ((uintptr_t)p & 4095); /* madvise() takes whole pages */
		madvise(a, (size_t)((char *)(p + cap) - a), MADV_HUGEPAGE);
	}
	t->page = p;
	if (t->object) {
		p = realloc(t->object, (size_t)cap * sizeof *p);
		if (!p)
			goto oom;
		t->object = p;
	}
	s->cap = cap;
	return 0;
oom:
	out_of_memory(s->L);
	return -1;
}

int sink_add(struct trace_sink *s, uint32_t page, uint32_t obj, int line, int col)
{
	if (grow(s, line, col) < 0)
		return -1;
	if (obj != s->obj && !s->t->object) {
		s->t->object = malloc((size_t)s->cap * sizeof *s->t->object);
		if (!s->t->object) {
			out_of_memory(s->L);
			return -1;
		}
		for (uint32_t i = 0; i < s->t->n; i++)
			s->t->object[i] = s->obj;
	}
	if (s->t->object)
		s->t->object[s->t->n] = obj;
	s->t->page[s->t->n++] = page;
	return 0;
}

static void past_end(struct trace_sink *s, int line, int col, unsigned long long page, uint32_t obj,
		     const char *prefix)
{
	char q[96];

	if (s->L->auto_obj || (s->L->made_any && obj >= s->L->first_made)) {
		lerr_file(s->L, s->file, line, col, s->path,
			  "%spage %llu is over %u, the largest page index an object can have", prefix, page,
			  ENGINE_MAX_OBJECT_PAGES - 1);
		return;
	}
	text_quote(s->L->obj[obj].name, q, sizeof q);
	lerr_file(s->L, s->file, line, col, s->path, "%spage %llu is past the end of %s (%u pages)", prefix,
		  page, q, s->L->obj[obj].pages);
}

/* Is @page inside @obj?  A trace alone grows its objects to fit, as long
 * as the run stays within the budget.  False after saying why. */
bool sink_fits(struct trace_sink *s, uint32_t obj, unsigned long long page, int line, int col,
	       const char *prefix)
{
	struct object_spec *o = &s->L->obj[obj];

	bool grows = s->L->auto_obj || (s->L->made_any && obj >= s->L->first_made);

	if (page < o->pages)
		return true;
	if (!grows || page >= ENGINE_MAX_OBJECT_PAGES) {
		past_end(s, line, col, page, obj, prefix);
		s->failed = true;
		return false;
	}
	s->auto_bytes += 4 * (page + 1 - o->pages);
	o->pages = (uint32_t)page + 1;
	if (sink_over_budget(s, s->cap)) {
		budget_error(s, line, col, s->cap);
		return false;
	}
	return true;
}

/* Standard input has no size to check first: it stops at the limit. */
void sink_too_big(struct trace_sink *s, uint64_t bytes)
{
	if (s->failed || bytes <= SCENARIO_MAX_TRACE_BYTES)
		return;
	lerr_file(s->L, s->file, 0, 0, s->path, "the trace is larger than 1 GiB, the limit");
	s->failed = true;
}

/* Trace-only mode: a new file object called @name, or -1 with a message. */
int trace_auto_object(struct loader *L, const char *file, int line, int col, const char *name)
{
	const unsigned char *p = (const unsigned char *)name;
	size_t left = strlen(name);
	char q[96];

	/* a name is shown in every report: text, without controls */
	while (left) {
		uint32_t cp;
		size_t k = utf8_decode(p, left, &cp);
		if (!k || text_is_control(cp)) {
			text_quote(name, q, sizeof q);
			lerr_file(L, file, line, col, "", "expected an object name, found %s", q);
			return -1;
		}
		p += k;
		left -= k;
	}
	if (L->nr_obj >= SCENARIO_MAX_OBJECTS) {
		lerr_file(L, file, line, col, "", "more than %u objects, the limit", SCENARIO_MAX_OBJECTS);
		return -1;
	}
	if (L->nr_obj >= L->obj_cap) { /* a scenario's objects were sized to fit */
		struct object_spec *obj = own_alloc(L, SCENARIO_MAX_OBJECTS * sizeof *obj);
		bool *bad = realloc(L->obj_bad, SCENARIO_MAX_OBJECTS * sizeof *bad);
		if (bad)
			L->obj_bad = bad;
		if (!obj || !bad) {
			if (!bad)
				out_of_memory(L);
			return -1;
		}
		if (L->nr_obj)
			memcpy(obj, L->obj, L->nr_obj * sizeof *obj);
		L->obj = obj;
		L->obj_cap = SCENARIO_MAX_OBJECTS;
	}
	L->obj[L->nr_obj] = (struct object_spec){ .name = own_strdup(L, name), .type = OBJ_FILE, .pages = 0 };
	if (!L->obj[L->nr_obj].name)
		return -1;
	L->obj_bad[L->nr_obj] = false;
	return (int)L->nr_obj++;
}

/* trace_auto_object() within the budget: an object costs 256 bytes. */
int sink_new_object(struct trace_sink *s, int line, int col, const char *name)
{
	int o = trace_auto_object(s->L, s->file, line, col, name);

	if (o >= 0) {
		s->auto_bytes += 256;
		if (sink_over_budget(s, s->cap)) {
			budget_error(s, line, col, s->cap);
			return -1;
		}
	}
	return o;
}

/* A line too long or with a NUL byte is an error (@what: what the file
 * should be); false after saying so. */
/* The compressors a trace is often kept in, by the bytes their files
 * begin with (gzip: RFC 1952; bzip2: "BZh", the block size, then a
 * block's magic "1AY&SY"; xz: its file format's magic; zstd: RFC 8878),
 * and the command that undoes each.  '?' stands for any byte. */
static const struct {
	const char *name, *magic, *undo;
	size_t len;
} compressed[] = {
	{ "gzip", "\x1f\x8b", "zcat", 2 },
	{ "bzip2", "BZh?1AY&SY", "bzcat", 10 },
	{ "xz",
	  "\xfd"
	  "7zXZ",
	  "xzcat", 5 },
	{ "zstd", "\x28\xb5\x2f\xfd", "zstdcat", 4 },
};

static bool begins_with(const char *line, size_t len, const char *magic, size_t n)
{
	if (len < n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (magic[i] != '?' && line[i] != magic[i])
			return false;
	return true;
}

bool sink_compressed(struct trace_sink *s, const struct line_reader *lr)
{
	if (lr->ln != 1)
		return false;
	for (size_t i = 0; i < sizeof compressed / sizeof compressed[0]; i++)
		if (begins_with(lr->line, lr->len, compressed[i].magic, compressed[i].len)) {
			if (!strcmp(s->file, "<stdin>"))
				lerr_file(
					s->L, s->file, 0, 0, s->path,
					"the trace is compressed (%s): decompress it on the way in, e.g. %s "
					"FILE | vmscan-viz run --trace - ...",
					compressed[i].name, compressed[i].undo);
			else
				lerr_file(s->L, s->file, 0, 0, s->path,
					  "the trace is compressed (%s): decompress it first, e.g. %s %s > "
					  "trace.txt",
					  compressed[i].name, compressed[i].undo, s->file);
			s->failed = true;
			return true;
		}
	return false;
}

bool sink_line_ok(struct trace_sink *s, const struct line_reader *lr, const char *what)
{
	if (sink_compressed(s, lr))
		return false;
	if (lr->too_long)
		lerr_file(s->L, s->file, lr->ln, 0, s->path, "line longer than %d bytes, the limit",
			  LINE_MAX_BYTES);
	else if (lr->nul >= 0)
		lerr_file(s->L, s->file, lr->ln, lines_col(lr->buf, lr->buf + lr->nul), s->path,
			  "a NUL byte: %s", what);
	else
		return true;
	s->failed = true;
	return false;
}

/* After parse(): the accesses become the loader's, or are freed. */
int sink_finish(struct trace_sink *s, bool ok)
{
	struct loader *L = s->L;
	struct trace_data *out = s->t;

	if (ok && out->n == 0) {
		lerr_file(L, s->file, 0, 0, s->path, "the trace holds no accesses");
		ok = false;
	}
	if (out->mapped) {
		if (!ok || L->stop) {
			munmap(out->page, out->mapped);
			memset(out, 0, sizeof *out);
			return -1;
		}
		if (own_map(L, out->page, out->mapped) < 0) { /* unmapped there */
			memset(out, 0, sizeof *out);
			return -1;
		}
	} else if (!ok || L->stop || own_add(L, out->page) < 0) {
		free(out->page);
		free(out->object);
		memset(out, 0, sizeof *out);
		return -1;
	}
	if (out->object && own_add(L, out->object) < 0) {
		free(out->object); /* the pages are owned already */
		memset(out, 0, sizeof *out);
		return -1;
	}
	L->trace_accesses += out->n;
	L->trace_bytes += (uint64_t)out->n * (out->object ? 8 : 4);
	return 0;
}
