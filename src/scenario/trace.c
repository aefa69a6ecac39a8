/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/trace.c - access traces for the "trace" operation
 *
 * Three formats, all turned into one array of page indices:
 *  - txt: one access per line, `PAGE [OBJECT] [KIND]`; '#' starts a
 *    comment line.  KIND, when given, must be the operation's own "via"
 *    (touch, or read/r): a trace has one kind of access, so a "write"/"w"
 *    line is an error rather than something silently changed;
 *  - u32: little-endian 32-bit page numbers, nothing else;
 *  - lackey: valgrind --tool=lackey --trace-mem=yes output; every I/L/S/M
 *    line is one access to page addr >> 12, pages renumbered densely in
 *    order of first appearance; other lines are ignored.
 * Errors name the trace file and its line (and column, for txt).
 *
 * Two ways in: trace_read() for a scenario's "trace" operation, whose
 * objects are declared in the scenario, and trace_read_buffer() for
 * scenario_from_trace() (fromtrace.c) and the fuzzer, where L->auto_obj is
 * set: objects are made as the trace names them (the default one is
 * "trace"), each as large as the largest page that can exist, and sized
 * to the trace afterwards.
 * Left out: accesses that straddle a page (lackey's size is ignored), hex
 * page numbers in txt, compressed traces.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../engine/engine.h"
#include "internal.h"

#define LINE_MAX_BYTES 4096

struct reader {
	struct loader *L;
	const char *file; /* as shown in diagnostics */
	const char *path; /* the operation's key path */
	uint32_t obj;	  /* default object, UINT32_MAX if none */
	uint8_t via;
	struct trace_data *t;
	uint32_t cap;
	bool failed;
};

static int grow(struct reader *r)
{
	struct trace_data *t = r->t;
	/* every trace read before stayed within the limit, all together */
	uint32_t limit = SCENARIO_MAX_ACCESSES - (uint32_t)r->L->trace_accesses;
	uint32_t cap;

	if (t->n < r->cap)
		return 0;
	if (t->n >= limit) {
		if (r->L->trace_accesses)
			lerr_file(r->L, r->file, 0, 0, r->path,
				  "the scenario's traces together hold more than %u accesses, the limit",
				  SCENARIO_MAX_ACCESSES);
		else
			lerr_file(r->L, r->file, 0, 0, r->path, "more than %u accesses, the limit",
				  SCENARIO_MAX_ACCESSES);
		return -1;
	}
	cap = r->cap ? r->cap * 2 : 1024;
	if (cap > limit)
		cap = limit;
	uint32_t *p = realloc(t->page, (size_t)cap * sizeof *p);
	if (!p)
		goto oom;
	t->page = p;
	if (t->object) {
		p = realloc(t->object, (size_t)cap * sizeof *p);
		if (!p)
			goto oom;
		t->object = p;
	}
	r->cap = cap;
	return 0;
oom:
	out_of_memory(r->L);
	return -1;
}

static int add(struct reader *r, uint32_t page, uint32_t obj)
{
	if (grow(r) < 0)
		return -1;
	if (obj != r->obj && !r->t->object) {
		r->t->object = malloc((size_t)r->cap * sizeof *r->t->object);
		if (!r->t->object) {
			out_of_memory(r->L);
			return -1;
		}
		for (uint32_t i = 0; i < r->t->n; i++)
			r->t->object[i] = r->obj;
	}
	if (r->t->object)
		r->t->object[r->t->n] = obj;
	r->t->page[r->t->n++] = page;
	return 0;
}

static void past_end(struct reader *r, int line, int col, unsigned long long page, uint32_t obj,
		     const char *prefix)
{
	char q[96];

	if (r->L->auto_obj) {
		lerr_file(r->L, r->file, line, col, r->path,
			  "%spage %llu is over %u, the largest page index an object can have", prefix, page,
			  ENGINE_MAX_OBJECT_PAGES - 1);
		return;
	}
	quote(r->L->obj[obj].name, q, sizeof q);
	lerr_file(r->L, r->file, line, col, r->path, "%spage %llu is past the end of %s (%u pages)", prefix,
		  page, q, r->L->obj[obj].pages);
}

/* ---- txt ------------------------------------------------------------- */

static int find_name(struct loader *L, const char *name)
{
	for (uint32_t i = 0; i < L->nr_obj; i++)
		if (strcmp(L->obj[i].name, name) == 0)
			return (int)i;
	return -1;
}

/* Trace-only mode: a new file object called @name, or -1 with a message. */
int trace_auto_object(struct loader *L, const char *file, int line, int col, const char *name)
{
	char q[96];

	for (const char *p = name; *p; p++)
		if ((unsigned char)*p < 32 || *p == 127) {
			quote(name, q, sizeof q);
			lerr_file(L, file, line, col, "", "expected an object name, found %s", q);
			return -1;
		}
	if (L->nr_obj >= SCENARIO_MAX_OBJECTS) {
		lerr_file(L, file, line, col, "", "more than %u objects, the limit", SCENARIO_MAX_OBJECTS);
		return -1;
	}
	L->obj[L->nr_obj] = (struct object_spec){ .name = own_strdup(L, name),
						  .type = OBJ_FILE,
						  .pages = ENGINE_MAX_OBJECT_PAGES };
	if (!L->obj[L->nr_obj].name)
		return -1;
	L->obj_bad[L->nr_obj] = false;
	return (int)L->nr_obj++;
}

static bool is_kind(const char *w)
{
	return !strcmp(w, "touch") || !strcmp(w, "read") || !strcmp(w, "write") || !strcmp(w, "r") ||
	       !strcmp(w, "w");
}

static int col_of(const char *line, const char *at)
{
	int col = 1;

	for (const char *p = line; p < at; p++)
		if (((unsigned char)*p & 0xC0) != 0x80)
			col++;
	return col;
}

static void txt_line(struct reader *r, char *line, int ln)
{
	struct loader *L = r->L;
	char *tok[4], *p = line, *end;
	int col[4], nt = 0;
	unsigned long long page;
	uint32_t obj = r->obj;
	const char *kind = NULL;
	char q[96], msg[256];

	while (nt < 4) {
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		if (!*p)
			break;
		tok[nt] = p;
		col[nt++] = col_of(line, p);
		while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
			p++;
		if (*p)
			*p++ = '\0';
	}
	if (nt == 0 || tok[0][0] == '#')
		return;
	if (nt == 4) {
		lerr_file(L, r->file, ln, col[3], r->path,
			  "expected `PAGE [OBJECT] [KIND]`, found a fourth field");
		r->failed = true;
		return;
	}
	errno = 0;
	page = strtoull(tok[0], &end, 10);
	if (*end || tok[0][0] < '0' || tok[0][0] > '9' || errno) {
		quote(tok[0], q, sizeof q);
		lerr_file(L, r->file, ln, col[0], r->path, "expected a page number, found %s", q);
		r->failed = true;
		return;
	}
	for (int i = 1; i < nt; i++) {
		int o = find_name(L, tok[i]);
		if (o < 0 && L->auto_obj && i == 1 && (nt == 3 || !is_kind(tok[i]))) {
			o = trace_auto_object(L, r->file, ln, col[i], tok[i]);
			if (o < 0) {
				r->failed = true;
				return;
			}
		}
		if (i == 1 && o >= 0) {
			obj = (uint32_t)o;
		} else if (is_kind(tok[i]) && (i == nt - 1)) {
			kind = tok[i];
		} else {
			quote(tok[i], q, sizeof q);
			if (i == 1 && (nt == 3 || !is_kind(tok[i]))) {
				const char **names = malloc((L->nr_obj + 1) * sizeof *names);
				snprintf(msg, sizeof msg, "no object named %s in \"objects\"", q);
				if (names) {
					for (uint32_t k = 0; k < L->nr_obj; k++)
						names[k] = L->obj[k].name;
					suggest_append(msg, sizeof msg, tok[i], names, L->nr_obj);
					free(names);
				}
			} else {
				snprintf(msg, sizeof msg,
					 "expected an object name or touch, read, write, r, w; found %s", q);
			}
			lerr_file(L, r->file, ln, col[i], r->path, "%s", msg);
			r->failed = true;
			return;
		}
	}
	if (kind) {
		bool read = !strcmp(kind, "read") || !strcmp(kind, "r");
		bool touch = !strcmp(kind, "touch");
		if ((r->via == VIA_READ && !read) || (r->via == VIA_TOUCH && !touch)) {
			quote(kind, q, sizeof q);
			lerr_file(L, r->file, ln, col[nt - 1], r->path,
				  "access kind %s differs from the operation's \"via\": \"%s\"; "
				  "a trace has one kind of access",
				  q, r->via == VIA_READ ? "read" : "touch");
			r->failed = true;
			return;
		}
	}
	if (obj == UINT32_MAX && L->auto_obj) {
		int o = find_name(L, "trace");
		if (o < 0)
			o = trace_auto_object(L, r->file, ln, col[0], "trace");
		if (o < 0) {
			r->failed = true;
			return;
		}
		obj = r->obj = (uint32_t)o;
	}
	if (obj == UINT32_MAX) {
		lerr_file(L, r->file, ln, col[0], r->path,
			  "the line names no object, and the operation has no \"object\"");
		r->failed = true;
		return;
	}
	if (L->obj_bad[obj]) {
		r->failed = true;
		return;
	}
	if (r->via == VIA_READ && L->obj[obj].type != OBJ_FILE) {
		quote(L->obj[obj].name, q, sizeof q);
		lerr_file(L, r->file, ln, col[nt > 1 ? 1 : 0], r->path,
			  "%s is anonymous memory; a read trace needs objects of type \"file\"", q);
		r->failed = true;
		return;
	}
	if (page >= L->obj[obj].pages) {
		past_end(r, ln, col[0], page, obj, "");
		r->failed = true;
		return;
	}
	if (add(r, (uint32_t)page, obj) < 0)
		r->failed = true;
}

static void read_txt(struct reader *r, FILE *f)
{
	char line[LINE_MAX_BYTES + 2];
	int ln = 0;

	while (!r->failed && !r->L->stop && fgets(line, sizeof line, f)) {
		size_t k = strlen(line);
		ln++;
		if (k == sizeof line - 1 && line[k - 1] != '\n') {
			lerr_file(r->L, r->file, ln, 0, r->path, "line longer than %d bytes", LINE_MAX_BYTES);
			r->failed = true;
			return;
		}
		txt_line(r, line, ln);
	}
}

/* ---- u32 ------------------------------------------------------------- */

static void read_u32(struct reader *r, FILE *f, uint64_t size)
{
	unsigned char buf[65536];
	uint64_t off = 0;
	size_t got;

	if (size % 4) {
		lerr_file(r->L, r->file, 0, 0, r->path,
			  "a u32 trace is a whole number of 4-byte page numbers, but the file has %llu bytes",
			  (unsigned long long)size);
		r->failed = true;
		return;
	}
	while (!r->failed && (got = fread(buf, 1, sizeof buf, f)) > 0) {
		for (size_t i = 0; i + 4 <= got; i += 4, off += 4) {
			uint32_t page = (uint32_t)buf[i] | (uint32_t)buf[i + 1] << 8 |
					(uint32_t)buf[i + 2] << 16 | (uint32_t)buf[i + 3] << 24;
			if (page >= r->L->obj[r->obj].pages) {
				char pre[64];
				snprintf(pre, sizeof pre,
					 "access %llu (byte %llu): ", (unsigned long long)off / 4 + 1,
					 (unsigned long long)off);
				past_end(r, 0, 0, page, r->obj, pre);
				r->failed = true;
				return;
			}
			if (add(r, page, r->obj) < 0) {
				r->failed = true;
				return;
			}
		}
	}
}

/* ---- lackey ---------------------------------------------------------- */

struct pagemap { /* open addressing: page number -> dense index */
	uint64_t *key;
	uint32_t *val;
	size_t cap, n;
};

static int pagemap_get(struct pagemap *m, uint64_t page, uint32_t *out)
{
	size_t i;

	if (2 * (m->n + 1) > m->cap) {
		struct pagemap b = { .cap = m->cap ? m->cap * 2 : 1024 };
		b.key = malloc(b.cap * sizeof *b.key);
		b.val = malloc(b.cap * sizeof *b.val);
		if (!b.key || !b.val) {
			free(b.key);
			free(b.val);
			return -1;
		}
		memset(b.key, 0xff, b.cap * sizeof *b.key);
		for (size_t k = 0; k < m->cap; k++) {
			if (m->key[k] == UINT64_MAX)
				continue;
			i = (size_t)(m->key[k] * 0x9E3779B97F4A7C15ull >> 20) & (b.cap - 1);
			while (b.key[i] != UINT64_MAX)
				i = (i + 1) & (b.cap - 1);
			b.key[i] = m->key[k];
			b.val[i] = m->val[k];
		}
		b.n = m->n;
		free(m->key);
		free(m->val);
		*m = b;
	}
	i = (size_t)(page * 0x9E3779B97F4A7C15ull >> 20) & (m->cap - 1);
	while (m->key[i] != UINT64_MAX) {
		if (m->key[i] == page) {
			*out = m->val[i];
			return 0;
		}
		i = (i + 1) & (m->cap - 1);
	}
	m->key[i] = page;
	m->val[i] = (uint32_t)m->n;
	*out = (uint32_t)m->n++;
	return 0;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* `I  0400d7d4,3`, ` L 04022610,8`: the address, or false for other lines. */
static bool lackey_addr(const char *p, uint64_t *addr)
{
	uint64_t a = 0;
	int digits = 0;

	while (*p == ' ')
		p++;
	if (!*p || !strchr("ILSM", *p))
		return false;
	p++;
	if (*p != ' ')
		return false;
	while (*p == ' ')
		p++;
	for (; hexval((unsigned char)*p) >= 0; p++, digits++)
		a = a << 4 | (uint64_t)hexval((unsigned char)*p);
	if (digits == 0 || digits > 16 || *p != ',')
		return false;
	*addr = a;
	return true;
}

static void read_lackey(struct reader *r, FILE *f)
{
	char line[LINE_MAX_BYTES + 2];
	struct pagemap m = { 0 };
	uint64_t addr;
	uint32_t idx;
	bool longline = false;

	while (!r->failed && fgets(line, sizeof line, f)) {
		size_t k = strlen(line);
		bool cont = longline;
		longline = k == sizeof line - 1 && line[k - 1] != '\n';
		if (cont || !lackey_addr(line, &addr))
			continue; /* ==PID== lines, and the rest of a long line */
		if (pagemap_get(&m, addr >> 12, &idx) < 0) {
			out_of_memory(r->L);
			r->failed = true;
			break;
		}
		if (add(r, idx, r->obj) < 0)
			r->failed = true;
	}
	if (!r->failed && m.n > r->L->obj[r->obj].pages) {
		char q[96];
		quote(r->L->obj[r->obj].name, q, sizeof q);
		lerr_file(
			r->L, r->file, 0, 0, r->path,
			"the trace touches %zu distinct pages, but %s has %u; give it \"pages\": %zu or more",
			m.n, q, r->L->obj[r->obj].pages, m.n);
		r->failed = true;
	}
	free(m.key);
	free(m.val);
}

/* ---- the file -------------------------------------------------------- */

/* Reads @f (@size bytes) into r->t; false when it failed (with a message). */
static bool parse(struct reader *r, FILE *f, uint64_t size, enum trace_format fmt)
{
	if (fmt == TRACE_TXT)
		read_txt(r, f);
	else if (fmt == TRACE_U32)
		read_u32(r, f, size);
	else
		read_lackey(r, f);
	return !r->failed;
}

/* After parse(): the accesses become the loader's, or are freed. */
static int finish(struct reader *r, bool ok)
{
	struct loader *L = r->L;
	struct trace_data *out = r->t;

	if (ok && out->n == 0) {
		lerr_file(L, r->file, 0, 0, r->path, "the trace holds no accesses");
		ok = false;
	}
	if (!ok || L->stop || own_add(L, out->page) < 0) {
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

int trace_read(struct loader *L, const cJSON *file_node, const char *path, const char *file,
	       enum trace_format fmt, uint32_t obj, uint8_t via, struct trace_data *out)
{
	struct reader r = { .L = L, .path = path, .obj = obj, .via = via, .t = out };
	char full[1024], fp[176];
	struct stat st;
	bool ok;
	FILE *f;

	memset(out, 0, sizeof *out);
	path_fmt(fp, sizeof fp, path[0] ? "%s.file" : "%s", path);
	if (file[0] == '/' || !L->dir || !L->dir[0] || strcmp(L->dir, ".") == 0)
		snprintf(full, sizeof full, "%s", file);
	else
		snprintf(full, sizeof full, "%s%s%s", L->dir, L->dir[strlen(L->dir) - 1] == '/' ? "" : "/",
			 file);
	r.file = full;
	f = fopen(full, "rb");
	if (!f) {
		lerr(L, file_node, false, fp, "cannot read trace file \"%s\": %s", full, strerror(errno));
		return -1;
	}
	if (fstat(fileno(f), &st) < 0) {
		lerr(L, file_node, false, fp, "cannot read trace file \"%s\": %s", full, strerror(errno));
		fclose(f);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		lerr(L, file_node, false, fp, "cannot read trace file \"%s\": %s", full,
		     S_ISDIR(st.st_mode) ? "it is a directory" : "not a regular file");
		fclose(f);
		return -1;
	}
	if ((uint64_t)st.st_size > SCENARIO_MAX_TRACE_BYTES) {
		lerr(L, file_node, false, fp, "trace file \"%s\" is larger than 1 GiB, the limit", full);
		fclose(f);
		return -1;
	}
	ok = parse(&r, f, (uint64_t)st.st_size, fmt);
	if (ok && ferror(f)) {
		lerr(L, file_node, false, fp, "cannot read trace file \"%s\": %s", full, strerror(errno));
		ok = false;
	}
	fclose(f);
	return finish(&r, ok);
}

int trace_read_buffer(struct loader *L, const char *name, const char *buf, size_t len, enum trace_format fmt,
		      uint32_t obj, uint8_t via, struct trace_data *out)
{
	struct reader r = { .L = L, .file = name, .path = "", .obj = obj, .via = via, .t = out };
	bool ok = true;
	FILE *f;

	memset(out, 0, sizeof *out);
	if ((uint64_t)len > SCENARIO_MAX_TRACE_BYTES) {
		lerr_file(L, name, 0, 0, "", "trace file \"%s\" is larger than 1 GiB, the limit", name);
		return -1;
	}
	if (len) { /* fmemopen() may refuse a zero size; "rb" never writes */
		f = fmemopen((char *)buf, len, "rb");
		if (!f) {
			out_of_memory(L);
			return -1;
		}
		ok = parse(&r, f, (uint64_t)len, fmt);
		fclose(f);
	}
	return finish(&r, ok);
}
