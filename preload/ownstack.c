/*
 * ownstack.c -- runs a function on a stack of coldtrace's own.
 *
 * The end of an image runs on whatever stack the host is on when it ends:
 * an 8 KiB sigaltstack under one or two kernel signal frames, a
 * PTHREAD_STACK_MIN thread, the last bytes of an overflowed main stack.
 * The exit work (the /proc snapshot's buffers, the bare run's merge) needs
 * ~40 KiB, so it runs here instead.  The stack is the shim's own .bss:
 * reserved when the shim is loaded, at no system call, its pages taken
 * only when first touched (at the end, by the one process that gets
 * there), and inside the shim's mapping, which the record already counts
 * as coldtrace's own.
 * Never: two users at once (its one user is the end of the image, which
 * one thread runs: ct_ended in exit.c); a signal delivered while it is in
 * use (the caller blocks them: a handler would run here, or, on an
 * SA_ONSTACK handler, restart the sigaltstack from its top over frames
 * still in use); fn returning with the stack pointer it was not given.
 */
#include "ct.h"

/* ~3x the deepest path (~41 KiB: the Rss pass giving way to a copy of
 * smaps); the usual one was measured at 25 KiB. */
#define CT_OWN_STACK_BYTES (128u * 1024u)

static char ct_own_stack[CT_OWN_STACK_BYTES] CT_PAGE_ALIGNED;

#if defined(__x86_64__)
/* The host's stack pointer is kept in rbx, which fn must preserve (SysV
 * ABI); the new top is 16-aligned, so fn is entered as after any call.
 * Everything fn may change under the ABI is declared clobbered. */
void ct_on_own_stack(void (*fn)(void *), void *arg)
{
	char *top = ct_own_stack + sizeof(ct_own_stack);

	__asm__ volatile("mov %%rsp, %%rbx\n\t"
			 "mov %[top], %%rsp\n\t"
			 "call *%[fn]\n\t"
			 "mov %%rbx, %%rsp"
			 : "+D"(arg)
			 : [top] "r"(top), [fn] "r"(fn)
			 : "rbx", "rax", "rcx", "rdx", "rsi", "r8", "r9", "r10", "r11",
			   "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
			   "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",
			   "xmm15", "memory", "cc");
}
#else
/* Other architectures keep the host's stack (the work fits a normal one). */
void ct_on_own_stack(void (*fn)(void *), void *arg)
{
	fn(arg);
}
#endif
