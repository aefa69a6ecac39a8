/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/maps.c - a process's /proc/PID/maps, to give the addresses of
 * a lackey or perf trace their kinds of memory
 *
 * A line of /proc/PID/maps is `START-END PERMS OFFSET MAJ:MIN INODE
 * [PATHNAME]` (proc(5)).  Each mapping an access falls in gives the access
 * its object, made the first time it is needed (valgrind's own mappings,
 * which the program never touches, make none):
 *  - a file mapped without write permission, or shared (`r-xp`, `r--p`,
 *    `rw-s`): a file object named after the file, the page its offset
 *    in the file: (OFFSET + address - START) / 4096.  It is "exec" (mapped
 *    VM_EXEC, so shrink_active_list() rotates its young pages) when any of
 *    the file's mappings is executable: program code;
 *  - `[heap]`, `[stack]`: anon objects "heap" and "stack";
 *  - a private writable file mapping (a program's .data: what it writes
 *    becomes anonymous copy-on-write pages), a mapping without a path, or
 *    any other `[...]` region: the anon object "anon";
 *  - memfd (`/memfd:NAME (deleted)`) and SysV shared memory
 *    (`/SYSV0000002a (deleted)`): the anon object "shmem".  The engine has
 *    no shmem (tmpfs pages on the anon lists, swap-backed, shared between
 *    mappings); anonymous pages are its nearest model, not a file that a
 *    file's rules would drop without writing;
 *  - an address in no mapping (a mapping the recording missed): "anon".
 * Anon pages are numbered densely per object in the order the trace first
 * touches them.  A file whose name is already an object's takes its whole
 * path as its name.
 * Left out: the offset of anonymous mappings, `[stack:TID]` of threads as
 * separate objects (they are "stack"), and a mapping's pages that were
 * never touched (the object is as large as its largest page touched).
 */
#include <stdlib.h>
#include <string.h>

#include "../engine/engine.h"
#include "../util/grow.h"
#include "../util/text.h"
#include "diag.h"
#include "maps.h"
#include "trace_sink.h"

#define MAPS_LINE_MAX 8192
#define MAPS_MAX      1000000u /* mappings in one file */

/* A hexadecimal number of at most 16 digits at *p, ending at @stop (a
 * character or '\0' for white space); false if not. */
static bool hex_field(const char **p, char stop, uint64_t *out)
{
	const char *s = *p;
	uint64_t v = 0;
	int n = 0;

	for (;; s++, n++) {
		int c = (unsigned char)*s, d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			break;
		v = v << 4 | (uint64_t)d;
	}
	if (n == 0 || n > 16)
		return false;
	if (stop ? *s != stop : (*s && *s != ' ' && *s != '\t'))
		return false;
	*p = s;
	*out = v;
	return true;
}

static const char *skip_blank(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* The word at @p, quoted, for a message. */
static void word_at(const char *p, char *q, size_t n)
{
	char w[64];
	size_t k = 0;

	while (p[k] && p[k] != ' ' && p[k] != '\t' && k + 1 < sizeof w) {
		w[k] = p[k];
		k++;
	}
	w[k] = '\0';
	if (k == 0)
		snprintf(q, n, "the end of the line");
	else
		text_quote(w, q, n);
}

static enum maps_kind kind_of(const char *perms, const char *path)
{
	if (!*path)
		return MAPS_ANON;
	if (!strcmp(path, "[heap]"))
		return MAPS_HEAP;
	if (!strncmp(path, "[stack", 6))
		return MAPS_STACK;
	if (path[0] != '/')
		return MAPS_ANON;
	/* memfd_create() and SysV shm segments: shared anonymous memory (shmem
	 * in the kernel, swap-backed) that /proc/PID/maps shows under a path */
	if (!strncmp(path, "/memfd:", 7) || !strncmp(path, "/SYSV", 5))
		return MAPS_SHMEM;
	/* MAP_PRIVATE and writable: the pages written are anonymous copies */
	if (perms[1] == 'w' && perms[3] == 'p')
		return MAPS_ANON;
	return MAPS_FILE;
}

/* One line into @m; false after a message. */
static bool parse_line(struct loader *L, const char *file, const char *path, const char *line, int ln,
		       struct maps *m)
{
	const char *p = skip_blank(line), *f;
	uint64_t start, end, offset, dev;
	char q[96], perms[5];
	struct maps_entry *e;

#define COL(at) ((int)((at)-line) + 1)
	if (!*p)
		return true; /* a blank line: as a file that ends with two newlines */
	f = p;
	if (!hex_field(&p, '-', &start) || (p++, !hex_field(&p, 0, &end))) {
		word_at(f, q, sizeof q);
		lerr_file(L, file, ln, COL(f), path,
			  "expected START-END, two hexadecimal addresses joined by '-' (as in "
			  "7f3a1c000000-7f3a1c021000), found %s",
			  q);
		return false;
	}
	if (end <= start) {
		lerr_file(L, file, ln, COL(f), path, "expected START below END, found %s",
			  (word_at(f, q, sizeof q), q));
		return false;
	}
	p = skip_blank(p);
	f = p;
	if (!(strchr("r-", p[0]) && p[0] && p[1] && strchr("w-", p[1]) && p[2] && strchr("x-", p[2]) &&
	      p[3] && strchr("ps", p[3]) && (p[4] == ' ' || p[4] == '\t'))) {
		word_at(f, q, sizeof q);
		lerr_file(L, file, ln, COL(f), path,
			  "expected the permissions: r or -, w or -, x or -, then p or s (as in r-xp), found "
			  "%s",
			  q);
		return false;
	}
	memcpy(perms, p, 4);
	perms[4] = '\0';
	p = skip_blank(p + 4);
	f = p;
	if (!hex_field(&p, 0, &offset)) {
		word_at(f, q, sizeof q);
		lerr_file(L, file, ln, COL(f), path, "expected the file offset in hexadecimal, found %s", q);
		return false;
	}
	p = skip_blank(p);
	f = p;
	if (!hex_field(&p, ':', &dev) || (p++, !hex_field(&p, 0, &dev))) {
		word_at(f, q, sizeof q);
		lerr_file(L, file, ln, COL(f), path,
			  "expected the device as MAJOR:MINOR in hexadecimal (as in 08:01), found %s", q);
		return false;
	}
	p = skip_blank(p);
	f = p;
	if (*p < '0' || *p > '9' || (p += strspn(p, "0123456789"), *p && *p != ' ' && *p != '\t')) {
		word_at(f, q, sizeof q);
		lerr_file(L, file, ln, COL(f), path, "expected the inode, a decimal number, found %s", q);
		return false;
	}
	p = skip_blank(p);
	if (m->n >= MAPS_MAX) {
		lerr_file(L, file, ln, 1, path, "more than %u mappings, the limit", MAPS_MAX);
		return false;
	}
	if (!grow_array(m->v, m->cap, m->n + 1, 64)) {
		out_of_memory(L);
		return false;
	}
	e = &m->v[m->n];
	memset(e, 0, sizeof *e);
	e->start = start;
	e->end = end;
	e->offset = offset;
	e->line = ln;
	e->kind = (uint8_t)kind_of(perms, p);
	e->exec = perms[2] == 'x';
	e->obj = UINT32_MAX;
	if (e->kind == MAPS_FILE) {
		size_t len = strlen(p);
		while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
			len--;
		if (!(e->path = malloc(len + 1))) {
			out_of_memory(L);
			return false;
		}
		memcpy(e->path, p, len);
		e->path[len] = '\0';
	}
	m->n++;
	return true;
#undef COL
}

static int by_start(const void *a, const void *b)
{
	const struct maps_entry *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

int maps_parse(struct loader *L, const char *file, const char *path, FILE *f, struct maps *m)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	int ln = 0, rc = -1;

	memset(m, 0, sizeof *m);
	m->file = file;
	m->path = path;
	while ((got = getline(&line, &cap, f)) > 0) {
		size_t len = (size_t)got;
		ln++;
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (len > MAPS_LINE_MAX) {
			lerr_file(L, file, ln, 0, path, "line longer than %d bytes, the limit",
				  MAPS_LINE_MAX);
			goto out;
		}
		if (strlen(line) != len) {
			lerr_file(L, file, ln, (int)strlen(line) + 1, path,
				  "a NUL byte: a maps file is text");
			goto out;
		}
		if (!parse_line(L, file, path, line, ln, m))
			goto out;
	}
	if (ferror(f)) {
		lerr_file(L, file, 0, 0, path, "cannot read the maps file");
		goto out;
	}
	if (m->n == 0) {
		lerr_file(L, file, 0, 0, path,
			  "the maps file holds no mappings; expected lines of /proc/PID/maps, as in "
			  "\"7f3a1c000000-7f3a1c021000 r-xp 00000000 08:01 1234 /usr/bin/grep\"");
		goto out;
	}
	qsort(m->v, m->n, sizeof *m->v, by_start);
	for (size_t i = 1; i < m->n; i++)
		if (m->v[i].start < m->v[i - 1].end) {
			const struct maps_entry *a = &m->v[i - 1], *b = &m->v[i];
			lerr_file(L, file, a->line > b->line ? a->line : b->line, 1, path,
				  "this mapping overlaps the one at line %d; a maps file lists each address "
				  "once",
				  a->line > b->line ? b->line : a->line);
			goto out;
		}
	rc = 0;
out:
	free(line);
	return rc;
}

void maps_free(struct maps *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->v[i].path);
	free(m->v);
	memset(m, 0, sizeof *m);
}

struct maps_entry *maps_find(struct maps *m, uint64_t addr)
{
	size_t lo = 0, hi = m->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (addr < m->v[mid].start)
			hi = mid;
		else if (addr >= m->v[mid].end)
			lo = mid + 1;
		else
			return &m->v[mid];
	}
	return NULL;
}

/* An object made for the maps: named @name, of @type; an existing object
 * made by maps of that name and type is taken again. */
static int made_object(struct loader *L, struct maps *m, int line, const char *name, uint8_t type, bool exec)
{
	int o = loader_find_object(L, name);

	if (o >= 0) {
		char q[96];
		if (L->made_any && (uint32_t)o >= L->first_made && L->obj[o].type == type) {
			L->obj[o].exec |= exec;
			return o;
		}
		text_quote(name, q, sizeof q);
		lerr_file(L, m->file, line, 1, m->path,
			  "the mapping's object %s is already declared in \"objects\"; a trace with maps "
			  "makes its own objects (rename the declared one)",
			  q);
		return -1;
	}
	o = trace_auto_object(L, m->file, line, 1, name);
	if (o < 0)
		return -1;
	if (!L->made_any) {
		L->made_any = true;
		L->first_made = (uint32_t)o;
	}
	L->obj[o].type = type;
	L->obj[o].exec = exec;
	return o;
}

int maps_object(struct loader *L, struct maps *m, struct maps_entry *e)
{
	static const char *const anon_names[] = {
		[MAPS_HEAP] = "heap", [MAPS_STACK] = "stack", [MAPS_ANON] = "anon", [MAPS_SHMEM] = "shmem"
	};
	const char *name, *slash;
	bool exec = false;
	int o;

	if (e && e->obj != UINT32_MAX)
		return (int)e->obj;
	if (!e || e->kind != MAPS_FILE) {
		o = made_object(L, m, e ? e->line : 0, anon_names[e ? e->kind : MAPS_ANON], OBJ_ANON, false);
		if (o >= 0 && e)
			e->obj = (uint32_t)o;
		return o;
	}
	for (size_t i = 0; i < m->n; i++)
		if (m->v[i].path && !strcmp(m->v[i].path, e->path))
			exec |= m->v[i].exec;
	slash = strrchr(e->path, '/');
	name = slash && slash[1] ? slash + 1 : e->path;
	/* two files of one name (or a file called "heap"): the whole path */
	o = loader_find_object(L, name);
	if (o >= 0 && !(L->made_any && (uint32_t)o >= L->first_made && L->obj[o].type == OBJ_FILE))
		name = e->path;
	else if (o >= 0)
		for (size_t i = 0; i < m->n; i++) /* made for another path of this name? */
			if (m->v[i].obj == (uint32_t)o && m->v[i].path && strcmp(m->v[i].path, e->path) != 0)
				name = e->path;
	o = made_object(L, m, e->line, name, OBJ_FILE, exec);
	if (o >= 0)
		for (size_t i = 0; i < m->n; i++)
			if (m->v[i].path && !strcmp(m->v[i].path, e->path))
				m->v[i].obj = (uint32_t)o;
	return o;
}
