/*
 * record.h -- building and writing record.json (schema coldtrace.run.v1).
 *
 * The launcher fills struct ct_facts from what it saw as the parent; a
 * bare run (no launcher) fills it from the root process's event log.  Either
 * way the same code turns the facts into the record's top-level keys, so a
 * key never means two things.  A field that could not be known stays at its
 * "unknown" value (-1, NULL) and becomes JSON null.
 */
#ifndef CT_RECORD_H
#define CT_RECORD_H

#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#define CT_SCHEMA "coldtrace.run.v1"

struct ct_facts {
	const char *run_id;          /* basename of the run directory */
	const char *name;            /* label */
	const char *launcher_mode;   /* "ct-launch", "coldtrace-run" or "preload" (bare) */
	int follow;                  /* 1: children traced, 0: --no-follow, -1 unknown (bare) */
	char *const *argv;           /* NULL-terminated */
	const char *cwd;
	int64_t started_unix_ms;     /* -1 unknown */
	int64_t wall_ms;             /* -1 unknown */
	int64_t first_stdout_ms;     /* -1 never wrote / unknown */
	int64_t ready_ms;            /* --ready: the condition fired after this, -1 not / unknown */
	int exit_code;               /* -1 when killed or unknown */
	int exit_signal;             /* 0 when not killed */
	int exit_known;              /* 0: neither code nor signal is known */
	int64_t user_cpu_ms, system_cpu_ms, max_rss_kb;  /* -1 unknown */
	int64_t minflt, majflt, nvcsw, nivcsw;           /* -1 unknown */
	int64_t rchar, wchar, read_bytes, write_bytes;   /* /proc/<pid>/io at exit, -1 unknown */
	int pid;                     /* -1 unknown */
	int64_t stdout_bytes, stderr_bytes;              /* -1 not captured */
	int64_t late_stdout_bytes, late_stderr_bytes;    /* of those, read after the exit */
	int drainer_pid;             /* > 0: output still arriving, see output.late */
	const char *error;           /* launcher's own failure, else NULL */
	cJSON *host;                 /* host{} gathered during the run (ct_record_base
	                                takes it over), or NULL: gathered then */
	const char *run_dir;         /* absolute; its *.ctlog become artifacts.events (NULL: none) */
	const char *unit_name;       /* --systemd: the transient unit, else NULL */
	cJSON *unit;                 /* launcher.unit{} (ct_record_base takes it over), or NULL */
};

void ct_facts_init(struct ct_facts *f);     /* every field "unknown" */
cJSON *ct_record_base(const struct ct_facts *f);
/* Appends text to the record's warnings[] (and nothing else: the caller
 * decides whether to also tell the user). */
void ct_record_warn(cJSON *rec, const char *text);
/* The same, and in launcher.warnings[]: what the launcher saw itself,
 * kept when `coldtrace merge` rebuilds the record. */
void ct_record_launcher_warn(cJSON *rec, const char *text);
/* output.late{} (see docs/record.md); NULL when out of memory. */
cJSON *ct_late_json(const struct ct_facts *f, int complete);
/* artifacts.events: the *.ctlog names of run_dir, sorted (NULL: []). */
cJSON *ct_record_event_files(const char *run_dir);
/* The prototype's artifacts (coldtrace.run.v0) the merge writes files
 * for: artifacts.proc_status, proc_cgroup, proc_maps, importtime,
 * strace_summary. */
#define CT_V0_ARTIFACTS 5
extern const char *const ct_v0_artifact_keys[CT_V0_ARTIFACTS];
/* artifacts.<key> of rec: file (relative to the run directory), or null
 * when file is NULL, with why in artifacts.not_written.<key> (which holds
 * only the keys that are null). */
void ct_artifact_set(cJSON *rec, const char *key, const char *file, const char *why);

/* A file of the run directory written whole or not at all (runfile.c):
 * text goes to out, a temporary that ct_outfile_commit renames to name. */
struct ct_outfile {
	FILE *out;
	int dir;                     /* checked O_PATH descriptor of the run directory */
	char tmp[64];
	const char *name;
};
/* out, or NULL with errno set (nothing left behind). */
FILE *ct_outfile_open(struct ct_outfile *f, const char *rundir, const char *name);
/* Closes out and renames it into place: 0, or -1 with errno set and the
 * temporary removed.  Always ends f. */
int ct_outfile_commit(struct ct_outfile *f);
/* Removes name from the run directory if it is there (errno kept). */
void ct_outfile_remove(const char *rundir, const char *name);
/* Writes <rundir>/record.json atomically (temp file + rename). 0 or -1, errno set. */
int ct_record_write(const char *rundir, const cJSON *rec);

#endif
