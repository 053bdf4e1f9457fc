/*
 * ctlog_read.c -- mapping and validating a .ctlog, iterating its records.
 *
 * Never touch a byte at or past the file's size (a truncated mapping raises
 * SIGBUS) and never trust a length before checking it against its chunk.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ctlog_read.h"
#include "ctpack_read.h"
#include "holes.h"
#include "order.h"
#include "readfile.h"

#define CT_CHDR ((uint32_t)sizeof(struct ct_chunk_hdr))
#define CT_RHDR ((uint32_t)sizeof(struct ct_rec_head))

const char *ct_kind_name(int kind)
{
	return ct_kind(kind)->name;
}

static void ct_logfile_problem(struct ct_logfile *lg, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Keeps the first defect only: later ones are usually its consequences. */
static void ct_logfile_problem(struct ct_logfile *lg, const char *fmt, ...)
{
	va_list ap;

	if (lg->problem[0])
		return;
	va_start(ap, fmt);
	vsnprintf(lg->problem, sizeof(lg->problem), fmt, ap);
	va_end(ap);
}

/* Maps lg->path whole: 0, -1 with the problem set, or 1 when there is
 * no such file. */
static int ct_logfile_map(struct ct_logfile *lg)
{
	struct stat st;
	void *map;
	int fd;

	fd = ct_open_regular(lg->path);
	if (fd < 0 && errno == ENOENT)
		return 1;
	if (fd < 0) {
		ct_logfile_problem(lg, "%s: open: %s", lg->path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0 || st.st_size < (off_t)sizeof(struct ct_log_hdr)) {
		ct_logfile_problem(lg, "%s: not a coldtrace event log (too short)", lg->path);
		close(fd);
		return -1;
	}
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	lg->holes = ct_fills_holes(fd);
	close(fd);
	if (map == MAP_FAILED) {
		ct_logfile_problem(lg, "%s: mmap: %s", lg->path, strerror(errno));
		return -1;
	}
	/* Only the header and the used part of each chunk are read: readahead
	 * would fill the page cache with the rest of every 1 MiB chunk (zeros
	 * of a sparse file), 30 times what a run of small processes needs. */
	madvise(map, (size_t)st.st_size, MADV_RANDOM);
	lg->map = map;
	lg->map_len = (size_t)st.st_size;
	return 0;
}

static int ct_logfile_check_hdr(struct ct_logfile *lg)
{
	static const char zeros[sizeof(lg->hdr.magic)];

	if (lg->holes && ct_span_unbacked(lg->map, sizeof(lg->hdr)))
		memset(&lg->hdr, 0, sizeof(lg->hdr));
	else
		memcpy(&lg->hdr, lg->map, sizeof(lg->hdr));
	if (!memcmp(lg->hdr.magic, zeros, sizeof(zeros))) {
		ct_logfile_problem(lg, "%s: its header was never written (the image ended, or "
				   "found no room on the disk, before its first record)", lg->path);
		return -1;
	}
	if (memcmp(lg->hdr.magic, CT_LOG_MAGIC, sizeof(lg->hdr.magic))) {
		ct_logfile_problem(lg, "%s: not a coldtrace event log (bad magic)", lg->path);
		return -1;
	}
	if (lg->hdr.version < CT_LOG_VERSION_MIN || lg->hdr.version > CT_LOG_VERSION) {
		ct_logfile_problem(lg, "%s: event log version %u, this coldtrace reads %u to %u",
			       lg->path, lg->hdr.version, CT_LOG_VERSION_MIN, CT_LOG_VERSION);
		return -1;
	}
	if (lg->hdr.chunk_size != CT_CHUNK_SIZE) {
		ct_logfile_problem(lg, "%s: chunk size %u, expected %u", lg->path,
			       lg->hdr.chunk_size, CT_CHUNK_SIZE);
		return -1;
	}
	return 0;
}

/* One LEB128 varint at *off, not past end; 0 when malformed. */
static int ct_varint(const unsigned char *p, uint32_t *off, uint32_t end, uint64_t *v)
{
	uint64_t x = 0;
	uint32_t o = *off;

	for (int shift = 0; shift < 64 && o < end; shift += 7) {
		unsigned char b = p[o++];

		x |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80)) {
			*off = o;
			*v = x;
			return 1;
		}
	}
	return 0;
}

/* The present mask and fields of the record at p (size bytes) into r;
 * the offset of its first string, 0 when malformed. */
static uint32_t ct_rec_fields(const unsigned char *p, uint32_t size, struct ct_rec *r)
{
	uint64_t v[CT_REC_FIELDS] = { 0 };
	uint32_t off = CT_RHDR + 1;
	unsigned present = p[CT_RHDR];

	if (present >> CT_REC_FIELDS)
		return 0;
	for (unsigned left = present; left; left &= left - 1)   /* the present ones, in order */
		if (!ct_varint(p, &off, size, &v[__builtin_ctz(left)]))
			return 0;
	r->dur_ns = v[0];
	r->result = ct_unzigzag(v[1]);
	r->err = (int32_t)ct_unzigzag(v[2]);
	r->a0 = ct_unzigzag(v[3]);
	r->a1 = ct_unzigzag(v[4]);
	r->a2 = ct_unzigzag(v[5]);
	return off;
}

/* Decodes the record at p, which has avail bytes before its chunk's
 * `used` ends, into ev; its size, or 0 when it is malformed (too short,
 * misaligned, a field or a string running past its end). */
static uint32_t ct_rec_decode(const unsigned char *p, uint32_t avail, struct ct_logrec *ev)
{
	struct ct_rec_head h;
	uint32_t off;
	const unsigned char *nul;

	if (avail < CT_RHDR + 1)
		return 0;
	memcpy(&h, p, sizeof(h));
	if (h.size < CT_RHDR + 1 || h.size % 8 || h.size > avail)
		return 0;
	ev->dec = (struct ct_rec){ .size = h.size, .kind = h.kind, .nstr = h.nstr,
				   .import_id = h.import_id, .t_ns = h.t_ns };
	ev->rec = &ev->dec;
	off = ct_rec_fields(p, h.size, &ev->dec);
	if (!off)
		return 0;
	ev->nstr = h.nstr < CT_EV_MAXSTR ? h.nstr : CT_EV_MAXSTR;
	for (int i = 0; i < h.nstr; i++) {
		nul = off < h.size ? memchr(p + off, 0, h.size - off) : NULL;
		if (!nul)
			return 0;
		if (i < CT_EV_MAXSTR)
			ev->s[i] = (const char *)p + off;
		off = (uint32_t)(nul - p) + 1;
	}
	return h.size;
}

/* Bytes of whole valid records at the start of a chunk's data (counted
 * in lg->nrecords, their latest end in lg->end_ns). */
static uint32_t ct_chunk_valid(struct ct_logfile *lg, const unsigned char *data,
			       uint32_t used, uint32_t index)
{
	uint32_t off = 0, size;
	struct ct_logrec ev;

	while (off < used) {
		size = ct_rec_decode(data + off, used - off, &ev);
		if (!size) {
			ct_logfile_problem(lg, "%s: chunk %u: malformed record at byte %u; "
				       "the rest of the chunk is ignored", lg->path, index, off);
			break;
		}
		off += size;
		lg->nrecords++;
		if (ev.dec.t_ns + ev.dec.dur_ns > lg->end_ns)
			lg->end_ns = ev.dec.t_ns + ev.dec.dur_ns;
	}
	return off;
}

/* Where chunk `index` begins, and in *avail the bytes it may use there
 * (0: none): in the file, or in a slot's pack bytes (chunk 1) and its
 * .ctmore (the others). */
static const unsigned char *ct_chunk_at(const struct ct_logfile *lg, uint32_t index,
					size_t *avail)
{
	const unsigned char *base = lg->map;
	size_t len = lg->map_len, cap = CT_CHUNK_SIZE;
	uint64_t start = ct_chunk_off(lg->hdr.version, index);

	if (lg->pack) {
		start = ct_slot_chunk_off(index);
		cap = ct_chunk_cap(lg->hdr.slot, index);
		if (index >= 2) {
			base = lg->more;
			len = lg->more_len;
		}
	}
	*avail = 0;
	if (!base || start >= len)
		return NULL;
	*avail = len - start < cap ? len - start : cap;
	return base + start;
}

/* A new entry at the end of lg->chunks; NULL when out of memory. */
static struct ct_chunk_ref *ct_chunk_ref_new(struct ct_logfile *lg)
{
	struct ct_chunk_ref *more;
	size_t cap = lg->chunks_cap ? lg->chunks_cap * 2 : 16;

	if (lg->nchunks == lg->chunks_cap) {
		more = realloc(lg->chunks, cap * sizeof(*more));
		if (!more) {
			ct_logfile_problem(lg, "%s: realloc: %s", lg->path, strerror(errno));
			return NULL;
		}
		lg->chunks = more;
		lg->chunks_cap = cap;
	}
	return &lg->chunks[lg->nchunks++];
}

/* The segments of chunk `index`: one in a version 2 log; from version 3,
 * a segment's header may follow the last record of the one before (a dead
 * thread's rest, taken by another).  0, or -1 when out of memory. */
static int ct_chunk_add(struct ct_logfile *lg, uint32_t index)
{
	size_t avail, off = 0;
	const unsigned char *base = ct_chunk_at(lg, index, &avail);
	struct ct_chunk_hdr ch;
	struct ct_chunk_ref *ref;

	do {
		if (avail - off < CT_CHDR || (lg->holes && ct_span_unbacked(base + off, CT_CHDR)))
			return 0;
		memcpy(&ch, base + off, sizeof(ch));
		if (ch.magic != CT_CHUNK_MAGIC)
			return 0;       /* claimed but never written: nothing in it */
		if (ch.used > avail - off - CT_CHDR) {
			ct_logfile_problem(lg, "%s: chunk %u claims %u bytes at byte %zu, the file "
				       "holds %zu (truncated)", lg->path, index, ch.used, off,
				       avail - off - CT_CHDR);
			ch.used = (uint32_t)(avail - off - CT_CHDR);
		}
		ref = ct_chunk_ref_new(lg);
		if (!ref)
			return -1;
		ref->tid = ch.tid;
		ref->seq = ch.seq;
		ref->index = index;
		ref->off = (uint32_t)off;
		ref->used = ct_chunk_valid(lg, base + off + CT_CHDR, ch.used, index);
		off += CT_CHDR + ch.used;
	} while (lg->hdr.version >= 3);
	return 0;
}

static int ct_chunk_cmp(const void *a, const void *b)
{
	const struct ct_chunk_ref *x = a, *y = b;

	return ct_order(x->tid, y->tid) ?: ct_order(x->seq, y->seq) ?:
	       ct_order(x->index, y->index) ?: ct_order(x->off, y->off);
}

/* Chunks the file has room for, chunk 0 included (the last maybe cut);
 * a slot's: its chunk 1, and those of its .ctmore. */
static uint32_t ct_chunks_in_file(const struct ct_logfile *lg)
{
	size_t first = (size_t)ct_chunk_off(lg->hdr.version, 1);

	if (lg->map_len <= first)
		return 1;
	if (lg->pack)
		return 2 + (uint32_t)((lg->more_len + CT_CHUNK_SIZE - 1) / CT_CHUNK_SIZE);
	return 1 + (uint32_t)((lg->map_len - first + CT_CHUNK_SIZE - 1) / CT_CHUNK_SIZE);
}

static int ct_logfile_index(struct ct_logfile *lg)
{
	uint32_t n = lg->hdr.next_chunk, in_file, i;

	in_file = ct_chunks_in_file(lg);
	if (n > in_file || n > CT_LOG_MAX_CHUNKS) {
		ct_logfile_problem(lg, "%s: header counts %u chunks, the file holds %u "
			       "(truncated or corrupt)", lg->path, n, in_file);
		n = in_file < CT_LOG_MAX_CHUNKS ? in_file : CT_LOG_MAX_CHUNKS;
	}
	for (i = 1; i < n; i++)
		if (ct_chunk_add(lg, i) < 0)
			return -1;
	if (lg->nchunks)
		qsort(lg->chunks, lg->nchunks, sizeof(*lg->chunks), ct_chunk_cmp);
	return 0;
}

/* The slot of lg->path's directory's pack that holds the log of that
 * name: 0, 1 when the pack holds none (or there is no pack), or -1 with
 * why set (a pack that cannot be read). */
static int ct_logfile_slot(struct ct_logfile *lg, char *why, size_t whylen)
{
	char dir[4096], base[256];
	const char *slash = strrchr(lg->path, '/'), *name = slash ? slash + 1 : lg->path;
	size_t n = strlen(name);
	int rc;

	if (!ct_is_log_name(name))
		return 1;
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - lg->path) : 1, slash ? lg->path : ".");
	snprintf(base, sizeof(base), "%.*s", (int)(n - strlen(CT_LOG_SUFFIX)), name);
	rc = ct_pack_find(dir, base, &lg->pack, &lg->map, &lg->map_len, why, whylen);
	lg->holes = rc == 0 && ct_pack_fills_holes(lg->pack);
	return rc;
}

/* A slot's chunks 2 on, from <base>.ctmore, when its header counts them;
 * where that file cannot be read, they are missing (a problem) and the
 * rest of the log is read. */
static void ct_logfile_more(struct ct_logfile *lg)
{
	char path[4200];
	struct stat st;
	int fd;

	if (!lg->pack || lg->hdr.next_chunk <= 2)
		return;
	snprintf(path, sizeof(path), "%.*s%s", (int)(strlen(lg->path) - strlen(CT_LOG_SUFFIX)), lg->path, CT_MORE_SUFFIX);
	fd = ct_open_regular(path);
	if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size > 0) {
		lg->more = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		lg->more_len = lg->more == MAP_FAILED ? 0 : (size_t)st.st_size;
		lg->holes |= ct_fills_holes(fd);
	}
	if (lg->more == MAP_FAILED)
		lg->more = NULL;
	if (fd >= 0)
		close(fd);
	if (lg->more)
		madvise((void *)lg->more, lg->more_len, MADV_RANDOM);
	else
		ct_logfile_problem(lg, "%s: chunks 2 to %u of the log are missing (%s)", path,
				   lg->hdr.next_chunk - 1, fd < 0 ? strerror(errno) : "empty or unreadable");
}

int ct_logfile_open(struct ct_logfile *lg, const char *path)
{
	char why[300] = "";
	int rc, mapped;

	memset(lg, 0, sizeof(*lg));
	lg->path = strdup(path);
	if (!lg->path) {
		snprintf(lg->problem, sizeof(lg->problem), "strdup: %s", strerror(errno));
		return -1;
	}
	/* the pack first: a slot's name names no file, and an open failing
	 * per image was a quarter of the merge of 200 short images */
	rc = ct_logfile_slot(lg, why, sizeof(why));
	if (rc != 0 && (mapped = ct_logfile_map(lg)) != 0) {
		if (mapped > 0 && rc < 0)
			ct_logfile_problem(lg, "%s", why);
		else if (mapped > 0)
			ct_logfile_problem(lg, "%s: open: %s", lg->path, strerror(ENOENT));
		return -1;
	}
	if (ct_logfile_check_hdr(lg) < 0)
		return -1;
	ct_logfile_more(lg);
	return ct_logfile_index(lg);
}

void ct_logfile_close(struct ct_logfile *lg)
{
	if (lg->map && !lg->pack)
		munmap((void *)lg->map, lg->map_len);
	ct_pack_drop(lg->pack);
	if (lg->more)
		munmap((void *)lg->more, lg->more_len);
	free(lg->chunks);
	free(lg->path);
	memset(lg, 0, sizeof(*lg));
}

void ct_logfile_iter_init(struct ct_logfile_iter *it, const struct ct_logfile *lg)
{
	it->lg = lg;
	it->chunk = 0;
	it->off = 0;
	it->family = 0;
}

int ct_logfile_next(struct ct_logfile_iter *it, struct ct_logrec *ev)
{
	const struct ct_chunk_ref *ref;
	const unsigned char *p;
	uint16_t size;

	while (it->chunk < it->lg->nchunks) {
		ref = &it->lg->chunks[it->chunk];
		if (it->off < ref->used) {
			size_t avail;

			p = ct_chunk_at(it->lg, ref->index, &avail) + ref->off + CT_CHDR + it->off;
			if (it->family && ct_kind(p[offsetof(struct ct_rec_head, kind)])->family !=
					  it->family) {
				memcpy(&size, p, sizeof(size));   /* the head's size: validated */
				it->off += size;
				continue;
			}
			ev->tid = ref->tid;
			it->off += ct_rec_decode(p, ref->used - it->off, ev);  /* validated at open */
			return 1;
		}
		it->chunk++;
		it->off = 0;
	}
	return 0;
}

/* The kind table's rule for the record's kind (ct_rec_failed). */
int ct_logrec_failed(const struct ct_logrec *ev)
{
	return ct_rec_failed(ev->rec);
}
