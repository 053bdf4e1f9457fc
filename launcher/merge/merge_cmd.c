/*
 * merge_cmd.c -- `coldtrace merge RUNDIR [OWNER_PID]`: record.json of a
 * bare run (LD_PRELOAD without the launcher), from the logs alone.
 *
 * The shim runs this at its root process's exit, so what a launcher would
 * have seen as the parent comes from the root's own records: argv and start
 * (PROC_START), exit (EXIT), rusage (RUSAGE).  Never: a fact invented where
 * the root left no record of it (it stays unknown, i.e. null).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/arena.h"
#include "merge.h"
#include "merge_run.h"
#include "lib/msg.h"
#include "record/record.h"

#define CT_MERGE_USAGE "usage: coldtrace merge RUNDIR [OWNER_PID]  " \
	"(e.g. coldtrace merge runs/20250101T120000.000Z-python3)"

/* The last image of the root's exec chain: it holds the exit. */
static const struct ct_proc *ct_chain_last(const struct ct_run_logs *rl)
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

static void ct_facts_exit(struct ct_run_facts *f, const struct ct_proc *last)
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

static void ct_facts_rusage(struct ct_run_facts *f, const struct ct_proc *last)
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

static void ct_facts_from_root(struct ct_run_facts *f, const struct ct_run_logs *rl)
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

static char **ct_root_argv(const struct ct_run_logs *rl, cJSON **holder)
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

static int ct_merge_write(struct ct_run_logs *rl, const char *rundir, const char *run_id)
{
	struct ct_run_facts f;
	char cwd[4096], **argv;
	cJSON *rec, *holder = NULL;
	int rc = 125;

	ct_facts_init(&f);
	f.run_id = run_id;
	f.name = ct_label_of(run_id);
	f.launcher_mode = "preload";
	f.run_dir = rundir;
	f.cwd = getcwd(cwd, sizeof(cwd));
	argv = ct_root_argv(rl, &holder);
	f.argv = argv;
	ct_facts_from_root(&f, rl);
	rec = ct_record_base(&f);
	if (rec && ct_run_into(rl, rec) == 0) {
		if (ct_record_write(rundir, rec) == 0)
			rc = 0;
		else
			ct_msg("cannot write '%s/record.json': %s", rundir, strerror(errno));
	} else if (!rec) {
		ct_msg("out of memory building the record of '%s'", rundir);
	}
	cJSON_Delete(rec);
	cJSON_Delete(holder);
	free(argv);
	return rc;
}

int ct_cmd_merge(int argc, char **argv)
{
	struct ct_run_logs rl;
	char rundir[PATH_MAX];
	const char *slash;
	int owner, rc;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("%s\n", CT_MERGE_USAGE);
		return 0;
	}
	if (argc < 2 || argc > 3) {
		ct_msg("%s", CT_MERGE_USAGE);
		return 2;
	}
	owner = ct_owner_pid(argc, argv);
	if (owner == -2) {
		ct_msg("merge: OWNER_PID must be a process id (e.g. coldtrace merge RUNDIR 1234)");
		return 2;
	}
	if (!realpath(argv[1], rundir)) {
		ct_msg("cannot use run directory '%s' (realpath): %s", argv[1], strerror(errno));
		return 2;
	}
	ct_arena_begin();
	if (ct_run_load(&rl, rundir, owner) < 0) {
		rc = 125;
	} else {
		slash = strrchr(rundir, '/');
		rc = ct_merge_write(&rl, rundir, slash ? slash + 1 : rundir);
	}
	ct_run_free(&rl);
	ct_arena_end();
	return rc;
}
