/*
 * log.c -- the per-process event log (format: common/ct_log.h).
 *
 * Each thread appends to a chunk of its own through a MAP_SHARED mapping:
 * no lock, no system call per record, and whatever a chunk header counts is
 * in the page cache, so it survives a crash or SIGKILL.  No file descriptor
 * is kept open (a host may close every fd): a chunk is claimed by opening
 * the file by name in the checked run directory (ct_run_open), mapping it,
 * and closing the descriptor again.
 * Never: a record crossing a chunk, two writers on one chunk, errno changed.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

#define CT_REC_ALIGN 8u

static struct ct_log_hdr *ct_hdr;   /* chunk 0, mapped for the process's life */

#define CT_ALLOC_FIRST (64u * 1024u) /* disk blocks of a thread's first chunk, at first */
#define CT_HDR_BYTES 4096u           /* chunk 0 holds only the file header */

/* Disk blocks for [off, off + len) of the log, allocated before any page
 * there is written: a full disk then means a dropped record, never a
 * SIGBUS in the host.  The file is opened by path each time. */
static int ct_log_alloc(uint64_t off, uint32_t len)
{
	int fd = ct_run_open(".ctlog", O_RDWR, 0);
	int saved = errno;
	long rc;

	if (fd < 0)
		return -1;
	rc = syscall(SYS_fallocate, fd, 0, (off_t)off, (off_t)len);
	ct_sys_close(fd);
	errno = saved;
	return rc < 0 ? -1 : 0;
}

/* Maps len bytes of chunk idx, the first `first` of them allocated. */
static void *ct_map_chunk(uint32_t idx, uint32_t len, uint32_t first)
{
	uint64_t off = (uint64_t)idx * CT_CHUNK_SIZE;
	int fd, saved = errno;
	void *p;

	if (ct_log_alloc(off, first) < 0 || (fd = ct_run_open(".ctlog", O_RDWR, 0)) < 0)
		return NULL;
	p = (void *)syscall(SYS_mmap, NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			    (off_t)off);
	ct_sys_close(fd);
	errno = saved;
	return (long)p < 0 && (long)p > -4096 ? NULL : p;
}

/* Creates <run_dir>/<base>.ctlog and maps its header; the file grows as
 * threads claim chunks and fill them. */
int ct_log_start(void)
{
	int fd = ct_run_open(".ctlog", O_RDWR | O_CREAT | O_EXCL, 0600);

	if (fd < 0)
		return -1;
	ct_sys_close(fd);
	ct_hdr = ct_map_chunk(0, CT_HDR_BYTES, CT_HDR_BYTES);
	if (!ct_hdr)
		return -1;
	memcpy(ct_hdr->magic, CT_LOG_MAGIC, sizeof(ct_hdr->magic));
	ct_hdr->version = CT_LOG_VERSION;
	ct_hdr->chunk_size = CT_CHUNK_SIZE;
	ct_hdr->pid = (uint32_t)getpid();
	ct_hdr->ppid = (uint32_t)getppid();
	ct_hdr->start_mono_ns = ct_now_ns();
	ct_hdr->start_unix_ns = ct_unix_ns();
	__atomic_store_n(&ct_hdr->next_chunk, 1, __ATOMIC_RELEASE);
	return 0;
}

static void ct_chunk_release(void)
{
	if (ct_self.chunk)
		syscall(SYS_munmap, ct_self.chunk, CT_CHUNK_SIZE);
	ct_self.chunk = NULL;
	ct_self.used = 0;
	ct_self.alloc = 0;
}

/* A full chunk is unmapped at once: the shim's resident memory stays at
 * one chunk per thread whatever the log's length. */
static int ct_chunk_claim(void)
{
	uint32_t idx, first;
	struct ct_chunk_hdr *c;

	ct_chunk_release();
	idx = __atomic_fetch_add(&ct_hdr->next_chunk, 1, __ATOMIC_ACQ_REL);
	if (idx >= CT_LOG_MAX_CHUNKS)
		return -1;
	/* A thread that filled a chunk gets whole ones (each fallocate costs
	 * an ext4 journal transaction); a short-lived one only what it uses. */
	first = ct_self.seq ? CT_CHUNK_SIZE : CT_ALLOC_FIRST;
	c = ct_map_chunk(idx, CT_CHUNK_SIZE, first);
	if (!c)
		return -1;
	c->tid = ct_gettid();
	c->seq = ct_self.seq++;
	c->used = 0;
	__atomic_store_n(&c->magic, CT_CHUNK_MAGIC, __ATOMIC_RELEASE);
	ct_self.chunk = c;
	ct_self.idx = idx;
	ct_self.alloc = first;
	return 0;
}

/* Room for `size` more bytes of records in the current chunk, claiming a
 * new chunk or doubling the allocated part of this one as needed; -1:
 * none. */
static int ct_chunk_room(uint32_t size)
{
	uint32_t need = (uint32_t)sizeof(struct ct_chunk_hdr) + ct_self.used + size;
	uint32_t grow;

	if (!ct_self.chunk || need > CT_CHUNK_SIZE) {
		if (ct_chunk_claim() < 0)
			return -1;
		need = (uint32_t)sizeof(struct ct_chunk_hdr) + size;
	}
	if (need <= ct_self.alloc)
		return 0;
	grow = ct_self.alloc < CT_CHUNK_SIZE - ct_self.alloc ? ct_self.alloc
							      : CT_CHUNK_SIZE - ct_self.alloc;
	if (ct_log_alloc((uint64_t)ct_self.idx * CT_CHUNK_SIZE + ct_self.alloc, grow) < 0)
		return -1;
	ct_self.alloc += grow;
	return 0;
}

/* The present mask and varints of r's fields into out; their length. */
static size_t ct_fields_encode(const struct ct_rec *r, unsigned char *out)
{
	const uint64_t v[CT_REC_FIELDS] = { r->dur_ns, ct_zigzag(r->result),
		ct_zigzag(r->err), ct_zigzag(r->a0), ct_zigzag(r->a1), ct_zigzag(r->a2) };
	size_t n = 1;

	out[0] = 0;
	for (int i = 0; i < CT_REC_FIELDS; i++) {
		uint64_t x = v[i];

		if (!x)
			continue;
		out[0] |= (unsigned char)(1u << i);
		while (x >= 0x80) {
			out[n++] = (unsigned char)(x | 0x80);
			x >>= 7;
		}
		out[n++] = (unsigned char)x;
	}
	return n;
}

static void ct_rec_write(char *dst, const struct ct_rec *r, const unsigned char *fields,
			 size_t nfields, int nstr, const char *const *strs,
			 const size_t *lens)
{
	const struct ct_rec_head head = { r->size, r->kind, r->nstr, r->import_id, r->t_ns };
	char *p = dst + sizeof(head);

	memcpy(dst, &head, sizeof(head));
	memcpy(p, fields, nfields);
	p += nfields;
	for (int i = 0; i < nstr; i++) {
		memcpy(p, strs[i], lens[i]);
		p[lens[i]] = '\0';
		p += lens[i] + 1;
	}
	memset(p, 0, (size_t)(dst + r->size - p));
}

void ct_log_emit(int kind, uint64_t t_ns, uint64_t dur_ns, int64_t result,
		 int err, int64_t a0, int64_t a1, int64_t a2,
		 int nstr, const char *const *strs)
{
	unsigned char fields[1 + CT_REC_FIELDS * CT_VARINT_MAX];
	size_t lens[4], nfields, size;
	struct ct_rec r;

	if (!ct_hdr || nstr > 4)
		return;
	r = (struct ct_rec){ .kind = (uint8_t)kind, .nstr = (uint8_t)nstr,
		.import_id = ct_self.import_id, .t_ns = t_ns, .dur_ns = dur_ns,
		.result = result, .err = err, .a0 = a0, .a1 = a1, .a2 = a2 };
	nfields = ct_fields_encode(&r, fields);
	size = sizeof(struct ct_rec_head) + nfields;
	for (int i = 0; i < nstr; i++) {
		lens[i] = strnlen(strs[i], CT_STR_MAX - 1);
		size += lens[i] + 1;
	}
	r.size = (uint16_t)((size + CT_REC_ALIGN - 1) & ~(size_t)(CT_REC_ALIGN - 1));
	if (ct_chunk_room(r.size) < 0) {
		__atomic_fetch_add(&ct_hdr->dropped, 1, __ATOMIC_RELAXED);
		return;
	}
	ct_rec_write((char *)(ct_self.chunk + 1) + ct_self.used, &r, fields, nfields,
		     nstr, strs, lens);
	ct_self.used += r.size;
	__atomic_store_n(&ct_self.chunk->used, ct_self.used, __ATOMIC_RELEASE);
}

void ct_log_thread_done(void)
{
	ct_chunk_release();
}

/* The exit snapshot is written.  Threads still running may append after
 * this; the file is never shrunk under them. */
void ct_log_finish(void)
{
	if (ct_hdr)
		__atomic_store_n(&ct_hdr->finished, 1, __ATOMIC_RELEASE);
}

/* fork child: the parent's mappings are shared with the parent; writing to
 * them would corrupt its log.  Leave them mapped (other threads' chunks are
 * unknown here) but never touch them again. */
void ct_log_forget(void)
{
	ct_hdr = NULL;
	ct_self.chunk = NULL;
	ct_self.used = 0;
	ct_self.seq = 0;
}
