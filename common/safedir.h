/*
 * safedir.h -- the directories coldtrace writes into, checked so that no
 * other user can redirect its writes (launcher and shim alike).
 */
#ifndef CT_SAFEDIR_H
#define CT_SAFEDIR_H

#include <limits.h>

/* NULL when runs directories may be made in dir (an absolute path without
 * symlinks, from realpath), else why not, as words that follow the path in
 * a message.  Fine: a directory owned by the caller's euid or by root that
 * no other user can rename entries of: not writable by others, nor by a
 * group other than the caller's own, unless sticky (like /tmp). */
const char *ct_runs_dir_unsafe(const char *dir);

/* An O_PATH descriptor (O_CLOEXEC) of the directory dir when dir itself is
 * not a symlink and the caller's euid owns it; -1 with errno set otherwise
 * (EPERM: someone else's, ENOTDIR: not a directory or a symlink).  Files
 * inside are then made with openat(fd, name, O_NOFOLLOW | O_EXCL ...). */
int ct_dir_open_own(const char *dir);

/* The longest run directory path (bytes, without the NUL) the shim takes:
 * it opens <run_dir>/<pid>.<start_ns>.<suffix> by path (at most 40 bytes
 * more), and every path must fit in PATH_MAX.  The launcher makes its
 * directories at most CT_RUN_DIR_MAX - CT_MEMBER_MAX long, so that a
 * series' members (<series>/warmup, <series>/NNN) fit too; a longer
 * COLDTRACE_RUN_DIR leaves the process untraced, nothing written. */
#define CT_RUN_DIR_MAX (PATH_MAX - 64)
#define CT_MEMBER_MAX 16

#endif
