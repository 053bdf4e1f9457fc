/*
 * readfile.h -- a whole small file into memory (records, /proc copies).
 */
#ifndef CT_READFILE_H
#define CT_READFILE_H

#include <stddef.h>

/* The file's bytes, NUL-terminated, malloc'd; its length in *len when len
 * is not NULL.  NULL with errno set when it cannot be opened or read. */
char *ct_read_file(const char *path, size_t *len);

#endif
