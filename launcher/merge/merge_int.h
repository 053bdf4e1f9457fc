/*
 * merge_int.h -- what the merger's files (merge_*.c) share.
 *
 * One struct ct_proc per process image (per .ctlog).  Views are built from
 * the records in two passes per image: the imports first, so that the
 * second, every other view, can name the import in progress.  JSON strings are copied by cJSON;
 * pointers into a log's mapping (ev->s[i]) never outlive ct_logfile_close().
 */
#ifndef CT_MERGE_INT_H
#define CT_MERGE_INT_H

#include <stdint.h>
#include <cjson/cJSON.h>

#include "elf/elfkind.h"
#include "lib/ctlog_read.h"
#include "lib/json.h"
#include "lib/map.h"
#include "lib/readfile.h"
#include "lib/vec.h"

/* ev given to the handler a dispatch table holds for its kind, with st,
 * when it holds one.  The table is indexed by enum ct_kind, CT_EV_KIND_MAX
 * long, with a row for each kind its file takes (merge_proc.c,
 * merge_py.c, merge_threads.c); ctlog_read.c passes any kind byte, and a
 * damaged log's may lie past the table. */
#define CT_KIND_CALL(table, st, ev)                                              \
	do {                                                                     \
		__typeof__((table)[0]) ct_on_ = (ev)->rec->kind < CT_EV_KIND_MAX \
						? (table)[(ev)->rec->kind] : NULL; \
		if (ct_on_)                                                      \
			ct_on_(st, ev);                                          \
	} while (0)

/* The /proc snapshot a process left at its exit (merge_snap.c). */
struct ct_snap_map {
	char *path;
	int64_t size_kb, rss_kb;
};

struct ct_snap {
	int present;            /* <base>.status existed */
	char *status;           /* raw file contents, NULL when absent */
	char *cgroup;           /* unified-hierarchy path (or first line) */
	char *fds;
	struct ct_snap_map *maps;  /* file-backed mappings grouped per path */
	size_t nmaps, cap;
	struct ct_map by_path;  /* path -> index + 1 into maps */
};

/* One Python import (merge_py.c). */
struct ct_import {
	uint64_t id, parent;
	const char *module;     /* points into the log */
	const char *file, *error;
	uint64_t start_ns, end_ns;  /* end_ns 0: never ended */
	uint32_t tid;           /* the thread that ran it (IMPORT_BEGIN's) */
	uint64_t child_ns;      /* sum of direct children's cumulative */
	int ok, kind, ended;
	int via_importlib;      /* importlib's own code made the call (IMPORT_BEGIN's a2) */
	int64_t majflt;         /* major faults of its thread during it, -1 unknown */
	/* native cost: records whose innermost import is this one; dlopen_ns
	 * and fs_ns by the time split's method (merge_time.c) */
	int64_t libraries, dlopen_ns, fs_ns, opens, open_errors, stats, stat_errors;
	int64_t accesses, access_errors, mapped_bytes, threads;
	int64_t objects_mapped_bytes;   /* what its objects span in memory (merge_libs.c) */
	cJSON *cuda;            /* array of class names, owned */
};

struct ct_py {
	int seen;               /* a PY_INFO record exists */
	const char *version, *executable, *implementation, *status;
	const char *before_hook;
	struct ct_import *imps;
	size_t nimps, cap;
	struct ct_map by_id;    /* id -> index + 1 into imps (as a pointer value) */
	struct ct_import *last; /* cache for the most recent lookup */
};

/* Libraries (merge_libs.c). */
struct ct_lib_ev {
	uint64_t t_ns;
	int gone, how;
	int64_t seq, base;
	uint32_t import_id;
	size_t order;           /* position in the log, breaks time ties */
	long dl;                /* index in ct_build.dls of its dlopen call, -1 none */
	const char *path, *request, *caller;
};

struct ct_lib {
	struct ct_lib_ev ev;
	uint64_t unloaded_ns;   /* 0: still loaded at the end */
	char *realpath, *soname, *build_id;
	int64_t size, rss_kb;   /* -1 unknown */
	int64_t map_kb;         /* its mappings' size at exit (smaps), -1 unknown */
	const char *cuda;
	int mapped_only;
	int unreturned;          /* mapped by a dlopen that did not return (merge_libs.c) */
	char *needed;           /* its DT_NEEDED names (ct_elf_info.needed) */
	const char *own_dep_of; /* an own object that alone needs it: its own too */
	const char *needed_by;  /* own object: a workload object that needs it */
	const struct ct_dl_rec *asked_by; /* own object: a workload dlopen that named it */
};

struct ct_libs {
	struct ct_lib_ev *evs;
	size_t nevs, cap;
	struct ct_lib *libs;
	size_t nlibs;
};

/* A timed call (merge_fs.c), for the time split (merge_time.c). */
struct ct_span {
	uint64_t t_ns, dur_ns;
	uint32_t import_id;     /* innermost Python import in progress, 0 none */
	uint32_t tid;
	int failed;
};

struct ct_spans {
	struct ct_span *v;
	size_t n, cap;
};

struct ct_call_stat {
	int64_t count, errors, time_ns;
};

struct ct_proc {
	char *base;             /* "<pid>.<start_mono_ns>" */
	char *snap_prefix;      /* "<rundir>/<base>" */
	struct ct_logfile log;
	int log_ok;
	int pid, ppid;
	uint32_t pidns;         /* its pid namespace (PROC_ID), 0: unknown */
	uint32_t pns;           /* its parent's: pidns, except for a namespace's init */
	uint64_t token;         /* t_ns of the parent's FORK record (PROC_ID), 0: not made
	                           by a traced fork */
	uint64_t forked_at;     /* a namespace's init: token (ppid is then the parent's
	                           own pid); else 0 */
	uint64_t start_ns, end_ns, start_unix_ns;
	int has_exit, exit_how, exit_status, exit_signal;
	int exit_snap;          /* the EXIT record's enum ct_snap_form */
	int snap_lost;          /* taken, but not in the log: cut short, or its records dropped */
	int reaped;             /* no EXIT record, but the launcher reaped it (the root's
	                           last image): exit_status/exit_signal are its (-1: none) */
	int start_only;         /* unfinished, and its log holds nothing but its start
	                           records (PROC_START, PROC_ID, NO_FIND_OBJECT): it never made a traced
	                           call (a probe child that was killed or left at once) */
	uint64_t exit_ns;
	int has_seccomp, seccomp_mode, seccomp_via;   /* the first SECCOMP record */
	int no_find_object;     /* a NO_FIND_OBJECT record: glibc before 2.35 */
	int64_t seccomp_flags;
	uint64_t seccomp_ns;
	int has_rusage;
	int64_t ru_utime_us, ru_stime_us, ru_maxrss_kb;
	int64_t ru_minflt, ru_majflt, ru_nvcsw, ru_nivcsw;
	char *exe, *argv;         /* owned copies (the log is unmapped after the scan);
	                             argv joined by \x1f; NULL: no PROC_START */
	struct ct_proc *exec_of;  /* previous image of the same pid */
	struct ct_proc *exec_next; /* the image its exec started, NULL: none traced */
	int parent_traced;
	int is_root;
};

struct ct_thr;
struct ct_logset;

/* A thread's THREAD_CPU and THREAD_WAIT records (merge_waits.c); also the
 * sums of an image's threads. */
struct ct_thr_cpu {
	int seen;                   /* a THREAD_CPU record came */
	int64_t user, sys, rq;      /* ns; rq -1: unread */
	int64_t vcsw, ivcsw;
	int64_t wait_n[CT_WAIT_MAX], wait_ns[CT_WAIT_MAX];
};
struct ct_wait_sum {
	int64_t seen, unseen;       /* threads with and without a THREAD_CPU record */
	int64_t life, off;
	struct ct_thr_cpu all;
	int64_t threads[CT_WAIT_MAX]; /* threads that waited in each call */
};
void ct_thr_cpu_feed(struct ct_thr_cpu *c, const struct ct_rec *r);
/* Nonzero when a field did not go in (a || chain of lib/json.h's adds). */
int ct_thr_cpu_add(cJSON *o, const struct ct_thr_cpu *c, int64_t life);
void ct_wait_sum_add(struct ct_wait_sum *s, const struct ct_thr_cpu *c, int64_t life);
cJSON *ct_wait_sum_json(const struct ct_wait_sum *s);

/* One dlopen call (merge_dl.c), for attributing LIB records. */
struct ct_dl_rec {
	const char *request, *caller, *path;
	cJSON *obj;                 /* its dlopens[] entry, owned by ct_build.dlopens */
	int64_t n;                  /* objects attributed to it */
	int unreturned;             /* the process ended inside it (CT_DL_NO_RETURN) */
};

/* Per-image build state (merge_proc.c owns it). */
/* The first EXIT_MARK record of each kind (merge_exit.c); t_ns 0: none. */
struct ct_mark {
	uint64_t t_ns;
	int64_t cpu_ns;     /* the thread's CPU time then, 0 unknown */
	uint32_t tid;
};
#define CT_MARKS 8          /* enum ct_exit_mark's values are below this */

struct ct_build {
	struct ct_proc *p;
	struct ct_py py;
	struct ct_libs libs;
	struct ct_snap snap;
	struct ct_call_stat calls[CT_EV_KIND_MAX];
	int64_t mm_file, mm_anon, mm_file_bytes, mm_anon_bytes;
	/* dlopen calls (after ct_time_split: their union, sorted); file-system calls */
	struct ct_spans dl_spans, fs_spans;
	struct ct_map fail_dirs;    /* directory of a failed lookup -> count (lib/map.h) */
	struct ct_map opened;       /* path opened (not a directory) -> count */
	struct ct_map opened_dirs;  /* directory opened (opendir, O_DIRECTORY) -> count */
	cJSON *time;                /* time{}, made after the pass */
	struct ct_mark marks[CT_MARKS]; /* by enum ct_exit_mark */
	cJSON *dlopens, *failures, *children, *execs;
	struct ct_thr *thr;         /* merge_threads.c */
	size_t nthr, thr_cap;
	struct ct_map thr_by_seq;   /* thread seq -> index + 1 */
	struct ct_map thr_by_tid;   /* tid -> index + 1 */
	struct ct_map thr_py;       /* tid -> its latest Python thread start, not yet paired */
	cJSON *waiting;             /* processes[].waiting, made with threads[] */
	/* state of the thread whose records are being read */
	uint32_t cur_tid;
	cJSON *last_obj[CT_EV_KIND_MAX]; /* latest object per kind, for STACK */
	size_t last_thr;            /* latest creation (index + 1), for STACK */
	struct ct_dl_rec *dls;      /* every dlopen call, in log order */
	size_t ndl, dl_cap;
	long dl_cur;                /* the dlopen whose LIB records follow, -1 none */
	int64_t dl_seq;             /* their sequence number, -1 not yet seen */
	const char *rundir;
	const struct ct_logset *rl;
	cJSON *exec_cur;            /* execs[] entry of the latest attempt (merge_children.c) */
	cJSON *exec_list;           /* the execs[] it is in: the image's or a vfork child's */
	cJSON *vfork_child;         /* children[] entry of the latest vfork, for VFORK_EXEC */
	int64_t vfork_pid;          /* its pid */
	uint32_t exec_tid;          /* its thread */
	int exec_failed;            /* that attempt returned */
	const char *exec_argv;      /* its argv, joined */
	struct ct_exec_ids exec_ids; /* its caller's ids, when exec_ids_ok */
	int exec_ids_ok;
	int exec_no_shim;           /* the shim was left out of its LD_PRELOAD (chroot) */
};

/* merge_exit.c: the exit path's windows, from the marks */
enum { CT_XW_WORK, CT_XW_PYATEXIT, CT_XW_FINAL, CT_XW_CATEXIT, CT_XW_NATIVE, CT_XW_N };
struct ct_exit_win {
	uint64_t a, b;      /* [a, b); either 0: unknown */
	int64_t io;         /* dlopen and file-system time inside (billed to those parts) */
	int64_t cpu;        /* the thread's CPU time across it */
	int cpu_known;
};
struct ct_exit {
	struct ct_exit_win w[CT_XW_N];
	int seen;           /* a native exit mark (1 or 2) */
	int py_start;       /* Python's exit start was seen (CT_MARK_PY_EXIT_STARTS) */
	int py_fin;         /* interpreter finalisation's start and end were seen */
};
void ct_exit_mark_feed(struct ct_build *b, const struct ct_logrec *ev);
void ct_exit_windows(struct ct_exit *x, const struct ct_build *b, uint64_t last_imp,
		     uint64_t life_end);
struct ct_exit_win *ct_exit_window_of(struct ct_exit *x, uint64_t t);   /* NULL: none */
cJSON *ct_exit_windows_json(const struct ct_exit *x);   /* time.windows; NULL: no memory */

/* merge_time.c */
/* *acc += v, saturating: a damaged log's sizes and durations may sum past
 * the range, which must not wrap (or be undefined). */
void ct_sat_add(int64_t *acc, int64_t v);

/* merge_py.c */
void ct_py_feed(struct ct_py *py, const struct ct_logrec *ev);
struct ct_import *ct_py_find(struct ct_py *py, uint32_t id);
const char *ct_py_module(struct ct_py *py, uint32_t id);   /* NULL if unknown */
void ct_py_native(struct ct_py *py, const struct ct_logrec *ev);
void ct_py_self(struct ct_py *py);   /* once, after the pass: child_ns of every import */
cJSON *ct_py_json(struct ct_py *py);
cJSON *ct_imports_json(struct ct_py *py);
void ct_py_free(struct ct_py *py);

/* merge_libs.c */
struct ct_lib_ev *ct_libs_feed(struct ct_libs *l, const struct ct_logrec *ev);
void ct_libs_resolve(struct ct_build *b);   /* after the pass; needs the snapshot */
cJSON *ct_libs_json(struct ct_build *b);
void ct_libs_free(struct ct_libs *l);

/* merge_dl.c */
void ct_dl_feed(struct ct_build *b, const struct ct_logrec *ev);
void ct_dl_lib(struct ct_build *b, struct ct_lib_ev *le);
void ct_dl_attribute(struct ct_build *b);   /* after the pass, before ct_libs_resolve */
void ct_dl_io(struct ct_build *b, const struct ct_logrec *ev);   /* a DL_IO record */
/* The dlopen that did not return whose request names the object at path
 * (realpath may be NULL), or NULL. */
struct ct_dl_rec *ct_dl_unreturned(struct ct_build *b, const char *path, const char *realpath);

/* merge_threads.c */
void ct_threads_feed(struct ct_build *b, const struct ct_logrec *ev);
void ct_threads_stack(struct ct_build *b, cJSON *frames);
cJSON *ct_threads_json(struct ct_build *b);
void ct_threads_free(struct ct_build *b);

/* merge_audit.c: the loader's account (LD_AUDIT log); annotates proc's
 * libraries[] and dlopens[], returns processes[].loader (null: no log) */
cJSON *ct_audit_json(struct ct_build *b, cJSON *proc);

/* The run directory's audit logs, named once by its one scan (merge.c)
 * and sorted, so that each image finds its own by a binary search: a
 * directory scan per image made the merge quadratic. */
struct ct_audit_name {
	int pid;
	uint64_t t_ns;          /* the log's start (its name's second field) */
	char *name;
};
struct ct_audit_index {
	struct ct_audit_name *v;
	size_t n, cap;
};
int ct_audit_index_add(struct ct_audit_index *ix, const char *name);   /* -1: no memory */
void ct_audit_index_sort(struct ct_audit_index *ix);
void ct_audit_index_free(struct ct_audit_index *ix);

/* merge_children.c */
void ct_children_feed(struct ct_build *b, const struct ct_logrec *ev);
void ct_children_finish(struct ct_build *b);   /* after the pass */

/* merge_calls.c */
void ct_calls_feed(struct ct_build *b, const struct ct_logrec *ev);
cJSON *ct_calls_json(const struct ct_build *b);
cJSON *ct_mmap_json(const struct ct_build *b);

/* merge_fs.c */
void ct_fs_feed(struct ct_build *b, const struct ct_logrec *ev);
cJSON *ct_paths_json(const struct ct_build *b);
void ct_fs_free(struct ct_build *b);

/* merge_time.c: after the pass (imports known); sets their dlopen_ns, fs_ns. */
void ct_time_split(struct ct_build *b);
/* With the loader's split (merge_loader.c): native_loading becomes
 * dlopen_search_map, dlopen_relocation, dlopen_constructors, in ns[]'s
 * proportions; cpu NULL: their CPU unknown. */
void ct_time_loader(cJSON *time, const int64_t ns[3], const int64_t *cpu);
/* merge_ready.c: after_ready marks when rec has ready{} (ct-launch --ready). */
void ct_merge_ready_marks(cJSON *rec, cJSON *procs);
uint64_t ct_raw_u64(const cJSON *o, const char *k);   /* an integer the merger wrote (merge_loader.c) */
/* Is t inside one of the n sorted, disjoint spans u? */
int ct_time_inside(const struct ct_span *u, size_t n, uint64_t t);

/* merge_fsruns.c: fs_runs[], after ct_time_split. */
cJSON *ct_fs_runs_json(struct ct_build *b);

/* merge_snaplog.c: the image's exit snapshot, its sections as one text
 * (from its SNAP records, else from <base>.snap), malloc'd, its length in
 * *len; NULL when it has none. */
char *ct_snap_bytes(const struct ct_proc *p, size_t *len);

/* merge_snap.c */
void ct_snap_load(struct ct_snap *s, const struct ct_proc *p);
/* The part ext ("status", "cgroup", "fds", "smaps") of an image's snapshot,
 * malloc'd: a section of snap (ct_snap_bytes' len bytes) when snap is not
 * NULL, else the older file <prefix>.<ext>; NULL when there is none. */
char *ct_snap_read(const char *prefix, const char *snap, size_t len, const char *ext);
/* An smaps line that opens a mapping (its /proc/<pid>/maps line) starts so. */
int ct_smaps_is_header(char c);
struct ct_snap_map *ct_snap_find(const struct ct_snap *s, const char *path);
cJSON *ct_snap_json(const struct ct_snap *s);
int64_t ct_snap_status_kb(const struct ct_snap *s, const char *field);
void ct_snap_free(struct ct_snap *s);

/* merge_proc.c */
void ct_proc_scan(struct ct_proc *p);  /* header facts: PROC_START, EXIT, RUSAGE */
/* processes[] entry; rootp: the record's process{} to fill, or NULL. */
cJSON *ct_proc_json(struct ct_proc *p, const struct ct_logset *rl, cJSON *rootp);

/* merge.c: 1 when a readable image of pid, child of ppid, started at t_ns
 * or later (what a vfork child exec'd left a log). */
int ct_logset_traced_after(const struct ct_logset *rl, uint32_t ns, int pid, int ppid,
			uint64_t t_ns);

/* An image's process across pid namespaces: equal pids in two namespaces
 * are two processes. */
static inline uint64_t ct_proc_key(uint32_t ns, int pid)
{
	return (uint64_t)ns << 32 | (uint32_t)pid;
}

/* merge_cuda.c */
cJSON *ct_cuda_verdict(const cJSON *processes, const cJSON *startup_failure);

#endif
