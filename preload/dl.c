/*
 * dl.c -- interposers for dlopen, dlmopen and dlclose.
 *
 * Each records the request, the result, the loader's error text and the
 * objects the call added or removed.  The host sees the same handle and the
 * same dlerror() text: reading the error consumes it, so a failed request
 * is made once more to leave the loader's error state as the host expects.
 * What the call cost in storage reads (major faults, bytes read) is taken
 * on the calling thread before and after it: a DL_IO record.  A call the
 * process ends inside (an initialiser that aborts or exits) is written
 * at the end by ct_dl_inflight_flush, marked as not returned.  Never: a
 * lock or a link-map walk on that end path.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "ct.h"
#include "search.h"

static __typeof__(dlopen) *real_dlopen;
static __typeof__(dlmopen) *real_dlmopen;
static __typeof__(dlclose) *real_dlclose;
static uint32_t ct_dl_seq;
static CT_TLS int ct_dl_nest;   /* traced dlopen calls in progress on this thread */

/* Those calls, outermost first (the first CT_DL_FLIGHT_MAX of them): the
 * request lives in the interposer's frame, still there when the process
 * ends inside the call. */
#define CT_DL_FLIGHT_MAX 4
struct ct_dl_flight {
	const struct ct_dlreq *rq;
	uint64_t t0;
	int name_ok;
};
static CT_TLS struct ct_dl_flight ct_dl_flying[CT_DL_FLIGHT_MAX];

void *ct_dl_plain(const struct ct_dlreq *rq, const char *name)
{
	if (rq->lmid < 0)
		return CT_REAL(dlopen)(name, rq->flags);
	return CT_REAL(dlmopen)((Lmid_t)rq->lmid, name, rq->flags);
}

/* The calling thread's storage counters; -1 where not measured. */
struct ct_dl_cost {
	int64_t majflt, read_bytes, rchar;
};

/* The number after key in text, -1 when absent.  No stdio, no malloc. */
static int64_t ct_io_field(const char *text, const char *key)
{
	const char *at = strstr(text, key);
	int64_t v = 0;

	if (!at)
		return -1;
	for (at += strlen(key); *at == ' '; at++)
		;
	for (; *at >= '0' && *at <= '9'; at++)
		v = v * 10 + (*at - '0');
	return v;
}

static void ct_dl_cost_now(struct ct_dl_cost *c)
{
	char buf[512];
	struct rusage ru;
	ssize_t n = -1;
	int saved = errno, fd = ct_sys_open("/proc/thread-self/io", O_RDONLY | O_CLOEXEC, 0);

	c->majflt = getrusage(RUSAGE_THREAD, &ru) == 0 ? ru.ru_majflt : -1;
	if (fd >= 0) {
		n = ct_sys_read(fd, buf, sizeof(buf) - 1);
		ct_sys_close(fd);
	}
	buf[n > 0 ? n : 0] = '\0';
	c->read_bytes = ct_io_field(buf, "read_bytes:");
	c->rchar = ct_io_field(buf, "rchar:");
	errno = saved;
}

/* after - before, in place; -1 where either is unknown. */
static void ct_dl_cost_since(struct ct_dl_cost *d, const struct ct_dl_cost *before)
{
	struct ct_dl_cost now;

	ct_dl_cost_now(&now);
	d->majflt = now.majflt < 0 || before->majflt < 0 ? -1 : now.majflt - before->majflt;
	d->read_bytes = now.read_bytes < 0 || before->read_bytes < 0 ? -1 :
			now.read_bytes - before->read_bytes;
	d->rchar = now.rchar < 0 || before->rchar < 0 ? -1 : now.rchar - before->rchar;
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
			 uint64_t dur, const char *error, const struct link_map *tail,
			 const struct ct_dl_cost *cost)
{
	uint32_t seq = __atomic_add_fetch(&ct_dl_seq, 1, __ATOMIC_RELAXED);
	const struct link_map *from = ct_object_map_locking(rq->caller);
	const char *caller = ct_map_path(from);
	const char *path = ct_handle_path(h);
	const char *strs[4] = { name_ok && rq->name ? rq->name : "", error ? error : "",
				caller, path };

	ct_log_emit(CT_EV_DLOPEN, t0, dur, (int64_t)(intptr_t)h, 0,
		    rq->flags, rq->lmid, (int64_t)(intptr_t)rq->caller, name_ok ? 4 : 0, strs);
	ct_log_emit(CT_EV_DL_IO, t0, dur, 0, 0, cost->majflt, cost->read_bytes, cost->rchar, 0, NULL);
	if (h && tail)
		ct_libs_nested(tail, seq, strs[0], caller, path);
	else if (h)
		ct_libs_diff(CT_LIB_DLOPEN, seq, strs[0], caller, path);
	/* the interpreter loading an extension module for the import in
	 * progress: its stack above that is CPython's own loop */
	ct_stack_emit(CT_EV_DLOPEN, ct_self.import_id && from && from == ct_g.interp ?
		      CT_STACK_IMPORT : CT_STACK_FRAMES);
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
	int name_ok = ct_sealed() || ct_host_str_ok(rq->name, CT_ARG_STR_MAX);
	const struct link_map *tail;
	struct ct_dl_cost before, cost;
	void *h;
	char *error = NULL;
	int saved;

	if (!t0)
		return ct_dl_open(rq, name_ok);
	if (ct_sealed())   /* a filter is in: loaded as the caller would, not recorded
			      (the loader reads the name in any case) */
		return ct_dl_open(rq, name_ok);
	/* inside another dlopen (an initialiser's call): its objects will be
	 * the ones mapped after the present tail of the list */
	tail = ct_dl_nest && rq->lmid < 0 ? ct_own_tail() : NULL;
	if (ct_dl_nest < CT_DL_FLIGHT_MAX)
		ct_dl_flying[ct_dl_nest] = (struct ct_dl_flight){ rq, t0, name_ok };
	ct_dl_nest++;
	ct_dl_cost_now(&before);
	h = ct_dl_open(rq, name_ok);  /* constructors it runs are traced as usual */
	ct_dl_nest--;
	saved = errno;
	ct_dl_cost_since(&cost, &before);
	if (!ct_enter()) {
		errno = saved;
		return h;
	}
	if (!h) {
		const char *e = dlerror();

		error = e ? strdup(e) : NULL;
	}
	ct_dl_record(rq, name_ok, h, t0, ct_now_ns() - t0, error, tail, &cost);
	free(error);
	/* The same failure once more, for the host's dlerror(): last, since any
	 * dl call coldtrace makes (dlinfo, for one) resets that state. */
	if (!h)
		ct_dl_open(rq, name_ok);
	ct_leave();
	errno = saved;
	return h;
}

/* The end path (exit.c), inside ct_enter: a DLOPEN record, err
 * CT_DL_NO_RETURN and no handle, for each traced dlopen this thread is
 * still inside, innermost first, its duration up to now; each once (an
 * exec that fails ends the image twice).  The caller's object comes from
 * ct_object_map, which takes no lock. */
void ct_dl_inflight_flush(void)
{
	uint64_t now = ct_now_ns();
	int n = ct_dl_nest < CT_DL_FLIGHT_MAX ? ct_dl_nest : CT_DL_FLIGHT_MAX;

	while (n-- > 0) {
		struct ct_dl_flight *f = &ct_dl_flying[n];
		const char *strs[4] = { f->rq->name ? f->rq->name : "", "", "", "" };

		if (!f->t0)
			continue;
		strs[2] = ct_map_path(ct_object_map(f->rq->caller));
		ct_log_emit(CT_EV_DLOPEN, f->t0, now - f->t0, 0, CT_DL_NO_RETURN, f->rq->flags,
			    f->rq->lmid, (int64_t)(intptr_t)f->rq->caller, f->name_ok ? 4 : 0,
			    strs);
		f->t0 = 0;
	}
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
	if (t0 && !ct_sealed() && ct_enter()) {   /* sealed: the link-map walk may map */
		const char *strs[1] = { ret ? "dlclose failed" : "" };

		ct_log_emit(CT_EV_DLCLOSE, t0, ct_now_ns() - t0, ret, 0,
			    (int64_t)(intptr_t)h, 0, 0, 1, strs);
		ct_libs_gone();
		ct_leave();
	}
	errno = saved;
	return ret;
}
