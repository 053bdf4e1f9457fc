/*
 * record.h -- building and writing record.json (schema coldtrace.run.v1).
 *
 * The launcher fills struct ct_run_facts from what it saw as the parent; a
 * bare run (no launcher) fills it from the root process's event log.  Either
 * way the same code turns the facts into the record's top-level keys, so a
 * key never means two things.  A field that could not be known stays at its
 * "unknown" value (-1, NULL) and becomes JSON null.
 */
#ifndef CT_RECORD_H
#define CT_RECORD_H

#include <stdint.h>
#include <cjson/cJSON.h>

#define CT_SCHEMA "coldtrace.run.v1"

struct ct_run_facts {
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
};

void ct_facts_init(struct ct_run_facts *f);     /* every field "unknown" */
cJSON *ct_record_base(const struct ct_run_facts *f);
/* Appends text to the record's warnings[] (and nothing else: the caller
 * decides whether to also tell the user). */
void ct_record_warn(cJSON *rec, const char *text);
/* The same, and in launcher.warnings[]: what the launcher saw itself,
 * kept when `coldtrace merge` rebuilds the record. */
void ct_record_launcher_warn(cJSON *rec, const char *text);
/* output.late{} (see docs/record.md); NULL when out of memory. */
cJSON *ct_late_json(const struct ct_run_facts *f, int complete);
/* artifacts.events: the *.ctlog names of run_dir, sorted (NULL: []). */
cJSON *ct_record_event_files(const char *run_dir);
/* Writes <rundir>/record.json atomically (temp file + rename). 0 or -1, errno set. */
int ct_record_write(const char *rundir, const cJSON *rec);

#endif
