/*
 * mmap.c -- interposers for mmap, mmap64 and munmap.
 *
 * File-backed mappings are recorded with the file's path (from the fd, read
 * after the call so the host's fd is never touched first); anonymous ones
 * are recorded without.  The loader maps objects with internal calls that
 * never reach these.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

static __typeof__(mmap) *real_mmap;
static __typeof__(mmap64) *real_mmap64;
static __typeof__(munmap) *real_munmap;

/* /proc/self/fd/N -> path, with a raw readlink (never traced). */
static void ct_fd_path(int fd, char *out, size_t n)
{
	char link[32] = "/proc/self/fd/", num[16];
	long len;

	out[0] = '\0';
	if (ct_sealed())   /* no system call: the record has no path */
		return;
	ct_strlcpy(link + 14, ct_utoa((uint64_t)fd, num + sizeof(num)), sizeof(link) - 14);
	len = syscall(SYS_readlink, link, out, n - 1);
	out[len > 0 ? len : 0] = '\0';
}

static void *ct_mapped(uint64_t t0, void *p, size_t len, int prot, int flags,
		       int fd, off_t off)
{
	int err = errno;
	char path[512] = "";

	if (t0 && ct_enter()) {
		const char *strs[1] = { path };

		if (!(flags & MAP_ANONYMOUS) && fd >= 0)
			ct_fd_path(fd, path, sizeof(path));
		ct_log_emit(CT_EV_MMAP, t0, ct_now_ns() - t0, (int64_t)(intptr_t)p,
			    p == MAP_FAILED ? err : 0, (int64_t)off,
			    (int64_t)((uint64_t)(int64_t)fd << 40) |
			    ((int64_t)(prot & 0xff) << 32) | (uint32_t)flags,
			    (int64_t)len, 1, strs);
		ct_leave();
	}
	errno = err;
	return p;
}

CT_EXPORT void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	uint64_t t0 = ct_begin();

	return ct_mapped(t0, CT_REAL(mmap)(addr, len, prot, flags, fd, off),
			 len, prot, flags, fd, off);
}

CT_EXPORT void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off64_t off)
{
	uint64_t t0 = ct_begin();

	return ct_mapped(t0, CT_REAL(mmap64)(addr, len, prot, flags, fd, off),
			 len, prot, flags, fd, off);
}

CT_EXPORT int munmap(void *addr, size_t len)
{
	uint64_t t0 = ct_begin();
	int ret = CT_REAL(munmap)(addr, len);

	ct_done(CT_EV_MUNMAP, t0, ret, errno, (int64_t)(intptr_t)addr, 0,
		(int64_t)len, NULL);
	return ret;
}
