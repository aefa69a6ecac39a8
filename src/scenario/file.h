/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/file.h - opening the files a scenario is read from: regular
 * files only, and standard input (file.c)
 */
#ifndef VMSCAN_SCENARIO_FILE_H
#define VMSCAN_SCENARIO_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

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

#endif
