/*
 * clock.c -- the CLI's two clocks: monotonic ns for durations, Unix ms for
 * names and timestamps a user reads.
 */
#include <stdint.h>
#include <time.h>

#include "clock.h"

int64_t ct_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t ct_unix_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
