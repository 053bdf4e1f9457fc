/*
 * resolve.c -- finding the real functions behind coldtrace's interposers.
 *
 * Called from any interposer on first use, possibly before the constructor
 * ran.  A symbol that cannot be found is only reported (COLDTRACE_DEBUG)
 * and NULL returned -- tracing stays on; the interposer then has nothing
 * to call, which only happens for a symbol the host could not have linked
 * against either.
 *
 * dlsym(RTLD_NEXT) gives libc's definition of a name that no object
 * between the shim and libc has (the shim links libc alone, and those
 * objects come before libc in the global scope too): from the constructor
 * on, that case is read from the objects' hash tables (gnuhash.h), at a
 * sixth of dlsym's cost; any other goes to dlsym.
 */
#include <dlfcn.h>
#include <gnu/libc-version.h>
#include "ct.h"
#include "gnuhash.h"

static struct ct_objrun ct_next CT_PAGE_ALIGNED;   /* the objects after the shim, up to libc */

/* From the constructor.  libc is known by a function no one interposes. */
void ct_real_init(void)
{
	const struct link_map *self = ct_self_map();
	const struct link_map *libc = ct_object_map_locking((void *)gnu_get_libc_version);

	if (self && libc)
		ct_objrun_init(&ct_next, self->l_next, libc);
}

void *ct_real(const char *name)
{
	int saved = errno;
	void *p;

	if (ct_objrun_find(&ct_next, name, &p) <= 0)
		p = dlsym(RTLD_NEXT, name);

	if (!p)
		ct_debug("dlsym failed", name);
	errno = saved;
	return p;
}

/* Compat-only symbols (__xstat and friends since glibc 2.33) have no
 * default version, so they are asked for by version. */
void *ct_real_v(const char *name, const char *version)
{
	int saved = errno;
	void *p = dlvsym(RTLD_NEXT, name, version);

	if (!p)
		p = dlsym(RTLD_NEXT, name);
	errno = saved;
	return p;
}
