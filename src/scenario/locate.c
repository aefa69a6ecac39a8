/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/locate.c - source positions for errors found after parsing
 *
 * cJSON keeps no offsets, but it builds children in document order.  So one
 * lexical pass over the same (already parsed) text records, in pre-order,
 * where each value starts and where its key starts; the k-th node of a
 * pre-order walk of the tree is the k-th entry.  A check at build time
 * compares the count and the kind of every entry with the tree; if they
 * ever disagree, positions are switched off and errors carry the key path
 * only.  Lines end at LF, CRLF or a lone CR.  Left out: end positions and
 * ranges; columns count characters (UTF-8 sequences count one), tabs
 * count one.
 */
#include <stdlib.h>
#include <string.h>

#include "../util/grow.h"
#include "locate.h"
#include "scenario.h"

struct lexer {
	const unsigned char *b;
	size_t len, i;
	struct lexpos *pos;
	size_t n, cap;
	bool fail;
};

/* cJSON skips every byte <= 32 as whitespace, and so must we. */
static void skip_ws(struct lexer *x)
{
	while (x->i < x->len && x->b[x->i] <= 32)
		x->i++;
}

static void add(struct lexer *x, size_t value, size_t key)
{
	if (!grow_array(x->pos, x->cap, x->n + 1, 256)) {
		x->fail = true;
		return;
	}
	x->pos[x->n].value = (uint32_t)value;
	x->pos[x->n].key = key == SIZE_MAX ? UINT32_MAX : (uint32_t)key;
	x->n++;
}

static void skip_string(struct lexer *x)
{
	x->i++; /* opening quote */
	while (x->i < x->len && x->b[x->i] != '"') {
		if (x->b[x->i] == '\\')
			x->i++;
		x->i++;
	}
	x->i++; /* closing quote */
}

static void lex_value(struct lexer *x, size_t key, int depth)
{
	unsigned char c;

	skip_ws(x);
	if (x->fail || x->i >= x->len || depth > SCENARIO_MAX_DEPTH + 1) {
		x->fail = true;
		return;
	}
	add(x, x->i, key);
	c = x->b[x->i];
	if (c == '{' || c == '[') {
		unsigned char close = c == '{' ? '}' : ']';
		x->i++;
		skip_ws(x);
		if (x->i < x->len && x->b[x->i] == close) {
			x->i++;
			return;
		}
		for (;;) {
			size_t k = SIZE_MAX;
			if (c == '{') {
				skip_ws(x);
				if (x->i >= x->len || x->b[x->i] != '"') {
					x->fail = true;
					return;
				}
				k = x->i;
				skip_string(x);
				skip_ws(x);
				if (x->i >= x->len || x->b[x->i] != ':') {
					x->fail = true;
					return;
				}
				x->i++;
			}
			lex_value(x, k, depth + 1);
			if (x->fail)
				return;
			skip_ws(x);
			if (x->i < x->len && x->b[x->i] == ',') {
				x->i++;
				continue;
			}
			if (x->i < x->len && x->b[x->i] == close) {
				x->i++;
				return;
			}
			x->fail = true;
			return;
		}
	} else if (c == '"') {
		skip_string(x);
	} else if (c == 't' || c == 'n') {
		x->i += 4;
	} else if (c == 'f') {
		x->i += 5;
	} else {
		while (x->i < x->len && strchr("0123456789+-eE.", x->b[x->i]) && x->b[x->i])
			x->i++;
	}
}

static bool kind_matches(const cJSON *node, unsigned char c)
{
	if (cJSON_IsObject(node))
		return c == '{';
	if (cJSON_IsArray(node))
		return c == '[';
	if (cJSON_IsString(node))
		return c == '"';
	if (cJSON_IsTrue(node))
		return c == 't';
	if (cJSON_IsFalse(node))
		return c == 'f';
	if (cJSON_IsNull(node))
		return c == 'n';
	return cJSON_IsNumber(node) && strchr("0123456789+-.", c) && c;
}

static bool verify(const struct locate *l, const unsigned char *b, const cJSON *node, size_t *k)
{
	if (*k >= l->n || !kind_matches(node, b[l->pos[*k].value]))
		return false;
	if ((node->string != NULL) != (l->pos[*k].key != UINT32_MAX))
		return false;
	(*k)++;
	for (const cJSON *c = node->child; c; c = c->next)
		if (!verify(l, b, c, k))
			return false;
	return true;
}

void locate_build(struct locate *l, const char *buf, size_t len, const cJSON *root)
{
	struct lexer x = { .b = (const unsigned char *)buf, .len = len };
	size_t k = 0;

	memset(l, 0, sizeof *l);
	if (len >= UINT32_MAX)
		return;
	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
		x.i = 3; /* cJSON skips a UTF-8 byte order mark */
	lex_value(&x, SIZE_MAX, 1);
	l->pos = x.pos;
	l->n = x.n;
	l->ok = !x.fail && verify(l, x.b, root, &k) && k == l->n;
}

void locate_free(struct locate *l)
{
	free(l->pos);
	memset(l, 0, sizeof *l);
}

static bool find(const cJSON *node, const cJSON *want, size_t *k)
{
	if (node == want)
		return true;
	(*k)++;
	for (const cJSON *c = node->child; c; c = c->next)
		if (find(c, want, k))
			return true;
	return false;
}

long locate_offset(const struct locate *l, const cJSON *root, const cJSON *node, bool key)
{
	size_t k = 0;

	if (!l->ok || !root || !node || !find(root, node, &k) || k >= l->n)
		return -1;
	if (key && l->pos[k].key != UINT32_MAX)
		return (long)l->pos[k].key;
	return (long)l->pos[k].value;
}

void offset_linecol(const char *buf, size_t len, size_t off, int *line, int *col)
{
	int ln = 1, cl = 1;

	size_t i = 0;

	if (off > len)
		off = len;
	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0 && off >= 3)
		i = 3; /* a byte order mark takes no column */
	for (; i < off; i++) {
		unsigned char c = (unsigned char)buf[i];
		if (c == '\n' || (c == '\r' && (i + 1 >= len || buf[i + 1] != '\n'))) {
			ln++;
			cl = 1;
		} else if ((c & 0xC0) != 0x80 && c != '\r') {
			cl++;
		}
	}
	*line = ln;
	*col = cl;
}
