/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/load.c - reading a scenario file and parsing its JSON
 *
 * Everything that can be said about the file as bytes is said here, before
 * cJSON sees it, each as one clear message with its line and column: it
 * cannot be read, is not a regular file (file.c), is over
 * SCENARIO_MAX_FILE_BYTES, holds nothing but white space, is binary (a
 * NUL byte), holds a control character or bytes that are not UTF-8, nests
 * deeper than SCENARIO_MAX_DEPTH, or has \u0000 in a string.  A JSON
 * syntax error gets cJSON's error offset as line:col and a few characters
 * of context.  Then top.c checks the meaning.  All memory a scenario
 * keeps is listed in its `owned` (own.c) and released by scenario_free().
 * Lines end at LF, CRLF or a lone CR (old Mac files), for every position.
 * Left out: JSON5/comments, other encodings.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../util/text.h"
#include "diag.h"
#include "file.h"
#include "own.h"
#include "top.h"

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

/* What is wrong with the bytes of a scenario, before JSON: the first
 * problem (a NUL byte anywhere comes first: the file is binary). */
enum text_problem { TEXT_OK, TEXT_NUL, TEXT_CONTROL, TEXT_NOT_UTF8, TEXT_TOO_DEEP, TEXT_NUL_ESCAPE };

/* One pass: control characters, UTF-8, nesting deeper than
 * SCENARIO_MAX_DEPTH (a bracket count outside strings, so cJSON never
 * recurses deeply) and \u0000 in a string (cJSON would cut the string
 * there).  *at: the problem's offset; *open: the text ends inside a
 * string or with brackets still open. */
static enum text_problem scan_text(const char *buf, size_t len, size_t *at, bool *open, long *string_at)
{
	const unsigned char *b = (const unsigned char *)buf;
	const char *nul = memchr(buf, '\0', len);
	int depth = 0;
	bool str = false;
	size_t start = 0;

	if (nul) {
		*at = (size_t)(nul - buf);
		return TEXT_NUL;
	}
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		size_t k = utf8_decode(b + i, len - i, &cp);
		*at = i;
		if (!k)
			return TEXT_NOT_UTF8;
		if (cp < 32 && cp != '\t' && cp != '\n' && cp != '\r')
			return TEXT_CONTROL;
		if (str) {
			if (cp == '\\' && i + 1 < len) {
				if (len - i >= 6 && memcmp(buf + i + 1, "u0000", 5) == 0)
					return TEXT_NUL_ESCAPE;
				k = 2; /* the escaped character is never a quote */
			} else if (cp == '"') {
				str = false;
			}
		} else if (cp == '"') {
			str = true;
			start = i;
		} else if (cp == '{' || cp == '[') {
			if (++depth > SCENARIO_MAX_DEPTH)
				return TEXT_TOO_DEEP;
		} else if (cp == '}' || cp == ']') {
			depth--;
		}
		i += k;
	}
	*open = str || depth > 0;
	*string_at = str ? (long)start : -1;
	return TEXT_OK;
}

/* Says what scan_text() found; true when there was something. */
static bool text_error(struct diag_list *d, const char *name, const char *buf, size_t len, bool *open,
		       long *string_at)
{
	size_t at = 0;
	unsigned char c;

	switch (scan_text(buf, len, &at, open, string_at)) {
	case TEXT_OK: return false;
	case TEXT_NUL:
		file_error(d, name, buf, len, (long)at,
			   "not a text file: it holds NUL bytes; a scenario is a JSON text file");
		break;
	case TEXT_CONTROL:
		c = (unsigned char)buf[at];
		file_error(d, name, buf, len, (long)at,
			   "control character 0x%02x is not allowed in JSON text (only tab, line feed and "
			   "carriage return are); in a string, write it as \\u%04x",
			   c, c);
		break;
	case TEXT_NOT_UTF8:
		file_error(d, name, buf, len, (long)at, "byte 0x%02x is not UTF-8; a scenario is UTF-8 text",
			   (unsigned char)buf[at]);
		break;
	case TEXT_TOO_DEEP:
		file_error(d, name, buf, len, (long)at, "JSON nested deeper than %d levels, the limit",
			   SCENARIO_MAX_DEPTH);
		break;
	case TEXT_NUL_ESCAPE:
		file_error(d, name, buf, len, (long)at,
			   "\\u0000 (NUL) is not allowed in a string: the text would end there");
		break;
	}
	return true;
}

/* A file with nothing but white space (or a byte order mark) in it. */
static bool empty_error(struct diag_list *d, const char *name, const char *buf, size_t len)
{
	size_t first = 0;
	bool bom = len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0;

	if (bom)
		first = 3;
	while (first < len && strchr(" \t\r\n", buf[first]) && buf[first])
		first++;
	if (first < len)
		return false;
	if (len == 0)
		file_error(d, name, buf, len, 0, "file is empty; a scenario is a JSON object {...}");
	else if (bom && len == 3)
		file_error(d, name, buf, len, 0,
			   "file holds only a byte order mark (U+FEFF); a scenario is a JSON object {...}");
	else
		file_error(d, name, buf, len, (long)len,
			   "file holds only white space; a scenario is a JSON object {...}");
	return true;
}

static void syntax_error(struct diag_list *d, const char *name, const char *buf, size_t len, size_t off,
			 bool open)
{
	char near[80], safe[200];
	size_t a = off, b, k = 0;
	bool rest_blank = true;

	if (off > len)
		off = len;
	while (off > 0 && off < len && ((unsigned char)buf[off] & 0xC0) == 0x80)
		off--; /* cJSON stopped inside a UTF-8 sequence: show all of it */
	a = off;
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
		while (a > 0 && buf[a - 1] != '\n' && buf[a - 1] != '\r' && k < 16)
			if (((unsigned char)buf[--a] & 0xC0) != 0x80)
				k++;
	}
	if (b - a >= sizeof near)
		b = a + sizeof near - 1;
	memcpy(near, buf + a, b - a);
	near[b - a] = '\0';
	/* a byte order mark in the middle, or a zero-width space, must show */
	file_error(d, name, buf, len, (long)off, "JSON syntax error near '%s'",
		   text_safe(near, safe, sizeof safe));
}

/* ---- parsing -------------------------------------------------------- */

static int parse_text(const char *name, const char *dir, const char *buf, size_t len, struct scenario *out,
		      struct diag_list *d)
{
	struct loader L;
	const char *end = NULL;
	cJSON *root;
	bool open = false;
	long string_at = -1;
	int rc;

	memset(out, 0, sizeof *out);
	if (len > SCENARIO_MAX_FILE_BYTES) {
		file_error(d, name, buf, len, -1, "file is larger than %u MiB, the limit",
			   SCENARIO_MAX_FILE_BYTES >> 20);
		return -1;
	}
	if (text_error(d, name, buf, len, &open, &string_at) || empty_error(d, name, buf, len))
		return -1;
	root = cJSON_ParseWithLengthOpts(buf, len + 1, &end, 1);
	if (!root) {
		if (string_at >= 0) /* say where it started, not where the file ended */
			file_error(d, name, buf, len, string_at,
				   "JSON syntax error: this string is not closed before the end of the file");
		else
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
		out->steps = L.steps;
		out->outside = L.outside;
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
	names_free(&L.names);
	locate_free(&L.loc);
	cJSON_Delete(root);
	return rc == 0 ? 0 : L.schema ? SCENARIO_IS_SCHEMA : -1;
}

int scenario_parse(const char *name, const char *dir, const char *buf, size_t len, struct scenario *out,
		   struct diag_list *d)
{
	char *copy;
	int rc;

	memset(out, 0, sizeof *out);
	if (len > SCENARIO_MAX_FILE_BYTES) {
		file_error(d, name, buf, 0, -1, "file is larger than %u MiB, the limit",
			   SCENARIO_MAX_FILE_BYTES >> 20);
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
	rc = parse_text(name, dir, copy, len, out, d);
	free(copy);
	return rc;
}

/* The directory of @path, for the trace files it names; NULL for none. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t n;
	char *dir;

	if (!slash)
		return NULL;
	n = slash == path ? 1 : (size_t)(slash - path);
	if ((dir = malloc(n + 1))) {
		memcpy(dir, path, n);
		dir[n] = '\0';
	}
	return dir;
}

int scenario_load(const char *path, struct scenario *out, struct diag_list *d)
{
	bool is_stdin = strcmp(path, "-") == 0;
	const char *name = is_stdin ? "<stdin>" : path;
	char why[256], *buf, *dir;
	off_t size = 0;
	size_t len;
	int fd, rc;

	memset(out, 0, sizeof *out);
	fd = is_stdin ? STDIN_FILENO : file_open_regular(path, &size, why, sizeof why);
	if (fd < 0) {
		file_hint_stdin(why, sizeof why);
		file_error(d, name, "", 0, -1, "%s%s",
			   strncmp(why, "is ", 3) == 0 ? "" : "cannot read: ", why);
		return -1;
	}
	if ((uint64_t)size > SCENARIO_MAX_FILE_BYTES) {
		file_error(d, name, "", 0, -1, "file is larger than %u MiB, the limit",
			   SCENARIO_MAX_FILE_BYTES >> 20);
		close(fd);
		return -1;
	}
	rc = file_read_all(fd, is_stdin ? 65536 : (size_t)size, SCENARIO_MAX_FILE_BYTES, &buf, &len, why,
			   sizeof why);
	if (!is_stdin)
		close(fd);
	if (rc < 0) {
		file_error(d, name, "", 0, -1, "cannot read: %s", why);
		return -1;
	}
	if (len > SCENARIO_MAX_FILE_BYTES) {
		file_error(d, name, "", 0, -1, "file is larger than %u MiB, the limit",
			   SCENARIO_MAX_FILE_BYTES >> 20);
		free(buf);
		return -1;
	}
	dir = is_stdin ? NULL : dir_of(path);
	rc = parse_text(name, dir, buf, len, out, d);
	free(dir);
	free(buf);
	return rc;
}

int scenario_peek_title(const char *path, char *title, size_t n)
{
	char why[256], *buf;
	off_t size;
	size_t len;
	cJSON *root;
	const cJSON *t;
	int fd = file_open_regular(path, &size, why, sizeof why), rc = -1;

	if (fd < 0)
		return -1;
	if ((uint64_t)size > SCENARIO_MAX_FILE_BYTES ||
	    file_read_all(fd, (size_t)size, SCENARIO_MAX_FILE_BYTES, &buf, &len, why, sizeof why) < 0) {
		close(fd);
		return -1;
	}
	close(fd);
	root = len <= SCENARIO_MAX_FILE_BYTES && !memchr(buf, '\0', len) ? cJSON_ParseWithLength(buf, len)
									 : NULL;
	/* a scenario names its format; a schema or any other JSON does not */
	t = cJSON_GetObjectItemCaseSensitive(root, "title");
	if (cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(root, "format")) && cJSON_IsString(t)) {
		text_safe(t->valuestring, title, n);
		rc = 0;
	}
	cJSON_Delete(root);
	free(buf);
	return rc;
}
