/*
 * threadcpu.c -- a thread's end as the kernel saw it: what it waited in
 * (wait.c's tally), its CPU time (user, system), its run-queue delay and
 * its context switches: THREAD_WAIT records, then one THREAD_CPU.
 *
 * Written by the thread itself, once: at its exit (thread.c's key
 * destructor), or at the image's end for the thread that ends it
 * (exit.c).  Costs getrusage and three system calls for schedstat, once
 * per thread (schedstat is not read at the end of a short image).
 * Never: a system call after a seccomp filter, a buffer on the host's
 * stack of more than a few dozen bytes, a changed errno.
 */
#include <fcntl.h>
#include <sys/resource.h>
#include "ct.h"

static int64_t ct_tv_ns(const struct timeval *tv)
{
	return (int64_t)tv->tv_sec * 1000000000 + (int64_t)tv->tv_usec * 1000;
}

/* /proc/thread-self/schedstat's second number: ns spent runnable on a
 * run queue, not running; -1 unread. */
static int64_t ct_runqueue_ns(void)
{
	char buf[72];
	int64_t v = 0;
	ssize_t n;
	int fd = ct_sys_open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC, 0);
	const char *p;

	if (fd < 0)
		return -1;
	n = ct_sys_read(fd, buf, sizeof(buf) - 1);
	ct_sys_close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	for (p = buf; *p >= '0' && *p <= '9'; p++)
		;
	if (*p++ != ' ' || *p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++)
		v = v * 10 + (*p - '0');
	return v;
}

/* The caller holds the recursion guard.  runqueue 0: schedstat is not
 * read (a short image's end: its three system calls would be a tenth of
 * what tracing the image costs), and the delay is recorded unread. */
void ct_thread_cpu_record(int runqueue)
{
	struct rusage ru;
	int saved = errno;
	uint64_t sw;

	if (ct_sealed())
		return;
	ct_wait_emit();
	if (getrusage(RUSAGE_THREAD, &ru) == 0) {
		sw = (uint64_t)(uint32_t)ru.ru_nivcsw << 32 | (uint32_t)ru.ru_nvcsw;
		ct_log_emit(CT_EV_THREAD_CPU, ct_now_ns(), 0, (int64_t)sw, 0, ct_tv_ns(&ru.ru_utime),
			    ct_tv_ns(&ru.ru_stime), runqueue ? ct_runqueue_ns() : -1, 0, NULL);
	}
	errno = saved;
}
