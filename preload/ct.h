/*
 * ct.h -- what the files of libcoldtrace.so share.
 *
 * Everything here runs inside the host.  Never: exit, abort, assert, stdio,
 * a changed errno, or a lock that a signal handler could need.
 */
#ifndef CT_H
#define CT_H

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>
#include "ct_log.h"
#include "kclock.h"
#include "ct_api.h"
#include "findobj.h"

#define CT_EXPORT __attribute__((visibility("default")))
#define ct_unlikely(x) __builtin_expect(!!(x), 0)
#define ct_likely(x) __builtin_expect(!!(x), 1)
#define CT_TLS __thread __attribute__((tls_model("initial-exec")))

/* Per-thread state.  Touched only by its own thread (and that thread's
 * signal handlers, which the depth guard keeps out of the log). */
struct ct_thread {
	struct ct_chunk_hdr *chunk; /* current segment's header, NULL before the first record */
	uint32_t used;              /* private copy of chunk->used */
	uint32_t alloc;             /* bytes of the segment with disk blocks behind them */
	uint32_t idx;               /* the chunk's index in the file */
	uint32_t seg;               /* where in the chunk `chunk` (the segment header) is */
	uint32_t seq;               /* segments this thread has started writing */
	uint32_t tid;               /* gettid(), 0 until first needed */
	uint32_t import_id;         /* innermost Python import (pyhook) */
	int depth;                  /* >0: inside coldtrace, do not trace */
	int exec_traced;            /* 1: the exec being planned starts a traced image (env.c) */
	int vfork;                  /* >0: a vfork child runs on this thread's memory
				     * (vfork.c); it must change nothing of ours */
	struct ct_vx *vx;           /* the running vfork child's exec note (vfork.c) */
	void *spill;                /* pages an exec's environment copy took (env.c) */
	size_t spill_len;
	uint8_t why;                /* enum ct_drop of the last failure to make room */
	int why_errno;              /* its errno */
	uint64_t retry_ns;          /* records are dropped untried until then */
	uint32_t held;              /* bytes of `alloc` kept for the end's records after a
				     * seccomp filter (ct_log_seal_hold) */
	uint64_t fork_t0;           /* t_ns of the FORK record of the fork this thread is
				     * inside (proc.c), 0 otherwise: the child's token */
};

extern CT_TLS struct ct_thread ct_self;

/* The libc functions a fork child calls first (the exec path), bound when
 * the shim is loaded instead of at their first call: lazily, every child
 * would bind them again (the loader's code and the shim's GOT page faulted
 * in each time), its parent never having called them. */
#if defined(__GNUC__) && !defined(__clang__)
#define CT_BOUND_AT_LOAD __attribute__((noplt))
#else
#define CT_BOUND_AT_LOAD   /* clang has no noplt: bound lazily, in each child */
#endif
char *strstr(const char *haystack, const char *needle) CT_BOUND_AT_LOAD;
char *strchr(const char *s, int c) CT_BOUND_AT_LOAD;

/* A table of a page or more (one a short image touches only the start
 * of, or not at all), on pages of its own from there: the shim is linked
 * with --sort-section=alignment, which puts these first and packs the
 * small variables together after them, so a short image writes (and a
 * fork child copies) as few pages as it can. */
#define CT_PAGE_ALIGNED __attribute__((aligned(4096)))

/* A variable that the parent of a fork or its child writes after the
 * fork (each page either writes is a copy-on-write fault in it, on every
 * fork).  No other variable has this alignment, so the sort puts these
 * together (3.8 KiB) right after the page-aligned tables, the last of
 * which (pyhook's ct_scope) ends just past a page: one page a side, as
 * the test shim_fork_hot_page checks. */
#define CT_FORK_HOT __attribute__((aligned(64)))

/* global state (init.c) */
struct ct_global {
	volatile int enabled;      /* 0: every hook is a plain pass-through */
	int debug;
	int follow;                /* trace children and exec'd images */
	pid_t launcher;            /* COLDTRACE_LAUNCHER's value: the launcher's pid, the
				    * parent of its command (0 or 1: not known) */
	int owner;                 /* this process created the bare run dir */
	int rooted;                /* chroot() succeeded: execs may not reach the shim (env.c) */
	int no_pack;               /* COLDTRACE_PACK=0: every image's log a file of its own */
	pid_t pid;
	uint32_t pidns;            /* inode of /proc/self/ns/pid, 0: unknown */
	volatile int sealed;       /* the host installed a seccomp filter (seal.c): from
				    * then on coldtrace makes no system call at all */
	const void *interp;        /* link map of the object with Py_Initialize, or NULL */
	uintptr_t interp_span[2];  /* the addresses its segments cover ({0, 0}: none) */
	char base[64];             /* "<pid>.<start_ns>" */
	/* The paths, kept strings (keep.c): a short image writes them into
	 * pages it touches anyway, not three pages of PATH_MAX; "" unknown. */
	const char *run_dir;       /* at most CT_RUN_DIR_MAX bytes, never cut */
	const char *exe;           /* /proc/self/exe: the main map's unnamed object */
	const char *shim_path;     /* realpath of libcoldtrace.so */
};
extern struct ct_global ct_g;

/* After a seccomp filter any system call of coldtrace's may be the one that
 * kills the host: every path that would make one asks this first. */
static inline int ct_sealed(void)
{
	return ct_unlikely(ct_g.sealed);
}

/* Clocks, the kernel's (common/kclock.h), never the host's clock_gettime:
 * CLOCK_MONOTONIC inline (a traced call reads it twice); sys.c the wall
 * clock. */
static inline uint64_t ct_now_ns(void)
{
	return ct_kclock_ns(CLOCK_MONOTONIC);
}
uint64_t ct_unix_ns(void);

/* sys.c: raw system calls for coldtrace's own I/O (never traced) */
int ct_sys_open(const char *path, int flags, int mode);
int ct_rundir_open(const char *suffix, int flags, int mode);   /* <run_dir>/<base><suffix>; errno: why not */

/* pack.c: a slot of the run's pack (common/ct_log.h) for this image's log */
struct ct_pack_slot {
	int fd;
	uint32_t index;
	dev_t dev;
	ino_t ino;
};
int ct_pack_claim(struct ct_pack_slot *s);
int ct_sys_openat(int dir, const char *path, int flags, int mode);
int ct_sys_close(int fd);
ssize_t ct_sys_read(int fd, void *buf, size_t n);
ssize_t ct_sys_pread(int fd, void *buf, size_t n, uint64_t off);
struct stat;
int ct_sys_fstatat(int dir, const char *path, struct stat *st, int flags);
int ct_sys_may_exec(const char *path);
int ct_sys_write_all(int fd, const void *buf, size_t n);
int ct_sys_peek(uintptr_t addr, void *out, size_t n);
void ct_sig_block_all(sigset_t *old);   /* every signal, for a lock no handler may meet held */
void ct_sig_restore(const sigset_t *old);
uint32_t ct_gettid(void);
void ct_debug(const char *what, const char *detail);
size_t ct_strlcpy(char *dst, const char *src, size_t n);
char *ct_utoa(uint64_t v, char *end);    /* writes backwards, returns start */

/* The recursion guard (ct_disable: init.c).  A depth other than 0 is
 * looked at out of line (guard.c): below 0 in a fork child once the calls
 * of ours its fork interrupted have returned; a multiple of
 * CT_DEPTH_SHARED while a clone(CLONE_VM) child shares this thread's
 * state (clone.c). */
#define CT_DEPTH_SHARED 0x10000
int ct_enter_busy(void);
uint64_t ct_begin_busy(void);
static inline int ct_enter(void)
{
	if (ct_unlikely(!ct_g.enabled) || ct_self.depth)
		return ct_enter_busy();
	ct_self.depth++;
	return 1;
}
static inline void ct_leave(void) { ct_self.depth--; }
void ct_disable(const char *why);

/* log.c */
int ct_log_start(void);
void ct_log_emit(int kind, uint64_t t_ns, uint64_t dur_ns, int64_t result,
		 int err, int64_t a0, int64_t a1, int64_t a2,
		 int nstr, const char *const *strs);
/* The same with one string, or none when s is NULL. */
void ct_log_emit1(int kind, uint64_t t_ns, uint64_t dur_ns, int64_t result,
		  int err, int64_t a0, int64_t a1, int64_t a2, const char *s);
void ct_log_seal_prepare(void);       /* a seccomp filter goes in: room for its record and the end */
void ct_log_seal_hold(void);          /* the end's room kept from the records in between */
void ct_log_seal_release(void);       /* the end: that room given back */
/* The same with one string of len bytes the caller writes at the place
 * ct_log_open1 returns (NULL: lost), then ct_log_close1. */
struct ct_recw {
	char *dst, *s;
	size_t len;
};
char *ct_log_open1(struct ct_recw *w, size_t len, int64_t a0, int64_t a1, int64_t a2);
void ct_log_close1(const struct ct_recw *w, int kind, uint64_t t_ns);
void ct_log_thread_done(void);
void ct_log_finish(void);
uint32_t ct_log_ppid(void);
uint64_t ct_log_start_ns(void);       /* when this image's log began, 0: none */
void ct_log_forget(int busy);         /* child after fork: drop the parent's log */
void ct_log_hazard_end(void);         /* a fork child's interrupted calls have returned */
void ct_log_drop_shared(void);        /* a record lost to CT_DROP_SHARED */

/* hostmem.c: the host's strings, read only when readable.  str_ok and
 * vec_ok (argv, envp: its slots and its strings): 1 when each string can
 * be read to a NUL within max bytes; NULL counts as readable.  strs_ok:
 * to the NUL or the CT_STR_MAX - 1 bytes a record keeps. */
#define CT_ARG_STR_MAX (32u * 4096u)   /* the kernel's longest argv/envp string */
int ct_host_str_ok(const char *s, size_t max);
int ct_host_vec_ok(char *const v[], size_t max);
int ct_host_strs_ok(int nstr, const char *const *strs);

/* A path call that failed in its path walk read the whole path first. */
static inline int ct_walked(int err)
{
	return err == ENOENT || err == ENOTDIR || err == EACCES || err == ELOOP ||
	       err == ENAMETOOLONG || err == EEXIST || err == EISDIR;
}

/* How many of the strings the host passed to a call that returned ret
 * (errno err) a record may hold: all of them when the call shows that they
 * were read, or when they can be read; else none, and the record without
 * strings says so. */
static inline int ct_host_nstr(int64_t ret, int err, int nstr, const char *const *strs)
{
	if (ct_likely(ret >= 0) || ct_walked(err))
		return nstr;
	return ct_host_strs_ok(nstr, strs) ? nstr : 0;
}

/* Shorthands for the common shapes. */
static inline void ct_ev(int kind, uint64_t t0, int64_t ret, int err,
			 int64_t a0, int64_t a1, int64_t a2, const char *s)
{
	ct_log_emit1(kind, t0, ct_now_ns() - t0, ret, ret < 0 ? err : 0,
		     a0, a1, a2, s ? s : "");
}

/* After a traced call: one record, errno untouched.  t0 == 0 means tracing
 * was off when the call began.  path is the host's; NULL: the call has
 * none (fstat), and the record no string. */
static inline void ct_done(int kind, uint64_t t0, int64_t ret, int err,
			   int64_t a0, int64_t a1, int64_t a2, const char *path)
{
	if (t0 && ct_enter()) {
		const char *s = path && ct_host_nstr(ret, err, 1, &path) ? path : NULL;

		ct_log_emit1(kind, t0, ct_now_ns() - t0, ret, ret < 0 ? err : 0,
			     a0, a1, a2, s);
		ct_leave();
	}
	errno = err;
}

/* The tail of most interposers: the record of a call that returned ret
 * (with the errno it left), then ret for the host.  ret is an argument,
 * so the real call is made before errno is read. */
static inline int64_t ct_called(int kind, uint64_t t0, int64_t ret, int64_t a0, int64_t a1,
				int64_t a2, const char *path)
{
	ct_done(kind, t0, ret, errno, a0, a1, a2, path);
	return ret;
}

static inline uint64_t ct_begin(void)
{
	return ct_likely(ct_g.enabled) && !ct_self.depth ? ct_now_ns() : ct_begin_busy();
}

/* resolve.c: the next definition of a symbol (libc's), looked up once. */
void ct_real_init(void);
void *ct_real(const char *name);
void *ct_real_v(const char *name, const char *version);
#define CT_REAL(fn) ({                                                \
	if (ct_unlikely(!real_##fn))                                    \
		real_##fn = ct_real(#fn);                               \
	real_##fn; })

/* unwind.c: return addresses of the caller and its callers, innermost
 * first; -1 where only libgcc's _Unwind_Backtrace can tell (stack.c) */
int ct_unwind(void **pcs, int max);
void ct_unwind_forked(void);
int ct_unwind_outermost(uintptr_t ret);   /* 1: ret's FDE marks the last frame */

/* stack.c: a call stack is at most CT_STACK_FRAMES deep; the dlopen CPython
 * makes to load an extension module for an import, CT_STACK_IMPORT: its
 * import machinery up to the evaluation loop that called it (the frames
 * above are that loop's and the import wrapper's; the record's import
 * names the module) */
#define CT_STACK_FRAMES 24
#define CT_STACK_IMPORT 5
void ct_stack_emit(int kind, int frames);
void ct_stack_init(const char *spec);
int ct_frame_text(uintptr_t pc, char *out, size_t n);
struct link_map;
const char *ct_map_path(const struct link_map *l);       /* "" for NULL */

/* keep.c: long-lived strings off the host's heap */
char *ct_keep_strdup(const char *s);
void ct_keep_free(char *s);
void ct_keep_unseen(void);

/* own.c: the objects a dlopen nested in another brought (after the tail) */
#define CT_OWN_MAX 64
struct link_map;
struct ct_own {
	const struct link_map *lm[CT_OWN_MAX];
	int n;
};
void ct_own_after(const struct link_map *tail, struct ct_own *own);
const struct link_map *ct_own_tail(void);   /* last object of the main namespace */
int ct_own_has(const struct ct_own *own, uintptr_t addr, const char *name);

/* libs.c */
void ct_libs_startup(void);
void ct_libs_gone(void);
void ct_libs_nested(const struct link_map *tail, uint32_t seq, const char *req,
		    const char *caller, const char *named_path);
void ct_libs_atfork(void);
void ct_libs_unseen(void);
void ct_libs_diff(int how, uint32_t seq, const char *req, const char *caller,
		  const char *named_path);

/* wait.c, threadcpu.c: what this thread waited in, its CPU time, as
 * records at its end */
void ct_wait_emit(void);
void ct_wait_forget(void);
void ct_thread_cpu_record(int runqueue);

/* snapshot.c */
void ct_snapshot_write(void);

/* sanexec.c: what an exec or spawn runs, as the host named it */
struct ct_target {
	int dirfd;          /* AT_FDCWD, execveat's directory or fexecve's file */
	const char *path;   /* the host's; "" for fexecve */
	int flags;          /* execveat's AT_EMPTY_PATH, AT_SYMLINK_NOFOLLOW */
	int search;         /* a name without '/' is looked up along PATH */
};
/* CT_TARGET_RT with its name in rt (n bytes) when the program needs a
 * sanitizer runtime first in the loader's list; CT_TARGET_32BIT for a
 * 32-bit ELF program (its loader cannot take the shim); 0 when neither,
 * or when unreadable. */
/* CT_TARGET_LOADS (with or without CT_TARGET_RT): a 64-bit program with
 * a loader (PT_INTERP) that keeps LD_PRELOAD (no set-id change). */
enum { CT_TARGET_RT = 1, CT_TARGET_32BIT = 2, CT_TARGET_LOADS = 4 };
int ct_target_runtime(const struct ct_target *t, char *rt, size_t n);

/* env.c */
typedef int ct_env_fn(void *ctx, char *const envp[]);
int ct_env_call(char *const envp[], const struct ct_target *t, ct_env_fn *fn, void *ctx);
void ct_env_spill_release(void);
void ct_env_unsanitize(void);
void ct_env_save(char **envp);
void ct_env_unfollow(void);
void ct_env_seal(void);
int ct_env_shim_gone(void);   /* 1: after a chroot, the shim's path is not there */

/* ownstack.c: fn(arg) on a stack of coldtrace's own (one user at a time,
 * signals blocked) */
void ct_on_own_stack(void (*fn)(void *), void *arg);

/* dl.c: the dlopen calls the process ends inside, written by its end */
void ct_dl_inflight_flush(void);

/* exit.c */
void ct_exit_final(int status, int how, int sig);
void ct_exit_mark(int mark, int64_t status);   /* exitmark.c: an EXIT_MARK record */
void ct_exit_reset(void);
void ct_exit_resolve(void);
void ct_on_exit(int status, void *arg);
void ct_fatal_watch(void);
uint64_t ct_fatal_unwatch(void);      /* before a seccomp filter: signals left to the host */
void ct_fatal_rewatch(uint64_t was);  /* the filter was refused: watched again */

/* init.c */
void ct_after_fork_child(void);
void ct_image_unseen(void);
int ct_log_pending(void);      /* a fork child's log not made yet (init.c) */
void ct_log_ready(void);       /* ... made now */

/* clone.c: clone(CLONE_VM) children that share a thread's state */
void ct_clone_forked(void);
int ct_clone_reap(void);              /* 1: the calling thread's state is its own again */

/* proc.c, vfork.c */
pid_t ct_forked(int kind, uint64_t t0, pid_t pid);
void ct_proc_resolve(void);
void ct_join(char *const argv[], char *out, size_t n);
void ct_vfork_note_exec(const char *path, char *const argv[]);  /* in a vfork child */
void ct_vfork_note_failed(int err);

/* bare.c */
int ct_bare_setup(void);
void ct_bare_merge(void);

/* python.c */
void ct_python_load(void);

#endif
