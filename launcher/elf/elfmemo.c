/*
 * elfmemo.c -- ct_elf_inspect, each file read once per process: a merge
 * of N short images asks about the same few objects (the program, libc,
 * the loader, the shim) N times, and each reading is an open, a fstat, a
 * readlink and three or more preads.  An entry is kept per path and used
 * again while stat(2) shows the same file (device, inode, size,
 * modification and change times), so a file replaced in between is read
 * anew; one rewritten in place to the same size within the file system's
 * timestamp granularity (a few ms) is not noticed.  Within one pass (a
 * merge: ct_elf_memo_pass) a path is stat'ed once: a merge of 200 images
 * made 1,200 stat calls of the same four files, a fifth of its time.  The
 * caller gets its own copy of every string, as from ct_elf_read.
 * Never: an answer for a file other than the one at path now.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ct_elf.h"
#include "lib/map.h"

struct ct_elf_memo {
	struct stat st;
	unsigned pass;      /* the pass that last saw st be the file's */
	int rc;
	struct ct_elf_info info;
	char path[];
};

static struct ct_map ct_memo;   /* path -> struct ct_elf_memo */
static unsigned ct_pass = 1;

void ct_elf_memo_pass(void)
{
	ct_pass++;
}

static int ct_same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
	       a->st_ctim.tv_sec == b->st_ctim.tv_sec && a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

/* The length of a DT_NEEDED list (names, each NUL-ended, then an empty one). */
static size_t ct_needed_len(const char *needed)
{
	const char *p = needed;

	while (*p)
		p += strlen(p) + 1;
	return (size_t)(p - needed) + 1;
}

static char *ct_dup(const char *s)
{
	return s ? strdup(s) : NULL;
}

/* A copy of m's facts into info; -1 (info emptied) when out of memory. */
static int ct_memo_copy(const struct ct_elf_memo *m, struct ct_elf_info *info)
{
	const struct ct_elf_info *f = &m->info;
	size_t n = f->needed ? ct_needed_len(f->needed) : 0;

	*info = *f;
	info->realpath = ct_dup(f->realpath);
	info->soname = ct_dup(f->soname);
	info->build_id = ct_dup(f->build_id);
	info->runpath = ct_dup(f->runpath);
	info->sanitizer = ct_dup(f->sanitizer);
	info->needed = n ? malloc(n) : NULL;
	if (info->needed)
		memcpy(info->needed, f->needed, n);
	if ((f->realpath && !info->realpath) || (f->soname && !info->soname) ||
	    (f->build_id && !info->build_id) || (f->runpath && !info->runpath) ||
	    (f->sanitizer && !info->sanitizer) || (n && !info->needed)) {
		ct_elf_info_free(info);
		info->size = -1;
		return -1;
	}
	return m->rc;
}

/* A new entry for path as it is now (st), kept in the memo; NULL when
 * out of memory. */
static struct ct_elf_memo *ct_memo_read(const char *path, const struct stat *st)
{
	size_t len = strlen(path) + 1;
	struct ct_elf_memo *m = malloc(sizeof(*m) + len), *old;

	if (!m)
		return NULL;
	memcpy(m->path, path, len);
	m->st = *st;
	m->rc = ct_elf_read(path, &m->info);
	old = ct_map_sget(&ct_memo, path);
	if (ct_map_sput(&ct_memo, m->path, m) < 0) {
		ct_elf_info_free(&m->info);
		free(m);
		return NULL;
	}
	if (old) {   /* the map's key was old->path: m->path replaced it */
		ct_elf_info_free(&old->info);
		free(old);
	}
	return m;
}

int ct_elf_inspect(const char *path, struct ct_elf_info *info)
{
	struct ct_elf_memo *m = ct_map_sget(&ct_memo, path);
	struct stat st;

	if (m && m->pass == ct_pass)
		return ct_memo_copy(m, info);
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return ct_elf_read(path, info);
	if (!m || !ct_same_file(&m->st, &st))
		m = ct_memo_read(path, &st);
	if (!m)
		return ct_elf_read(path, info);
	m->pass = ct_pass;
	return ct_memo_copy(m, info);
}
