/*
 * host.c -- kernel, hostname, systemd and Python versions for host{}.
 *
 * python_version is the version of the CPython a traced process ran (what
 * pyhook read inside it, processes[].python.version, filled in by the
 * merge); failing that, when the command is a Python interpreter itself
 * (directly, through a "#!" line or env), the --version of that
 * interpreter, run beside the command.  No helper runs for a command that
 * is not a Python: a python3 found through a pyenv shim is a 90 ms shell
 * chain, ten times the cost of tracing /bin/true.  Helper programs are run
 * with a time limit and their output is parsed, never trusted blindly.
 * Never: a guessed value; what cannot be learned is null.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "host.h"
#include "hostcache.h"
#include "lib/clock.h"
#include "lib/json.h"
#include "lib/lookup.h"
#include "lib/readfile.h"

extern char **environ;

#define CT_HELPER_MS 5000
#define CT_HELPER_EXIT_MS 1000

/* Keeps the first n-1 bytes from fd, reads (and drops) the rest until EOF
 * or CT_HELPER_MS, so the helper is never killed for talking too much;
 * 1 when EOF came. */
static int ct_read_limited(int fd, char *buf, size_t n)
{
	int64_t deadline = ct_mono_ns() / 1000000 + CT_HELPER_MS;
	struct pollfd p = { .fd = fd, .events = POLLIN };
	char sink[512];
	size_t len = 0;
	ssize_t r = -1;

	for (;;) {
		int left = (int)(deadline - ct_mono_ns() / 1000000);

		if (left <= 0 || poll(&p, 1, left) <= 0)
			break;
		if (len + 1 < n)
			r = read(fd, buf + len, n - 1 - len);
		else
			r = read(fd, sink, sizeof(sink));
		if (r <= 0)
			break;
		if (len + 1 < n)
			len += (size_t)r;
	}
	buf[len] = '\0';
	return r == 0;
}

/* The helper's exit status.  After EOF it is on its way out (its output
 * closed, maybe not yet exited: a SIGKILL then would turn a good answer
 * into a failure), so it gets CT_HELPER_EXIT_MS to finish; one that
 * overran or lingers is killed. */
static int ct_helper_reap(pid_t pid, int eof)
{
	int64_t deadline = ct_mono_ns() / 1000000 + (eof ? CT_HELPER_EXIT_MS : 0);
	const struct timespec ms = { 0, 1000000 };
	int status = -1;
	pid_t got;

	while ((got = waitpid(pid, &status, WNOHANG)) == 0 && ct_mono_ns() / 1000000 < deadline)
		nanosleep(&ms, NULL);
	if (got == 0)
		kill(pid, SIGKILL);
	while (got == 0 && (got = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
		got = 0;
	return got == pid ? status : -1;
}

/* Starts argv (stdout and stderr together into one pipe, stdin
 * /dev/null) without waiting for it, as a SCHED_IDLE process: it runs on
 * a core the traced command leaves idle and never takes one from it.
 * (posix_spawn cannot set SCHED_IDLE; the launcher is single-threaded, so
 * a plain fork is safe.) */
static void ct_helper_start(struct ct_helper *h, char *const argv[])
{
	struct sched_param sp = { .sched_priority = 0 };
	int p[2], null;

	h->pid = -1;
	h->fd = -1;
	if (!argv[0] || pipe2(p, O_CLOEXEC) < 0)
		return;
	h->pid = fork();
	if (h->pid == 0) {
		null = open("/dev/null", O_RDONLY);
		setpgid(0, 0);   /* ct_helper_stop ends what it starts too */
		sched_setscheduler(0, SCHED_IDLE, &sp);
		if (null < 0 || dup2(null, 0) < 0 || dup2(p[1], 1) < 0 || dup2(p[1], 2) < 0)
			_exit(127);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (h->pid > 0)
		setpgid(h->pid, h->pid);   /* either may run first */
	close(p[1]);
	h->fd = p[0];
}

/* The helper's first line of output into buf; -1 when it could not run
 * or failed. */
static int ct_helper_line(struct ct_helper *h, char *buf, size_t n)
{
	int status = -1;

	buf[0] = '\0';
	if (h->pid > 0) {
		/* the command has ended: the helper need not stay idle, where a
		 * busy machine would starve it past the deadline */
		struct sched_param sp = { .sched_priority = 0 };

		sched_setscheduler(h->pid, SCHED_OTHER, &sp);
		status = ct_helper_reap(h->pid, ct_read_limited(h->fd, buf, n));
	}
	if (h->fd >= 0)
		close(h->fd);
	h->pid = h->fd = -1;
	buf[strcspn(buf, "\n")] = '\0';
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* Killed and reaped unread: what it started may hold the pipe open
 * (a wrapper's sleep), so nothing waits for its end of file. */
static void ct_helper_stop(struct ct_helper *h)
{
	if (h->pid > 0) {
		kill(-h->pid, SIGKILL);
		while (waitpid(h->pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	if (h->fd >= 0)
		close(h->fd);
	h->pid = h->fd = -1;
}

/* The cached line, else the helper's, which is then kept for the next
 * run. */
static cJSON *ct_systemd_version(struct ct_host_probe *p)
{
	char *line = p->sysver_line;

	if (!p->sysver_hit) {
		if (ct_helper_line(&p->systemd, line, sizeof(p->sysver_line)) < 0 ||
		    strncmp(line, "systemd ", 8))
			return cJSON_CreateNull();
		if (p->sysver_key[0])
			ct_sysver_store(p->sysver_key, line);
	}
	return ct_str_json(line + 8);
}

static int ct_is_python_name(const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	return !strncmp(base, "python", 6) &&
	       strspn(base + 6, "0123456789.") == strlen(base + 6);
}

/* The interpreter of a "#!" script, resolved through env(1); malloc'd. */
static char *ct_shebang_interp(const char *path)
{
	char line[256], *interp, *arg = NULL, *save = NULL, *res;
	int fd = ct_open_regular(path), status, err;
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;

	if (!f) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	if (!fgets(line, sizeof(line), f) || strncmp(line, "#!", 2)) {
		fclose(f);
		return NULL;
	}
	fclose(f);
	interp = strtok_r(line + 2, " \t\n", &save);
	if (interp)
		arg = strtok_r(NULL, " \t\n", &save);
	if (interp && arg && !strcmp(strrchr(interp, '/') ? strrchr(interp, '/') + 1 : interp, "env"))
		return ct_lookup_cmd(arg, &status, &err);
	res = interp ? strdup(interp) : NULL;
	return res;
}

/* The command itself when it is a Python interpreter (by name, or its
 * "#!" line's); malloc'd, or NULL: it is not one. */
static char *ct_python_for(char *const *argv)
{
	int status, err;
	char *cmd = argv && argv[0] ? ct_lookup_cmd(argv[0], &status, &err) : NULL;
	char *interp;

	if (cmd && ct_is_python_name(cmd))
		return cmd;
	interp = cmd ? ct_shebang_interp(cmd) : NULL;
	free(cmd);
	if (interp && ct_is_python_name(interp))
		return interp;
	free(interp);
	return NULL;
}

static cJSON *ct_python_version(struct ct_helper *h)
{
	char line[256];

	if (ct_helper_line(h, line, sizeof(line)) < 0 || strncmp(line, "Python ", 7))
		return cJSON_CreateNull();
	return ct_str_json(line + 7);
}

static cJSON *ct_str_or_null(const char *s)
{
	return s && s[0] ? ct_str_json(s) : cJSON_CreateNull();
}

/* The helpers run while the traced command does: their start-up (a
 * Python interpreter's, systemctl's) stays out of the run's wall time.
 * The systemctl PATH finds is the one run and the one the cache is keyed
 * by (hostcache.c); none runs where its answer is cached, or where there
 * is no systemctl. */
void ct_host_probe_start(struct ct_host_probe *p, char *const *argv)
{
	int status, err;
	char *py = ct_python_for(argv), *sysctl = ct_lookup_cmd("systemctl", &status, &err);
	char *const sargv[] = { sysctl, "--version", NULL };
	char *const pargv[] = { py, "--version", NULL };

	if (!sysctl || ct_sysver_key(sysctl, p->sysver_key, sizeof(p->sysver_key)) < 0)
		p->sysver_key[0] = '\0';
	p->sysver_hit = p->sysver_key[0] &&
			ct_sysver_cached(p->sysver_key, p->sysver_line, sizeof(p->sysver_line)) == 0;
	p->systemd.pid = p->systemd.fd = -1;
	if (!p->sysver_hit)
		ct_helper_start(&p->systemd, sargv);
	ct_helper_start(&p->python, pargv);
	free(sysctl);
	free(py);
}

/* python_version stays null here: the merge fills it in from the traced
 * processes, or ct_host_probe_python from the helper. */
cJSON *ct_host_probe_json(struct ct_host_probe *p)
{
	cJSON *h = cJSON_CreateObject();
	struct utsname u;
	int ok = uname(&u) == 0;

	if (h) {
		cJSON_AddItemToObject(h, "kernel", ct_str_or_null(ok ? u.release : NULL));
		cJSON_AddItemToObject(h, "hostname", ct_str_or_null(ok ? u.nodename : NULL));
	}
	cJSON_AddItemToObject(h, "systemd_version", ct_systemd_version(p));
	cJSON_AddNullToObject(h, "python_version");
	return h;
}

static cJSON *ct_host_python_slot(cJSON *rec)
{
	cJSON *v = ct_jget(ct_jget(rec, "host"), "python_version");

	return cJSON_IsNull(v) ? v : NULL;
}

void ct_host_python_seen(cJSON *rec)
{
	const cJSON *p, *v = NULL;

	if (!ct_host_python_slot(rec))
		return;
	cJSON_ArrayForEach(p, ct_jget(rec, "processes")) {
		v = ct_jget(ct_jget(p, "python"), "version");
		if (cJSON_IsString(v))
			break;
	}
	if (cJSON_IsString(v))
		cJSON_ReplaceItemInObjectCaseSensitive(ct_jget(rec, "host"),
						       "python_version", ct_str_json(v->valuestring));
}

/* The helper's answer only where the traced processes gave none: else it
 * is stopped (SIGKILL), never waited for.  rec NULL: only stopped. */
void ct_host_probe_python(struct ct_host_probe *p, cJSON *rec)
{
	if (ct_host_python_slot(rec)) {
		cJSON_ReplaceItemInObjectCaseSensitive(ct_jget(rec, "host"),
						       "python_version", ct_python_version(&p->python));
		return;
	}
	ct_helper_stop(&p->python);
}

/* Without a command running beside it (bare runs, a rebuilt record): no
 * python helper, the merge tells. */
cJSON *ct_host_json(void)
{
	struct ct_host_probe p;

	ct_host_probe_start(&p, NULL);
	return ct_host_probe_json(&p);
}
