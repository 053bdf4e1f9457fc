/*
 * safedir.c -- the directories coldtrace writes into, checked so that no
 * other user can redirect its writes (launcher and shim alike).
 *
 * A run directory is made fresh (mkdir 0700) in a runs directory whose
 * entries no other user can rename; every file inside it is then made or
 * reopened relative to a descriptor of the run directory that was opened
 * without following a symlink and is owned by the writer.  A runs
 * directory owned by someone else, or a swapped run directory, therefore
 * never turns a write of coldtrace's into a write of another user's file.
 * Raw system calls only, no allocation: the shim runs this inside the
 * host (its callers put errno back).
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "safedir.h"

static int ct_stat_path(const char *path, struct stat *st)
{
	return (int)syscall(SYS_newfstatat, AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW);
}

const char *ct_runs_dir_unsafe(const char *dir)
{
	uid_t uid = (uid_t)syscall(SYS_geteuid);
	struct stat st;

	if (ct_stat_path(dir, &st) < 0 || !S_ISDIR(st.st_mode))
		return "is not a directory";
	if (st.st_uid != uid && st.st_uid != 0)
		return "is owned by another user";
	if (st.st_mode & S_ISVTX)
		return NULL;
	if (st.st_mode & S_IWOTH)
		return "is writable by other users (and not sticky)";
	if ((st.st_mode & S_IWGRP) && st.st_gid != (gid_t)syscall(SYS_getegid))
		return "is writable by its group (and not sticky)";
	return NULL;
}

int ct_dir_open_own(const char *dir)
{
	struct stat st;
	int fd, err;

	do
		fd = (int)syscall(SYS_openat, AT_FDCWD, dir,
				  O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
	while (fd < 0 && errno == EINTR);
	if (fd < 0)
		return -1;
	if (syscall(SYS_fstat, fd, &st) < 0)
		err = errno;
	else if (!S_ISDIR(st.st_mode))
		err = ENOTDIR;
	else if (st.st_uid != (uid_t)syscall(SYS_geteuid))
		err = EPERM;
	else
		return fd;
	syscall(SYS_close, fd);
	errno = err;
	return -1;
}
