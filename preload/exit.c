/*
 * exit.c -- the end of a process image: exit (through on_exit, which also
 * sees a return from main), _exit, _Exit, exec, and fatal signals.
 *
 * The end is recorded once per image: rusage, the exit record, the /proc
 * snapshot, then the bare run's record.  Fatal signals reach coldtrace's
 * handler first; the host's own handler (kept in ct_host_act, and reported
 * back by sigaction as if coldtrace were not there) then runs as it would
 * have, and a default action still kills the process with that signal.
 * Everything on the signal path is async-signal-safe, and the end's work
 * runs on coldtrace's own stack (ownstack.c): the host's may be an 8 KiB
 * sigaltstack with a signal frame or two on it already.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

sighandler_t bsd_signal(int sig, sighandler_t handler);
int __sigaction(int sig, const struct sigaction *act, struct sigaction *old);

#define CT_SA_RESTORER 0x04000000   /* the kernel's flag; glibc sets it, its headers omit it */

static const int ct_fatal[] = { SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTERM, SIGINT };
#define CT_FATAL_END (SIGTERM + 1)   /* above every signal of ct_fatal */
_Static_assert(SIGSEGV < CT_FATAL_END && SIGBUS < CT_FATAL_END && SIGABRT < CT_FATAL_END &&
	       SIGILL < CT_FATAL_END && SIGFPE < CT_FATAL_END && SIGINT < CT_FATAL_END,
	       "ct_host_act holds every watched signal");
/* What the host asked for, for the watched signals only (every index
 * below is one of ct_fatal's): 2.4 KiB, with the variables a fork's
 * parent and child write (a shell sets its signals around each child). */
static struct sigaction ct_host_act[CT_FATAL_END] CT_FORK_HOT;
static volatile sig_atomic_t ct_watching[NSIG];
static int ct_ended CT_FORK_HOT;

static __typeof__(sigaction) *real_sigaction;
static __typeof__(_exit) *real__exit __attribute__((noreturn));
static __typeof__(_Exit) *real__Exit __attribute__((noreturn));
static __typeof__(abort) *real_abort __attribute__((noreturn));

static void ct_rusage_record(void)
{
	struct rusage ru;
	char text[96], *p, num[24];
	const char *strs[1] = { text };
	long vals[4];

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return;
	vals[0] = ru.ru_minflt; vals[1] = ru.ru_majflt;
	vals[2] = ru.ru_nvcsw;  vals[3] = ru.ru_nivcsw;
	p = text;
	for (int i = 0; i < 4; i++) {
		p += ct_strlcpy(p, ct_utoa((uint64_t)vals[i], num + sizeof(num)), 24);
		*p++ = i < 3 ? ' ' : '\0';
	}
	ct_log_emit(CT_EV_RUSAGE, ct_now_ns(), 0, 0, 0,
		    (int64_t)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec,
		    (int64_t)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec,
		    ru.ru_maxrss, 1, strs);
}

/* What ends: the status, how (enum ct_exit_how), the fatal signal and
 * its si_code. */
struct ct_end {
	int status, how, sig, code;
};

/* What the end copies from /proc/self (enum ct_snap_form): the whole
 * snapshot, except for an image that lived under CT_SNAP_MIN_MS (a shell
 * loop's /bin/true, a build's compiler run on a small file: the
 * snapshot's /proc reads, ~30 system calls, would be most of what tracing
 * it costs) unless it is the launcher's command
 * or the bare run's first process; none after a seccomp filter. */
static int ct_snap_form(int whole)
{
	if (ct_sealed())
		return CT_SNAP_SEALED;
	if (!whole || ct_g.owner || ct_now_ns() - ct_log_start_ns() >= CT_SNAP_MIN_NS)
		return CT_SNAP_TAKEN;
	return ct_g.launcher > 1 && getppid() == ct_g.launcher ? CT_SNAP_TAKEN : CT_SNAP_SHORT;
}

/* The end's records and files.  Runs on coldtrace's own stack with every
 * signal blocked, except at an exec or after a seccomp filter (small
 * records only, no system call: on the host's stack).  The caller holds
 * the recursion guard.  Never inlined: its frame (and the snapshot's) would
 * then be on the host's stack on every path. */
static __attribute__((noinline)) void ct_end_work(void *arg)
{
	const struct ct_end *e = arg;
	int whole = e->how != CT_EXIT_EXEC && !ct_sealed();
	int form = ct_snap_form(whole);

	ct_exit_resolve();   /* the real _exit is looked up here, off the host's stack */
	if (ct_sealed())
		ct_log_seal_release();   /* the room kept for these records */
	ct_dl_inflight_flush();
	if (e->how == CT_EXIT_SIGNAL)
		ct_ev(CT_EV_SIGNAL, ct_now_ns(), 0, 0, e->sig, e->code, 0, "");
	if (whole)
		ct_thread_cpu_record(form != CT_SNAP_SHORT);   /* the ending thread's: no key
							       * destructor runs for it */
	if (!ct_sealed())
		ct_rusage_record();
	ct_log_emit1(CT_EV_EXIT, ct_now_ns(), 0, form, 0, e->status, e->how, e->sig, "");
	if (whole && form == CT_SNAP_TAKEN)
		ct_snapshot_write();
	ct_log_finish();
	if (ct_g.owner && whole)
		ct_bare_merge();
}

/* The end of the image away from the host's stack, which may have only a
 * few hundred bytes left: signals stay blocked meanwhile (ownstack.c).
 * After _exit they stay blocked until the real _exit: it has committed the
 * process to ending, and a signal arriving while the snapshot is taken (a
 * pool terminating its workers) would only cut the record short, exactly
 * as if the process had already gone. */
static void ct_end_away(struct ct_end *e)
{
	uint64_t all = ~0ull, old;   /* the kernel's mask: 64 bits, not sigset_t's 1024 */

	syscall(SYS_rt_sigprocmask, SIG_BLOCK, &all, &old, sizeof(all));
	ct_on_own_stack(ct_end_work, e);
	if (e->how != CT_EXIT_UNDERSCORE)
		syscall(SYS_rt_sigprocmask, SIG_SETMASK, &old, NULL, sizeof(old));
}

/* Once per image, by the first thread to get here. */
static void ct_end(struct ct_end *e)
{
	/* a vfork child, or a clone(CLONE_VM) child that shares this thread's
	 * state: the log and its end are the parent's */
	if (ct_self.vfork && !ct_clone_reap())
		return;
	if (__atomic_exchange_n(&ct_ended, 1, __ATOMIC_ACQ_REL) || !ct_enter())
		return;
	if (e->how == CT_EXIT_EXEC || ct_sealed())
		ct_end_work(e);
	else
		ct_end_away(e);
	ct_leave();
}

void ct_exit_final(int status, int how, int sig)
{
	struct ct_end e = { status, how, sig, 0 };

	ct_end(&e);
}

/* The image goes on after all (a failed exec, a forked child): its end is
 * still to be recorded. */
void ct_exit_reset(void)
{
	__atomic_store_n(&ct_ended, 0, __ATOMIC_RELEASE);
}

void ct_on_exit(int status, void *arg)
{
	(void)arg;
	ct_exit_final(status, CT_EXIT_RETURN, 0);
}

/* Looked up before a vfork child may call them (proc.c). */
void ct_exit_resolve(void)
{
	(void)CT_REAL(_exit);
	(void)CT_REAL(_Exit);
	(void)CT_REAL(sigaction);
}

CT_EXPORT void _exit(int status)
{
	ct_exit_final(status, CT_EXIT_UNDERSCORE, 0);
	CT_REAL(_exit)(status);
}

CT_EXPORT void _Exit(int status)
{
	ct_exit_final(status, CT_EXIT_UNDERSCORE, 0);
	CT_REAL(_Exit)(status);
}

/* The host's default disposition of sig back in the kernel, unwatched:
 * the kernel's own struct (handler, flags, restorer, 64-bit mask), 32
 * bytes of the host's stack where libc's sigaction takes ~300. */
static void ct_default(int sig)
{
	const uint64_t dfl[4] = { (uint64_t)(uintptr_t)SIG_DFL, 0, 0, 0 };

	syscall(SYS_rt_sigaction, sig, dfl, NULL, sizeof(uint64_t));
	ct_watching[sig] = 0;
}

static void ct_die_default(int sig)
{
	ct_default(sig);
	/* Blocked until the handler returns; a fault re-executes instead. */
	syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), sig);
}

/* abort() with SIGABRT at the host's default: the end is recorded here
 * and SIGABRT is no longer watched when the real abort raises it, so the
 * kernel needs no frame for coldtrace's handler (~3.4 KiB of AVX-512
 * state: more than an 8 KiB sigaltstack has left under a SIGSEGV handler
 * that aborts, as Rust's stack overflow handler does).  libc's own
 * aborts (assert, malloc's checks) still reach the handler. */
CT_EXPORT void abort(void)
{
	if (!ct_self.vfork && ct_watching[SIGABRT] &&
	    ct_host_act[SIGABRT].sa_handler == SIG_DFL) {
		struct ct_end e = { 128 + SIGABRT, CT_EXIT_SIGNAL, SIGABRT, SI_TKILL };

		ct_end(&e);
		ct_default(SIGABRT);
	}
	CT_REAL(abort)();
}

static void ct_on_signal(int sig, siginfo_t *si, void *uc)
{
	struct sigaction *host = &ct_host_act[sig];
	int saved = errno;

	if (host->sa_handler == SIG_DFL) {   /* only a signal that kills is fatal */
		struct ct_end e = { 128 + sig, CT_EXIT_SIGNAL, sig, si ? si->si_code : 0 };

		ct_end(&e);
		ct_die_default(sig);
	} else if (host->sa_handler != SIG_IGN) {
		/* the two fields it needs, not a 152-byte copy: this frame is on
		 * the host's signal stack under the host's handler */
		void (*act)(int, siginfo_t *, void *) = host->sa_sigaction;
		void (*plain)(int) = host->sa_handler;
		int flags = host->sa_flags;

		if (flags & SA_RESETHAND)   /* one shot: the kernel keeps the flags */
			host->sa_handler = SIG_DFL;
		errno = saved;
		if (flags & SA_SIGINFO)
			act(sig, si, uc);
		else
			plain(sig);
		return;
	}
	errno = saved;
}

/* A default with no flags (glibc's restorer aside) and an empty mask:
 * what ct_fatal_watch installs over it loses nothing. */
static int ct_plain_default(const struct sigaction *host)
{
	return (host->sa_flags & ~CT_SA_RESTORER) == 0 && sigisemptyset(&host->sa_mask);
}

static int ct_watch(int sig, const struct sigaction *host)
{
	struct sigaction act = *host;

	act.sa_sigaction = ct_on_signal;
	act.sa_flags = (host->sa_flags | SA_SIGINFO) & ~SA_RESETHAND;
	return CT_REAL(sigaction)(sig, &act, NULL);
}

/* Only signals left at their default are taken over: one rt_sigaction a
 * signal installs the handler and reads what was there, put back where
 * that was not a plain default (a handler, SIG_IGN, or a default with
 * flags or a mask of its own, rare: one call more).  Every signal is
 * blocked meanwhile, so no handler of ours runs before the host's
 * disposition is known. */
void ct_fatal_watch(void)
{
	struct sigaction act;
	sigset_t old;

	memset(&act, 0, sizeof(act));
	act.sa_sigaction = ct_on_signal;
	act.sa_flags = SA_SIGINFO;
	ct_sig_block_all(&old);
	for (size_t i = 0; i < sizeof(ct_fatal) / sizeof(ct_fatal[0]); i++) {
		int sig = ct_fatal[i];
		struct sigaction *host = &ct_host_act[sig];

		if (CT_REAL(sigaction)(sig, &act, host) != 0)
			continue;
		if (host->sa_handler != SIG_DFL)
			CT_REAL(sigaction)(sig, host, NULL);
		else if (!ct_plain_default(host) && ct_watch(sig, host) != 0)
			CT_REAL(sigaction)(sig, host, NULL);
		else
			ct_watching[sig] = 1;
	}
	ct_sig_restore(&old);
}

/* A disposition set through glibc is reported back with glibc's restorer
 * (SA_RESTORER and sa_restorer): the host's copy gets them from what is
 * installed now, which glibc set up the same way.  glibc installs one
 * restorer for every signal and every call, so the kernel is asked once
 * per process (a shell sets SIGINT twice per command). */
static void ct_as_installed(int sig)
{
	static int known, flags;   /* known set last: another thread may read them */
	static void (*restorer)(void);
	struct sigaction now;

	if (!__atomic_load_n(&known, __ATOMIC_ACQUIRE)) {
		if (CT_REAL(sigaction)(sig, NULL, &now) != 0)
			return;
		flags = now.sa_flags & CT_SA_RESTORER;   /* the same values from any thread */
		restorer = now.sa_restorer;
		__atomic_store_n(&known, 1, __ATOMIC_RELEASE);
	}
	ct_host_act[sig].sa_flags |= flags;
	ct_host_act[sig].sa_restorer = restorer;
}

CT_EXPORT int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	int saved = errno;

	if (sig <= 0 || sig >= NSIG || !ct_watching[sig])
		return CT_REAL(sigaction)(sig, act, old);
	if (old)
		*old = ct_host_act[sig];
	if (ct_self.vfork)   /* a vfork child: what the parent asked for stays */
		return CT_REAL(sigaction)(sig, act, NULL);
	if (act && act->sa_handler == SIG_IGN) {
		ct_watching[sig] = 0;
		return CT_REAL(sigaction)(sig, act, NULL);
	}
	if (act) {
		ct_host_act[sig] = *act;
		ct_watch(sig, act);
		ct_as_installed(sig);
	}
	errno = saved;
	return 0;
}

/* glibc's signal, bsd_signal, ssignal, sysv_signal, sigset, sigignore and
 * siginterrupt call its internal sigaction, which no interposer sees, and
 * keep state of their own (siginterrupt's set of signals that interrupt
 * system calls), so none is re-implemented here.  On a watched signal the
 * host's own disposition is put back in the kernel, the real function does
 * exactly what it would have done, and what it left there becomes the
 * host's disposition, watched again.  A fatal signal arriving in between
 * meets the host's disposition itself (its end then goes unrecorded). */
static int ct_unwatch(int sig)
{
	if (sig <= 0 || sig >= NSIG || !ct_watching[sig])
		return 0;
	ct_watching[sig] = 0;
	CT_REAL(sigaction)(sig, &ct_host_act[sig], NULL);
	return 1;
}

static void ct_rewatch(int sig, int was_watched)
{
	int saved = errno;

	if (was_watched && CT_REAL(sigaction)(sig, NULL, &ct_host_act[sig]) == 0 &&
	    ct_host_act[sig].sa_handler != SIG_IGN && ct_watch(sig, &ct_host_act[sig]) == 0)
		ct_watching[sig] = 1;
	errno = saved;
}

/* Before a seccomp filter goes in: every watched signal back to the
 * host's disposition, since once it is in, coldtrace could not put the
 * default back to die by the signal (rt_sigaction, tgkill).  The signals
 * it unwatched, for ct_fatal_rewatch should the filter be refused. */
uint64_t ct_fatal_unwatch(void)
{
	uint64_t was = 0;

	for (size_t i = 0; i < sizeof(ct_fatal) / sizeof(ct_fatal[0]); i++)
		if (ct_unwatch(ct_fatal[i]))
			was |= 1ull << ct_fatal[i];
	return was;
}

void ct_fatal_rewatch(uint64_t was)
{
	for (size_t i = 0; i < sizeof(ct_fatal) / sizeof(ct_fatal[0]); i++)
		ct_rewatch(ct_fatal[i], (was >> ct_fatal[i]) & 1);
}

#define CT_SIG_PASS(type, name, params, args)                                 \
_Pragma("GCC diagnostic push")   /* sigset() and two more are deprecated */   \
_Pragma("GCC diagnostic ignored \"-Wdeprecated-declarations\"")              \
static __typeof__(name) *real_##name;                                         \
_Pragma("GCC diagnostic pop")                                                 \
CT_EXPORT type name params                                                    \
{                                                                             \
	int was;                                                              \
	type ret;                                                             \
                                                                              \
	if (ct_self.vfork)   /* a vfork child: the watch state is the parent's */ \
		return CT_REAL(name) args;                                    \
	was = ct_unwatch(sig);                                                \
	ret = CT_REAL(name) args;                                             \
                                                                              \
	ct_rewatch(sig, was);                                                 \
	return ret;                                                           \
}

CT_SIG_PASS(sighandler_t, signal, (int sig, sighandler_t h), (sig, h))
CT_SIG_PASS(sighandler_t, bsd_signal, (int sig, sighandler_t h), (sig, h))
CT_SIG_PASS(sighandler_t, ssignal, (int sig, sighandler_t h), (sig, h))
CT_SIG_PASS(sighandler_t, sysv_signal, (int sig, sighandler_t h), (sig, h))
CT_SIG_PASS(sighandler_t, __sysv_signal, (int sig, sighandler_t h), (sig, h))
CT_SIG_PASS(sighandler_t, sigset, (int sig, sighandler_t h), (sig, h))
CT_SIG_PASS(int, sigignore, (int sig), (sig))
CT_SIG_PASS(int, siginterrupt, (int sig, int interrupt), (sig, interrupt))

/* The same function as sigaction under its other exported name. */
CT_EXPORT int __sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	return sigaction(sig, act, old);
}
