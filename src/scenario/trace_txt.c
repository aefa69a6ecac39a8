/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/trace_txt.c - a txt trace: one access a line
 *
 * `PAGE [OBJECT] [KIND]`; '#' starts a comment line.  KIND, when given,
 * must be the operation's own "via" (touch, or read/r): a trace has one
 * kind of access, so a "write"/"w" line is an error rather than something
 * silently changed.  A NUL byte is an error (the file is binary: u32?),
 * not the end of the line.  For a trace alone, a name the scenario does
 * not know makes an object (trace_sink.h); lines that name none go to
 * "trace".  Errors name the line and column.
 *
 * Most lines of a real trace are a bare page number: txt_plain_lines()
 * reads those straight from the line reader's chunk, and leaves every
 * other line to txt_line(), which says what is wrong with it.
 * Left out: hex page numbers, compressed traces.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/engine.h"
#include "../util/suggest.h"
#include "../util/text.h"
#include "diag.h"
#include "lines.h"
#include "trace_txt.h"

static bool is_kind(const char *w)
{
	return !strcmp(w, "touch") || !strcmp(w, "read") || !strcmp(w, "write") || !strcmp(w, "r") ||
	       !strcmp(w, "w");
}

static void unknown_name(struct trace_sink *s, int ln, int col, const char *name, bool object)
{
	struct loader *L = s->L;
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
	lerr_file(L, s->file, ln, col, s->path, "%s", msg);
	s->failed = true;
}

/* Cuts @line into at most 4 words, in place: where each starts in @tok,
 * its column in @col; returns how many. */
static int txt_words(char *line, char *tok[4], int col[4])
{
	char *p = line;
	int nt = 0;

	while (nt < 4) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		tok[nt] = p;
		col[nt++] = lines_col(line, p);
		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (*p)
			*p++ = '\0';
	}
	return nt;
}

/* A line's KIND must be the operation's own "via": false after saying so. */
static bool txt_kind_ok(struct trace_sink *s, const char *kind, int ln, int col)
{
	bool read = !strcmp(kind, "read") || !strcmp(kind, "r");
	bool touch = !strcmp(kind, "touch");
	char q[96];

	if ((s->via == VIA_READ && !read) || (s->via == VIA_TOUCH && !touch)) {
		text_quote(kind, q, sizeof q);
		lerr_file(s->L, s->file, ln, col, s->path,
			  "access kind %s differs from the operation's \"via\": \"%s\"; "
			  "a trace has one kind of access",
			  q, s->via == VIA_READ ? "read" : "touch");
		s->failed = true;
		return false;
	}
	return true;
}

static void txt_line(struct trace_sink *s, char *line, int ln)
{
	struct loader *L = s->L;
	char *tok[4], *end;
	int col[4], nt = txt_words(line, tok, col);
	unsigned long long page;
	uint32_t obj = s->obj;
	const char *kind = NULL;
	char q[96];

	if (nt == 0 || tok[0][0] == '#')
		return;
	if (nt == 4) {
		lerr_file(L, s->file, ln, col[3], s->path,
			  "expected `PAGE [OBJECT] [KIND]`, found a fourth field");
		s->failed = true;
		return;
	}
	errno = 0;
	page = strtoull(tok[0], &end, 10);
	if (*end || tok[0][0] < '0' || tok[0][0] > '9' || errno) {
		text_quote(tok[0], q, sizeof q);
		lerr_file(L, s->file, ln, col[0], s->path, "expected a page number, found %s", q);
		s->failed = true;
		return;
	}
	for (int i = 1; i < nt; i++) {
		int o = loader_find_object(L, tok[i]);
		bool named = i == 1 && (nt == 3 || !is_kind(tok[i]));
		if (o < 0 && L->auto_obj && named) {
			o = sink_new_object(s, ln, col[i], tok[i]);
			if (o < 0) {
				s->failed = true;
				return;
			}
		}
		if (i == 1 && o >= 0) {
			obj = (uint32_t)o;
		} else if (is_kind(tok[i]) && (i == nt - 1)) {
			kind = tok[i];
		} else {
			unknown_name(s, ln, col[i], tok[i], named);
			return;
		}
	}
	if (kind && !txt_kind_ok(s, kind, ln, col[nt - 1]))
		return;
	if (obj == UINT32_MAX && L->auto_obj) {
		int o = loader_find_object(L, "trace");
		if (o < 0)
			o = sink_new_object(s, ln, col[0], "trace");
		if (o < 0) {
			s->failed = true;
			return;
		}
		obj = s->obj = (uint32_t)o;
	}
	if (obj == UINT32_MAX) {
		lerr_file(L, s->file, ln, col[0], s->path,
			  "the line names no object, and the operation has no \"object\"");
		s->failed = true;
		return;
	}
	if (L->obj_bad[obj]) {
		s->failed = true;
		return;
	}
	if (s->via == VIA_READ && L->obj[obj].type != OBJ_FILE) {
		text_quote(L->obj[obj].name, q, sizeof q);
		lerr_file(L, s->file, ln, col[nt > 1 ? 1 : 0], s->path,
			  "%s is anonymous memory; a read trace needs objects of type \"file\"", q);
		s->failed = true;
		return;
	}
	if (!sink_fits(s, obj, page, ln, col[0], ""))
		return;
	if (sink_add(s, (uint32_t)page, obj, ln, col[0]) < 0)
		s->failed = true;
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
 * lines_next() and txt_line(), whose tests it makes in the same order:
 * every message is txt_line()'s.
 */
static void txt_plain_lines(struct trace_sink *s, struct line_reader *lr)
{
	struct loader *L = s->L;
	struct trace_data *t = s->t;
	const char *start = lr->chunk + lr->pos, *p = start, *end = lr->chunk + lr->end;
	uint32_t n = t->n, obj = s->obj, pages;

	if (obj == UINT32_MAX || t->object || L->obj_bad[obj] ||
	    (s->via == VIA_READ && L->obj[obj].type != OBJ_FILE))
		return;
	pages = L->obj[obj].pages;
	while (n < s->cap) {
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
			t->n = n; /* sink_fits() may say so at this line */
			if (!sink_fits(s, obj, page, lr->ln + 1, 1, "")) {
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

void trace_read_txt(struct trace_sink *s, FILE *f)
{
	struct line_reader lr;

	if (!lines_open(&lr, f, SCENARIO_MAX_TRACE_BYTES)) {
		lines_close(&lr);
		out_of_memory(s->L);
		s->failed = true;
		return;
	}
	while (!s->failed && !s->L->stop) {
		txt_plain_lines(s, &lr);
		if (s->failed || s->L->stop || !lines_next(&lr))
			break;
		if (!sink_line_ok(s, &lr,
				  "a txt trace is text (binary page numbers are \"format\": \"u32\")"))
			break;
		txt_line(s, lines_text(&lr), lr.ln);
	}
	lines_close(&lr);
	sink_too_big(s, lr.bytes);
}
