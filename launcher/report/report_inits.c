/*
 * report_inits.c -- which objects' initialisers a dlopen ran (with
 * `ct-launch --loader`): the record keeps libraries[].constructors per
 * object, not per call, so views that draw a call's initialisers (the
 * HTML timeline, the Perfetto export) ask here.
 * Never: an object given to two calls, or to a call on another thread.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/vec.h"
#include "report.h"

static int ct_streq(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

/* May lib's initialisers be dlopen d's: run on d's thread, the object d
 * named or one loaded for d's request, appeared after d began. */
static int ct_init_could(const cJSON *d, const cJSON *lib)
{
	const cJSON *c = ct_rget(lib, "constructors");

	return ct_rint(c, "tid") == ct_rint(d, "tid") && cJSON_IsObject(ct_rget(d, "phases")) &&
	       ct_rint(d, "t_ns") <= ct_rint(lib, "appeared_ns") &&
	       (ct_streq(ct_rstr(lib, "path"), ct_rstr(d, "path")) ||
		ct_streq(ct_rstr(ct_rget(lib, "requested_by"), "request"), ct_rstr(d, "requested")));
}

/* Is d the call lib belongs to: of the calls it could be, the last to start. */
static int ct_init_owner(const cJSON *proc, const cJSON *d, const cJSON *lib)
{
	const cJSON *o;

	if (!ct_init_could(d, lib))
		return 0;
	cJSON_ArrayForEach(o, ct_rget(proc, "dlopens"))
		if (o != d && ct_rint(o, "t_ns") > ct_rint(d, "t_ns") && ct_init_could(o, lib))
			return 0;
	return 1;
}

static int ct_by_order(const void *a, const void *b)
{
	int64_t x = ct_rint(ct_rget(*(cJSON *const *)a, "constructors"), "order");
	int64_t y = ct_rint(ct_rget(*(cJSON *const *)b, "constructors"), "order");

	return (x > y) - (x < y);
}

size_t ct_rdl_inits(const cJSON *proc, const cJSON *d, const cJSON ***out)
{
	const cJSON *lib, **v = NULL;
	size_t n = 0, cap = 0;

	cJSON_ArrayForEach(lib, ct_rget(proc, "libraries"))
		if (ct_init_owner(proc, d, lib) && CT_GROW(v, cap, n) == 0)
			v[n++] = lib;
	if (n)
		qsort(v, n, sizeof(*v), ct_by_order);
	*out = v;
	return n;
}
