/*
 * run_ready_net.c -- the port: and http: conditions: a TCP connect, and a
 * plain HTTP/1.1 GET whose status line is 2xx or 3xx.
 *
 * Every socket is non-blocking, so a service that accepted a connection
 * (the kernel does that for it once it listens) but has not answered yet
 * never holds up the capture: the GET's connection is kept from tick to
 * tick until its status line arrives or it is closed.  "localhost" is
 * 127.0.0.1, then ::1; no name is ever looked up.  A port probe closes
 * its connection at once: the service sees one connection without data.
 * Never: SIGPIPE in the launcher (MSG_NOSIGNAL), or a blocking call.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ready.h"

#define CT_CONNECT_WAIT_MS 20   /* a port probe's connect still in progress */

/* The i-th address to try for host (0, 1): 0 when there is none. */
static socklen_t ct_addr(const char *host, int port, int i, struct sockaddr_storage *ss)
{
	struct sockaddr_in *a4 = (struct sockaddr_in *)ss;
	struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)ss;
	const char *h = host;

	memset(ss, 0, sizeof(*ss));
	if (!strcmp(host, "localhost"))
		h = i == 0 ? "127.0.0.1" : i == 1 ? "::1" : NULL;
	else if (i > 0)
		h = NULL;
	if (h && inet_pton(AF_INET, h, &a4->sin_addr) == 1) {
		a4->sin_family = AF_INET;
		a4->sin_port = htons((uint16_t)port);
		return sizeof(*a4);
	}
	if (h && inet_pton(AF_INET6, h, &a6->sin6_addr) == 1) {
		a6->sin6_family = AF_INET6;
		a6->sin6_port = htons((uint16_t)port);
		return sizeof(*a6);
	}
	return 0;
}

/* 1: connected; 0: in progress (*fd kept); -1: refused or failed. */
static int ct_connect(const struct sockaddr_storage *ss, socklen_t len, int *fd)
{
	*fd = socket(ss->ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (*fd < 0)
		return -1;
	if (connect(*fd, (const struct sockaddr *)ss, len) == 0)
		return 1;
	if (errno == EINPROGRESS)
		return 0;
	close(*fd);
	*fd = -1;
	return -1;
}

/* A connect in progress: 1 done, 0 still going, -1 failed. */
static int ct_connect_done(int fd, int wait_ms)
{
	struct pollfd p = { .fd = fd, .events = POLLOUT };
	socklen_t len = sizeof(int);
	int err = 0;

	if (poll(&p, 1, wait_ms) <= 0)
		return 0;
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0 || err)
		return -1;
	return 1;
}

static void ct_where(const struct sockaddr_storage *ss, char *out, size_t n)
{
	char a[INET6_ADDRSTRLEN] = "?";
	int v6 = ss->ss_family == AF_INET6;
	const void *src = v6 ? (const void *)&((const struct sockaddr_in6 *)ss)->sin6_addr
			     : (const void *)&((const struct sockaddr_in *)ss)->sin_addr;
	int port = ntohs(v6 ? ((const struct sockaddr_in6 *)ss)->sin6_port
			    : ((const struct sockaddr_in *)ss)->sin_port);

	inet_ntop(ss->ss_family, src, a, sizeof(a));
	snprintf(out, n, v6 ? "[%s]:%d" : "%s:%d", a, port);
}

int ct_port_probe(const char *host, int port, char *detail, size_t n)
{
	struct sockaddr_storage ss;
	char where[64];
	socklen_t len;
	int i, fd, rc;

	for (i = 0; (len = ct_addr(host, port, i, &ss)) != 0; i++) {
		rc = ct_connect(&ss, len, &fd);
		if (rc == 0)
			rc = ct_connect_done(fd, CT_CONNECT_WAIT_MS);
		if (fd >= 0)
			close(fd);
		if (rc == 1) {
			ct_where(&ss, where, sizeof(where));
			snprintf(detail, n, "%s accepted a TCP connection", where);
			return 1;
		}
	}
	return 0;
}

void ct_http_close(struct ct_http_probe *h)
{
	if (h->fd >= 0)
		close(h->fd);
	h->fd = -1;
	h->sent = 0;
	h->len = 0;
}

/* Connected (or still connecting) to the URL's first address that takes it. */
static int ct_http_connect(struct ct_http_probe *h, const struct ct_ready_spec *sp)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int i, rc;

	for (i = 0; h->fd < 0 && (len = ct_addr(sp->arg, sp->port, i, &ss)) != 0; i++)
		ct_connect(&ss, len, &h->fd);
	if (h->fd < 0)
		return 0;
	rc = h->sent ? 1 : ct_connect_done(h->fd, 0);
	if (rc < 0)
		ct_http_close(h);
	return rc == 1;
}

static int ct_http_send(struct ct_http_probe *h, const struct ct_ready_spec *sp)
{
	char req[1200];
	int n;

	n = snprintf(req, sizeof(req), "GET %.900s HTTP/1.1\r\nHost: %s%s%s:%d\r\n"
		     "User-Agent: coldtrace-ready\r\nAccept: */*\r\nConnection: close\r\n\r\n",
		     sp->path, strchr(sp->arg, ':') ? "[" : "", sp->arg,
		     strchr(sp->arg, ':') ? "]" : "", sp->port);
	if (send(h->fd, req, (size_t)n, MSG_NOSIGNAL | MSG_DONTWAIT) != n)
		return -1;
	h->sent = 1;
	return 0;
}

/* The status of a complete "HTTP/1.x NNN ..." line in h->buf, 0 while
 * incomplete, -1 when it is not one. */
static int ct_http_status(struct ct_http_probe *h)
{
	char *eol;
	int code;

	h->buf[h->len] = '\0';
	eol = strstr(h->buf, "\r\n");
	if (!eol)
		return h->len + 1 >= sizeof(h->buf) ? -1 : 0;
	*eol = '\0';
	if (strncmp(h->buf, "HTTP/1.", 7) || sscanf(h->buf + 8, " %3d", &code) != 1)
		return -1;
	return code;
}

int ct_http_step(struct ct_http_probe *h, const struct ct_ready_spec *sp, char *detail, size_t n)
{
	ssize_t r;
	int code;

	if (!ct_http_connect(h, sp))
		return 0;
	if (!h->sent && ct_http_send(h, sp) < 0) {
		ct_http_close(h);
		return 0;
	}
	r = recv(h->fd, h->buf + h->len, sizeof(h->buf) - 1 - h->len, MSG_DONTWAIT);
	if (r < 0 && (errno == EAGAIN || errno == EINTR))
		return 0;
	if (r > 0)
		h->len += (size_t)r;
	code = r > 0 ? ct_http_status(h) : -1;
	if (code == 0)
		return 0;
	if (code >= 200 && code < 400) {
		snprintf(detail, n, "GET %.300s answered '%.120s'", sp->spec, h->buf);
		ct_http_close(h);
		return 1;
	}
	h->last_status = code;
	ct_http_close(h);   /* a 503 "not yet", a refused connection: the next tick again */
	return 0;
}
