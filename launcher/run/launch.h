/*
 * launch.h -- the run stage's public side: the options of `ct-launch` /
 * `coldtrace run` and one traced run into a given directory.  series/
 * strings runs together with these; run.h is run/'s own.
 */
#ifndef CT_RUN_LAUNCH_H
#define CT_RUN_LAUNCH_H

#include <stddef.h>
#include <stdint.h>

/* --cache: what the page cache holds before each counted run. */
enum ct_cache_mode { CT_CACHE_DEFAULT, CT_CACHE_ASIS, CT_CACHE_WARM, CT_CACHE_COLD,
		     CT_CACHE_BOTH };

/* --ready SPEC: what makes the service ready (run_ready_opts.c parses it). */
enum ct_ready_kind { CT_READY_LINE, CT_READY_PORT, CT_READY_HTTP, CT_READY_NOTIFY,
		     CT_READY_FILE };
struct ct_ready_spec {
	enum ct_ready_kind kind;
	const char *spec;       /* as given, for the record */
	const char *arg;        /* line: the regex; file: the path; port/http: the host */
	const char *path;       /* http: the request target ("/" when the URL has none) */
	int port;               /* port, http: 1..65535 */
};
#define CT_READY_MAX 8
/* --at-ready: what happens to the service once it is ready. */
enum ct_at_ready { CT_AT_READY_STOP, CT_AT_READY_WAIT, CT_AT_READY_KEEP };

/* run_opts.c */
struct ct_run_opts {
	const char *prog;       /* "ct-launch" or "coldtrace run", for messages */
	const char *name;       /* --name, or NULL: label from the command */
	const char *runs_dir;   /* --runs-dir, default "runs" */
	const char *stacks;     /* --stacks, or NULL: inherit COLDTRACE_STACKS */
	int quiet;              /* --quiet: the child's output goes only to the logs */
	int no_follow;          /* --no-follow: COLDTRACE_FOLLOW=0 */
	int loader;             /* --loader: LD_AUDIT gets libcoldtrace-audit.so */
	int repeat;             /* -n N, >= 1 (1: a single run, today's layout) */
	int warmup;             /* --warmup K, -1: the mode's default */
	enum ct_cache_mode cache;/* --cache MODE, CT_CACHE_DEFAULT: not given */
	int drop_caches;        /* --drop-caches */
	int fail_fast;          /* --fail-fast */
	int systemd;            /* --systemd: as a transient unit (run_systemd.c) */
	struct ct_ready_spec ready[CT_READY_MAX]; /* --ready, in the order given */
	int nready;             /* 0: no readiness wanted (and no NOTIFY_SOCKET) */
	enum ct_at_ready at_ready;/* --at-ready, default stop */
	int64_t ready_timeout_ms;/* --ready-timeout S in ms, 0: none */
	int64_t stop_timeout_ms;/* --stop-timeout S in ms: SIGTERM to SIGKILL (default 5000) */
	char **cmd;             /* NULL-terminated command, never empty after parse */
};
/* -1: run on; else the exit status (0 after --help/--version, 2 usage). */
int ct_run_parse(int argc, char **argv, const char *prog, struct ct_run_opts *o);
/* What ct_run_parse copied (the hosts of port: and http: conditions),
 * freed once the options' last run is over. */
void ct_run_opts_free(struct ct_run_opts *o);

/* run.c: one traced run.  dir NULL: a fresh run directory under runs_dir,
 * the short report and "run directory:" at the end (a single run).  Else
 * the directory to create (its parent exists) and nothing printed but
 * launcher failures.  Returns the exit status (the child's, or 125, 126,
 * 127, 2). */
int ct_run_once(const struct ct_run_opts *o, const char *mode, const char *dir);
/* Whether SIGINT/SIGTERM/SIGHUP/SIGQUIT reached the launcher since the
 * last call (run_signals.c); clears it. */
int ct_run_interrupted(void);

/* run_dir.c */
/* Filename-safe label: [A-Za-z0-9._-], no leading '.' or '-', <= 60 chars. */
void ct_label_from_cmd(char *const *cmd, char *out, size_t n);
int ct_label_sanitize(const char *in, char *out, size_t n);   /* -1: empty */
/* The label of --name, else from the command: -1, or 2 after a usage error. */
int ct_run_opts_label(const struct ct_run_opts *o, char *out, size_t n);
/* Creates runs_dir (parents too) and a fresh 0700 run directory in it; the
 * absolute path goes to out.  -1 after one message. */
int ct_run_dir_create(const char *runs_dir, const char *label, int64_t unix_ms,
		      char *out, size_t n);

#endif
