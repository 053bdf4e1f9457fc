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

#define CT_MAX_PHDR   64
#define CT_MAX_DYN    512
#define CT_MAX_NOTE   1024
#define CT_NAME_MAX   256
#define CT_MAX_SHDR   256
#define CT_MAX_SYMTAB (4u << 20)
#define CT_STUB_RET   0x22   /* CUDA_ERROR_STUB_LIBRARY */

static int ct_pread_all(int fd, void *buf, size_t n, uint64_t off)
{
	ssize_t r = pread(fd, buf, n, (off_t)off);

	return r == (ssize_t)n ? 0 : -1;
}

static int ct_read_ehdr(int fd, Elf64_Ehdr *eh)
{
	if (ct_pread_all(fd, eh, sizeof(*eh), 0) < 0)
		return -1;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_ident[EI_DATA] != ELFDATA2LSB)
		return -1;
	return 0;
}

static int ct_read_phdrs(int fd, const Elf64_Ehdr *eh, Elf64_Phdr *ph)
{
	int n = eh->e_phnum < CT_MAX_PHDR ? eh->e_phnum : CT_MAX_PHDR;

	if (eh->e_phentsize != sizeof(Elf64_Phdr) ||
	    ct_pread_all(fd, ph, (size_t)n * sizeof(*ph), eh->e_phoff) < 0)
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
	char *hex = malloc((size_t)n * 2 + 1);
	uint32_t i;

	for (i = 0; hex && i < n; i++)
		snprintf(hex + 2 * i, 3, "%02x", desc[i]);
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

static char *ct_note_build_id(int fd, const Elf64_Phdr *ph, int n)
{
	unsigned char buf[CT_MAX_NOTE];
	size_t len;
	char *id;
	int i;

	for (i = 0; i < n; i++) {
		if (ph[i].p_type != PT_NOTE)
			continue;
		len = ph[i].p_filesz < sizeof(buf) ? ph[i].p_filesz : sizeof(buf);
		if (ct_pread_all(fd, buf, len, ph[i].p_offset) < 0)
			continue;
		id = ct_find_build_id(buf, len);
		if (id)
			return id;
	}
	return NULL;
}

static char *ct_dyn_soname(int fd, const Elf64_Phdr *ph, int n, const Elf64_Dyn *dyn,
			   int ndyn)
{
	uint64_t strtab = 0, soname = 0, off;
	char name[CT_NAME_MAX];
	int i, have = 0;
	ssize_t r;

	for (i = 0; i < ndyn && dyn[i].d_tag != DT_NULL; i++) {
		if (dyn[i].d_tag == DT_STRTAB)
			strtab = dyn[i].d_un.d_ptr;
		else if (dyn[i].d_tag == DT_SONAME) {
			soname = dyn[i].d_un.d_val;
			have = 1;
		}
	}
	if (!have || ct_vaddr_off(ph, n, strtab, &off) < 0)
		return NULL;
	r = pread(fd, name, sizeof(name) - 1, (off_t)(off + soname));
	if (r <= 0)
		return NULL;
	name[r] = 0;
	return strlen(name) < (size_t)r ? strdup(name) : NULL;
}

static char *ct_soname(int fd, const Elf64_Phdr *ph, int n)
{
	Elf64_Dyn dyn[CT_MAX_DYN];
	size_t len;
	int i;

	for (i = 0; i < n; i++) {
		if (ph[i].p_type != PT_DYNAMIC)
			continue;
		len = ph[i].p_filesz < sizeof(dyn) ? ph[i].p_filesz : sizeof(dyn);
		len -= len % sizeof(Elf64_Dyn);
		if (!len || ct_pread_all(fd, dyn, len, ph[i].p_offset) < 0)
			return NULL;
		return ct_dyn_soname(fd, ph, n, dyn, (int)(len / sizeof(Elf64_Dyn)));
	}
	return NULL;
}

/* The kernel's name for the open file: the realpath without a path walk
 * per component in user space. */
static char *ct_fd_path(int fd)
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

int ct_elf_inspect(const char *path, struct ct_elf_info *info)
{
	Elf64_Phdr ph[CT_MAX_PHDR];
	Elf64_Ehdr eh;
	struct stat st;
	int fd, n;

	memset(info, 0, sizeof(*info));
	info->size = -1;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0)
		info->size = st.st_size;
	info->realpath = ct_fd_path(fd);
	if (ct_read_ehdr(fd, &eh) == 0) {
		info->is_dso = eh.e_type == ET_DYN;
		n = ct_read_phdrs(fd, &eh, ph);
		info->soname = ct_soname(fd, ph, n);
		info->build_id = ct_note_build_id(fd, ph, n);
	}
	close(fd);
	return 0;
}

void ct_elf_info_free(struct ct_elf_info *info)
{
	free(info->realpath);
	free(info->soname);
	free(info->build_id);
	memset(info, 0, sizeof(*info));
}

static void *ct_pread_alloc(int fd, uint64_t off, uint64_t len)
{
	void *buf;

	if (!len || len > CT_MAX_SYMTAB)
		return NULL;
	buf = malloc(len + 1);
	if (buf && ct_pread_all(fd, buf, len, off) < 0) {
		free(buf);
		return NULL;
	}
	if (buf)
		((char *)buf)[len] = 0;
	return buf;
}

/* Value of a dynamic symbol, through .dynsym and its string table. */
static int ct_dynsym_value(int fd, const Elf64_Ehdr *eh, const char *want, uint64_t *val)
{
	Elf64_Shdr sh[CT_MAX_SHDR];
	int n = eh->e_shnum < CT_MAX_SHDR ? eh->e_shnum : CT_MAX_SHDR, i, rc = -1;
	Elf64_Sym *sym = NULL;
	char *str = NULL;
	uint64_t k, nsym;

	if (eh->e_shentsize != sizeof(Elf64_Shdr) ||
	    ct_pread_all(fd, sh, (size_t)n * sizeof(*sh), eh->e_shoff) < 0)
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
	Elf64_Ehdr eh;
	int fd, n, stub = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (ct_read_ehdr(fd, &eh) == 0 && eh.e_type == ET_DYN &&
	    ct_dynsym_value(fd, &eh, "cuInit", &va) == 0) {
		n = ct_read_phdrs(fd, &eh, ph);
		if (ct_vaddr_off(ph, n, va, &off) == 0 &&
		    ct_pread_all(fd, code, sizeof(code), off) == 0)
			stub = ct_returns_stub(code, sizeof(code));
	}
	close(fd);
	return stub;
}
