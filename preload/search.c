/*
 * search.c -- making a wrapped dlopen load exactly what the unwrapped call
 * would have loaded.
 *
 * glibc searches a bare name with the search path of the object that
 * called dlopen (its RPATH, its RUNPATH, $ORIGIN), found from the return
 * address.  Inside the wrapper the caller is libcoldtrace.so, whose path
 * differs whenever the real caller has an RPATH or RUNPATH of its own.  So:
 * the caller's search list (dlinfo RTLD_DI_SERINFO) is compared with the
 * shim's; the directories only the caller has are tried first, in the
 * loader's order, then the plain call covers LD_LIBRARY_PATH, the cache and
 * the system directories exactly as before.  $ORIGIN in a name is
 * expanded with the caller's directory.
 * Never: a different object than without coldtrace; a second copy of an
 * object already loaded under that name.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"
#include "search.h"

#define CT_SERINFO_MAX 16384

struct ct_paths {
	Dl_serinfo *si;
	union { Dl_serinfo si; char bytes[CT_SERINFO_MAX]; } buf;
};

static int ct_search_list(void *handle, struct ct_paths *p)
{
	Dl_serinfo size;

	if (dlinfo(handle, RTLD_DI_SERINFOSIZE, &size) != 0 ||
	    size.dls_size > CT_SERINFO_MAX)
		return -1;
	p->si = &p->buf.si;
	p->si->dls_size = size.dls_size;
	p->si->dls_cnt = size.dls_cnt;
	return dlinfo(handle, RTLD_DI_SERINFO, p->si) == 0 ? 0 : -1;
}

/* How many leading entries of the caller's list the shim's list lacks: its
 * tail (system directories) is what both share. */
static unsigned ct_caller_only(const Dl_serinfo *caller, const Dl_serinfo *own)
{
	unsigned i = caller->dls_cnt, j = own->dls_cnt;

	while (i > 0 && j > 0 &&
	       strcmp(caller->dls_serpath[i - 1].dls_name,
		      own->dls_serpath[j - 1].dls_name) == 0) {
		i--;
		j--;
	}
	return i;
}

/* The loader relocates DT_STRTAB in place for most objects but not all
 * (the vDSO): an address below the load base is still an offset. */
static const char *ct_soname(const struct link_map *l)
{
	ElfW(Addr) strtab = 0;
	ElfW(Xword) off = (ElfW(Xword))-1;

	for (const ElfW(Dyn) *d = l->l_ld; d && d->d_tag != DT_NULL; d++) {
		if (d->d_tag == DT_STRTAB)
			strtab = d->d_un.d_ptr;
		else if (d->d_tag == DT_SONAME)
			off = d->d_un.d_val;
	}
	if (!strtab || off == (ElfW(Xword))-1)
		return NULL;
	if (strtab < l->l_addr)
		strtab += l->l_addr;
	return (const char *)strtab + off;
}

/* glibc answers a name already loaded (by soname or file name) before any
 * search, whoever the caller: then the plain call is exact. */
static int ct_already_loaded(const struct link_map *l, const char *name)
{
	while (l && l->l_prev)
		l = l->l_prev;
	for (; l; l = l->l_next) {
		const char *so = ct_soname(l);
		const char *base = l->l_name ? strrchr(l->l_name, '/') : NULL;

		if ((so && strcmp(so, name) == 0) || (base && strcmp(base + 1, name) == 0))
			return 1;
	}
	return 0;
}

static int ct_exists(const char *path)
{
	int saved = errno;
	int ret = (int)syscall(SYS_faccessat, AT_FDCWD, path, F_OK);

	errno = saved;
	return ret == 0;
}

/* Tries name in each directory only the caller searches.  Returns the
 * handle, or NULL with *tried = 0 when no such file exists there. */
static __attribute__((noinline)) void *ct_try_dirs(const Dl_serinfo *si, unsigned n,
						    const char *name, const struct ct_dlreq *rq,
						    int *tried)
{
	char path[4096];

	*tried = 0;
	for (unsigned i = 0; i < n; i++) {
		const char *dir = si->dls_serpath[i].dls_name;

		if (strlen(dir) + strlen(name) + 2 > sizeof(path))
			continue;
		strcpy(path, dir);
		strcat(path, "/");
		strcat(path, name);
		if (!ct_exists(path))
			continue;
		*tried = 1;
		return ct_dl_plain(rq, path);
	}
	return NULL;
}

/* No lock is held around the real dlopen: the constructors it runs may
 * dlopen by bare name themselves.  The lists live in this call's own
 * allocation (dlopen is no signal-handler or hot path). */
static void *ct_open_searched(const struct ct_dlreq *rq, struct link_map *caller)
{
	struct ct_paths *pp = malloc(2 * sizeof(*pp));
	struct link_map *self = (struct link_map *)ct_self_map();
	void *h = NULL;
	unsigned n = 0;
	int tried = 0;

	if (pp && self && ct_search_list(caller, &pp[0]) == 0 &&
	    ct_search_list(self, &pp[1]) == 0)
		n = ct_caller_only(pp[0].si, pp[1].si);
	if (n)
		h = ct_try_dirs(pp[0].si, n, rq->name, rq, &tried);
	free(pp);
	return tried ? h : ct_dl_plain(rq, rq->name);
}

/* "$ORIGIN/x.so" and "${ORIGIN}/x.so" name a file next to the caller.
 * Never inlined (nor ct_try_dirs): their 4 KiB buffers would be on the
 * stack of every dlopen, under the loader's own frames, on whatever
 * thread stack the host gave it (clang inlines them: +12 KiB). */
static __attribute__((noinline)) void *ct_open_origin(const struct ct_dlreq *rq,
						       struct link_map *caller)
{
	char path[4096], dir[4096];
	const char *name = rq->name, *rest, *slash;
	size_t k;

	if (strncmp(name, "$ORIGIN", 7) == 0)
		rest = name + 7;
	else if (strncmp(name, "${ORIGIN}", 9) == 0)
		rest = name + 9;
	else
		return ct_dl_plain(rq, name);
	if (caller->l_name[0] == '/')
		ct_strlcpy(dir, caller->l_name, sizeof(dir));
	else if (ct_g.exe[0])   /* the executable: its link map has no name */
		ct_strlcpy(dir, ct_g.exe, sizeof(dir));
	else
		return ct_dl_plain(rq, name);
	slash = strrchr(dir, '/');
	k = slash ? (size_t)(slash - dir) : 0;
	if (k + strlen(rest) + 1 > sizeof(path))
		return ct_dl_plain(rq, name);
	memcpy(path, dir, k);
	strcpy(path + k, rest);
	return ct_dl_plain(rq, path);
}

void *ct_dl_as_caller(const struct ct_dlreq *rq)
{
	struct link_map *lm;

	if (!rq->name || (!strchr(rq->name, '$') && strchr(rq->name, '/')) ||
	    !(lm = (struct link_map *)ct_object_map_locking(rq->caller)))
		return ct_dl_plain(rq, rq->name);
	if (strchr(rq->name, '$'))
		return ct_open_origin(rq, lm);
	if (ct_already_loaded(lm, rq->name))
		return ct_dl_plain(rq, rq->name);
	return ct_open_searched(rq, lm);
}
