/*
 * audit_cost.c -- the calling thread's cost counters for the loader's
 * phases and each object's initialisers: thread CPU, page faults, bytes
 * read from storage.
 * Never: a descriptor kept open (the program may close or reuse any
 * number), stdio, errno changed.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "audit.h"
#include "kclock.h"

int ct_tid(void)
{
	return (int)syscall(SYS_gettid);
}

static uint64_t ct_dec(const char *p)
{
	uint64_t v = 0;

	while (*p >= '0' && *p <= '9')
		v = v * 10 + (uint64_t)(*p++ - '0');
	return v;
}

/* read_bytes from /proc/thread-self/io: bytes this thread caused to be
 * fetched from storage (page-cache hits are not counted). */
static uint64_t ct_read_bytes(void)
{
	char buf[512], *p;
	ssize_t n;
	int fd = open("/proc/thread-self/io", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	p = strstr(buf, "\nread_bytes: ");
	return p ? ct_dec(p + 13) : 0;
}

void ct_cost_now(struct ct_cost *c)
{
	struct rusage ru;
	int saved = errno;

	c->t_ns = ct_kclock_ns(CLOCK_MONOTONIC);
	c->cpu_ns = ct_kclock_ns(CLOCK_THREAD_CPUTIME_ID);
	if (getrusage(RUSAGE_THREAD, &ru) == 0) {
		c->minflt = (uint64_t)ru.ru_minflt;
		c->majflt = (uint64_t)ru.ru_majflt;
	} else {
		c->minflt = c->majflt = 0;
	}
	c->read_bytes = ct_read_bytes();
	errno = saved;
}

void ct_cost_sub(struct ct_cost *acc, const struct ct_cost *a, const struct ct_cost *b)
{
	acc->t_ns += a->t_ns - b->t_ns;
	acc->cpu_ns += a->cpu_ns - b->cpu_ns;
	acc->minflt += a->minflt - b->minflt;
	acc->majflt += a->majflt - b->majflt;
	acc->read_bytes += a->read_bytes - b->read_bytes;
}
