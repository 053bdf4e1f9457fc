/*
 * snapshot.c -- /proc/self as the process leaves it, taken from inside so
 * nothing races the exit: status, smaps, cgroup and the open fds with their
 * targets, copied raw next to the log (<base>.status, .smaps, .cgroup,
 * .fds).  Async-signal-safe: raw system calls and stack buffers only.
 */
#include <dirent.h>
#include <fcntl.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

static int ct_out_open(const char *suffix)
{
	char path[sizeof(ct_g.log_path) + 16];
	size_t n = ct_strlcpy(path, ct_g.run_dir, sizeof(path));

	n += ct_strlcpy(path + n, "/", sizeof(path) - n);
	n += ct_strlcpy(path + n, ct_g.base, sizeof(path) - n);
	ct_strlcpy(path + n, suffix, sizeof(path) - n);
	return ct_sys_open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
}

static void ct_copy(const char *from, const char *suffix)
{
	char buf[16384];
	int in = ct_sys_open(from, O_RDONLY, 0), out;
	ssize_t n;

	if (in < 0)
		return;
	out = ct_out_open(suffix);
	if (out >= 0) {
		while ((n = ct_sys_read(in, buf, sizeof(buf))) > 0)
			if (ct_sys_write_all(out, buf, (size_t)n) < 0)
				break;
		ct_sys_close(out);
	}
	ct_sys_close(in);
}

static void ct_fd_line(int out, const char *name, int dirfd)
{
	char target[1024], line[1100];
	long len = syscall(SYS_readlinkat, dirfd, name, target, sizeof(target) - 1);
	size_t n;

	if (len < 0)
		return;
	target[len] = '\0';
	n = ct_strlcpy(line, name, sizeof(line));
	line[n++] = ' ';
	n += ct_strlcpy(line + n, target, sizeof(line) - n);
	if (n >= sizeof(line) - 1)
		n = sizeof(line) - 2;
	line[n++] = '\n';
	ct_sys_write_all(out, line, n);
}

static int ct_is_fd(const char *name, int fd)
{
	char num[16];

	return strcmp(name, ct_utoa((uint64_t)fd, num + sizeof(num))) == 0;
}

/* "<fd> <target>" per open descriptor; coldtrace's own two are left out. */
static void ct_fds(void)
{
	char buf[8192];
	int dir = ct_sys_open("/proc/self/fd", O_RDONLY | O_DIRECTORY, 0);
	int out = dir >= 0 ? ct_out_open(".fds") : -1;
	long n;

	while (out >= 0 && (n = syscall(SYS_getdents64, dir, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n;) {
			struct dirent64 *d = (struct dirent64 *)(buf + off);

			if (d->d_name[0] != '.' && !ct_is_fd(d->d_name, dir) &&
			    !ct_is_fd(d->d_name, out))
				ct_fd_line(out, d->d_name, dir);
			off += d->d_reclen;
		}
	}
	if (out >= 0)
		ct_sys_close(out);
	if (dir >= 0)
		ct_sys_close(dir);
}

void ct_snapshot_write(void)
{
	ct_copy("/proc/self/status", ".status");
	ct_copy("/proc/self/cgroup", ".cgroup");
	ct_fds();
	ct_copy("/proc/self/smaps", ".smaps");   /* the long one last */
}
