/*
 * guard.c -- the recursion guard when tracing is off or the depth is not
 * 0 (ct.h's ct_enter and ct_begin keep their one test of each otherwise).
 *
 * Off: nothing is traced.  A depth below 0: a fork child whose fork ran
 * over calls of ours (a signal handler's fork) has seen those calls
 * return; the depth is 0 again and the log's hazard is over (log.c).  A
 * multiple of CT_DEPTH_SHARED: a clone(CLONE_VM) child shares this
 * thread's state (clone.c); the call is counted as a lost record unless
 * every such child has gone.  Anything else: a call of ours is in
 * progress on this thread.
 * Never: a record written by two writers of one thread state, a depth
 * left below 0 once looked at.
 */
#include "ct.h"

/* 1: the caller may trace (the depth is 0 now). */
static int ct_busy(void)
{
	int d = ct_self.depth;

	if (!ct_g.enabled)
		return 0;
	if (d < 0) {
		ct_self.depth = 0;
		ct_log_hazard_end();
		return 1;
	}
	if (d % CT_DEPTH_SHARED)
		return 0;
	if (ct_clone_reap())
		return 1;
	ct_log_drop_shared();
	return 0;
}

int ct_enter_busy(void)
{
	if (!ct_busy())
		return 0;
	ct_self.depth++;
	return 1;
}

uint64_t ct_begin_busy(void)
{
	return ct_busy() ? ct_now_ns() : 0;
}
