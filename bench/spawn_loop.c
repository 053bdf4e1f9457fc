/* spawn_loop.c -- N posix_spawn + waitpid of /bin/true, R rounds: prints
 * per round "cpu_ns wall_ns" per spawn, where cpu is the calling thread's
 * own CPU time (the spawning side only: the caller sleeps while the child
 * execs) and wall the whole spawn-to-reaped time. */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include "ns.h"

extern char **environ;

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 200;
	int rounds = argc > 2 ? atoi(argv[2]) : 5;
	char *args[] = { "true", NULL };

	for (int r = 0; r < rounds; r++) {
		double cpu = 0, w0 = ns_of(CLOCK_MONOTONIC);

		for (long i = 0; i < n; i++) {
			double c0 = ns_of(CLOCK_THREAD_CPUTIME_ID);
			pid_t pid;

			if (posix_spawn(&pid, "/bin/true", NULL, NULL, args, environ) != 0)
				return 1;
			cpu += ns_of(CLOCK_THREAD_CPUTIME_ID) - c0;
			waitpid(pid, NULL, 0);
		}
		printf("%.0f %.0f\n", cpu / n, (ns_of(CLOCK_MONOTONIC) - w0) / n);
	}
	return 0;
}
