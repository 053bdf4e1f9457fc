/*
 * holes.h -- whether a page of a mapped log may be read (lib/holes.c).
 *
 * A page of a sparse file that was never written reads as zeros through a
 * mapping on most file systems, but tmpfs gives it a page of memory at the
 * read, and sends SIGBUS when it has none left: a full /dev/shm would
 * crash the reader of a run directory there.  The readers of logs and
 * packs ask before each header they read where nothing says it was
 * written (a log's header, a slot's, a chunk's or segment's); what such a
 * header counts as written is backed.
 */
#ifndef CT_HOLES_H
#define CT_HOLES_H

#include <stddef.h>

/* 1 when the file fd is on a file system that fills holes at a read
 * (tmpfs, hugetlbfs). */
int ct_fills_holes(int fd);
/* 1 when a page of the mapping under [p, p + n) (n > 0, at most a page)
 * cannot be read: on such a file system a hole with no memory left for
 * it, read as zeros. */
int ct_span_unbacked(const void *p, size_t n);

#endif
