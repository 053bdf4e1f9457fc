/* ns.h -- a clock's reading in ns, for the bench programs. */
#ifndef CT_BENCH_NS_H
#define CT_BENCH_NS_H

#include <time.h>

static inline double ns_of(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

#endif
