/* stat_loop.c -- N stat() calls in a loop, timed in-process (excludes
 * process start and exit): prints the mean ns per call of each of R
 * rounds, one per line, for bench/shim_overhead.sh to take the median.
 * The time is the thread's CPU time (user and system): on a shared
 * machine the time other processes hold the CPU is left out. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include "ns.h"

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	int rounds = argc > 2 ? atoi(argv[2]) : 5;
	struct stat st;

	for (int r = 0; r < rounds; r++) {
		double t0 = ns_of(CLOCK_THREAD_CPUTIME_ID);

		for (long i = 0; i < n; i++)
			stat("/etc/hostname", &st);
		printf("%.1f\n", (ns_of(CLOCK_THREAD_CPUTIME_ID) - t0) / n);
	}
	return 0;
}
