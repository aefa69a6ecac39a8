/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/lines.c - a text file cut into lines, a chunk at a time
 *
 * Text is read a chunk at a time and cut into lines in place: a byte
 * costs a compare, not a call (the txt parser reads hundreds of MB/s;
 * make bench measures it).  Only a line that a message must show, or that
 * a parser asks for as a string, is copied out, into the reader's own
 * buffer.  Lines end at LF, CRLF or a lone CR.  Left out: other encodings
 * (a line is bytes), lines longer than LINE_MAX_BYTES (cut and flagged).
 */
#include <stdlib.h>
#include <string.h>

#include "lines.h"

#define CHUNK_BYTES (1u << 20)

bool lines_open(struct line_reader *lr, FILE *f, uint64_t limit)
{
	memset(lr, 0, sizeof *lr);
	lr->f = f;
	lr->limit = limit;
	lr->nul = -1;
	lr->chunk = malloc(CHUNK_BYTES);
	lr->buf = malloc(LINE_MAX_BYTES + 1);
	return lr->chunk && lr->buf;
}

void lines_close(struct line_reader *lr)
{
	free(lr->chunk);
	free(lr->buf);
	lr->chunk = lr->buf = NULL;
}

/* Keeps the bytes not yet cut and reads more after them; at the end of
 * the file, lr->eof. */
static void refill(struct line_reader *lr)
{
	size_t have = lr->end - lr->pos, got;

	memmove(lr->chunk, lr->chunk + lr->pos, have);
	lr->pos = 0;
	got = fread(lr->chunk + have, 1, CHUNK_BYTES - have, lr->f);
	lr->end = have + got;
	if (got == 0)
		lr->eof = true;
}

/* The line read last as a string, in lr->buf. */
char *lines_text(struct line_reader *lr)
{
	if (lr->line != lr->buf) {
		memcpy(lr->buf, lr->line, lr->len);
		lr->buf[lr->len] = '\0';
		lr->line = lr->buf;
	}
	return lr->buf;
}

/* The next line, ending at LF, CRLF or a lone CR; false at the end (or
 * after lr->limit bytes, which only standard input can reach:
 * the caller asks lr->bytes).  A line with a NUL byte or too long is cut
 * there (lr->nul, lr->too_long): both are errors, and the rest of a
 * gigabyte without a line feed is not worth reading. */
bool lines_next(struct line_reader *lr)
{
	lr->len = 0;
	lr->nul = -1;
	lr->too_long = false;
	if (lr->bytes > lr->limit)
		return false;
	for (;;) {
		const char *p = lr->chunk + lr->pos;
		size_t avail = lr->end - lr->pos,
		       lim = avail < LINE_MAX_BYTES + 1 ? avail : LINE_MAX_BYTES + 1;
		size_t i = 0, used;
		char c = 0;

		while (i < lim && ((c = p[i]) > '\r' || (c != '\n' && c != '\r' && c != '\0')))
			i++;
		if (i < lim && c == '\r' && i + 1 == avail && !lr->eof) {
			refill(lr); /* is the next byte a LF? */
			continue;
		}
		if (i < lim) {
			used = i + 1; /* the line and its end */
			if (c == '\r' && i + 1 < avail && p[i + 1] == '\n')
				used++;
			if (c == '\0') {
				lr->nul = (long)i;
				i++; /* the NUL is part of what is shown */
			}
		} else if (lim == LINE_MAX_BYTES + 1) {
			lr->too_long = true;
			i = LINE_MAX_BYTES;
			used = lim;
		} else if (!lr->eof) {
			refill(lr);
			continue;
		} else if (avail == 0) {
			return false;
		} else {
			i = used = avail; /* the last line, without an end */
		}
		lr->line = p;
		lr->len = i;
		if (lr->nul >= 0 || lr->too_long)
			lines_text(lr); /* for the message */
		lr->pos += used;
		lr->bytes += used;
		lr->ln++;
		return true;
	}
}

int lines_col(const char *line, const char *at)
{
	int col = 1;

	for (const char *p = line; p < at; p++)
		if (((unsigned char)*p & 0xC0) != 0x80)
			col++;
	return col;
}
