/*
 * wait.c -- what a thread waited in: interposers of the blocking calls
 * that name a wait (pthread_join, condition variables, semaphores, the
 * sleeps, poll/select/epoll), each timed and tallied per thread and per
 * call (common/ct_log.h, CT_WAITS); the tally becomes THREAD_WAIT records
 * at the thread's end (threadcpu.c).
 *
 * A wait costs two reads of the vDSO clock and a few stores into this
 * thread's own table; no record is written while it runs.  The tally
 * works before the shim's constructor and on threads the shim did not
 * start.  Never: a changed result or errno, an allocation, a lock, a
 * system call, a write to the table from a vfork or clone(CLONE_VM) child
 * (the memory is its parent's thread's).  A thread cancelled inside a
 * wait (a cancellation point) leaves that one wait untallied: the table
 * is written only after the real call returned.  A wait in a signal
 * handler that interrupts a tally may lose one of the two.
 */
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <unistd.h>
#include "ct.h"

/* One word per call, since static TLS comes out of every thread's stack
 * (a PTHREAD_STACK_MIN thread has ~8 KiB for the program): the low
 * CT_WAIT_NBITS bits count the calls that returned, the rest is the time
 * inside them in units of 1 << CT_WAIT_SHIFT ns (each call rounded to the
 * nearest unit: 19.5 hours in all).  A full word stops counting. */
#define CT_WAIT_NBITS 24
#define CT_WAIT_SHIFT 6
#define CT_WAIT_NMASK ((1ull << CT_WAIT_NBITS) - 1)

static CT_TLS uint64_t ct_waits[CT_WAIT_MAX - 1];   /* by enum ct_wait - 1 */

static inline void ct_waited(int w, uint64_t t0)
{
	uint64_t d = (ct_now_ns() - t0 + (1u << (CT_WAIT_SHIFT - 1))) >> CT_WAIT_SHIFT;
	uint64_t v = ct_waits[w - 1];

	if (ct_unlikely(ct_self.vfork || ct_self.depth >= CT_DEPTH_SHARED))
		return;
	if (ct_unlikely((v & CT_WAIT_NMASK) == CT_WAIT_NMASK ||
			d >= (~v >> CT_WAIT_NBITS)))
		return;
	ct_waits[w - 1] = v + 1 + (d << CT_WAIT_NBITS);
}

/* The real call fn(args) timed as wait w, its result and errno as they
 * were. */
#define CT_WAIT(w, fn, ...) ({                                          \
	uint64_t t0_ = ct_now_ns();                                     \
	__typeof__(real_##fn(__VA_ARGS__)) r_ = CT_REAL(fn)(__VA_ARGS__); \
	int e_ = errno;                                                 \
	ct_waited(CT_WAIT_##w, t0_);                                    \
	errno = e_;                                                     \
	r_; })

static __typeof__(pthread_join) *real_pthread_join;
static __typeof__(pthread_cond_wait) *real_pthread_cond_wait;
static __typeof__(pthread_cond_timedwait) *real_pthread_cond_timedwait;
static __typeof__(pthread_cond_clockwait) *real_pthread_cond_clockwait;
static __typeof__(sem_wait) *real_sem_wait;
static __typeof__(sem_timedwait) *real_sem_timedwait;
static __typeof__(sem_clockwait) *real_sem_clockwait;
static __typeof__(nanosleep) *real_nanosleep;
static __typeof__(clock_nanosleep) *real_clock_nanosleep;
static __typeof__(usleep) *real_usleep;
static __typeof__(sleep) *real_sleep;
static __typeof__(poll) *real_poll;
static __typeof__(ppoll) *real_ppoll;
static __typeof__(select) *real_select;
static __typeof__(pselect) *real_pselect;
static __typeof__(epoll_wait) *real_epoll_wait;
static __typeof__(epoll_pwait) *real_epoll_pwait;

CT_EXPORT int pthread_join(pthread_t th, void **ret)
{
	return CT_WAIT(PTHREAD_JOIN, pthread_join, th, ret);
}

CT_EXPORT int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	return CT_WAIT(COND_WAIT, pthread_cond_wait, c, m);
}

CT_EXPORT int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
				     const struct timespec *at)
{
	return CT_WAIT(COND_TIMEDWAIT, pthread_cond_timedwait, c, m, at);
}

CT_EXPORT int pthread_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t clk,
				     const struct timespec *at)
{
	return CT_WAIT(COND_CLOCKWAIT, pthread_cond_clockwait, c, m, clk, at);
}

CT_EXPORT int sem_wait(sem_t *s)
{
	return CT_WAIT(SEM_WAIT, sem_wait, s);
}

CT_EXPORT int sem_timedwait(sem_t *s, const struct timespec *at)
{
	return CT_WAIT(SEM_TIMEDWAIT, sem_timedwait, s, at);
}

CT_EXPORT int sem_clockwait(sem_t *s, clockid_t clk, const struct timespec *at)
{
	return CT_WAIT(SEM_CLOCKWAIT, sem_clockwait, s, clk, at);
}

CT_EXPORT int nanosleep(const struct timespec *req, struct timespec *rem)
{
	return CT_WAIT(NANOSLEEP, nanosleep, req, rem);
}

CT_EXPORT int clock_nanosleep(clockid_t clk, int flags, const struct timespec *req,
			      struct timespec *rem)
{
	return CT_WAIT(CLOCK_NANOSLEEP, clock_nanosleep, clk, flags, req, rem);
}

CT_EXPORT int usleep(useconds_t us)
{
	return CT_WAIT(USLEEP, usleep, us);
}

CT_EXPORT unsigned sleep(unsigned s)
{
	return CT_WAIT(SLEEP, sleep, s);
}

CT_EXPORT int poll(struct pollfd *fds, nfds_t n, int timeout)
{
	return CT_WAIT(POLL, poll, fds, n, timeout);
}

CT_EXPORT int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *t, const sigset_t *mask)
{
	return CT_WAIT(PPOLL, ppoll, fds, n, t, mask);
}

CT_EXPORT int select(int n, fd_set *r, fd_set *w, fd_set *x, struct timeval *t)
{
	return CT_WAIT(SELECT, select, n, r, w, x, t);
}

CT_EXPORT int pselect(int n, fd_set *r, fd_set *w, fd_set *x, const struct timespec *t,
		      const sigset_t *mask)
{
	return CT_WAIT(PSELECT, pselect, n, r, w, x, t, mask);
}

CT_EXPORT int epoll_wait(int fd, struct epoll_event *ev, int max, int timeout)
{
	return CT_WAIT(EPOLL_WAIT, epoll_wait, fd, ev, max, timeout);
}

CT_EXPORT int epoll_pwait(int fd, struct epoll_event *ev, int max, int timeout,
			  const sigset_t *mask)
{
	return CT_WAIT(EPOLL_PWAIT, epoll_pwait, fd, ev, max, timeout, mask);
}

/* The tally as THREAD_WAIT records, then emptied.  The caller holds the
 * recursion guard. */
void ct_wait_emit(void)
{
	uint64_t v;
	int w;

	for (w = 1; w < CT_WAIT_MAX; w++) {
		v = ct_waits[w - 1];
		if (v & CT_WAIT_NMASK)
			ct_log_emit(CT_EV_THREAD_WAIT, ct_now_ns(), 0, 0, 0, w,
				    (int64_t)(v & CT_WAIT_NMASK),
				    (int64_t)((v >> CT_WAIT_NBITS) << CT_WAIT_SHIFT), 0, NULL);
	}
	ct_wait_forget();
}

/* A fork child's thread starts with nothing waited (its memory holds the
 * forking thread's tally). */
void ct_wait_forget(void)
{
	memset(ct_waits, 0, sizeof(ct_waits));
}
