/* image_steps.c -- what each kernel step a short traced image makes costs
 * in a process that has just started (first touches are what such an
 * image pays, not a warm loop's): one line of ns per step, in this order:
 *   procfs_exe    readlink("/proc/self/exe"), the process's first procfs path
 *   procfs_ns     fstatat("/proc/self/ns/pid"), after it
 *   fallocate     a block for a slot's last page, lengthening the pack
 *   map_slot      mmap of the 64 KiB slot (MAP_SHARED)
 *   advise_random madvise(MADV_RANDOM) over it
 *   populate_1st  MADV_POPULATE_WRITE of its first page (the file's first
 *                 write from this process: block reservation, mtime)
 *   populate_2nd  MADV_POPULATE_WRITE of the next page
 *   anon_fault    a write fault of a fresh anonymous page
 * argv[1]: the pack-like file (on the file system under test), argv[2]:
 * the slot index.  For bench/image_steps.sh. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ns.h"

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
#define SLOT (64 * 1024)

static double t_last;

static void step(const char *name)
{
	double t = ns_of(CLOCK_MONOTONIC);

	printf("%s %.0f\n", name, t - t_last);
	t_last = ns_of(CLOCK_MONOTONIC);
}

int main(int argc, char **argv)
{
	char buf[PATH_MAX];
	struct stat st;
	int fd = argc > 2 ? open(argv[1], O_RDWR | O_CREAT, 0600) : -1;
	off_t off = 4096 + (off_t)(argc > 2 ? atol(argv[2]) : 0) * SLOT;
	char *slot, *anon;

	if (fd < 0)
		return 2;
	t_last = ns_of(CLOCK_MONOTONIC);
	(void)!readlink("/proc/self/exe", buf, sizeof(buf));
	step("procfs_exe");
	fstatat(AT_FDCWD, "/proc/self/ns/pid", &st, 0);
	step("procfs_ns");
	fallocate(fd, 0, off + SLOT - 4096, 4096);
	step("fallocate");
	slot = mmap(NULL, SLOT, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
	step("map_slot");
	if (slot == MAP_FAILED)
		return 2;
	madvise(slot, SLOT, MADV_RANDOM);
	step("advise_random");
	madvise(slot, 4096, MADV_POPULATE_WRITE);
	step("populate_1st");
	madvise(slot + 4096, 4096, MADV_POPULATE_WRITE);
	step("populate_2nd");
	anon = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	t_last = ns_of(CLOCK_MONOTONIC);
	anon[0] = 1;
	step("anon_fault");
	return 0;
}
