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
#include "launch.h"

struct ct_ready;

/* run_env.c */
/* Absolute path of libcoldtrace.so, malloc'd; NULL after one message. */
char *ct_find_shim(void);
/* The child's environment: ours plus LD_PRELOAD / COLDTRACE_*, the
 * sanitizer runtime prog needs (if any) first in LD_PRELOAD; shim NULL:
 * LD_PRELOAD and LD_AUDIT as they are (a 32-bit prog); notify non-NULL:
 * NOTIFY_SOCKET (--ready notify), else that variable as it is.  malloc'd. */
char **ct_child_env(const struct ct_run_opts *o, const char *shim, const char *rundir,
		    const char *prog, const char *notify);
void ct_env_free(char **env);

/* run_signals.c */
/* Forwards SIGINT/TERM/HUP/QUIT sent to the launcher to the child, and
 * wakes the capture loop on SIGCHLD.  Returns the wake-up fd to poll. */
int ct_signals_install(void);
void ct_signals_set_child(pid_t pid);
/* The child leads a process group of its own: every forwarded signal goes
 * to that group (the terminal's no longer reach it by themselves). */
void ct_signals_set_group(int own);
void ct_signals_block(int block);     /* around reaping the child */
void ct_signals_child_defaults(void); /* in the child, before exec */
void ct_signals_drain(void);          /* empties the wake-up pipe */
void ct_signals_forward_off(void);    /* in the drainer: forwarded signals back to SIG_DFL */

/* run_child.c */
struct ct_child {
	int own_group;          /* in: a process group of its own (--ready: stopped as one) */
	pid_t pid;
	int out_fd, err_fd;     /* read ends of the child's stdout / stderr */
	int exec_errno;         /* 0: exec succeeded */
};
/* 0: started (check exec_errno); -1 after one message. */
int ct_child_start(const char *path, char **argv, char **env, struct ct_child *c);

/* run_systemd.c: --systemd */
struct ct_unit {
	char name[160];         /* "coldtrace-<run>.scope"; "" without --systemd */
	char *cgroup;           /* the command's cgroup at its exit, NULL: unread */
	char *peak, *cpu, *io;  /* its memory.peak, cpu.stat, io.stat, NULL: unread */
};
/* NULL where systemd is the init system and systemd-run is there; else
 * why not (in why, or a constant). */
const char *ct_systemd_unavailable(char *why, size_t n);
/* systemd-run --scope [--user] --unit=NAME -- path cmd[1...]: malloc'd
 * (the strings are borrowed); NULL when out of memory. */
char **ct_systemd_argv(const char *path, char *const *cmd, const char *unit_opt);
/* The unit's counters, read while the exited command pid is a zombie. */
void ct_systemd_read(pid_t pid, struct ct_unit *u);
cJSON *ct_systemd_json(const struct ct_unit *u);   /* launcher.unit */
void ct_systemd_free(struct ct_unit *u);

/* run_capture.c */
/* The /proc/<pid>/io counters the record keeps, in record order. */
enum { CT_IO_RCHAR, CT_IO_WCHAR, CT_IO_READ_BYTES, CT_IO_WRITE_BYTES, CT_IO_N };
struct ct_capture {
	int quiet;
	int64_t t0_ns;          /* CLOCK_MONOTONIC just before the fork */
	int64_t first_stdout_ms;/* -1: nothing on stdout */
	int64_t out_bytes, err_bytes;
	int64_t end_ns;         /* when the child was reaped */
	int status;             /* wait4 status */
	struct rusage ru;
	int64_t io[CT_IO_N];    /* the child's /proc/<pid>/io at exit, -1 unknown */
	int log_error;          /* errno of the first failed log write, else 0 */
	int tail_lost;          /* output after CT_TAIL_MS was lost (no drainer could start) */
	int64_t late_out, late_err; /* bytes read after the child was reaped */
	pid_t drainer;          /* > 0: took over the pipes still open past CT_TAIL_MS */
	unsigned reader_gone;   /* bit 0 stdout, bit 1 stderr: closed on EPIPE of ours */
	const char *run_dir;    /* where the drainer completes record.json */
	struct ct_unit *unit;   /* --systemd: its counters read at the exit, else NULL */
	struct ct_ready *ready; /* --ready, else NULL */
	int detached;           /* --at-ready keep: left running at ready, never reaped */
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
