/*
 * merge_cmd.c -- `coldtrace merge RUNDIR [OWNER_PID]`: record.json of a
 * bare run (LD_PRELOAD without the launcher), from the logs alone.
 *
 * The shim runs this at its root process's exit, so what a launcher would
 * have seen as the parent comes from the root's own records: argv and start
 * (PROC_START), exit (EXIT), rusage (RUSAGE).  Merging a launcher's run
 * again (a daemon's log completed since) keeps what only the launcher saw.
 * Never: a fact invented where the root left no record of it (it stays
 * unknown, i.e. null), or a launcher's fact replaced by a bare run's guess.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmds.h"
#include "lib/arena.h"
#include "merge.h"
#include "merge_logset.h"
#include "lib/msg.h"
#include "lib/readfile.h"
#include "record/record.h"

#define CT_MERGE_USAGE "usage: coldtrace merge RUNDIR [OWNER_PID]  " \
	"(e.g. coldtrace merge runs/20250101T120000.000Z-python3)"

/* The last image of the root's exec chain: it holds the exit. */
static const struct ct_proc *ct_chain_last(const struct ct_logset *rl)
{
	const struct ct_proc *last = rl->root, *p;
	size_t i;

	for (i = 0; last && i < rl->n; i++) {
		p = &rl->procs[i];
		if (p->log_ok && p->pid == rl->root->pid && p->start_ns > last->start_ns)
			last = p;
	}
	return last;
}

static void ct_facts_exit(struct ct_facts *f, const struct ct_proc *last)
{
	if (!last->has_exit)
		return;
	f->exit_known = 1;
	if (last->exit_how == CT_EXIT_SIGNAL) {
		f->exit_code = -1;
		f->exit_signal = last->exit_signal;
	} else {
		f->exit_code = last->exit_status;
		f->exit_signal = 0;
	}
}

static void ct_facts_rusage(struct ct_facts *f, const struct ct_proc *last)
{
	if (!last->has_rusage)
		return;
	f->user_cpu_ms = last->ru_utime_us / 1000;
	f->system_cpu_ms = last->ru_stime_us / 1000;
	f->max_rss_kb = last->ru_maxrss_kb;
	f->minflt = last->ru_minflt;
	f->majflt = last->ru_majflt;
	f->nvcsw = last->ru_nvcsw;
	f->nivcsw = last->ru_nivcsw;
}

/* The label is what follows "<UTC-timestamp>-" in the directory name. */
static const char *ct_label_of(const char *run_id)
{
	const char *dash = strchr(run_id, '-');

	return dash && dash[1] ? dash + 1 : run_id;
}

static void ct_facts_from_root(struct ct_facts *f, const struct ct_logset *rl)
{
	const struct ct_proc *root = rl->root, *last = ct_chain_last(rl);

	if (!root)
		return;
	f->pid = root->pid;
	f->started_unix_ms = (int64_t)(root->start_unix_ns / 1000000);
	if (last->end_ns > root->start_ns)
		f->wall_ms = (int64_t)((last->end_ns - root->start_ns) / 1000000);
	ct_facts_exit(f, last);
	ct_facts_rusage(f, last);
}

static int ct_owner_pid(int argc, char **argv)
{
	const char *s = argc > 2 ? argv[2] : getenv("COLDTRACE_OWNER_PID");
	char *end;
	long v;

	if (!s || !*s)
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v <= 0 || v > INT_MAX)
		return -2;
	return (int)v;
}

static char **ct_root_argv(const struct ct_logset *rl, cJSON **holder)
{
	const cJSON *it;
	char **argv;
	int n, i = 0;

	*holder = ct_split_json(rl->root ? rl->root->argv : "", '\x1f');
	n = cJSON_GetArraySize(*holder);
	argv = calloc((size_t)n + 1, sizeof(*argv));
	cJSON_ArrayForEach(it, *holder)
		if (argv)
			argv[i++] = it->valuestring;
	return argv;
}

/* Sets k of o (an object) to null. */
static void ct_null_key(cJSON *o, const char *k)
{
	if (cJSON_IsObject(o) && cJSON_GetObjectItemCaseSensitive(o, k))
		cJSON_ReplaceItemInObjectCaseSensitive(o, k, cJSON_CreateNull());
}

/* The merged keys emptied for ct_logset_into to fill again; warnings[] back
 * to the launcher's own. */
static int ct_launcher_reset(cJSON *rec, const char *rundir)
{
	cJSON *proc = cJSON_GetObjectItemCaseSensitive(rec, "process");
	cJSON *art = cJSON_GetObjectItemCaseSensitive(rec, "artifacts");
	const cJSON *lw = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(rec, "launcher"), "warnings");

	cJSON_DeleteItemFromObjectCaseSensitive(rec, "processes");
	cJSON_DeleteItemFromObjectCaseSensitive(rec, "events");
	cJSON_DeleteItemFromObjectCaseSensitive(rec, "not_seen");
	cJSON_DeleteItemFromObjectCaseSensitive(rec, "cuda");
	ct_null_key(proc, "cgroup");
	ct_null_key(proc, "peak_rss_kb");
	ct_null_key(proc, "mapped_files_count");
	if (cJSON_IsObject(art) && ct_rec_set(art, "events", ct_record_event_files(rundir)) < 0)
		return -1;
	return ct_rec_set(rec, "warnings", cJSON_IsArray(lw) ? cJSON_Duplicate(lw, 1)
							   : cJSON_CreateArray());
}

/* The previous record, parsed, if a launcher wrote it and it could be
 * reset; else NULL. */
static cJSON *ct_parse_launcher_record(const char *text, const char *rundir)
{
	cJSON *rec = text ? cJSON_ParseWithOpts(text, NULL, 1) : NULL;
	const cJSON *mode = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(rec, "launcher"), "mode");
	const cJSON *schema = cJSON_GetObjectItemCaseSensitive(rec, "schema_version");

	if (!cJSON_IsString(mode) || !strcmp(mode->valuestring, "preload") ||
	    !cJSON_IsString(schema) || strcmp(schema->valuestring, CT_SCHEMA) ||
	    ct_launcher_reset(rec, rundir) < 0) {
		cJSON_Delete(rec);
		return NULL;
	}
	return rec;
}

/* record.json as a launcher (ct-launch, coldtrace run) wrote it, ready to
 * be merged again; NULL when there is none (a bare run, a launcher killed
 * before it wrote one, a record from another schema).  Parsed outside the
 * arena, where deleting the old processes[] frees them: only the kept part
 * is copied into it. */
static cJSON *ct_launcher_record(const char *rundir)
{
	char path[PATH_MAX + 16], *text;
	cJSON *rec, *kept;
	int paused;

	snprintf(path, sizeof(path), "%s/record.json", rundir);
	text = ct_read_file(path, NULL);
	paused = ct_arena_pause();
	rec = ct_parse_launcher_record(text, rundir);
	ct_arena_resume(paused);
	free(text);
	kept = rec ? cJSON_Duplicate(rec, 1) : NULL;
	paused = ct_arena_pause();
	cJSON_Delete(rec);
	ct_arena_resume(paused);
	return kept;
}

/* A launcher killed before its record (SIGKILL) still left the output
 * logs: their sizes are what it captured. */
static int ct_output_logs(struct ct_facts *f, const char *rundir)
{
	char path[PATH_MAX + 16];
	struct stat st;

	snprintf(path, sizeof(path), "%s/stdout.log", rundir);
	if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	f->stdout_bytes = st.st_size;
	snprintf(path, sizeof(path), "%s/stderr.log", rundir);
	if (lstat(path, &st) == 0 && S_ISREG(st.st_mode))
		f->stderr_bytes = st.st_size;
	return 1;
}

static cJSON *ct_bare_record(struct ct_logset *rl, const char *rundir, const char *run_id,
			     cJSON **holder, char ***argv)
{
	struct ct_facts f;
	char cwd[4096];
	int logs;
	cJSON *rec;

	ct_facts_init(&f);
	f.run_id = run_id;
	f.name = ct_label_of(run_id);
	f.launcher_mode = "preload";
	f.run_dir = rundir;
	f.cwd = getcwd(cwd, sizeof(cwd));
	*argv = ct_root_argv(rl, holder);
	f.argv = *argv;
	ct_facts_from_root(&f, rl);
	logs = ct_output_logs(&f, rundir);
	rec = ct_record_base(&f);
	if (rec && logs)
		ct_merge_warn(rec, "stdout.log/stderr.log exist but their launcher left no record "
				   "(killed before it wrote one?): rebuilt from the event logs alone; "
				   "output.*_bytes are the sizes of the logs");
	return rec;
}

static int ct_merge_write(struct ct_logset *rl, const char *rundir, const char *run_id,
			  cJSON *rec)
{
	char **argv = NULL;
	cJSON *holder = NULL;
	int rc = CT_STATUS_TOOL;

	if (!rec)
		rec = ct_bare_record(rl, rundir, run_id, &holder, &argv);
	if (rec && ct_logset_into(rl, rec) == 0) {
		if (ct_record_write(rundir, rec) == 0)
			rc = 0;
		else
			ct_msg("cannot write '%s/record.json': %s", rundir, strerror(errno));
	} else if (!rec) {
		ct_msg("out of memory building the record of '%s'", rundir);
	}
	/* rec and holder are the arena's: ct_arena_end() drops them whole */
	free(argv);
	return rc;
}

int ct_cmd_merge(int argc, char **argv)
{
	struct ct_logset rl;
	char rundir[PATH_MAX];
	const char *slash;
	cJSON *old;
	int owner, rc;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("%s\n", CT_MERGE_USAGE);
		return 0;
	}
	if (argc < 2 || argc > 3) {
		ct_msg("%s", CT_MERGE_USAGE);
		return CT_STATUS_USAGE;
	}
	owner = ct_owner_pid(argc, argv);
	if (owner == -2) {
		ct_msg("merge: OWNER_PID must be a process id (e.g. coldtrace merge RUNDIR 1234)");
		return CT_STATUS_USAGE;
	}
	if (!realpath(argv[1], rundir)) {
		ct_msg("cannot use run directory '%s' (realpath): %s", argv[1], strerror(errno));
		return CT_STATUS_USAGE;
	}
	ct_arena_begin();
	old = ct_launcher_record(rundir);
	if (ct_logset_load(&rl, rundir, owner) < 0) {
		rc = CT_STATUS_TOOL;
	} else if (!rl.n && !old && cJSON_GetArraySize(rl.problems) > 0) {
		/* a pack that cannot be read: its defect, not "no logs" */
		ct_msg("merge: no event log could be read in '%s': %s", rundir,
		       cJSON_GetArrayItem(rl.problems, 0)->valuestring);
		rc = CT_STATUS_TOOL;
	} else if (!rl.n && !old) {
		ct_msg("merge: no event logs (*.ctlog) and no launcher record in '%s': nothing to "
		       "merge (e.g. coldtrace merge runs/20250101T120000.000Z-python3)", rundir);
		rc = CT_STATUS_USAGE;
	} else {
		slash = strrchr(rundir, '/');
		rc = ct_merge_write(&rl, rundir, slash ? slash + 1 : rundir, old);
		old = NULL;
	}
	cJSON_Delete(old);
	ct_logset_free(&rl);
	ct_arena_end();
	return rc;
}
