/*
 * python.c -- starting pyhook in a CPython process.
 *
 * Only when the process turns out to be an interpreter (Py_Initialize is
 * resolvable in the global scope: built into the executable or a shared
 * libpython), from the constructor, before Py_Initialize runs.
 */
#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include "ct.h"
#include "gnuhash.h"

/* ct_log_emit leaves errno as it was. */
static void ct_api_emit(int kind, uint64_t t_ns, uint64_t dur_ns, int64_t result,
			int err, int64_t a0, int64_t a1, int64_t a2,
			int nstr, const char *const *strs)
{
	if (!ct_enter())
		return;
	if (nstr <= 1)
		ct_log_emit1(kind, t_ns, dur_ns, result, err, a0, a1, a2, nstr ? strs[0] : NULL);
	else
		ct_log_emit(kind, t_ns, dur_ns, result, err, a0, a1, a2, nstr, strs);
	ct_leave();
}

static void ct_api_set_import(uint32_t id) { ct_self.import_id = id; }
static uint32_t ct_api_get_import(void) { return ct_self.import_id; }
static int ct_api_sealed(void) { return ct_sealed(); }

static const struct ct_api ct_api = {
	.version = CT_API_VERSION,
	.emit = ct_api_emit,
	.now_ns = ct_now_ns,
	.set_import = ct_api_set_import,
	.get_import = ct_api_get_import,
	.sealed = ct_api_sealed,
	.debug = ct_debug,
};

/* Whether a loaded object may define Py_Initialize, told by the objects'
 * hash tables: a program without Python then pays no dlsym, whose failure
 * searches every object in full and formats its message with malloc (the
 * image's first: the heap set up, a getrandom, its pages faulted in). */
static int ct_python_maybe(void)
{
	const struct link_map *first = ct_self_map(), *last;
	struct ct_objrun all;
	void *p;

	if (!first)
		return 1;
	while (first->l_prev)
		first = first->l_prev;
	for (last = first; last->l_next; last = last->l_next)
		;
	ct_objrun_init(&all, first, last);
	return ct_objrun_find(&all, "Py_Initialize", &p) != 0;
}

void ct_python_load(void)
{
	const char *off = getenv("COLDTRACE_PYTHON");
	void *py_init;

	if ((off && strcmp(off, "0") == 0) || !ct_python_maybe() ||
	    !(py_init = dlsym(RTLD_DEFAULT, "Py_Initialize")))
		return;
	if (ct_pyhook_init(&ct_api) != 0)
		ct_debug("pyhook declined", "the Python view is off");
	else if ((ct_g.interp = ct_object_map_locking(py_init)))
		ct_object_span(ct_g.interp, ct_g.interp_span);
}
