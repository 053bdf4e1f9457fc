/*
 * ct_log.h -- the on-disk event log one traced process writes (.ctlog).
 *
 * Written by libcoldtrace.so (preload/) and pyhook (pyhook/), read by the
 * merger (launcher/).  This header is the format's single definition; the
 * table form for users is docs/events.md.
 *
 * File: <rundir>/<pid>.<start_mono_ns>.ctlog, one per process image (an exec
 * starts a new file with the same pid).  It is the 4 KiB header page
 * (chunk 0), then CT_CHUNK_SIZE chunks right after it (from version 4;
 * before, chunk i began at i * CT_CHUNK_SIZE and chunk 0 took a whole
 * chunk of sparse space: see ct_chunk_off).  A thread's first chunk gets
 * disk blocks a page at a time, doubling, later ones whole; the file is
 * only as long as its blocks, and blocks are always allocated before a
 * page is written, through a MAP_SHARED mapping, so that every
 * record whose chunk header counts it survives a crash or SIGKILL of the
 * process (the data is in the page cache the moment it is stored).
 *
 *   chunk 0       struct ct_log_hdr, in CT_LOG_HDR_BYTES
 *   chunk 1..n    segments: struct ct_chunk_hdr, then `used` bytes of
 *                 records, all of one thread; the first at byte 0, each
 *                 next one right after the records of the one before
 *                 (from version 3; a version 2 chunk has one)
 *
 * A thread that exits hands the rest of its chunk to the next thread that
 * needs room, which starts a segment there: the dead thread's `used` is
 * final, so a reader walks the segments from byte 0 by their `used` until
 * a header without CT_CHUNK_MAGIC (zeros) or the chunk's end.
 *
 * Records: struct ct_rec_head; one byte `present` (bit i set: field i of
 * dur_ns, result, err, a0, a1, a2 follows, in that order; an absent one is
 * 0); the present fields as LEB128 varints (dur_ns as is, the others
 * zigzag-encoded: (v << 1) ^ (v >> 63)); then `nstr` NUL-terminated
 * strings (none at all when the host's strings could not be read);
 * zero padding to 8 bytes.  `size` covers all of it.  A typical
 * stat record takes 40 bytes.  A chunk's `used` is stored (release) only
 * after the record bytes: a reader trusts exactly `used` bytes.
 *
 * Never: a record that spans two segments; a segment written by two
 * threads; two threads writing one chunk at the same time.
 *
 * The pack: where the file system allows it (fallocate, no RLIMIT_FSIZE),
 * an image's log begins in a slot of <rundir>/images.ctpack, one file
 * for every image of the run, instead of a file of its own: a file made
 * per image costs its inode (10-400 us on ext4, the most a short process
 * pays for being traced).  The pack's first page is struct ct_pack_hdr;
 * slot i begins at CT_PACK_HDR_BYTES + i * CT_PACK_SLOT and holds what a
 * log's file would from its start: the header page (its `slot` = i + 1,
 * `base` its name) and chunk 1, cut to CT_PACK_SLOT - CT_LOG_HDR_BYTES
 * bytes.  Slots are sparse: the claim takes blocks for the header page
 * and chunk 1's first page, and lengthens the file when it does not yet
 * cover the slot (fallocate of the last page of a group of 4 slots, which
 * never shortens the file another image grows); the other pages get
 * theirs as they are needed.  Chunks 2 on of a slot's
 * log go to <rundir>/<base>.ctmore, made when chunk 2 is claimed, chunk k
 * at (k - 2) * CT_CHUNK_SIZE.  A slot claimed by an image that died before
 * writing its header has no CT_LOG_MAGIC: nothing is in it.  A reader
 * names a slot's log <base>.ctlog, as if it were a file.
 */
#ifndef CT_LOG_H
#define CT_LOG_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define CT_LOG_MAGIC      "CTLOG01"     /* 8 bytes with the NUL */
#define CT_CHUNK_MAGIC    0x4b4e4843u   /* "CHNK" */
#define CT_LOG_VERSION    4             /* 4: chunk 1 follows the header page; 3: a chunk may hold several segments */
#define CT_LOG_VERSION_MIN 2            /* oldest version readers accept */
#define CT_CHUNK_SIZE     (1024u * 1024u)
#define CT_LOG_HDR_BYTES  4096u         /* chunk 0: the header page */
#define CT_LOG_MAX_CHUNKS 1024u         /* 1 GiB; beyond: dropped */
#define CT_STR_MAX        4096u         /* longest string kept in a record */

/*
 * The kind table: every record kind once, with what it means to every
 * reader.  Values are part of the format: append, never renumber.  Every
 * consumer asks the table (ct_kind()) instead of testing ranges of values,
 * so a new kind is one row here (plus its writer).
 *
 * Columns: X(ID, value, name, family, fs class, stack class, failure, call)
 *   name     its name in calls{}, dump and export ("open", "dlopen", ...)
 *   family   enum ct_family: what part of a process it describes
 *   fs       enum ct_fs_class: for file calls, what the call does with a path
 *   stack    enum ct_stack_class: the COLDTRACE_STACKS word that records its call site
 *   failure  enum ct_fail_rule: how `result`/`err` say the call failed
 *   call     1: an interposed call (counted in calls{}); 0: a fact or a marker
 * and the fields (a0..a2, s) each kind carries, in its comment.
 */
#define CT_KINDS(X) \
	/* the process image itself */ \
	X(PROC_START, 1, "proc_start", IMAGE, NONE, NONE, ERRNO, 0) /* a0=ppid a1=unix_ns a2=exec generation; s: exe, argv joined by \x1f */ \
	X(EXIT, 2, "exit", IMAGE, NONE, NONE, ERRNO, 0)         /* a0=status a1=how (ct_exit_how) a2=signal; result=the snapshot's form (ct_snap_form) */ \
	X(RUSAGE, 3, "rusage", IMAGE, NONE, NONE, ERRNO, 0)     /* a0=utime_us a1=stime_us a2=maxrss_kb; s: "minflt majflt nvcsw nivcsw" */ \
	/* processes it starts or becomes */ \
	X(FORK, 4, "fork", PROCESS, NONE, PROC, ERRNO, 1)       /* result=child pid (in parent) */ \
	X(VFORK, 5, "vfork", PROCESS, NONE, PROC, ERRNO, 1) \
	X(SPAWN, 6, "spawn", PROCESS, NONE, PROC, NONZERO, 1)   /* result=rc (0 ok), a0=child pid; s: path, argv joined */ \
	X(EXEC, 7, "exec", PROCESS, NONE, PROC, ERRNO, 1)       /* a0=ct_exec_phase: before the exec (with the caller's ids: \
	                          a1=ruid<<32|euid a2=rgid<<32|egid) or after it returned (result=-1); s: path, argv joined */ \
	X(SYSTEM, 8, "system", PROCESS, NONE, PROC, MINUS1, 1)  /* result=status; s: command */ \
	X(SIGNAL, 9, "signal", IMAGE, NONE, NONE, ERRNO, 0)     /* a0=signal a1=si_code: a fatal signal (left at its default) arrived */ \
	X(VFORK_EXEC, 10, "vfork_exec", PROCESS, NONE, NONE, ERRNO, 0) /* an exec attempt of a vfork child, written by its parent \
	                          after the VFORK record: a0=child pid a1=attempts lost (last record); result=-1 err: it returned, \
	                          0: it did not (it ran); t_ns: the attempt; s: path, argv joined */ \
	X(SECCOMP, 11, "seccomp", IMAGE, NONE, NONE, ERRNO, 0)  /* the program installed a seccomp filter: from t_ns coldtrace makes \
	                          no system call (records needing new room are dropped as CT_DROP_SEALED, no exit snapshot, \
	                          children and exec'd images untraced). a0=mode (1 strict, 2 filter: prctl's numbers) \
	                          a1=seccomp(2) flags a2=how it came (0 prctl, 1 seccomp(2) or syscall(SYS_seccomp)) */ \
	X(PROC_ID, 12, "proc_id", IMAGE, NONE, NONE, ERRNO, 0)  /* right after PROC_START: a0=pid namespace (inode of \
	                          /proc/self/ns/pid, 0 unknown) a1=t_ns of the parent's FORK record that made this process \
	                          (0: no traced fork) a2=(parent's pid namespace << 32) | parent's pid as the parent saw \
	                          itself (0: no traced fork) */ \
	X(EXIT_MARK, 13, "exit_mark", IMAGE, NONE, NONE, ERRNO, 0) /* where an exit phase begins: a0=ct_exit_mark a1=the \
	                          thread's CPU ns then (0 unknown) a2=exit status (CT_MARK_EXIT_STARTS) */ \
	X(SNAP, 14, "snap", IMAGE, NONE, NONE, ERRNO, 0)        /* a piece of the exit snapshot, after the EXIT record: \
	                          a0=its section (ct_snap_part) a1=1: what came before of that section is dropped \
	                          (the pagemap pass gave up, smaps follows instead); s: the piece, cut anywhere */ \
	X(NO_FIND_OBJECT, 15, "no_find_object", IMAGE, NONE, NONE, ERRNO, 0) /* right after PROC_ID, where this \
	                          image's glibc has no _dl_find_object (before 2.35): no call stacks, and what \
	                          needs a lock-free lookup of an address's object is unknown (docs/shim.md) */ \
	/* files */ \
	X(OPEN, 20, "open", FILE, OPEN, FILE, ERRNO, 1)         /* a0=dirfd (AT_FDCWD for open) a1=flags a2=mode; result=fd */ \
	X(CREAT, 21, "creat", FILE, OPEN, FILE, ERRNO, 1) \
	X(FOPEN, 22, "fopen", FILE, OPEN, FILE, ERRNO, 1)       /* result=fileno or -1; s: path, mode string */ \
	X(OPENDIR, 23, "opendir", FILE, OPEN, FILE, ERRNO, 1)   /* result=dirfd or -1 */ \
	X(STAT, 24, "stat", FILE, STAT, FILE, ERRNO, 1)         /* a0=dirfd a1=flags; s: path */ \
	X(LSTAT, 25, "lstat", FILE, STAT, FILE, ERRNO, 1) \
	X(FSTAT, 26, "fstat", FILE, STAT, FILE, ERRNO, 1)       /* a0=fd; no string */ \
	X(FSTATAT, 27, "fstatat", FILE, STAT, FILE, ERRNO, 1) \
	X(STATX, 28, "statx", FILE, STAT, FILE, ERRNO, 1)       /* a0=dirfd a1=flags a2=mask */ \
	X(ACCESS, 29, "access", FILE, ACCESS, FILE, ERRNO, 1)   /* a0=dirfd a1=mode a2=flags */ \
	X(READLINK, 30, "readlink", FILE, STAT, FILE, ERRNO, 1) /* a0=AT_FDCWD a1=buffer size; result=bytes or -1; s: path */ \
	X(READLINKAT, 31, "readlinkat", FILE, STAT, FILE, ERRNO, 1) /* a0=dirfd a1=buffer size; as READLINK */ \
	X(REALPATH, 32, "realpath", FILE, STAT, FILE, ERRNO, 1) /* result=0 or -1; s: path */ \
	/* memory */ \
	X(MMAP, 40, "mmap", MEMORY, NONE, MMAP, MINUS1, 1)      /* a0=offset a1=(fd<<40)|(prot<<32)|flags (fd: a1>>40, arithmetic) \
	                                                           a2=length; result=address; s: file path or empty */ \
	X(MUNMAP, 41, "munmap", MEMORY, NONE, MMAP, ERRNO, 1)   /* a0=address a2=length */ \
	/* dynamic loading */ \
	X(DLOPEN, 50, "dlopen", LOADER, NONE, DLOPEN, ZERO, 1)  /* a0=flags a1=lmid (-1 plain dlopen) a2=caller address; result=handle \
	                          (0 = failed); s: requested, dlerror() text or "", caller object, \
	                          path of the object the handle names or ""; err=CT_DL_NO_RETURN: the call \
	                          never returned (the process ended inside it, in an initialiser): \
	                          written at the end, dur_ns up to then, result 0, no path */ \
	X(DLCLOSE, 51, "dlclose", LOADER, NONE, NONE, NONZERO, 1) /* a0=handle; s: error or "" */ \
	X(LIB, 52, "lib", LOADER, NONE, NONE, ERRNO, 0)         /* an object appeared in the link map. a0=how (ct_lib_how) a1=dlopen seq \
	                          a2=base address; s: path, requested name, caller object */ \
	X(LIB_GONE, 53, "lib_gone", LOADER, NONE, NONE, ERRNO, 0) /* an object left the link map. a2=base; s: path */ \
	X(STACK, 54, "stack", META, NONE, NONE, ERRNO, 0)       /* call site of this thread's latest record of kind a1: a0=frames; \
	                          s: frames innermost first, each "object+0xoff symbol+0xoff\n" */ \
	X(DL_IO, 55, "dl_io", META, NONE, NONE, ERRNO, 0)       /* storage cost of this thread's latest DLOPEN (written right after it): \
	                          a0=major faults a1=bytes read from storage a2=rchar during the call, from \
	                          getrusage(RUSAGE_THREAD) and /proc/thread-self/io; -1 = not measured */ \
	/* threads */ \
	X(THREAD_CREATE, 60, "pthread_create", THREAD, NONE, THREAD, NONZERO, 1) /* result=rc a0=thread seq (pairs with \
	                             THREAD_START) a1=start address; s: start routine "object+0xoff symbol+0xoff" */ \
	X(THREAD_START, 61, "thread_start", THREAD, NONE, NONE, ERRNO, 0) /* first record of a new thread: a0=creator tid a1=thread seq */ \
	X(THREAD_EXIT, 62, "thread_exit", THREAD, NONE, NONE, ERRNO, 0) \
	X(THREAD_CPU, 63, "thread_cpu", THREAD, NONE, NONE, ERRNO, 0) /* the writing thread's end (its exit, or the image's \
	                          end for the thread that ends it): a0=user ns a1=system ns (getrusage(RUSAGE_THREAD)) \
	                          a2=run-queue delay ns (/proc/thread-self/schedstat; -1 unread, \
	                          as at a CT_SNAP_SHORT image's end); \
	                          result=(involuntary << 32) | voluntary context switches */ \
	X(THREAD_WAIT, 64, "thread_wait", THREAD, NONE, NONE, ERRNO, 0) /* right before THREAD_CPU, one per wait call the \
	                          thread made: a0=enum ct_wait a1=calls a2=ns inside them (to 64 ns a call) */ \
	/* python (pyhook) */ \
	X(PY_INFO, 70, "py_info", PYTHON, NONE, NONE, ERRNO, 0) /* s: version, executable, implementation, status ("" = ok, else why unavailable) */ \
	X(IMPORT_BEGIN, 71, "import_begin", PYTHON, NONE, NONE, ERRNO, 0) /* a0=import id a1=parent id a2=via_importlib \
	                          (1: importlib's own code asked for the module, importlib.import_module or a parent \
	                          package such a call loads first; 0: an import statement); s: module */ \
	X(IMPORT_END, 72, "import_end", PYTHON, NONE, NONE, ERRNO, 0) /* a0=import id a1=ok a2=ct_import_kind; s: module, file or "", \
	                                                                 exception type if raised; result=1 + major faults of the thread \
	                                                                 during the import (getrusage(RUSAGE_THREAD)), 0 = not measured */ \
	X(PY_AUDIT, 73, "py_audit", PYTHON, NONE, NONE, ERRNO, 0) /* another audit event worth keeping; s: event name, summary of args */

enum ct_kind {
	CT_EV_NONE = 0,
#define CT_KIND_ENUM(id, v, name, fam, fs, stk, fail, call) CT_EV_##id = v,
	CT_KINDS(CT_KIND_ENUM)
#undef CT_KIND_ENUM
	CT_EV_KIND_MAX = 80
};

enum ct_family {
	CT_FAM_NONE = 0,        /* not a kind */
	CT_FAM_IMAGE,           /* the image's own start, end, usage, fatal signal */
	CT_FAM_PROCESS,         /* fork, spawn, exec, system: other processes */
	CT_FAM_FILE,            /* calls on paths and file descriptors */
	CT_FAM_MEMORY,          /* mmap, munmap */
	CT_FAM_LOADER,          /* dlopen, dlclose, the link map */
	CT_FAM_THREAD,
	CT_FAM_PYTHON,          /* written by pyhook */
	CT_FAM_META             /* about another record (STACK) */
};

enum ct_fs_class {
	CT_FS_NONE = 0,         /* not a file call */
	CT_FS_OPEN,             /* opens the path: a failure is a failed lookup of its directory */
	CT_FS_STAT,             /* asks about a path without opening it */
	CT_FS_ACCESS            /* checks permissions */
};

enum ct_stack_class {
	CT_STK_NONE = 0, CT_STK_DLOPEN = 1, CT_STK_THREAD = 2, CT_STK_FILE = 4,
	CT_STK_MMAP = 8, CT_STK_PROC = 16
};

/* The words of COLDTRACE_STACKS (`--stacks`, a comma list; default
 * CT_STACKS_DEFAULT): the stack classes each turns on.  The shim ignores a
 * word not here, the launcher refuses it. */
#define CT_STACKS_DEFAULT "dlopen,thread"

/* The classes the n bytes at w name; -1: not a word. */
static inline int64_t ct_stack_word_bits(const char *w, size_t n)
{
	static const struct { const char *name; int64_t bits; } words[] = {
		{ "dlopen", CT_STK_DLOPEN }, { "thread", CT_STK_THREAD },
		{ "file", CT_STK_FILE }, { "mmap", CT_STK_MMAP },
		{ "process", CT_STK_PROC }, { "all", 0xffffffff }, { "none", 0 },
	};
	size_t i, k;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		for (k = 0; k < n && words[i].name[k] == w[k]; k++)
			;
		if (k == n && !words[i].name[k])
			return words[i].bits;
	}
	return -1;
}

enum ct_fail_rule {
	CT_FAIL_ERRNO = 0,      /* err != 0 or result < 0 */
	CT_FAIL_ZERO,           /* result == 0 (a NULL handle) */
	CT_FAIL_NONZERO,        /* result != 0 (an error number returned) */
	CT_FAIL_MINUS1          /* result == -1 exactly (addresses, statuses) */
};

struct ct_kind_info {
	const char *name;       /* NULL: not a kind */
	uint8_t family;         /* enum ct_family */
	uint8_t fs;             /* enum ct_fs_class */
	uint8_t stack;          /* enum ct_stack_class */
	uint8_t fail;           /* enum ct_fail_rule */
	uint8_t call;           /* an interposed call */
};

/* The table row of a kind; an all-zero row (name NULL) for a value that is
 * not a kind, so callers never index out of range. */
static inline const struct ct_kind_info *ct_kind(int kind)
{
#define CT_KIND_ROW(id, v, nm, fam, fsc, stk, fl, cl) \
	[v] = { nm, CT_FAM_##fam, CT_FS_##fsc, CT_STK_##stk, CT_FAIL_##fl, cl },
	static const struct ct_kind_info rows[CT_EV_KIND_MAX] = { CT_KINDS(CT_KIND_ROW) };
#undef CT_KIND_ROW
	static const struct ct_kind_info none;

	return kind > 0 && kind < CT_EV_KIND_MAX ? &rows[kind] : &none;
}

enum ct_exit_how {
	CT_EXIT_RETURN = 0, /* exit() / return from main (atexit ran) */
	CT_EXIT_UNDERSCORE = 1, /* _exit / _Exit / os._exit */
	CT_EXIT_SIGNAL = 2, /* a fatal signal */
	CT_EXIT_EXEC = 3    /* the image was replaced by exec */
};

/* a0 of an EXEC record */
enum ct_exec_phase {
	CT_EXEC_ATTEMPT = 0,  /* before the exec, the caller's ids not known */
	CT_EXEC_RETURNED = 1, /* after it: it failed */
	CT_EXEC_WITH_IDS = 2, /* before the exec; a1=ruid<<32|euid a2=rgid<<32|egid */
	CT_EXEC_NO_SHIM = 3   /* as 2, and the shim is not reachable from the caller's
			       * root (chroot): left out of the exec's LD_PRELOAD */
};

/* An EXIT record's result: what the image's end copied from /proc/self. */
enum ct_snap_form {
	CT_SNAP_TAKEN = 0,  /* taken: SNAP records (logs before them: the .snap file; an exec takes none) */
	CT_SNAP_SHORT = 1,  /* none: the image lived under CT_SNAP_MIN_MS and is not the
			     * launcher's command (its rusage record is all, and its
			     * ending thread's run-queue delay is not read) */
	CT_SNAP_SEALED = 2  /* none: a seccomp filter was in */
};
/* The shortest life that takes the snapshot: it costs an image 0.15-0.3 ms
 * of /proc reads (docs/performance.md), under 1% of 50 ms.  Before
 * 2026-12-04 the bound was 10 ms (older runs' "short" images). */
#define CT_SNAP_MIN_MS 50
#define CT_SNAP_MIN_NS (CT_SNAP_MIN_MS * 1000000ull)
#define CT_SNAP_TEXT_(ms) #ms " ms"
#define CT_SNAP_TEXT(ms) CT_SNAP_TEXT_(ms)
#define CT_SNAP_MIN_TEXT CT_SNAP_TEXT(CT_SNAP_MIN_MS)   /* "50 ms", in messages */

/* a0 of a SNAP record: the snapshot's sections, copied from /proc/self
 * (smaps: each mapping's maps line and its Rss, or smaps itself).
 * X(ID, value, name) */
#define CT_SNAP_PARTS(X) \
	X(STATUS, 0, "status") \
	X(CGROUP, 1, "cgroup") \
	X(FDS, 2, "fds") \
	X(SMAPS, 3, "smaps")
enum ct_snap_part {
#define CT_SNAP_PART_ENUM(id, v, name) CT_SNAPP_##id = v,
	CT_SNAP_PARTS(CT_SNAP_PART_ENUM)
#undef CT_SNAP_PART_ENUM
	CT_SNAPP_COUNT
};

/* a0 of an EXIT_MARK record (preload/exitmark.c, pyhook/install.c) */
enum ct_exit_mark {
	CT_MARK_EXIT_STARTS = 1,   /* main returned or exit() was called: C atexit handlers start */
	CT_MARK_HANDLERS_DONE = 2, /* the handlers registered during main are done: static
				    * destructors and _dl_fini (the native exit) start */
	CT_MARK_PY_FINALIZED = 3,  /* Py_FinalizeEx's Py_AtExit functions: interpreter
				    * finalisation has ended */
	CT_MARK_PY_EXIT_STARTS = 4, /* threading._shutdown was called: Py_FinalizeEx has
				     * begun (only when threading was imported) */
	CT_MARK_PY_ATEXIT_STARTS = 5, /* threading._shutdown returned: the Python atexit
				       * callbacks start */
	CT_MARK_PY_ATEXIT_DONE = 6  /* the Python atexit callbacks are done (a callback
				     * registered first, when atexit was imported) */
};

/* a0 of a THREAD_WAIT record: the blocking calls the shim times (preload/wait.c),
 * X(ID, value, name).  Append, never renumber. */
#define CT_WAITS(X) \
	X(PTHREAD_JOIN, 1, "pthread_join") \
	X(COND_WAIT, 2, "pthread_cond_wait") \
	X(COND_TIMEDWAIT, 3, "pthread_cond_timedwait") \
	X(COND_CLOCKWAIT, 4, "pthread_cond_clockwait") \
	X(SEM_WAIT, 5, "sem_wait") \
	X(SEM_TIMEDWAIT, 6, "sem_timedwait") \
	X(SEM_CLOCKWAIT, 7, "sem_clockwait") \
	X(NANOSLEEP, 8, "nanosleep") \
	X(CLOCK_NANOSLEEP, 9, "clock_nanosleep") \
	X(USLEEP, 10, "usleep") \
	X(SLEEP, 11, "sleep") \
	X(POLL, 12, "poll") \
	X(PPOLL, 13, "ppoll") \
	X(SELECT, 14, "select") \
	X(PSELECT, 15, "pselect") \
	X(EPOLL_WAIT, 16, "epoll_wait") \
	X(EPOLL_PWAIT, 17, "epoll_pwait")

enum ct_wait {
	CT_WAIT_NONE = 0,
#define CT_WAIT_ENUM(id, v, name) CT_WAIT_##id = v,
	CT_WAITS(CT_WAIT_ENUM)
#undef CT_WAIT_ENUM
	CT_WAIT_MAX = 18
};

/* The name of a wait call, NULL for a value that is not one. */
static inline const char *ct_wait_name(int64_t w)
{
#define CT_WAIT_ROW(id, v, nm) [v] = nm,
	static const char *const names[CT_WAIT_MAX] = { CT_WAITS(CT_WAIT_ROW) };
#undef CT_WAIT_ROW

	return w > 0 && w < CT_WAIT_MAX ? names[w] : NULL;
}

/* A DLOPEN record's err when the call never returned (see its row). */
#define CT_DL_NO_RETURN 1

enum ct_lib_how {
	CT_LIB_STARTUP = 0, /* in the link map before the constructor ran */
	CT_LIB_DLOPEN = 1,  /* the object a dlopen named */
	CT_LIB_NEEDED = 2,  /* a dependency a dlopen pulled in */
	CT_LIB_OWN = 3      /* brought in by coldtrace itself */
};

enum ct_import_kind {
	CT_IMP_UNKNOWN = 0, CT_IMP_SOURCE, CT_IMP_BYTECODE, CT_IMP_EXTENSION,
	CT_IMP_BUILTIN, CT_IMP_FROZEN, CT_IMP_NAMESPACE
};

/* Why a record was lost: the index into ct_log_hdr.drops.  Append, never
 * renumber. */
enum ct_drop {
	CT_DROP_FULL = 0,    /* every chunk was handed out (CT_LOG_MAX_CHUNKS), no dead thread's rest free */
	CT_DROP_NOSPACE = 1, /* no disk blocks for the records (disk full, quota) */
	CT_DROP_FSIZE = 2,   /* the log would pass the process's RLIMIT_FSIZE */
	CT_DROP_OTHER = 3,   /* anything else (no memory for a mapping...): drop_errno */
	CT_DROP_SEALED = 4,  /* a seccomp filter was in (CT_EV_SECCOMP): no system call to make room */
	CT_DROP_SHARED = 5,  /* a call while a clone(CLONE_VM) child shared its thread's state
			      * (the child's and the thread's own) */
	CT_DROP_KINDS = 6
};

struct ct_log_hdr {
	char magic[8];          /* CT_LOG_MAGIC */
	uint32_t version;       /* CT_LOG_VERSION */
	uint32_t chunk_size;    /* CT_CHUNK_SIZE */
	uint32_t pid;
	uint32_t ppid;
	uint64_t start_mono_ns; /* CLOCK_MONOTONIC when the constructor ran */
	uint64_t start_unix_ns; /* CLOCK_REALTIME at the same moment */
	uint32_t next_chunk;    /* atomic: next chunk index to hand out */
	uint32_t dropped;       /* atomic: records lost, whatever the cause (the sum of drops[] and drops_more[]) */
	uint32_t finished;      /* 1 once the final flush completed */
	uint32_t pad;
	uint32_t drops[4];      /* atomic: records lost, by enum ct_drop 0..3 (0 in older logs) */
	int32_t drop_errno;     /* errno behind the latest CT_DROP_OTHER loss */
	uint32_t pad2;
	uint32_t drops_more[4]; /* atomic: the same for enum ct_drop 4..7 (0 in older logs) */
	uint32_t slot;          /* in a pack: its slot's index + 1; 0: a file of its own */
	uint32_t pad3;
	char base[40];          /* in a pack: "<pid>.<start_ns>", the name a file of its own would have */
};

#define CT_PACK_NAME      "images.ctpack"
#define CT_PACK_MAGIC     "CTPACK1"     /* 8 bytes with the NUL */
#define CT_PACK_HDR_BYTES 4096u
#define CT_PACK_SLOT      (64u * 1024u) /* a slot: the header page and chunk 1's first 60 KiB */
#define CT_PACK_MAX_SLOTS (1u << 20)    /* 64 GiB of sparse file; beyond, files of their own */
#define CT_MORE_SUFFIX    ".ctmore"
#define CT_LOG_SUFFIX     ".ctlog"      /* a log's name: <base>.ctlog, a file of its own or a slot's */

/* 1 when name (no directory) is an event log's: "<base>.ctlog". */
static inline int ct_is_log_name(const char *name)
{
	size_t n = strlen(name), k = sizeof(CT_LOG_SUFFIX) - 1;

	return n > k && !strcmp(name + n - k, CT_LOG_SUFFIX);
}

struct ct_pack_hdr {
	char magic[8];          /* CT_PACK_MAGIC, stored last by its maker */
	uint32_t slot_size;     /* CT_PACK_SLOT */
	uint32_t next_slot;     /* atomic: the next slot to hand out */
};

/* Where a slot's log begins in its pack. */
static inline uint64_t ct_pack_slot_off(uint32_t index)
{
	return CT_PACK_HDR_BYTES + (uint64_t)index * CT_PACK_SLOT;
}

/* Bytes chunk `index` may hold in a log that is (slot != 0) or is not in a pack. */
static inline uint32_t ct_chunk_cap(uint32_t slot, uint32_t index)
{
	return slot && index == 1 ? CT_PACK_SLOT - CT_LOG_HDR_BYTES : CT_CHUNK_SIZE;
}

/* The counter of records lost to cause k (enum ct_drop): the causes added
 * after the first four follow drop_errno, so older logs read the same. */
static inline uint32_t *ct_log_drops(struct ct_log_hdr *h, int k)
{
	return k < 4 ? &h->drops[k] : &h->drops_more[k - 4];
}

static inline uint32_t ct_log_drops_of(const struct ct_log_hdr *h, int k)
{
	return k < 4 ? h->drops[k] : h->drops_more[k - 4];
}

/* Where chunk `index` begins in a log of `version`: from version 4
 * chunk 1 follows the header page, so a short process's log is a few
 * KiB long; before, every chunk began at a multiple of CT_CHUNK_SIZE. */
static inline uint64_t ct_chunk_off(uint32_t version, uint32_t index)
{
	if (version < 4 || index == 0)
		return (uint64_t)index * CT_CHUNK_SIZE;
	return CT_LOG_HDR_BYTES + (uint64_t)(index - 1) * CT_CHUNK_SIZE;
}

/* Where chunk `index` of a log in a pack (slot != 0) begins: chunks 0
 * and 1 from the slot's start, the others in <base>.ctmore. */
static inline uint64_t ct_slot_chunk_off(uint32_t index)
{
	return index < 2 ? ct_chunk_off(CT_LOG_VERSION, index) : (uint64_t)(index - 2) * CT_CHUNK_SIZE;
}

/* The header of a segment (of a whole chunk before version 3). */
struct ct_chunk_hdr {
	uint32_t magic;         /* CT_CHUNK_MAGIC once the segment is started */
	uint32_t tid;           /* owning thread (gettid) */
	uint32_t used;          /* bytes of records after this header (release store) */
	uint32_t seq;           /* per-thread segment order, from 0 */
};

/* The fixed start of every record. */
struct ct_rec_head {
	uint16_t size;          /* whole record with strings, multiple of 8 */
	uint8_t kind;           /* enum ct_kind */
	uint8_t nstr;           /* strings after the fields */
	uint32_t import_id;     /* innermost Python import in progress on this thread, 0 none */
	uint64_t t_ns;          /* CLOCK_MONOTONIC at the call */
};

#define CT_REC_FIELDS 6         /* dur_ns, result, err, a0, a1, a2 */
#define CT_VARINT_MAX 10        /* bytes of one 64-bit LEB128 varint */

/* A record with every field decoded (what writers pass and readers get). */
struct ct_rec {
	uint16_t size;
	uint8_t kind;
	uint8_t nstr;
	uint32_t import_id;
	uint64_t t_ns;
	uint64_t dur_ns;        /* time inside the real function */
	int64_t result;
	int32_t err;            /* errno after the call when it failed, else 0 */
	int64_t a0, a1, a2;     /* kind-specific, see enum ct_kind */
};

/* Did the call a record describes fail?  Per kind (ct_fail_rule): the shim
 * stores errno only on failure; some calls say it in their result. */
static inline int ct_rec_failed(const struct ct_rec *r)
{
	switch (ct_kind(r->kind)->fail) {
	case CT_FAIL_ZERO:
		return r->result == 0;
	case CT_FAIL_NONZERO:
		return r->result != 0;
	case CT_FAIL_MINUS1:
		return r->result == -1;
	default:
		return r->err != 0 || r->result < 0;
	}
}

static inline uint64_t ct_zigzag(int64_t v)
{
	return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

static inline int64_t ct_unzigzag(uint64_t u)
{
	return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}

#endif
