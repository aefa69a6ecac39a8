/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/trace.c - access traces for the "trace" operation
 *
 * Four formats, all turned into one array of page indices:
 *  - txt: one access per line, `PAGE [OBJECT] [KIND]`; '#' starts a
 *    comment line.  KIND, when given, must be the operation's own "via"
 *    (touch, or read/r): a trace has one kind of access, so a "write"/"w"
 *    line is an error rather than something silently changed.  A NUL byte
 *    is an error (the file is binary: u32?), not the end of the line;
 *  - u32: little-endian 32-bit page numbers, nothing else; a file (not
 *    standard input) is mapped and is the array itself (map_u32());
 *  - lackey: valgrind --tool=lackey --trace-mem=yes output; every I/L/S/M
 *    record is one access to page addr >> 12, pages renumbered densely in
 *    order of first appearance; valgrind's own ==PID== and --PID-- lines
 *    are passed over, and any other line is an error at that line;
 *  - perf: `perf script` text of samples recorded with addresses (perf
 *    record -d), the address the word after the event; numbered as lackey.
 * With a /proc/PID/maps (maps.c), a lackey or perf address takes the
 * object of its mapping instead: file pages by their offset in the file,
 * anonymous pages numbered densely per object.
 * Lines end at LF, CRLF or a lone CR.  Errors name the trace file and its
 * line (and column, for txt), followed by a note at the scenario's line
 * that named the file.
 *
 * Everything is bounded while it is read, not after: the accesses
 * (SCENARIO_MAX_ACCESSES), a declared object's size (a page past its end,
 * a lackey trace with more distinct pages than it has), and the memory
 * the run would need (budget.c), re-estimated as the accesses and, for a
 * trace alone, its objects grow; the first line over a limit is refused
 * and reading stops there.
 *
 * Two ways in: trace_read() for a scenario's "trace" operation, whose
 * objects are declared in the scenario, and trace_read_buffer() for
 * scenario_from_trace() (fromtrace.c) and the fuzzer, where L->auto_obj is
 * set: objects are made as the trace names them (the default one is
 * "trace"), and each grows to the largest page it is given.
 * Left out: accesses that straddle a page (lackey's size is ignored), hex
 * page numbers in txt, compressed traces.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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
	uint64_t auto_bytes; /* auto_obj: budget_engine_bytes() of the objects so far */
	uint64_t map_bytes;  /* lackey: the page map's memory */
	struct maps *maps;   /* lackey, perf: the mappings that give objects, or NULL */
};

/* Text is read a chunk at a time and cut into lines in place: a byte
 * costs a compare, not a call (the txt parser reads hundreds of MB/s;
 * make bench measures it). */
#define CHUNK_BYTES (1u << 20)

struct line_reader {
	FILE *f;
	char *chunk;	 /* up to CHUNK_BYTES of the file */
	size_t pos, end; /* its bytes not yet cut into lines */
	bool eof;
	const char *line;	      /* the line, where it was read: len bytes, valid until the next */
	char buf[LINE_MAX_BYTES + 1]; /* the line, NUL-terminated, once line_text() asked */
	size_t len;
	int ln;
	uint64_t bytes; /* read so far, to stop standard input at the file limit */
	long nul;	/* offset of the first NUL byte in the line, or -1 */
	bool too_long;	/* longer than LINE_MAX_BYTES */
};

/* Starts reading @f; false when out of memory. */
static bool lines_open(struct line_reader *lr, FILE *f)
{
	lr->f = f;
	lr->chunk = malloc(CHUNK_BYTES);
	lr->pos = lr->end = 0;
	lr->eof = false;
	lr->ln = 0;
	lr->bytes = 0;
	return lr->chunk != NULL;
}

static void lines_close(struct line_reader *lr)
{
	free(lr->chunk);
	lr->chunk = NULL;
}

/* Keeps the bytes not yet cut and reads more after them; at the end of
 * the file, lr->eof. */
static void refill(struct line_reader *lr)
{
	size_t have = lr->end - lr->pos, got;

	memmove(lr->chunk, lr->chunk + lr->pos, have);
	lr->pos = 0;
	got = fread(lr->chunk + have, 1, CHUNK_BYTES - have, lr->f);
	lr->end = have + got;
	if (got == 0)
		lr->eof = true;
}

/* The line read last as a string, in lr->buf. */
static char *line_text(struct line_reader *lr)
{
	if (lr->line != lr->buf) {
		memcpy(lr->buf, lr->line, lr->len);
		lr->buf[lr->len] = '\0';
		lr->line = lr->buf;
	}
	return lr->buf;
}

/* The next line, ending at LF, CRLF or a lone CR; false at the end (or
 * after SCENARIO_MAX_TRACE_BYTES, which only standard input can reach:
 * the caller asks lr->bytes).  A line with a NUL byte or too long is cut
 * there (lr->nul, lr->too_long): both are errors, and the rest of a
 * gigabyte without a line feed is not worth reading. */
static bool next_line(struct line_reader *lr)
{
	lr->len = 0;
	lr->nul = -1;
	lr->too_long = false;
	if (lr->bytes > SCENARIO_MAX_TRACE_BYTES)
		return false;
	for (;;) {
		const char *p = lr->chunk + lr->pos;
		size_t avail = lr->end - lr->pos,
		       lim = avail < LINE_MAX_BYTES + 1 ? avail : LINE_MAX_BYTES + 1;
		size_t i = 0, used;
		char c = 0;

		while (i < lim && ((c = p[i]) > '\r' || (c != '\n' && c != '\r' && c != '\0')))
			i++;
		if (i < lim && c == '\r' && i + 1 == avail && !lr->eof) {
			refill(lr); /* is the next byte a LF? */
			continue;
		}
		if (i < lim) {
			used = i + 1; /* the line and its end */
			if (c == '\r' && i + 1 < avail && p[i + 1] == '\n')
				used++;
			if (c == '\0') {
				lr->nul = (long)i;
				i++; /* the NUL is part of what is shown */
			}
		} else if (lim == LINE_MAX_BYTES + 1) {
			lr->too_long = true;
			i = LINE_MAX_BYTES;
			used = lim;
		} else if (!lr->eof) {
			refill(lr);
			continue;
		} else if (avail == 0) {
			return false;
		} else {
			i = used = avail; /* the last line, without an end */
		}
		lr->line = p;
		lr->len = i;
		if (lr->nul >= 0 || lr->too_long)
			line_text(lr); /* for the message */
		lr->pos += used;
		lr->bytes += used;
		lr->ln++;
		return true;
	}
}

/* The run's estimated memory with the accesses held so far (room for
 * @cap of them) and the objects as they are now. */
static bool over_budget(const struct reader *r, uint64_t cap)
{
	const struct loader *L = r->L;
	uint64_t engine = (L->auto_obj ? 4096 + L->memory_pages * 32 : L->engine_bytes) + r->auto_bytes;
	uint64_t trace = L->trace_bytes + cap * (r->t->object ? 8 : 4) + r->map_bytes;

	return budget_over(engine, 0, trace);
}

/* Says over_budget() at @line:@col. */
static void budget_error(struct reader *r, int line, int col, uint64_t cap)
{
	const struct loader *L = r->L;
	uint64_t engine = (L->auto_obj ? 4096 + L->memory_pages * 32 : L->engine_bytes) + r->auto_bytes;

	budget_check_at(r->L, r->file, line, col, r->path, engine,
			L->trace_bytes + cap * (r->t->object ? 8 : 4) + r->map_bytes);
	r->failed = true;
}

static int grow(struct reader *r, int line, int col)
{
	struct trace_data *t = r->t;
	/* every trace read before stayed within the limit, all together */
	uint32_t limit = SCENARIO_MAX_ACCESSES - (uint32_t)r->L->trace_accesses;
	uint32_t cap;

	if (t->n < r->cap)
		return 0;
	if (t->n >= limit) {
		if (r->L->trace_accesses)
			lerr_file(r->L, r->file, line, col, r->path,
				  "the scenario's traces together hold more than %u accesses, the limit",
				  SCENARIO_MAX_ACCESSES);
		else
			lerr_file(r->L, r->file, line, col, r->path, "more than %u accesses, the limit",
				  SCENARIO_MAX_ACCESSES);
		return -1;
	}
	cap = r->cap ? r->cap * 2 : 1024;
	if (cap > limit)
		cap = limit;
	if (over_budget(r, cap)) {
		if (over_budget(r, (uint64_t)t->n + 1)) {
			budget_error(r, line, col, (uint64_t)t->n + 1);
			return -1;
		}
		/* near the limit the room grows by what still fits, not double */
		while (cap > t->n + 1 && over_budget(r, cap))
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
	r->cap = cap;
	return 0;
oom:
	out_of_memory(r->L);
	return -1;
}

static int add(struct reader *r, uint32_t page, uint32_t obj, int line, int col)
{
	if (grow(r, line, col) < 0)
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

	if (r->L->auto_obj || (r->L->made_any && obj >= r->L->first_made)) {
		lerr_file(r->L, r->file, line, col, r->path,
			  "%spage %llu is over %u, the largest page index an object can have", prefix, page,
			  ENGINE_MAX_OBJECT_PAGES - 1);
		return;
	}
	text_quote(r->L->obj[obj].name, q, sizeof q);
	lerr_file(r->L, r->file, line, col, r->path, "%spage %llu is past the end of %s (%u pages)", prefix,
		  page, q, r->L->obj[obj].pages);
}

/* Is @page inside @obj?  A trace alone grows its objects to fit, as long
 * as the run stays within the budget.  False after saying why. */
static bool fits(struct reader *r, uint32_t obj, unsigned long long page, int line, int col,
		 const char *prefix)
{
	struct object_spec *o = &r->L->obj[obj];

	bool grows = r->L->auto_obj || (r->L->made_any && obj >= r->L->first_made);

	if (page < o->pages)
		return true;
	if (!grows || page >= ENGINE_MAX_OBJECT_PAGES) {
		past_end(r, line, col, page, obj, prefix);
		r->failed = true;
		return false;
	}
	r->auto_bytes += 4 * (page + 1 - o->pages);
	o->pages = (uint32_t)page + 1;
	if (over_budget(r, r->cap)) {
		budget_error(r, line, col, r->cap);
		return false;
	}
	return true;
}

/* Standard input has no size to check first: it stops at the limit. */
static void too_big(struct reader *r, uint64_t bytes)
{
	if (r->failed || bytes <= SCENARIO_MAX_TRACE_BYTES)
		return;
	lerr_file(r->L, r->file, 0, 0, r->path, "the trace is larger than 1 GiB, the limit");
	r->failed = true;
}

/* ---- txt ------------------------------------------------------------- */

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
static int new_object(struct reader *r, int line, int col, const char *name)
{
	int o = trace_auto_object(r->L, r->file, line, col, name);

	if (o >= 0) {
		r->auto_bytes += 256;
		if (over_budget(r, r->cap)) {
			budget_error(r, line, col, r->cap);
			return -1;
		}
	}
	return o;
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

static void unknown_name(struct reader *r, int ln, int col, const char *name, bool object)
{
	struct loader *L = r->L;
	char q[96], msg[256];

	text_quote(name, q, sizeof q);
	if (object) {
		const char **names = malloc((L->nr_obj + 1) * sizeof *names);
		snprintf(msg, sizeof msg, "no object named %s in \"objects\"", q);
		if (names) {
			for (uint32_t k = 0; k < L->nr_obj; k++)
				names[k] = L->obj[k].name;
			suggest_append(msg, sizeof msg, name, names, L->nr_obj);
			free(names);
		}
	} else {
		snprintf(msg, sizeof msg, "expected an object name or touch, read, write, r, w; found %s", q);
	}
	lerr_file(L, r->file, ln, col, r->path, "%s", msg);
	r->failed = true;
}

static void txt_line(struct reader *r, char *line, int ln)
{
	struct loader *L = r->L;
	char *tok[4], *p = line, *end;
	int col[4], nt = 0;
	unsigned long long page;
	uint32_t obj = r->obj;
	const char *kind = NULL;
	char q[96];

	while (nt < 4) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		tok[nt] = p;
		col[nt++] = col_of(line, p);
		while (*p && *p != ' ' && *p != '\t')
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
		text_quote(tok[0], q, sizeof q);
		lerr_file(L, r->file, ln, col[0], r->path, "expected a page number, found %s", q);
		r->failed = true;
		return;
	}
	for (int i = 1; i < nt; i++) {
		int o = names_find(L, tok[i]);
		bool named = i == 1 && (nt == 3 || !is_kind(tok[i]));
		if (o < 0 && L->auto_obj && named) {
			o = new_object(r, ln, col[i], tok[i]);
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
			unknown_name(r, ln, col[i], tok[i], named);
			return;
		}
	}
	if (kind) {
		bool read = !strcmp(kind, "read") || !strcmp(kind, "r");
		bool touch = !strcmp(kind, "touch");
		if ((r->via == VIA_READ && !read) || (r->via == VIA_TOUCH && !touch)) {
			text_quote(kind, q, sizeof q);
			lerr_file(L, r->file, ln, col[nt - 1], r->path,
				  "access kind %s differs from the operation's \"via\": \"%s\"; "
				  "a trace has one kind of access",
				  q, r->via == VIA_READ ? "read" : "touch");
			r->failed = true;
			return;
		}
	}
	if (obj == UINT32_MAX && L->auto_obj) {
		int o = names_find(L, "trace");
		if (o < 0)
			o = new_object(r, ln, col[0], "trace");
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
		text_quote(L->obj[obj].name, q, sizeof q);
		lerr_file(L, r->file, ln, col[nt > 1 ? 1 : 0], r->path,
			  "%s is anonymous memory; a read trace needs objects of type \"file\"", q);
		r->failed = true;
		return;
	}
	if (!fits(r, obj, page, ln, col[0], ""))
		return;
	if (add(r, (uint32_t)page, obj, ln, col[0]) < 0)
		r->failed = true;
}

/* A line too long or with a NUL byte is an error (@what: what the file
 * should be); false after saying so. */
static bool text_line(struct reader *r, const struct line_reader *lr, const char *what)
{
	if (lr->too_long)
		lerr_file(r->L, r->file, lr->ln, 0, r->path, "line longer than %d bytes, the limit",
			  LINE_MAX_BYTES);
	else if (lr->nul >= 0)
		lerr_file(r->L, r->file, lr->ln, col_of(lr->buf, lr->buf + lr->nul), r->path,
			  "a NUL byte: %s", what);
	else
		return true;
	r->failed = true;
	return false;
}

/*
 * The digits that begin the 8 bytes at @p, when there are 1 to 7 of them:
 * their value in *@page and their end in *@q, with no branch a digit
 * (a line's length is as random as its number, and a loop that tests
 * each byte mispredicts its end once a line: make bench, a third of the
 * time a text trace took).  Bytes: 0-9 for a digit after the xor, and the
 * sum sets the top bit of any other; the first such byte ends the
 * number.  The digits, moved to the top of the word behind zeros, are
 * combined in pairs, fours and eights.  Little-endian only.
 */
static inline bool digits8(const char *p, uint64_t *page, const char **q)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t v, m;
	unsigned k;

	memcpy(&v, p, 8);
	v ^= 0x3030303030303030ull;
	m = ((v + 0x7676767676767676ull) | v) & 0x8080808080808080ull;
	if (!m)
		return false; /* 8 digits or more */
	k = (unsigned)__builtin_ctzll(m) / 8;
	if (!k)
		return false;
	v <<= 64 - 8 * k;
	v = (v & 0x0F0F0F0F0F0F0F0Full) * 2561 >> 8;
	v = (v & 0x00FF00FF00FF00FFull) * 6553601 >> 16;
	v = (v & 0x0000FFFF0000FFFFull) * 42949672960001ull >> 32;
	*page = v;
	*q = p + k;
	return true;
#else
	(void)p;
	(void)page;
	(void)q;
	return false;
#endif
}

/*
 * The common lines, a page number and a LF, read straight from the chunk
 * while there is room for them: a compare and a multiply a byte, without
 * the general parser's tokens, columns and strtoull().  It stops at the
 * first line that is anything else (a name, a kind, a comment, white
 * space, CRLF, 20 digits or more, a page its object cannot grow to), at
 * the end of what was read, or when the array is full, and leaves that to
 * next_line() and txt_line(), whose tests it makes in the same order:
 * every message is txt_line()'s.
 */
static void txt_plain_lines(struct reader *r, struct line_reader *lr)
{
	struct loader *L = r->L;
	struct trace_data *t = r->t;
	const char *start = lr->chunk + lr->pos, *p = start, *end = lr->chunk + lr->end;
	uint32_t n = t->n, obj = r->obj, pages;

	if (obj == UINT32_MAX || t->object || L->obj_bad[obj] ||
	    (r->via == VIA_READ && L->obj[obj].type != OBJ_FILE))
		return;
	pages = L->obj[obj].pages;
	while (n < r->cap) {
		const char *q = p;
		uint64_t page = 0;
		unsigned d;

		if (end - p >= 8 && digits8(p, &page, &q)) {
			/* up to 7 digits at once */
		} else {
			while (q < end && (d = (unsigned char)*q - '0') <= 9) {
				page = page * 10 + d;
				q++;
			}
		}
		if (q == end || *q != '\n' || q == p || q - p > 19)
			break;
		if (page >= pages) {
			t->n = n; /* fits() may say so at this line */
			if (!fits(r, obj, page, lr->ln + 1, 1, "")) {
				lr->ln++;
				p = q + 1;
				break;
			}
			pages = L->obj[obj].pages;
		}
		t->page[n++] = (uint32_t)page;
		lr->ln++;
		p = q + 1;
	}
	t->n = n;
	lr->bytes += (uint64_t)(p - start);
	lr->pos += (size_t)(p - start);
}

static void read_txt(struct reader *r, FILE *f)
{
	static struct line_reader lr; /* 4 KiB: not on the fuzzer's stack */

	memset(&lr, 0, sizeof lr);
	if (!lines_open(&lr, f)) {
		out_of_memory(r->L);
		r->failed = true;
		return;
	}
	while (!r->failed && !r->L->stop) {
		txt_plain_lines(r, &lr);
		if (r->failed || r->L->stop || !next_line(&lr))
			break;
		if (!text_line(r, &lr, "a txt trace is text (binary page numbers are \"format\": \"u32\")"))
			break;
		txt_line(r, line_text(&lr), lr.ln);
	}
	lines_close(&lr);
	too_big(r, lr.bytes);
}

/* ---- u32 ------------------------------------------------------------- */

static void read_u32(struct reader *r, FILE *f)
{
	unsigned char buf[65536];
	uint64_t off = 0;
	size_t got, have = 0;

	while (!r->failed && (got = fread(buf + have, 1, sizeof buf - have, f)) > 0) {
		size_t i;
		got += have;
		for (i = 0; i + 4 <= got; i += 4, off += 4) {
			uint32_t page = (uint32_t)buf[i] | (uint32_t)buf[i + 1] << 8 |
					(uint32_t)buf[i + 2] << 16 | (uint32_t)buf[i + 3] << 24;
			if (page >= r->L->obj[r->obj].pages) {
				char pre[64];
				snprintf(pre, sizeof pre,
					 "access %llu (byte %llu): ", (unsigned long long)off / 4 + 1,
					 (unsigned long long)off);
				if (!fits(r, r->obj, page, 0, 0, pre))
					return;
			}
			if (add(r, page, r->obj, 0, 0) < 0) {
				r->failed = true;
				return;
			}
		}
		have = got - i; /* a word cut by the read: keep its bytes */
		memmove(buf, buf + i, have);
		if (off > SCENARIO_MAX_TRACE_BYTES) {
			too_big(r, off);
			return;
		}
	}
	if (!r->failed && have) {
		lerr_file(r->L, r->file, 0, 0, r->path,
			  "a u32 trace is a whole number of 4-byte page numbers, but the file has %llu bytes",
			  (unsigned long long)off + have);
		r->failed = true;
	}
}

/*
 * A u32 file is the engine's own array on a little-endian machine: it is
 * mapped and read in place, with no copy and no work an access but one
 * pass for the largest page.  Whenever that pass finds something to say
 * (a page past its object, over the budget or the limits) the file is
 * read again by read_u32(), which says it at the access concerned, so a
 * mapped file and a read one give the same messages.  True when mapped.
 * A file truncated while it is mapped faults the program (SIGBUS), as
 * any program that maps its input.
 */
static bool map_u32(struct reader *r, int fd, off_t size)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	struct loader *L = r->L;
	struct object_spec *o = &L->obj[r->obj];
	uint32_t n, max = 0, pages = o->pages;
	uint64_t auto_bytes = r->auto_bytes;
	const uint32_t *words;
	void *p;

	if (size < 4 || size % 4 || (uint64_t)size / 4 > SCENARIO_MAX_ACCESSES - L->trace_accesses ||
	    r->obj == UINT32_MAX || L->obj_bad[r->obj])
		return false;
	n = (uint32_t)(size / 4);
	p = mmap(NULL, (size_t)size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		return false;
	madvise(p, (size_t)size, MADV_SEQUENTIAL);
	words = p;
	for (uint32_t i = 0; i < n; i++)
		max = words[i] > max ? words[i] : max;
	if (max >= o->pages) {
		bool grows = L->auto_obj || (L->made_any && r->obj >= L->first_made);
		if (!grows || max >= ENGINE_MAX_OBJECT_PAGES)
			goto slow;
		r->auto_bytes += 4 * ((uint64_t)max + 1 - o->pages);
		o->pages = max + 1;
	}
	if (over_budget(r, n))
		goto slow;
	r->t->page = p;
	r->t->n = n;
	r->t->mapped = (size_t)size;
	r->cap = n;
	return true;
slow:
	o->pages = pages;
	r->auto_bytes = auto_bytes;
	munmap(p, (size_t)size);
#else
	(void)r;
	(void)fd;
	(void)size;
#endif
	return false;
}

/* ---- lackey ---------------------------------------------------------- */

struct pagemap { /* open addressing: page number -> dense index */
	uint64_t *key;
	uint32_t *val;
	size_t cap, n;
};

/* The index of @page, @fresh if it is new. */
static int pagemap_get(struct pagemap *m, uint64_t page, uint32_t fresh, uint32_t *out)
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
	m->val[i] = fresh;
	m->n++;
	*out = fresh;
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

enum lackey_line { LACKEY_RECORD, LACKEY_OTHER, LACKEY_BAD };

/* `I  0400d7d4,3`, ` L 04022610,8`: a record and its address; `==12==
 * ...` and `--12-- ...`: valgrind's own lines; anything else is bad. */
static enum lackey_line lackey_parse(const char *p, uint64_t *addr)
{
	uint64_t a = 0;
	int digits = 0, size_digits = 0;

	if (!strncmp(p, "==", 2) || !strncmp(p, "--", 2) || !*p)
		return LACKEY_OTHER;
	while (*p == ' ')
		p++;
	if (!*p || !strchr("ILSM", *p) || p[1] != ' ')
		return LACKEY_BAD;
	for (p++; *p == ' '; p++)
		;
	for (; hexval((unsigned char)*p) >= 0; p++, digits++)
		a = a << 4 | (uint64_t)hexval((unsigned char)*p);
	if (digits == 0 || digits > 16 || *p++ != ',')
		return LACKEY_BAD;
	for (; *p >= '0' && *p <= '9'; p++)
		size_digits++;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!size_digits || *p)
		return LACKEY_BAD;
	*addr = a;
	return LACKEY_RECORD;
}

/* One access at virtual address @addr, at line @ln: through the maps, its
 * mapping's object and page; without, page addr >> 12 of the default
 * object, renumbered densely.  False after a message. */
static bool access_addr(struct reader *r, struct pagemap *m, uint64_t addr, int ln)
{
	struct loader *L = r->L;
	uint32_t obj = r->obj, idx;
	uint64_t page;
	char q[96];

	if (r->maps) {
		struct maps_entry *e = maps_find(r->maps, addr);
		int o = maps_object(L, r->maps, e);
		if (o < 0)
			return false;
		obj = (uint32_t)o;
		if (e && e->kind == MAPS_FILE) {
			page = (e->offset + (addr - e->start)) >> 12;
			return fits(r, obj, page, ln, 1, "") && add(r, (uint32_t)page, obj, ln, 1) == 0;
		}
	}
	/* anonymous memory: numbered in the order of first touch, per object */
	if (pagemap_get(m, addr >> 12, r->maps ? L->obj[obj].pages : (uint32_t)m->n, &idx) < 0) {
		out_of_memory(L);
		return false;
	}
	r->map_bytes = m->cap * (sizeof *m->key + sizeof *m->val);
	if (idx >= L->obj[obj].pages && !L->auto_obj && !(L->made_any && obj >= L->first_made)) {
		text_quote(L->obj[obj].name, q, sizeof q);
		lerr_file(L, r->file, ln, 1, r->path,
			  "the trace touches more distinct pages than the %u of %s: this is page %u; "
			  "give it more \"pages\"",
			  L->obj[obj].pages, q, idx + 1);
		return false;
	}
	return fits(r, obj, idx, ln, 1, "") && add(r, idx, obj, ln, 1) == 0;
}

static void read_lackey(struct reader *r, FILE *f)
{
	static struct line_reader lr; /* 4 KiB: not on the fuzzer's stack */
	struct pagemap m = { 0 };
	uint64_t addr;
	char q[96];

	memset(&lr, 0, sizeof lr);
	if (!lines_open(&lr, f)) {
		out_of_memory(r->L);
		r->failed = true;
		return;
	}
	while (!r->failed && !r->L->stop && next_line(&lr)) {
		enum lackey_line kind =
			lr.nul >= 0 || lr.too_long ? LACKEY_BAD : lackey_parse(line_text(&lr), &addr);
		if (kind == LACKEY_OTHER)
			continue;
		if (kind == LACKEY_BAD) {
			text_quote(lr.buf, q, sizeof q);
			lerr_file(
				r->L, r->file, lr.ln, 1, r->path,
				"expected a lackey record like \" L 04022610,8\" or a valgrind ==PID== line, "
				"found %s%s",
				lr.nul >= 0 ? "a NUL byte in " : "", q);
			r->failed = true;
			break;
		}
		if (!access_addr(r, &m, addr, lr.ln))
			r->failed = true;
	}
	lines_close(&lr);
	too_big(r, lr.bytes);
	free(m.key);
	free(m.val);
}

/* ---- perf ------------------------------------------------------------ */

/* A `perf script` sample line: `COMM PID/TID [CPU] TIME: [PERIOD] EVENT:
 * ADDR ...`, the fields perf prints for `perf record -d` samples with
 * -F comm,tid,time,event,addr (and any after ADDR, such as ip,sym,dso).
 * The address is the word after the event, the first word after the time
 * stamp that ends in ':'.  Returns 1 with *addr, 0 for a line to pass
 * over (blank, '#' comments, PERF_RECORD_* events of --show-*-events), or
 * -1 with *off, the byte offset of the word that is wrong, and @what
 * expected there. */
static int perf_parse(char *line, uint64_t *addr, size_t *off, const char **what)
{
	char *p = line, *w;
	bool timed = false;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p || *p == '#' || strstr(p, "PERF_RECORD_"))
		return 0;
	*off = 0;
	*what = "a time stamp like 46122.043922: after the command and PID/TID";
	for (;;) {
		size_t n;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p) {
			if (!timed)
				*off = 0;
			return -1;
		}
		w = p;
		n = strcspn(p, " \t");
		p += n;
		*off = (size_t)(w - line);
		if (!timed) {
			/* digits, a dot, digits, a colon */
			size_t d = strspn(w, "0123456789");
			if (d && w[d] == '.' && strspn(w + d + 1, "0123456789") + d + 2 == n &&
			    w[n - 1] == ':')
				timed = true;
			continue;
		}
		if (w[n - 1] != ':') {
			*what = "the event's name, ending in ':' (as in page-faults:)";
			if (strspn(w, "0123456789") == n)
				continue; /* the period, when printed */
			return -1;
		}
		break;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	*off = (size_t)(p - line);
	*what = "the sample's data address in hexadecimal (record with perf record -d, print with "
		"perf script -F comm,tid,time,event,addr)";
	{
		uint64_t a = 0;
		int digits = 0;
		for (; hexval((unsigned char)*p) >= 0; p++, digits++)
			a = a << 4 | (uint64_t)hexval((unsigned char)*p);
		if (!digits || digits > 16 || (*p && *p != ' ' && *p != '\t'))
			return -1;
		*addr = a;
	}
	return 1;
}

static void read_perf(struct reader *r, FILE *f)
{
	static struct line_reader lr; /* 4 KiB: not on the fuzzer's stack */
	struct pagemap m = { 0 };
	uint64_t addr;
	const char *what = "";
	char q[96];
	size_t off = 0;
	int kind;

	memset(&lr, 0, sizeof lr);
	if (!lines_open(&lr, f)) {
		out_of_memory(r->L);
		r->failed = true;
		return;
	}
	while (!r->failed && !r->L->stop && next_line(&lr)) {
		if (!text_line(r, &lr,
			       "perf script output is text (perf.data itself is read by perf script)"))
			break;
		kind = perf_parse(line_text(&lr), &addr, &off, &what);
		if (kind == 0 || (kind == 1 && addr == 0)) /* 0: perf knew no address */
			continue;
		if (kind < 0) {
			char *w = lr.buf + off;
			int col = col_of(lr.buf, w);
			w[strcspn(w, " \t")] = '\0';
			text_quote(w, q, sizeof q);
			lerr_file(r->L, r->file, lr.ln, col, r->path, "expected %s, found %s", what,
				  *w ? q : "the end of the line");
			r->failed = true;
			break;
		}
		if (!access_addr(r, &m, addr, lr.ln))
			r->failed = true;
	}
	lines_close(&lr);
	too_big(r, lr.bytes);
	free(m.key);
	free(m.val);
}

/* ---- the file -------------------------------------------------------- */

/* Reads @f into r->t; false when it failed (with a message). */
static bool parse(struct reader *r, FILE *f, enum trace_format fmt)
{
	if (fmt == TRACE_TXT)
		read_txt(r, f);
	else if (fmt == TRACE_U32)
		read_u32(r, f);
	else if (fmt == TRACE_PERF)
		read_perf(r, f);
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

/* Reads @tm into @m for the reader @r; 0, or -1 after a message. */
static int load_maps(struct reader *r, const struct trace_maps *tm, struct maps *m)
{
	struct loader *L = r->L;
	char mp[176], why[256], *full;
	off_t size = 0;
	FILE *f;
	int rc;

	path_fmt(mp, sizeof mp, r->path[0] ? "%s.maps" : "%s", r->path);
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
	struct reader r = { .L = L, .path = path, .obj = obj, .via = via, .t = out };
	struct maps m = { 0 };
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
	r.file = full;
	if (L->auto_obj)
		for (uint32_t i = 0; i < L->nr_obj; i++)
			r.auto_bytes += 256 + 4ull * L->obj[i].pages;
	if (tm && tm->file) {
		if (load_maps(&r, tm, &m) < 0) {
			maps_free(&m);
			return -1;
		}
		r.maps = &m;
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
	ok = (fmt == TRACE_U32 && !is_stdin && map_u32(&r, fileno(f), size)) || parse(&r, f, fmt);
	if (ok && ferror(f)) {
		lerr(L, file_node, false, fp, "cannot read trace file \"%s\": %s", full, strerror(errno));
		ok = false;
	}
	file_close_stream(f);
	maps_free(&m);
	/* an error inside the trace file: say which line of the scenario named it */
	if (!ok && file_node && L->d->n > before && !strcmp(L->d->v[before].file, full))
		lnote(L, file_node, fp, "the trace file named here");
	return finish(&r, ok);
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
	struct reader r = { .L = L, .file = name, .path = "", .obj = obj, .via = via, .t = out };
	struct maps m = { 0 };
	bool ok = true;
	FILE *f;

	memset(out, 0, sizeof *out);
	if ((uint64_t)len > SCENARIO_MAX_TRACE_BYTES) {
		lerr_file(L, name, 0, 0, "", "trace file \"%s\" is larger than 1 GiB, the limit", name);
		return -1;
	}
	for (uint32_t i = 0; L->auto_obj && i < L->nr_obj; i++)
		r.auto_bytes += 256 + 4ull * L->obj[i].pages;
	if (maps && maps->file) {
		if (load_maps(&r, maps, &m) < 0) {
			maps_free(&m);
			return -1;
		}
		r.maps = &m;
	}
	if (len) { /* fmemopen() may refuse a zero size; "rb" never writes */
		f = fmemopen((char *)buf, len, "rb");
		if (!f) {
			out_of_memory(L);
			maps_free(&m);
			return -1;
		}
		ok = parse(&r, f, fmt);
		fclose(f);
	}
	maps_free(&m);
	return finish(&r, ok);
}
