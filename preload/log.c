/*
 * log.c -- the per-process event log (format: common/ct_log.h).
 *
 * Each thread appends to a chunk of its own through a MAP_SHARED mapping:
 * no lock, no system call per record, and whatever a chunk header counts is
 * in the page cache, so it survives a crash or SIGKILL.
 *
 * No file descriptor is kept, and none is used once the log exists: a host
 * may close every fd, or dup2 its own file over any number at any moment,
 * so a descriptor of ours could name the host's file by the time it is
 * used.  The log is opened once (ct_rundir_open: relative to the checked run
 * directory, never through a link), to map its header and chunk 1 (with
 * the page after it, the anchor) in one mapping;
 * every later chunk is then mapped by duplicating the anchor's mapping (mremap
 * with old size 0 maps the same file again; ct_chunk_map_fd where that is
 * refused), the file is lengthened by path (truncate, once the path is
 * checked to name the log itself: a run directory swapped for a link, or a
 * log replaced by a link or another file, is never lengthened), and disk
 * blocks are taken by faulting the pages in writable before a
 * record is stored there (MADV_POPULATE_WRITE, else process_vm_writev: both
 * fail with EFAULT where a store would SIGBUS).
 * A thread that exits hands the rest of its chunk on (ct_log_thread_done):
 * the next thread to need room writes a segment of its own there, right
 * after the last record of the dead one, so short-lived threads share a
 * chunk and its disk blocks instead of taking one each.
 * ct_rec_open checks one word before each record: this image's log header
 * on a page the kernel zeroes in any child made without CLONE_VM and
 * without fork() (MADV_WIPEONFORK: a raw clone, a Go-style fork), so such a
 * child finds it zero and starts a log of its own (ct_image_unseen) instead
 * of writing into its parent's chunks; a fork child whose fork interrupted
 * a record of ours (a signal handler's fork) keeps it zero while that
 * record may still be finished over its own segment (see ct_hz).
 * Never: a record crossing a chunk, two writers on one segment, errno changed,
 * a descriptor used where another thread could have replaced it, a signal
 * (SIGBUS, SIGXFSZ) raised in the host.
 */
#include <fcntl.h>
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
#include "ct.h"

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23       /* Linux 5.14 */
#endif

#define CT_REC_ALIGN 8u
/* The longest form of a record with `strs` bytes of strings: every varint
 * at its widest, and a word of zeros past its end (see ct_rec_open). */
#define CT_REC_MOST(strs) (sizeof(struct ct_rec_head) + 1 + CT_REC_FIELDS * CT_VARINT_MAX + \
			   sizeof(uint64_t) + (strs))
#define CT_ALLOC_FIRST 4096u         /* disk blocks of a thread's first chunk, at first: doubled as it fills */
#define CT_PAGE 4096u                /* the anchor's length, the gate's page */
#define CT_OFF(idx) ct_chunk_off(CT_LOG_VERSION, (idx))   /* chunk idx in the file */
#define CT_RETRY_NS 10000000u        /* after a failure, records are dropped for 10 ms */
#define CT_FREE_SEGS 64u             /* rests of dead threads' chunks kept for new threads */
#define CT_SEG_MIN 1024u             /* smallest rest of a chunk worth a segment */

#ifndef MADV_WIPEONFORK
#define MADV_WIPEONFORK 18           /* Linux 4.14 */
#endif

static struct ct_log_hdr *ct_hdr CT_FORK_HOT;   /* chunk 0, mapped for the process's life */
/* The gate of ct_rec_open: ct_hdr while records may go the fast way; NULL
 * sends them to ct_rec_slow.  On a MADV_WIPEONFORK page of its own where
 * the kernel has them (else in ct_live_none: a child made without fork()
 * then goes unnoticed). */
struct ct_live {
	struct ct_log_hdr *hdr;
};
static struct ct_live ct_live_none CT_FORK_HOT;
static struct ct_live *ct_live = &ct_live_none;
/* A fork child whose fork ran over a call of ours (ct_log_forget(1)):
 * that call, when it returns, may finish a record it began in the
 * parent's chunk by adding its size to this thread's count.  Until the
 * calls that were in progress have returned (ct_log_hazard_end), every
 * record goes through ct_rec_slow, which takes such a count back: the
 * segment's records from ct_hz_pos on are walked, and what follows the
 * last whole one is not the thread's. */
static int ct_hz CT_FORK_HOT;
static struct ct_chunk_hdr *ct_hz_chunk CT_FORK_HOT;   /* NULL: walk the current segment from 0 */
static uint32_t ct_hz_pos;
static char *ct_anchor CT_FORK_HOT;             /* a page mapped where chunk next_chunk begins (NULL: none yet) */
static char *ct_first CT_FORK_HOT;              /* chunk 1, mapped with the header until claimed */
static int ct_grow_lock;            /* see ct_lock */
static int ct_no_madv;              /* MADV_POPULATE_WRITE unknown to this kernel */
/* A file the log is in, grown and checked by path (no descriptor is
 * kept): the log's own, or the pack and the log's .ctmore. */
struct ct_part {
	const char *suffix;   /* its name after <base> (ct_rundir_open); NULL: the pack */
	dev_t dev;            /* its identity, for ct_part_ours and ct_chunk_map_fd (ino 0: not made) */
	ino_t ino;
	uint64_t base;        /* where the log begins in it: its slot's offset in the pack, else 0 */
	uint64_t size;        /* the log's bytes in it, from `base`: only grows, under ct_grow_lock */
	char *path;           /* CT_PART_PATH bytes of ct_part_paths */
};
#define CT_PART_PATH (PATH_MAX + sizeof(ct_g.base) + 16)
/* The parts' paths apart from them, on pages of their own: a short image
 * writes the first one's first bytes only, and the parts join the small
 * variables. */
static char ct_part_paths[2][CT_PART_PATH] CT_PAGE_ALIGNED;
/* [0]: the header's and chunk 1's file; [1]: that of chunks 2 on, which
 * is [0] itself for a log of its own, <base>.ctmore for a slot's. */
static struct ct_part ct_parts[2] = { { .path = ct_part_paths[0] }, { .path = ct_part_paths[1] } };
static uint32_t ct_slot;            /* the log's slot in the pack + 1; 0: a file of its own */
/* The unwritten rest of a dead thread's chunk: the next segment goes at
 * `off`, bytes below `reserved` have disk blocks.  `map` is the chunk's
 * mapping, which passes to the thread that takes the rest. */
struct ct_free_seg {
	char *map;
	uint32_t idx, off, reserved;
};
static struct ct_free_seg ct_free[CT_FREE_SEGS]; /* under ct_grow_lock */
static uint32_t ct_nfree CT_FORK_HOT;
/* pt names <run_dir>/<base><suffix>, or the pack (suffix NULL) with
 * the log at `base`; nothing of it known yet. */
static void ct_part_set(struct ct_part *pt, const char *suffix, uint64_t base)
{
	size_t n = ct_strlcpy(pt->path, ct_g.run_dir, CT_PART_PATH);

	n += ct_strlcpy(pt->path + n, "/", CT_PART_PATH - n);
	if (suffix)
		n += ct_strlcpy(pt->path + n, ct_g.base, CT_PART_PATH - n);
	ct_strlcpy(pt->path + n, suffix ? suffix : CT_PACK_NAME, CT_PART_PATH - n);
	pt->suffix = suffix;
	pt->dev = 0;
	pt->ino = 0;
	pt->base = base;
	pt->size = 0;
}

/* The file chunk idx is in, where it begins there, and what it holds. */
static struct ct_part *ct_part_of(uint32_t idx)
{
	return &ct_parts[ct_slot && idx >= 2];
}

static uint64_t ct_chunk_foff(uint32_t idx)
{
	return ct_slot ? ct_slot_chunk_off(idx) : CT_OFF(idx);
}

static uint32_t ct_cap(uint32_t idx)
{
	return ct_chunk_cap(ct_slot, idx);
}

/* The lock serialising chunk claims and file growth: 0 free, 1 held, 2
 * held with waiters (who sleep on the futex).  The holder runs with every
 * signal blocked, so no handler can run over its section, longjmp out of
 * it or re-enter it: the lock is always released, and a waiter waits only
 * for a few system calls (or the file system under them). */
static void ct_lock(sigset_t *old)
{
	int c = 0;

	ct_sig_block_all(old);
	if (__atomic_compare_exchange_n(&ct_grow_lock, &c, 1, 0, __ATOMIC_ACQUIRE,
					__ATOMIC_RELAXED))
		return;
	if (c != 2)
		c = __atomic_exchange_n(&ct_grow_lock, 2, __ATOMIC_ACQUIRE);
	while (c != 0) {
		syscall(SYS_futex, &ct_grow_lock, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
		c = __atomic_exchange_n(&ct_grow_lock, 2, __ATOMIC_ACQUIRE);
	}
}

static void ct_unlock(const sigset_t *old)
{
	if (__atomic_exchange_n(&ct_grow_lock, 0, __ATOMIC_RELEASE) == 2)
		syscall(SYS_futex, &ct_grow_lock, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
	ct_sig_restore(old);
}

/* The enum ct_drop for errno after a failed step. */
static int ct_drop_cause(int err)
{
	if (err == ENOSPC || err == EDQUOT || err == EFAULT)
		return CT_DROP_NOSPACE;
	if (err == EFBIG)
		return CT_DROP_FSIZE;
	return CT_DROP_OTHER;
}

/* Does pt's path still name its file (not a link, not another file,
 * whatever its directory became)?  Then a truncate by that path lengthens
 * the log: the one window, between this check and the truncate, is open
 * only to the program itself (the run directory is its own, in a runs
 * directory no one else can change: safedir.c). */
static int ct_part_ours(const struct ct_part *pt)
{
	struct stat st;

	if (syscall(SYS_newfstatat, AT_FDCWD, pt->path, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    st.st_dev == pt->dev && st.st_ino == pt->ino)
		return 1;
	errno = EBADF;
	return 0;
}

/* The log's part of pt made at least `end` bytes long (the caller holds
 * the lock): through fd, pt's, or where fd is -1 by its path (no
 * descriptor: the host may hold every one); never past RLIMIT_FSIZE, where
 * the kernel would send the host SIGXFSZ.  A pack's slot is as long as it
 * will be from its claim (ct_pack_claim).  0 or -1 with errno set. */
static int ct_part_grow_locked(struct ct_part *pt, int fd, uint64_t end)
{
	struct rlimit lim;
	long rc;

	if (end <= pt->size)
		return 0;
	if (getrlimit(RLIMIT_FSIZE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY &&
	    pt->base + end > lim.rlim_cur) {
		errno = EFBIG;
		return -1;
	}
	if (!pt->suffix) {   /* past its slot: never asked for (ct_chunk_cap) */
		errno = EFBIG;
		rc = -1;
	} else if (fd >= 0)
		rc = syscall(SYS_ftruncate, fd, (off_t)end);
	else
		rc = ct_part_ours(pt) ? syscall(SYS_truncate, pt->path, (off_t)end) : -1;
	if (rc < 0)
		return -1;
	__atomic_store_n(&pt->size, end, __ATOMIC_RELEASE);
	return 0;
}

static int ct_part_grow(struct ct_part *pt, uint64_t end)
{
	sigset_t old;
	int rc, err;

	if (end <= __atomic_load_n(&pt->size, __ATOMIC_ACQUIRE))
		return 0;
	ct_lock(&old);
	rc = ct_part_grow_locked(pt, -1, end);
	err = errno;
	ct_unlock(&old);
	errno = err;
	return rc;
}

/* Writes zeros over [p, p + len) of our own mapping through the kernel,
 * which reports a page it cannot back with EFAULT instead of a SIGBUS. */
static int ct_zero_through_kernel(char *p, size_t len)
{
	static char zeros[64 * 1024] CT_PAGE_ALIGNED;
	struct iovec local[CT_CHUNK_SIZE / sizeof(zeros) + 1], remote = { p, len };
	size_t n = 0, left = len;
	ssize_t w;

	while (left > 0 && n < sizeof(local) / sizeof(local[0])) {
		local[n].iov_base = zeros;
		local[n].iov_len = left < sizeof(zeros) ? left : sizeof(zeros);
		left -= local[n++].iov_len;
	}
	w = syscall(SYS_process_vm_writev, getpid(), local, n, &remote, 1UL, 0UL);
	if (w >= 0 && (size_t)w != len)
		errno = EFAULT;
	return w >= 0 && (size_t)w == len ? 0 : -1;
}

/* Disk blocks behind [p, p + len) of the log's mapping (bytes [at, at +
 * len) of chunk idx), taken before any page there is written: a full disk
 * then means a dropped record, never a SIGBUS in the host.  0 or -1,
 * errno set. */
static int ct_log_reserve(char *p, uint32_t idx, uint64_t at, size_t len)
{
	if (ct_part_grow(ct_part_of(idx), ct_chunk_foff(idx) + at + len) < 0)
		return -1;
	if (!ct_no_madv) {
		if (syscall(SYS_madvise, p, len, MADV_POPULATE_WRITE) == 0)
			return 0;
		if (errno != EINVAL)
			return -1;
		ct_no_madv = 1;
	}
	return ct_zero_through_kernel(p, len);
}

/* Maps the header and chunk 1 from fd, the log just created: the only
 * descriptor the log ever has, and one mapping from the file's start to
 * the page after chunk 1 (the next anchor), so the first record needs no
 * mapping of its own.  Signals are
 * blocked and this runs in the constructor or a fork child, before the
 * host's own code; the descriptor's file is still checked against the
 * path before anything is written, and closed only while it is ours. */
static int ct_log_map(int fd)
{
	const size_t len = ct_slot ? CT_PACK_SLOT : CT_OFF(2) + CT_PAGE;
	struct ct_part *pt = &ct_parts[0];
	struct stat a, b;
	char *m;
	int ours;

	m = (char *)syscall(SYS_mmap, NULL, len, (long)(PROT_READ | PROT_WRITE), (long)MAP_SHARED,
			    (long)fd, (off_t)pt->base);
	/* No read-around: the first fault of a sparse file's page would read
	 * (and zero-fill) megabytes around it into the page cache; a mapping
	 * duplicated from the anchor keeps the advice (ct_chunk_map_locked). */
	if (m != MAP_FAILED)
		syscall(SYS_madvise, m, len, MADV_RANDOM);
	/* a slot's pack is known by the descriptor ct_pack_claim checked,
	 * and is never grown by path */
	ours = pt->ino || (syscall(SYS_fstat, fd, &a) == 0 &&
			   syscall(SYS_newfstatat, AT_FDCWD, pt->path, &b, 0) == 0 &&
			   a.st_dev == b.st_dev && a.st_ino == b.st_ino);
	if (ours)
		ct_sys_close(fd);
	if (ours && m != MAP_FAILED) {
		if (!pt->ino) {
			pt->dev = a.st_dev;
			pt->ino = a.st_ino;
		}
		ct_hdr = (struct ct_log_hdr *)m;
		ct_first = m + CT_OFF(1);
		return 0;
	}
	if (m != MAP_FAILED)
		syscall(SYS_munmap, m, len);
	return -1;
}

/* The file long enough for the header and chunk 1's first reservation in
 * one truncate (every image's first record claims chunk 1 at once); where
 * that cannot be had (RLIMIT_FSIZE, a full disk), the header alone, and
 * the first record is then dropped and counted as any other would be. */
static void ct_log_size_first(int fd)
{
	if (ct_part_grow_locked(&ct_parts[0], fd, CT_OFF(1) + CT_ALLOC_FIRST) != 0)
		ct_part_grow_locked(&ct_parts[0], fd, CT_LOG_HDR_BYTES);
}

/* The descriptor of the file the log begins in: a slot of the run's pack
 * (its pages given blocks as a file's are, by ct_log_reserve), else a
 * file of its own, made now; -1 when neither can be had. */
static int ct_log_open_first(void)
{
	struct ct_pack_slot s;
	int fd;

	if (ct_pack_claim(&s) == 0) {
		ct_slot = s.index + 1;
		ct_part_set(&ct_parts[0], NULL, ct_pack_slot_off(s.index));
		ct_parts[0].dev = s.dev;
		ct_parts[0].ino = s.ino;
		ct_parts[0].size = CT_PACK_SLOT;
		ct_parts[1].ino = 0;    /* <base>.ctmore: named when made */
		return s.fd;
	}
	ct_slot = 0;
	ct_part_set(&ct_parts[0], CT_LOG_SUFFIX, 0);
	fd = ct_rundir_open(CT_LOG_SUFFIX, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd >= 0)
		ct_log_size_first(fd);  /* before ct_log_map closes fd */
	return fd;
}

/* The gate opened for this image's log: on the page the kernel wipes in a
 * child it did not make through fork(), mapped once (a fork child finds
 * it zeroed, still there). */
static void ct_live_arm(void)
{
	void *p;

	if (ct_live == &ct_live_none) {
		p = (void *)syscall(SYS_mmap, NULL, (size_t)CT_PAGE,
				    (long)(PROT_READ | PROT_WRITE), (long)(MAP_PRIVATE | MAP_ANONYMOUS),
				    -1L, (off_t)0);
		if (p != MAP_FAILED &&
		    syscall(SYS_madvise, p, (size_t)CT_PAGE, MADV_WIPEONFORK) == 0)
			ct_live = p;
		else if (p != MAP_FAILED)
			syscall(SYS_munmap, p, (size_t)CT_PAGE);
	}
	ct_live->hdr = ct_hz ? NULL : ct_hdr;
}

/* Starts this image's log, in a slot of the run's pack or as
 * <run_dir>/<base>.ctlog, and maps its header; it grows as threads claim
 * chunks and fill them.  The magic is stored last: a reader of the pack
 * takes a slot without it for one never written. */
int ct_log_start(void)
{
	sigset_t old;
	int fd, rc = -1, saved = errno;

	ct_hdr = NULL;
	ct_anchor = NULL;
	ct_grow_lock = 0;
	ct_nfree = 0;
	ct_sig_block_all(&old);
	fd = ct_log_open_first();
	if (fd >= 0)
		rc = ct_log_map(fd);
	ct_sig_restore(&old);
	if (rc == 0 && ct_log_reserve((char *)ct_hdr, 0, 0, CT_LOG_HDR_BYTES) < 0)
		rc = -1;        /* the mappings stay, unused */
	errno = saved;
	if (rc < 0) {
		ct_hdr = NULL;
		return -1;
	}
	ct_hdr->slot = ct_slot;
	if (ct_slot)
		ct_strlcpy(ct_hdr->base, ct_g.base, sizeof(ct_hdr->base));
	ct_hdr->version = CT_LOG_VERSION;
	ct_hdr->chunk_size = CT_CHUNK_SIZE;
	ct_hdr->pid = (uint32_t)ct_g.pid;   /* ct_name_log's, just asked */
	ct_hdr->ppid = (uint32_t)getppid();
	ct_hdr->start_mono_ns = ct_now_ns();
	ct_hdr->start_unix_ns = ct_unix_ns();
	__atomic_store_n(&ct_hdr->next_chunk, 1, __ATOMIC_RELEASE);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	memcpy(ct_hdr->magic, CT_LOG_MAGIC, sizeof(ct_hdr->magic));
	ct_live_arm();
	return 0;
}

static void ct_chunk_release(void)
{
	if (ct_self.chunk)
		syscall(SYS_munmap, (char *)ct_self.chunk - ct_self.seg, (size_t)ct_cap(ct_self.idx));
	ct_self.chunk = NULL;
	ct_self.used = 0;
	ct_self.alloc = 0;
	ct_self.seg = 0;
}

/* Where no mapping can be duplicated (valgrind refuses an old size of 0
 * to mremap; a slot's chunk 2, the first in its .ctmore): pt's file opened
 * again, relative to the run directory, and mapped at `off`; the mapping
 * is kept only when the descriptor still names the file after mmap, so a
 * number the host took over in between is never written.  The one window
 * left, here only: a number the host takes over between that check and
 * our close. */
static char *ct_chunk_map_fd(const struct ct_part *pt, uint64_t off, size_t len)
{
	int fd = ct_rundir_open(pt->suffix, O_RDWR, 0);
	struct stat st;
	char *m;

	if (fd < 0)
		return MAP_FAILED;
	m = (char *)syscall(SYS_mmap, NULL, len, (long)(PROT_READ | PROT_WRITE), (long)MAP_SHARED,
			    (long)fd, (off_t)off);
	if (syscall(SYS_fstat, fd, &st) != 0 || st.st_dev != pt->dev ||
	    st.st_ino != pt->ino) {
		if (m != MAP_FAILED)
			syscall(SYS_munmap, m, len);
		errno = EBADF;
		return MAP_FAILED;
	}
	ct_sys_close(fd);
	return m;
}

/* Maps chunk idx (= next_chunk): a duplicate of the anchor's mapping one
 * chunk and a page long, whose last page becomes the next anchor.  Lock
 * held. */
static struct ct_chunk_hdr *ct_chunk_map_locked(uint32_t idx)
{
	size_t len = CT_CHUNK_SIZE + CT_PAGE;
	char *m = ct_first;

	if (m && idx == 1) {   /* mapped with the header (ct_log_map) */
		ct_first = NULL;
		ct_anchor = ct_slot ? NULL : m + CT_CHUNK_SIZE;   /* a slot ends with chunk 1 */
		return (struct ct_chunk_hdr *)m;
	}
	m = MAP_FAILED;
	if (ct_anchor)
		m = (char *)syscall(SYS_mremap, ct_anchor, (size_t)0, len, (long)MREMAP_MAYMOVE);
	if (!ct_anchor || (m == MAP_FAILED && errno == EINVAL))
		m = ct_chunk_map_fd(ct_part_of(idx), ct_chunk_foff(idx), len);
	if (m == MAP_FAILED)
		return NULL;
	if (ct_anchor)
		syscall(SYS_munmap, ct_anchor, (size_t)CT_PAGE);
	ct_anchor = m + CT_CHUNK_SIZE;
	return (struct ct_chunk_hdr *)m;
}

/* Disk blocks this thread's next reservation asks for: a thread that
 * filled a chunk gets whole ones (each reservation takes the lock and a
 * few system calls); a short-lived one only what it uses, doubling.  The
 * reserved end of the chunk (`end`) stays a multiple of CT_ALLOC_FIRST,
 * so every reservation starts on a page, whatever the segment. */
static uint32_t ct_chunk_want(uint32_t idx)
{
	uint32_t end = ct_self.seg + ct_self.alloc, cap = ct_cap(idx);

	if (end)
		return end < cap - end ? end : cap - end;
	return ct_self.seq ? cap : CT_ALLOC_FIRST;
}

/* Starts this thread's segment at ct_self.chunk once its first bytes
 * have disk blocks (a segment has its header exactly when `alloc` covers
 * it): the header, its magic stored last. */
static void ct_seg_open(void)
{
	struct ct_chunk_hdr *c = ct_self.chunk;

	c->tid = ct_gettid();
	c->seq = ct_self.seq++;
	c->used = 0;
	__atomic_store_n(&c->magic, CT_CHUNK_MAGIC, __ATOMIC_RELEASE);
}

/* Takes the latest rest of a dead thread's chunk with room for `need`
 * bytes (a segment header and the record to come), if any (lock held).
 * A rest too small for this record stays for a smaller one. */
static int ct_seg_take_locked(uint32_t need)
{
	struct ct_free_seg f;
	uint32_t i = ct_nfree;

	while (i > 0 && ct_cap(ct_free[i - 1].idx) - ct_free[i - 1].off < need)
		i--;
	if (!i)
		return 0;
	f = ct_free[i - 1];
	ct_free[i - 1] = ct_free[--ct_nfree];
	ct_self.chunk = (struct ct_chunk_hdr *)(f.map + f.off);
	ct_self.idx = f.idx;
	ct_self.seg = f.off;
	ct_self.alloc = f.reserved - f.off;
	ct_self.used = 0;
	return 1;
}

/* A slot's chunks 2 on go to <base>.ctmore, made for the first of them
 * (the lock held); 0, or -1 with errno set. */
static int ct_more_make_locked(uint32_t idx)
{
	struct ct_part *pt = ct_part_of(idx);
	struct stat st;
	int fd, rc;

	if (!ct_slot || idx < 2 || pt->ino)
		return 0;
	ct_part_set(pt, CT_MORE_SUFFIX, 0);
	fd = ct_rundir_open(CT_MORE_SUFFIX, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		return -1;
	rc = (int)syscall(SYS_fstat, fd, &st);
	ct_sys_close(fd);
	if (rc == 0) {
		pt->dev = st.st_dev;
		pt->ino = st.st_ino;
	}
	return rc;
}

/* Gives this thread the rest of a dead thread's chunk with room for
 * `need` bytes, its segment started, or else the chunk at next_chunk, mapped, the file long enough
 * for its first reservation.  The index is taken only when both are done,
 * so a failure costs no chunk and next_chunk never passes the file's end.
 * 0 or -1 with errno set. */
static int ct_chunk_claim(uint32_t need)
{
	struct ct_chunk_hdr *c = NULL;
	sigset_t old;
	uint32_t idx;
	int err;

	ct_lock(&old);
	if (ct_seg_take_locked(need)) {
		if (ct_self.alloc >= sizeof(struct ct_chunk_hdr))
			ct_seg_open();
		ct_unlock(&old);
		return 0;
	}
	idx = ct_hdr->next_chunk;
	if (idx >= CT_LOG_MAX_CHUNKS)
		errno = 0;      /* CT_DROP_FULL */
	else if (ct_more_make_locked(idx) == 0 &&
		 ct_part_grow_locked(ct_part_of(idx), -1, ct_chunk_foff(idx) + ct_chunk_want(idx)) == 0)
		c = ct_chunk_map_locked(idx);
	if (c) {
		__atomic_store_n(&ct_hdr->next_chunk, idx + 1, __ATOMIC_RELEASE);
		ct_self.chunk = c;   /* here, signals blocked: a fork in a handler never sees it half done */
		ct_self.idx = idx;
	}
	err = errno;
	ct_unlock(&old);
	errno = err;
	return c ? 0 : -1;
}

/* Disk blocks for `need` bytes of the current segment; its header is
 * written with the first of them.  0 or -1 with errno set.  A fork made
 * in a signal handler while the blocks were taken leaves a child whose
 * thread has a chunk of its new log instead: its room is what counts. */
static int ct_chunk_reserve(uint32_t need)
{
	while (need > ct_self.alloc) {
		struct ct_chunk_hdr *c = ct_self.chunk;
		uint32_t want = ct_chunk_want(ct_self.idx);

		if (ct_log_reserve((char *)c + ct_self.alloc, ct_self.idx,
				   ct_self.seg + ct_self.alloc, want) < 0)
			return -1;
		if (ct_self.chunk != c)
			continue;   /* a fork child made in a handler meanwhile: its own chunk's room */
		if (ct_self.alloc < sizeof(struct ct_chunk_hdr))
			ct_seg_open();
		ct_self.alloc += want;
	}
	return 0;
}

/* Counts a lost record under its cause. */
static void ct_drop(int cause, int err)
{
	__atomic_fetch_add(ct_log_drops(ct_hdr, cause), 1, __ATOMIC_RELAXED);
	if (cause == CT_DROP_OTHER)
		__atomic_store_n(&ct_hdr->drop_errno, err, __ATOMIC_RELAXED);
	__atomic_fetch_add(&ct_hdr->dropped, 1, __ATOMIC_RELAXED);
}

/* A call made while a clone(CLONE_VM) child shares this thread's state
 * (clone.c): its record is not written, but counted. */
void ct_log_drop_shared(void)
{
	if (!ct_hdr)
		return;
	__atomic_fetch_add(ct_log_drops(ct_hdr, CT_DROP_SHARED), 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&ct_hdr->dropped, 1, __ATOMIC_RELAXED);
}

/* ct_chunk_room's slow path: a new chunk when this one cannot hold the
 * record, disk blocks as needed.  After a failure, records are dropped
 * without a try for CT_RETRY_NS, then tried again: a brief EMFILE-like
 * condition costs only the records of its moment. */
static __attribute__((noinline)) int ct_chunk_more(uint32_t size)
{
	uint64_t now;
	int saved = errno;

	if (ct_sealed()) {   /* room would take system calls */
		ct_drop(CT_DROP_SEALED, 0);
		return -1;
	}
	now = ct_now_ns();
	if (now < ct_self.retry_ns) {
		ct_drop(ct_self.why, ct_self.why_errno);
		return -1;
	}
	if (ct_self.chunk &&
	    sizeof(struct ct_chunk_hdr) + ct_self.used + size > ct_cap(ct_self.idx) - ct_self.seg)
		ct_chunk_release();   /* a full chunk is unmapped at once */
	if ((ct_self.chunk || ct_chunk_claim((uint32_t)sizeof(struct ct_chunk_hdr) + size) == 0) &&
	    ct_chunk_reserve((uint32_t)sizeof(struct ct_chunk_hdr) + ct_self.used + size) == 0) {
		ct_self.retry_ns = 0;
		errno = saved;
		return 0;
	}
	ct_self.why = errno ? (uint8_t)ct_drop_cause(errno) : CT_DROP_FULL;
	ct_self.why_errno = errno;
	ct_self.retry_ns = now + CT_RETRY_NS;
	ct_drop(ct_self.why, ct_self.why_errno);
	errno = saved;
	return -1;
}

/* Room for `size` more bytes of records in this thread's chunk; -1: the
 * record is lost (and counted). */
static inline int ct_chunk_room(uint32_t size)
{
	if (ct_likely(ct_self.chunk &&
		      sizeof(struct ct_chunk_hdr) + ct_self.used + size <= ct_self.alloc))
		return 0;
	return ct_chunk_more(size);
}

/* Field `bit` of the present mask, as a LEB128 varint when non-zero. */
static inline char *ct_field(char *p, unsigned *present, unsigned bit, uint64_t x)
{
	if (!x)
		return p;
	*present |= bit;
	while (x >= 0x80) {
		*p++ = (char)(x | 0x80);
		x >>= 7;
	}
	*p++ = (char)x;
	return p;
}

/*
 * A record is stored straight into the chunk, in one pass: room is asked
 * for its longest form (every varint at its widest, and a word of zeros
 * past its end that pads it to 8 bytes), then it takes what it needs.
 * ct_log_emit and ct_log_emit1 (one string or none: most records, without
 * the loops) share these steps, inlined into each.
 */
#define CT_STEP static inline __attribute__((always_inline))

/* A count the call interrupted by this child's fork added for a record
 * it wrote elsewhere (see ct_hz) is taken back: the segment ends after its
 * last whole record. */
static void ct_hz_check(void)
{
	struct ct_chunk_hdr *c = ct_self.chunk;
	uint32_t q = c == ct_hz_chunk ? ct_hz_pos : 0;
	uint16_t size;

	if (!c)
		return;
	while (q < ct_self.used) {
		memcpy(&size, (char *)(c + 1) + q, sizeof(size));
		if (!size)
			break;
		q += size;
	}
	if (q < ct_self.used) {
		ct_self.used = q;
		__atomic_store_n(&c->used, q, __ATOMIC_RELEASE);
	}
}

/* The calls this fork child interrupted have all returned: records go the
 * fast way again. */
void ct_log_hazard_end(void)
{
	if (!ct_hz)
		return;
	ct_hz_check();
	ct_hz = 0;
	ct_live->hdr = ct_hdr;
}

/* ct_rec_open's way when the gate is shut: no log; a child the kernel
 * made without fork(), which starts its own; or a fork child whose fork
 * interrupted a record of ours.  Where the record goes, or NULL. */
static __attribute__((noinline)) char *ct_rec_slow(size_t most)
{
	if (!ct_hz && ct_hdr)
		ct_image_unseen();
	else if (!ct_hdr)
		ct_log_ready();
	if (!ct_hdr)
		return NULL;
	if (ct_hz)
		ct_hz_check();
	if (ct_chunk_room((uint32_t)most) < 0)
		return NULL;
	ct_hz_chunk = ct_self.chunk;
	ct_hz_pos = ct_self.used;
	return (char *)(ct_self.chunk + 1) + ct_self.used;
}

/* Room for a record with `strs` bytes of strings: where it starts, or NULL
 * (the record is lost, and counted). */
CT_STEP char *ct_rec_open(size_t strs)
{
	size_t most = CT_REC_MOST(strs);

	if (ct_unlikely(!ct_live->hdr))
		return ct_rec_slow(most);
	if (ct_chunk_room((uint32_t)most) < 0)
		return NULL;
	return (char *)(ct_self.chunk + 1) + ct_self.used;
}

/* The present byte and the fields after the head; where strings go. */
CT_STEP char *ct_rec_fields(char *dst, uint64_t dur_ns, int64_t result, int err,
			     int64_t a0, int64_t a1, int64_t a2)
{
	char *p = dst + sizeof(struct ct_rec_head) + 1;
	unsigned present = 0;

	p = ct_field(p, &present, 1u << 0, dur_ns);
	p = ct_field(p, &present, 1u << 1, ct_zigzag(result));
	p = ct_field(p, &present, 1u << 2, ct_zigzag(err));
	p = ct_field(p, &present, 1u << 3, ct_zigzag(a0));
	p = ct_field(p, &present, 1u << 4, ct_zigzag(a1));
	p = ct_field(p, &present, 1u << 5, ct_zigzag(a2));
	dst[sizeof(struct ct_rec_head)] = (char)present;
	return p;
}

/* s (len bytes) and its NUL at p; what follows them. */
CT_STEP char *ct_rec_str(char *p, const char *s, size_t len)
{
	memcpy(p, s, len);
	p[len] = '\0';
	return p + len + 1;
}

/* The record from dst ends at p: padding, head, and the chunk's count. */
CT_STEP void ct_rec_close(char *dst, char *p, int kind, int nstr, uint64_t t_ns)
{
	const uint64_t zero = 0;
	uint32_t size = (uint32_t)((size_t)(p - dst) + CT_REC_ALIGN - 1) & ~(CT_REC_ALIGN - 1);
	struct ct_rec_head head = { (uint16_t)size, (uint8_t)kind, (uint8_t)nstr,
				    ct_self.import_id, t_ns };

	memcpy(p, &zero, sizeof(zero));
	memcpy(dst, &head, sizeof(head));
	if (ct_unlikely(!ct_self.chunk))
		return;   /* a fork child's interrupted record, the child untraced (ct_log_forget) */
	ct_self.used += size;
	__atomic_store_n(&ct_self.chunk->used, ct_self.used, __ATOMIC_RELEASE);
}

void ct_log_emit(int kind, uint64_t t_ns, uint64_t dur_ns, int64_t result,
		 int err, int64_t a0, int64_t a1, int64_t a2,
		 int nstr, const char *const *strs)
{
	size_t lens[4], total = 0;
	char *dst, *p;

	if (nstr > 4)
		return;
	for (int i = 0; i < nstr; i++) {
		lens[i] = strnlen(strs[i], CT_STR_MAX - 1);
		total += lens[i] + 1;
	}
	dst = ct_rec_open(total);
	if (!dst)
		return;
	p = ct_rec_fields(dst, dur_ns, result, err, a0, a1, a2);
	for (int i = 0; i < nstr; i++)
		p = ct_rec_str(p, strs[i], lens[i]);
	ct_rec_close(dst, p, kind, nstr, t_ns);
}

void ct_log_emit1(int kind, uint64_t t_ns, uint64_t dur_ns, int64_t result,
		  int err, int64_t a0, int64_t a1, int64_t a2, const char *s)
{
	size_t len = s ? strnlen(s, CT_STR_MAX - 1) : 0;
	char *dst = ct_rec_open(s ? len + 1 : 0), *p;

	if (!dst)
		return;
	p = ct_rec_fields(dst, dur_ns, result, err, a0, a1, a2);
	if (s)
		p = ct_rec_str(p, s, len);
	ct_rec_close(dst, p, kind, s != NULL, t_ns);
}

/* A record with one string of len bytes (at most CT_STR_MAX - 1) that the
 * caller writes in place, where its stack has no room for a copy: the
 * place, or NULL (the record is lost, and counted); ct_log_close1 ends it. */
char *ct_log_open1(struct ct_recw *w, size_t len, int64_t a0, int64_t a1, int64_t a2)
{
	w->dst = ct_rec_open(len + 1);
	if (!w->dst)
		return NULL;
	w->s = ct_rec_fields(w->dst, 0, 0, 0, a0, a1, a2);
	w->len = len;
	return w->s;
}

void ct_log_close1(const struct ct_recw *w, int kind, uint64_t t_ns)
{
	w->s[w->len] = '\0';
	ct_rec_close(w->dst, w->s + w->len + 1, kind, 1, t_ns);
}

/* A seccomp filter is about to go in, after which no room can be had:
 * room in this thread's chunk for the SECCOMP record and for the end's
 * (SIGNAL, EXIT: one empty string each), made while system calls are
 * still allowed.  Once the SECCOMP record is written, ct_log_seal_hold
 * keeps the end's part from the records in between; the end gives it
 * back (ct_log_seal_release).  All on this thread: an end on another
 * thread has only what its own chunk has left. */
#define CT_END_ROOM ((uint32_t)(2 * CT_REC_MOST(1)))

void ct_log_seal_prepare(void)
{
	ct_log_ready();
	if (ct_hdr)
		ct_chunk_room((uint32_t)CT_REC_MOST(0) + CT_END_ROOM);
}

void ct_log_seal_hold(void)
{
	if (ct_self.chunk && sizeof(struct ct_chunk_hdr) + ct_self.used + CT_END_ROOM <=
			     ct_self.alloc) {
		ct_self.alloc -= CT_END_ROOM;
		ct_self.held = CT_END_ROOM;
	}
}

void ct_log_seal_release(void)
{
	ct_self.alloc += ct_self.held;
	ct_self.held = 0;
}

/* The thread is done writing: the rest of its chunk (with the disk blocks
 * already taken there) goes to the next thread that needs room, when it is
 * worth a segment and the list has a place; else the chunk is unmapped.  Everything this
 * thread wrote is counted in its `used`, which is final from here: a
 * reader finds the next segment's header right after it. */
void ct_log_thread_done(void)
{
	uint32_t off = ct_self.seg + (uint32_t)sizeof(struct ct_chunk_hdr) + ct_self.used;
	sigset_t old;
	int kept = 0;

	if (ct_sealed())     /* the lock and munmap are system calls; the chunk stays as it is */
		return;
	if (ct_hdr && ct_self.chunk && off + CT_SEG_MIN <= ct_cap(ct_self.idx)) {
		ct_lock(&old);
		if (ct_nfree < CT_FREE_SEGS) {
			ct_free[ct_nfree++] = (struct ct_free_seg){
				(char *)ct_self.chunk - ct_self.seg, ct_self.idx, off,
				ct_self.seg + ct_self.alloc };
			kept = 1;
		}
		ct_unlock(&old);
	}
	if (kept)
		ct_self.chunk = NULL;
	ct_chunk_release();
}

/* The parent this image's log names (its header's), asked once. */
uint32_t ct_log_ppid(void)
{
	return ct_hdr ? ct_hdr->ppid : (uint32_t)getppid();
}

/* When this image's log began (CLOCK_MONOTONIC), 0 without one. */
uint64_t ct_log_start_ns(void)
{
	return ct_hdr ? ct_hdr->start_mono_ns : 0;
}

/* The exit snapshot is written.  Threads still running may append after
 * this; the file is never shrunk under them. */
void ct_log_finish(void)
{
	if (ct_hdr)
		__atomic_store_n(&ct_hdr->finished, 1, __ATOMIC_RELEASE);
}

/* fork child: the parent's mappings are shared with the parent; writing to
 * them would corrupt its log.  Leave them mapped (other threads' chunks are
 * unknown here) but never touch them again.  busy: the fork ran over a
 * call of ours, which may go on writing a record into this thread's chunk
 * when it returns: that chunk becomes private memory here first, and
 * records wait for ct_log_hazard_end (see ct_hz).  After a seccomp filter
 * no mmap is made: the interrupted record then writes into the parent's
 * chunk the very bytes the parent itself writes there, and the child,
 * untraced, nothing more. */
void ct_log_forget(int busy)
{
	if (busy && ct_self.chunk && !ct_sealed())
		syscall(SYS_mmap, (char *)ct_self.chunk - ct_self.seg, (size_t)ct_cap(ct_self.idx),
			(long)(PROT_READ | PROT_WRITE), (long)(MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED),
			-1L, (off_t)0);
	ct_hz = busy;
	ct_hz_chunk = NULL;
	ct_live->hdr = NULL;
	ct_hdr = NULL;
	ct_anchor = NULL;
	ct_first = NULL;
	ct_nfree = 0;
	ct_self.chunk = NULL;
	ct_self.used = 0;
	ct_self.alloc = 0;
	ct_self.seg = 0;
	ct_self.seq = 0;
	ct_self.retry_ns = 0;
}
