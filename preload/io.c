/*
 * io.c -- interposers for the open family: open, open64, openat, openat64,
 * the _FORTIFY_SOURCE entry points (__open_2 ...), creat, creat64, fopen,
 * fopen64, opendir.
 *
 * The real call comes first and its result and errno are returned as they
 * are.  The loader's own opens of DT_NEEDED objects never reach these.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include "ct.h"

int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);
int __openat_2(int dirfd, const char *path, int flags);
int __openat64_2(int dirfd, const char *path, int flags);

static __typeof__(open) *real_open;
static __typeof__(open64) *real_open64;
static __typeof__(openat) *real_openat;
static __typeof__(openat64) *real_openat64;
static __typeof__(__open_2) *real___open_2;
static __typeof__(__open64_2) *real___open64_2;
static __typeof__(__openat_2) *real___openat_2;
static __typeof__(__openat64_2) *real___openat64_2;
static __typeof__(creat) *real_creat;
static __typeof__(creat64) *real_creat64;
static __typeof__(fopen) *real_fopen;
static __typeof__(fopen64) *real_fopen64;
static __typeof__(opendir) *real_opendir;

/* The mode argument exists only when the flags say a file may be made. */
#define CT_MODE(flags, last) ({                                         \
	int m_ = 0;                                                     \
	if ((flags) & (O_CREAT | O_TMPFILE)) {                          \
		va_list ap_;                                            \
		va_start(ap_, last);                                    \
		m_ = va_arg(ap_, int);                                  \
		va_end(ap_);                                            \
	}                                                               \
	m_; })

CT_EXPORT int open(const char *path, int flags, ...)
{
	int mode = CT_MODE(flags, flags);
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_OPEN, t0, CT_REAL(open)(path, flags, mode),
			 AT_FDCWD, flags, mode, path);
}

CT_EXPORT int open64(const char *path, int flags, ...)
{
	int mode = CT_MODE(flags, flags);
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_OPEN, t0, CT_REAL(open64)(path, flags, mode),
			 AT_FDCWD, flags, mode, path);
}

CT_EXPORT int openat(int dirfd, const char *path, int flags, ...)
{
	int mode = CT_MODE(flags, flags);
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_OPEN, t0, CT_REAL(openat)(dirfd, path, flags, mode),
			 dirfd, flags, mode, path);
}

CT_EXPORT int openat64(int dirfd, const char *path, int flags, ...)
{
	int mode = CT_MODE(flags, flags);
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_OPEN, t0, CT_REAL(openat64)(dirfd, path, flags, mode),
			 dirfd, flags, mode, path);
}

CT_EXPORT int __open_2(const char *path, int flags)
{
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_OPEN, t0, CT_REAL(__open_2)(path, flags),
			 AT_FDCWD, flags, 0, path);
}

CT_EXPORT int __open64_2(const char *path, int flags)
{
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_OPEN, t0, CT_REAL(__open64_2)(path, flags),
			 AT_FDCWD, flags, 0, path);
}

CT_EXPORT int __openat_2(int dirfd, const char *path, int flags)
{
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_OPEN, t0, CT_REAL(__openat_2)(dirfd, path, flags),
			 dirfd, flags, 0, path);
}

CT_EXPORT int __openat64_2(int dirfd, const char *path, int flags)
{
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_OPEN, t0, CT_REAL(__openat64_2)(dirfd, path, flags),
			 dirfd, flags, 0, path);
}

CT_EXPORT int creat(const char *path, mode_t mode)
{
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_CREAT, t0, CT_REAL(creat)(path, mode), AT_FDCWD,
			 O_CREAT | O_WRONLY | O_TRUNC, (int)mode, path);
}

CT_EXPORT int creat64(const char *path, mode_t mode)
{
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_CREAT, t0, CT_REAL(creat64)(path, mode), AT_FDCWD,
			 O_CREAT | O_WRONLY | O_TRUNC, (int)mode, path);
}

static FILE *ct_fopened(uint64_t t0, FILE *f, const char *path, const char *mode)
{
	int err = errno;

	if (t0 && ct_enter()) {
		const char *strs[2] = { path ? path : "", mode ? mode : "" };
		int fd = f ? fileno(f) : -1;

		ct_log_emit(CT_EV_FOPEN, t0, ct_now_ns() - t0, fd, f ? 0 : err,
			    AT_FDCWD, 0, 0, ct_host_nstr(fd, err, 2, strs), strs);
		ct_leave();
	}
	errno = err;
	return f;
}

CT_EXPORT FILE *fopen(const char *path, const char *mode)
{
	uint64_t t0 = ct_begin();

	return ct_fopened(t0, CT_REAL(fopen)(path, mode), path, mode);
}

CT_EXPORT FILE *fopen64(const char *path, const char *mode)
{
	uint64_t t0 = ct_begin();

	return ct_fopened(t0, CT_REAL(fopen64)(path, mode), path, mode);
}

CT_EXPORT DIR *opendir(const char *path)
{
	uint64_t t0 = ct_begin();
	DIR *d = CT_REAL(opendir)(path);
	int err = errno;

	ct_done(CT_EV_OPENDIR, t0, d ? dirfd(d) : -1, err, AT_FDCWD, 0, 0, path);
	return d;
}
