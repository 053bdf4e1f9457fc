/*
 * ctpack_read.c -- a run directory's pack: mapped once, its slots indexed
 * by their logs' names once (a merge opens every slot's log, some twice),
 * kept while the pack is the same file at the same length.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ct_log.h"
#include "ctpack_read.h"
#include "holes.h"
#include "map.h"
#include "readfile.h"
#include "vec.h"

struct ct_pack {
	char *path;
	dev_t dev;
	ino_t ino;
	off_t size;
	const unsigned char *map;   /* the whole pack, read-only */
	size_t len;
	struct ct_map slots;        /* a log's base -> its slot's index + 1 */
	char **bases;               /* the same, in slot order */
	size_t nbases, cap;
	int refs;
	int holes;                  /* its file system fills holes at a read (lib/holes.h) */
	char problem[300];          /* a slot cut short by the pack's end, "" when none */
};

static struct ct_pack *ct_pack_cur;   /* the last pack read: one reference */

void ct_pack_drop(struct ct_pack *pk)
{
	if (!pk || --pk->refs > 0)
		return;
	if (pk->map)
		munmap((void *)pk->map, pk->len);
	ct_map_free(&pk->slots);
	free(pk->bases);
	free(pk->path);
	free(pk);
}

/* The base slot i's header names, or NULL: a slot never written, cut
 * short, or whose header is not its own. */
static const char *ct_slot_base(struct ct_pack *pk, uint32_t i)
{
	uint64_t off = ct_pack_slot_off(i);
	struct ct_log_hdr h;
	const char *base;

	if (off + sizeof(h) > pk->len) {
		snprintf(pk->problem, sizeof(pk->problem), "%s: cut short in slot %u's header "
			 "(truncated): that image's log is lost", pk->path, i);
		return NULL;
	}
	if (pk->holes && ct_span_unbacked(pk->map + off, sizeof(h)))
		return NULL;   /* never written (tmpfs: a read would take a page) */
	memcpy(&h, pk->map + off, sizeof(h));
	base = (const char *)pk->map + off + offsetof(struct ct_log_hdr, base);
	if (memcmp(h.magic, CT_LOG_MAGIC, sizeof(h.magic)) || h.slot != i + 1 ||
	    !memchr(h.base, 0, sizeof(h.base)) || !h.base[0] || strchr(h.base, '/'))
		return NULL;
	return base;
}

/* Every written slot, by its log's base.  0, or -1 (out of memory). */
static int ct_pack_index(struct ct_pack *pk)
{
	for (uint32_t i = 0; ct_pack_slot_off(i) < pk->len && i < CT_PACK_MAX_SLOTS; i++) {
		const char *base = ct_slot_base(pk, i);

		if (!base || ct_map_sget(&pk->slots, base))
			continue;
		if (ct_map_sput(&pk->slots, base, (void *)(uintptr_t)(i + 1)) < 0 ||
		    CT_GROW(pk->bases, pk->cap, pk->nbases) < 0)
			return -1;
		pk->bases[pk->nbases++] = (char *)base;
	}
	return 0;
}

/* The pack at path, which is st, mapped and indexed; NULL with why set. */
static struct ct_pack *ct_pack_load(const char *path, const struct stat *st, char *why,
				    size_t whylen)
{
	struct ct_pack *pk = calloc(1, sizeof(*pk));
	struct ct_pack_hdr h;
	int fd = -1;

	if (!pk || !(pk->path = strdup(path)))
		goto oom;
	pk->refs = 1;
	pk->dev = st->st_dev;
	pk->ino = st->st_ino;
	pk->size = st->st_size;
	pk->len = (size_t)st->st_size;
	if (pk->len < CT_PACK_HDR_BYTES)
		return pk;   /* empty: its file system had no fallocate, no slot was given */
	fd = ct_open_regular(path);
	pk->map = fd < 0 ? MAP_FAILED : mmap(NULL, pk->len, PROT_READ, MAP_PRIVATE, fd, 0);
	if (fd >= 0) {
		pk->holes = ct_fills_holes(fd);
		close(fd);
	}
	if (pk->map == MAP_FAILED) {
		pk->map = NULL;
		snprintf(why, whylen, "%s: %s", path, strerror(errno));
		ct_pack_drop(pk);
		return NULL;
	}
	madvise((void *)pk->map, pk->len, MADV_RANDOM);   /* the slots' headers, not their sparse rest */
	memcpy(&h, pk->map, sizeof(h));
	if (memcmp(h.magic, CT_PACK_MAGIC, sizeof(h.magic)) || h.slot_size != CT_PACK_SLOT) {
		snprintf(why, whylen, "%s: not a coldtrace pack (bad magic or slot size): "
			 "the logs in it are not read", path);
		ct_pack_drop(pk);
		return NULL;
	}
	if (ct_pack_index(pk) == 0)
		return pk;
oom:
	snprintf(why, whylen, "%s: out of memory", path);
	ct_pack_drop(pk);
	return NULL;
}

/* dir's pack, from the cache while it is the same file at the same
 * length: 0 with *pk (NULL: no pack), or -1 with why set. */
static int ct_pack_get(const char *dir, struct ct_pack **pk, char *why, size_t whylen)
{
	char path[4200];
	struct stat st;

	*pk = NULL;
	snprintf(path, sizeof(path), "%s/%s", dir, CT_PACK_NAME);
	if (stat(path, &st) != 0)
		return errno == ENOENT ? 0 : (snprintf(why, whylen, "%s: %s", path, strerror(errno)), -1);
	if (!ct_pack_cur || strcmp(ct_pack_cur->path, path) || ct_pack_cur->dev != st.st_dev ||
	    ct_pack_cur->ino != st.st_ino || ct_pack_cur->size != st.st_size) {
		ct_pack_drop(ct_pack_cur);
		ct_pack_cur = ct_pack_load(path, &st, why, whylen);
		if (!ct_pack_cur)
			return -1;
	}
	*pk = ct_pack_cur;
	return 0;
}

int ct_pack_fills_holes(const struct ct_pack *pk)
{
	return pk && pk->holes;
}

int ct_pack_find(const char *dir, const char *base, struct ct_pack **pk,
		 const unsigned char **slot, size_t *len, char *why, size_t whylen)
{
	uintptr_t i;
	uint64_t off;

	if (ct_pack_get(dir, pk, why, whylen) < 0)
		return -1;
	i = *pk ? (uintptr_t)ct_map_sget(&(*pk)->slots, base) : 0;
	if (!i) {
		*pk = NULL;
		return 1;
	}
	off = ct_pack_slot_off((uint32_t)i - 1);
	*slot = (*pk)->map + off;
	*len = (*pk)->len - off < CT_PACK_SLOT ? (*pk)->len - off : CT_PACK_SLOT;
	(*pk)->refs++;
	return 0;
}

static int ct_name_add(char ***names, size_t *cap, int *n, const char *base, const char *suffix)
{
	size_t len = strlen(base) + strlen(suffix) + 1;

	if (CT_GROW(*names, *cap, (size_t)*n) < 0 || !((*names)[*n] = malloc(len)))
		return -1;
	snprintf((*names)[(*n)++], len, "%s%s", base, suffix);
	return 0;
}

static int ct_name_cmp(const void *a, const void *b)
{
	return strcoll(*(char *const *)a, *(char *const *)b);
}

void ct_lognames_free(char **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

int ct_rundir_lognames(const char *dir, char ***names, char *why, size_t whylen)
{
	DIR *d = opendir(dir);
	struct ct_pack *pk = NULL;
	struct dirent *de;
	size_t cap = 0;
	int n = 0, rc = 0;

	*names = NULL;
	why[0] = '\0';
	if (!d)
		return -1;
	while (rc == 0 && (de = readdir(d)))
		if (ct_is_log_name(de->d_name))
			rc = ct_name_add(names, &cap, &n, de->d_name, "");
	closedir(d);
	if (rc == 0 && ct_pack_get(dir, &pk, why, whylen) == 0 && pk) {
		snprintf(why, whylen, "%s", pk->problem);
		for (size_t i = 0; rc == 0 && i < pk->nbases; i++)
			rc = ct_name_add(names, &cap, &n, pk->bases[i], CT_LOG_SUFFIX);
	}
	if (rc < 0) {
		ct_lognames_free(*names, n);
		*names = NULL;
		errno = ENOMEM;
		return -1;
	}
	if (n)
		qsort(*names, (size_t)n, sizeof(**names), ct_name_cmp);
	return n;
}
