/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/file.c - opening the files a scenario is read from: regular
 * files only, and standard input when the command line says "-"
 *
 * A FIFO blocks open() until a writer comes, /dev/zero never ends and a
 * directory cannot be read, so every file is opened with O_NONBLOCK (an
 * open that cannot block) and refused unless fstat() on that descriptor
 * says it is a regular file: checked on what was opened, not on the name,
 * so a file swapped in between cannot slip through.  Standard input is
 * the one exception, for the command line's "-": whatever it is (a pipe,
 * a file, a terminal) it is read to its end, up to the caller's limit.
 * Left out: compressed files, reading from a URL.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"

static const char *kind_of(mode_t m)
{
	if (S_ISDIR(m))
		return "is a directory";
	if (S_ISFIFO(m))
		return "is a FIFO (a named pipe), not a regular file";
	if (S_ISCHR(m))
		return "is a character device, not a regular file";
	if (S_ISBLK(m))
		return "is a block device, not a regular file";
	if (S_ISSOCK(m))
		return "is a socket, not a regular file";
	return "is not a regular file";
}

int file_open_regular(const char *path, off_t *size, char *why, size_t n)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd < 0) {
		int err = errno;
		/* a socket cannot be opened at all: say what it is */
		if (err == ENXIO && stat(path, &st) == 0)
			snprintf(why, n, "%s", kind_of(st.st_mode));
		else
			snprintf(why, n, "%s", strerror(err));
		return -1;
	}
	if (fstat(fd, &st) < 0) {
		snprintf(why, n, "%s", strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, n, "%s", kind_of(st.st_mode));
		close(fd);
		return -1;
	}
	*size = st.st_size;
	return fd;
}

void file_hint_stdin(char *why, size_t n)
{
	size_t k = strlen(why);

	if (strncmp(why, "is a FIFO", 9) == 0 && k < n)
		snprintf(why + k, n - k, "; to read a pipe, give - for standard input");
}

int file_read_all(int fd, size_t hint, size_t max, char **out, size_t *len, char *why, size_t n)
{
	size_t cap = (hint < max ? hint : max) + 2, got = 0;
	char *buf = malloc(cap);

	*out = NULL;
	*len = 0;
	if (!buf) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	for (;;) {
		ssize_t k;
		if (got + 1 >= cap) {
			/* grown since fstat, or not a regular file */
			size_t ncap = cap * 2 > max + 2 ? max + 2 : cap * 2;
			char *nb;
			if (ncap <= cap)
				break; /* at the limit: got is over it */
			if (!(nb = realloc(buf, ncap))) {
				snprintf(why, n, "out of memory");
				free(buf);
				return -1;
			}
			buf = nb;
			cap = ncap;
		}
		k = read(fd, buf + got, cap - 1 - got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			/* standard input left non-blocking by whoever made it */
			struct pollfd p = { .fd = fd, .events = POLLIN };
			poll(&p, 1, -1);
			continue;
		}
		if (k < 0) {
			snprintf(why, n, "%s", strerror(errno));
			free(buf);
			return -1;
		}
		if (k == 0)
			break;
		got += (size_t)k;
		if (got > max)
			break;
	}
	buf[got] = '\0';
	*out = buf;
	*len = got;
	return 0;
}

FILE *file_open_stream(const char *path, bool is_stdin, off_t *size, char *why, size_t n)
{
	FILE *f;
	int fd;

	if (is_stdin) {
		struct stat st;
		int fl = fcntl(STDIN_FILENO, F_GETFL);
		if (fstat(STDIN_FILENO, &st) < 0) {
			snprintf(why, n, "%s", strerror(errno));
			return NULL;
		}
		if (S_ISDIR(st.st_mode)) {
			snprintf(why, n, "%s", kind_of(st.st_mode));
			return NULL;
		}
		/* stdio reads on: a non-blocking pipe would look like an error */
		if (fl >= 0 && (fl & O_NONBLOCK))
			fcntl(STDIN_FILENO, F_SETFL, fl & ~O_NONBLOCK);
		*size = -1;
		return stdin;
	}
	if ((fd = file_open_regular(path, size, why, n)) < 0)
		return NULL;
	if (!(f = fdopen(fd, "rb"))) {
		snprintf(why, n, "%s", strerror(errno));
		close(fd);
	}
	return f;
}

void file_close_stream(FILE *f)
{
	if (f && f != stdin)
		fclose(f);
}
