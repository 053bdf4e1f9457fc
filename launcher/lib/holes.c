/*
 * holes.c -- pages of a tmpfs log that cannot be read (lib/holes.h).
 */
#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <linux/magic.h>

#include "holes.h"

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22   /* Linux 5.14 */
#endif

int ct_fills_holes(int fd)
{
	struct statfs fs;

	return fstatfs(fd, &fs) == 0 &&
	       (fs.f_type == TMPFS_MAGIC || fs.f_type == HUGETLBFS_MAGIC);
}

/* The page faulted in for reading, which fails where the read would
 * SIGBUS (a page swapped out is read back in); before Linux 5.14, asked
 * whether it is in memory. */
static int ct_page_unbacked(uintptr_t p)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	void *at = (void *)(p & ~(page - 1));
	unsigned char in = 0;
	int saved = errno, rc;

	rc = madvise(at, page, MADV_POPULATE_READ) == 0 ? 0 :
	     errno != EINVAL ? 1 : mincore(at, 1, &in) != 0 || !(in & 1);
	errno = saved;
	return rc;
}

int ct_span_unbacked(const void *p, size_t n)
{
	return ct_page_unbacked((uintptr_t)p) || ct_page_unbacked((uintptr_t)p + n - 1);
}
