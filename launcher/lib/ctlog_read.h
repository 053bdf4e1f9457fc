/*
 * ctlog_read.h -- reading one .ctlog event log (format: common/ct_log.h):
 * a file of its own, or a slot of the run directory's pack named as one
 * (ctpack_read.h).
 *
 * The file may be truncated, half-written or not a log at all: opening it
 * validates every chunk and record once, and iteration then yields only
 * records that lie entirely inside the bytes a chunk header counts.  Never:
 * a read past the end of the file, a record that crosses its chunk's `used`,
 * a string without its NUL.
 */
#ifndef CT_CTLOG_READ_H
#define CT_CTLOG_READ_H

#include <stddef.h>
#include <stdint.h>

#include "ct_log.h"

#define CT_EV_MAXSTR 128  /* strings decoded per record; more are ignored */

/* One record, decoded.  Pointers stay valid until ct_logfile_close(). */
struct ct_logrec {
	const struct ct_rec *rec; /* &dec */
	struct ct_rec dec;        /* the record's fields, decoded */
	uint32_t tid;             /* thread that wrote the chunk */
	int nstr;                 /* strings available in s[] */
	const char *s[CT_EV_MAXSTR];
};

struct ct_chunk_ref {
	uint32_t tid;
	uint32_t seq;
	uint32_t index;           /* chunk number in the file */
	uint32_t off;             /* the segment's header, bytes into the chunk */
	uint32_t used;            /* bytes of whole, valid records */
};

struct ct_pack;

struct ct_logfile {
	char *path;
	const unsigned char *map; /* whole file, read-only; a pack's slot: its bytes in the pack */
	size_t map_len;
	struct ct_pack *pack;     /* the pack map is in (a reference), NULL: a file of its own */
	const unsigned char *more; /* a slot's <base>.ctmore (chunks 2 on), NULL: none */
	size_t more_len;
	struct ct_log_hdr hdr;
	struct ct_chunk_ref *chunks; /* segments, sorted by (tid, seq, index, off) */
	size_t nchunks;
	size_t chunks_cap;        /* entries allocated in chunks */
	uint64_t nrecords;        /* valid records in all chunks */
	uint64_t end_ns;          /* latest t_ns + dur_ns of them; 0 when none */
	int holes;                /* its file system fills holes at a read (lib/holes.h) */
	char problem[320];        /* first defect found, "" when none */
};

struct ct_logfile_iter {
	const struct ct_logfile *lg;
	size_t chunk;
	uint32_t off;
	int family;               /* 0: every record; else only this ct_family's */
};

/* 0 on success (lg->problem may still name a defect that cost records);
 * -1 when nothing can be read: lg->problem says why.  Either way call
 * ct_logfile_close(). */
int ct_logfile_open(struct ct_logfile *lg, const char *path);
void ct_logfile_close(struct ct_logfile *lg);

/* Records thread by thread (ascending tid), each thread's in order. */
void ct_logfile_iter_init(struct ct_logfile_iter *it, const struct ct_logfile *lg);
/* 1 and *ev filled, or 0 at the end. */
int ct_logfile_next(struct ct_logfile_iter *it, struct ct_logrec *ev);

/* String i of a record, "" when the record has fewer. */
static inline const char *ct_logrec_str(const struct ct_logrec *ev, int i)
{
	return i < ev->nstr ? ev->s[i] : "";
}

/* "open", "dlopen", ... for a record kind; NULL when unknown. */
const char *ct_kind_name(int kind);

/* Did the call a record describes fail?  (Per kind: errno, NULL handle...) */
int ct_logrec_failed(const struct ct_logrec *ev);

#endif
