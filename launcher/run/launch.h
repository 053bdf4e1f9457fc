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
	char **cmd;             /* NULL-terminated command, never empty after parse */
};
/* -1: run on; else the exit status (0 after --help/--version, 2 usage). */
int ct_run_parse(int argc, char **argv, const char *prog, struct ct_run_opts *o);

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
