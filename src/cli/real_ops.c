/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/real_ops.c - the op file's reader (real_ops.h), shared by the guest
 * program and the unit tests: libc only, every number checked against
 * what it indexes, so that a broken file stops with its line and column
 * rather than an access out of range in the guest.
 */
#include "real_ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct reader {
	const char *p, *end, *line_start;
	unsigned line;
	char *err;
	size_t n;
};

static int fail(struct reader *r, const char *what)
{
	snprintf(r->err, r->n, "%u:%u: %s", r->line, (unsigned)(r->p - r->line_start) + 1, what);
	return -1;
}

static void skip_blanks(struct reader *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t'))
		r->p++;
}

static bool at_eol(struct reader *r)
{
	skip_blanks(r);
	return r->p >= r->end || *r->p == '\n';
}

/* A decimal number up to @max. */
static int number(struct reader *r, uint32_t max, uint32_t *v, const char *what)
{
	uint64_t x = 0;
	const char *start;

	skip_blanks(r);
	start = r->p;
	while (r->p < r->end && *r->p >= '0' && *r->p <= '9') {
		x = x * 10 + (uint64_t)(*r->p - '0');
		if (x > max) {
			r->p = start;
			return fail(r, what);
		}
		r->p++;
	}
	if (r->p == start)
		return fail(r, what);
	*v = (uint32_t)x;
	return 0;
}

/* The rest of the line, a name without blanks. */
static int name(struct reader *r, char *out)
{
	size_t k = 0;

	skip_blanks(r);
	while (r->p < r->end && *r->p != '\n' && *r->p != ' ' && *r->p != '\t') {
		if (k + 1 >= REAL_NAME_MAX)
			return fail(r, "a name of at most 63 bytes");
		out[k++] = *r->p++;
	}
	out[k] = '\0';
	return k ? 0 : fail(r, "a name");
}

static int word(struct reader *r, const char *w)
{
	size_t k = strlen(w);

	skip_blanks(r);
	if ((size_t)(r->end - r->p) < k || memcmp(r->p, w, k) != 0)
		return -1;
	r->p += k;
	return 0;
}

static int end_line(struct reader *r)
{
	if (!at_eol(r))
		return fail(r, "the end of the line");
	if (r->p < r->end)
		r->p++;
	r->line++;
	r->line_start = r->p;
	return 0;
}

static int header(struct reader *r, struct real_ops *o)
{
	if (word(r, REAL_OPS_MAGIC) < 0)
		return fail(r, "\"" REAL_OPS_MAGIC "\"");
	if (end_line(r) < 0)
		return -1;
	if (word(r, "memory") < 0)
		return fail(r, "\"memory PAGES SWAP SWAPPINESS\"");
	if (number(r, REAL_MAX_OBJ_PAGES, &o->memory, "the zone's pages") < 0 ||
	    number(r, REAL_MAX_OBJ_PAGES, &o->swap, "swap pages") < 0 ||
	    number(r, 200, &o->swappiness, "a swappiness, 0 to 200") < 0 || end_line(r) < 0)
		return -1;
	while (word(r, "cgroup") == 0) {
		struct real_cgroup *c;
		uint32_t k;
		if (number(r, o->nr_cgroups + 1, &k, "the next cgroup's number") < 0)
			return -1;
		if (k != o->nr_cgroups + 1 || k > REAL_MAX_CGROUPS)
			return fail(r, "cgroups numbered 1, 2, ... up to 32");
		c = &o->cgroup[k];
		if (number(r, REAL_MAX_OBJ_PAGES, &c->limit, "a limit in pages") < 0 ||
		    number(r, 200, &c->swappiness, "a swappiness, 0 to 200") < 0 || name(r, c->name) < 0 ||
		    end_line(r) < 0)
			return -1;
		o->nr_cgroups = k;
	}
	return 0;
}

static int object(struct reader *r, struct real_ops *o, uint32_t *cap)
{
	struct real_object *ob;
	uint32_t i, exec;

	if (number(r, o->nr_objects, &i, "the next object's number") < 0)
		return -1;
	if (i != o->nr_objects || i >= REAL_MAX_OBJECTS)
		return fail(r, "objects numbered 0, 1, ... up to 1023");
	if (o->nr_objects == *cap) {
		struct real_object *v;
		*cap = *cap ? *cap * 2 : 8;
		v = realloc(o->objects, *cap * sizeof *v);
		if (!v)
			return fail(r, "memory for the objects");
		o->objects = v;
	}
	ob = &o->objects[i];
	memset(ob, 0, sizeof *ob);
	if (word(r, "file") == 0)
		ob->anon = false;
	else if (word(r, "anon") == 0)
		ob->anon = true;
	else
		return fail(r, "file or anon");
	if (number(r, REAL_MAX_OBJ_PAGES, &ob->pages, "the object's pages") < 0 ||
	    number(r, 1, &exec, "exec: 0 or 1") < 0 || name(r, ob->name) < 0 || end_line(r) < 0)
		return -1;
	if (!ob->pages)
		return fail(r, "an object of at least one page");
	ob->exec = exec;
	o->nr_objects++;
	return 0;
}

/* OBJ, then a page of it. */
static int obj_page(struct reader *r, const struct real_ops *o, struct real_op *op)
{
	if (!o->nr_objects)
		return fail(r, "an object line before the operations");
	if (number(r, o->nr_objects - 1, &op->obj, "an object's number") < 0)
		return -1;
	return number(r, o->objects[op->obj].pages - 1, &op->a, "a page of the object");
}

static int slot(struct reader *r, struct real_op *op)
{
	uint32_t as;

	if (number(r, REAL_MAX_MAPPINGS - 1, &as, "a mapping slot, 0 to 7") < 0)
		return -1;
	op->as = (uint8_t)as;
	return 0;
}

static int operation(struct reader *r, struct real_ops *o, struct real_op *op)
{
	uint32_t v;

	memset(op, 0, sizeof *op);
	op->kind = *r->p++;
	switch (op->kind) {
	case 'g': return number(r, o->nr_cgroups, &op->a, "a cgroup's number");
	case 'm':
		if (slot(r, op) < 0 || obj_page(r, o, op) < 0 ||
		    number(r, o->objects[op->obj].pages - op->a, &op->b, "pages within the object") < 0 ||
		    number(r, 3, &v, "flags, 0 to 3") < 0)
			return -1;
		op->flags = (uint8_t)v;
		return op->b ? 0 : fail(r, "a mapping of at least one page");
	case 'u':
	case 'n': return slot(r, op) < 0 ? -1 : number(r, o->nr_objects - 1, &op->obj, "an object's number");
	case 'a':
		if (slot(r, op) < 0 || number(r, o->nr_objects - 1, &op->obj, "an object's number") < 0)
			return -1;
		return number(r, 1, &op->b, "0 (normal) or 1 (sequential)");
	case 't': return obj_page(r, o, op) < 0 ? -1 : number(r, 1, &op->b, "write: 0 or 1");
	case 'r':
	case 'w':
	case 'd': return obj_page(r, o, op);
	case 'l': return slot(r, op) < 0 ? -1 : obj_page(r, o, op);
	case 'f':
		if (obj_page(r, o, op) < 0)
			return -1;
		return number(r, o->objects[op->obj].pages - op->a, &op->b, "pages within the object");
	case 'p': return number(r, UINT32_MAX, &op->a, "a caption's number");
	default: r->p--; return fail(r, "an operation: g m u a t r w d l n f p, or end");
	}
}

int real_ops_parse(const char *text, size_t len, struct real_ops *o, char *err, size_t n)
{
	struct reader r = { text, text + len, text, 1, err, n };
	uint32_t obj_cap = 0, op_cap = 0;

	memset(o, 0, sizeof *o);
	if (header(&r, o) < 0)
		goto bad;
	while (word(&r, "object") == 0)
		if (object(&r, o, &obj_cap) < 0)
			goto bad;
	for (;;) {
		skip_blanks(&r);
		if (r.p >= r.end) {
			fail(&r, "\"end\" (the file is cut short)");
			goto bad;
		}
		if (word(&r, "end") == 0)
			break;
		if (o->nr_ops == op_cap) {
			struct real_op *v;
			op_cap = op_cap ? op_cap * 2 : 1024;
			v = realloc(o->ops, op_cap * sizeof *v);
			if (!v) {
				fail(&r, "memory for the operations");
				goto bad;
			}
			o->ops = v;
		}
		if (operation(&r, o, &o->ops[o->nr_ops]) < 0 || end_line(&r) < 0)
			goto bad;
		o->accesses += real_op_is_access(o->ops[o->nr_ops].kind);
		o->nr_ops++;
	}
	if (end_line(&r) < 0)
		goto bad;
	return 0;
bad:
	real_ops_free(o);
	return -1;
}

void real_ops_free(struct real_ops *o)
{
	free(o->objects);
	free(o->ops);
	o->objects = NULL;
	o->ops = NULL;
	o->nr_objects = o->nr_ops = 0;
}
