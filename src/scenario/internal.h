/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/internal.h - the loader's insides, shared by the files of src/scenario/
 *
 * One struct loader lives for one scenario_parse() call: the text, the
 * diagnostics collected so far, the positions of every JSON value, and the
 * arrays being built.  Operations are built in two passes over the same
 * code: pass 1 checks everything and only counts the operations, pass 2
 * (run only when pass 1 found no error) writes them into an array of
 * exactly that size.  Trace files and captions are read once, in pass 1,
 * and handed out again in the same order in pass 2.
 */
#ifndef VMSCAN_SCENARIO_INTERNAL_H
#define VMSCAN_SCENARIO_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include <cJSON.h>

#include "../util/suggest.h"
#include "../util/text.h"
#include "scenario.h"

#define SCENARIO_MAX_ERRORS	 20
#define SCENARIO_MAX_OPS	 1000000u /* after stream and repeat expansion: 64 MB */
#define SCENARIO_MAX_OBJECTS	 4096u
#define SCENARIO_MAX_TRACE_BYTES (1ull << 30)
#define SCENARIO_MAX_ACCESSES	 100000000u /* per trace, per random */
#define SCENARIO_MAX_WRITEBACK	 1000000u
#define SCENARIO_MAX_BYTES	 (1ull << 30) /* estimated memory of a run (budget.c) */
#define SCENARIO_MAX_PATH	 4095	      /* bytes of a trace file's path */

#if defined(__GNUC__)
#define SC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SC_PRINTF(f, a)
#endif

/* ---- locate.c: where each JSON value starts ------------------------- */

struct lexpos {
	uint32_t value; /* offset of the value's first byte */
	uint32_t key;	/* offset of its key's opening quote, or UINT32_MAX */
};

struct locate {
	struct lexpos *pos; /* pre-order, as cJSON builds its tree */
	size_t n;
	bool ok; /* false: positions unknown, report the path only */
};

void locate_build(struct locate *l, const char *buf, size_t len, const cJSON *root);
void locate_free(struct locate *l);
/* Offset of @node (or of its key), or -1 when unknown. */
long locate_offset(const struct locate *l, const cJSON *root, const cJSON *node, bool key);
void offset_linecol(const char *buf, size_t len, size_t off, int *line, int *col);

/* ---- file.c: regular files only ------------------------------------- */

/* Opens @path for reading if it is a regular file (checked on the open
 * descriptor; a FIFO does not block the open).  Returns the descriptor
 * and the file's size, or -1 with the reason in @why ("is a directory",
 * "No such file or directory"...). */
int file_open_regular(const char *path, off_t *size, char *why, size_t n);
/* Adds to a FIFO's @why that "-" reads standard input (for a file named
 * on the command line, where "-" means that). */
void file_hint_stdin(char *why, size_t n);
/* Reads @fd to its end into a new NUL-terminated buffer, stopping once it
 * holds more than @max bytes (*len > max then tells the caller);
 * @hint: the expected size.  0, or -1 with @why. */
int file_read_all(int fd, size_t hint, size_t max, char **out, size_t *len, char *why, size_t n);
/* A stdio stream on @path, opened as file_open_regular() does, or on
 * standard input (@is_stdin; *size is then -1).  NULL with @why. */
FILE *file_open_stream(const char *path, bool is_stdin, off_t *size, char *why, size_t n);
void file_close_stream(FILE *f);

/* ---- names.c: object names to indices, in constant time -------------- */

struct name_index {
	uint32_t *slot; /* object index + 1, 0: empty; open addressing */
	uint32_t cap;	/* a power of two, at least twice the objects */
	uint32_t n;	/* objects indexed: the first n of the loader's */
};

/* ---- the loader ------------------------------------------------------ */

struct trace_data {
	uint32_t *page;	  /* malloc'd, or a u32 file mapped (mapped bytes) */
	uint32_t *object; /* NULL: every access is the op's object */
	uint32_t n;
	size_t mapped; /* page is a read-only mapping of this many bytes; 0: malloc'd */
};

struct owned { /* every allocation a scenario keeps */
	void **p;
	size_t n, cap;
	struct owned_map { /* files mapped in place (u32 traces) */
		void *p;
		size_t len;
	} * maps;
	size_t nr_maps;
};

struct loader {
	const char *name; /* file name in diagnostics */
	const char *dir;  /* directory for trace paths, or NULL */
	const char *buf;  /* NUL-terminated text */
	size_t len;
	const cJSON *root;
	struct locate loc;
	struct diag_list *d;
	unsigned nerr;
	bool stop;     /* too many errors or out of memory */
	bool quiet;    /* pass 2: no diagnostics */
	bool auto_obj; /* scenario_from_trace: the trace makes its objects */
	struct owned *own;

	/* objects */
	struct object_spec *obj;
	bool *obj_bad; /* declared, but something about it is wrong */
	uint32_t nr_obj;
	uint32_t obj_cap;    /* room in obj and obj_bad */
	uint32_t first_made; /* with made_any: objects made by a trace's maps (maps.c), */
	bool made_any;	     /* from this index on; they grow as the trace is read */
	bool objects_failed; /* "objects" unusable: do not report unknown names */
	struct name_index names;
	bool schema; /* the file is a JSON Schema, not a scenario */

	/* operations */
	struct wl_op *ops; /* NULL in pass 1: only count */
	size_t nr_ops;	   /* emitted so far */
	size_t ops_cap;	   /* pass 2: the size pass 1 counted */
	bool ops_overflow;

	/* captions: added in pass 1, handed out in order in pass 2 */
	char **captions;
	uint32_t nr_captions, captions_cap, caption_next;

	/* trace files: read in pass 1, handed out in order in pass 2 */
	struct trace_data *traces;
	uint32_t nr_traces, traces_cap, trace_next;
	uint64_t trace_accesses;	  /* over every trace read so far */
	uint64_t trace_bytes;		  /* what they hold */
	uint64_t engine_bytes;		  /* budget_engine_bytes() of memory and objects */
	const struct memory_spec *memory; /* the zone, once read */
	uint64_t steps;			  /* workload steps of the operations emitted */
	uint64_t memory_pages;		  /* auto_obj: the zone, for the budget while reading */
};

/* diag.c */
void lerr(struct loader *L, const cJSON *node, bool at_key, const char *path, const char *fmt, ...)
	SC_PRINTF(5, 6);
void lerr_file(struct loader *L, const char *file, int line, int col, const char *path, const char *fmt, ...)
	SC_PRINTF(6, 7);
int diag_push(struct diag_list *d, const char *file, int line, int col, const char *path, const char *fmt,
	      va_list ap) SC_PRINTF(6, 0);
void path_fmt(char *dst, size_t n, const char *fmt, ...) SC_PRINTF(3, 4);
/* A note (not an error, not counted) at @node: where something was named. */
void lnote(struct loader *L, const cJSON *node, const char *path, const char *fmt, ...) SC_PRINTF(4, 5);

/* load.c: memory the scenario keeps */
void *own_alloc(struct loader *L, size_t size);
char *own_strdup(struct loader *L, const char *s);
int own_add(struct loader *L, void *p);
int own_map(struct loader *L, void *p, size_t len);
void owned_free(struct owned *o);
void out_of_memory(struct loader *L);

/* names.c: the object called @name (of the first L->nr_obj), or -1 */
int names_find(struct loader *L, const char *name);
void names_free(struct name_index *x);

/* schema.c: typed access to JSON values, with diagnostics */
const cJSON *jget(const cJSON *obj, const char *key);
bool check_keys(struct loader *L, const cJSON *obj, const char *path, const char *const *keys);
bool want_object(struct loader *L, const cJSON *v, const char *path);
bool want_array(struct loader *L, const cJSON *v, const char *path);
int get_uint(struct loader *L, const cJSON *v, const char *path, uint64_t min, uint64_t max, uint64_t *out);
int get_bool(struct loader *L, const cJSON *v, const char *path, bool *out);
int get_string(struct loader *L, const cJSON *v, const char *path, const char **out);
int get_choice(struct loader *L, const cJSON *v, const char *path, const char *const *choices, int *out);
void describe(struct loader *L, const cJSON *v, char *buf, size_t n);
void missing_key(struct loader *L, const cJSON *obj, const char *path, const char *key);
int find_object(struct loader *L, const cJSON *v, const char *path, uint32_t *out);
int load_top(struct loader *L, struct scenario *s);

extern const char *const top_keys[];
extern const char *const memory_keys[];
extern const char *const watermark_keys[];
extern const char *const object_keys[];
extern const char *const expect_keys[];

/* range.c: page ranges */
struct prange {
	uint32_t first, count;
};
struct prange_list {
	struct prange *v;
	size_t n, cap;
};
/* Parses @v (integer, "0-63,80", "all"; NULL means "all") against object
 * @obj.  Adjacent pieces are merged.  Returns 0, or -1 with a diagnostic. */
int range_parse(struct loader *L, const cJSON *v, const char *path, uint32_t obj, struct prange_list *out);
/* The text-only part: 0, or one of enum range_error with bad[] set to the
 * offending page (past end) or the piece's ends (backwards). */
enum range_error { RANGE_SYNTAX = -1, RANGE_PAST_END = -2, RANGE_BACKWARDS = -3, RANGE_NOMEM = -4 };
int range_parse_text(const char *s, uint32_t limit, struct prange_list *out, uint64_t bad[2]);
void prange_list_free(struct prange_list *r);

/* ops.c */
extern const char *const op_names[];
const char *const *op_keys(int op);
int load_workload(struct loader *L, const cJSON *arr);

/* trace.c: reads a trace file for a "trace" operation */
enum trace_format { TRACE_TXT, TRACE_U32, TRACE_LACKEY, TRACE_PERF };
/* A trace's /proc/PID/maps (maps.c), for lackey and perf: a file named
 * at @node (NULL: on the command line), or @len bytes at @buf. */
struct trace_maps {
	const char *file; /* as named; relative to the scenario's directory */
	const cJSON *node;
	const char *buf;
	size_t len;
};
/* @maps: NULL, or the maps that give each address its object. */
int trace_read(struct loader *L, const cJSON *file_node, const char *path, const char *file,
	       enum trace_format fmt, uint32_t obj, uint8_t via, const struct trace_maps *maps,
	       struct trace_data *out);
/* A trace named on the command line: @file, or standard input for "-". */
int trace_read_arg(struct loader *L, const char *file, enum trace_format fmt, uint32_t obj, uint8_t via,
		   const struct trace_maps *maps, struct trace_data *out);
/* The same from memory; @name is the file name in diagnostics. */
int trace_read_buffer(struct loader *L, const char *name, const char *buf, size_t len, enum trace_format fmt,
		      uint32_t obj, uint8_t via, const struct trace_maps *maps, struct trace_data *out);
/* A new file object of 0 pages (L->obj grows to SCENARIO_MAX_OBJECTS if
 * it has no room); its index, or -1 with a message at file:line:col. */
int trace_auto_object(struct loader *L, const char *file, int line, int col, const char *name);

/* budget.c: what a scenario will cost this machine, checked before the big
 * allocations (SCENARIO_MAX_BYTES, and the physical memory) */
uint64_t budget_engine_bytes(const struct memory_spec *m, const struct object_spec *obj, uint32_t nr_obj);
/* 0, or -1 with a message at @node/@path saying the estimate and the limit. */
int budget_check(struct loader *L, const cJSON *node, const char *path, uint64_t engine_bytes,
		 uint64_t nr_ops, uint64_t trace_bytes);
/* The same at a line of a trace file, while it is read. */
int budget_check_at(struct loader *L, const char *file, int line, int col, const char *path,
		    uint64_t engine_bytes, uint64_t trace_bytes);
/* Is that estimate over a limit?  Cheap enough for every access. */
bool budget_over(uint64_t engine_bytes, uint64_t nr_ops, uint64_t trace_bytes);

/* expect.c */
int load_expect(struct loader *L, const cJSON *arr, struct scenario *s);
/* A policy name @x names (string, one of `vmscan-viz policies`); false with a diagnostic. */
bool check_policy(struct loader *L, const cJSON *x, const char *path);

/* bookmarks.c */
int load_bookmarks(struct loader *L, const cJSON *arr, struct scenario *s);
extern const char *const bookmark_keys[];
/* Parses "SUBJECT CMP NUMBER" into @e (not text/policy); -1 with @why. */
int expect_parse_check(const char *text, const struct object_spec *obj, uint32_t nr_obj,
		       struct expectation *e, char *why, size_t n);

/* maps.c: /proc/PID/maps, the objects of a lackey or perf trace's addresses */
enum maps_kind { MAPS_FILE, MAPS_HEAP, MAPS_STACK, MAPS_ANON };
struct maps_entry {
	uint64_t start, end, offset;
	char *path; /* MAPS_FILE only */
	int line;
	uint8_t kind; /* enum maps_kind */
	bool exec;
	uint32_t obj; /* UINT32_MAX until an access falls in the mapping */
};
struct maps {
	struct maps_entry *v; /* sorted by start, none overlapping */
	size_t n, cap;
	const char *file, *path; /* for diagnostics */
};
/* Reads @f, the maps file @file (@path: the operation's key path); 0, or
 * -1 with a message at the line and column that is wrong. */
int maps_parse(struct loader *L, const char *file, const char *path, FILE *f, struct maps *m);
void maps_free(struct maps *m);
/* The mapping that holds @addr, or NULL. */
struct maps_entry *maps_find(struct maps *m, uint64_t addr);
/* The object of mapping @e (NULL: an address in no mapping), made the
 * first time; -1 with a message. */
int maps_object(struct loader *L, struct maps *m, struct maps_entry *e);

/* load.c */
int scenario_parse_text(const char *name, const char *dir, const char *buf, size_t len, struct scenario *out,
			struct diag_list *d);

#endif
