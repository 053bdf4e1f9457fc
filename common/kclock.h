/*
 * kclock.h -- the kernel's clocks for the shim, the audit library and the
 * CLI: never the clock_gettime a preloaded library (libfaketime) answers
 * through the PLT.  Never: a libc time function, errno changed, a lock.
 */
#ifndef CT_KCLOCK_H
#define CT_KCLOCK_H

#include <stdint.h>
#include <time.h>

typedef int ct_kclock_fn(clockid_t id, struct timespec *ts);

/* The vDSO's clock_gettime, or the raw system call where there is none;
 * until the first call, the function that finds it (kclock.c). */
extern ct_kclock_fn *ct_kclock_get __attribute__((visibility("hidden")));

static inline uint64_t ct_kclock_ns(clockid_t id)
{
	struct timespec ts;

	ct_kclock_get(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#endif
