/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * util/text.h - untrusted text, made safe to show
 *
 * A scenario's title, its object names, its captions and the file names it
 * gives are written by someone else, and a terminal acts on some of what a
 * string can hold: ESC starts a sequence that can retitle the window, move
 * the cursor or (on some terminals) answer back; C1 controls such as U+009B
 * do the same without ESC; bidi overrides reorder what is shown.  Text
 * output therefore writes every such character as a visible escape, the
 * way `quote` shows a value in an error message:
 *
 *	"Mon\x1b]0;pwned\x07day"	ESC and BEL of a window-title sequence
 *	"abc\u202edef"			a right-to-left override
 *	"\xff"				a byte that is not UTF-8
 *
 * JSON output escapes the same characters with \uXXXX (jsonw.c), which
 * keeps the value and the validity of the document.
 */
#ifndef VMSCAN_TEXT_H
#define VMSCAN_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The length (1 to 4) of the well-formed UTF-8 sequence at @s, at most @n
 * bytes long, with its code point in *cp; 0 when it is not well formed
 * (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF
 * or cut short). */
size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);

/* Is @cp acted on by a terminal or a text renderer rather than shown: a
 * C0 control, DEL, a C1 control, a bidi embedding, override, isolate or
 * mark, a line or paragraph separator, or a byte order mark? */
bool text_is_control(uint32_t cp);

/* Writes @s to @f with each text_is_control() character and each byte
 * that is not UTF-8 as a visible escape (\t, \n, \r, \xNN, \uXXXX), then
 * spaces up to @width bytes.  Returns the bytes written. */
size_t text_print(FILE *f, const char *s, int width);

/* The same into @buf (always terminated; cut short with "..." when it
 * does not fit).  Returns @buf. */
const char *text_safe(const char *s, char *buf, size_t n);

/* @s as a message shows a value: in double quotes, `"` and `\` escaped,
 * controls as above, and at most 40 characters followed by "..." when
 * longer.  @n should be at least 96. */
void text_quote(const char *s, char *buf, size_t n);

#endif
