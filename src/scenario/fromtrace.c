/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/fromtrace.c - a scenario made from a trace file alone
 *
 * `vmscan-viz run --trace FILE --memory PAGES` needs no JSON: the trace is
 * read by the same reader as a scenario's "trace" operation (trace.c), so
 * its errors read exactly the same, and the scenario around it is made
 * here: a zone of PAGES pages with the kernel's watermarks and no swap,
 * one file object per name the trace uses ("trace" for lines that name
 * none, and for u32 and lackey traces), each as large as its largest page
 * index + 1 (for lackey, the number of distinct pages), and one trace
 * operation through read() or through a mapping.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/engine.h"
#include "../util/suggest.h"
#include "../util/text.h"
#include "budget.h"
#include "diag.h"
#include "own.h"
#include "trace.h"
#include "trace_sink.h"

static const char *const formats[] = { "txt", "u32", "lackey", "perf", NULL };

static void arg_error(struct diag_list *d, const char *path, const char *fmt, ...) SC_PRINTF(3, 4);
static void arg_error(struct diag_list *d, const char *path, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_push(d, "vmscan-viz", 0, 0, path, fmt, ap);
	va_end(ap);
}

/* -2 with a message when an argument is out of its range. */
static int check_args(const struct trace_args *a, const char *maps, struct diag_list *d, int *fmt)
{
	const char *format = a->format;
	uint64_t memory_pages = a->memory_pages;
	enum wl_via via = a->via;
	char msg[160];

	for (*fmt = 0; formats[*fmt]; (*fmt)++)
		if (format && strcmp(format, formats[*fmt]) == 0)
			break;
	if (format && !formats[*fmt]) {
		char q[96];
		text_quote(format, q, sizeof q);
		snprintf(msg, sizeof msg, "expected txt, u32, lackey or perf, found %s", q);
		suggest_append(msg, sizeof msg, format, formats, SIZE_MAX);
		arg_error(d, "--trace-format", "%s", msg);
		return -2;
	}
	if (!format)
		*fmt = TRACE_TXT;
	if (memory_pages < SCENARIO_MIN_MEMORY_PAGES || memory_pages > ENGINE_MAX_PAGES) {
		arg_error(d, "--memory",
			  "expected a whole number of pages from %u to %u, found %llu; %u is the "
			  "engine's limit (ENGINE_MAX_PAGES, 256 GiB of 4 KiB pages) and a zone needs "
			  "%u pages for its watermarks",
			  SCENARIO_MIN_MEMORY_PAGES, ENGINE_MAX_PAGES, (unsigned long long)memory_pages,
			  ENGINE_MAX_PAGES, SCENARIO_MIN_MEMORY_PAGES);
		return -2;
	}
	if (via != VIA_READ && via != VIA_TOUCH) {
		arg_error(d, "--via", "expected read or mmap");
		return -2;
	}
	if (maps && *fmt != TRACE_LACKEY && *fmt != TRACE_PERF) {
		arg_error(
			d, "--maps",
			"--maps gives the objects of addresses: it goes with --trace-format lackey or perf");
		return -2;
	}
	if (a->swap_pages > ENGINE_MAX_OBJECT_PAGES) {
		arg_error(d, "--swap", "expected a whole number of swap slots from 0 to %u, found %llu",
			  ENGINE_MAX_OBJECT_PAGES, (unsigned long long)a->swap_pages);
		return -2;
	}
	if (a->outside_refuse && !maps) {
		arg_error(d, "--outside",
			  "--outside says what to do with an address outside every mapping: it goes with "
			  "--maps");
		return -2;
	}
	if (maps && via != VIA_TOUCH) {
		arg_error(d, "--maps", "a trace with --maps is accessed through its mappings: --via mmap");
		return -2;
	}
	return 0;
}

/* The objects' sizes from the accesses; -1 with a message over the limit. */
static int size_objects(struct loader *L, const struct trace_data *t)
{
	uint64_t total = 0;

	/* one object for every access: the reader grew it from no pages to
	 * its largest page + 1 as it read (sink_fits(), trace_map_u32()), so a mapped
	 * trace is not read again here */
	if (t->object) {
		for (uint32_t i = 0; i < L->nr_obj; i++)
			L->obj[i].pages = 0;
		for (uint32_t i = 0; i < t->n; i++) {
			struct object_spec *o = &L->obj[t->object[i]];
			if (t->page[i] >= o->pages)
				o->pages = t->page[i] + 1;
		}
	}
	for (uint32_t i = 0; i < L->nr_obj; i++) {
		if (!L->obj[i].pages)
			L->obj[i].pages = 1; /* named, but only by lines refused: cannot happen */
		total += L->obj[i].pages;
	}
	if (total > ENGINE_MAX_OBJECT_PAGES) {
		lerr_file(L, L->name, 0, 0, "",
			  "the trace's objects add up to %llu pages, more than %u, the limit",
			  (unsigned long long)total, ENGINE_MAX_OBJECT_PAGES);
		return -1;
	}
	return 0;
}

static int build(struct loader *L, struct scenario *s, const struct trace_data *t, int fmt,
		 const struct trace_args *a, uint32_t def)
{
	uint64_t memory_pages = a->memory_pages;
	enum wl_via via = a->via;
	struct wl_op *op;
	char title[160], desc[512];
	const char *base;

	if (size_objects(L, t) < 0)
		return -1;
	memset(s, 0, sizeof *s);
	s->wl.memory.pages = (uint32_t)memory_pages;
	s->wl.memory.swap_pages = (uint32_t)a->swap_pages;
	s->outside = L->outside;
	s->wl.memory.swappiness = 60;
	s->wl.memory.writeback_steps = 16;
	s->wl.memory.kswapd = true;
	L->engine_bytes = budget_engine_bytes(&s->wl.memory, L->obj, L->nr_obj);
	if (budget_check(L, NULL, "", L->engine_bytes, 1, L->trace_bytes) < 0)
		return -1;
	op = own_alloc(L, sizeof *op);
	if (!op)
		return -1;
	memset(op, 0, sizeof *op);
	op->kind = WL_TRACE;
	op->object = def != UINT32_MAX ? def : t->object[0];
	op->count = t->n;
	op->trace = t->page;
	op->trace_object = t->object;
	op->via = (uint8_t)via;
	op->caption = UINT32_MAX;
	/* the title is the same for every format: `run --json` of one trace
	 * in txt and in u32 differs only in the path */
	snprintf(title, sizeof title, "a trace of %u accesses, through %s", t->n,
		 via == VIA_READ ? "read()" : "a mapping");
	/* the file's name, not its path: the caption is one line of the
	 * screen, and the folder it lives in is the user's (s->path keeps it) */
	base = strrchr(L->name, '/');
	snprintf(desc, sizeof desc,
		 "The %s trace %s replayed in a zone of %llu pages: %u accesses to %u object%s.",
		 formats[fmt], base ? base + 1 : L->name, (unsigned long long)memory_pages, t->n, L->nr_obj,
		 L->nr_obj == 1 ? "" : "s");
	s->title = own_strdup(L, title);
	s->description = own_strdup(L, desc);
	s->path = own_strdup(L, L->name);
	if (!s->title || !s->description || !s->path)
		return -1;
	s->wl.objects = L->obj;
	s->wl.nr_objects = L->nr_obj;
	s->wl.ops = op;
	s->wl.nr_ops = 1;
	s->steps = engine_op_steps(op);
	return 0;
}

/* The common part: @buf is NULL to read the file @path; @maps->file NULL
 * for no maps. */
static int from_trace(const char *path, const char *buf, size_t len, const struct trace_maps *maps,
		      const struct trace_args *a, struct scenario *out, struct diag_list *d)
{
	uint64_t memory_pages = a->memory_pages;
	enum wl_via via = a->via;
	struct loader L;
	struct trace_data t;
	uint32_t def = UINT32_MAX;
	int fmt, rc;

	memset(out, 0, sizeof *out);
	if ((rc = check_args(a, maps->file, d, &fmt)) < 0)
		return rc;
	memset(&L, 0, sizeof L);
	L.name = strcmp(path, "-") == 0 && !buf ? "<stdin>" : path;
	L.d = d;
	L.auto_obj = true;
	L.memory_pages = memory_pages;
	L.outside_refuse = a->outside_refuse;
	L.own = calloc(1, sizeof *L.own);
	L.obj_bad = calloc(SCENARIO_MAX_OBJECTS, sizeof *L.obj_bad);
	if (!L.own || !L.obj_bad || !(L.obj = own_alloc(&L, SCENARIO_MAX_OBJECTS * sizeof *L.obj))) {
		out_of_memory(&L);
		rc = -1;
		goto done;
	}
	L.obj_cap = SCENARIO_MAX_OBJECTS;
	if (fmt != TRACE_TXT && !maps->file) { /* no names: every access is to "trace" */
		int o = trace_auto_object(&L, L.name, 0, 0, "trace");
		if (o < 0) {
			rc = -1;
			goto done;
		}
		def = (uint32_t)o;
	}
	if (buf)
		rc = trace_read_buffer(&L, path, buf, len, (enum trace_format)fmt, def, (uint8_t)via,
				       maps->file ? maps : NULL, &t);
	else
		rc = trace_read_arg(&L, path, (enum trace_format)fmt, def, (uint8_t)via,
				    maps->file ? maps : NULL, &t);
	/* txt, maps: without per-access objects every line went to one object */
	if (rc == 0 && (fmt == TRACE_TXT || maps->file))
		def = t.object ? t.object[0] : 0;
	if (rc == 0)
		rc = build(&L, out, &t, fmt, a, def);
done:
	if (rc == 0) {
		out->owned = L.own;
	} else {
		owned_free(L.own);
		memset(out, 0, sizeof *out);
		if (d->n == 0)
			arg_error(d, "", "internal error: the trace was refused without a reason");
	}
	free(L.obj_bad);
	names_free(&L.names);
	return rc;
}

int scenario_from_trace_args(const char *path, const struct trace_args *a, struct scenario *out,
			     struct diag_list *d)
{
	struct trace_maps tm = { .file = a->maps };

	return from_trace(path, NULL, 0, &tm, a, out, d);
}

int scenario_from_trace(const char *path, const char *format, uint64_t memory_pages, enum wl_via via,
			struct scenario *out, struct diag_list *d)
{
	struct trace_args a = { .format = format, .memory_pages = memory_pages, .via = via };

	return scenario_from_trace_args(path, &a, out, d);
}

int scenario_from_trace_buffer(const char *name, const char *buf, size_t len, const char *format,
			       uint64_t memory_pages, enum wl_via via, struct scenario *out,
			       struct diag_list *d)
{
	struct trace_args a = { .format = format, .memory_pages = memory_pages, .via = via };
	struct trace_maps tm = { 0 };

	return from_trace(name, buf ? buf : "", len, &tm, &a, out, d);
}

int scenario_from_trace_buffers(const char *name, const char *buf, size_t len, const char *format,
				const char *maps_name, const char *maps, size_t maps_len,
				uint64_t memory_pages, enum wl_via via, struct scenario *out,
				struct diag_list *d)
{
	struct trace_args a = {
		.format = format, .maps = maps_name, .memory_pages = memory_pages, .via = via
	};
	struct trace_maps tm = { .file = maps_name, .buf = maps ? maps : "", .len = maps_len };

	return from_trace(name, buf ? buf : "", len, &tm, &a, out, d);
}
