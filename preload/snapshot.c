/*
 * snapshot.c -- /proc/self as the process leaves it, taken from inside so
 * nothing races the exit: status, cgroup, the open fds with their targets
 * and smaps, copied raw into the log itself as SNAP records after the EXIT
 * record (common/ct_log.h): each section opened by an empty record that
 * names it, then its text in pieces of up to CT_STR_MAX - 1 bytes.  No
 * file of its own: on ext4 each file made is an inode allocation (with
 * the run directory's lock held), and in a build most images live long
 * enough to take a snapshot.  Async-signal-safe: raw system calls, the
 * log's own room and stack buffers only.
 *
 * The smaps section holds what the record needs of /proc/self/smaps, each
 * mapping's /proc/self/maps line followed by its "Size:" and "Rss:", with
 * Rss counted from /proc/self/pagemap's present pages (its PAGEMAP_SCAN
 * ranges, else its entries' present bits): the same pages, without smaps'
 * PSS and dozen other counters (at the end of import
 * torch: the whole snapshot ~7 ms, where copying smaps alone took 12 ms).
 * Where pagemap cannot be read, or a mapping is too large for it (pagemap
 * costs ~1.3 s per TiB even where nothing is resident, and sanitizers,
 * JVMs and allocators reserve TiBs), smaps itself is copied: the kernel
 * skips the empty parts of a reservation there.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

/* Section part begins (again: what came of it before is dropped). */
static void ct_section(int part)
{
	struct ct_recw w;

	if (ct_log_open1(&w, 0, part, 1, 0))
		ct_log_close1(&w, CT_EV_SNAP, ct_now_ns());
}

/* n bytes of section part, in records of at most CT_STR_MAX - 1 bytes. */
static void ct_snap_put(int part, const char *s, size_t n)
{
	struct ct_recw w;
	size_t take;

	for (; n; s += take, n -= take) {
		take = n < CT_STR_MAX - 1 ? n : CT_STR_MAX - 1;
		if (ct_log_open1(&w, take, part, 0, 0)) {
			memcpy(w.s, s, take);
			ct_log_close1(&w, CT_EV_SNAP, ct_now_ns());
		}
	}
}

/* The file from as section part, read straight into the records. */
static void ct_copy(const char *from, int part)
{
	int in = ct_sys_open(from, O_RDONLY, 0);
	struct ct_recw w;
	ssize_t n;

	if (in < 0)
		return;
	ct_section(part);
	while (ct_log_open1(&w, CT_STR_MAX - 1, part, 0, 0) &&
	       (n = ct_sys_read(in, w.s, CT_STR_MAX - 1)) > 0) {
		w.len = (size_t)n;
		ct_log_close1(&w, CT_EV_SNAP, ct_now_ns());
	}
	ct_sys_close(in);
}

static void ct_fd_line(const char *name, int dirfd)
{
	char target[1024], line[1100];
	long len = syscall(SYS_readlinkat, dirfd, name, target, sizeof(target) - 1);
	size_t n;

	if (len < 0)
		return;
	target[len] = '\0';
	n = ct_strlcpy(line, name, sizeof(line));
	line[n++] = ' ';
	n += ct_strlcpy(line + n, target, sizeof(line) - n);
	if (n >= sizeof(line) - 1)
		n = sizeof(line) - 2;
	line[n++] = '\n';
	ct_snap_put(CT_SNAPP_FDS, line, n);
}

static int ct_is_fd(const char *name, int fd)
{
	char num[16];

	return strcmp(name, ct_utoa((uint64_t)fd, num + sizeof(num))) == 0;
}

/* "<fd> <target>" per open descriptor; coldtrace's own (the directory
 * being read) left out. */
static void ct_fds(void)
{
	char buf[8192];
	int dir = ct_sys_open("/proc/self/fd", O_RDONLY | O_DIRECTORY, 0);
	long n;

	ct_section(CT_SNAPP_FDS);
	while (dir >= 0 && (n = syscall(SYS_getdents64, dir, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n;) {
			struct dirent64 *d = (struct dirent64 *)(buf + off);

			if (d->d_name[0] != '.' && !ct_is_fd(d->d_name, dir))
				ct_fd_line(d->d_name, dir);
			off += d->d_reclen;
		}
	}
	if (dir >= 0)
		ct_sys_close(dir);
}

#define CT_PAGE 4096u
#define CT_PAGEMAP_MAX (1ull << 30)   /* a larger mapping: smaps is copied instead */

/* PAGEMAP_SCAN (Linux 6.7, not in Debian 12's headers): the kernel hands
 * back the present ranges of an address range, where a read of pagemap
 * makes and copies 8 bytes a page (~3x the time on a 2.8 GiB process). */
struct ct_page_region {
	uint64_t start, end, categories;
};

/* Pagemap entries of pages [first, first + n): mappings side by side (a
 * library's four or five) share one read instead of a read each; and the
 * present ranges one PAGEMAP_SCAN handed back, reg[next, nreg), which
 * describe every present page of [.., scan_end): mappings come in address
 * order, so one scan that runs on past a mapping serves the ones after it.
 * Zeroed once, whole: valgrind cannot see the kernel fill reg or ent. */
struct ct_pagemap {
	int fd;
	int no_scan;            /* the kernel has no PAGEMAP_SCAN */
	uint64_t first;
	uint64_t n;
	uint64_t ent[512];
	uint64_t scan_end;
	long next, nreg;
	struct ct_page_region reg[64];
};

typedef uint64_t ct_v2 __attribute__((vector_size(16)));

static inline ct_v2 ct_v2_at(const uint64_t *e)
{
	ct_v2 v;

	memcpy(&v, e, sizeof(v));
	return v >> 63;
}

/* Entries of e[0, n) with bit 63 (present) set, two at a time in four
 * sums: a process's mappings span 10^5 pages and more. */
static uint64_t ct_present_count(const uint64_t *e, uint64_t n)
{
	ct_v2 a = { 0, 0 }, b = a, c = a, d = a;
	uint64_t i = 0, pages;

	for (; i + 8 <= n; i += 8) {
		a += ct_v2_at(e + i);
		b += ct_v2_at(e + i + 2);
		c += ct_v2_at(e + i + 4);
		d += ct_v2_at(e + i + 6);
	}
	a += b + c + d;
	pages = a[0] + a[1];
	for (; i < n; i++)
		pages += e[i] >> 63;
	return pages;
}

struct ct_pm_scan_arg {
	uint64_t size, flags, start, end, walk_end, vec, vec_len, max_pages;
	uint64_t category_inverted, category_mask, category_anyof_mask, return_mask;
};
#define CT_PAGE_IS_PRESENT (1ull << 3)
#define CT_PAGEMAP_SCAN _IOWR('f', 16, struct ct_pm_scan_arg)

#define CT_SCAN_AHEAD (64ull << 20)   /* how far past a mapping one scan runs */

/* Pages of the known ranges inside [start, end); the ranges that end
 * there are used up, one that runs on stays for the next mapping. */
static uint64_t ct_scan_take(struct ct_pagemap *pm, uint64_t start, uint64_t end)
{
	uint64_t pages = 0, lo, hi;

	for (; pm->next < pm->nreg; pm->next++) {
		const struct ct_page_region *r = &pm->reg[pm->next];

		if (r->start >= end)
			break;
		lo = r->start > start ? r->start : start;
		hi = r->end < end ? r->end : end;
		if (lo < hi)
			pages += (hi - lo) / CT_PAGE;
		if (r->end > end)
			break;
	}
	return pages;
}

/* The next ranges from `from` on, up to CT_SCAN_AHEAD past end; -1 when
 * the kernel refuses (an older one has no such ioctl: not asked again;
 * a range such as [vsyscall]: that mapping alone). */
static int ct_scan_more(struct ct_pagemap *pm, uint64_t from, uint64_t end)
{
	struct ct_pm_scan_arg a = {
		.size = sizeof(a), .start = from, .end = end + CT_SCAN_AHEAD,
		.vec = (uintptr_t)pm->reg, .vec_len = sizeof(pm->reg) / sizeof(pm->reg[0]),
		.category_mask = CT_PAGE_IS_PRESENT, .return_mask = CT_PAGE_IS_PRESENT,
	};
	long n = (long)syscall(SYS_ioctl, pm->fd, CT_PAGEMAP_SCAN, &a);

	pm->next = pm->nreg = 0;
	if (a.end < end || n < 0 || a.walk_end <= from) {
		pm->no_scan = n < 0 && errno == ENOTTY;
		pm->scan_end = 0;
		return -1;
	}
	pm->nreg = n;
	pm->scan_end = a.walk_end;
	return 0;
}

/* Present pages of [start, end) by PAGEMAP_SCAN; -1 when it cannot say. */
static int64_t ct_present_scan(struct ct_pagemap *pm, uint64_t start, uint64_t end)
{
	uint64_t pages = 0;

	if (pm->scan_end <= start)
		pm->next = pm->nreg = 0;   /* what is known ends before this mapping */
	for (;;) {
		pages += ct_scan_take(pm, start, end);
		if (pm->scan_end >= end)
			return (int64_t)pages;
		if (pm->no_scan || ct_scan_more(pm, pm->scan_end > start ? pm->scan_end : start,
						end) < 0)
			return -1;
	}
}

/* Present pages of [start, end), from pagemap entries (bit 63). */
static uint64_t ct_present_read(struct ct_pagemap *pm, uint64_t start, uint64_t end)
{
	uint64_t pg = start / CT_PAGE, last = end / CT_PAGE, pages = 0;

	while (pg < last) {
		uint64_t stop;

		if (pg < pm->first || pg - pm->first >= pm->n) {
			long got = (long)syscall(SYS_pread64, pm->fd, pm->ent, sizeof(pm->ent),
						 (off_t)(pg * 8));

			if (got < 8)
				break;
			pm->first = pg;
			pm->n = (uint64_t)got / 8;
		}
		stop = pm->first + pm->n < last ? pm->first + pm->n : last;
		pages += ct_present_count(pm->ent + (pg - pm->first), stop - pg);
		pg = stop;
	}
	return pages;
}

/* Resident kB of [start, end): PAGEMAP_SCAN where the kernel has it, else
 * (or for a range it refuses, such as [vsyscall]) pagemap's entries. */
static uint64_t ct_present_kb(struct ct_pagemap *pm, uint64_t start, uint64_t end)
{
	int64_t pages = ct_present_scan(pm, start, end);

	if (pages < 0)
		pages = (int64_t)ct_present_read(pm, start, end);
	return (uint64_t)pages * (CT_PAGE / 1024);
}

/* The hex number at *p (lower case, as maps has it); *p moves past it. */
static uint64_t ct_hex_field(const char **p)
{
	const unsigned char *s = (const unsigned char *)*p;
	uint64_t v = 0;

	for (;; s++) {
		unsigned d = *s - (unsigned)'0';

		if (d > 9) {
			d = *s - (unsigned)'a';
			if (d > 5)
				break;
			d += 10;
		}
		v = v << 4 | d;
	}
	*p = (const char *)s;
	return v;
}

struct ct_outbuf {
	size_t n;
	char buf[8192];
};

static void ct_out_flush(struct ct_outbuf *o)
{
	ct_snap_put(CT_SNAPP_SMAPS, o->buf, o->n);
	o->n = 0;
}

static void ct_out_put(struct ct_outbuf *o, const char *s, size_t n)
{
	if (o->n + n > sizeof(o->buf))
		ct_out_flush(o);
	if (n > sizeof(o->buf))
		n = sizeof(o->buf);
	memcpy(o->buf + o->n, s, n);
	o->n += n;
}

/* "\nRss: <kb> kB\n" into out (room for 40 bytes); its length. */
static size_t ct_rss_text(char *out, uint64_t kb)
{
	static const char label[] = "\nRss: ";
	char num[24], *s = ct_utoa(kb, num + sizeof(num));
	size_t n = (size_t)(num + sizeof(num) - 1 - s);

	memcpy(out, label, sizeof(label) - 1);
	memcpy(out + sizeof(label) - 1, s, n);
	memcpy(out + sizeof(label) - 1 + n, " kB\n", 4);
	return sizeof(label) - 1 + n + 4;
}

/* One maps line (without its newline) and its Rss; -1 (nothing written)
 * for a mapping larger than CT_PAGEMAP_MAX.  No Size line: the range says
 * it. */
static int ct_rss_line(struct ct_outbuf *o, struct ct_pagemap *pm, const char *line,
		       size_t len)
{
	char text[40];
	const char *p = line;
	uint64_t start = ct_hex_field(&p), end;

	p++;
	end = ct_hex_field(&p);
	if (end - start > CT_PAGEMAP_MAX)
		return -1;
	ct_out_put(o, line, len);
	ct_out_put(o, text, ct_rss_text(text, ct_present_kb(pm, start, end)));
	return 0;
}

/* The smaps section from pagemap; 0, or -1 when pagemap cannot be used
 * (nothing written then).  A mapping too large for pagemap: smaps itself
 * takes the section's place. */
static int ct_rss_snapshot(void)
{
	char buf[8192];   /* with o and pm's entries, ~20 KiB of stack: this may
			     run in a signal handler */
	struct ct_outbuf o;
	struct ct_pagemap pm = { .fd = ct_sys_open("/proc/self/pagemap", O_RDONLY, 0) };
	int in = pm.fd >= 0 ? ct_sys_open("/proc/self/maps", O_RDONLY, 0) : -1;
	size_t have = 0;
	ssize_t got;
	int big = 0;

	if (in < 0) {
		if (pm.fd >= 0)
			ct_sys_close(pm.fd);
		return -1;
	}
	ct_section(CT_SNAPP_SMAPS);
	o.n = 0;
	while (!big && (got = ct_sys_read(in, buf + have, sizeof(buf) - have)) > 0) {
		char *line = buf, *eol;

		have += (size_t)got;
		while (!big && (eol = memchr(line, '\n', (size_t)(buf + have - line))) != NULL) {
			big = ct_rss_line(&o, &pm, line, (size_t)(eol - line)) < 0;
			line = eol + 1;
		}
		have = (size_t)(buf + have - line);
		memmove(buf, line, have);
		if (have == sizeof(buf))
			have = 0;   /* a line longer than the buffer: dropped */
	}
	if (big)
		ct_copy("/proc/self/smaps", CT_SNAPP_SMAPS);
	else
		ct_out_flush(&o);
	ct_sys_close(in);
	ct_sys_close(pm.fd);
	return 0;
}

void ct_snapshot_write(void)
{
	ct_copy("/proc/self/status", CT_SNAPP_STATUS);
	ct_copy("/proc/self/cgroup", CT_SNAPP_CGROUP);
	ct_fds();
	if (ct_rss_snapshot() != 0)             /* the long one last */
		ct_copy("/proc/self/smaps", CT_SNAPP_SMAPS);
}
