/*
 * exitmark.c -- marks where the exit path's phases begin (EXIT_MARK
 * records): the program's main returned or it called exit(), and the C
 * atexit/on_exit handlers registered while main ran are done.
 *
 * A return from main reaches libc's exit() by an internal call no
 * interposer sees, so main itself is wrapped: __libc_start_main is given
 * ct_main, which registers ct_mark_handlers before calling the host's main.
 * Handlers run last-registered first, so that one runs after every handler
 * registered during main and before those registered earlier: the
 * program's static destructors and _dl_fini (registered by
 * __libc_start_main before main), whose DT_FINI_ARRAY and __cxa_finalize
 * work is the native exit.  The C++ static destructors of objects
 * dlopen'ed during main were registered (__cxa_atexit) during main: they
 * run before ct_mark_handlers, among the atexit handlers.  The shim's on_exit (init.c, registered in its
 * constructor, before _dl_fini's) runs after _dl_fini: the EXIT record ends
 * the native exit.  Never: a change to main's status, arguments or to the
 * order of the host's handlers; a system call after a seccomp filter.
 */
#include <stdlib.h>
#include "ct.h"

typedef int ct_main_fn(int, char **, char **);

int __libc_start_main(ct_main_fn *main_fn, int argc, char **argv, void (*init)(void),
		      void (*fini)(void), void (*rtld_fini)(void), void *stack_end);

static ct_main_fn *ct_host_main;
static int ct_main_done;    /* the first of main's return and exit() marks */
static __typeof__(exit) *real_exit __attribute__((noreturn));
static __typeof__(__libc_start_main) *real___libc_start_main;

/* One EXIT_MARK record: a1 = this thread's CPU time (0 after a seccomp
 * filter: the thread CPU clock may be a system call). */
void ct_exit_mark(int mark, int64_t status)
{
	int saved = errno;

	if (ct_enter()) {
		uint64_t cpu = ct_sealed() ? 0 : ct_kclock_ns(CLOCK_THREAD_CPUTIME_ID);

		ct_ev(CT_EV_EXIT_MARK, ct_now_ns(), 0, 0, mark, (int64_t)cpu, status, "");
		ct_leave();
	}
	errno = saved;
}

static void ct_main_returned(int status)
{
	if (!ct_self.vfork && !__atomic_exchange_n(&ct_main_done, 1, __ATOMIC_ACQ_REL))
		ct_exit_mark(CT_MARK_EXIT_STARTS, status);
}

static void ct_mark_handlers(void)
{
	ct_exit_mark(CT_MARK_HANDLERS_DONE, 0);
}

static int ct_main(int argc, char **argv, char **envp)
{
	int status;

	atexit(ct_mark_handlers);
	status = ct_host_main(argc, argv, envp);
	ct_main_returned(status);
	return status;
}

CT_EXPORT int __libc_start_main(ct_main_fn *main_fn, int argc, char **argv,
				void (*init)(void), void (*fini)(void),
				void (*rtld_fini)(void), void *stack_end)
{
	ct_host_main = main_fn;
	return CT_REAL(__libc_start_main)(ct_main, argc, argv, init, fini, rtld_fini,
					  stack_end);
}

CT_EXPORT void exit(int status)
{
	ct_main_returned(status);
	CT_REAL(exit)(status);
}
