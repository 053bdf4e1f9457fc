/*
 * vfork.c -- vfork that stays a vfork.
 *
 * The child of vfork runs on its parent's memory, stack and thread-local
 * storage until it execs or exits, while the calling thread waits.  As a
 * fork, a large parent would pay for copying its page tables and then a
 * copy-on-write fault per page it writes (20 spawns from a 600 MiB Python:
 * 20-30 ms bare, 0.5-0.7 s as forks).  So, on x86-64:
 *
 * - The interposer is assembly that makes the system call itself and keeps
 *   the caller's return address in a register across it, as glibc's own
 *   vfork does: the child returns straight to the caller without writing
 *   to the stack, and the parent needs no stack slot the child may have
 *   reused.
 * - Before the call the thread is marked (ct_self.vfork, and the recursion
 *   guard raised), so everything the child then calls passes straight
 *   through: no record, no allocation, nothing of the parent's log, exit
 *   state or signal bookkeeping changed.  Exec puts a lost shim back into
 *   the environment on the stack, or on pages of its own that the parent
 *   unmaps afterwards (env.c).
 * - Once the child has gone, the parent clears the mark and records the
 *   vfork with the child's pid.  The image the child execs starts a log of
 *   its own, whose parent (getppid) is the vfork caller.
 *
 * Elsewhere vfork runs as fork: correct for any program that is correct
 * under vfork, only slower.
 */
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

#if defined(__x86_64__)

uint64_t ct_vfork_begin(void);
pid_t ct_vfork_end(long ret, uint64_t t0);

/* In the parent before the system call; returns the call's start time. */
__attribute__((used)) uint64_t ct_vfork_begin(void)
{
	uint64_t t0 = ct_begin();

	ct_proc_resolve();
	ct_self.vfork++;
	ct_self.depth++;
	return t0;
}

/* In the parent once the child has exec'd or exited (or the call failed:
 * ret is then -errno). */
__attribute__((used)) pid_t ct_vfork_end(long ret, uint64_t t0)
{
	ct_self.depth--;
	ct_self.vfork--;
	ct_env_spill_release();   /* what an exec that succeeded left behind */
	if (ret < 0) {
		errno = (int)-ret;
		ret = -1;
	}
	return ct_forked(CT_EV_VFORK, t0, (pid_t)ret);
}

#define CT_XSTR(x) CT_STR(x)
#define CT_STR(x) #x

/* rdi: the caller's return address, rsi: t0; the kernel keeps both. */
__asm__(".text\n"
	".globl vfork\n"
	".type vfork, @function\n"
	"vfork:\n"
	".cfi_startproc\n"
	"	subq $8, %rsp\n"
	".cfi_adjust_cfa_offset 8\n"
	"	call ct_vfork_begin\n"
	"	addq $8, %rsp\n"
	".cfi_adjust_cfa_offset -8\n"
	"	movq %rax, %rsi\n"
	"	popq %rdi\n"
	".cfi_adjust_cfa_offset -8\n"
	".cfi_register %rip, %rdi\n"
	"	movl $" CT_XSTR(SYS_vfork) ", %eax\n"
	"	syscall\n"
	"	testq %rax, %rax\n"
	"	jnz 1f\n"
	"	jmp *%rdi\n"            /* the child */
	"1:	pushq %rdi\n"
	".cfi_adjust_cfa_offset 8\n"
	".cfi_offset %rip, -8\n"
	"	movq %rax, %rdi\n"
	"	subq $8, %rsp\n"
	".cfi_adjust_cfa_offset 8\n"
	"	call ct_vfork_end\n"
	"	addq $8, %rsp\n"
	".cfi_adjust_cfa_offset -8\n"
	"	ret\n"
	".cfi_endproc\n"
	".size vfork, .-vfork\n");

#else

static pid_t (*real_fork)(void);

CT_EXPORT pid_t vfork(void)
{
	uint64_t t0 = ct_begin();

	return ct_forked(CT_EV_VFORK, t0, CT_REAL(fork)());
}

#endif
