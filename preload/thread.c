/*
 * thread.c -- the pthread_create interposer and thread exit.
 *
 * The new thread runs a trampoline that records its start (paired with the
 * creation record by a sequence number) and arms a key destructor that
 * records its exit (with its CPU time and waits, threadcpu.c), whether it
 * returns or calls pthread_exit.  If the
 * trampoline's small allocation fails, the thread is created untouched.
 * A thread the interpreter starts is first shown to pyhook, which may
 * record which Python thread it is (ct_api.h).
 */
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include "ct.h"

struct ct_start {
	void *(*fn)(void *);
	void *arg;
	uint32_t creator;
	uint32_t seq;
};

static __typeof__(pthread_create) *real_pthread_create;
static pthread_key_t ct_exit_key;
static pthread_once_t ct_key_once = PTHREAD_ONCE_INIT;
static uint32_t ct_thread_seq;

static void ct_thread_exit(void *unused)
{
	(void)unused;
	if (ct_enter()) {
		ct_thread_cpu_record(1);
		ct_ev(CT_EV_THREAD_EXIT, ct_now_ns(), 0, 0, 0, 0, 0, "");
		ct_leave();
	}
	ct_log_thread_done();
}

static void ct_key_make(void)
{
	pthread_key_create(&ct_exit_key, ct_thread_exit);
}

/* Apart from ct_thread_main, whose locals then never have their address
 * taken: its call of the start routine can be a tail call (clang makes
 * none past an escaped local), so the thread's own frames start where
 * they would bare. */
__attribute__((noinline)) static void ct_thread_started(uint32_t creator, uint32_t seq)
{
	if (ct_enter()) {
		ct_ev(CT_EV_THREAD_START, ct_now_ns(), 0, 0, creator, seq, 0, "");
		ct_leave();
	}
	pthread_setspecific(ct_exit_key, (void *)1);
}

static void *ct_thread_main(void *p)
{
	struct ct_start s = *(struct ct_start *)p;

	free(p);
	ct_thread_started(s.creator, s.seq);
	return s.fn(s.arg);
}

/* A thread the interpreter itself starts (its start routine is in the
 * object that defines Py_Initialize, within the span found at start-up:
 * no lookup, none that needs _dl_find_object): pyhook may say which
 * Python thread it is.  Returns whether pyhook was asked. */
static int ct_thread_python(void *(*fn)(void *))
{
	if ((uintptr_t)fn < ct_g.interp_span[0] || (uintptr_t)fn >= ct_g.interp_span[1])
		return 0;
	ct_pyhook_thread_start();
	return 1;
}

static void ct_thread_record(uint64_t t0, int ret, const struct ct_start *s)
{
	char where[512];
	const char *strs[1] = { where };

	ct_frame_text((uintptr_t)s->fn, where, sizeof(where));
	ct_log_emit(CT_EV_THREAD_CREATE, t0, ct_now_ns() - t0, ret, ret,
		    ret ? 0 : s->seq, (int64_t)(uintptr_t)s->fn, 0, 1, strs);
	ct_stack_emit(CT_EV_THREAD_CREATE, CT_STACK_FRAMES);
}

CT_EXPORT int pthread_create(pthread_t *th, const pthread_attr_t *attr,
			     void *(*fn)(void *), void *arg)
{
	uint64_t t0 = ct_begin();
	struct ct_start *s, copy;
	int ret, saved = errno;

	/* sealed: untraced, since the trampoline's allocation and gettid could
	 * be system calls the filter forbids */
	if (!t0 || ct_sealed() || !(s = malloc(sizeof(*s)))) {
		errno = saved;
		return CT_REAL(pthread_create)(th, attr, fn, arg);
	}
	pthread_once(&ct_key_once, ct_key_make);
	if (ct_thread_python(fn))
		t0 = ct_now_ns();   /* pyhook's time is not the call's */
	*s = (struct ct_start){ fn, arg, ct_gettid(),
				__atomic_add_fetch(&ct_thread_seq, 1, __ATOMIC_RELAXED) };
	copy = *s;
	ret = CT_REAL(pthread_create)(th, attr, ct_thread_main, s);
	if (ret)
		free(s);
	if (ct_enter()) {
		ct_thread_record(t0, ret, &copy);
		ct_leave();
	}
	errno = saved;
	return ret;
}
