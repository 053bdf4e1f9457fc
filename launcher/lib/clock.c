/*
 * clock.c -- the CLI's two clocks: monotonic ns for durations, Unix ms for
 * names and timestamps a user reads.  Both the kernel's (kclock.h): a
 * ct-launch started under libfaketime still names its run by today.
 */
#include <stdint.h>
#include <time.h>

#include "clock.h"
#include "kclock.h"

int64_t ct_mono_ns(void)
{
	return (int64_t)ct_kclock_ns(CLOCK_MONOTONIC);
}

int64_t ct_unix_ms(void)
{
	return (int64_t)(ct_kclock_ns(CLOCK_REALTIME) / 1000000);
}
