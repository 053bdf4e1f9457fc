/*
 * clock.h -- the CLI's clocks (lib/clock.c).
 */
#ifndef CT_CLOCK_H
#define CT_CLOCK_H

#include <stdint.h>

int64_t ct_mono_ns(void);   /* CLOCK_MONOTONIC, ns */
int64_t ct_unix_ms(void);   /* CLOCK_REALTIME, ms */

#endif
