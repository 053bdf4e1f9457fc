/*
 * sys.c -- coldtrace's own I/O, done with raw system calls.
 *
 * coldtrace exports open/stat/mmap itself, so calling them from inside
 * would trace (or recurse into) coldtrace's own work.  Everything here is
 * async-signal-safe and leaves errno as it found it.
 *
 * syscall() takes its arguments as varargs: an int there fills only the
 * low half of the register, so an argument the kernel reads as 64 bits
 * (a size, an offset, an address, an unsigned long flag word) is passed
 * as a size_t, off_t, long or pointer in every file of coldtrace's.
 */
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include "ct.h"
#include "safedir.h"

uint64_t ct_unix_ns(void)
{
	return ct_kclock_ns(CLOCK_REALTIME);
}

int ct_sys_openat(int dir, const char *path, int flags, int mode)
{
	int saved = errno;
	int fd;

	do
		fd = (int)syscall(SYS_openat, dir, path, flags | O_CLOEXEC, mode);
	while (fd < 0 && errno == EINTR);
	errno = saved;
	return fd;
}

int ct_sys_open(const char *path, int flags, int mode)
{
	return ct_sys_openat(AT_FDCWD, path, flags, mode);
}

/* <run_dir>/<base><suffix>, opened relative to a descriptor of the run
 * directory checked by ct_dir_open_own and never through a symlink: a run
 * directory swapped or filled with links by someone else is not written.
 * errno is kept, or on failure says why (every caller puts it back). */
int ct_rundir_open(const char *suffix, int flags, int mode)
{
	char name[sizeof(ct_g.base) + 16];
	int saved = errno;
	int dir = ct_dir_open_own(ct_g.run_dir), fd = -1;
	size_t n = ct_strlcpy(name, ct_g.base, sizeof(name));

	ct_strlcpy(name + n, suffix, sizeof(name) - n);
	if (dir >= 0) {
		do
			fd = (int)syscall(SYS_openat, dir, name, (long)(flags | O_NOFOLLOW | O_CLOEXEC),
					  (long)mode);
		while (fd < 0 && errno == EINTR);
		saved = fd < 0 ? errno : saved;
		syscall(SYS_close, dir);
	} else {
		saved = errno;
	}
	errno = saved;
	return fd;
}

int ct_sys_close(int fd)
{
	int saved = errno;
	int ret = (int)syscall(SYS_close, fd);

	errno = saved;
	return ret;
}

ssize_t ct_sys_read(int fd, void *buf, size_t n)
{
	int saved = errno;
	ssize_t ret;

	do
		ret = syscall(SYS_read, fd, buf, n);
	while (ret < 0 && errno == EINTR);
	errno = saved;
	return ret;
}

ssize_t ct_sys_pread(int fd, void *buf, size_t n, uint64_t off)
{
	int saved = errno;
	ssize_t ret;

	do
		ret = syscall(SYS_pread64, fd, buf, n, (off_t)off);
	while (ret < 0 && errno == EINTR);
	errno = saved;
	return ret;
}

int ct_sys_fstatat(int dir, const char *path, struct stat *st, int flags)
{
	int saved = errno;
	int ret = (int)syscall(SYS_newfstatat, dir, path, st, flags);

	errno = saved;
	return ret;
}

/* 1 when this process may execute path, by its effective ids as exec
 * decides (faccessat2 AT_EACCESS; before Linux 5.8, by the real ids). */
int ct_sys_may_exec(const char *path)
{
	int saved = errno;
	int ret = (int)syscall(SYS_faccessat2, AT_FDCWD, path, X_OK, AT_EACCESS);

	if (ret < 0 && errno == ENOSYS)
		ret = (int)syscall(SYS_faccessat, AT_FDCWD, path, X_OK);
	errno = saved;
	return ret == 0;
}

int ct_sys_write_all(int fd, const void *buf, size_t n)
{
	int saved = errno;
	const char *p = buf;

	while (n > 0) {
		ssize_t w = syscall(SYS_write, fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			errno = saved;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	errno = saved;
	return 0;
}

/* n bytes at addr of this process into out, through the kernel: an address
 * not mapped readable fails (-1) instead of faulting.  errno kept. */
int ct_sys_peek(uintptr_t addr, void *out, size_t n)
{
	struct iovec local = { out, n }, remote = { (void *)addr, n };
	int saved = errno;
	ssize_t got = syscall(SYS_process_vm_readv, getpid(), &local, 1UL, &remote, 1UL, 0UL);

	errno = saved;
	return got == (ssize_t)n ? 0 : -1;
}

/* Every signal blocked, raw (libc would leave its cancellation signal
 * out); the old mask in *old. */
void ct_sig_block_all(sigset_t *old)
{
	sigset_t all;
	int saved = errno;

	sigfillset(&all);
	syscall(SYS_rt_sigprocmask, SIG_SETMASK, &all, old, (size_t)(_NSIG / 8));
	errno = saved;
}

void ct_sig_restore(const sigset_t *old)
{
	int saved = errno;

	syscall(SYS_rt_sigprocmask, SIG_SETMASK, old, NULL, (size_t)(_NSIG / 8));
	errno = saved;
}

uint32_t ct_gettid(void)
{
	if (ct_unlikely(!ct_self.tid))
		ct_self.tid = (uint32_t)syscall(SYS_gettid);
	return ct_self.tid;
}

size_t ct_strlcpy(char *dst, const char *src, size_t n)
{
	size_t len = strlen(src);

	if (n) {
		size_t k = len < n - 1 ? len : n - 1;

		memcpy(dst, src, k);
		dst[k] = '\0';
	}
	return len;
}

char *ct_utoa(uint64_t v, char *end)
{
	*--end = '\0';
	do
		*--end = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	return end;
}

/* COLDTRACE_DEBUG only: "coldtrace[pid]: what: detail" on stderr. */
void ct_debug(const char *what, const char *detail)
{
	char buf[512], num[24];
	size_t n = 0;

	if (!ct_g.debug || ct_sealed())
		return;
	n += ct_strlcpy(buf + n, "coldtrace[", sizeof(buf) - n);
	n += ct_strlcpy(buf + n, ct_utoa((uint64_t)getpid(), num + sizeof(num)), sizeof(buf) - n);
	n += ct_strlcpy(buf + n, "]: ", sizeof(buf) - n);
	if (n < sizeof(buf))
		n += ct_strlcpy(buf + n, what, sizeof(buf) - n);
	if (detail && n < sizeof(buf)) {
		n += ct_strlcpy(buf + n, ": ", sizeof(buf) - n);
		if (n < sizeof(buf))
			n += ct_strlcpy(buf + n, detail, sizeof(buf) - n);
	}
	if (n >= sizeof(buf) - 1)
		n = sizeof(buf) - 2;
	buf[n++] = '\n';
	ct_sys_write_all(2, buf, n);
}
