/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/timeline_csv.c - `vmscan-viz real --csv` read back for plot --real
 *
 * Everything in the file is checked as it is read: the header's columns
 * by name, every field of a row (a number where a number goes, one
 * scenario, policy and kernel throughout, the accesses of a side rising),
 * so that a file that is not real's, or two joined, is refused at the
 * line and column where it stops being one, never drawn wrong.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/text.h"
#include "real.h"
#include "timeline_csv.h"

enum { C_SOURCE, C_SCENARIO, C_POLICY, C_KERNEL, C_MEMORY, C_RUN, C_ACCESS, C_MAX_SEQ, NR_HEAD };

struct reader {
	const char *path;
	unsigned line;
	char *text;	   /* the line, split in place */
	char **f;	   /* its fields */
	unsigned *col;	   /* each field's column, from 1 */
	unsigned nf;	   /* fields found */
	unsigned want;	   /* fields a line has: the header's */
	uint64_t sizes[8]; /* memory sizes seen, for a --memory not in the file */
	unsigned nsizes;
	bool first; /* no row read yet */
};

/* Says where the file stops being real's timeline: FILE:LINE:COLUMN:
 * error: and what was expected there.  Returns 1. */
static int bad(const struct reader *r, unsigned col, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
static int bad(const struct reader *r, unsigned col, const char *fmt, ...)
{
	char q[300], msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s:%u:%u: error: %s\n", text_safe(r->path, q, sizeof q), r->line, col ? col : 1,
		msg);
	return 1;
}

/* r->text (its line end cut) split at commas into r->f, RFC 4180's quotes
 * undone in place; the fields past r->want are counted, not kept.  0, or
 * 1 after saying where a quote is wrong. */
static int split(struct reader *r)
{
	char *p = r->text, *w = r->text;

	p[strcspn(p, "\r\n")] = '\0';
	r->nf = 0;
	for (;;) {
		char *start = w;
		unsigned col = (unsigned)(p - r->text) + 1;
		if (*p == '"') {
			for (p++;; p++) {
				if (!*p)
					return bad(r, col,
						   "expected a closing quote of the field begun here");
				if (*p == '"' && p[1] != '"')
					break;
				if (*p == '"')
					p++;
				*w++ = *p;
			}
			p++;
			if (*p && *p != ',')
				return bad(r, (unsigned)(p - r->text) + 1,
					   "expected a comma after the quoted field");
		} else {
			for (; *p && *p != ','; p++) {
				if (*p == '"')
					return bad(r, (unsigned)(p - r->text) + 1,
						   "expected a quote only around a whole field");
				*w++ = *p;
			}
		}
		bool more = *p == ',';
		p += more;
		*w++ = '\0';
		if (r->nf < r->want) {
			r->f[r->nf] = start;
			r->col[r->nf] = col;
		}
		r->nf++;
		if (!more)
			return 0;
	}
}

static int header(struct reader *r, struct timeline *t)
{
	static const char head[] = REAL_CSV_HEAD;
	char *copy = strdup(head), *save = NULL;
	unsigned i = 0;
	int rc = 0;

	if (!copy)
		return -1;
	r->want = r->nf = 0;
	for (const char *p = r->text; *p && *p != '\n'; p++)
		r->want += *p == ',';
	r->want++;
	if (!(r->f = calloc(r->want, sizeof *r->f)) || !(r->col = calloc(r->want, sizeof *r->col))) {
		free(copy);
		return -1;
	}
	if ((rc = split(r)) != 0)
		goto out;
	r->want = r->nf; /* a quoted name may hold a comma */
	for (char *name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save), i++)
		if (i >= r->nf || !r->f[i] || strcmp(r->f[i], name) != 0) {
			rc = bad(r, i < r->nf ? r->col[i] : 1,
				 "expected the header of `vmscan-viz real --csv`: %s,OBJECT.resident,"
				 "OBJECT.refaults...",
				 head);
			goto out;
		}
	if (r->nf == NR_HEAD || (r->nf - NR_HEAD) % 2) {
		rc = bad(r, r->col[r->nf - 1], "expected OBJECT.resident,OBJECT.refaults of each object");
		goto out;
	}
	t->nobj = (r->nf - NR_HEAD) / 2;
	if (!(t->names = calloc(t->nobj, sizeof *t->names)) ||
	    !(t->most = calloc(t->nobj, sizeof *t->most))) {
		rc = -1;
		goto out;
	}
	for (unsigned o = 0; o < t->nobj; o++) {
		const char *res = r->f[NR_HEAD + 2 * o], *ref = r->f[NR_HEAD + 2 * o + 1];
		size_t len = res ? strlen(res) : 0;
		if (len <= 9 || !ref || strcmp(res + len - 9, ".resident") != 0) {
			rc = bad(r, r->col[NR_HEAD + 2 * o], "expected OBJECT.resident");
			goto out;
		}
		if (strncmp(ref, res, len - 9) != 0 || strcmp(ref + len - 9, ".refaults") != 0) {
			char want[300], q[300];
			snprintf(want, sizeof want, "%.*s.refaults", (int)(len - 9), res);
			rc = bad(r, r->col[NR_HEAD + 2 * o + 1], "expected %s", text_safe(want, q, sizeof q));
			goto out;
		}
		if (!(t->names[o] = strndup(res, len - 9))) {
			rc = -1;
			goto out;
		}
	}
out:
	free(copy);
	return rc;
}

static int number(const struct reader *r, unsigned i, uint64_t *v)
{
	const char *s = r->f[i];
	char *end, q[120];

	errno = 0;
	*v = strtoull(s, &end, 10);
	if (s[0] < '0' || s[0] > '9' || *end || errno) {
		text_quote(s, q, sizeof q);
		return bad(r, r->col[i], "expected a whole number, found %s", q);
	}
	return 0;
}

/* @i holds what the first row had in it (*@keep, or kept now). */
static int same(const struct reader *r, unsigned i, char **keep, const char *what)
{
	char q[120];

	if (!*keep)
		return (*keep = strdup(r->f[i])) ? 0 : -1;
	if (strcmp(*keep, r->f[i]) == 0)
		return 0;
	text_quote(*keep, q, sizeof q);
	return bad(r, r->col[i], "expected the %s of the rows above, %s (two files joined?)", what, q);
}

static int row(struct reader *r, struct timeline *t, uint64_t memory)
{
	uint64_t num[NR_HEAD] = { 0 }, *v = calloc(tl_width(t), sizeof *v);
	struct tl_block *b;
	int rc;

	if (!v)
		return -1;
	if ((rc = split(r)) != 0)
		goto out;
	if (r->nf != r->want) {
		rc = bad(r, r->nf > r->want ? r->col[r->want - 1] : 1,
			 "expected %u fields, as the header has, found %u", r->want, r->nf);
		goto out;
	}
	bool sim = strcmp(r->f[C_SOURCE], "sim") == 0;
	if (!sim && strcmp(r->f[C_SOURCE], "real") != 0) {
		rc = bad(r, 1, "%s",
			 strcmp(r->f[C_SOURCE], "source") == 0
				 ? "expected a row, found a second header (two files joined?)"
				 : "expected the source sim or real");
		goto out;
	}
	if ((rc = same(r, C_SCENARIO, &t->scenario, "scenario")) != 0 ||
	    (rc = same(r, C_POLICY, &t->policy, "policy")) != 0)
		goto out;
	for (unsigned i = C_MEMORY; i < r->want; i++)
		if ((rc = number(r, i, i < NR_HEAD ? &num[i] : &v[i - NR_HEAD + 2])) != 0)
			goto out;
	if (sim ? num[C_RUN] != 0 : num[C_RUN] < 1 || num[C_RUN] > TL_MAX_RUNS) {
		rc = bad(r, r->col[C_RUN], "%s",
			 sim ? "expected the run 0 of the simulator" : "expected a boot from 1 to 20");
		goto out;
	}
	if (sim && r->f[C_KERNEL][0]) {
		rc = bad(r, r->col[C_KERNEL], "expected no kernel in a row of the simulator");
		goto out;
	}
	if (!sim && (rc = same(r, C_KERNEL, &t->kernel, "kernel")) != 0)
		goto out;
	bool seen = false;
	for (unsigned k = 0; k < r->nsizes; k++)
		seen |= r->sizes[k] == num[C_MEMORY];
	if (!seen && r->nsizes < sizeof r->sizes / sizeof r->sizes[0])
		r->sizes[r->nsizes++] = num[C_MEMORY];
	if (!memory && r->first)
		t->memory = num[C_MEMORY];
	r->first = false;
	if (num[C_MEMORY] != t->memory)
		goto out; /* another size of a sweep */
	b = sim ? &t->sim : &t->run[num[C_RUN] - 1];
	if (b->n && num[C_ACCESS] <= b->v[(b->n - 1) * tl_width(t)]) {
		rc = bad(r, r->col[C_ACCESS], "expected an access after %llu, the row above's of this %s",
			 (unsigned long long)b->v[(b->n - 1) * tl_width(t)], sim ? "simulation" : "boot");
		goto out;
	}
	v[0] = num[C_ACCESS];
	v[1] = num[C_MAX_SEQ];
	if (!sim && num[C_RUN] > t->nrun)
		t->nrun = (unsigned)num[C_RUN];
	if (num[C_MAX_SEQ] > t->max_seq)
		t->max_seq = num[C_MAX_SEQ];
	for (unsigned o = 0; o < t->nobj; o++)
		if (v[3 + 2 * o] > t->most[o])
			t->most[o] = v[3 + 2 * o];
	rc = tl_add(b, tl_width(t), v);
out:
	free(v);
	return rc;
}

int tl_add(struct tl_block *b, size_t width, const uint64_t *row)
{
	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 64;
		uint64_t *v = realloc(b->v, cap * width * sizeof *v);
		if (!v)
			return -1;
		b->v = v;
		b->cap = cap;
	}
	memcpy(b->v + b->n++ * width, row, width * sizeof *row);
	return 0;
}

void tl_free(struct timeline *t)
{
	for (unsigned o = 0; t->names && o < t->nobj; o++)
		free(t->names[o]);
	free(t->names);
	free(t->most);
	free(t->scenario);
	free(t->policy);
	free(t->kernel);
	free(t->sim.v);
	for (unsigned k = 0; k < TL_MAX_RUNS; k++)
		free(t->run[k].v);
	memset(t, 0, sizeof *t);
}

int tl_read(const char *prefix, const char *path, uint64_t memory, struct timeline *t)
{
	struct reader r = { .path = path, .first = true };
	FILE *f = fopen(path, "r");
	size_t cap = 0;
	char q[300];
	int rc = 0;

	memset(t, 0, sizeof *t);
	t->memory = memory;
	if (!f) {
		fprintf(stderr, "%s: error: cannot read %s: %s\n", prefix, text_safe(path, q, sizeof q),
			strerror(errno));
		return 1;
	}
	while (rc == 0 && getline(&r.text, &cap, f) >= 0) {
		r.line++;
		if (r.line > 1 && strspn(r.text, "\r\n") == strlen(r.text))
			continue; /* a blank line, as at the end of a file */
		rc = r.line == 1 ? header(&r, t) : row(&r, t, memory);
	}
	if (rc == 0 && ferror(f)) {
		fprintf(stderr, "%s: error: cannot read %s: %s\n", prefix, text_safe(path, q, sizeof q),
			strerror(errno));
		rc = 1;
	}
	r.line = r.line ? r.line : 1;
	if (rc == 0 && !t->names)
		rc = bad(&r, 1, "expected the header of `vmscan-viz real --csv`, found an empty file");
	else if (rc == 0 && memory && !t->sim.n && !t->nrun) {
		char msg[200];
		snprintf(msg, sizeof msg,
			 "expected rows at memory %llu; the file's sizes:", (unsigned long long)memory);
		for (unsigned k = 0; k < r.nsizes; k++)
			snprintf(msg + strlen(msg), sizeof msg - strlen(msg), " %llu",
				 (unsigned long long)r.sizes[k]);
		rc = bad(&r, 1, "%s", msg);
	} else if (rc == 0 && (!t->sim.n || !t->nrun)) {
		rc = bad(&r, 1, "%s",
			 !t->sim.n ? "expected rows of the simulator (source sim) too"
				   : "expected rows of the kernel (source real) too");
	}
	/* the first sample is N accesses in (the last one at the end) */
	t->every = t->sim.n ? t->sim.v[0] : 0;
	if (rc < 0) {
		fprintf(stderr, "%s: error: out of memory\n", prefix);
		rc = 1;
	}
	free(r.text);
	free(r.f);
	free(r.col);
	fclose(f);
	return rc;
}
