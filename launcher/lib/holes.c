/*
 * holes.c -- pages of a tmpfs log that were never written (lib/holes.h).
 */
#include <stdint.h>
#include <sys/mman.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <linux/magic.h>

#include "holes.h"

int ct_fills_holes(int fd)
{
	struct statfs fs;

	return fstatfs(fd, &fs) == 0 &&
	       (fs.f_type == TMPFS_MAGIC || fs.f_type == HUGETLBFS_MAGIC);
}

static int ct_page_unbacked(uintptr_t p)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	unsigned char in = 0;

	return mincore((void *)(p & ~(page - 1)), 1, &in) != 0 || !(in & 1);
}

int ct_span_unbacked(const void *p, size_t n)
{
	return ct_page_unbacked((uintptr_t)p) || ct_page_unbacked((uintptr_t)p + n - 1);
}
