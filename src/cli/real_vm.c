/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/real_vm.c - the real kernel's side of `vmscan-viz real`: the cache
 * folder (Debian's kernel unpacked, the guest's initramfs, one disk image
 * per scenario), and qemu booting it.
 *
 * The program carries what the guest needs as text (src/guest/, compiled
 * in by the Makefile): setup.sh does the Debian side (packages, the
 * kernel's .deb unpacked, never installed; mke2fs), the replayer is built
 * static on first use from its own source.  Everything built is named by
 * a hash of what it was built from, so a new version of the program or
 * another kernel builds beside the old, and a run never finds a half-made
 * file: each is made under a temporary name and renamed when whole.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../util/text.h"
#include "real.h"

extern const char real_guest_setup[], real_guest_init[], real_guest_replay[], real_guest_ops_c[],
	real_guest_ops_h[];

/* In this order from the initramfs: the package has no modules.dep, and
 * each module needs those before it (ext4's crc32c is a soft dependency,
 * named in its .modinfo). */
static const char real_modules[] =
	"virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci "
	"virtio_blk crc16 crc32c_generic mbcache jbd2 ext4";

static char cache_dir[512];

const char *real_cache_dir(void)
{
	const char *env = getenv("VMSCAN_REAL_CACHE"), *xdg = getenv("XDG_CACHE_HOME"),
		   *home = getenv("HOME");

	if (env && env[0])
		snprintf(cache_dir, sizeof cache_dir, "%s", env);
	else if (xdg && xdg[0])
		snprintf(cache_dir, sizeof cache_dir, "%s/vmscan-viz/real", xdg);
	else
		snprintf(cache_dir, sizeof cache_dir, "%s/.cache/vmscan-viz/real",
			 home && home[0] ? home : "/tmp");
	return cache_dir;
}

const char *real_kernel_package(void)
{
	const char *env = getenv("VMSCAN_REAL_KERNEL");

	return env && env[0] ? env : REAL_KERNEL_PACKAGE;
}

void real_result_path(const char *name, const char *policy, char *buf, size_t n)
{
	const char *base = strrchr(name, '/');
	int len;

	base = base ? base + 1 : name;
	len = (int)strlen(base);
	if (len > 5 && strcmp(base + len - 5, ".json") == 0)
		len -= 5;
	snprintf(buf, n, "%s/results/%.*s.%s.txt", real_cache_dir(), len, base, policy);
}

int real_summary_read(const char *name, const char *policy, char *buf, size_t n)
{
	char path[1200];
	FILE *f;
	bool got;

	real_result_path(name, policy, path, sizeof path);
	snprintf(path + strlen(path) - 4, sizeof path - strlen(path) + 4, ".line");
	if (!(f = fopen(path, "r")))
		return -1;
	got = fgets(buf, (int)n, f) != NULL;
	fclose(f);
	if (!got)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ull;
	return h;
}

static int mkdirs(const char *path)
{
	char buf[1024];

	snprintf(buf, sizeof buf, "%s", path);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(buf, 0755) < 0 && errno != EEXIST ? -1 : 0;
}

static bool exists(const char *dir, const char *name)
{
	char path[2048];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	return access(path, R_OK) == 0;
}

/* sh -c setup.sh ARGS...: its exit status (3: it said what to do). */
static int setup(const char *const *args)
{
	const char *argv[40] = { "sh", "-c", real_guest_setup, "vmscan-viz-real" };
	int n = 4, status;
	pid_t pid;

	while (*args && n < 39)
		argv[n++] = *args++;
	argv[n] = NULL;
	pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		dup2(2, 1); /* the tools' chatter is not the report */
		execv("/bin/sh", (char *const *)argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

static int write_file(const char *dir, const char *name, const char *text, size_t len)
{
	char path[2048];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return -1;
	if (fwrite(text, 1, len, f) != len) {
		fclose(f);
		return -1;
	}
	return fclose(f);
}

static char kernel_dir[1024], guest_dir[1024];

/* @args with the module names after its first @k, in @mods (a copy of
 * real_modules cut into words): @args, NULL-terminated. */
static const char **module_args(char *mods, const char **args, int k)
{
	memcpy(mods, real_modules, sizeof real_modules);
	for (char *tok = strtok(mods, " "); tok && k < 31; tok = strtok(NULL, " "))
		args[k++] = tok;
	args[k] = NULL;
	return args;
}

int real_prepare(const char *prefix)
{
	const char *cache = real_cache_dir(), *pkg = real_kernel_package();
	const char *srcs[] = { real_guest_setup, real_guest_init,  real_guest_replay,
			       real_guest_ops_c, real_guest_ops_h, pkg };
	const char *pkgs[16] = { "packages" };
	char list[] = REAL_PACKAGES, src[1100];
	uint64_t h = 0xcbf29ce484222325ull;
	int n = 1;

	for (size_t i = 0; i < sizeof srcs / sizeof srcs[0]; i++)
		h = fnv(h, srcs[i], strlen(srcs[i]) + 1);
	snprintf(kernel_dir, sizeof kernel_dir, "%s/kernel/%s", cache, pkg);
	snprintf(guest_dir, sizeof guest_dir, "%s/guest-%016llx", cache, (unsigned long long)h);
	if (exists(kernel_dir, "vmlinux") && exists(guest_dir, "initrd.cpio"))
		return 0;
	if (mkdirs(cache) < 0) {
		fprintf(stderr, "%s: cannot make the cache folder %s: %s (set VMSCAN_REAL_CACHE)\n", prefix,
			cache, strerror(errno));
		return 1;
	}
	for (char *tok = strtok(list, " "); tok && n < 15; tok = strtok(NULL, " "))
		pkgs[n++] = tok;
	pkgs[n] = NULL;
	if (setup(pkgs) != 0)
		return 1;
	if (!exists(kernel_dir, "vmlinux")) {
		char mods[sizeof real_modules];
		const char *args[32] = { "kernel", kernel_dir, pkg };
		if (mkdirs(cache) < 0 || setup(module_args(mods, args, 3)) != 0)
			return 1;
	}
	snprintf(src, sizeof src, "%s/src/guest", guest_dir);
	if (mkdirs(src) < 0 || write_file(src, "init", real_guest_init, strlen(real_guest_init)) < 0 ||
	    write_file(src, "vmscan-viz-replay.c", real_guest_replay, strlen(real_guest_replay)) < 0) {
		fprintf(stderr, "%s: cannot write in %s: %s\n", prefix, guest_dir, strerror(errno));
		return 1;
	}
	snprintf(src, sizeof src, "%s/src/cli", guest_dir);
	if (mkdirs(src) < 0 ||
	    write_file(src, "real_ops.c", real_guest_ops_c, strlen(real_guest_ops_c)) < 0 ||
	    write_file(src, "real_ops.h", real_guest_ops_h, strlen(real_guest_ops_h)) < 0) {
		fprintf(stderr, "%s: cannot write in %s: %s\n", prefix, guest_dir, strerror(errno));
		return 1;
	}
	{
		char mods[sizeof real_modules];
		const char *args[32] = { "guest", guest_dir, kernel_dir };
		if (setup(module_args(mods, args, 3)) != 0) {
			fprintf(stderr, "%s: could not build the guest in %s\n", prefix, guest_dir);
			return 1;
		}
	}
	return 0;
}

static int rm_rf(const char *dir)
{
	const char *args[] = { "-c", "rm -rf \"$0\"", dir, NULL };
	const char *argv[5] = { "sh", args[0], args[1], args[2], NULL };
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		execv("/bin/sh", (char *const *)argv);
		_exit(127);
	}
	return pid < 0 || waitpid(pid, &status, 0) < 0 ? -1 : 0;
}

static volatile sig_atomic_t interrupted;
static void on_signal(int sig)
{
	interrupted = sig;
}

/* SIGINT, SIGTERM and SIGHUP noted in `interrupted` (@on), or as they were. */
static void catch_signals(bool on)
{
	static struct sigaction old[3];
	static const int sigs[3] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa = { 0 };

	sa.sa_handler = on_signal;
	for (int i = 0; i < 3; i++)
		sigaction(sigs[i], on ? &sa : &old[i], on ? &old[i] : NULL);
}

/* The files of @wl, filled with bytes that are not zero (mke2fs -d makes
 * holes of zero blocks, which a read would not fetch from the disk). */
static int write_objects(const char *root, const struct workload *wl)
{
	char path[4096], page[4096];

	snprintf(path, sizeof path, "%s/o", root);
	if (mkdirs(path) < 0)
		return -1;
	for (uint32_t o = 0; o < wl->nr_objects; o++) {
		FILE *f;
		if (wl->objects[o].type == OBJ_ANON)
			continue;
		snprintf(path, sizeof path, "%s/o/%u", root, o);
		if (!(f = fopen(path, "w")))
			return -1;
		for (uint32_t k = 0; k < wl->objects[o].pages; k++) {
			memset(page, 1 + (int)(k % 251), sizeof page);
			if (fwrite(page, 1, sizeof page, f) != sizeof page) {
				fclose(f);
				return -1;
			}
		}
		if (fclose(f) != 0)
			return -1;
	}
	return 0;
}

int real_image(const char *prefix, const struct workload *wl, const char *ops, size_t len, char *dir,
	       size_t n)
{
	uint64_t h = fnv(0xcbf29ce484222325ull, ops, len);
	char tmp[1100], root[1200], swap[32];
	const char *args[] = { "image", tmp, swap, NULL };

	snprintf(dir, n, "%s/img/%016llx", real_cache_dir(), (unsigned long long)h);
	if (exists(dir, "disk.img"))
		return 0;
	snprintf(tmp, sizeof tmp, "%s.tmp.%ld", dir, (long)getpid());
	snprintf(root, sizeof root, "%s/root", tmp);
	snprintf(swap, sizeof swap, "%u", wl->memory.swap_pages);
	if (mkdirs(root) < 0 || write_objects(root, wl) < 0 || write_file(tmp, "ops", ops, len) < 0 ||
	    write_file(root, "ops", ops, len) < 0) {
		fprintf(stderr, "%s: cannot write the disk's files in %s: %s\n", prefix, tmp,
			strerror(errno));
		rm_rf(tmp);
		return 1;
	}
	if (setup(args) != 0) {
		fprintf(stderr, "%s: could not make the disk image in %s\n", prefix, tmp);
		rm_rf(tmp);
		return 1;
	}
	/* another run may have made the same image meanwhile: keep that one */
	if (rename(tmp, dir) < 0)
		rm_rf(tmp);
	return exists(dir, "disk.img") ? 0 : 1;
}

/* The last @lines lines of @text on stderr, each after two spaces, the
 * console's control sequences made visible (util/text.h). */
static void print_tail(const char *text, size_t len, int lines)
{
	const char *p = text + len;
	char line[512];

	while (p > text && lines >= 0)
		if (*--p == '\n')
			lines--;
	if (p != text)
		p++;
	while (*p) {
		size_t k = strcspn(p, "\n");
		snprintf(line, sizeof line, "%.*s", (int)k, p);
		line[strcspn(line, "\r")] = '\0';
		fputs("  ", stderr);
		text_print(stderr, line, 0);
		fputc('\n', stderr);
		p += k + (p[k] == '\n');
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* One qemu, its console read into *@out until it powers off; "kvm" is
 * given up on at its first internal error (nested virtualisation), for
 * "tcg" (*@kvm_failed). */
static int qemu(const char *prefix, const char *dir, uint32_t swap, const struct real_run_opts *o, bool kvm,
		char **out, size_t *len, bool *kvm_failed)
{
	char kernel[1100], initrd[1100], disk[1200], swapd[1200], append[256];
	const char *argv[40];
	int n = 0, fds[2], status = 0;
	size_t cap = 1 << 16;
	char *buf = malloc(cap);
	double deadline = now() + o->timeout, started = 0;
	pid_t pid;

	*kvm_failed = false;
	if (!buf)
		return 1;
	snprintf(kernel, sizeof kernel, "%s/vmlinux", kernel_dir);
	snprintf(initrd, sizeof initrd, "%s/initrd.cpio", guest_dir);
	snprintf(disk, sizeof disk, "file=%s/disk.img,format=raw,if=virtio,snapshot=on", dir);
	snprintf(swapd, sizeof swapd, "file=%s/swap.img,format=raw,if=virtio,snapshot=on", dir);
	snprintf(append, sizeof append,
		 "console=ttyS0 quiet loglevel=3 panic=-1 vv.lru_gen=%c vv.every=%llu vv.memory=%u "
		 "vv.flush=%d",
		 o->lru_gen ? 'y' : 'n', (unsigned long long)o->every, o->memory, o->flush);
	argv[n++] = "qemu-system-x86_64";
	argv[n++] = "-accel";
	argv[n++] = kvm ? "kvm" : "tcg";
	if (kvm) {
		argv[n++] = "-cpu";
		argv[n++] = "host";
	}
	const char *fixed[] = { "-smp",	      "1",	     "-m",	"256M",	   "-nographic",
				"-no-reboot", "-nodefaults", "-serial", "stdio",   "-display",
				"none",	      "-kernel",     kernel,	"-initrd", initrd,
				"-append",    append,	     "-drive",	disk };
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		argv[n++] = fixed[i];
	if (swap && exists(dir, "swap.img")) {
		argv[n++] = "-drive";
		argv[n++] = swapd;
	}
	argv[n] = NULL;
	if (pipe(fds) < 0) {
		free(buf);
		return 1;
	}
	catch_signals(true);
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);
		setpgid(0, 0); /* the terminal's Ctrl-C comes to us, and we stop qemu */
		dup2(null, 0);
		dup2(fds[1], 1);
		dup2(fds[1], 2);
		close(fds[0]);
		execvp(argv[0], (char *const *)argv);
		fprintf(stderr, "vv error cannot run qemu-system-x86_64: %s\n", strerror(errno));
		_exit(127);
	}
	close(fds[1]);
	*len = 0;
	for (;;) {
		struct pollfd p = { fds[0], POLLIN, 0 };
		ssize_t got;
		if (interrupted || now() > deadline)
			break;
		/* KVM that boots does so in seconds; one that does not may hang
		 * (nested virtualisation) rather than say so */
		if (kvm && !started && now() > deadline - o->timeout + 20) {
			*kvm_failed = true;
			break;
		}
		if (poll(&p, 1, 500) <= 0)
			continue;
		if (*len + 4096 + 1 > cap) {
			char *b = realloc(buf, cap *= 2);
			if (!b)
				break;
			buf = b;
		}
		got = read(fds[0], buf + *len, 4096);
		if (got <= 0)
			break;
		*len += (size_t)got;
		buf[*len] = '\0';
		if (!started && strstr(buf, "vv start"))
			started = now();
		if (kvm && strstr(buf, "KVM internal error")) {
			*kvm_failed = true;
			break;
		}
	}
	buf[*len] = '\0';
	close(fds[0]);
	if (pid > 0) {
		kill(pid, SIGTERM);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	}
	catch_signals(false);
	*out = buf;
	if (pid < 0)
		return 1;
	if (interrupted) {
		fprintf(stderr, "%s: interrupted: qemu stopped\n", prefix);
		return 130;
	}
	if (*kvm_failed)
		return 1;
	if (now() > deadline && !strstr(buf, "vv done")) {
		fprintf(stderr,
			"%s: the guest did not finish in %u s (VMSCAN_REAL_TIMEOUT); its console's last "
			"lines:\n",
			prefix, o->timeout);
		print_tail(buf, *len, 12);
		return 1;
	}
	return 0;
}

int real_boot(const char *prefix, const char *dir, uint32_t swap, const struct real_run_opts *o, char **out)
{
	const char *accel = getenv("VMSCAN_REAL_ACCEL");
	char broken[1100];
	bool kvm, kvm_failed;
	size_t len;
	int rc;

	snprintf(broken, sizeof broken, "%s/kvm-fails", real_cache_dir());
	if (accel && accel[0])
		kvm = strcmp(accel, "kvm") == 0;
	else
		kvm = access("/dev/kvm", R_OK | W_OK) == 0 && access(broken, F_OK) != 0;
	rc = qemu(prefix, dir, swap, o, kvm, out, &len, &kvm_failed);
	if (kvm_failed) {
		/* remembered: the next runs go to TCG at once */
		FILE *f = fopen(broken, "w");
		if (f)
			fclose(f);
		if (!o->quiet)
			fprintf(stderr, "%s: KVM failed here (%s); running under TCG\n", prefix, broken);
		free(*out);
		rc = qemu(prefix, dir, swap, o, false, out, &len, &kvm_failed);
	}
	if (rc == 0 && !strstr(*out, "vv done")) {
		fprintf(stderr,
			"%s: the guest stopped before the end of the replay; its console's last lines:\n",
			prefix);
		print_tail(*out, len, 12);
		rc = 1;
	}
	return rc;
}
