/*
 * merge_logset.h -- the set of process images one run directory holds.
 *
 * Loaded once, then turned into record keys; shared by merge.c (the
 * launcher's merge) and merge_cmd.c (`coldtrace merge` of a bare run).
 * Never: procs[] reordered after ct_logset_load (exec_of points into it).
 */
#ifndef CT_MERGE_LOGSET_H
#define CT_MERGE_LOGSET_H

#include <stdio.h>
#include <cjson/cJSON.h>

#include "merge_int.h"

struct ct_logset {
	const char *rundir;
	struct ct_proc *procs;  /* root first, then by start time */
	size_t n, cap;
	struct ct_proc *root;   /* NULL when no image qualifies */
	cJSON *problems;        /* strings: defects found in the logs */
	struct ct_proc **by_pid; /* every image, sorted by (pid namespace, pid, start) */
	size_t nmapped;         /* logs left mapped from their scan to their views */
	struct ct_audit_index audits;   /* the directory's .ldaudit logs (merge_audit.c) */
};

/* -1 after one message (run directory unreadable, out of memory). */
int ct_logset_load(struct ct_logset *rl, const char *rundir, int root_pid);
int ct_logset_into(struct ct_logset *rl, cJSON *rec);
void ct_logset_free(struct ct_logset *rl);

/* artifacts.proc_status, proc_cgroup, proc_maps, importtime and
 * strace_summary of rec (after processes[]): the files written into the
 * run directory, or null with the reason (merge_v0.c). */
void ct_v0_artifacts(const struct ct_logset *rl, cJSON *rec);
/* importtime.txt (merge_importtime.c), syscalls.txt (merge_syscalls.c)
 * from processes[]: the file's name, or NULL with why set. */
#define CT_V0_IMPORTTIME "importtime.txt"
#define CT_V0_SYSCALLS "syscalls.txt"
const char *ct_importtime_write(const char *rundir, const cJSON *procs, char *why, size_t n);
const char *ct_syscalls_write(const char *rundir, const cJSON *procs, char *why, size_t n);
/* One artifact file of merge_v0.c: out, or NULL with why set; then its
 * name once written, or NULL with why set. */
struct ct_outfile;
FILE *ct_v0_open(struct ct_outfile *f, const char *rundir, const char *file, char *why,
		 size_t n);
const char *ct_v0_commit(struct ct_outfile *f, char *why, size_t n);

/* Adds text to rec's warnings[] and prints it as a warning. */
void ct_merge_warn(cJSON *rec, const char *text);

#endif
