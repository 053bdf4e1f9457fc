/*
 * stat.c -- interposers for the stat family: stat, lstat, fstat, fstatat and
 * their *64 names, statx, the pre-2.33 __xstat family (still what binaries
 * built against older glibc call), access and faccessat.
 *
 * Debian's python3.11 calls the *64 names; the loader's own stats of
 * DT_NEEDED candidates never reach these.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

/* Not declared by glibc before 2.28 (the wheel is built against 2.17). */
int statx(int dirfd, const char *path, int flags, unsigned mask, struct statx *stx);

int __xstat(int ver, const char *path, struct stat *st);
int __xstat64(int ver, const char *path, struct stat64 *st);
int __lxstat(int ver, const char *path, struct stat *st);
int __lxstat64(int ver, const char *path, struct stat64 *st);
int __fxstat(int ver, int fd, struct stat *st);
int __fxstat64(int ver, int fd, struct stat64 *st);
int __fxstatat(int ver, int dirfd, const char *path, struct stat *st, int flags);
int __fxstatat64(int ver, int dirfd, const char *path, struct stat64 *st, int flags);

static __typeof__(stat) *real_stat;
static __typeof__(stat64) *real_stat64;
static __typeof__(lstat) *real_lstat;
static __typeof__(lstat64) *real_lstat64;
static __typeof__(fstat) *real_fstat;
static __typeof__(fstat64) *real_fstat64;
static __typeof__(fstatat) *real_fstatat;
static __typeof__(fstatat64) *real_fstatat64;
static __typeof__(statx) *real_statx;
static __typeof__(__xstat) *real___xstat;
static __typeof__(__xstat64) *real___xstat64;
static __typeof__(__lxstat) *real___lxstat;
static __typeof__(__lxstat64) *real___lxstat64;
static __typeof__(__fxstat) *real___fxstat;
static __typeof__(__fxstat64) *real___fxstat64;
static __typeof__(__fxstatat) *real___fxstatat;
static __typeof__(__fxstatat64) *real___fxstatat64;
static __typeof__(access) *real_access;
static __typeof__(faccessat) *real_faccessat;

/* The compat names exist only as GLIBC_2.2.5 versions. */
#define CT_REAL_OLD(fn) ({                                            \
	if (ct_unlikely(!real_##fn))                                    \
		real_##fn = ct_real_v(#fn, "GLIBC_2.2.5");              \
	real_##fn; })

#define CT_PATH_STAT(name, kind, st_type)                                     \
CT_EXPORT int name(const char *path, st_type *st)                             \
{                                                                             \
	uint64_t t0 = ct_begin();                                             \
	return ct_called(kind, t0, CT_REAL(name)(path, st), AT_FDCWD, 0, 0,   \
			 path);                                               \
}

CT_PATH_STAT(stat, CT_EV_STAT, struct stat)
CT_PATH_STAT(stat64, CT_EV_STAT, struct stat64)
CT_PATH_STAT(lstat, CT_EV_LSTAT, struct stat)
CT_PATH_STAT(lstat64, CT_EV_LSTAT, struct stat64)

#define CT_FD_STAT(name, st_type)                                             \
CT_EXPORT int name(int fd, st_type *st)                                       \
{                                                                             \
	uint64_t t0 = ct_begin();                                             \
	return ct_called(CT_EV_FSTAT, t0, CT_REAL(name)(fd, st), fd, 0, 0,    \
			 NULL);                                               \
}

CT_FD_STAT(fstat, struct stat)
CT_FD_STAT(fstat64, struct stat64)

#define CT_AT_STAT(name, st_type)                                             \
CT_EXPORT int name(int dirfd, const char *path, st_type *st, int flags)       \
{                                                                             \
	uint64_t t0 = ct_begin();                                             \
	return ct_called(CT_EV_FSTATAT, t0,                                   \
			 CT_REAL(name)(dirfd, path, st, flags), dirfd, flags, \
			 0, path);                                            \
}

CT_AT_STAT(fstatat, struct stat)
CT_AT_STAT(fstatat64, struct stat64)

/* A glibc older than 2.28 has no statx of its own to call, but a program
 * that looks the name up (dlsym) finds the shim's: it gets the kernel's
 * answer, as its fallback would have. */
CT_EXPORT int statx(int dirfd, const char *path, int flags, unsigned mask,
		    struct statx *stx)
{
	uint64_t t0 = ct_begin();
	int ret = CT_REAL(statx) ? real_statx(dirfd, path, flags, mask, stx)
				 : (int)syscall(SYS_statx, dirfd, path, flags, mask, stx);

	return ct_called(CT_EV_STATX, t0, ret, dirfd, flags, mask, path);
}

#define CT_OLD_PATH_STAT(name, kind, st_type)                                 \
CT_EXPORT int name(int ver, const char *path, st_type *st)                    \
{                                                                             \
	uint64_t t0 = ct_begin();                                             \
	return ct_called(kind, t0, CT_REAL_OLD(name)(ver, path, st),          \
			 AT_FDCWD, 0, 0, path);                               \
}

CT_OLD_PATH_STAT(__xstat, CT_EV_STAT, struct stat)
CT_OLD_PATH_STAT(__xstat64, CT_EV_STAT, struct stat64)
CT_OLD_PATH_STAT(__lxstat, CT_EV_LSTAT, struct stat)
CT_OLD_PATH_STAT(__lxstat64, CT_EV_LSTAT, struct stat64)

#define CT_OLD_FD_STAT(name, st_type)                                         \
CT_EXPORT int name(int ver, int fd, st_type *st)                              \
{                                                                             \
	uint64_t t0 = ct_begin();                                             \
	return ct_called(CT_EV_FSTAT, t0, CT_REAL_OLD(name)(ver, fd, st),     \
			 fd, 0, 0, NULL);                                     \
}

CT_OLD_FD_STAT(__fxstat, struct stat)
CT_OLD_FD_STAT(__fxstat64, struct stat64)

#define CT_OLD_AT_STAT(name, st_type)                                         \
CT_EXPORT int name(int ver, int dirfd, const char *path, st_type *st,         \
		   int flags)                                                 \
{                                                                             \
	uint64_t t0 = ct_begin();                                             \
	return ct_called(CT_EV_FSTATAT, t0,                                   \
			 CT_REAL_OLD(name)(ver, dirfd, path, st, flags),      \
			 dirfd, flags, 0, path);                              \
}

CT_OLD_AT_STAT(__fxstatat, struct stat)
CT_OLD_AT_STAT(__fxstatat64, struct stat64)

CT_EXPORT int access(const char *path, int mode)
{
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_ACCESS, t0, CT_REAL(access)(path, mode),
			 AT_FDCWD, mode, 0, path);
}

CT_EXPORT int faccessat(int dirfd, const char *path, int mode, int flags)
{
	uint64_t t0 = ct_begin();

	return ct_called(CT_EV_ACCESS, t0,
			 CT_REAL(faccessat)(dirfd, path, mode, flags),
			 dirfd, mode, flags, path);
}
