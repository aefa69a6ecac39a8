/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * guest/vmscan-viz-replay.c - replays an op file (cli/real_ops.h) on the
 * real kernel it runs on, inside a cgroup v2 the size of the scenario's
 * zone, and prints what happened: per object, the pages resident, faulted,
 * refaulted and evicted; the cgroup's memory.stat; /proc/vmstat's change;
 * lru_gen at the pause points; a timeline every N accesses.
 *
 * Built static (gcc -static) for the initramfs `vmscan-viz real` boots;
 * never run on the host.  Every line it prints for the host starts "vv ".
 *
 *	vmscan-viz-replay OPS LRU_GEN(y|n) EVERY MEMORY_PAGES [FLUSH(0|1)]
 *
 * A fault is an access that finds its page out of memory, a refault one
 * whose page was accessed before: read with mincore() before each access,
 * on a second mapping of each file that nothing touches (its own ptes are
 * never young, and it maps nothing in), or on an anonymous region itself.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "../cli/real_ops.h"

#define PAGE 4096ul
#define CG   "/sys/fs/cgroup/vv"

struct mapping {
	unsigned char *addr;
	uint32_t first, count;
	bool in_use;
};

struct obj_state {
	int fd;
	unsigned char *observer; /* files: PROT_READ, never touched */
	struct mapping map[REAL_MAX_MAPPINGS];
	uint8_t *seen; /* per page: 1 accessed, 2 dropped since */
	uint64_t faults, refaults;
};

static struct real_ops ops;
static struct obj_state *st;
static unsigned char *vec; /* mincore()'s answer, the largest object's pages */
static unsigned char iobuf[PAGE];
static char outbuf[1 << 16];

static _Noreturn void die(const char *what)
{
	printf("vv error %s: %s\n", what, strerror(errno));
	fflush(stdout);
	exit(1);
}

/* A setting the measurements depend on; a failure is reported, the run goes on. */
static void put(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0 || write(fd, value, strlen(value)) < 0)
		printf("vv warn %s: %s\n", path, strerror(errno));
	if (fd >= 0)
		close(fd);
}

static void put_num(const char *path, unsigned long v)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%lu", v);
	put(path, buf);
}

/* Prints every line of @path, each after @prefix. */
static void print_file(const char *path, const char *prefix)
{
	char line[512];
	FILE *f = fopen(path, "r");

	if (!f) {
		printf("vv warn %s: %s\n", path, strerror(errno));
		return;
	}
	while (fgets(line, sizeof line, f))
		printf("%s%s", prefix, line);
	fclose(f);
}

/* /proc/vmstat's values, in file order (the kernel's), into @v. */
#define MAX_VMSTAT 256
static char vm_name[MAX_VMSTAT][48];
static unsigned long long vm_before[MAX_VMSTAT];
static int read_vmstat(unsigned long long *v)
{
	char name[48];
	unsigned long long x;
	int n = 0;
	FILE *f = fopen("/proc/vmstat", "r");

	if (!f)
		die("/proc/vmstat");
	while (n < MAX_VMSTAT && fscanf(f, "%47s %llu", name, &x) == 2) {
		memcpy(vm_name[n], name, sizeof name);
		v[n++] = x;
	}
	fclose(f);
	return n;
}

/* The mapping of @o that covers @page; without one, a mapping of the
 * whole object in a free slot, as the engine's find_vma() makes. */
static struct mapping *covering(uint32_t o, uint32_t page)
{
	struct obj_state *s = &st[o];
	unsigned free_slot = REAL_MAX_MAPPINGS, as;

	for (as = 0; as < REAL_MAX_MAPPINGS; as++) {
		struct mapping *m = &s->map[as];
		if (m->in_use && page >= m->first && page - m->first < m->count)
			return m;
		if (!m->in_use && free_slot == REAL_MAX_MAPPINGS)
			free_slot = as;
	}
	return NULL;
}

static void do_map(unsigned as, uint32_t o, uint32_t first, uint32_t count, unsigned flags)
{
	struct obj_state *s = &st[o];
	struct mapping *m = &s->map[as];
	int prot = PROT_READ | PROT_WRITE | ((flags & 1) ? PROT_EXEC : 0);
	void *a;

	if (m->in_use)
		munmap(m->addr, m->count * PAGE);
	if (ops.objects[o].anon)
		a = mmap(NULL, count * PAGE, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	else
		a = mmap(NULL, count * PAGE, prot, MAP_SHARED, s->fd, (off_t)first * (off_t)PAGE);
	if (a == MAP_FAILED)
		die("mmap");
	if ((flags & 2) && madvise(a, count * PAGE, MADV_SEQUENTIAL) < 0)
		die("madvise");
	*m = (struct mapping){ a, first, count, true };
}

static struct mapping *find_or_map(uint32_t o, uint32_t page)
{
	struct mapping *m = covering(o, page);
	unsigned as;

	if (m)
		return m;
	for (as = 0; as < REAL_MAX_MAPPINGS && st[o].map[as].in_use; as++)
		;
	if (as == REAL_MAX_MAPPINGS)
		as = 0;
	do_map(as, o, 0, ops.objects[o].pages, ops.objects[o].exec);
	return &st[o].map[as];
}

static bool resident(uint32_t o, uint32_t page)
{
	unsigned char v = 0;
	const struct mapping *m;
	unsigned char *addr;

	if (!ops.objects[o].anon) {
		addr = st[o].observer + page * PAGE;
	} else {
		m = covering(o, page);
		if (!m)
			return false;
		addr = m->addr + (page - m->first) * PAGE;
	}
	if (mincore(addr, PAGE, &v) < 0)
		die("mincore");
	return v & 1;
}

/* Before an access of @page: was it out of memory, and had it been used? */
static void count_fault(uint32_t o, uint32_t page)
{
	struct obj_state *s = &st[o];

	if (!s->seen) /* the reader keeps objects in range; the analyser cannot see it */
		return;
	if (!resident(o, page)) {
		s->faults++;
		if (s->seen[page] == 1)
			s->refaults++;
	}
	s->seen[page] = 1;
}

static void touch(uint32_t o, uint32_t page, bool write)
{
	struct mapping *m = find_or_map(o, page);
	volatile unsigned char *p = m->addr + (page - m->first) * PAGE;
	/* a heap is written before it is read: the first access of an
	 * anonymous page allocates it, where a read would map the zero page */
	bool first_anon = ops.objects[o].anon && st[o].seen[page] != 1;

	count_fault(o, page);
	if (write || first_anon)
		*p = (unsigned char)(*p + 1);
	else
		(void)*p;
}

static void rw(uint32_t o, uint32_t page, bool write)
{
	ssize_t n;

	if (ops.objects[o].anon) {
		touch(o, page, write);
		return;
	}
	count_fault(o, page);
	if (write)
		n = pwrite(st[o].fd, iobuf, PAGE, (off_t)page * (off_t)PAGE);
	else
		n = pread(st[o].fd, iobuf, PAGE, (off_t)page * (off_t)PAGE);
	if (n != (ssize_t)PAGE)
		die(write ? "pwrite" : "pread");
}

static void do_mlock(unsigned as, uint32_t o, uint32_t page)
{
	struct mapping *m = &st[o].map[as];

	if (!m->in_use || page < m->first || page - m->first >= m->count)
		m = find_or_map(o, page);
	count_fault(o, page);
	if (mlock(m->addr + (page - m->first) * PAGE, PAGE) < 0)
		die("mlock");
}

/* The pages of [first, first + count) given up: anonymous memory unmapped
 * (MADV_DONTNEED), a file's clean pages dropped (POSIX_FADV_DONTNEED).  A
 * later access of one is a fault, not a refault. */
static void drop(uint32_t o, uint32_t first, uint32_t count)
{
	struct obj_state *s = &st[o];

	if (ops.objects[o].anon) {
		for (unsigned as = 0; as < REAL_MAX_MAPPINGS; as++) {
			const struct mapping *m = &s->map[as];
			uint32_t lo = first > m->first ? first : m->first;
			uint32_t hi =
				first + count < m->first + m->count ? first + count : m->first + m->count;
			if (m->in_use && lo < hi)
				madvise(m->addr + (lo - m->first) * PAGE, (hi - lo) * PAGE, MADV_DONTNEED);
		}
	} else {
		posix_fadvise(s->fd, (off_t)first * (off_t)PAGE, (off_t)count * (off_t)PAGE,
			      POSIX_FADV_DONTNEED);
	}
	for (uint32_t i = first; s->seen && i < first + count; i++)
		if (s->seen[i])
			s->seen[i] = 2;
}

static uint32_t nr_resident(uint32_t o)
{
	uint32_t n = 0, pages = ops.objects[o].pages;

	if (!ops.objects[o].anon) {
		if (mincore(st[o].observer, pages * PAGE, vec) < 0)
			die("mincore");
		for (uint32_t i = 0; i < pages; i++)
			n += vec[i] & 1;
		return n;
	}
	for (uint32_t i = 0; i < pages; i++)
		n += resident(o, i);
	return n;
}

/* The youngest generation's seq of the run's cgroups (debugfs lru_gen):
 * how many agings have run; 0 with lru_gen off. */
static unsigned long max_seq(void)
{
	char line[256];
	unsigned long seq, most = 0;
	bool ours = false;
	FILE *f = fopen("/sys/kernel/debug/lru_gen", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof line, f)) {
		if (strncmp(line, "memcg", 5) == 0)
			ours = strstr(line, " /vv") != NULL;
		else if (ours && line[0] == ' ' && !strstr(line, "node") && sscanf(line, "%lu", &seq) == 1 &&
			 seq > most)
			most = seq;
	}
	fclose(f);
	return most;
}

/* One line of the timeline: the accesses so far, lru_gen's max_seq, then
 * per object its resident pages and refaults. */
static void sample(uint64_t accesses, bool lru_gen)
{
	printf("vv t %llu %lu", (unsigned long long)accesses, lru_gen ? max_seq() : 0ul);
	for (uint32_t o = 0; o < ops.nr_objects; o++)
		printf(" %u %llu", nr_resident(o), (unsigned long long)st[o].refaults);
	printf("\n");
}

/* lru_gen's generations of the cgroups of the run (debugfs, 6.1
 * mm/vmscan.c lru_gen_seq_show()): the blocks whose memcg path is under
 * /vv, each line after "vv gen N ". */
static void print_lru_gen(uint32_t pause)
{
	char line[512];
	bool ours = false;
	FILE *f = fopen("/sys/kernel/debug/lru_gen", "r");

	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		if (strncmp(line, "memcg", 5) == 0)
			ours = strstr(line, " /vv") != NULL;
		if (ours)
			printf("vv gen %u %s", pause, line);
	}
	fclose(f);
}

static void enter(uint32_t k)
{
	char path[128];

	if (ops.nr_cgroups == 0)
		snprintf(path, sizeof path, CG "/cgroup.procs");
	else if (k == 0)
		snprintf(path, sizeof path, CG "/zone/cgroup.procs");
	else
		snprintf(path, sizeof path, CG "/c%u/cgroup.procs", k);
	put_num(path, (unsigned long)getpid());
}

static void make_cgroups(uint32_t memory)
{
	char path[128];

	put("/sys/fs/cgroup/cgroup.subtree_control", "+memory");
	if (mkdir(CG, 0755) < 0 && errno != EEXIST)
		die(CG);
	put_num(CG "/memory.max", memory * PAGE);
	if (!ops.nr_cgroups)
		return;
	put(CG "/cgroup.subtree_control", "+memory");
	if (mkdir(CG "/zone", 0755) < 0)
		die(CG "/zone");
	for (uint32_t k = 1; k <= ops.nr_cgroups; k++) {
		snprintf(path, sizeof path, CG "/c%u", k);
		if (mkdir(path, 0755) < 0)
			die(path);
		snprintf(path, sizeof path, CG "/c%u/memory.max", k);
		put_num(path, ops.cgroup[k].limit * PAGE);
	}
}

static char *slurp(const char *path, size_t *len)
{
	struct stat sb;
	char *buf;
	int fd = open(path, O_RDONLY);

	if (fd < 0 || fstat(fd, &sb) < 0)
		die(path);
	buf = malloc((size_t)sb.st_size + 1);
	if (!buf || read(fd, buf, (size_t)sb.st_size) != sb.st_size)
		die(path);
	close(fd);
	*len = (size_t)sb.st_size;
	return buf;
}

/* The kernel's settings the figures depend on (README, "Is it real?"). */
static void settings(const char *lru_gen)
{
	put("/sys/block/vda/queue/read_ahead_kb", "0");
	put("/sys/kernel/debug/fault_around_bytes", "4096");
	put("/sys/kernel/mm/transparent_hugepage/enabled", "never");
	put("/proc/sys/kernel/numa_balancing", "0");
	put("/proc/sys/vm/page-cluster", "0");
	put_num("/proc/sys/vm/swappiness", ops.swappiness);
	put("/sys/kernel/mm/lru_gen/enabled", lru_gen);
}

/* The replayer's own state, written so that its pages are in memory. */
static void alloc_state(void)
{
	uint32_t most = 1;

	st = calloc(ops.nr_objects, sizeof *st);
	if (!st)
		die("memory");
	for (uint32_t o = 0; o < ops.nr_objects; o++) {
		const struct real_object *ob = &ops.objects[o];
		st[o].fd = -1;
		st[o].seen = malloc(ob->pages);
		if (!st[o].seen)
			die("memory");
		/* written, not calloc'd: its pages must be in memory now, before
		 * the task joins the cgroup */
		memset(st[o].seen, 0, ob->pages);
		if (ob->pages > most)
			most = ob->pages;
	}
	vec = malloc(most);
	if (!vec)
		die("memory");
	memset(vec, 1, most);
	memset(iobuf, 'v', sizeof iobuf);
}

/* Each file opened, and mapped a second time for mincore() alone. */
static void open_files(void)
{
	char path[64];

	for (uint32_t o = 0; o < ops.nr_objects; o++) {
		const struct real_object *ob = &ops.objects[o];
		if (ob->anon)
			continue;
		snprintf(path, sizeof path, "/mnt/o/%u", o);
		st[o].fd = open(path, O_RDWR);
		if (st[o].fd < 0)
			die(path);
		st[o].observer = mmap(NULL, ob->pages * PAGE, PROT_READ, MAP_SHARED, st[o].fd, 0);
		if (st[o].observer == MAP_FAILED)
			die("mmap");
	}
}

/* The task's whole TLB flushed, as a context switch to another mm would
 * (an experiment: VMSCAN_REAL_FLUSH): 40 ptes of the zero page made and
 * unmapped, more than x86 flushes one page at a time (6.1
 * arch/x86/mm/tlb.c:937 tlb_single_page_flush_ceiling, 33); nothing is
 * charged but a page table. */
#define FLUSH_PAGES 40
static void flush_tlb(void)
{
	volatile unsigned char *p =
		mmap(NULL, FLUSH_PAGES * PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if ((void *)p == MAP_FAILED)
		die("mmap");
	for (unsigned i = 0; i < FLUSH_PAGES; i++)
		(void)p[i * PAGE];
	munmap((void *)p, FLUSH_PAGES * PAGE);
}

static bool flush_each;

static void replay(uint64_t every, bool lru_gen)
{
	uint64_t accesses = 0;

	for (uint32_t i = 0; i < ops.nr_ops; i++) {
		const struct real_op *op = &ops.ops[i];
		if (flush_each && real_op_is_access(op->kind))
			flush_tlb();
		switch (op->kind) {
		case 'g': enter(op->a); break;
		case 'm': do_map(op->as, op->obj, op->a, op->b, op->flags); break;
		case 'u': {
			struct mapping *m = &st[op->obj].map[op->as];
			if (m->in_use)
				munmap(m->addr, m->count * PAGE);
			m->in_use = false;
			break;
		}
		case 'a': {
			const struct mapping *m = &st[op->obj].map[op->as];
			if (m->in_use)
				madvise(m->addr, m->count * PAGE, op->b ? MADV_SEQUENTIAL : MADV_NORMAL);
			break;
		}
		case 't': touch(op->obj, op->a, op->b); break;
		case 'r': rw(op->obj, op->a, false); break;
		case 'w': rw(op->obj, op->a, true); break;
		case 'd': break; /* refused by the host */
		case 'l': do_mlock(op->as, op->obj, op->a); break;
		case 'n': {
			const struct mapping *m = &st[op->obj].map[op->as];
			if (m->in_use)
				munlock(m->addr, m->count * PAGE);
			break;
		}
		case 'f': drop(op->obj, op->a, op->b); break;
		case 'p': print_lru_gen(op->a); break;
		default: break;
		}
		if (real_op_is_access(op->kind) && ++accesses % every == 0)
			sample(accesses, lru_gen);
	}
	if (accesses % every)
		sample(accesses, lru_gen);
}

static void report(int nr_vm)
{
	unsigned long long after[MAX_VMSTAT];
	char path[128], prefix[96];

	for (uint32_t o = 0; o < ops.nr_objects; o++) {
		uint32_t res = nr_resident(o), lost = 0;
		for (uint32_t i = 0; i < ops.objects[o].pages; i++)
			lost += st[o].seen[i] == 1 && !resident(o, i);
		printf("vv obj %u %u %llu %llu %llu\n", o, res, (unsigned long long)st[o].faults,
		       (unsigned long long)st[o].refaults, (unsigned long long)st[o].refaults + lost);
	}
	print_file(CG "/memory.stat", "vv memstat ");
	for (uint32_t k = 1; k <= ops.nr_cgroups; k++) {
		snprintf(path, sizeof path, CG "/c%u/memory.stat", k);
		snprintf(prefix, sizeof prefix, "vv cgstat %u ", k);
		print_file(path, prefix);
	}
	if (read_vmstat(after) == nr_vm)
		for (int i = 0; i < nr_vm; i++)
			printf("vv vmstat %s %lld\n", vm_name[i], (long long)(after[i] - vm_before[i]));
}

int main(int argc, char **argv)
{
	char err[256];
	size_t len;
	char *text;
	unsigned long every, memory;
	int nr_vm;

	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: vmscan-viz-replay OPS y|n EVERY MEMORY_PAGES [FLUSH]\n");
		return 2;
	}
	flush_each = argc == 6 && argv[5][0] == '1';
	setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
	text = slurp(argv[1], &len);
	if (real_ops_parse(text, len, &ops, err, sizeof err) < 0) {
		printf("vv error %s:%s\n", argv[1], err);
		return 1;
	}
	free(text);
	every = strtoul(argv[3], NULL, 10);
	memory = strtoul(argv[4], NULL, 10);
	if (!every)
		every = ~0ul;
	settings(argv[2]);
	alloc_state();
	make_cgroups(memory ? (uint32_t)memory : ops.memory);
	nr_vm = read_vmstat(vm_before);
	/* its own memory in place and locked before it joins the cgroup, out
	 * of the cgroup's count and out of reclaim's reach; the files mapped
	 * after, or the lock would read them all in */
	if (mlockall(MCL_CURRENT) < 0)
		printf("vv warn mlockall: %s\n", strerror(errno));
	open_files();
	{
		struct utsname u;
		if (uname(&u) == 0)
			printf("vv kernel %s %s\n", u.release, u.version);
	}
	printf("vv start %u %llu\n", ops.nr_ops, (unsigned long long)ops.accesses);
	fflush(stdout);
	enter(0);
	replay(every, argv[2][0] == 'y');
	put_num("/sys/fs/cgroup/cgroup.procs", (unsigned long)getpid());
	report(nr_vm);
	printf("vv done\n");
	fflush(stdout);
	return 0;
}
