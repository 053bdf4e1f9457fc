/*
 * elfkind.c -- spotting executables LD_PRELOAD cannot reach before running
 * them: statically linked ones, and 32-bit ones.
 *
 * Reads only the ELF header (elfhdr.c) and program headers (64- and
 * 32-bit, either byte order is not needed: we only run native programs).  Never: calling
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

#include "elfhdr.h"
#include "elfkind.h"
#include "lib/readfile.h"

#define CT_MAX_PHDRS 256

/* PT_INTERP's file offset and size: 1 found, 0 none, -1 unreadable. */
static int ct_find_interp(int fd, const struct ct_elfhdr *h, uint64_t *off, uint64_t *len)
{
	unsigned char buf[64];
	uint32_t type, o32, l32;
	unsigned i;

	if (h->phnum == 0 || h->phnum > CT_MAX_PHDRS || h->phentsize < (h->is64 ? 40u : 20u) ||
	    h->phentsize > sizeof(buf))
		return -1;
	for (i = 0; i < h->phnum; i++) {
		if (ct_pread_full(fd, buf, h->phentsize, h->phoff + (uint64_t)i * h->phentsize) < 0)
			return -1;
		memcpy(&type, buf, sizeof(type));   /* p_type is first in both classes */
		if (type != PT_INTERP)
			continue;
		if (h->is64) {
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

/* 0 and *h filled for an ELF executable or shared object, else -1. */
static int ct_read_ehdr(int fd, struct ct_elfhdr *h)
{
	unsigned char head[sizeof(Elf64_Ehdr)];
	ssize_t r = pread(fd, head, sizeof(head), 0);

	if (ct_elfhdr_parse(head, r > 0 ? (size_t)r : 0, h) < 0)
		return -1;
	return h->type == ET_EXEC || h->type == ET_DYN ? 0 : -1;
}

int ct_elf_unreachable(const char *path)
{
	int fd = ct_open_regular(path), why = 0;
	struct ct_elfhdr h;
	uint64_t off, len;

	if (fd < 0)
		return 0;
	if (ct_read_ehdr(fd, &h) == 0) {
		switch (ct_find_interp(fd, &h, &off, &len)) {
		case 0:
			why = CT_ELF_STATIC;
			break;
		case 1:
			why = h.is64 ? 0 : CT_ELF_32BIT;
			break;
		}
	}
	close(fd);
	return why;
}

char *ct_elf_interp(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct ct_elfhdr h;
	uint64_t off, len = 0;
	char *interp = NULL;

	if (fd < 0)
		return NULL;
	if (ct_read_ehdr(fd, &h) == 0 && ct_find_interp(fd, &h, &off, &len) == 1 &&
	    len > 1 && len < PATH_MAX && (interp = calloc(1, (size_t)len + 1)) &&
	    (ct_pread_full(fd, interp, (size_t)len, off) < 0 || interp[len - 1] != '\0' ||
	     interp[0] != '/')) {
		free(interp);
		interp = NULL;
	}
	close(fd);
	return interp;
}
