/*
 * dl.c -- interposers for dlopen, dlmopen and dlclose.
 *
 * Each records the request, the result, the loader's error text and the
 * objects the call added or removed.  The host sees the same handle and the
 * same dlerror() text: reading the error consumes it, so a failed request
 * is made once more to leave the loader's error state as the host expects.
 */
#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include "ct.h"
#include "search.h"

static void *(*real_dlopen)(const char *, int);
static void *(*real_dlmopen)(Lmid_t, const char *, int);
static int (*real_dlclose)(void *);
static uint32_t ct_dl_seq;
static CT_TLS int ct_dl_nest;   /* traced dlopen calls in progress on this thread */

void *ct_dl_plain(const struct ct_dlreq *rq, const char *name)
{
	if (rq->lmid < 0)
		return CT_REAL(dlopen)(name, rq->flags);
	return CT_REAL(dlmopen)((Lmid_t)rq->lmid, name, rq->flags);
}

static const char *ct_handle_path(void *h)
{
	struct link_map *lm = NULL;

	if (!h || dlinfo(h, RTLD_DI_LINKMAP, &lm) != 0 || !lm)
		return "";
	return lm->l_name;
}

/* name_ok == 0: the requested name cannot be read, and the record has no
 * strings.  tail: the dlopen runs inside another (see ct_dl_traced). */
static void ct_dl_record(const struct ct_dlreq *rq, int name_ok, void *h, uint64_t t0,
			 uint64_t dur, const char *error, const struct link_map *tail)
{
	uint32_t seq = __atomic_add_fetch(&ct_dl_seq, 1, __ATOMIC_RELAXED);
	const char *caller = ct_object_path(rq->caller);
	const char *path = ct_handle_path(h);
	const char *strs[4] = { name_ok && rq->name ? rq->name : "", error ? error : "",
				caller, path };

	ct_log_emit(CT_EV_DLOPEN, t0, dur, (int64_t)(intptr_t)h, 0,
		    rq->flags, rq->lmid, (int64_t)(intptr_t)rq->caller, name_ok ? 4 : 0, strs);
	if (h && tail)
		ct_libs_nested(tail, seq, strs[0], caller, path);
	else if (h)
		ct_libs_diff(CT_LIB_DLOPEN, seq, strs[0], caller, path);
	ct_stack_emit(CT_EV_DLOPEN);
}

/* The loader may refuse a request (a bad mode or namespace) without
 * reading its name: one that cannot be read goes to the loader as it is. */
static void *ct_dl_open(const struct ct_dlreq *rq, int name_ok)
{
	return name_ok ? ct_dl_as_caller(rq) : ct_dl_plain(rq, rq->name);
}

static void *ct_dl_traced(const struct ct_dlreq *rq)
{
	uint64_t t0 = ct_begin();
	int name_ok = ct_host_str_ok(rq->name, CT_ARG_STR_MAX);
	const struct link_map *tail;
	void *h;
	char *error = NULL;
	int saved;

	if (!t0)
		return ct_dl_open(rq, name_ok);
	/* inside another dlopen (an initialiser's call): its objects will be
	 * the ones mapped after the present tail of the list */
	tail = ct_dl_nest && rq->lmid < 0 ? ct_own_tail() : NULL;
	ct_dl_nest++;
	h = ct_dl_open(rq, name_ok);  /* constructors it runs are traced as usual */
	ct_dl_nest--;
	saved = errno;
	if (!ct_enter()) {
		errno = saved;
		return h;
	}
	if (!h) {
		const char *e = dlerror();

		error = e ? strdup(e) : NULL;
	}
	ct_dl_record(rq, name_ok, h, t0, ct_now_ns() - t0, error, tail);
	free(error);
	/* The same failure once more, for the host's dlerror(): last, since any
	 * dl call coldtrace makes (loading pyhook, for one) resets that state. */
	if (!h)
		ct_dl_open(rq, name_ok);
	ct_leave();
	errno = saved;
	return h;
}

CT_EXPORT void *dlopen(const char *name, int flags)
{
	struct ct_dlreq rq = { name, flags, -1, __builtin_return_address(0) };

	return ct_dl_traced(&rq);
}

CT_EXPORT void *dlmopen(Lmid_t lmid, const char *name, int flags)
{
	struct ct_dlreq rq = { name, flags, (long)lmid, __builtin_return_address(0) };

	return ct_dl_traced(&rq);
}

CT_EXPORT int dlclose(void *h)
{
	uint64_t t0 = ct_begin();
	int ret, saved;

	ret = CT_REAL(dlclose)(h);
	saved = errno;
	if (t0 && ct_enter()) {
		const char *strs[1] = { ret ? "dlclose failed" : "" };

		ct_log_emit(CT_EV_DLCLOSE, t0, ct_now_ns() - t0, ret, 0,
			    (int64_t)(intptr_t)h, 0, 0, 1, strs);
		ct_libs_gone();
		ct_leave();
	}
	errno = saved;
	return ret;
}
