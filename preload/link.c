/*
 * link.c -- interposers for symlink resolution: readlink, readlinkat,
 * realpath and their _FORTIFY_SOURCE names (__readlink_chk, ...).
 *
 * They are how Python and other resolvers find what a symlinked
 * environment (a venv's python, a lib -> lib64 link) points at.  glibc's
 * realpath reads links through its internal readlink, so one realpath is
 * one record, never one per path component.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>
#include "ct.h"

ssize_t __readlink_chk(const char *path, char *buf, size_t len, size_t buflen);
ssize_t __readlinkat_chk(int dirfd, const char *path, char *buf, size_t len, size_t buflen);
char *__realpath_chk(const char *path, char *resolved, size_t resolvedlen);

static __typeof__(readlink) *real_readlink;
static __typeof__(readlinkat) *real_readlinkat;
static __typeof__(realpath) *real_realpath;
static __typeof__(__readlink_chk) *real___readlink_chk;
static __typeof__(__readlinkat_chk) *real___readlinkat_chk;
static __typeof__(__realpath_chk) *real___realpath_chk;

/* result: 0 resolved, -1 failed (the name is not kept: the host owns it). */
static char *ct_resolved(uint64_t t0, char *ret, const char *path)
{
	ct_done(CT_EV_REALPATH, t0, ret ? 0 : -1, errno, AT_FDCWD, 0, 0, path);
	return ret;
}

CT_EXPORT ssize_t readlink(const char *path, char *buf, size_t len)
{
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_READLINK, t0, CT_REAL(readlink)(path, buf, len), AT_FDCWD,
			 (int64_t)len, 0, path);
}

CT_EXPORT ssize_t __readlink_chk(const char *path, char *buf, size_t len, size_t buflen)
{
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_READLINK, t0, CT_REAL(__readlink_chk)(path, buf, len, buflen),
			 AT_FDCWD, (int64_t)len, 0, path);
}

CT_EXPORT ssize_t readlinkat(int dirfd, const char *path, char *buf, size_t len)
{
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_READLINKAT, t0, CT_REAL(readlinkat)(dirfd, path, buf, len), dirfd,
			 (int64_t)len, 0, path);
}

CT_EXPORT ssize_t __readlinkat_chk(int dirfd, const char *path, char *buf, size_t len,
				   size_t buflen)
{
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_READLINKAT, t0,
			 CT_REAL(__readlinkat_chk)(dirfd, path, buf, len, buflen), dirfd,
			 (int64_t)len, 0, path);
}

CT_EXPORT char *realpath(const char *path, char *resolved)
{
	uint64_t t0 = ct_begin();

	return ct_resolved(t0, CT_REAL(realpath)(path, resolved), path);
}

CT_EXPORT char *__realpath_chk(const char *path, char *resolved, size_t resolvedlen)
{
	uint64_t t0 = ct_begin();

	return ct_resolved(t0, CT_REAL(__realpath_chk)(path, resolved, resolvedlen), path);
}
