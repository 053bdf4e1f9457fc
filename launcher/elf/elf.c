/*
 * elf.c -- soname, build-id, size and realpath of an object on disk, and
 * the content test for the CUDA driver stub.
 *
 * 64-bit little-endian ELF only (the objects of an x86-64 process); every
 * offset and count read from a file is bounded before use.  Never: a read
 * of more than a few KiB of a file (its symbol table, for the stub test of
 * a libcuda only), however large the file is.
 */
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ct_elf.h"
#include "elfhdr.h"
#include "lib/readfile.h"
#include "sanrt.h"

#define CT_MAX_PHDR   64
#define CT_MAX_DYN    512
#define CT_MAX_NOTE   1024
#define CT_NAME_MAX   256
#define CT_MAX_SHDR   256
#define CT_MAX_SYMTAB (4u << 20)
#define CT_STUB_RET   0x22   /* CUDA_ERROR_STUB_LIBRARY */
#define CT_HEAD       4096
#define CT_MAX_SPAN   (64u << 10)

/* An open object with its first bytes cached: the ELF header, program
 * headers and the build-id note are usually all in the first page, so one
 * read serves them (syscalls dominate the merger's time). */
struct ct_file {
	int fd;
	size_t head_len;
	unsigned char head[CT_HEAD];
};

static int ct_fread(const struct ct_file *f, void *buf, size_t n, uint64_t off)
{
	if (off <= f->head_len && n <= f->head_len - off) {
		memcpy(buf, f->head + off, n);
		return 0;
	}
	return ct_pread_full(f->fd, buf, n, off);
}

static int ct_file_open(struct ct_file *f, const char *path)
{
	ssize_t r;

	f->fd = ct_open_regular(path);
	f->head_len = 0;
	if (f->fd < 0)
		return -1;
	r = pread(f->fd, f->head, sizeof(f->head), 0);
	f->head_len = r > 0 ? (size_t)r : 0;
	return 0;
}

/* The header of a 64-bit little-endian object (elfhdr.c reads it). */
static int ct_read_ehdr(const struct ct_file *f, struct ct_elfhdr *eh)
{
	if (ct_elfhdr_parse(f->head, f->head_len, eh) < 0 || !eh->is64 || !eh->lsb)
		return -1;
	return 0;
}

static int ct_read_phdrs(const struct ct_file *f, const struct ct_elfhdr *eh, Elf64_Phdr *ph)
{
	int n = eh->phnum < CT_MAX_PHDR ? (int)eh->phnum : CT_MAX_PHDR;

	if (eh->phentsize != sizeof(Elf64_Phdr) ||
	    ct_fread(f, ph, (size_t)n * sizeof(*ph), eh->phoff) < 0)
		return 0;
	return n;
}

/* File offset of a virtual address, through the PT_LOAD that holds it. */
static int ct_vaddr_off(const Elf64_Phdr *ph, int n, uint64_t va, uint64_t *off)
{
	int i;

	for (i = 0; i < n; i++)
		if (ph[i].p_type == PT_LOAD && va >= ph[i].p_vaddr &&
		    va < ph[i].p_vaddr + ph[i].p_filesz) {
			*off = va - ph[i].p_vaddr + ph[i].p_offset;
			return 0;
		}
	return -1;
}

static char *ct_build_id_hex(const unsigned char *desc, uint32_t n)
{
	static const char digits[] = "0123456789abcdef";
	char *hex = malloc((size_t)n * 2 + 1);
	uint32_t i;

	for (i = 0; hex && i < n; i++) {
		hex[2 * i] = digits[desc[i] >> 4];
		hex[2 * i + 1] = digits[desc[i] & 15];
	}
	if (hex)
		hex[2 * (size_t)n] = '\0';
	return hex;
}

static char *ct_find_build_id(const unsigned char *buf, size_t len)
{
	size_t off = 0;
	Elf64_Nhdr nh;

	while (off + sizeof(nh) <= len) {
		memcpy(&nh, buf + off, sizeof(nh));
		off += sizeof(nh);
		if (nh.n_namesz > len || nh.n_descsz > len)
			return NULL;
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    off + 4 + nh.n_descsz <= len && !memcmp(buf + off, "GNU", 4))
			return ct_build_id_hex(buf + off + 4, nh.n_descsz);
		off += ((nh.n_namesz + 3) & ~3u) + ((nh.n_descsz + 3) & ~3u);
	}
	return NULL;
}

static char *ct_note_build_id(const struct ct_file *f, const Elf64_Phdr *ph, int n)
{
	unsigned char buf[CT_MAX_NOTE];
	size_t len;
	char *id;
	int i;

	for (i = 0; i < n; i++) {
		if (ph[i].p_type != PT_NOTE)
			continue;
		len = ph[i].p_filesz < sizeof(buf) ? ph[i].p_filesz : sizeof(buf);
		if (ct_fread(f, buf, len, ph[i].p_offset) < 0)
			continue;
		id = ct_find_build_id(buf, len);
		if (id)
			return id;
	}
	return NULL;
}

/* The dynamic string table's strings that matter (soname, DT_NEEDED) lie
 * close together: one read of their span, instead of one per string. */
struct ct_strspan {
	uint64_t lo;
	size_t len;
	char *buf;
};

static void ct_span_read(const struct ct_file *f, uint64_t stroff, const Elf64_Dyn *dyn,
			 int ndyn, struct ct_strspan *sp)
{
	uint64_t lo = UINT64_MAX, hi = 0, v;
	int i;

	sp->buf = NULL;
	for (i = 0; i < ndyn && dyn[i].d_tag != DT_NULL; i++) {
		if (dyn[i].d_tag != DT_NEEDED && dyn[i].d_tag != DT_SONAME &&
		    dyn[i].d_tag != DT_RUNPATH && dyn[i].d_tag != DT_RPATH)
			continue;
		v = dyn[i].d_un.d_val;
		lo = v < lo ? v : lo;
		hi = v > hi ? v : hi;
	}
	if (lo > hi || hi - lo > CT_MAX_SPAN)
		return;
	sp->lo = lo;
	sp->len = (size_t)(hi - lo) + CT_NAME_MAX;
	sp->buf = malloc(sp->len + 1);
	if (!sp->buf)
		return;
	v = (uint64_t)pread(f->fd, sp->buf, sp->len, (off_t)(stroff + lo));
	if ((int64_t)v <= 0) {
		free(sp->buf);
		sp->buf = NULL;
		return;
	}
	sp->len = (size_t)v;
	sp->buf[sp->len] = 0;
}

/* String at offset off of the table, NULL when not inside the span. */
static const char *ct_span_str(const struct ct_strspan *sp, uint64_t off)
{
	if (!sp->buf || off < sp->lo || off - sp->lo >= sp->len)
		return NULL;
	return sp->buf + (off - sp->lo);
}

/* The DT_NEEDED names in order, each NUL-ended, then an empty one; NULL
 * when there are none (or no memory). */
static char *ct_dyn_needed(const struct ct_strspan *sp, const Elf64_Dyn *dyn, int ndyn)
{
	const char *name;
	size_t len = 1, k = 0, n;
	char *out;
	int i;

	for (i = 0; i < ndyn && dyn[i].d_tag != DT_NULL; i++)
		if (dyn[i].d_tag == DT_NEEDED && (name = ct_span_str(sp, dyn[i].d_un.d_val)))
			len += strlen(name) + 1;
	if (len == 1 || !(out = malloc(len)))
		return NULL;
	for (i = 0; i < ndyn && dyn[i].d_tag != DT_NULL; i++) {
		if (dyn[i].d_tag != DT_NEEDED || !(name = ct_span_str(sp, dyn[i].d_un.d_val)))
			continue;
		n = strlen(name) + 1;
		memcpy(out + k, name, n);
		k += n;
	}
	out[k] = 0;
	return out;
}

int ct_elf_needs(const char *needed, const char *name)
{
	for (const char *p = needed; p && *p; p += strlen(p) + 1)
		if (!strcmp(p, name))
			return 1;
	return 0;
}

static void ct_dyn_facts(const struct ct_file *f, const Elf64_Phdr *ph, int nph,
			 const Elf64_Dyn *dyn, int ndyn, struct ct_elf_info *info)
{
	uint64_t strtab = 0, stroff;
	struct ct_strspan sp;
	const char *name;
	int i;

	for (i = 0; i < ndyn && dyn[i].d_tag != DT_NULL; i++)
		if (dyn[i].d_tag == DT_STRTAB)
			strtab = dyn[i].d_un.d_ptr;
	if (ct_vaddr_off(ph, nph, strtab, &stroff) < 0)
		return;
	ct_span_read(f, stroff, dyn, ndyn, &sp);
	for (i = 0; i < ndyn && dyn[i].d_tag != DT_NULL; i++) {
		name = ct_span_str(&sp, dyn[i].d_un.d_val);
		if (dyn[i].d_tag == DT_SONAME && name && !info->soname)
			info->soname = strdup(name);
		/* the loader ignores DT_RPATH when DT_RUNPATH is present */
		if ((dyn[i].d_tag == DT_RUNPATH || (dyn[i].d_tag == DT_RPATH && !info->runpath)) &&
		    name) {
			free(info->runpath);
			info->runpath = strdup(name);
		}
		if (dyn[i].d_tag == DT_NEEDED && name && !info->sanitizer && ct_sanitizer_rt(name))
			info->sanitizer = strdup(name);
	}
	info->needed = ct_dyn_needed(&sp, dyn, ndyn);
	free(sp.buf);
}

static void ct_dynamic(const struct ct_file *f, const Elf64_Phdr *ph, int n,
		       struct ct_elf_info *info)
{
	Elf64_Dyn dyn[CT_MAX_DYN];
	size_t len;
	int i;

	for (i = 0; i < n; i++) {
		if (ph[i].p_type != PT_DYNAMIC)
			continue;
		len = ph[i].p_filesz < sizeof(dyn) ? ph[i].p_filesz : sizeof(dyn);
		len -= len % sizeof(Elf64_Dyn);
		if (len && ct_fread(f, dyn, len, ph[i].p_offset) == 0)
			ct_dyn_facts(f, ph, n, dyn, (int)(len / sizeof(Elf64_Dyn)), info);
		return;
	}
}

/* The kernel's name for the open file: the realpath without a path walk
 * per component in user space. */
static char *ct_fd_realpath(int fd)
{
	char link[64], buf[4096];
	ssize_t r;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	r = readlink(link, buf, sizeof(buf) - 1);
	if (r <= 0)
		return NULL;
	buf[r] = 0;
	return strdup(buf);
}

int ct_elf_read(const char *path, struct ct_elf_info *info)
{
	Elf64_Phdr ph[CT_MAX_PHDR];
	struct ct_file f;
	struct ct_elfhdr eh;
	struct stat st;
	int n;

	memset(info, 0, sizeof(*info));
	info->size = -1;
	if (ct_file_open(&f, path) < 0)
		return -1;
	if (fstat(f.fd, &st) == 0)
		info->size = st.st_size;
	info->realpath = ct_fd_realpath(f.fd);
	if (ct_read_ehdr(&f, &eh) == 0) {
		info->is_dso = eh.type == ET_DYN;
		n = ct_read_phdrs(&f, &eh, ph);
		ct_dynamic(&f, ph, n, info);
		info->build_id = ct_note_build_id(&f, ph, n);
	}
	close(f.fd);
	return 0;
}

void ct_elf_info_free(struct ct_elf_info *info)
{
	free(info->realpath);
	free(info->soname);
	free(info->build_id);
	free(info->runpath);
	free(info->sanitizer);
	free(info->needed);
	memset(info, 0, sizeof(*info));
}

static void *ct_pread_alloc(int fd, uint64_t off, uint64_t len)
{
	void *buf;

	if (!len || len > CT_MAX_SYMTAB)
		return NULL;
	buf = malloc(len + 1);
	if (buf && ct_pread_full(fd, buf, len, off) < 0) {
		free(buf);
		return NULL;
	}
	if (buf)
		((char *)buf)[len] = 0;
	return buf;
}

/* Value of a dynamic symbol, through .dynsym and its string table. */
static int ct_dynsym_value(int fd, const struct ct_elfhdr *eh, const char *want, uint64_t *val)
{
	Elf64_Shdr sh[CT_MAX_SHDR];
	int n = eh->shnum < CT_MAX_SHDR ? (int)eh->shnum : CT_MAX_SHDR, i, rc = -1;
	Elf64_Sym *sym = NULL;
	char *str = NULL;
	uint64_t k, nsym;

	if (eh->shentsize != sizeof(Elf64_Shdr) ||
	    ct_pread_full(fd, sh, (size_t)n * sizeof(*sh), eh->shoff) < 0)
		return -1;
	for (i = 0; i < n && sh[i].sh_type != SHT_DYNSYM; i++)
		;
	if (i == n || sh[i].sh_link >= (unsigned)n)
		return -1;
	sym = ct_pread_alloc(fd, sh[i].sh_offset, sh[i].sh_size);
	str = ct_pread_alloc(fd, sh[sh[i].sh_link].sh_offset, sh[sh[i].sh_link].sh_size);
	nsym = sh[i].sh_size / sizeof(Elf64_Sym);
	for (k = 0; sym && str && k < nsym; k++) {
		if (sym[k].st_name < sh[sh[i].sh_link].sh_size && sym[k].st_shndx != SHN_UNDEF &&
		    !strcmp(str + sym[k].st_name, want)) {
			*val = sym[k].st_value;
			rc = 0;
			break;
		}
	}
	free(sym);
	free(str);
	return rc;
}

/* "mov $34,%eax" then, at most one instruction byte later (pop %rbp),
 * "ret": a function whose whole body is `return 34`. */
static int ct_returns_stub(const unsigned char *code, size_t n)
{
	size_t i;

	for (i = 0; i + 5 < n; i++) {
		if (code[i] != 0xb8 || code[i + 1] != CT_STUB_RET || code[i + 2] ||
		    code[i + 3] || code[i + 4])
			continue;
		return code[i + 5] == 0xc3 || (i + 6 < n && code[i + 5] == 0x5d &&
					       code[i + 6] == 0xc3);
	}
	return 0;
}

int ct_elf_is_cuda_stub(const char *path)
{
	Elf64_Phdr ph[CT_MAX_PHDR];
	unsigned char code[16];
	uint64_t va, off;
	struct ct_file f;
	struct ct_elfhdr eh;
	int n, stub = 0;

	if (ct_file_open(&f, path) < 0)
		return 0;
	if (ct_read_ehdr(&f, &eh) == 0 && eh.type == ET_DYN &&
	    ct_dynsym_value(f.fd, &eh, "cuInit", &va) == 0) {
		n = ct_read_phdrs(&f, &eh, ph);
		if (ct_vaddr_off(ph, n, va, &off) == 0 &&
		    ct_fread(&f, code, sizeof(code), off) == 0)
			stub = ct_returns_stub(code, sizeof(code));
	}
	close(f.fd);
	return stub;
}
