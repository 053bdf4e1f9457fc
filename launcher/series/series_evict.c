/*
 * series_evict.c -- making the next run cold: evicting from the page cache
 * every file the previous run touched, and measuring what stayed.
 *
 * posix_fadvise(POSIX_FADV_DONTNEED) drops a file's clean, unmapped pages
 * without privileges; pages another process maps stay, and tmpfs cannot
 * be evicted at all, so what stayed is measured, not assumed: cachestat(2)
 * (Linux 6.5+; the kernel may refuse it without write permission) or
 * mincore(2) on a mapping of the file, trusted only where we could write
 * the file (without that right, the kernel reports pages as resident).
 * Never: a file opened for writing or changed, a failure that stops the
 * series (a failed eviction is counted and reported).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lib/clock.h"
#include "lib/json.h"
#include "lib/msg.h"
#include "lib/readfile.h"
#include "lib/vec.h"
#include "report/load.h"
#include "series.h"

#ifndef SYS_cachestat
#define SYS_cachestat 451
#endif

/* The kernel's struct cachestat_range / struct cachestat (uapi/linux/mman.h). */
struct ct_cs_range { uint64_t off, len; };
struct ct_cs { uint64_t nr_cache, nr_dirty, nr_writeback, nr_evicted, nr_recently_evicted; };

static int ct_evset_add(struct ct_evset *s, const char *path, const char *skip)
{
	char *copy;

	if (!path || path[0] != '/' || (skip && !strncmp(path, skip, strlen(skip))))
		return 0;
	copy = strdup(path);
	if (!copy || CT_GROW(s->path, s->cap, s->n) < 0) {
		free(copy);
		return -1;
	}
	s->path[s->n++] = copy;
	return 0;
}

static int ct_pathcmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void ct_evset_unique(struct ct_evset *s)
{
	size_t i, k = 0;

	qsort(s->path, s->n, sizeof(*s->path), ct_pathcmp);
	for (i = 0; i < s->n; i++) {
		if (k && !strcmp(s->path[k - 1], s->path[i]))
			free(s->path[i]);
		else
			s->path[k++] = s->path[i];
	}
	s->n = k;
}

static int ct_evset_proc(struct ct_evset *s, const cJSON *p, const char *skip)
{
	const cJSON *x;
	int rc = ct_evset_add(s, ct_rstr(p, "exe"), skip);

	cJSON_ArrayForEach(x, ct_rget(p, "libraries"))
		if (!cJSON_IsTrue(ct_rget(x, "own")))
			rc |= ct_evset_add(s, ct_rstr(x, "realpath"), skip);
	cJSON_ArrayForEach(x, ct_rget(ct_rget(p, "paths"), "opened"))
		rc |= ct_evset_add(s, ct_rstr(x, "path"), skip);
	return rc;
}

int ct_evset_from_run(struct ct_evset *s, const char *rundir, const char *skip)
{
	struct ct_ropts o = { .top = 1 };
	struct ct_rctx c;
	size_t i;
	int rc;

	memset(&c, 0, sizeof(c));
	c.o = &o;
	rc = ct_report_load(&c, rundir) ? -1 : 0;
	for (i = 0; !rc && i < c.nimg; i++)
		rc = ct_evset_proc(s, c.img[i].proc, skip);
	ct_report_free(&c);
	ct_evset_unique(s);
	return rc;
}

void ct_evset_free(struct ct_evset *s)
{
	while (s->n)
		free(s->path[--s->n]);
	free(s->path);
	memset(s, 0, sizeof(*s));
}

/* Resident bytes by mincore on a read-only mapping; -1 when unknown. */
static int64_t ct_mincore_bytes(int fd, off_t size)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t pages = (size_t)((size + page - 1) / page), i;
	unsigned char *vec = malloc(pages ? pages : 1);
	void *map = MAP_FAILED;
	int64_t n = -1;

	if (vec && size > 0)
		map = mmap(NULL, (size_t)size, PROT_READ, MAP_SHARED, fd, 0);
	if (map != MAP_FAILED && mincore(map, (size_t)size, vec) == 0)
		for (n = 0, i = 0; i < pages; i++)
			n += (vec[i] & 1) ? page : 0;
	if (map != MAP_FAILED)
		munmap(map, (size_t)size);
	free(vec);
	return n;
}

/* Bytes of the file in the page cache; bit 1 / 2 of *used say which
 * method measured it; -1 when neither could. */
static int64_t ct_resident_bytes(int fd, const char *path, off_t size, int *used)
{
	struct ct_cs_range r = { 0, 0 };
	struct ct_cs cs;

	if (size == 0)
		return 0;
	if (syscall(SYS_cachestat, fd, &r, &cs, 0) == 0) {
		*used |= 1;
		return (int64_t)cs.nr_cache * sysconf(_SC_PAGESIZE);
	}
	if (access(path, W_OK) != 0)
		return -1;
	*used |= 2;
	return ct_mincore_bytes(fd, size);
}

/* Whether the file may have dirty pages: cachestat says, else assume so. */
static int ct_dirty(int fd)
{
	struct ct_cs_range r = { 0, 0 };
	struct ct_cs cs;

	return syscall(SYS_cachestat, fd, &r, &cs, 0) != 0 || cs.nr_dirty || cs.nr_writeback;
}

static void ct_evict_one(const char *path, struct ct_evict *e, int *used)
{
	int fd = ct_open_regular(path);
	struct stat st;
	int64_t res;

	if (fd < 0) {
		e->failed += errno != EISDIR && errno != EINVAL;   /* directories are no file */
		return;
	}
	if (fstat(fd, &st) == 0) {
		e->files++;
		e->bytes += st.st_size;
		if (ct_dirty(fd))
			fdatasync(fd);   /* dirty pages cannot be dropped */
		if (posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) != 0)
			e->failed++;
		res = ct_resident_bytes(fd, path, st.st_size, used);
		if (res < 0)
			e->unmeasured++;
		else
			e->resident += res;
	}
	close(fd);
}

/* As root, also the whole machine's clean page cache. */
static int ct_drop_all(void)
{
	int fd, ok;

	sync();
	fd = open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ok = write(fd, "1", 1) == 1;
	close(fd);
	return ok;
}

void ct_evict_files(const struct ct_evset *s, int drop, struct ct_evict *e)
{
	static const char *const methods[] = { "none", "cachestat", "mincore",
					       "cachestat+mincore" };
	int64_t t0 = ct_mono_ns();
	int used = 0;
	size_t i;

	memset(e, 0, sizeof(*e));
	e->dropped = drop && ct_drop_all();
	for (i = 0; i < s->n; i++)
		ct_evict_one(s->path[i], e, &used);
	if (used == 0)
		e->resident = -1;
	e->method = methods[used];
	e->ns = ct_mono_ns() - t0;
	if (e->failed)
		ct_warn("eviction failed for %lld of %zu files (still cached: the run may be "
			"warmer than asked)", (long long)e->failed, s->n);
}

cJSON *ct_evict_json(const struct ct_evict *e)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "files", (double)e->files);
	cJSON_AddNumberToObject(o, "failed", (double)e->failed);
	cJSON_AddNumberToObject(o, "bytes", (double)e->bytes);
	ct_add_item(o, "resident_bytes", e->resident >= 0 ? cJSON_CreateNumber((double)e->resident) :
							  cJSON_CreateNull());
	cJSON_AddNumberToObject(o, "unmeasured_files", (double)e->unmeasured);
	ct_add_str(o, "residency_method", e->method);
	ct_add_bool(o, "drop_caches", e->dropped);
	cJSON_AddNumberToObject(o, "ms", (double)e->ns / 1e6);
	return o;
}
