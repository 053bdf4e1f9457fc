/*
 * run_ready_notify.c -- the notify condition: systemd's sd_notify
 * protocol on an AF_UNIX datagram socket.
 *
 * The socket is in the abstract namespace (NOTIFY_SOCKET starts with '@',
 * which sd_notify and every reimplementation of it read as a leading NUL),
 * so no path length or file is involved.  As systemd's NotifyAccess=all,
 * any process may send; the sender's credentials (SCM_CREDENTIALS) must
 * be this user's or root's, so another user on the machine cannot make a
 * service look ready.  Each datagram is newline-separated KEY=VALUE
 * assignments: READY=1 fires, STATUS= lines and MAINPID= are kept.
 * Never: a blocking read, or a datagram read past its length.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "lib/msg.h"
#include "ready.h"
#include "run.h"

int ct_notify_open(struct ct_notify *nt)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int one = 1;
	size_t n;

	nt->sender_pid = nt->main_pid = -1;
	snprintf(nt->name, sizeof(nt->name), "@coldtrace/notify/%d/%lld", (int)getpid(),
		 (long long)ct_mono_ns());
	n = strlen(nt->name);
	memcpy(a.sun_path, nt->name, n);
	a.sun_path[0] = '\0';
	nt->fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (nt->fd < 0 || setsockopt(nt->fd, SOL_SOCKET, SO_PASSCRED, &one, sizeof(one)) < 0 ||
	    bind(nt->fd, (struct sockaddr *)&a,
		 (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n)) < 0) {
		ct_msg("cannot create the notify socket for --ready notify (socket/bind): %m");
		ct_notify_close(nt);
		return -1;
	}
	return 0;
}

static void ct_notify_assign(struct ct_notify *nt, const char *kv, int sender, int64_t now)
{
	if (!strcmp(kv, "READY=1") && !nt->ready) {
		nt->ready = 1;
		nt->ready_ns = now;
		nt->sender_pid = sender;
	} else if (!strncmp(kv, "MAINPID=", 8)) {
		nt->main_pid = atoi(kv + 8);
	} else if (!strncmp(kv, "STATUS=", 7) && nt->nstatus < CT_NOTIFY_STATUS_MAX) {
		snprintf(nt->status[nt->nstatus], sizeof(nt->status[0]), "%s", kv + 7);
		nt->status_ns[nt->nstatus++] = now;
	}
}

/* One datagram; 0 when none is left. */
static int ct_notify_one(struct ct_notify *nt)
{
	char buf[4096], cbuf[CMSG_SPACE(sizeof(struct ucred))], *line, *save;
	struct iovec iov = { buf, sizeof(buf) - 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf,
			    .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c;
	struct ucred cr = { .pid = -1, .uid = (uid_t)-1 };
	ssize_t r = recvmsg(nt->fd, &m, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
	int64_t now = ct_mono_ns();

	if (r < 0)
		return errno == EINTR;
	for (c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c))
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_CREDENTIALS)
			memcpy(&cr, CMSG_DATA(c), sizeof(cr));
	if (cr.uid != getuid() && cr.uid != 0)
		return 1;   /* not ours to believe */
	buf[r] = '\0';
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		ct_notify_assign(nt, line, (int)cr.pid, now);
	return 1;
}

int ct_notify_read(struct ct_notify *nt)
{
	if (nt->fd < 0)
		return 0;
	while (ct_notify_one(nt))
		;
	return nt->ready;
}

void ct_notify_close(struct ct_notify *nt)
{
	if (nt->fd >= 0)
		close(nt->fd);
	nt->fd = -1;
}
