/*
 * run_capture.c -- teeing the child's stdout/stderr into the logs, and
 * reaping it with wait4 (after reading its /proc/<pid>/io while it is a
 * zombie: the counters then include every descendant it reaped).
 *
 * Bytes are copied unchanged, in the order they are read from each pipe.
 * As in `CMD | cat`: when the reader of the launcher's stdout (or stderr)
 * goes away (EPIPE), that pipe of the command's is closed, so its next
 * write there fails with EPIPE/SIGPIPE as it would bare; the log keeps what
 * was read until then.  Any other failure of the live copy (a closed
 * descriptor, EIO) stops only the live copy, never the log.  Never:
 * stopping before the child has been reaped, waiting forever for a
 * descendant that keeps the pipes open after the child itself ended
 * (CT_TAIL_MS), or closing the pipes under such a descendant while the
 * reader is still there (its next write would die of SIGPIPE, which it
 * would not bare): past CT_TAIL_MS a drainer process takes them over.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ready.h"
#include "run.h"

#define CT_TAIL_MS 2000      /* how long output may trail the child's exit */
#define CT_REAP_POLL_MS 1000 /* belt and braces in case a SIGCHLD is missed */
#define CT_PUMP_READY 64     /* reads a pipe gets between the exit and the reap */

struct ct_stream {
	int fd;                 /* pipe read end, -1 at EOF */
	int log_fd;
	int live_fd;            /* our stdout/stderr, -1 when quiet or broken */
	int64_t *bytes;
	int64_t *late;          /* the part read after the child was reaped */
	unsigned bit;           /* its bit in cap->reader_gone */
};

/* 0, or the errno that stopped the write. */
static int ct_write_all(int fd, const char *buf, size_t n)
{
	struct pollfd p = { .fd = fd, .events = POLLOUT };
	ssize_t w;

	while (n > 0) {
		w = write(fd, buf, n);
		if (w > 0) {
			buf += w;
			n -= (size_t)w;
		} else if (w < 0 && errno == EAGAIN) {
			poll(&p, 1, -1);   /* our stdout was left non-blocking */
		} else if (w < 0 && errno != EINTR) {
			return errno;
		}
	}
	return 0;
}

static void ct_tee(struct ct_stream *s, const char *buf, size_t n, struct ct_capture *cap)
{
	int e;

	*s->bytes += (int64_t)n;
	if (cap->end_ns)
		*s->late += (int64_t)n;
	if (s->log_fd >= 0 && (e = ct_write_all(s->log_fd, buf, n)) != 0) {
		if (!cap->log_error)
			cap->log_error = e;
		s->log_fd = -1;
	}
	if (s->live_fd >= 0 && (e = ct_write_all(s->live_fd, buf, n)) != 0) {
		s->live_fd = -1;
		if (e == EPIPE) {  /* `ct-launch ... | head`: the writers' turn */
			close(s->fd);
			s->fd = -1;
			cap->reader_gone |= s->bit;
		}
	}
}

static void ct_pump(struct ct_stream *s, struct ct_capture *cap, int is_stdout)
{
	char buf[65536];
	ssize_t r = read(s->fd, buf, sizeof(buf));

	if (r < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (r <= 0) {
		close(s->fd);
		s->fd = -1;
		return;
	}
	if (is_stdout && cap->first_stdout_ms < 0)
		cap->first_stdout_ms = (ct_mono_ns() - cap->t0_ns) / 1000000;
	ct_ready_feed(cap->ready, !is_stdout, buf, (size_t)r);
	ct_tee(s, buf, (size_t)r, cap);
}

/* The exited (not yet reaped) child's I/O counters; unknown (-1) when
 * the kernel keeps no I/O accounting or /proc cannot be read. */
static void ct_read_io(pid_t pid, struct ct_capture *cap)
{
	static const char *const keys[CT_IO_N] = { "rchar: ", "wchar: ", "read_bytes: ",
						   "write_bytes: " };
	char path[64], buf[512], *at;
	ssize_t n = -1;
	int fd, i;

	snprintf(path, sizeof(path), "/proc/%d/io", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
	}
	buf[n > 0 ? n : 0] = '\0';
	for (i = 0; i < CT_IO_N; i++) {
		at = strstr(buf, keys[i]);
		cap->io[i] = at ? strtoll(at + strlen(keys[i]), NULL, 10) : -1;
	}
}

/* What the exited child wrote is in the pipes by now: it is read before
 * the reap, so that only what arrives afterwards (a background writer's)
 * counts as late.  At most CT_PUMP_READY reads a pipe, against a writer
 * that never pauses. */
static void ct_pump_ready(struct ct_stream st[2], struct ct_capture *cap)
{
	struct pollfd p;
	int i, k;

	for (i = 0; i < 2; i++)
		for (k = 0; k < CT_PUMP_READY && st[i].fd >= 0; k++) {
			p = (struct pollfd){ .fd = st[i].fd, .events = POLLIN };
			if (poll(&p, 1, 0) <= 0)
				break;
			ct_pump(&st[i], cap, i == 0);
		}
}

/* 1 once the child has been reaped (now or before).  A child that exits
 * between the look and the reap waits for the next call, so its I/O
 * counters are always read while it is a zombie. */
static int ct_try_reap(pid_t pid, struct ct_stream st[2], struct ct_capture *cap)
{
	siginfo_t si;
	pid_t r;

	if (cap->end_ns)
		return 1;
	si.si_pid = 0;
	if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0) {
		if (si.si_pid != pid)
			return 0;   /* still running: reaped only once its counters are read */
		ct_read_io(pid, cap);
		if (cap->unit)
			ct_systemd_read(pid, cap->unit);
		ct_pump_ready(st, cap);
	}
	ct_signals_block(1);
	do
		r = wait4(pid, &cap->status, WNOHANG, &cap->ru);
	while (r < 0 && errno == EINTR);
	if (r == pid) {
		cap->end_ns = ct_mono_ns();
		ct_signals_set_child(0);
	}
	ct_signals_block(0);
	return cap->end_ns != 0;
}

static int ct_poll_timeout(const struct ct_capture *cap)
{
	int64_t left;

	if (!cap->end_ns)
		return CT_REAP_POLL_MS;
	left = cap->end_ns / 1000000 + CT_TAIL_MS - ct_mono_ns() / 1000000;
	return left > 0 ? (int)left : 0;
}

static void ct_stream_init(struct ct_stream *s, int fd, int log_fd, int live_fd,
			   int quiet, int64_t *bytes, int64_t *late)
{
	s->fd = fd;
	s->log_fd = log_fd;
	s->live_fd = quiet ? -1 : live_fd;
	s->bytes = bytes;
	s->late = late;
	*bytes = *late = 0;
}

/* One poll over the open pipes (and the wake-up fd when >= 0, and the
 * readiness socket when there is one). */
static int ct_poll_streams(struct ct_stream st[2], int wake_fd, struct ct_capture *cap,
			   int timeout)
{
	struct pollfd p[4];
	int i, n;

	for (i = 0; i < 2; i++)
		p[i] = (struct pollfd){ .fd = st[i].fd, .events = POLLIN };
	p[2] = (struct pollfd){ .fd = wake_fd, .events = POLLIN };
	p[3] = (struct pollfd){ .fd = ct_ready_fd(cap->ready), .events = POLLIN };
	n = poll(p, 4, timeout);
	if (n < 0)
		return errno == EINTR ? 0 : -1;
	for (i = 0; n > 0 && i < 2; i++)
		if (p[i].revents)
			ct_pump(&st[i], cap, i == 0);
	if (n > 0 && p[2].revents)
		ct_signals_drain();
	if (n > 0 && p[3].revents)
		ct_ready_input(cap->ready);
	return 0;
}

/* The drainer: reads until every writer has closed the pipes, then lets
 * run_drain.c complete the record.  Out of the terminal's session, so a ^C
 * meant for the launcher does not end it under a writer that survives. */
static void __attribute__((noreturn))
ct_drain(struct ct_stream st[2], struct ct_capture *cap, int sync_fd)
{
	setsid();
	ct_signals_forward_off();
	while (st[0].fd >= 0 || st[1].fd >= 0)
		if (ct_poll_streams(st, -1, cap, -1) < 0)
			break;
	ct_drain_finish(cap, sync_fd);
	_exit(0);
}

/* Past CT_TAIL_MS with the pipes still open: a child of ours keeps them
 * (the writers never see them closed) and the launcher goes on to the
 * record.  The drainer waits for the launcher to exit (EOF on sync) before
 * it touches record.json.  Without a drainer: the old loss, said so. */
static void ct_hand_over(struct ct_stream st[2], struct ct_capture *cap)
{
	int sync[2], i;

	if (pipe2(sync, O_CLOEXEC) == 0) {
		cap->drainer = fork();
		if (cap->drainer == 0) {
			close(sync[1]);
			ct_drain(st, cap, sync[0]);
		}
		close(sync[0]);
		if (cap->drainer < 0)
			close(sync[1]);
		/* else sync[1] stays open until the launcher exits: the drainer's
		 * sign that record.json is written */
	}
	if (cap->drainer <= 0) {
		cap->drainer = 0;
		cap->tail_lost = 1;
	}
	for (i = 0; i < 2; i++)
		if (st[i].fd >= 0)
			close(st[i].fd);
}

int ct_capture_run(struct ct_child *c, int wake_fd, int out_log, int err_log,
		   struct ct_capture *cap)
{
	struct ct_stream st[2];

	for (int i = 0; i < CT_IO_N; i++)
		cap->io[i] = -1;
	ct_stream_init(&st[0], c->out_fd, out_log, STDOUT_FILENO, cap->quiet, &cap->out_bytes,
		       &cap->late_out);
	ct_stream_init(&st[1], c->err_fd, err_log, STDERR_FILENO, cap->quiet, &cap->err_bytes,
		       &cap->late_err);
	st[0].bit = 1;
	st[1].bit = 2;
	for (;;) {
		int reaped = ct_try_reap(c->pid, st, cap), timeout = ct_poll_timeout(cap);

		if (ct_ready_step(cap->ready, reaped, &timeout) == CT_RSTEP_DETACH) {
			ct_signals_set_child(0);   /* left running: never ours to signal again */
			cap->detached = 1;
			ct_hand_over(st, cap);
			return 0;
		}
		if (reaped && st[0].fd < 0 && st[1].fd < 0)
			return 0;
		if (cap->end_ns && ct_poll_timeout(cap) == 0) {
			ct_hand_over(st, cap);
			return 0;
		}
		if (ct_poll_streams(st, wake_fd, cap, timeout) < 0)
			return -1;
	}
}
