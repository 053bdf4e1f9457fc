/*
 * safedir.h -- the directories coldtrace writes into, checked so that no
 * other user can redirect its writes (launcher and shim alike).
 */
#ifndef CT_SAFEDIR_H
#define CT_SAFEDIR_H

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

#endif
