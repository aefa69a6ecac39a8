/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/load.c - reading a scenario file and parsing its JSON
 *
 * Everything that can be said about the file as bytes is said here, before
 * cJSON sees it, each as one clear message: it cannot be read, is a
 * directory, is empty, is over SCENARIO_MAX_FILE_BYTES, is not UTF-8 text
 * (binary), or nests deeper than SCENARIO_MAX_DEPTH (a bracket count
 * outside strings, so cJSON never recurses deeply).  A JSON syntax error
 * gets cJSON's error offset as line:col and a few characters of context.
 * Then schema.c checks the meaning.  All memory a scenario keeps is listed
 * in its `owned` and released by scenario_free().
 * Left out: JSON5/comments, other encodings, reading from a pipe.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

/* ---- memory a scenario keeps ------------------------------------------ */

void out_of_memory(struct loader *L)
{
	bool quiet = L->quiet;

	if (L->stop && L->nerr == 0 && L->d->n)
		return;
	L->quiet = false;
	L->stop = false;
	lerr_file(L, L->name, 0, 0, "", "out of memory");
	L->quiet = quiet;
	L->stop = true;
}

int own_add(struct loader *L, void *p)
{
	struct owned *o = L->own;

	if (o->n == o->cap) {
		size_t cap = o->cap ? o->cap * 2 : 64;
		void **v = realloc(o->p, cap * sizeof *v);
		if (!v) {
			out_of_memory(L);
			return -1;
		}
		o->p = v;
		o->cap = cap;
	}
	o->p[o->n++] = p;
	return 0;
}

void *own_alloc(struct loader *L, size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p) {
		out_of_memory(L);
		return NULL;
	}
	if (own_add(L, p) < 0) {
		free(p);
		return NULL;
	}
	return p;
}

char *own_strdup(struct loader *L, const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = own_alloc(L, n);

	if (p)
		memcpy(p, s, n);
	return p;
}

void owned_free(struct owned *o)
{
	if (!o)
		return;
	for (size_t i = 0; i < o->n; i++)
		free(o->p[i]);
	free(o->p);
	free(o);
}

void scenario_free(struct scenario *s)
{
	if (!s)
		return;
	owned_free(s->owned);
	memset(s, 0, sizeof *s);
}

/* ---- the text, before JSON ------------------------------------------ */

static void file_error(struct diag_list *d, const char *name, const char *buf, size_t len, long off,
		       const char *fmt, ...) SC_PRINTF(6, 7);
static void file_error(struct diag_list *d, const char *name, const char *buf, size_t len, long off,
		       const char *fmt, ...)
{
	va_list ap;
	int line = 0, col = 0;

	if (off >= 0)
		offset_linecol(buf, len, (size_t)off, &line, &col);
	va_start(ap, fmt);
	diag_push(d, name, line, col, "", fmt, ap);
	va_end(ap);
}

/* Length of the UTF-8 sequence at @s (at most @n bytes), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t k;
	uint32_t cp;

	if (c < 0x80)
		return 1;
	if (c < 0xC2)
		return 0;
	k = c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF5 ? 4 : 0;
	if (!k || k > n)
		return 0;
	cp = c & (0x7Fu >> k);
	for (size_t i = 1; i < k; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3Fu);
	}
	if ((k == 3 && cp < 0x800) || (k == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
	    (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return k;
}

/* Not UTF-8 text: the offset of the first bad byte, else -1. */
static long not_text(const char *buf, size_t len)
{
	const unsigned char *b = (const unsigned char *)buf;

	for (size_t i = 0; i < len;) {
		size_t k;
		if (b[i] < 32 && b[i] != '\t' && b[i] != '\n' && b[i] != '\r')
			return (long)i;
		k = utf8_len(b + i, len - i);
		if (!k)
			return (long)i;
		i += k;
	}
	return -1;
}

/* Where nesting first goes deeper than SCENARIO_MAX_DEPTH, else -1.
 * *open: the text ends inside a string or with brackets still open. */
static long too_deep(const char *buf, size_t len, bool *open)
{
	int depth = 0;
	bool str = false;

	for (size_t i = 0; i < len; i++) {
		char c = buf[i];
		if (str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				str = false;
		} else if (c == '"') {
			str = true;
		} else if (c == '{' || c == '[') {
			if (++depth > SCENARIO_MAX_DEPTH)
				return (long)i;
		} else if (c == '}' || c == ']') {
			depth--;
		}
	}
	*open = str || depth > 0;
	return -1;
}

static void syntax_error(struct diag_list *d, const char *name, const char *buf, size_t len, size_t off,
			 bool open)
{
	char near[80];
	size_t a = off, b, k = 0;
	bool rest_blank = true;

	if (off > len)
		off = len;
	for (size_t i = off; i < len; i++)
		if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\n' && buf[i] != '\r')
			rest_blank = false;
	if (rest_blank && open) {
		/* cJSON ran off the end: say so, at the end of the last token */
		size_t e = len;
		while (e > 0 && strchr(" \t\r\n", buf[e - 1]))
			e--;
		if (off >= e) {
			file_error(d, name, buf, len, (long)e, "JSON syntax error: unexpected end of file");
			return;
		}
	}
	/* up to 16 characters from the error on its line; if none, the 16
	 * before it */
	b = off;
	while (b < len && buf[b] != '\n' && buf[b] != '\r' && k < 16)
		if (((unsigned char)buf[b++] & 0xC0) != 0x80)
			k++;
	while (b < len && ((unsigned char)buf[b] & 0xC0) == 0x80)
		b++;
	if (b == a) {
		k = 0;
		while (a > 0 && buf[a - 1] != '\n' && k < 16)
			if (((unsigned char)buf[--a] & 0xC0) != 0x80)
				k++;
	}
	if (b - a >= sizeof near)
		b = a + sizeof near - 1;
	memcpy(near, buf + a, b - a);
	near[b - a] = '\0';
	file_error(d, name, buf, len, (long)off, "JSON syntax error near '%s'", near);
}

/* ---- parsing -------------------------------------------------------- */

int scenario_parse_text(const char *name, const char *dir, const char *buf, size_t len, struct scenario *out,
			struct diag_list *d)
{
	struct loader L;
	const char *end = NULL;
	cJSON *root;
	long off;
	size_t first = 0;
	bool open = false;
	int rc;

	memset(out, 0, sizeof *out);
	if (len > SCENARIO_MAX_FILE_BYTES) {
		file_error(d, name, buf, len, -1, "file is larger than %u MiB",
			   SCENARIO_MAX_FILE_BYTES >> 20);
		return -1;
	}
	while (first < len && buf[first] && strchr(" \t\r\n", buf[first]))
		first++;
	if (first == len) {
		file_error(d, name, buf, len, -1, "file is empty");
		return -1;
	}
	if ((off = not_text(buf, len)) >= 0) {
		file_error(d, name, buf, len, off,
			   "not a text file: byte 0x%02x is not UTF-8 text; a scenario is a JSON text file",
			   (unsigned char)buf[off]);
		return -1;
	}
	if ((off = too_deep(buf, len, &open)) >= 0) {
		file_error(d, name, buf, len, off, "JSON nested deeper than %d levels, the limit",
			   SCENARIO_MAX_DEPTH);
		return -1;
	}
	root = cJSON_ParseWithLengthOpts(buf, len + 1, &end, 1);
	if (!root) {
		syntax_error(d, name, buf, len, end ? (size_t)(end - buf) : 0, open);
		return -1;
	}

	memset(&L, 0, sizeof L);
	L.name = name;
	L.dir = dir;
	L.buf = buf;
	L.len = len;
	L.root = root;
	L.d = d;
	L.own = calloc(1, sizeof *L.own);
	locate_build(&L.loc, buf, len, root);
	if (!L.own) {
		out_of_memory(&L);
		rc = -1;
	} else {
		rc = load_top(&L, out);
	}
	if (rc == 0) {
		out->path = own_strdup(&L, name);
		out->wl.objects = L.obj;
		out->wl.nr_objects = L.nr_obj;
		out->wl.ops = L.ops;
		out->wl.nr_ops = (uint32_t)L.nr_ops;
		if (L.captions && own_add(&L, L.captions) == 0) {
			out->wl.captions = (const char *const *)L.captions;
			out->wl.nr_captions = L.nr_captions;
			L.captions = NULL;
		}
		if (!out->path || L.captions)
			rc = -1;
	}
	if (rc == 0) {
		out->owned = L.own;
	} else {
		free(L.captions);
		owned_free(L.own);
		memset(out, 0, sizeof *out);
		if (d->n == 0)
			lerr_file(&L, name, 0, 0, "",
				  "internal error: the scenario was refused without a reason");
	}
	free(L.traces);
	free(L.obj_bad);
	locate_free(&L.loc);
	cJSON_Delete(root);
	return rc;
}

int scenario_parse(const char *name, const char *dir, const char *buf, size_t len, struct scenario *out,
		   struct diag_list *d)
{
	char *copy;
	int rc;

	memset(out, 0, sizeof *out);
	if (len > SCENARIO_MAX_FILE_BYTES) {
		file_error(d, name, buf, 0, -1, "file is larger than %u MiB", SCENARIO_MAX_FILE_BYTES >> 20);
		return -1;
	}
	copy = malloc(len + 1);
	if (!copy) {
		file_error(d, name, buf, 0, -1, "out of memory");
		return -1;
	}
	if (len)
		memcpy(copy, buf, len);
	copy[len] = '\0';
	rc = scenario_parse_text(name, dir, copy, len, out, d);
	free(copy);
	return rc;
}

int scenario_load(const char *path, struct scenario *out, struct diag_list *d)
{
	struct stat st;
	char *buf, *dir = NULL;
	const char *slash;
	size_t len = 0, cap;
	int fd, rc;

	memset(out, 0, sizeof *out);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		file_error(d, path, "", 0, -1, "cannot read: %s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0) {
		file_error(d, path, "", 0, -1, "cannot read: %s", strerror(errno));
		close(fd);
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		file_error(d, path, "", 0, -1, "is a directory");
		close(fd);
		return -1;
	}
	if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > SCENARIO_MAX_FILE_BYTES) {
		file_error(d, path, "", 0, -1, "file is larger than %u MiB", SCENARIO_MAX_FILE_BYTES >> 20);
		close(fd);
		return -1;
	}
	cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 2 : 65536;
	buf = malloc(cap);
	if (!buf) {
		file_error(d, path, "", 0, -1, "out of memory");
		close(fd);
		return -1;
	}
	for (;;) {
		ssize_t k;
		if (len + 1 >= cap) {
			/* grown since fstat, or not a regular file */
			size_t ncap =
				cap * 2 > SCENARIO_MAX_FILE_BYTES + 2 ? SCENARIO_MAX_FILE_BYTES + 2 : cap * 2;
			char *nb = ncap > cap ? realloc(buf, ncap) : NULL;
			if (!nb) {
				if (ncap <= cap)
					break; /* at the limit: len is over it */
				file_error(d, path, "", 0, -1, "out of memory");
				free(buf);
				close(fd);
				return -1;
			}
			buf = nb;
			cap = ncap;
		}
		k = read(fd, buf + len, cap - 1 - len);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			file_error(d, path, "", 0, -1, "cannot read: %s", strerror(errno));
			free(buf);
			close(fd);
			return -1;
		}
		if (k == 0)
			break;
		len += (size_t)k;
		if (len > SCENARIO_MAX_FILE_BYTES)
			break;
	}
	close(fd);
	if (len > SCENARIO_MAX_FILE_BYTES) {
		file_error(d, path, "", 0, -1, "file is larger than %u MiB", SCENARIO_MAX_FILE_BYTES >> 20);
		free(buf);
		return -1;
	}
	buf[len] = '\0';
	slash = strrchr(path, '/');
	if (slash) {
		size_t n = slash == path ? 1 : (size_t)(slash - path);
		dir = malloc(n + 1);
		if (dir) {
			memcpy(dir, path, n);
			dir[n] = '\0';
		}
	}
	rc = scenario_parse_text(path, dir, buf, len, out, d);
	free(dir);
	free(buf);
	return rc;
}

bool scenario_is_schema(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	size_t len;
	cJSON *root;
	bool yes = false;

	if (!f)
		return false;
	buf = malloc(SCENARIO_MAX_FILE_BYTES + 1);
	len = buf ? fread(buf, 1, SCENARIO_MAX_FILE_BYTES, f) : 0;
	fclose(f);
	if (!buf)
		return false;
	root = cJSON_ParseWithLength(buf, len);
	/* a JSON Schema names its meta-schema; a scenario has "format" */
	if (root && cJSON_IsString(cJSON_GetObjectItemCaseSensitive(root, "$schema")) &&
	    !cJSON_GetObjectItemCaseSensitive(root, "format"))
		yes = true;
	cJSON_Delete(root);
	free(buf);
	return yes;
}
