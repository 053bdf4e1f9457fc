/*
 * exit.c -- the end of a process image: exit (through on_exit, which also
 * sees a return from main), _exit, _Exit, exec, and fatal signals.
 *
 * The end is recorded once per image: rusage, the exit record, the /proc
 * snapshot, then the bare run's record.  Fatal signals reach coldtrace's
 * handler first; the host's own handler (kept in ct_host_act, and reported
 * back by sigaction as if coldtrace were not there) then runs as it would
 * have, and a default action still kills the process with that signal.
 * Everything on the signal path is async-signal-safe.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

static const int ct_fatal[] = { SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTERM, SIGINT };
static struct sigaction ct_host_act[NSIG];  /* what the host asked for */
static volatile sig_atomic_t ct_watching[NSIG];
static int ct_ended;

static int (*real_sigaction)(int, const struct sigaction *, struct sigaction *);
static void (*real__exit)(int) __attribute__((noreturn));
static void (*real__Exit)(int) __attribute__((noreturn));

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

/* _exit has committed the process to ending: a signal arriving while the
 * snapshot is taken (a pool terminating its workers) would only cut the
 * record short, so signals stay blocked until the real _exit, exactly as
 * if the process had already gone. */
static void ct_block_signals(void)
{
	sigset_t all;

	sigfillset(&all);
	syscall(SYS_rt_sigprocmask, SIG_BLOCK, &all, NULL, sizeof(long));
}

void ct_exit_final(int status, int how, int sig)
{
	if (__atomic_exchange_n(&ct_ended, 1, __ATOMIC_ACQ_REL) || !ct_enter())
		return;
	if (how == CT_EXIT_UNDERSCORE)
		ct_block_signals();
	ct_rusage_record();
	ct_ev(CT_EV_EXIT, ct_now_ns(), 0, 0, status, how, sig, "");
	if (how != CT_EXIT_EXEC)
		ct_snapshot_write();
	ct_log_finish();
	ct_leave();
	if (ct_g.owner && how != CT_EXIT_EXEC)
		ct_bare_merge();
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

static void ct_die_default(int sig)
{
	struct sigaction dfl;

	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	CT_REAL(sigaction)(sig, &dfl, NULL);
	ct_watching[sig] = 0;
	/* Blocked until the handler returns; a fault re-executes instead. */
	syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), sig);
}

static void ct_on_signal(int sig, siginfo_t *si, void *uc)
{
	struct sigaction *host = &ct_host_act[sig];
	int saved = errno;

	if (ct_enter()) {
		ct_ev(CT_EV_SIGNAL, ct_now_ns(), 0, 0, sig, si ? si->si_code : 0, 0, "");
		ct_leave();
	}
	if (host->sa_handler == SIG_DFL) {
		ct_exit_final(128 + sig, CT_EXIT_SIGNAL, sig);
		ct_die_default(sig);
	} else if (host->sa_handler != SIG_IGN) {
		struct sigaction run = *host;

		if (run.sa_flags & SA_RESETHAND) {   /* one shot, as the kernel would */
			host->sa_handler = SIG_DFL;
			host->sa_flags &= ~(SA_SIGINFO | SA_RESETHAND);
		}
		errno = saved;
		if (run.sa_flags & SA_SIGINFO)
			run.sa_sigaction(sig, si, uc);
		else
			run.sa_handler(sig);
		return;
	}
	errno = saved;
}

static int ct_watch(int sig, const struct sigaction *host)
{
	struct sigaction act = *host;

	act.sa_sigaction = ct_on_signal;
	act.sa_flags = (host->sa_flags | SA_SIGINFO) & ~SA_RESETHAND;
	return CT_REAL(sigaction)(sig, &act, NULL);
}

/* Only signals left at their default are taken over. */
void ct_fatal_watch(void)
{
	for (size_t i = 0; i < sizeof(ct_fatal) / sizeof(ct_fatal[0]); i++) {
		int sig = ct_fatal[i];

		if (CT_REAL(sigaction)(sig, NULL, &ct_host_act[sig]) != 0 ||
		    ct_host_act[sig].sa_handler != SIG_DFL)
			continue;
		if (ct_watch(sig, &ct_host_act[sig]) == 0)
			ct_watching[sig] = 1;
	}
}

CT_EXPORT int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	int saved = errno;

	if (sig <= 0 || sig >= NSIG || !ct_watching[sig])
		return CT_REAL(sigaction)(sig, act, old);
	if (old)
		*old = ct_host_act[sig];
	if (act && act->sa_handler == SIG_IGN) {
		ct_watching[sig] = 0;
		return CT_REAL(sigaction)(sig, act, NULL);
	}
	if (act) {
		ct_host_act[sig] = *act;
		ct_watch(sig, act);
	}
	errno = saved;
	return 0;
}

CT_EXPORT sighandler_t signal(int sig, sighandler_t handler)
{
	struct sigaction act, old;

	memset(&act, 0, sizeof(act));
	act.sa_handler = handler;
	act.sa_flags = SA_RESTART;
	sigemptyset(&act.sa_mask);
	if (sigaction(sig, &act, &old) != 0)
		return SIG_ERR;
	return old.sa_handler;
}
