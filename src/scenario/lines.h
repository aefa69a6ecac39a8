/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/lines.h - a text file cut into lines, a chunk at a time (lines.c)
 *
 * A line ends at LF, CRLF or a lone CR.  A line with a NUL byte, or
 * longer than LINE_MAX_BYTES, is cut there and flagged: for the reader of
 * each format, both are errors.  Each reader owns its buffers (the
 * chunk, and the copy of a line made a string): two readers never share
 * anything, so a trace can be read while another is.
 *
 *	struct line_reader lr;
 *	if (!lines_open(&lr, f, limit))
 *		... out of memory ...
 *	while (lines_next(&lr))
 *		... lr.line, lr.len (or lines_text(&lr)), lr.ln ...
 *	lines_close(&lr);
 *
 * The txt reader's fast path reads the chunk itself (chunk, pos, end) and
 * moves pos, ln and bytes past the lines it took.
 */
#ifndef VMSCAN_SCENARIO_LINES_H
#define VMSCAN_SCENARIO_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LINE_MAX_BYTES 4096

struct line_reader {
	FILE *f;
	char *chunk;	 /* up to CHUNK_BYTES of the file */
	size_t pos, end; /* its bytes not yet cut into lines */
	bool eof;
	const char *line; /* the line, where it was read: len bytes, valid until the next */
	char *buf;	  /* LINE_MAX_BYTES + 1: the line, NUL-terminated, once lines_text() asked */
	size_t len;
	int ln;
	uint64_t bytes; /* read so far */
	uint64_t limit; /* lines_next() stops once bytes passed it (standard input has no size) */
	long nul;	/* offset of the first NUL byte in the line, or -1 */
	bool too_long;	/* longer than LINE_MAX_BYTES */
};

/* Starts reading @f, to stop after @limit bytes; false when out of memory
 * (then lines_close() is still right). */
bool lines_open(struct line_reader *lr, FILE *f, uint64_t limit);
void lines_close(struct line_reader *lr);
/* The next line; false at the end of the file, or past the limit (the
 * caller asks lr->bytes). */
bool lines_next(struct line_reader *lr);
/* The line read last as a string, in lr->buf. */
char *lines_text(struct line_reader *lr);
/* The column of @at in @line, counting characters (UTF-8 sequences one). */
int lines_col(const char *line, const char *at);

#endif
