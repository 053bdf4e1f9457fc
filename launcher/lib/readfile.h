/*
 * readfile.h -- reading files the CLI did not create (records, logs, /proc
 * copies, loaded objects).
 */
#ifndef CT_READFILE_H
#define CT_READFILE_H

#include <stddef.h>
#include <stdint.h>

/* A read-only descriptor (O_CLOEXEC, O_NONBLOCK: a FIFO never blocks) on
 * path when it is a regular file; -1 with errno set otherwise (EISDIR for
 * a directory, EINVAL for a FIFO, socket or device).  Every file the CLI
 * reads but did not create is opened through here. */
int ct_open_regular(const char *path);

/* The file's bytes, NUL-terminated, malloc'd; its length in *len when len
 * is not NULL.  NULL with errno set when it cannot be opened or read. */
char *ct_read_file(const char *path, size_t *len);

/* Exactly n bytes of fd at offset off into buf: 0, or -1 (a short read,
 * an offset beyond what off_t holds, an error). */
int ct_pread_full(int fd, void *buf, size_t n, uint64_t off);

#endif
