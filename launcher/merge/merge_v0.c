/*
 * merge_v0.c -- the prototype's (coldtrace.run.v0) artifacts, as files in
 * the run directory that its readers open: proc_status.txt, proc_cgroup.txt
 * and proc_maps.txt from the root's exit snapshot, importtime.txt
 * (merge_importtime.c) and syscalls.txt (merge_syscalls.c).
 *
 * Each file is one pass over text the merge holds anyway, and written
 * whole or not at all (record/runfile.c).  Never: an empty or invented
 * file for a snapshot that is missing or damaged (the key is null and
 * artifacts.not_written says why), a merge that fails because an
 * artifact could not be written.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge_int.h"
#include "merge_logset.h"
#include "record/record.h"

/* The snapshot's sections and the files made of them. */
static const struct ct_snap_file {
	const char *key, *section, *file;
	int maps_only;      /* only the lines that open a mapping: smaps -> maps */
} ct_snap_files[] = {
	{ "proc_status", "status", "proc_status.txt", 0 },
	{ "proc_cgroup", "cgroup", "proc_cgroup.txt", 0 },
	{ "proc_maps", "smaps", "proc_maps.txt", 1 },
};
#define CT_SNAP_FILES (sizeof(ct_snap_files) / sizeof(ct_snap_files[0]))

/* The root's last image: the one whose exit took the snapshot. */
static const struct ct_proc *ct_root_end(const struct ct_logset *rl)
{
	const struct ct_proc *p = rl->root;

	while (p && p->exec_next)
		p = p->exec_next;
	return p;
}

/* Why the root left no snapshot, from its EXIT record; NULL: it took one. */
static const char *ct_no_snap_why(const struct ct_proc *p)
{
	if (!p)
		return "no event log of the command's process (it never started, or ran "
		       "untraced: static, 32-bit, set-id)";
	if (!p->has_exit)
		return "the command's process left no exit record (killed by SIGKILL, a raw "
		       "exit_group, or still running): it took no exit snapshot";
	if (p->exit_snap == CT_SNAP_SHORT)
		return "the command's process lived under " CT_SNAP_MIN_TEXT ": it took no exit snapshot";
	if (p->exit_snap == CT_SNAP_SEALED)
		return "a seccomp filter was in at the command's exit: it took no exit snapshot";
	return NULL;
}

/* Only the maps lines of an smaps text; a line cut short is left out. */
static void ct_put_maps(FILE *out, const char *text)
{
	const char *line = text, *eol;

	for (; *line && (eol = strchr(line, '\n')); line = eol + 1)
		if (ct_smaps_is_header(*line))
			fwrite(line, 1, (size_t)(eol - line + 1), out);
}

FILE *ct_v0_open(struct ct_outfile *f, const char *rundir, const char *file, char *why,
		 size_t n)
{
	if (!ct_outfile_open(f, rundir, file)) {
		snprintf(why, n, "cannot create %s: %s", file, strerror(errno));
		return NULL;
	}
	return f->out;
}

const char *ct_v0_commit(struct ct_outfile *f, char *why, size_t n)
{
	if (ct_outfile_commit(f) < 0) {
		snprintf(why, n, "cannot write %s: %s", f->name, strerror(errno));
		return NULL;
	}
	return f->name;
}

/* Writes text as sf's file: its name, or NULL with why set. */
static const char *ct_snap_write(const char *rundir, const struct ct_snap_file *sf,
				 const char *text, char *why, size_t n)
{
	struct ct_outfile f;

	if (!ct_v0_open(&f, rundir, sf->file, why, n))
		return NULL;
	if (sf->maps_only)
		ct_put_maps(f.out, text);
	else
		fputs(text, f.out);
	return ct_v0_commit(&f, why, n);
}

/* artifacts.<key> = file, else null with why, and the file name left
 * from an earlier merge of the run removed: the directory says what the
 * record says. */
static void ct_v0_set(cJSON *rec, const char *rundir, const char *key, const char *name,
		      const char *file, const char *why)
{
	ct_artifact_set(rec, key, file, why);
	if (!file)
		ct_outfile_remove(rundir, name);
}

/* The snapshot's part sf as its file; why it is null otherwise. */
static void ct_snap_artifact(cJSON *rec, const struct ct_proc *p, const char *snap, size_t len,
			     const struct ct_snap_file *sf, const char *rundir)
{
	char why[600];
	const char *no = ct_no_snap_why(p), *file = NULL;
	char *text = no ? NULL : ct_snap_read(p->snap_prefix, snap, len, sf->section);

	if (text)
		file = ct_snap_write(rundir, sf, text, why, sizeof(why));
	else if (!no && snap)
		snprintf(why, sizeof(why), "the exit snapshot of %s has no %s section (cut short "
			 "or damaged)", p->base, sf->section);
	else if (!no)
		snprintf(why, sizeof(why), "the exit snapshot is missing: %s.ctlog has no SNAP "
			 "records, and neither %s.snap nor %s.%s is in the run directory", p->base,
			 p->base, p->base, sf->section);
	ct_v0_set(rec, rundir, sf->key, sf->file, file, no ? no : why);
	free(text);
}

void ct_v0_artifacts(const struct ct_logset *rl, cJSON *rec)
{
	const struct ct_proc *p = ct_root_end(rl);
	const cJSON *procs = cJSON_GetObjectItemCaseSensitive(rec, "processes");
	char why[600], *snap = NULL;
	const char *file;
	size_t i, len = 0;

	if (p && !ct_no_snap_why(p))
		snap = ct_snap_bytes(p, &len);
	for (i = 0; i < CT_SNAP_FILES; i++)
		ct_snap_artifact(rec, p, snap, len, &ct_snap_files[i], rl->rundir);
	free(snap);
	file = ct_importtime_write(rl->rundir, procs, why, sizeof(why));
	ct_v0_set(rec, rl->rundir, "importtime", CT_V0_IMPORTTIME, file, why);
	file = ct_syscalls_write(rl->rundir, procs, why, sizeof(why));
	ct_v0_set(rec, rl->rundir, "strace_summary", CT_V0_SYSCALLS, file, why);
}
