/*
 * seal.c -- the host installs a seccomp filter: prctl(PR_SET_SECCOMP) or
 * seccomp(2) through glibc's syscall() (libseccomp's seccomp_load takes
 * one or the other).
 *
 * Once a filter is in, any system call of coldtrace's may be the one it
 * kills the process for (SECCOMP_RET_KILL_PROCESS), so ct_g.sealed turns
 * every path that would make one into stores into memory already mapped,
 * or into nothing (ct_sealed()).  Before the host's call: room for the
 * SECCOMP record is made, and the fatal signals go back to the host's
 * dispositions (sealed, coldtrace could not die by them: rt_sigaction,
 * tgkill); a refused filter gets them watched again.  After it: the
 * record, and the shim taken out of LD_PRELOAD in place, so children and
 * exec'd images, which inherit the filter, start untraced instead of
 * running the shim's constructor under it.
 * Every system call the shim makes itself goes through syscall() here
 * too: the pass-through is two compares and a jump (x86-64).
 * Never: a return value or errno changed; a system call of coldtrace's
 * once the filter is in; a call that installs nothing (a failed one,
 * SECCOMP_GET_ACTION_AVAIL, PR_GET_SECCOMP) taken for an install.
 * Raw system calls (Go's inline assembly) pass no interposer: not seen.
 */
#include <linux/seccomp.h>
#include <stdarg.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

__typeof__(syscall) *real_syscall __attribute__((used));   /* read by syscall()'s jump */
long ct_syscall_in(long n, long a1, long a2, long a3, long a4, long a5, long a6);
static __typeof__(prctl) *real_prctl;

/* One install attempt: how it came (the SECCOMP record's a2: 0 prctl(),
 * 1 syscall() with number nr), the mode by prctl's numbers (1 strict, 2
 * filter), seccomp(2)'s flags, and the host's arguments to pass on. */
struct ct_install {
	int via;
	long nr;
	long mode;
	unsigned long flags;
	long a[6];
};

static long ct_install_real(const struct ct_install *in)
{
	const long *a = in->a;

	if (in->via == 0)
		return CT_REAL(prctl)(PR_SET_SECCOMP, a[0], a[1], a[2], a[3]);
	return CT_REAL(syscall)(in->nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}

/* With SECCOMP_FILTER_FLAG_NEW_LISTENER success is a descriptor; with
 * TSYNC alone a failure can be a thread id. */
static int ct_installed(const struct ct_install *in, long ret)
{
	return ret == 0 || (ret > 0 && in->nr == SYS_seccomp &&
			    (in->flags & SECCOMP_FILTER_FLAG_NEW_LISTENER));
}

/* The filter is in: from here, memory only. */
static void ct_seal(const struct ct_install *in, uint64_t t0, long ret)
{
	__atomic_store_n(&ct_g.sealed, 1, __ATOMIC_SEQ_CST);
	if (ct_enter()) {
		ct_log_emit1(CT_EV_SECCOMP, t0, ct_now_ns() - t0, ret, 0, in->mode,
			     (int64_t)in->flags, in->via, NULL);
		ct_log_seal_hold();
		ct_leave();
	}
	ct_env_seal();
}

static long ct_install(const struct ct_install *in)
{
	uint64_t was, t0;
	long ret;
	int err;

	if (ct_sealed() || (in->mode != SECCOMP_MODE_STRICT && in->mode != SECCOMP_MODE_FILTER))
		return ct_install_real(in);
	was = ct_fatal_unwatch();
	if (ct_g.enabled)
		ct_log_seal_prepare();   /* while room can still be made */
	t0 = ct_now_ns();
	ret = ct_install_real(in);
	err = errno;
	if (ct_installed(in, ret))
		ct_seal(in, t0, ret);
	else
		ct_fatal_rewatch(was);
	errno = err;
	return ret;
}

CT_EXPORT int prctl(int option, ...)
{
	struct ct_install in = { 0 };
	va_list ap;

	va_start(ap, option);
	for (int i = 0; i < 4; i++)
		in.a[i] = (long)va_arg(ap, unsigned long);
	va_end(ap);
	if (ct_likely(option != PR_SET_SECCOMP))
		return CT_REAL(prctl)(option, in.a[0], in.a[1], in.a[2], in.a[3]);
	in.mode = in.a[0];
	return (int)ct_install(&in);
}

/* syscall() with the host's seven words, as glibc's takes them: an
 * install is seen, anything else passes on (reached here only before the
 * real one is known, or from the portable syscall() below). */
long ct_syscall_in(long n, long a1, long a2, long a3, long a4, long a5, long a6)
{
	struct ct_install in = { .via = 1, .nr = n, .a = { a1, a2, a3, a4, a5, a6 } };

	if (n != SYS_seccomp && n != SYS_prctl)
		return CT_REAL(syscall)(n, a1, a2, a3, a4, a5, a6);
	if (n == SYS_prctl)
		in.mode = a1 == PR_SET_SECCOMP ? a2 : -1;
	else
		in.mode = a1 == SECCOMP_SET_MODE_STRICT ? SECCOMP_MODE_STRICT :
			  a1 == SECCOMP_SET_MODE_FILTER ? SECCOMP_MODE_FILTER : -1;
	in.flags = n == SYS_seccomp ? (unsigned long)a2 : 0;
	return ct_install(&in);
}

#if defined(__x86_64__)
#define CT_STR_(x) #x
#define CT_STR(x) CT_STR_(x)
/* Every call but the two that can install a filter jumps on to glibc's
 * syscall() with the caller's registers and stack untouched (the sixth
 * argument is on the stack): the shim's own system calls, which bind
 * here too, cost two compares and a jump and no stack at all, where a
 * variadic C function would take ~250 bytes of the host's (on an 8 KiB
 * sigaltstack, at the end).  The others, and any call before the real
 * one is known, go to ct_syscall_in, whose arguments sit in the same
 * registers and stack slot. */
__asm__(".pushsection .text\n"
	".globl syscall\n"
	".type syscall, @function\n"
	"syscall:\n"
	"	endbr64\n"
	"	cmpq $" CT_STR(SYS_seccomp) ", %rdi\n"
	"	je ct_syscall_in\n"
	"	cmpq $" CT_STR(SYS_prctl) ", %rdi\n"
	"	je ct_syscall_in\n"
	"	movq real_syscall(%rip), %rax\n"
	"	testq %rax, %rax\n"
	"	je ct_syscall_in\n"
	"	jmp *%rax\n"
	".size syscall, .-syscall\n"
	".popsection\n");
#else
/* Six arguments read and passed on whatever the call takes, as glibc's
 * own syscall() does. */
CT_EXPORT long syscall(long n, ...)
{
	long a[6];
	va_list ap;

	va_start(ap, n);
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	return ct_syscall_in(n, a[0], a[1], a[2], a[3], a[4], a[5]);
}
#endif
