/*
 * merge_proc.c -- one process image: its header facts, then every view of
 * processes[] built from its log in two passes (imports, then the rest).
 *
 * Never: a view that depends on records of other threads arriving first
 * (records come thread by thread; only merge_libs.c needs time order and
 * sorts what it keeps).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge_int.h"
#include "merge_logset.h"
#include "elf/symtab.h"

static void ct_scan_start(struct ct_proc *p, const struct ct_logrec *ev)
{
	p->ppid = (int)ev->rec->a0;
	if (ev->rec->a1 > 0)
		p->start_unix_ns = (uint64_t)ev->rec->a1;
	free(p->exe);
	free(p->argv);
	p->exe = strdup(ct_logrec_str(ev, 0));
	p->argv = strdup(ct_logrec_str(ev, 1));
}

/* PROC_ID: a namespace's init (its parent in another pid namespace, so
 * getppid() 0) takes its parent from the fork token. */
static void ct_scan_id(struct ct_proc *p, const struct ct_logrec *ev)
{
	uint32_t pns = (uint32_t)((uint64_t)ev->rec->a2 >> 32);

	p->pidns = p->pns = (uint32_t)ev->rec->a0;
	p->token = ev->rec->a1 > 0 ? (uint64_t)ev->rec->a1 : 0;
	if (ev->rec->a1 > 0 && pns && p->pidns && pns != p->pidns) {
		p->forked_at = (uint64_t)ev->rec->a1;
		p->pns = pns;
		p->ppid = (int)(uint32_t)ev->rec->a2;
	}
}

static void ct_scan_rusage(struct ct_proc *p, const struct ct_logrec *ev)
{
	long long v[4] = { -1, -1, -1, -1 };

	p->has_rusage = 1;
	p->ru_utime_us = ev->rec->a0;
	p->ru_stime_us = ev->rec->a1;
	p->ru_maxrss_kb = ev->rec->a2;
	sscanf(ct_logrec_str(ev, 0), "%lld %lld %lld %lld", &v[0], &v[1], &v[2], &v[3]);
	p->ru_minflt = v[0];
	p->ru_majflt = v[1];
	p->ru_nvcsw = v[2];
	p->ru_nivcsw = v[3];
}

static void ct_scan_exit(struct ct_proc *p, const struct ct_logrec *ev)
{
	p->has_exit = 1;
	p->exit_status = (int)ev->rec->a0;
	p->exit_how = (int)ev->rec->a1;
	p->exit_signal = (int)ev->rec->a2;
	p->exit_snap = (int)ev->rec->result;
	p->exit_ns = ev->rec->t_ns;
}

static void ct_scan_no_find(struct ct_proc *p, const struct ct_logrec *ev)
{
	(void)ev;
	p->no_find_object = 1;
}

/* The first filter's; has_seccomp counts them all. */
static void ct_scan_seccomp(struct ct_proc *p, const struct ct_logrec *ev)
{
	if (p->has_seccomp++)
		return;
	p->seccomp_mode = (int)ev->rec->a0;
	p->seccomp_flags = ev->rec->a1;
	p->seccomp_via = (int)ev->rec->a2;
	p->seccomp_ns = ev->rec->t_ns;
}

typedef void ct_scan_fn(struct ct_proc *p, const struct ct_logrec *ev);

/* The image's own records: its header facts. */
static ct_scan_fn *const ct_scan_on[CT_EV_KIND_MAX] = {
	[CT_EV_PROC_START] = ct_scan_start, [CT_EV_PROC_ID] = ct_scan_id,
	[CT_EV_EXIT] = ct_scan_exit, [CT_EV_RUSAGE] = ct_scan_rusage,
	[CT_EV_NO_FIND_OBJECT] = ct_scan_no_find, [CT_EV_SECCOMP] = ct_scan_seccomp,
};

static void ct_scan_one(struct ct_proc *p, const struct ct_logrec *ev)
{
	CT_KIND_CALL(ct_scan_on, p, ev);
}

void ct_proc_scan(struct ct_proc *p)
{
	struct ct_logfile_iter it;
	struct ct_logrec ev;
	uint64_t starts = 0;

	p->pid = (int)p->log.hdr.pid;
	p->ppid = (int)p->log.hdr.ppid;
	p->start_ns = p->log.hdr.start_mono_ns;
	p->start_unix_ns = p->log.hdr.start_unix_ns;
	p->end_ns = p->log.end_ns > p->start_ns ? p->log.end_ns : p->start_ns;
	ct_logfile_iter_init(&it, &p->log);
	it.family = CT_FAM_IMAGE;   /* the others skipped by their size alone */
	while (ct_logfile_next(&it, &ev)) {
		ct_scan_one(p, &ev);
		starts += ev.rec->kind == CT_EV_PROC_START || ev.rec->kind == CT_EV_PROC_ID ||
			  ev.rec->kind == CT_EV_NO_FIND_OBJECT;
	}
	if (p->has_exit)
		p->end_ns = p->exit_ns;
	p->start_only = !p->has_exit && !p->log.hdr.finished && p->log.nrecords == starts;
}

/* Frames: every string of the record, split at newlines, each given the
 * name of the function it lies in. */
static cJSON *ct_frames_json(const struct ct_logrec *ev)
{
	cJSON *arr = cJSON_CreateArray(), *all;
	const cJSON *it;
	char named[4600];
	int i;

	for (i = 0; arr && i < ev->nstr; i++) {
		all = ct_split_json(ev->s[i], '\n');
		cJSON_ArrayForEach(it, all) {
			if (!it->valuestring[0])
				continue;
			ct_symtab_frame(it->valuestring, named, sizeof(named));
			ct_push(arr, cJSON_CreateString(named));
		}
		cJSON_Delete(all);
	}
	return arr;
}

/* A STACK record belongs to this thread's latest record of kind a1. */
static void ct_build_stack(struct ct_build *b, const struct ct_logrec *ev)
{
	int kind = (int)ev->rec->a1;
	cJSON *obj, *frames;

	if (!ct_kind(kind)->name)
		return;
	frames = ct_frames_json(ev);
	if (kind == CT_EV_THREAD_CREATE) {
		ct_threads_stack(b, frames);
		return;
	}
	obj = b->last_obj[kind];
	b->last_obj[kind] = NULL;
	if (!obj || !frames || !cJSON_ReplaceItemInObjectCaseSensitive(obj, "stack", frames))
		cJSON_Delete(frames);
}

static void ct_build_thread_switch(struct ct_build *b, uint32_t tid)
{
	memset(b->last_obj, 0, sizeof(b->last_obj));
	b->last_thr = 0;
	b->dl_cur = -1;
	b->cur_tid = tid;
}

static void ct_build_feed(struct ct_build *b, const struct ct_logrec *ev)
{
	int kind = ev->rec->kind;
	struct ct_lib_ev *le;

	if (ev->tid != b->cur_tid)
		ct_build_thread_switch(b, ev->tid);
	if (kind == CT_EV_STACK) {
		ct_build_stack(b, ev);
		return;
	}
	if (kind == CT_EV_DL_IO) {
		ct_dl_io(b, ev);
		return;
	}
	if (kind != CT_EV_LIB && kind != CT_EV_LIB_GONE)
		b->dl_cur = -1;
	ct_calls_feed(b, ev);
	ct_fs_feed(b, ev);
	if (ev->rec->import_id)
		ct_py_native(&b->py, ev);
	if (kind == CT_EV_LIB || kind == CT_EV_LIB_GONE) {
		le = ct_libs_feed(&b->libs, ev);
		if (le && kind == CT_EV_LIB)
			ct_dl_lib(b, le);
	} else if (kind == CT_EV_DLOPEN) {
		ct_dl_feed(b, ev);
	} else if (kind == CT_EV_EXIT_MARK) {
		ct_exit_mark_feed(b, ev);
	} else if (ct_kind(kind)->family == CT_FAM_THREAD || kind == CT_EV_PY_AUDIT) {
		ct_threads_feed(b, ev);
	} else if (ct_kind(kind)->family == CT_FAM_PROCESS) {
		ct_children_feed(b, ev);
	}
}

static void ct_build_passes(struct ct_build *b)
{
	struct ct_logfile_iter it;
	struct ct_logrec ev;

	ct_logfile_iter_init(&it, &b->p->log);
	it.family = CT_FAM_PYTHON;   /* the others skipped by their size alone */
	while (ct_logfile_next(&it, &ev))
		ct_py_feed(&b->py, &ev);
	ct_logfile_iter_init(&it, &b->p->log);
	while (ct_logfile_next(&it, &ev))
		ct_build_feed(b, &ev);
	ct_dl_attribute(b);
	ct_libs_resolve(b);
	ct_py_self(&b->py);
	ct_time_split(b);
	ct_children_finish(b);
}

static int ct_build_init(struct ct_build *b, struct ct_proc *p, const struct ct_logset *rl)
{
	memset(b, 0, sizeof(*b));
	b->p = p;
	b->rl = rl;
	b->rundir = rl->rundir;
	b->dlopens = cJSON_CreateArray();
	b->failures = cJSON_CreateArray();
	b->children = cJSON_CreateArray();
	b->execs = cJSON_CreateArray();
	b->cur_tid = UINT32_MAX;
	b->dl_cur = -1;
	ct_snap_load(&b->snap, p);
	p->snap_lost = p->has_exit && p->exit_how != CT_EXIT_EXEC &&
		       p->exit_snap == CT_SNAP_TAKEN && !b->snap.present;
	return b->dlopens && b->failures && b->children && b->execs ? 0 : -1;
}

static void ct_build_free(struct ct_build *b)
{
	cJSON_Delete(b->dlopens);
	cJSON_Delete(b->failures);
	cJSON_Delete(b->children);
	cJSON_Delete(b->execs);
	ct_threads_free(b);
	free(b->dls);
	ct_py_free(&b->py);
	ct_libs_free(&b->libs);
	ct_snap_free(&b->snap);
	ct_fs_free(b);
}

static const char *ct_exit_how_name(int how)
{
	static const char *const names[] = { "exit", "_exit", "signal", "exec" };

	return how >= 0 && how < 4 ? names[how] : NULL;
}

/* From the image's EXIT record, or for a reaped root (merge.c) from the
 * launcher's wait status: "raw_exit" (ended without libc's exit) or
 * "signal". */
/* exit.snapshot: what the image's end copied from /proc/self ("lost":
 * taken, but not found); NULL (null) without an end of its own, or at an
 * exec (none taken). */
static const char *ct_snap_form_name(const struct ct_proc *p)
{
	static const char *const names[] = { [CT_SNAP_TAKEN] = "taken",
		[CT_SNAP_SHORT] = "short", [CT_SNAP_SEALED] = "sealed" };

	if (!p->has_exit || p->exit_how == CT_EXIT_EXEC || p->exit_snap < 0 ||
	    (size_t)p->exit_snap >= sizeof(names) / sizeof(names[0]))
		return NULL;
	return p->snap_lost ? "lost" : names[p->exit_snap];
}

static cJSON *ct_exit_json(const struct ct_proc *p)
{
	cJSON *o = cJSON_CreateObject();
	int reaped_sig = p->reaped && p->exit_signal >= 0;
	int sig = (p->has_exit && p->exit_how == CT_EXIT_SIGNAL) || reaped_sig;
	int status = (p->has_exit && (p->exit_how == CT_EXIT_RETURN ||
				      p->exit_how == CT_EXIT_UNDERSCORE)) ||
		     (p->reaped && !reaped_sig);
	const char *how = p->has_exit ? ct_exit_how_name(p->exit_how) : NULL;

	if (p->reaped)
		how = reaped_sig ? "signal" : "raw_exit";
	if (ct_add_str(o, "how", how) < 0 ||
	    ct_add_int_or_null(o, "status", p->exit_status, status) < 0 ||
	    ct_add_int_or_null(o, "signal", p->exit_signal, sig) < 0 ||
	    ct_add_str(o, "snapshot", ct_snap_form_name(p)) < 0) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* o when every field went in (bad 0), else NULL with o deleted. */
static cJSON *ct_built(cJSON *o, int bad)
{
	if (!o || bad) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* processes[].rusage: the image's own RUSAGE record at its end (every
 * image's, a short one's too), null without one. */
static cJSON *ct_rusage_json(const struct ct_proc *p)
{
	cJSON *o;

	if (!p->has_rusage)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	return ct_built(o, ct_add_int(o, "user_us", p->ru_utime_us) ||
			   ct_add_int(o, "system_us", p->ru_stime_us) ||
			   ct_add_int(o, "maxrss_kb", p->ru_maxrss_kb) ||
			   ct_add_int(o, "minflt", p->ru_minflt) || ct_add_int(o, "majflt", p->ru_majflt) ||
			   ct_add_int(o, "nvcsw", p->ru_nvcsw) || ct_add_int(o, "nivcsw", p->ru_nivcsw));
}

/* processes[].seccomp: the filter the program installed, from which on
 * coldtrace made no system call; null when none. */
static cJSON *ct_seccomp_json(const struct ct_proc *p)
{
	cJSON *o;

	if (!p->has_seccomp)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	return ct_built(o, ct_add_str(o, "mode", p->seccomp_mode == 1 ? "strict" : "filter") ||
			   ct_add_int(o, "flags", p->seccomp_flags) ||
			   ct_add_str(o, "via", p->seccomp_via ? "seccomp" : "prctl") ||
			   ct_add_int(o, "at_ns", (int64_t)p->seccomp_ns) ||
			   ct_add_int(o, "dropped", ct_log_drops_of(&p->log.hdr, CT_DROP_SEALED)));
}

/* The image's own fields; nonzero when one did not go in. */
static int ct_proc_head(cJSON *o, const struct ct_proc *p)
{
	char log[512];

	snprintf(log, sizeof(log), "%s.ctlog", p->base);
	return ct_add_int(o, "pid", p->pid) || ct_add_int(o, "ppid", p->ppid) ||
	       ct_add_int_or_null(o, "parent", p->ppid, p->parent_traced) ||
	       ct_add_int_or_null(o, "pidns", p->pidns, p->pidns != 0) ||
	       ct_add_int_or_null(o, "parent_pidns", p->pns, p->pns != 0) ||
	       ct_add_int_or_null(o, "forked_at_ns", (int64_t)p->forked_at, p->forked_at != 0) ||
	       ct_add_str(o, "exec_of", p->exec_of ? p->exec_of->base : NULL) ||
	       ct_add_split(o, "argv", p->argv, '\x1f') ||
	       ct_add_bytes(o, "exe", p->exe && *p->exe ? p->exe : NULL) || ct_add_str(o, "log", log) ||
	       ct_add_int(o, "start_ns", (int64_t)p->start_ns) ||
	       ct_add_int(o, "start_unix_ms", (int64_t)(p->start_unix_ns / 1000000)) ||
	       ct_add_int(o, "end_ns", (int64_t)p->end_ns) ||
	       ct_add_bool(o, "complete", p->log.hdr.finished != 0) ||
	       ct_add_item(o, "exit", ct_exit_json(p)) ||
	       ct_add_item(o, "rusage", ct_rusage_json(p)) ||
	       ct_add_item(o, "seccomp", ct_seccomp_json(p)) ||
	       ct_add_bool(o, "find_object", !p->no_find_object);
}

/* The views the passes built, moved out of b; nonzero when one did not go in. */
static int ct_proc_views(cJSON *o, struct ct_build *b)
{
	cJSON *threads = ct_threads_json(b);   /* first: it makes b->waiting */
	int bad = ct_add_item(o, "libraries", ct_libs_json(b)) ||
		  ct_take(o, "dlopens", &b->dlopens) ||
		  ct_take(o, "dlopen_failures", &b->failures);

	return ct_add_or_drop(o, "threads", threads, bad) ||
	       ct_take(o, "waiting", &b->waiting) ||
	       ct_take(o, "children", &b->children) ||
	       ct_take(o, "execs", &b->execs) ||
	       ct_add_item(o, "calls", ct_calls_json(b)) ||
	       ct_add_item(o, "mmap", ct_mmap_json(b)) ||
	       ct_take(o, "time", &b->time) ||
	       ct_add_item(o, "fs_runs", ct_fs_runs_json(b)) ||
	       ct_add_item(o, "paths", ct_paths_json(b)) ||
	       ct_add_item(o, "proc", ct_snap_json(&b->snap)) ||
	       ct_add_item(o, "python", ct_py_json(&b->py)) ||
	       ct_add_item(o, "imports", ct_imports_json(&b->py));
}

/* The record's top-level process{} comes from the root's last image that
 * left a snapshot (VmHWM restarts at every exec). */
static void ct_fill_root(cJSON *rootp, const struct ct_snap *s)
{
	int64_t hwm = ct_snap_status_kb(s, "VmHWM");

	if (!rootp || !s->present)
		return;
	ct_rec_set(rootp, "peak_rss_kb", hwm >= 0 ? cJSON_CreateNumber((double)hwm)
						   : cJSON_CreateNull());
	ct_rec_set(rootp, "cgroup", s->cgroup ? ct_str_json(s->cgroup)
					      : cJSON_CreateNull());
	ct_rec_set(rootp, "mapped_files_count", cJSON_CreateNumber((double)s->nmaps));
}

cJSON *ct_proc_json(struct ct_proc *p, const struct ct_logset *rl, cJSON *rootp)
{
	struct ct_build b;
	cJSON *o = NULL;

	if (ct_build_init(&b, p, rl) < 0 || !(o = cJSON_CreateObject())) {
		cJSON_Delete(o);
		ct_build_free(&b);
		return NULL;
	}
	ct_build_passes(&b);
	if (ct_proc_head(o, p) || ct_proc_views(o, &b) ||
	    ct_add_item(o, "loader", ct_audit_json(&b, o)) < 0) {
		cJSON_Delete(o);
		o = NULL;
	}
	if (o)
		ct_fill_root(rootp, &b.snap);
	ct_build_free(&b);
	return o;
}
