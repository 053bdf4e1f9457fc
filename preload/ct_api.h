/*
 * ct_api.h -- what the shim hands to pyhook (pyhook/, linked into the same
 * libcoldtrace.so): the only way pyhook reaches the shim.
 *
 * Only when the process turns out to be a CPython interpreter (Py_Initialize
 * resolvable) does the shim's constructor call ct_pyhook_init(&api), before
 * Py_Initialize.  Every function here is safe from any thread, never
 * changes errno, never allocates, and is a no-op once tracing is disabled.
 */
#ifndef CT_API_H
#define CT_API_H

#include <stdint.h>

#define CT_API_VERSION 3   /* 3: sealed */

struct ct_api {
	uint32_t version;     /* CT_API_VERSION */
	/* Appends one record (see common/ct_log.h) on the calling thread's
	 * chunk; the import id is filled in by the shim. */
	void (*emit)(int kind, uint64_t t_ns, uint64_t dur_ns, int64_t result,
		     int err, int64_t a0, int64_t a1, int64_t a2,
		     int nstr, const char *const *strs);
	uint64_t (*now_ns)(void);             /* CLOCK_MONOTONIC ns */
	/* The innermost import in progress on this thread (0 = none): every
	 * native record the thread writes carries it. */
	void (*set_import)(uint32_t import_id);
	uint32_t (*get_import)(void);
	/* "coldtrace[pid]: what: detail" on stderr, only with COLDTRACE_DEBUG */
	void (*debug)(const char *what, const char *detail);
	/* 1 once the host installed a seccomp filter: from then on pyhook
	 * makes no system call either (getrusage) */
	int (*sealed)(void);
};

/* pyhook/init.c: 0 when the Python view is on, -1 when it cannot be (a
 * PY_INFO record says why). */
int ct_pyhook_init(const struct ct_api *api);

/* pyhook/threadstart.c: called by the shim's pthread_create, on the
 * creating thread before the thread exists, when the start routine is the
 * interpreter's own; may emit one PY_AUDIT record saying which Python
 * thread it is (Python 3.8 to 3.11, which raise no audit event for it).
 * Returns at once when the Python view is off; may change errno (the
 * caller restores it). */
void ct_pyhook_thread_start(void);

#endif
