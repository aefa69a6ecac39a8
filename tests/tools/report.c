/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/tools/report.c - the real program data/real-program.json replays
 *
 * A small report generator with the memory of a database client: it maps
 * a log of orders (DIR/orders.dat, larger than the simulated memory) and
 * reads it once from start to end, a chunk at a time; after each chunk it
 * answers a burst of queries by binary search in a sorted index it also
 * maps (DIR/customers.idx), and keeps its totals in a table on the heap.
 * So its memory holds each kind the kernel treats apart: code (its own and
 * libc's, mapped executable), a file mapped and read once (the log), a
 * file mapped and used again in bursts (the index), and anonymous memory
 * (the heap table, the stack).
 *
 * Usage: report DIR MAPS: before it exits it copies /proc/self/maps to
 * MAPS, so the recording (tests/tools/record-real-program.sh, under
 * valgrind's lackey) knows which mapping every address belongs to.
 * It prints one line: the totals' checksum.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define PAGE	     4096u
#define CHUNK_PAGES  64u   /* the log is read this much at a time */
#define QUERIES	     96u   /* queries answered after each chunk */
#define RECORD_WORDS 64u   /* an order is 64 words (512 bytes): 8 a page */
#define TOTALS	     8192u /* heap table: 8192 x 8 bytes, 16 pages */

static const uint64_t *map_file(const char *dir, const char *name, size_t *words)
{
	char path[4096];
	struct stat st;
	void *p;
	int fd;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st) < 0 || st.st_size < (off_t)PAGE) {
		perror(path);
		exit(1);
	}
	p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		perror(path);
		exit(1);
	}
	close(fd);
	*words = (size_t)st.st_size / sizeof(uint64_t);
	return p;
}

/* The position of @key in the sorted @index of @n keys (or where it would go). */
static size_t find(const uint64_t *index, size_t n, uint64_t key)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (index[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void copy_maps(const char *to)
{
	FILE *in = fopen("/proc/self/maps", "r"), *out = fopen(to, "w");
	int c;

	if (!in || !out) {
		perror(to);
		exit(1);
	}
	while ((c = getc(in)) != EOF)
		putc(c, out);
	fclose(in);
	if (fclose(out) != 0) {
		perror(to);
		exit(1);
	}
}

int main(int argc, char **argv)
{
	size_t nlog, nidx;
	const uint64_t *orders, *index;
	uint64_t *totals, sum = 0, seed = 1;

	if (argc != 3) {
		fprintf(stderr, "usage: report DIR MAPS\n");
		return 2;
	}
	orders = map_file(argv[1], "orders.dat", &nlog);
	index = map_file(argv[1], "customers.idx", &nidx);
	totals = calloc(TOTALS, sizeof *totals);
	if (!totals)
		return 1;
	for (size_t at = 0; at < nlog; at += CHUNK_PAGES * PAGE / sizeof(uint64_t)) {
		size_t end = at + CHUNK_PAGES * PAGE / sizeof(uint64_t);
		/* the chunk: each order's customer and amount */
		for (size_t r = at; r < end && r + 1 < nlog; r += RECORD_WORDS)
			totals[orders[r] % TOTALS] += orders[r + 1];
		/* the burst of queries: which customers exist, by binary search */
		for (unsigned q = 0; q < QUERIES; q++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			size_t i = find(index, nidx, seed >> 16);
			sum += i < nidx ? totals[index[i] % TOTALS] : 0;
		}
	}
	copy_maps(argv[2]);
	for (unsigned i = 0; i < TOTALS; i++)
		sum += totals[i];
	printf("%llu\n", (unsigned long long)sum);
	return 0;
}
