/*
 * clone.c -- clone(CLONE_VM) children that share a thread's state.
 *
 * glibc's clone() with CLONE_VM and without CLONE_SETTLS runs the child
 * on the calling thread's thread-local storage: ct_self is then the state
 * of two writers, which must never write one segment.  While such a child
 * lives, the thread's depth carries CT_DEPTH_SHARED (every call of either
 * passes through and is counted lost, CT_DROP_SHARED: guard.c) and its
 * vfork mark is raised (the child's exec and _exit do not end the
 * parent's image, as a vfork child's do not).  The child runs fn through
 * ct_clone_child, whose slot word it clears when fn returns, and the
 * kernel when the child exits or execs (set_tid_address, unless the
 * caller asked for CLONE_CHILD_CLEARTID itself, or after a seccomp
 * filter: a system call): the first call that finds
 * the depth shared afterwards takes the marks of the children gone off,
 * with no system call.  A child without CLONE_VM is a process of its own
 * whose first record notices it (log.c).
 * Never: a lock, an allocation, the child's records in its parent's log.
 */
#include <sched.h>
#include <stdarg.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

#define CT_CLONE_SLOTS 16u   /* CLONE_VM children alive at once that are followed */

struct ct_clone_slot {
	int busy;                  /* atomic: claimed, its marks on owner's state */
	int live;                  /* atomic: cleared once the child has gone */
	int cleartid;              /* the child makes `live` its clear_child_tid */
	struct ct_thread *owner;   /* the state the child shares */
	int (*fn)(void *);
	void *arg;
};

static struct ct_clone_slot ct_clone_slots[CT_CLONE_SLOTS] CT_FORK_HOT;
static __typeof__(clone) *real_clone;

static void ct_clone_mark(int n)
{
	__atomic_add_fetch(&ct_self.depth, n * CT_DEPTH_SHARED, __ATOMIC_RELAXED);
	__atomic_add_fetch(&ct_self.vfork, n, __ATOMIC_RELAXED);
}

static struct ct_clone_slot *ct_clone_claim(int flags)
{
	for (unsigned i = 0; i < CT_CLONE_SLOTS; i++) {
		struct ct_clone_slot *s = &ct_clone_slots[i];

		if (!__atomic_exchange_n(&s->busy, 1, __ATOMIC_ACQUIRE)) {
			s->live = 1;
			s->cleartid = !(flags & CLONE_CHILD_CLEARTID) && !ct_sealed();
			s->owner = &ct_self;
			return s;
		}
	}
	return NULL;
}

/* The marks of this thread's children that have gone are taken off; 1
 * when its state is its own again. */
int ct_clone_reap(void)
{
	for (unsigned i = 0; i < CT_CLONE_SLOTS; i++) {
		struct ct_clone_slot *s = &ct_clone_slots[i];

		if (__atomic_load_n(&s->busy, __ATOMIC_ACQUIRE) && s->owner == &ct_self &&
		    !__atomic_load_n(&s->live, __ATOMIC_ACQUIRE) &&
		    __atomic_exchange_n(&s->busy, 0, __ATOMIC_ACQ_REL))
			ct_clone_mark(-1);
	}
	return __atomic_load_n(&ct_self.depth, __ATOMIC_RELAXED) == 0;
}

/* A child has its own memory: no child of the parent's shares it. */
void ct_clone_forked(void)
{
	for (unsigned i = 0; i < CT_CLONE_SLOTS; i++)
		if (ct_clone_slots[i].busy)   /* a write only where one is needed */
			ct_clone_slots[i].busy = 0;
}

static int ct_clone_child(void *p)
{
	struct ct_clone_slot *s = p;
	int ret;

	if (s->cleartid)
		syscall(SYS_set_tid_address, &s->live);
	ret = s->fn(s->arg);
	__atomic_store_n(&s->live, 0, __ATOMIC_RELEASE);
	return ret;
}

CT_EXPORT int clone(int (*fn)(void *), void *stack, int flags, void *arg, ...)
{
	struct ct_clone_slot *s = NULL;
	pid_t *ptid, *ctid;
	va_list ap;
	void *tls;
	int ret, err;

	va_start(ap, arg);   /* as glibc's clone, which takes them whatever the flags */
	ptid = va_arg(ap, pid_t *);
	tls = va_arg(ap, void *);
	ctid = va_arg(ap, pid_t *);
	va_end(ap);
	if (ct_g.enabled && (flags & (CLONE_VM | CLONE_SETTLS)) == CLONE_VM) {
		ct_log_ready();   /* the child would make it in this memory */
		s = ct_clone_claim(flags);
	}
	if (!s)
		return CT_REAL(clone)(fn, stack, flags, arg, ptid, tls, ctid);
	s->fn = fn;
	s->arg = arg;
	ct_clone_mark(1);
	ret = CT_REAL(clone)(ct_clone_child, stack, flags, s, ptid, tls, ctid);
	err = errno;
	if (ret < 0)
		__atomic_store_n(&s->live, 0, __ATOMIC_RELEASE);
	ct_clone_reap();
	errno = err;
	return ret;
}
