/*
 * resolve.c -- finding the real functions behind coldtrace's interposers.
 *
 * Called from any interposer on first use, possibly before the constructor
 * ran.  A symbol that cannot be found is only reported (COLDTRACE_DEBUG)
 * and NULL returned -- tracing stays on; the interposer then has nothing
 * to call, which only happens for a symbol the host could not have linked
 * against either.
 */
#include <dlfcn.h>
#include "ct.h"

void *ct_real(const char *name)
{
	int saved = errno;
	void *p = dlsym(RTLD_NEXT, name);

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
