/*
 * run_ready_opts.c -- the readiness options of `ct-launch`: --ready SPEC
 * (repeatable), --at-ready, --ready-timeout, --stop-timeout.
 *
 * A spec is checked whole here (the regex compiled, the port in range, the
 * host a numeric address or "localhost"), so a run never starts with a
 * condition that could not fire.  Never: a usage error on more than one
 * line or with a status other than 2, or a name lookup (DNS) for a host.
 */
#include <arpa/inet.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "lib/msg.h"
#include "ready.h"
#include "run.h"

#define CT_READY_FORMS "line:REGEX, port:N, port:HOST:N, http://HOST:N/PATH, notify or file:PATH"

static int ct_ready_bad(const char *spec, const char *why)
{
	ct_msg("--ready takes %s; '%s' %s (e.g. --ready port:8000)", CT_READY_FORMS, spec, why);
	return CT_STATUS_USAGE;
}

/* 1..65535 from the whole of s, else 0. */
static int ct_port_of(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	return *s >= '0' && *s <= '9' && !*end && v >= 1 && v <= 65535 ? (int)v : 0;
}

/* A numeric IPv4/IPv6 address or "localhost": nothing to look up. */
static int ct_host_ok(const char *h)
{
	unsigned char a[16];

	return !strcmp(h, "localhost") || inet_pton(AF_INET, h, a) == 1 ||
	       inet_pton(AF_INET6, h, a) == 1;
}

/* "[HOST:]N" into sp; the host is a copy (the argument stays as given). */
static int ct_port_spec(struct ct_ready_spec *sp, const char *rest)
{
	const char *colon = strrchr(rest, ':');
	char *host;

	sp->port = ct_port_of(colon ? colon + 1 : rest);
	if (!sp->port)
		return ct_ready_bad(sp->spec, "has no port from 1 to 65535");
	host = colon ? strndup(rest, (size_t)(colon - rest)) : strdup("localhost");
	if (host && host[0] == '[' && host[strlen(host) - 1] == ']') {
		memmove(host, host + 1, strlen(host));
		host[strlen(host) - 1] = '\0';
	}
	if (!host || !ct_host_ok(host)) {
		free(host);
		return ct_ready_bad(sp->spec, "names a host that is not a numeric address or "
				    "localhost");
	}
	sp->arg = host;   /* lives as long as the options (ct_run_opts_free) */
	return -1;
}

/* "http://HOST:N[/PATH]": plain HTTP only. */
static int ct_http_spec(struct ct_ready_spec *sp, const char *url)
{
	const char *slash;
	char *hostport;
	int rc;

	if (strncmp(url, "//", 2) || !url[2])
		return ct_ready_bad(sp->spec, "is not an http:// URL (no TLS)");
	url += 2;
	slash = strchr(url, '/');
	sp->path = slash ? slash : "/";
	hostport = slash ? strndup(url, (size_t)(slash - url)) : strdup(url);
	if (!hostport)
		return ct_ready_bad(sp->spec, "cannot be copied (out of memory)");
	rc = strchr(hostport, ':') ? ct_port_spec(sp, hostport)
				   : ct_ready_bad(sp->spec, "has no port (e.g. http://127.0.0.1:8000/)");
	free(hostport);
	return rc;
}

static int ct_line_spec(struct ct_ready_spec *sp, const char *re)
{
	regex_t rx;
	char why[160], err[96];
	int e = *re ? regcomp(&rx, re, REG_EXTENDED | REG_NOSUB) : -1;

	if (e) {
		if (e > 0)
			regerror(e, &rx, err, sizeof(err));
		snprintf(why, sizeof(why), "is not an extended regular expression (%s)",
			 e > 0 ? err : "empty");
		return ct_ready_bad(sp->spec, why);
	}
	regfree(&rx);
	sp->arg = re;
	return -1;
}

static int ct_file_spec(struct ct_ready_spec *sp, const char *path)
{
	sp->arg = path;
	return *path ? -1 : ct_ready_bad(sp->spec, "names no file");
}

static int ct_notify_spec(struct ct_ready_spec *sp, const char *rest)
{
	return *rest ? ct_ready_bad(sp->spec, "is none of these") : -1;
}

static const struct {
	const char *prefix;
	enum ct_ready_kind kind;
	int (*parse)(struct ct_ready_spec *sp, const char *rest);
} ct_ready_forms[] = {
	{ "line:", CT_READY_LINE, ct_line_spec },
	{ "port:", CT_READY_PORT, ct_port_spec },
	{ "http:", CT_READY_HTTP, ct_http_spec },
	{ "file:", CT_READY_FILE, ct_file_spec },
	{ "notify", CT_READY_NOTIFY, ct_notify_spec },
};

int ct_ready_spec_arg(struct ct_run_opts *o, const char *spec)
{
	struct ct_ready_spec *sp = &o->ready[o->nready];
	size_t i, n;

	if (o->nready >= CT_READY_MAX)
		return ct_ready_bad(spec, "is one too many (at most 8 conditions)");
	memset(sp, 0, sizeof(*sp));
	sp->spec = spec;
	for (i = 0; i < sizeof(ct_ready_forms) / sizeof(ct_ready_forms[0]); i++) {
		n = strlen(ct_ready_forms[i].prefix);
		if (strncmp(spec, ct_ready_forms[i].prefix, n))
			continue;
		sp->kind = ct_ready_forms[i].kind;
		o->nready++;
		return ct_ready_forms[i].parse(sp, spec + n);
	}
	return ct_ready_bad(spec, "is none of these");
}

int ct_at_ready_arg(struct ct_run_opts *o, const char *arg)
{
	static const char *const names[] = { "stop", "wait", "keep" };
	int i;

	for (i = 0; i < 3; i++)
		if (!strcmp(arg, names[i])) {
			o->at_ready = (enum ct_at_ready)i;
			return -1;
		}
	ct_msg("--at-ready takes stop, wait or keep, not '%s' (e.g. --at-ready wait)", arg);
	return CT_STATUS_USAGE;
}

/* Seconds (a decimal fraction allowed) above 0 and at most a day, in ms. */
int ct_seconds_arg(const char *opt, const char *arg, int64_t *ms)
{
	char *end;
	double v = strtod(arg, &end);

	if (end != arg && !*end && v > 0 && v <= 86400) {
		*ms = (int64_t)(v * 1000 + 0.5);
		return -1;
	}
	ct_msg("%s takes seconds above 0 and at most 86400, not '%s' (e.g. %s 2.5)", opt, arg, opt);
	return CT_STATUS_USAGE;
}

/* The readiness options only mean something with --ready (an explicit
 * "--at-ready stop" alone is the default, and harmless). */
int ct_ready_opts_check(const struct ct_run_opts *o)
{
	if (o->nready || (o->at_ready == CT_AT_READY_STOP && !o->ready_timeout_ms))
		return -1;
	ct_msg("--at-ready and --ready-timeout need --ready (e.g. --ready port:8000 "
	       "--ready-timeout 30)");
	return CT_STATUS_USAGE;
}

void ct_run_opts_free(struct ct_run_opts *o)
{
	for (int i = 0; i < o->nready; i++)
		if (o->ready[i].kind == CT_READY_PORT || o->ready[i].kind == CT_READY_HTTP)
			free((char *)o->ready[i].arg);
	o->nready = 0;
}
