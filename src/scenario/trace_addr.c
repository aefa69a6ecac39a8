/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/trace_addr.c - traces of virtual addresses: lackey and perf
 *
 *  - lackey: valgrind --tool=lackey --trace-mem=yes output; every I/L/S/M
 *    record is one access; valgrind's own ==PID== and --PID-- lines and
 *    the superblock marks of --trace-superblocks=yes (`SB ADDR`) are
 *    passed over, and any other line is an error at that line;
 *  - perf: `perf script` text of samples recorded with addresses (perf
 *    record -d), the address the word after the event.
 * Both are read by one loop, read_addresses(); a format is only the
 * parser of its lines.  An address is page addr >> 12 of the
 * operation's object, pages renumbered densely in order of first
 * appearance; with a /proc/PID/maps (maps.c) it takes the object of its
 * mapping instead: file pages by their offset in the file, anonymous
 * pages numbered densely per object.
 * Left out: accesses that straddle a page (lackey's size is ignored).
 */
#include <stdlib.h>
#include <string.h>

#include "../util/text.h"
#include "diag.h"
#include "lines.h"
#include "trace_addr.h"

/* What a line of the trace is. */
enum addr_line {
	ADDR_ACCESS, /* an access, at *addr */
	ADDR_SKIP,   /* a line to pass over */
	ADDR_BAD,    /* an error, said */
};

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

/* `I  0400d7d4,3`, ` L 04022610,8`: a record and its address; `==12==
 * ...` and `--12-- ...`: valgrind's own lines, passed over; anything else
 * is bad (not said here). */
static enum addr_line lackey_parse(const char *p, uint64_t *addr)
{
	uint64_t a = 0;
	int digits = 0, size_digits = 0;

	if (!strncmp(p, "==", 2) || !strncmp(p, "--", 2) || !*p)
		return ADDR_SKIP;
	/* `SB 04001100`: lackey's mark of a superblock (a block of guest code
	 * valgrind translated, --trace-superblocks=yes), not an access */
	if (!strncmp(p, "SB ", 3))
		return ADDR_SKIP;
	while (*p == ' ')
		p++;
	if (!*p || !strchr("ILSM", *p) || p[1] != ' ')
		return ADDR_BAD;
	for (p++; *p == ' '; p++)
		;
	for (; hexval((unsigned char)*p) >= 0; p++, digits++)
		a = a << 4 | (uint64_t)hexval((unsigned char)*p);
	if (digits == 0 || digits > 16 || *p++ != ',')
		return ADDR_BAD;
	for (; *p >= '0' && *p <= '9'; p++)
		size_digits++;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!size_digits || *p)
		return ADDR_BAD;
	*addr = a;
	return ADDR_ACCESS;
}

/* A line of a lackey trace: its address, or what is wrong with it. */
static enum addr_line lackey_line(struct trace_sink *s, struct line_reader *lr, uint64_t *addr)
{
	enum addr_line kind;
	char q[96];

	if (sink_compressed(s, lr))
		return ADDR_BAD;
	kind = lr->nul >= 0 || lr->too_long ? ADDR_BAD : lackey_parse(lines_text(lr), addr);

	if (kind != ADDR_BAD)
		return kind;
	text_quote(lr->buf, q, sizeof q);
	lerr_file(s->L, s->file, lr->ln, 1, s->path,
		  "expected a lackey record like \" L 04022610,8\" or a valgrind ==PID== line, found %s%s",
		  lr->nul >= 0 ? "a NUL byte in " : "", q);
	return ADDR_BAD;
}

/* A `perf script` sample line: `COMM PID/TID [CPU] TIME: [PERIOD] EVENT:
 * ADDR ...`, the fields perf prints for `perf record -d` samples with
 * -F comm,tid,time,event,addr (and any after ADDR, such as ip,sym,dso).
 * The address is the word after the event, the first word after the time
 * stamp that ends in ':'.  Returns 1 with *addr, 0 for a line to pass
 * over (blank, '#' comments, PERF_RECORD_* events of --show-*-events), or
 * -1 with *off, the byte offset of the word that is wrong, and @what
 * expected there.
 *
 * perf script's own choice of fields, without -F, is another line of the
 * same shape: for a software event it prints the CPU ([002]) and the
 * period before the event, and after it the instruction pointer with its
 * symbol and offset and its DSO, never the data address (6.1
 * tools/perf/builtin-script.c:231 output[PERF_TYPE_SOFTWARE], :2180 the
 * ip).  Its hexadecimal word is code, not data: such a line is refused. */
/* After the hexadecimal word: a symbol, then its DSO in parentheses, as
 * perf script prints an instruction pointer ("_dl_start+0x0 (/usr/lib/...)"). */
static bool ip_symbol(const char *p)
{
	size_t n;

	p += strspn(p, " \t");
	n = strcspn(p, " \t");
	if (!n || *p == '(')
		return false;
	p += n;
	p += strspn(p, " \t");
	return *p == '(' && strchr(p, ')') != NULL;
}

static int perf_parse(char *line, uint64_t *addr, size_t *off, const char **what)
{
	char *p = line, *w;
	bool timed = false, cpu = false, period = false;

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
			if (n > 2 && w[0] == '[' && w[n - 1] == ']' && strspn(w + 1, "0123456789") == n - 2)
				cpu = true;
			if (d && w[d] == '.' && strspn(w + d + 1, "0123456789") + d + 2 == n &&
			    w[n - 1] == ':')
				timed = true;
			continue;
		}
		if (w[n - 1] != ':') {
			*what = "the event's name, ending in ':' (as in page-faults:)";
			if (strspn(w, "0123456789") == n) {
				period = true;
				continue; /* the period, when printed */
			}
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
	if (cpu && period && ip_symbol(p)) {
		*what = "the sample's data address, not the instruction pointer of perf script's default "
			"fields (record with perf record -d, print with perf script -F "
			"comm,tid,time,event,addr)";
		return -1;
	}
	return 1;
}

/* A line of `perf script` output: its address, or what is wrong with it. */
static enum addr_line perf_line(struct trace_sink *s, struct line_reader *lr, uint64_t *addr)
{
	const char *what = "";
	size_t off = 0;
	char q[96], *w;
	int kind, col;

	if (!sink_line_ok(s, lr, "perf script output is text (perf.data itself is read by perf script)"))
		return ADDR_BAD;
	kind = perf_parse(lines_text(lr), addr, &off, &what);
	if (kind == 0 || (kind == 1 && *addr == 0)) /* 0: perf knew no address */
		return ADDR_SKIP;
	if (kind == 1)
		return ADDR_ACCESS;
	w = lr->buf + off;
	col = lines_col(lr->buf, w);
	w[strcspn(w, " \t")] = '\0';
	text_quote(w, q, sizeof q);
	lerr_file(s->L, s->file, lr->ln, col, s->path, "expected %s, found %s", what,
		  *w ? q : "the end of the line");
	return ADDR_BAD;
}

/* Page @page (an address >> 12), outside every mapping, into the ranges
 * kept: it extends a range it adjoins (merging two that come to touch),
 * or starts one while there is room. */
static void outside_page(struct trace_outside *o, uint64_t page)
{
	uint64_t a = page << 12, b = a + 4096;
	uint32_t i, j;

	o->pages++;
	for (i = 0; i < o->nr_ranges; i++)
		if (o->range[i].start == b || o->range[i].end == a)
			break;
	if (i == o->nr_ranges) {
		if (i == SCENARIO_OUTSIDE_RANGES) {
			o->more = true;
			return;
		}
		o->range[o->nr_ranges].start = a;
		o->range[o->nr_ranges++].end = b;
		return;
	}
	if (o->range[i].start == b)
		o->range[i].start = a;
	else
		o->range[i].end = b;
	for (j = 0; j < o->nr_ranges; j++) /* the one it now touches, if any */
		if (j != i && (o->range[j].start == o->range[i].end || o->range[j].end == o->range[i].start))
			break;
	if (j == o->nr_ranges)
		return;
	if (o->range[j].start < o->range[i].start)
		o->range[i].start = o->range[j].start;
	else
		o->range[i].end = o->range[j].end;
	memmove(&o->range[j], &o->range[j + 1], (o->nr_ranges - j - 1) * sizeof o->range[0]);
	o->nr_ranges--;
}

/* One access at virtual address @addr, at line @ln: through the maps, its
 * mapping's object and page; without (@maps NULL), page addr >> 12 of the default
 * object, renumbered densely.  False after a message. */
static bool access_addr(struct trace_sink *s, struct maps *maps, struct pagemap *m, uint64_t addr, int ln)
{
	struct loader *L = s->L;
	uint32_t obj = s->obj, idx;
	uint64_t page;
	size_t before;
	bool in_mapping = true;
	char q[96];

	if (maps) {
		struct maps_entry *e = maps_find(maps, addr);
		int o;
		if (!e && L->outside_refuse) {
			lerr_file(
				L, s->file, ln, 1, s->path,
				"address 0x%llx is outside every mapping of the maps file %s (a mapping the "
				"program closed before the maps were taken?); --outside anon makes it "
				"anonymous memory",
				(unsigned long long)addr, maps->file);
			return false;
		}
		o = maps_object(L, maps, e);
		if (o < 0)
			return false;
		obj = (uint32_t)o;
		in_mapping = e != NULL;
		if (e && e->kind == MAPS_FILE) {
			page = (e->offset + (addr - e->start)) >> 12;
			return sink_fits(s, obj, page, ln, 1, "") &&
			       sink_add(s, (uint32_t)page, obj, ln, 1) == 0;
		}
	}
	/* anonymous memory: numbered in the order of first touch, per object */
	before = m->n;
	if (pagemap_get(m, addr >> 12, maps ? L->obj[obj].pages : (uint32_t)m->n, &idx) < 0) {
		out_of_memory(L);
		return false;
	}
	if (maps && !in_mapping) {
		L->outside.accesses++;
		if (m->n > before)
			outside_page(&L->outside, addr >> 12);
	}
	s->map_bytes = m->cap * (sizeof *m->key + sizeof *m->val);
	if (idx >= L->obj[obj].pages && !L->auto_obj && !(L->made_any && obj >= L->first_made)) {
		text_quote(L->obj[obj].name, q, sizeof q);
		lerr_file(L, s->file, ln, 1, s->path,
			  "the trace touches more distinct pages than the %u of %s: this is page %u; "
			  "give it more \"pages\"",
			  L->obj[obj].pages, q, idx + 1);
		return false;
	}
	return sink_fits(s, obj, idx, ln, 1, "") && sink_add(s, idx, obj, ln, 1) == 0;
}

/* The one loop of both formats: @line parses a line of the format. */
static void read_addresses(struct trace_sink *s, FILE *f, struct maps *maps,
			   enum addr_line (*line)(struct trace_sink *, struct line_reader *, uint64_t *))
{
	struct line_reader lr;
	struct pagemap m = { 0 };
	uint64_t addr = 0;

	if (!lines_open(&lr, f, SCENARIO_MAX_TRACE_BYTES)) {
		lines_close(&lr);
		out_of_memory(s->L);
		s->failed = true;
		return;
	}
	while (!s->failed && !s->L->stop && lines_next(&lr)) {
		enum addr_line kind = line(s, &lr, &addr);
		if (kind == ADDR_BAD || (kind == ADDR_ACCESS && !access_addr(s, maps, &m, addr, lr.ln)))
			s->failed = true;
	}
	lines_close(&lr);
	sink_too_big(s, lr.bytes);
	free(m.key);
	free(m.val);
}

void trace_read_lackey(struct trace_sink *s, FILE *f, struct maps *maps)
{
	read_addresses(s, f, maps, lackey_line);
}

void trace_read_perf(struct trace_sink *s, FILE *f, struct maps *maps)
{
	read_addresses(s, f, maps, perf_line);
}
