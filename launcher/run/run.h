/*
 * run.h -- the pieces of `ct-launch` / `coldtrace run`, one file each.
 *
 * run.c strings them together: options -> run directory -> environment ->
 * child -> capture -> wait -> record.  Never: a child started before its
 * run directory exists, or an exit status that is not the child's except
 * for the launcher's own documented failures (125, 126, 127, 2).
 */
#ifndef CT_RUN_H
#define CT_RUN_H

#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <cjson/cJSON.h>

#include "cmds.h"
#include "lib/clock.h"
#include "lib/lookup.h"

/* run_opts.c */
struct ct_run_opts {
	const char *prog;       /* "ct-launch" or "coldtrace run", for messages */
	const char *name;       /* --name, or NULL: label from the command */
	const char *runs_dir;   /* --runs-dir, default "runs" */
	const char *stacks;     /* --stacks, or NULL: inherit COLDTRACE_STACKS */
	int quiet;              /* --quiet: the child's output goes only to the logs */
	int no_follow;          /* --no-follow: COLDTRACE_FOLLOW=0 */
	int loader;             /* --loader: LD_AUDIT gets libcoldtrace-audit.so */
	char **cmd;             /* NULL-terminated command, never empty after parse */
};
/* -1: run on; else the exit status (0 after --help/--version, 2 usage). */
int ct_run_parse(int argc, char **argv, const char *prog, struct ct_run_opts *o);

/* run_dir.c */
/* Filename-safe label: [A-Za-z0-9._-], no leading '.' or '-', <= 60 chars. */
void ct_label_from_cmd(char *const *cmd, char *out, size_t n);
int ct_label_sanitize(const char *in, char *out, size_t n);   /* -1: empty */
/* Creates runs_dir (parents too) and a fresh 0700 run directory in it; the
 * absolute path goes to out.  -1 after one message. */
int ct_run_dir_create(const char *runs_dir, const char *label, int64_t unix_ms,
		      char *out, size_t n);

/* run_env.c */
/* Absolute path of libcoldtrace.so, malloc'd; NULL after one message. */
char *ct_find_shim(void);
/* The child's environment: ours plus LD_PRELOAD / COLDTRACE_*, the
 * sanitizer runtime prog needs (if any) first in LD_PRELOAD.  malloc'd. */
char **ct_child_env(const struct ct_run_opts *o, const char *shim, const char *rundir,
		    const char *prog);
void ct_env_free(char **env);

/* run_signals.c */
/* Forwards SIGINT/TERM/HUP/QUIT sent to the launcher to the child, and
 * wakes the capture loop on SIGCHLD.  Returns the wake-up fd to poll. */
int ct_signals_install(void);
void ct_signals_set_child(pid_t pid);
void ct_signals_block(int block);     /* around reaping the child */
void ct_signals_child_defaults(void); /* in the child, before exec */
void ct_signals_drain(void);          /* empties the wake-up pipe */
void ct_signals_forward_off(void);    /* in the drainer: forwarded signals back to SIG_DFL */

/* run_child.c */
struct ct_child {
	pid_t pid;
	int out_fd, err_fd;     /* read ends of the child's stdout / stderr */
	int exec_errno;         /* 0: exec succeeded */
};
/* 0: started (check exec_errno); -1 after one message. */
int ct_child_start(const char *path, char **argv, char **env, struct ct_child *c);

/* run_capture.c */
struct ct_capture {
	int quiet;
	int64_t t0_ns;          /* CLOCK_MONOTONIC just before the fork */
	int64_t first_stdout_ms;/* -1: nothing on stdout */
	int64_t out_bytes, err_bytes;
	int64_t end_ns;         /* when the child was reaped */
	int status;             /* wait4 status */
	struct rusage ru;
	int log_error;          /* errno of the first failed log write, else 0 */
	int tail_lost;          /* output after CT_TAIL_MS was lost (no drainer could start) */
	int64_t late_out, late_err; /* bytes read after the child was reaped */
	pid_t drainer;          /* > 0: took over the pipes still open past CT_TAIL_MS */
	const char *run_dir;    /* where the drainer completes record.json */
};
/* Tees the child's output into the two logs until it ends; reaps it. */
int ct_capture_run(struct ct_child *c, int wake_fd, int out_log, int err_log,
		   struct ct_capture *cap);

/* run_drain.c */
/* In the drainer, once the pipes reached EOF: waits for EOF on sync_fd
 * (the launcher has exited, its record written), then sets output{} of
 * record.json to the final counts. */
void ct_drain_finish(const struct ct_capture *cap, int sync_fd);

/* run_loader.c: after exit status 127, what the dynamic loader could not
 * find (the program never started). */
#define CT_MISSING_MAX 8
struct ct_startup {
	char *loader;           /* the program's PT_INTERP, which was asked */
	int n;
	struct {
		char *name, *needed_by;   /* needed_by NULL: not said */
	} miss[CT_MISSING_MAX];
};
/* 1 and *st filled when the loader names a missing object, else 0. */
int ct_loader_missing(const char *path, char **env, struct ct_startup *st);
void ct_startup_free(struct ct_startup *st);
void ct_startup_warning(const struct ct_startup *st, const char *path, char *out, size_t n);
cJSON *ct_startup_json(const struct ct_startup *st, const char *path);

#endif
