/*
 * merge.c -- from the event logs of a run directory to the record's
 * processes[], events{}, process{} and cuda{}; `coldtrace merge RUNDIR`.
 *
 * A damaged or truncated log costs its damaged part only: the merge keeps
 * every valid record and says what it skipped in warnings[].  Never: a
 * record without processes[], a crash on a log's contents.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "merge.h"
#include "elf/ct_elf.h"
#include "lib/ctpack_read.h"
#include "elf/symtab.h"
#include "merge_int.h"
#include "merge_logset.h"
#include "lib/msg.h"
#include "record/host.h"
#include "record/record.h"

void ct_merge_warn(cJSON *rec, const char *text)
{
	ct_warn("%s", text);
	ct_record_warn(rec, text);
}

static int ct_proc_init(struct ct_proc *p, const char *rundir, const char *name)
{
	size_t len = strlen(name) - strlen(CT_LOG_SUFFIX);
	char path[4096];

	memset(p, 0, sizeof(*p));
	p->base = strndup(name, len);
	if (!p->base || asprintf(&p->snap_prefix, "%s/%s", rundir, p->base) < 0) {
		p->snap_prefix = NULL;
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s", rundir, name);
	p->log_ok = ct_logfile_open(&p->log, path) == 0;
	return 0;
}

/* The first CT_LOGS_MAPPED logs stay mapped from their scan to their
 * views, read as they were at the scan.  The others are unmapped in
 * between (each log is a mapping: a run of 65,000 processes would
 * otherwise pass vm.max_map_count), keeping only what their header and
 * validation said, and mapped and validated again for their views. */
#define CT_LOGS_MAPPED 256

static void ct_proc_unmap(struct ct_proc *p)
{
	struct ct_log_hdr hdr = p->log.hdr;
	uint64_t nrecords = p->log.nrecords;

	ct_logfile_close(&p->log);
	p->log.hdr = hdr;
	p->log.nrecords = nrecords;
}

/* Maps p's log again for its views; a log that changed since the scan (a
 * process still running) is read as it is now. */
static void ct_proc_remap(struct ct_proc *p)
{
	struct ct_log_hdr hdr = p->log.hdr;
	char path[4200];

	snprintf(path, sizeof(path), "%s.ctlog", p->snap_prefix);
	if (ct_logfile_open(&p->log, path) < 0)
		p->log.hdr = hdr;   /* gone since: the views are empty, the facts stay */
}

static int ct_logset_add(struct ct_logset *rl, const char *rundir, const char *name)
{
	struct ct_proc *p;

	if (CT_GROW(rl->procs, rl->cap, rl->n) < 0)
		return -1;
	p = &rl->procs[rl->n++];
	if (ct_proc_init(p, rundir, name) < 0)
		return -1;
	if (p->log.problem[0] && ct_push(rl->problems, ct_str_json(p->log.problem)) < 0)
		return -1;
	if (p->log_ok)
		ct_proc_scan(p);
	if (p->log_ok && rl->nmapped < CT_LOGS_MAPPED)
		rl->nmapped++;
	else
		ct_proc_unmap(p);
	return 0;
}

/* The run directory's logs (files of their own and the pack's slots), a
 * pack that cannot be read named among the problems. */
static int ct_logset_scan_logs(struct ct_logset *rl, const char *rundir)
{
	char **names, why[320];
	int n = ct_rundir_lognames(rundir, &names, why, sizeof(why)), rc = 0;

	if (n < 0)
		return -1;
	if (why[0] && ct_push(rl->problems, ct_str_json(why)) < 0)
		rc = -1;
	for (int i = 0; rc == 0 && i < n; i++)
		rc = ct_logset_add(rl, rundir, names[i]);
	ct_lognames_free(names, n);
	return rc;
}

/* The run directory read once for its audit logs' names (each image's
 * found in them later, not by a scan of its own), once for its logs. */
static int ct_logset_scan_dir(struct ct_logset *rl, const char *rundir)
{
	struct dirent *de;
	DIR *d = opendir(rundir);

	if (!d) {
		ct_msg("cannot read run directory '%s' (opendir): %s", rundir, strerror(errno));
		return -1;
	}
	while ((de = readdir(d)))
		if (!ct_is_log_name(de->d_name) &&
		    ct_audit_index_add(&rl->audits, de->d_name) < 0) {
			ct_msg("out of memory reading '%s'", rundir);
			closedir(d);
			return -1;
		}
	closedir(d);
	ct_audit_index_sort(&rl->audits);
	if (ct_logset_scan_logs(rl, rundir) < 0) {
		ct_msg("cannot read the logs of '%s': %s", rundir, strerror(errno));
		return -1;
	}
	return 0;
}

static int ct_proc_cmp(const void *a, const void *b)
{
	const struct ct_proc *x = a, *y = b;

	if (x->is_root != y->is_root)
		return y->is_root - x->is_root;
	if (x->start_ns != y->start_ns)
		return x->start_ns < y->start_ns ? -1 : 1;
	return (x->pid > y->pid) - (x->pid < y->pid);   /* crafted pids: no overflow */
}

/* The root: the earliest image of root_pid; with root_pid -1, the earliest
 * image whose parent left no log in the run. */
static struct ct_proc *ct_find_root(struct ct_logset *rl, int root_pid)
{
	struct ct_proc *best = NULL, *p;
	size_t i;

	for (i = 0; i < rl->n; i++) {
		p = &rl->procs[i];
		if (!p->log_ok)
			continue;
		if (root_pid >= 0 ? p->pid != root_pid : p->parent_traced)
			continue;
		if (!best || p->start_ns < best->start_ns)
			best = p;
	}
	return best;
}

/* parent_traced: some readable image has the parent's pid in the parent's
 * pid namespace (a set of the keys, not a search per image: runs hold
 * tens of thousands). */
static int ct_mark_parents(struct ct_logset *rl)
{
	struct ct_map pids = { 0 };
	size_t i;
	int rc = 0;

	for (i = 0; i < rl->n && rc == 0; i++)
		if (rl->procs[i].log_ok)
			rc = ct_map_put(&pids, ct_proc_key(rl->procs[i].pidns, rl->procs[i].pid), rl);
	for (i = 0; i < rl->n && rc == 0; i++)
		rl->procs[i].parent_traced =
			ct_map_get(&pids, ct_proc_key(rl->procs[i].pns, rl->procs[i].ppid)) != NULL;
	ct_map_free(&pids);
	return rc;
}

static int ct_pid_start_cmp(const void *a, const void *b)
{
	const struct ct_proc *x = *(struct ct_proc *const *)a, *y = *(struct ct_proc *const *)b;
	uint64_t kx = ct_proc_key(x->pidns, x->pid), ky = ct_proc_key(y->pidns, y->pid);

	if (kx != ky)
		return kx < ky ? -1 : 1;
	return x->start_ns < y->start_ns ? -1 : x->start_ns > y->start_ns;
}

/* exec_of: the latest readable image with the same pid (in the same pid
 * namespace) that started strictly earlier (and exec_next the other way);
 * images sorted by (namespace, pid, start) make it one pass.  Not when the
 * image was forked (a new process) or the earlier one ended otherwise than
 * by exec: the pid was used again, or the namespace's inode (the kernel
 * reuses the inode of a namespace that is gone). */
static struct ct_proc *ct_exec_source(const struct ct_proc *p, struct ct_proc *before)
{
	if (!before || p->token || (before->has_exit && before->exit_how != CT_EXIT_EXEC))
		return NULL;
	return before;
}

/* An image a namespace's init exec'd keeps that init's parent across the
 * namespace. */
static void ct_exec_inherit(struct ct_proc *p, const struct ct_proc *before)
{
	if (!before || before->pns == before->pidns || p->forked_at || p->ppid != 0)
		return;
	p->ppid = before->ppid;
	p->pns = before->pns;
	p->parent_traced = before->parent_traced;
}

static int ct_link_execs(struct ct_logset *rl)
{
	struct ct_proc **v = malloc((rl->n + 1) * sizeof(*v)), *before = NULL, *run = NULL;

	rl->by_pid = v;
	size_t i;

	if (!v)
		return -1;
	for (i = 0; i < rl->n; i++) {
		v[i] = &rl->procs[i];
		v[i]->exec_next = NULL;
	}
	qsort(v, rl->n, sizeof(*v), ct_pid_start_cmp);
	for (i = 0; i < rl->n; i++) {
		if (!i || v[i]->pid != v[i - 1]->pid || v[i]->pidns != v[i - 1]->pidns) {
			before = run = NULL;
		} else if (v[i]->start_ns != v[i - 1]->start_ns && run) {
			before = run;   /* the best of the previous start time */
			run = NULL;
		}
		v[i]->exec_of = ct_exec_source(v[i], before);
		ct_exec_inherit(v[i], v[i]->exec_of);
		if (v[i]->exec_of)
			v[i]->exec_of->exec_next = v[i];
		if (v[i]->log_ok)
			run = v[i];
	}
	return 0;
}

int ct_logset_traced_after(const struct ct_logset *rl, uint32_t ns, int pid, int ppid,
			uint64_t t_ns)
{
	size_t lo = 0, hi = rl->by_pid ? rl->n : 0;
	uint64_t key = ct_proc_key(ns, pid);

	while (lo < hi) {   /* the first image of pid starting at t_ns or later */
		size_t mid = lo + (hi - lo) / 2;
		const struct ct_proc *p = rl->by_pid[mid];
		uint64_t k = ct_proc_key(p->pidns, p->pid);

		if (k < key || (k == key && p->start_ns < t_ns))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < rl->n && ct_proc_key(rl->by_pid[lo]->pidns, rl->by_pid[lo]->pid) == key; lo++)
		if (rl->by_pid[lo]->log_ok && rl->by_pid[lo]->ppid == ppid)
			return 1;
	return 0;
}

/* Keeps every readable image; images of the root's pid that came after the
 * root are its execs and count as the root's chain. */
static int ct_logset_link(struct ct_logset *rl, int root_pid)
{
	struct ct_proc *root;

	if (ct_mark_parents(rl) < 0)
		return -1;
	root = ct_find_root(rl, root_pid);
	if (root)
		root->is_root = 1;
	if (rl->n)
		qsort(rl->procs, rl->n, sizeof(*rl->procs), ct_proc_cmp);
	if (ct_link_execs(rl) < 0)
		return -1;
	rl->root = rl->n && rl->procs[0].is_root ? &rl->procs[0] : NULL;
	return 0;
}

int ct_logset_load(struct ct_logset *rl, const char *rundir, int root_pid)
{
	memset(rl, 0, sizeof(*rl));
	rl->rundir = rundir;
	rl->problems = cJSON_CreateArray();
	if (!rl->problems) {
		ct_msg("out of memory reading '%s'", rundir);
		return -1;
	}
	if (ct_logset_scan_dir(rl, rundir) < 0)
		return -1;
	if (ct_logset_link(rl, root_pid) < 0) {
		ct_msg("out of memory reading '%s'", rundir);
		return -1;
	}
	return 0;
}

void ct_logset_free(struct ct_logset *rl)
{
	size_t i;

	for (i = 0; i < rl->n; i++) {
		ct_logfile_close(&rl->procs[i].log);
		free(rl->procs[i].exe);
		free(rl->procs[i].argv);
		free(rl->procs[i].base);
		free(rl->procs[i].snap_prefix);
	}
	free(rl->procs);
	free(rl->by_pid);
	ct_audit_index_free(&rl->audits);
	cJSON_Delete(rl->problems);
	memset(rl, 0, sizeof(*rl));
}

/* enum ct_drop: the key in events.dropped_by, and the words of a warning. */
static const char *const ct_drop_keys[CT_DROP_KINDS] = {
	[CT_DROP_FULL] = "log_full", [CT_DROP_NOSPACE] = "no_space",
	[CT_DROP_FSIZE] = "file_size_limit", [CT_DROP_OTHER] = "other",
	[CT_DROP_SEALED] = "seccomp",
	[CT_DROP_SHARED] = "clone_vm_shared" };
static const char *const ct_drop_words[CT_DROP_KINDS] = {
	[CT_DROP_FULL] = "the log was full (1024 chunks)",
	[CT_DROP_NOSPACE] = "no disk space", [CT_DROP_FSIZE] = "the file size limit (RLIMIT_FSIZE)",
	[CT_DROP_OTHER] = "other",
	[CT_DROP_SEALED] = "a seccomp filter (no system call to make room)",
	[CT_DROP_SHARED] = "calls while a clone(CLONE_VM) child shared a thread's state" };

/* The headers' losses by cause, named as events.dropped_by documents them;
 * errno of the latest "other" loss of any log. */
static cJSON *ct_drops_json(const struct ct_logset *rl)
{
	cJSON *o = cJSON_CreateObject();
	int64_t n[CT_DROP_KINDS] = { 0 };
	int err = 0, bad = !o;

	for (size_t i = 0; i < rl->n; i++) {
		const struct ct_log_hdr *h = &rl->procs[i].log.hdr;

		if (!rl->procs[i].log_ok)
			continue;
		for (int k = 0; k < CT_DROP_KINDS; k++)
			n[k] += ct_log_drops_of(h, k);
		err = h->drop_errno ? h->drop_errno : err;
	}
	for (int k = 0; k < CT_DROP_KINDS && !bad; k++)
		bad = ct_add_int(o, ct_drop_keys[k], n[k]) < 0;
	if (!bad)
		bad = ct_add_item(o, "other_error", err ? ct_str_json(strerror(err))
							: cJSON_CreateNull()) < 0;
	if (bad) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

static cJSON *ct_events_json(const struct ct_logset *rl)
{
	cJSON *ev = cJSON_CreateObject(), *files = cJSON_CreateArray();
	int64_t records = 0, dropped = 0, short_snaps = 0, start_only = 0;
	char name[512];
	size_t i;

	snprintf(name, sizeof(name), "ctlog.v%d", CT_LOG_VERSION);
	if (!ev || !files || ct_add_str(ev, "format", name) < 0) {
		cJSON_Delete(ev);
		cJSON_Delete(files);
		return NULL;
	}
	for (i = 0; i < rl->n; i++) {
		if (!rl->procs[i].log_ok)
			continue;   /* unreadable: named in warnings[] instead */
		snprintf(name, sizeof(name), "%s.ctlog", rl->procs[i].base);
		ct_push(files, ct_str_json(name));
		records += (int64_t)rl->procs[i].log.nrecords;
		dropped += rl->procs[i].log.hdr.dropped;
		short_snaps += rl->procs[i].has_exit && rl->procs[i].exit_how != CT_EXIT_EXEC &&
			       rl->procs[i].exit_snap == CT_SNAP_SHORT;
		start_only += rl->procs[i].start_only;
	}
	if (ct_add_item(ev, "files", files) < 0 || ct_add_int(ev, "records", records) < 0 ||
	    ct_add_int(ev, "start_only", start_only) < 0 ||
	    ct_add_int(ev, "dropped", dropped) < 0 ||
	    ct_add_int(ev, "snapshots_short", short_snaps) < 0 ||
	    ct_add_item(ev, "dropped_by", ct_drops_json(rl)) < 0) {
		cJSON_Delete(ev);
		return NULL;
	}
	return ev;
}

static cJSON *ct_process_obj(cJSON *rec)
{
	cJSON *p = ct_jget(rec, "process");

	if (cJSON_IsObject(p))
		return p;
	if (ct_rec_set(rec, "process", cJSON_CreateObject()) < 0)
		return NULL;
	return ct_jget(rec, "process");
}

static int ct_in_root_chain(const struct ct_proc *p)
{
	for (; p; p = p->exec_of)
		if (p->is_root)
			return 1;
	return 0;
}

static cJSON *ct_processes_json(struct ct_logset *rl, cJSON *rec)
{
	cJSON *arr = cJSON_CreateArray(), *pj, *rootp = ct_process_obj(rec);
	size_t i;

	if (!arr)
		return NULL;
	for (i = 0; i < rl->n; i++) {
		if (!rl->procs[i].log_ok)
			continue;
		if (!rl->procs[i].log.map)
			ct_proc_remap(&rl->procs[i]);
		pj = ct_proc_json(&rl->procs[i], rl,
				  ct_in_root_chain(&rl->procs[i]) ? rootp : NULL);
		ct_proc_unmap(&rl->procs[i]);
		if (ct_push(arr, pj) < 0) {
			cJSON_Delete(arr);
			return NULL;
		}
	}
	return arr;
}

/* "<base>.ctlog: 304 records lost: 304 at the file size limit (RLIMIT_FSIZE)". */
static void ct_warn_drops(const struct ct_proc *p, cJSON *rec)
{
	const struct ct_log_hdr *h = &p->log.hdr;
	char text[1024];
	int n = snprintf(text, sizeof(text), "%s.ctlog: %u records lost:", p->base, h->dropped);

	for (int k = 0; k < CT_DROP_KINDS && n > 0 && (size_t)n < sizeof(text); k++)
		if (ct_log_drops_of(h, k))
			n += snprintf(text + n, sizeof(text) - (size_t)n, " %u to %s%s%s",
				      ct_log_drops_of(h, k),
				      ct_drop_words[k], k == CT_DROP_OTHER ? ": " : "",
				      k == CT_DROP_OTHER ? strerror(h->drop_errno) : "");
	ct_merge_warn(rec, text);
}

/* A program that installed a seccomp filter: what coldtrace stopped doing. */
static void ct_warn_seccomp(const struct ct_proc *p, cJSON *rec)
{
	char text[1024];

	snprintf(text, sizeof(text), "%s.ctlog: the program installed a seccomp filter "
		 "(%s) %.1f ms after its start: from then on coldtrace made no system call, "
		 "so %u records that needed new room were dropped, there is no /proc "
		 "snapshot or rusage at its end, and the processes and images it started "
		 "after it are untraced", p->base, p->seccomp_via ? "seccomp(2)" : "prctl",
		 (double)(p->seccomp_ns - p->start_ns) / 1e6,
		 ct_log_drops_of(&p->log.hdr, CT_DROP_SEALED));
	ct_merge_warn(rec, text);
}

/* Images whose glibc has no _dl_find_object (before 2.35): one line for
 * all of them, naming the first one's log. */
static void ct_warn_no_find_object(const struct ct_logset *rl, cJSON *rec)
{
	const struct ct_proc *first = NULL;
	size_t n = 0;
	char text[512];

	for (size_t i = 0; i < rl->n; i++)
		if (rl->procs[i].log_ok && rl->procs[i].no_find_object && !n++)
			first = &rl->procs[i];
	if (!first)
		return;
	snprintf(text, sizeof(text), "%zu image%s (the first %s.ctlog) ran on a glibc before "
		 "2.35, without _dl_find_object: no call stacks, thread start routines \"?\" "
		 "(docs/shim.md)", n, n > 1 ? "s" : "", first->base);
	ct_merge_warn(rec, text);
}

/* The root's last image left no EXIT record although the launcher reaped
 * the command: it ended where no hook of the shim's runs (a raw exit_group
 * system call, as Go programs end; SIGKILL), and its end is the launcher's
 * exit{}. */
static void ct_mark_reaped(struct ct_logset *rl, const cJSON *rec)
{
	const cJSON *ex = ct_jget(rec, "exit");
	const cJSON *code = ct_jget(ex, "code");
	const cJSON *sig = ct_jget(ex, "signal");
	struct ct_proc *p = rl->root;

	if (!p || (!cJSON_IsNumber(code) && !cJSON_IsNumber(sig)))
		return;
	while (p->exec_next)
		p = p->exec_next;
	if (!p->log_ok || p->log.hdr.finished || p->has_exit)
		return;
	p->reaped = 1;
	p->exit_status = cJSON_IsNumber(code) ? code->valueint : -1;
	p->exit_signal = cJSON_IsNumber(sig) ? sig->valueint : -1;
}

/* "pid 12 (prog) ended without passing through libc's exit ...". */
static void ct_warn_reaped(const struct ct_proc *p, cJSON *rec)
{
	char text[1024], how[160];

	if (p->exit_signal >= 0)
		snprintf(how, sizeof(how), "was killed by signal %d, which no hook of the "
			 "shim's sees (SIGKILL)", p->exit_signal);
	else
		snprintf(how, sizeof(how), "ended with status %d without passing through "
			 "libc's exit (a raw exit_group system call, as Go programs end)",
			 p->exit_status);
	snprintf(text, sizeof(text), "pid %d (%s) %s: its exit{} is the launcher's wait "
		 "status, its views stop at its last record", p->pid,
		 p->exe && strrchr(p->exe, '/') ? strrchr(p->exe, '/') + 1 : p->exe ? p->exe : "?",
		 how);
	ct_merge_warn(rec, text);
}

/* "pid N (exe)" of the first few images of one kind, then "and N more". */
struct ct_pidlist {
	char text[1024];
	size_t at, n;
};

static void ct_pidlist_add(struct ct_pidlist *l, const struct ct_proc *p)
{
	const char *exe = p->exe && strrchr(p->exe, '/') ? strrchr(p->exe, '/') + 1 : p->exe;

	if (l->n++ < 5 && l->at < sizeof(l->text))
		l->at += (size_t)snprintf(l->text + l->at, sizeof(l->text) - l->at, " pid %d (%s)",
					  p->pid, exe ? exe : "?");
}

static void ct_pidlist_warn(struct ct_pidlist *l, cJSON *rec)
{
	if (l->n > 5 && l->at < sizeof(l->text))
		snprintf(l->text + l->at, sizeof(l->text) - l->at, " and %zu more", l->n - 5);
	if (l->n)
		ct_merge_warn(rec, l->text);
}

/* The image's process is gone (no such pid in the merge's own pid
 * namespace): it ended without an EXIT record.  A pid taken again since
 * reads as still running: said as before, never the other way. */
static int ct_proc_gone(const struct ct_proc *p, uint32_t ns)
{
	return ns && p->pidns == ns && kill(p->pid, 0) < 0 && errno == ESRCH;
}

/* Images whose log was never finished (complete: false): still running
 * (a daemon that outlived the command) or killed by SIGKILL; ended
 * without exit/_exit when their process is gone.  One warning each names
 * the first few.  An image whose log holds only its start records made no
 * traced call (strace's probe children): counted (events.start_only),
 * not warned about. */
static void ct_warn_unfinished(const struct ct_logset *rl, cJSON *rec)
{
	struct ct_pidlist run = { .n = 0 }, gone = { .n = 0 };
	struct stat st;
	uint32_t ns = stat("/proc/self/ns/pid", &st) == 0 ? (uint32_t)st.st_ino : 0;

	run.at = (size_t)snprintf(run.text, sizeof(run.text), "process images whose event log was "
				  "not finished when this record was built (still running, e.g. a "
				  "daemon, or killed by SIGKILL); their views stop at their last "
				  "record, and `coldtrace merge %s` once they have ended completes "
				  "them:", rl->rundir);
	gone.at = (size_t)snprintf(gone.text, sizeof(gone.text), "process images that ended "
				   "without exit/_exit (no exit record, and their process is gone: a "
				   "raw exit_group system call, or SIGKILL); their views stop at their "
				   "last record:");
	for (size_t i = 0; i < rl->n; i++) {
		const struct ct_proc *p = &rl->procs[i];

		if (!p->log_ok || p->log.hdr.finished || p->start_only)
			continue;
		if (p->reaped)
			ct_warn_reaped(p, rec);
		else
			ct_pidlist_add(ct_proc_gone(p, ns) ? &gone : &run, p);
	}
	ct_pidlist_warn(&gone, rec);
	ct_pidlist_warn(&run, rec);
}

static void ct_merge_problems(const struct ct_logset *rl, cJSON *rec)
{
	const cJSON *it;

	cJSON_ArrayForEach(it, rl->problems)
		ct_merge_warn(rec, it->valuestring);
	for (size_t i = 0; i < rl->n; i++)
		if (rl->procs[i].log_ok && rl->procs[i].log.hdr.dropped)
			ct_warn_drops(&rl->procs[i], rec);
	for (size_t i = 0; i < rl->n; i++)
		if (rl->procs[i].log_ok && rl->procs[i].has_seccomp)
			ct_warn_seccomp(&rl->procs[i], rec);
	ct_warn_no_find_object(rl, rec);
	ct_warn_unfinished(rl, rec);
	if (!rl->n && !cJSON_IsObject(ct_jget(rec, "startup_failure"))) {
		char text[4200];

		snprintf(text, sizeof(text), "no event logs in '%s': nothing was traced "
			 "(a static, 32-bit, set-id or setcap program, or LD_PRELOAD removed by the "
			 "program?)", rl->rundir);
		ct_merge_warn(rec, text);
	}
}

typedef void ct_untraced_fn(const cJSON *pid, const cJSON *e, void *arg);

static void ct_each_untraced_of(const cJSON *owner, ct_untraced_fn *f, void *arg)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, ct_jget(owner, "execs"))
		if (cJSON_IsFalse(ct_jget(e, "traced")))
			f(ct_jget(owner, "pid"), e, arg);
}

/* Calls f for each exec whose new image left no log, with the pid that
 * exec'd: an image's, or a vfork child's (in its parent's children[]). */
static void ct_each_untraced(const cJSON *procs, ct_untraced_fn *f, void *arg)
{
	const cJSON *p, *c;

	cJSON_ArrayForEach(p, procs) {
		ct_each_untraced_of(p, f, arg);
		cJSON_ArrayForEach(c, ct_jget(p, "children"))
			ct_each_untraced_of(c, f, arg);
	}
}

static const char *ct_exec_path(const cJSON *e)
{
	const char *path = cJSON_GetStringValue(ct_jget(e, "path"));

	return path ? path : "";
}

/* The map holds 1 + how many times each program ran untraced. */
static void ct_count_untraced(const cJSON *pid, const cJSON *e, void *arg)
{
	struct ct_map *m = arg;
	uintptr_t n = (uintptr_t)ct_map_sget(m, ct_exec_path(e));

	(void)pid;
	ct_map_sput(m, ct_exec_path(e), (void *)(n ? n + 1 : 2));
}

struct ct_untraced_ctx {
	struct ct_map counts;
	cJSON *rec;
};

/* One warning per program: its first run, argv, why, and how often. */
static void ct_warn_untraced(const cJSON *pid, const cJSON *e, void *arg)
{
	struct ct_untraced_ctx *u = arg;
	uintptr_t n = (uintptr_t)ct_map_sget(&u->counts, ct_exec_path(e));
	char text[4200], argv[2048], times[48];
	size_t used = 0;
	const cJSON *a;

	if (n < 2)
		return;   /* said already */
	argv[0] = '\0';
	cJSON_ArrayForEach(a, ct_jget(e, "argv"))
		if (cJSON_IsString(a) && used + 2 < sizeof(argv))
			used += (size_t)snprintf(argv + used, sizeof(argv) - used, "%s%s",
						 used ? " " : "", a->valuestring);
	times[0] = '\0';
	if (n > 2)
		snprintf(times, sizeof(times), "; %lu untraced runs of it", (unsigned long)(n - 1));
	/* pid: raw text (ct_int_json) */
	snprintf(text, sizeof(text), "pid %s ran '%s' untraced (%s)%s",
		 cJSON_IsRaw(pid) ? pid->valuestring : "?", argv,
		 cJSON_GetStringValue(ct_jget(e, "untraced")), times);
	ct_merge_warn(u->rec, text);
	ct_map_sput(&u->counts, ct_exec_path(e), (void *)1);
}

static void ct_untraced_warnings(cJSON *rec, const cJSON *procs)
{
	struct ct_untraced_ctx u = { { 0 }, rec };

	ct_each_untraced(procs, ct_count_untraced, &u.counts);
	ct_each_untraced(procs, ct_warn_untraced, &u);
	ct_map_free(&u.counts);
}

/* Objects whose files changed while the merge named their frames. */
static void ct_symtab_warnings(cJSON *rec)
{
	char text[4300];
	const char *path;
	int i = 0;

	while ((path = ct_symtab_faulted(&i))) {
		snprintf(text, sizeof(text), "'%s' was cut short while its symbols were read "
			 "(rewritten during the merge?): its frames from then on are unnamed", path);
		ct_merge_warn(rec, text);
	}
}

/* What LD_PRELOAD cannot see, the same for every process: said once. */
#define CT_NOT_SEEN "opens, stats and mmaps done by the dynamic loader (ld.so) " \
	"and by libc internally (execvp's path search, iconv, locale files) do not " \
	"pass through LD_PRELOAD wrappers and are not counted in calls{} or mmap{}; " \
	"libraries[] still lists every object the loader mapped (link-map diff); " \
	"system calls made directly (the syscall instruction: Go's runtime, a raw " \
	"clone or exit_group) bypass libc and are not seen either"

int ct_logset_into(struct ct_logset *rl, cJSON *rec)
{
	cJSON *procs;

	ct_mark_reaped(rl, rec);
	ct_merge_problems(rl, rec);
	procs = ct_processes_json(rl, rec);
	if (!procs || ct_rec_set(rec, "processes", procs) < 0 ||
	    ct_rec_set(rec, "events", ct_events_json(rl)) < 0 ||
	    ct_rec_set(rec, "not_seen", cJSON_CreateString(CT_NOT_SEEN)) < 0) {
		ct_msg("out of memory merging '%s'", rl->rundir);
		return -1;
	}
	procs = ct_jget(rec, "processes");
	ct_host_python_seen(rec);
	ct_merge_ready_marks(rec, procs);
	ct_untraced_warnings(rec, procs);
	ct_symtab_warnings(rec);
	if (ct_rec_set(rec, "cuda", ct_cuda_verdict(procs, ct_jget(rec, "startup_failure"))) < 0) {
		ct_msg("out of memory merging '%s'", rl->rundir);
		return -1;
	}
	ct_v0_artifacts(rl, rec);
	return 0;
}

int ct_merge_run(const char *rundir, cJSON *rec, int root_pid)
{
	struct ct_logset rl;
	int rc = -1;

	ct_elf_memo_pass();   /* the run may have rebuilt what it ran */
	if (ct_logset_load(&rl, rundir, root_pid) == 0)
		rc = ct_logset_into(&rl, rec);
	ct_logset_free(&rl);
	ct_symtab_reset();
	return rc;
}
