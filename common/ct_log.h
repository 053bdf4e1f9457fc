/*
 * ct_log.h -- the on-disk event log one traced process writes (.ctlog).
 *
 * Written by libcoldtrace.so (preload/) and pyhook (pyhook/), read by the
 * merger (launcher/).  This header is the format's single definition; the
 * table form for users is docs/events.md.
 *
 * File: <rundir>/<pid>.<start_mono_ns>.ctlog, one per process image (an exec
 * starts a new file with the same pid).  It is a sequence of CT_CHUNK_SIZE
 * chunks (chunk 0 holds only the 4 KiB header; a thread's first chunk gets
 * disk blocks 64 KiB at a time, doubling, later ones whole; blocks are
 * always allocated before a page is written), written through a
 * MAP_SHARED mapping, so that every
 * record whose chunk header counts it survives a crash or SIGKILL of the
 * process (the data is in the page cache the moment it is stored).
 *
 *   chunk 0       struct ct_log_hdr (then unused)
 *   chunk 1..n    struct ct_chunk_hdr, then records, owned by one thread
 *
 * Records: struct ct_rec_head; one byte `present` (bit i set: field i of
 * dur_ns, result, err, a0, a1, a2 follows, in that order; an absent one is
 * 0); the present fields as LEB128 varints (dur_ns as is, the others
 * zigzag-encoded: (v << 1) ^ (v >> 63)); then `nstr` NUL-terminated
 * strings; zero padding to 8 bytes.  `size` covers all of it.  A typical
 * stat record takes 40 bytes.  A chunk's `used` is stored (release) only
 * after the record bytes: a reader trusts exactly `used` bytes.
 *
 * Never: a record that spans two chunks; a chunk written by two threads.
 */
#ifndef CT_LOG_H
#define CT_LOG_H

#include <stdint.h>

#define CT_LOG_MAGIC      "CTLOG01"     /* 8 bytes with the NUL */
#define CT_CHUNK_MAGIC    0x4b4e4843u   /* "CHNK" */
#define CT_LOG_VERSION    2
#define CT_CHUNK_SIZE     (1024u * 1024u)
#define CT_LOG_MAX_CHUNKS 1024u         /* 1 GiB; beyond: dropped */
#define CT_STR_MAX        4096u         /* longest string kept in a record */

/* Record kinds.  Values are part of the format: append, never renumber. */
enum ct_kind {
	CT_EV_NONE = 0,
	/* process */
	CT_EV_PROC_START = 1,  /* a0=ppid a1=unix_ns a2=exec generation; s: exe, argv joined by \x1f */
	CT_EV_EXIT = 2,        /* a0=status a1=how (ct_exit_how) a2=signal; result unused */
	CT_EV_RUSAGE = 3,      /* a0=utime_us a1=stime_us a2=maxrss_kb; s: "minflt majflt nvcsw nivcsw" */
	CT_EV_FORK = 4,        /* result=child pid (in parent) */
	CT_EV_VFORK = 5,
	CT_EV_SPAWN = 6,       /* result=rc (0 ok), a0=child pid; s: path, argv joined */
	CT_EV_EXEC = 7,        /* result=-1 when it returned; s: path, argv joined */
	CT_EV_SYSTEM = 8,      /* result=status; s: command */
	CT_EV_SIGNAL = 9,      /* a0=signal number: a fatal signal arrived */
	/* files */
	CT_EV_OPEN = 20,       /* a0=dirfd (AT_FDCWD for open) a1=flags a2=mode; result=fd */
	CT_EV_CREAT = 21,
	CT_EV_FOPEN = 22,      /* result=fileno or -1; s: path, mode string */
	CT_EV_OPENDIR = 23,    /* result=dirfd or -1 */
	CT_EV_STAT = 24,       /* a0=dirfd a1=flags; s: path (empty for fstat) */
	CT_EV_LSTAT = 25,
	CT_EV_FSTAT = 26,      /* a0=fd */
	CT_EV_FSTATAT = 27,
	CT_EV_STATX = 28,      /* a0=dirfd a1=flags a2=mask */
	CT_EV_ACCESS = 29,     /* a0=dirfd a1=mode a2=flags */
	/* memory */
	CT_EV_MMAP = 40,       /* a0=offset a1=(fd<<40)|(prot<<32)|flags (fd: a1>>40, arithmetic)
	                          a2=length; result=address; s: file path or empty */
	CT_EV_MUNMAP = 41,     /* a0=address a2=length */
	/* dynamic loading */
	CT_EV_DLOPEN = 50,     /* a0=flags a1=lmid (-1 plain dlopen) a2=caller address; result=handle
	                          (0 = failed); s: requested, dlerror() text or "", caller object,
	                          path of the object the handle names or "" */
	CT_EV_DLCLOSE = 51,    /* a0=handle; s: error or "" */
	CT_EV_LIB = 52,        /* an object appeared in the link map. a0=how (ct_lib_how) a1=dlopen seq
	                          a2=base address; s: path, requested name, caller object */
	CT_EV_LIB_GONE = 53,   /* an object left the link map. a2=base; s: path */
	CT_EV_STACK = 54,      /* call site of this thread's latest record of kind a1: a0=frames;
	                          s: frames innermost first, each "object+0xoff symbol+0xoff\n" */
	/* threads */
	CT_EV_THREAD_CREATE = 60, /* result=rc a0=thread seq (pairs with THREAD_START) a1=start address;
	                             s: start routine "object+0xoff symbol+0xoff" */
	CT_EV_THREAD_START = 61,  /* first record of a new thread: a0=creator tid a1=thread seq */
	CT_EV_THREAD_EXIT = 62,
	/* python (pyhook) */
	CT_EV_PY_INFO = 70,    /* s: version, executable, implementation, status ("" = ok, else why unavailable) */
	CT_EV_IMPORT_BEGIN = 71,  /* a0=import id a1=parent id; s: module */
	CT_EV_IMPORT_END = 72,    /* a0=import id a1=ok a2=ct_import_kind; s: module, file or "", exception type or "" */
	CT_EV_PY_AUDIT = 73,   /* another audit event worth keeping; s: event name, summary of args */
	CT_EV_KIND_MAX = 80
};

enum ct_exit_how {
	CT_EXIT_RETURN = 0, /* exit() / return from main (atexit ran) */
	CT_EXIT_UNDERSCORE = 1, /* _exit / _Exit / os._exit */
	CT_EXIT_SIGNAL = 2, /* a fatal signal */
	CT_EXIT_EXEC = 3    /* the image was replaced by exec */
};

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
	CT_DROP_FULL = 0,    /* every chunk was handed out (CT_LOG_MAX_CHUNKS) */
	CT_DROP_NOSPACE = 1, /* no disk blocks for the records (disk full, quota) */
	CT_DROP_FSIZE = 2,   /* the log would pass the process's RLIMIT_FSIZE */
	CT_DROP_OTHER = 3,   /* anything else (no memory for a mapping...): drop_errno */
	CT_DROP_KINDS = 4
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
	uint32_t dropped;       /* atomic: records lost, whatever the cause (the sum of drops[]) */
	uint32_t finished;      /* 1 once the final flush completed */
	uint32_t pad;
	uint32_t drops[CT_DROP_KINDS]; /* atomic: records lost, by enum ct_drop (0 in older logs) */
	int32_t drop_errno;     /* errno behind the latest CT_DROP_OTHER loss */
	uint32_t pad2;
};

struct ct_chunk_hdr {
	uint32_t magic;         /* CT_CHUNK_MAGIC once the chunk is claimed */
	uint32_t tid;           /* owning thread (gettid) */
	uint32_t used;          /* bytes of records after this header (release store) */
	uint32_t seq;           /* per-thread chunk order, from 0 */
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

static inline uint64_t ct_zigzag(int64_t v)
{
	return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

static inline int64_t ct_unzigzag(uint64_t u)
{
	return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}

#endif
