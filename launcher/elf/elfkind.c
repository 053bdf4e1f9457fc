/*
 * elfkind.c -- spotting executables LD_PRELOAD cannot reach before running
 * them: statically linked ones, and 32-bit ones.
 *
 * Reads only the ELF header and program headers (64- and 32-bit, either
 * byte order is not needed: we only run native programs).  Never: calling
 * something static when it could not be read or parsed -- a false warning
 * is worse than none.
 */
#include <elf.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elfkind.h"
#include "lib/readfile.h"

#define CT_MAX_PHDRS 256

/* Where the program headers are. */
struct ct_phdrs {
	int is64;
	unsigned type;          /* e_type */
	off_t off;
	unsigned num, entsize;
};

/* PT_INTERP's file offset and size: 1 found, 0 none, -1 unreadable. */
static int ct_find_interp(int fd, const struct ct_phdrs *ph, uint64_t *off, uint64_t *len)
{
	unsigned char buf[64];
	uint32_t type, o32, l32;
	unsigned i;

	if (ph->num == 0 || ph->num > CT_MAX_PHDRS || ph->entsize < (ph->is64 ? 40u : 20u) ||
	    ph->entsize > sizeof(buf))
		return -1;
	for (i = 0; i < ph->num; i++) {
		if (ct_pread_full(fd, buf, ph->entsize, ph->off + (off_t)i * ph->entsize) < 0)
			return -1;
		memcpy(&type, buf, sizeof(type));   /* p_type is first in both classes */
		if (type != PT_INTERP)
			continue;
		if (ph->is64) {
			memcpy(off, buf + offsetof(Elf64_Phdr, p_offset), sizeof(*off));
			memcpy(len, buf + offsetof(Elf64_Phdr, p_filesz), sizeof(*len));
		} else {
			memcpy(&o32, buf + offsetof(Elf32_Phdr, p_offset), sizeof(o32));
			memcpy(&l32, buf + offsetof(Elf32_Phdr, p_filesz), sizeof(l32));
			*off = o32;
			*len = l32;
		}
		return 1;
	}
	return 0;
}

/* 0 and *ph filled for an ELF executable or shared object, else -1. */
static int ct_read_phdrs(int fd, struct ct_phdrs *ph)
{
	unsigned char id[EI_NIDENT];
	Elf64_Ehdr e64;
	Elf32_Ehdr e32;

	if (ct_pread_full(fd, id, sizeof(id), 0) < 0 || memcmp(id, ELFMAG, SELFMAG))
		return -1;
	if (id[EI_CLASS] == ELFCLASS64 && ct_pread_full(fd, &e64, sizeof(e64), 0) == 0)
		*ph = (struct ct_phdrs){ 1, e64.e_type, (off_t)e64.e_phoff, e64.e_phnum,
					 e64.e_phentsize };
	else if (id[EI_CLASS] == ELFCLASS32 && ct_pread_full(fd, &e32, sizeof(e32), 0) == 0)
		*ph = (struct ct_phdrs){ 0, e32.e_type, (off_t)e32.e_phoff, e32.e_phnum,
					 e32.e_phentsize };
	else
		return -1;
	return ph->type == ET_EXEC || ph->type == ET_DYN ? 0 : -1;
}

int ct_elf_unreachable(const char *path)
{
	int fd = ct_open_regular(path), why = 0;
	struct ct_phdrs ph;
	uint64_t off, len;

	if (fd < 0)
		return 0;
	if (ct_read_phdrs(fd, &ph) == 0) {
		switch (ct_find_interp(fd, &ph, &off, &len)) {
		case 0:
			why = CT_ELF_STATIC;
			break;
		case 1:
			why = ph.is64 ? 0 : CT_ELF_32BIT;
			break;
		}
	}
	close(fd);
	return why;
}

char *ct_elf_interp(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct ct_phdrs ph;
	uint64_t off, len = 0;
	char *interp = NULL;

	if (fd < 0)
		return NULL;
	if (ct_read_phdrs(fd, &ph) == 0 && ct_find_interp(fd, &ph, &off, &len) == 1 &&
	    len > 1 && len < PATH_MAX && (interp = calloc(1, (size_t)len + 1)) &&
	    (ct_pread_full(fd, interp, (size_t)len, off) < 0 || interp[len - 1] != '\0' ||
	     interp[0] != '/')) {
		free(interp);
		interp = NULL;
	}
	close(fd);
	return interp;
}
