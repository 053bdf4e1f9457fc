/*
 * run_ready.c -- following a service's readiness conditions during the
 * capture, and what happens at ready (--at-ready) or at --ready-timeout.
 *
 * The first condition that fires wins; its moment is the launcher's
 * CLOCK_MONOTONIC when it saw it (a line when it was read from the pipe,
 * a datagram when it was received, a port, URL or file at the tick that
 * found it: at most CT_READY_TICK_MS late).  Stopping is SIGTERM to the
 * command's process group, SIGKILL --stop-timeout later.  Never: a signal
 * to a group before the command has one of its own, to anything once the
 * command has been reaped, or the launcher's status taken for a failure
 * when coldtrace itself stopped the service at ready.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmds.h"
#include "lib/msg.h"
#include "ready.h"
#include "run.h"

struct ct_ready *ct_ready_new(const struct ct_run_opts *o, int *failed)
{
	struct ct_ready *rd;
	int i, notify = 0;

	*failed = 0;
	if (!o->nready)
		return NULL;
	rd = calloc(1, sizeof(*rd));
	if (!rd) {
		*failed = 1;
		ct_msg("cannot follow --ready: out of memory");
		return NULL;
	}
	rd->o = o;
	rd->spec = -1;
	rd->nt.fd = -1;
	for (i = 0; i < o->nready; i++) {
		rd->http[i].fd = -1;
		notify |= o->ready[i].kind == CT_READY_NOTIFY;
		if (o->ready[i].kind == CT_READY_LINE &&
		    regcomp(&rd->rx[i], o->ready[i].arg, REG_EXTENDED | REG_NOSUB) == 0)
			rd->rx_ok |= 1u << i;
	}
	if (notify && ct_notify_open(&rd->nt) < 0) {
		ct_ready_free(rd);
		*failed = 1;
		return NULL;
	}
	return rd;
}

void ct_ready_start(struct ct_ready *rd, int64_t t0_ns, pid_t pid)
{
	rd->t0_ns = t0_ns;
	rd->pid = pid;
	rd->next_tick_ns = t0_ns;
}

int ct_ready_fd(const struct ct_ready *rd)
{
	return rd && rd->state == CT_RS_WAITING ? rd->nt.fd : -1;
}

static void ct_ready_fire(struct ct_ready *rd, int spec, int64_t t_ns)
{
	if (rd->state != CT_RS_WAITING)
		return;
	rd->state = CT_RS_READY;
	rd->spec = spec;
	rd->t_ns = t_ns;
}

void ct_ready_input(struct ct_ready *rd)
{
	int i;

	if (!rd || rd->state != CT_RS_WAITING || !ct_notify_read(&rd->nt))
		return;
	for (i = 0; i < rd->o->nready && rd->o->ready[i].kind != CT_READY_NOTIFY; i++)
		;
	snprintf(rd->detail, sizeof(rd->detail), "READY=1 from pid %d", rd->nt.sender_pid);
	ct_ready_fire(rd, i, rd->nt.ready_ns);
}

/* A whole line of the command's output against the line: conditions. */
static void ct_ready_match(struct ct_ready *rd, int is_err, char *line, size_t len)
{
	int i;

	if (len && line[len - 1] == '\r')
		len--;
	line[len] = '\0';
	for (i = 0; i < rd->o->nready; i++)
		if ((rd->rx_ok & (1u << i)) && regexec(&rd->rx[i], line, 0, NULL, 0) == 0) {
			snprintf(rd->detail, sizeof(rd->detail), "%s: %.400s",
				 is_err ? "stderr" : "stdout", line);
			ct_ready_fire(rd, i, ct_mono_ns());
			return;
		}
}

void ct_ready_feed(struct ct_ready *rd, int is_err, const char *buf, size_t n)
{
	char *line;
	size_t *len, i;

	if (!rd || !rd->rx_ok || rd->state != CT_RS_WAITING)
		return;
	line = rd->line[is_err];
	len = &rd->line_len[is_err];
	for (i = 0; i < n && rd->state == CT_RS_WAITING; i++) {
		if (buf[i] == '\n') {
			ct_ready_match(rd, is_err, line, *len);
			*len = 0;
		} else if (*len < CT_READY_LINE_MAX - 1) {
			line[(*len)++] = buf[i] ? buf[i] : ' ';
		}
	}
}

/* One look at the conditions the launcher has to go and check. */
static void ct_ready_probe(struct ct_ready *rd, int64_t now)
{
	const struct ct_ready_spec *sp;
	struct stat st;
	int i, hit;

	for (i = 0; i < rd->o->nready && rd->state == CT_RS_WAITING; i++) {
		sp = &rd->o->ready[i];
		if (sp->kind == CT_READY_PORT)
			hit = ct_port_probe(sp->arg, sp->port, rd->detail, sizeof(rd->detail));
		else if (sp->kind == CT_READY_HTTP)
			hit = ct_http_step(&rd->http[i], sp, rd->detail, sizeof(rd->detail));
		else if (sp->kind == CT_READY_FILE && (hit = lstat(sp->arg, &st) == 0))
			snprintf(rd->detail, sizeof(rd->detail), "'%.400s' exists", sp->arg);
		else
			hit = 0;
		if (hit) {
			ct_ready_fire(rd, i, ct_mono_ns());
			if (sp->kind != CT_READY_FILE)
				ct_listener_find(sp->port, rd->pid, &rd->lis);
		}
	}
	if (rd->state == CT_RS_WAITING && rd->o->ready_timeout_ms &&
	    now - rd->t0_ns >= rd->o->ready_timeout_ms * 1000000) {
		rd->state = CT_RS_TIMEOUT;
		rd->t_ns = now;
	}
}

static void ct_ready_signal(struct ct_ready *rd, int sig)
{
	if (kill(-rd->pid, sig) < 0 && errno != ESRCH)
		ct_warn("cannot stop the service (kill %d, %s): %m", -(int)rd->pid, strsignal(sig));
}

static void ct_lower(int *timeout_ms, int64_t at_ns, int64_t now)
{
	int64_t ms = at_ns > now ? (at_ns - now + 999999) / 1000000 : 0;

	if (ms < *timeout_ms)
		*timeout_ms = (int)ms;
}

/* After ready (stop) or the timeout: SIGTERM now, SIGKILL once the stop
 * timeout has passed.  Both go to the group, so they also reach what is
 * left of it after the command itself was reaped (the group id stays
 * taken while it has members). */
static void ct_ready_stop(struct ct_ready *rd, int reaped, int64_t now, int *timeout_ms)
{
	int64_t kill_at;

	if (!rd->term_ns) {
		rd->term_ns = now;
		rd->exited_first = reaped;
		ct_ready_signal(rd, SIGTERM);
	}
	if (reaped && !rd->stop_done_ns)
		rd->stop_done_ns = now;
	kill_at = rd->term_ns + rd->o->stop_timeout_ms * 1000000;
	if (now >= kill_at && !rd->killed) {
		rd->killed = 1;
		ct_ready_signal(rd, SIGKILL);
	}
	if (!rd->killed)
		ct_lower(timeout_ms, kill_at, now);
}

enum ct_ready_step_result ct_ready_step(struct ct_ready *rd, int reaped, int *timeout_ms)
{
	int64_t now = ct_mono_ns();

	if (!rd)
		return CT_RSTEP_GO_ON;
	if (rd->state == CT_RS_WAITING && reaped) {
		rd->state = CT_RS_EXITED;
		rd->t_ns = now;
	}
	if (rd->state == CT_RS_WAITING && now >= rd->next_tick_ns) {
		ct_ready_probe(rd, now);
		rd->next_tick_ns = now + CT_READY_TICK_MS * 1000000LL;
	}
	if (rd->state == CT_RS_WAITING)
		ct_lower(timeout_ms, rd->next_tick_ns, now);
	if (rd->state == CT_RS_READY && rd->o->at_ready == CT_AT_READY_KEEP && !reaped) {
		rd->detached = 1;
		return CT_RSTEP_DETACH;
	}
	if (rd->state == CT_RS_TIMEOUT ||
	    (rd->state == CT_RS_READY && rd->o->at_ready == CT_AT_READY_STOP))
		ct_ready_stop(rd, reaped, now, timeout_ms);
	return CT_RSTEP_GO_ON;
}

int ct_ready_status(const struct ct_ready *rd, int child_status)
{
	if (!rd || rd->state == CT_RS_EXITED || rd->state == CT_RS_WAITING)
		return child_status;
	if (rd->state == CT_RS_TIMEOUT)
		return CT_STATUS_TIMEOUT;
	return rd->o->at_ready == CT_AT_READY_WAIT ? child_status : 0;
}

void ct_ready_free(struct ct_ready *rd)
{
	int i;

	if (!rd)
		return;
	for (i = 0; i < CT_READY_MAX; i++) {
		if (rd->rx_ok & (1u << i))
			regfree(&rd->rx[i]);
		if (i < rd->o->nready)
			ct_http_close(&rd->http[i]);
	}
	ct_notify_close(&rd->nt);
	free(rd);
}
