/*
 * pack.c -- the run's pack (common/ct_log.h): one file whose slots hold
 * the first part of many images' logs, so that a short image makes no
 * file (an inode costs ext4 10-400 us, most of what such an image pays).
 *
 * The pack is made once per run directory, by the first image that finds
 * none: under a name of its own, its header page written, then linked in
 * under CT_PACK_NAME (link never replaces: two images making one at the
 * same time keep the first), so no image ever sees a pack half made.  A
 * slot is claimed by an atomic increment in the header page.  When the
 * file does not yet cover the slot, fallocate takes a block for the last
 * page of the slot's group (CT_PACK_GROUP slots), which lengthens the file
 * past the slot and the next few and never shortens it under another image
 * (truncate would): most claims find their slot covered and make no call.
 * The slot's other pages, its header's first, get their blocks when they
 * are faulted in (MADV_POPULATE_WRITE, as in a file of its own), with no
 * descriptor.  Where fallocate is not supported
 * the pack is linked in empty, and every image makes a file of its own.
 * No pack under a finite RLIMIT_FSIZE: a pack's end grows with the run's
 * images, not with this one's records.  Raw system calls, errno kept.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"
#include "safedir.h"

/* Slots the file is lengthened by at once: a run's pack is at most
 * CT_PACK_GROUP - 1 slots longer than its images need (apparent size:
 * none of it takes a block). */
#define CT_PACK_GROUP 4u

static long ct_fallocate(int fd, uint64_t off, uint64_t len)
{
	long rc;

	do
		rc = syscall(SYS_fallocate, fd, 0L, (off_t)off, (off_t)len);
	while (rc < 0 && errno == EINTR);
	return rc;
}

/* The pack's header page, in a file only this image knows yet; 0, or -1
 * with errno set. */
static int ct_pack_init(int fd)
{
	struct ct_pack_hdr h = { CT_PACK_MAGIC, CT_PACK_SLOT, 0 };

	if (ct_fallocate(fd, 0, CT_PACK_HDR_BYTES) < 0)
		return -1;
	return syscall(SYS_pwrite64, fd, &h, sizeof(h), (off_t)0) == (long)sizeof(h) ? 0 : -1;
}

/* Makes the pack of the run directory `dir`, or finds the one another
 * image linked in first: its descriptor, or -1. */
static int ct_pack_make(int dir)
{
	char tmp[sizeof(ct_g.base) + 16];
	size_t n = ct_strlcpy(tmp, ct_g.base, sizeof(tmp));
	int fd, usable;

	ct_strlcpy(tmp + n, ".ctpack-new", sizeof(tmp) - n);
	fd = ct_sys_openat(dir, tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
	if (fd < 0)
		return -1;
	usable = ct_pack_init(fd) == 0;
	if (usable || errno == EOPNOTSUPP)   /* empty: this file system has no packs */
		syscall(SYS_linkat, dir, tmp, dir, CT_PACK_NAME, 0L);
	syscall(SYS_unlinkat, dir, tmp, 0L);
	ct_sys_close(fd);
	return ct_sys_openat(dir, CT_PACK_NAME, O_RDWR | O_NOFOLLOW, 0);
}

/* The run directory's pack, made if there is none: its descriptor, or -1.
 * Opened without access-time updates where the kernel allows it: every
 * image maps it and its mtime moves with every write, so under relatime
 * each image's mapping would write the inode to the journal. */
static int ct_pack_open(void)
{
	int dir = ct_dir_open_own(ct_g.run_dir), fd;

	if (dir < 0)
		return -1;
	fd = (int)syscall(SYS_openat, dir, CT_PACK_NAME,
			  (long)(O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NOATIME), 0L);
	if (fd < 0 && errno == EPERM)   /* O_NOATIME: the file's owner (or CAP_FOWNER) only */
		fd = (int)syscall(SYS_openat, dir, CT_PACK_NAME,
				  (long)(O_RDWR | O_NOFOLLOW | O_CLOEXEC), 0L);
	if (fd < 0 && errno == ENOENT)
		fd = ct_pack_make(dir);
	syscall(SYS_close, dir);
	return fd;
}

/* The next slot of the pack fd: its index, or CT_PACK_MAX_SLOTS when the
 * pack has none to give (empty, not a pack, all handed out). */
static uint32_t ct_pack_next(int fd, const struct stat *st)
{
	struct ct_pack_hdr *h;
	uint32_t i = CT_PACK_MAX_SLOTS;

	if (!S_ISREG(st->st_mode) || st->st_size < (off_t)CT_PACK_HDR_BYTES)
		return i;
	h = (struct ct_pack_hdr *)syscall(SYS_mmap, NULL, (size_t)CT_PACK_HDR_BYTES,
					  (long)(PROT_READ | PROT_WRITE), (long)MAP_SHARED,
					  (long)fd, (off_t)0);
	if (h == MAP_FAILED)
		return i;
	if (memcmp(h->magic, CT_PACK_MAGIC, sizeof(h->magic)) == 0 && h->slot_size == CT_PACK_SLOT)
		i = __atomic_fetch_add(&h->next_slot, 1, __ATOMIC_RELAXED);
	syscall(SYS_munmap, h, (size_t)CT_PACK_HDR_BYTES);
	return i < CT_PACK_MAX_SLOTS ? i : CT_PACK_MAX_SLOTS;
}

/* Makes the pack fd (st its fstat, taken before the claim: the file only
 * grows) cover slot i: 0, or -1 with errno set. */
static long ct_pack_cover(int fd, const struct stat *st, uint32_t i)
{
	uint64_t end = ct_pack_slot_off(i | (CT_PACK_GROUP - 1)) + CT_PACK_SLOT;

	if ((uint64_t)st->st_size >= ct_pack_slot_off(i) + CT_PACK_SLOT)
		return 0;
	return ct_fallocate(fd, end - 4096, 4096);   /* CT_PACK_MAX_SLOTS is a multiple of the group */
}

/* A slot of the run's pack for this image's log, the file made to cover
 * it: 0 with *s filled (s->fd open, the caller closes it), or -1: the log
 * is a file of its own. */
int ct_pack_claim(struct ct_pack_slot *s)
{
	struct rlimit lim;
	struct stat st;
	int saved = errno, fd;

	if (ct_g.no_pack || getrlimit(RLIMIT_FSIZE, &lim) != 0 || lim.rlim_cur != RLIM_INFINITY)
		return -1;
	fd = ct_pack_open();
	if (fd < 0)
		return -1;
	if (syscall(SYS_fstat, fd, &st) == 0) {
		s->index = ct_pack_next(fd, &st);
		if (s->index < CT_PACK_MAX_SLOTS && ct_pack_cover(fd, &st, s->index) == 0) {
			s->fd = fd;
			s->dev = st.st_dev;
			s->ino = st.st_ino;
			errno = saved;
			return 0;
		}
	}
	ct_sys_close(fd);
	errno = saved;
	return -1;
}
