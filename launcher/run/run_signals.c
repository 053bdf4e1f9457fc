/*
 * run_signals.c -- signals while the launcher waits for its child.
 *
 * SIGINT/SIGTERM/SIGHUP/SIGQUIT sent to the launcher by another process
 * are passed on to the child, which decides what they mean; the same
 * signal typed at the terminal already reached the child through its
 * process group (si_code SI_KERNEL) and is not sent twice -- unless the
 * child leads a group of its own (--ready), which then gets them all.  SIGCHLD wakes
 * the capture loop through a self-pipe.  Never: killing a pid that was
 * already reaped (ct_fwd_pid is cleared with the signals blocked), a signal
 * the launcher's own parent ignored suddenly delivered to the child, or
 * SIGPIPE left ignored in the child.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "lib/msg.h"
#include "run.h"

static const int ct_fwd_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define CT_NFWD (int)(sizeof(ct_fwd_sigs) / sizeof(ct_fwd_sigs[0]))

static volatile sig_atomic_t ct_fwd_pid;
static volatile sig_atomic_t ct_fwd_group; /* the child leads its own process group */
static volatile sig_atomic_t ct_got_sig;   /* a forwarded signal arrived (series stop) */
static int ct_wake[2] = { -1, -1 };
static struct sigaction ct_old_pipe, ct_old_chld;

static void ct_on_forward(int sig, siginfo_t *si, void *uc)
{
	int saved = errno;

	(void)uc;
	ct_got_sig = sig;
	if (ct_fwd_pid > 0 && (ct_fwd_group || si->si_code != SI_KERNEL))
		kill(ct_fwd_group ? -(pid_t)ct_fwd_pid : (pid_t)ct_fwd_pid, sig);
	errno = saved;
}

static void ct_on_child(int sig)
{
	int saved = errno;

	(void)sig;
	if (write(ct_wake[1], "c", 1) < 0)
		(void)0;   /* pipe full: a wake-up is already pending */
	errno = saved;
}

/* A signal our parent ignores stays ignored, for us and for the child. */
static int ct_handle_unless_ignored(int sig, const struct sigaction *sa)
{
	struct sigaction old;

	if (sigaction(sig, NULL, &old) < 0)
		return -1;
	if (old.sa_handler == SIG_IGN)
		return 0;
	return sigaction(sig, sa, NULL);
}

int ct_signals_install(void)
{
	struct sigaction sa;
	int i;

	if (ct_wake[0] >= 0)   /* a series: installed by its first run */
		return ct_wake[0];
	if (pipe2(ct_wake, O_CLOEXEC | O_NONBLOCK) < 0) {
		ct_msg("cannot create wake-up pipe (pipe2): %m");
		return -1;
	}
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sa.sa_sigaction = ct_on_forward;
	for (i = 0; i < CT_NFWD; i++)
		if (ct_handle_unless_ignored(ct_fwd_sigs[i], &sa) < 0)
			goto fail;
	sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sa.sa_handler = ct_on_child;
	if (sigaction(SIGCHLD, &sa, &ct_old_chld) < 0)   /* even if ignored: we must reap */
		goto fail;
	sa.sa_flags = 0;
	sa.sa_handler = SIG_IGN;   /* EPIPE on our stdout, not death */
	if (sigaction(SIGPIPE, &sa, &ct_old_pipe) < 0)
		goto fail;
	return ct_wake[0];
fail:
	ct_msg("cannot install signal handlers (sigaction): %m");
	close(ct_wake[0]);
	close(ct_wake[1]);
	ct_wake[0] = ct_wake[1] = -1;
	return -1;
}

int ct_run_interrupted(void)
{
	int sig = ct_got_sig;

	ct_got_sig = 0;
	return sig;
}

void ct_signals_set_child(pid_t pid)
{
	ct_fwd_pid = pid;
}

void ct_signals_set_group(int own)
{
	ct_fwd_group = own;
}

void ct_signals_block(int block)
{
	sigset_t set;
	int i;

	sigemptyset(&set);
	for (i = 0; i < CT_NFWD; i++)
		sigaddset(&set, ct_fwd_sigs[i]);
	sigprocmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

/* In the child between fork and exec: exec resets handled signals to
 * SIG_DFL by itself; only what we ignored on purpose must be restored.
 * The signal mask is the launcher's original one (we block only while
 * reaping, never across fork). */
void ct_signals_child_defaults(void)
{
	sigaction(SIGPIPE, &ct_old_pipe, NULL);
	if (ct_old_chld.sa_handler == SIG_IGN)
		sigaction(SIGCHLD, &ct_old_chld, NULL);
}

void ct_signals_drain(void)
{
	char buf[64];

	while (read(ct_wake[0], buf, sizeof(buf)) > 0)
		;
}

void ct_signals_forward_off(void)
{
	struct sigaction old;
	int i;

	for (i = 0; i < CT_NFWD; i++)
		if (sigaction(ct_fwd_sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			signal(ct_fwd_sigs[i], SIG_DFL);
}
