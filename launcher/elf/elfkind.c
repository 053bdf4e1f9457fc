/*
 * elfkind.c -- spotting statically linked executables before running them.
 *
 * Reads only the ELF header and program headers (64- and 32-bit, either
 * byte order is not needed: we only run native programs).  Never: calling
 * something static when it could not be read or parsed -- a false warning
 * is worse than none.
 */
#include <elf.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "elfkind.h"
#include "lib/readfile.h"

#define CT_MAX_PHDRS 256

static int ct_pread_all(int fd, void *buf, size_t n, off_t off)
{
	return pread(fd, buf, n, off) == (ssize_t)n ? 0 : -1;
}

/* Scans e_phnum program headers of size phentsize from phoff; 1 when one
 * is PT_INTERP, 0 when none is, -1 when they cannot be read. */
static int ct_has_interp(int fd, off_t phoff, unsigned phnum, unsigned phentsize)
{
	unsigned char ph[64];
	uint32_t type;
	unsigned i;

	if (phnum == 0 || phnum > CT_MAX_PHDRS || phentsize < sizeof(type) || phentsize > sizeof(ph))
		return -1;
	for (i = 0; i < phnum; i++) {
		if (ct_pread_all(fd, ph, phentsize, phoff + (off_t)i * phentsize) < 0)
			return -1;
		memcpy(&type, ph, sizeof(type));   /* p_type is first in both classes */
		if (type == PT_INTERP)
			return 1;
	}
	return 0;
}

static int ct_elf_static_fd(int fd)
{
	unsigned char id[EI_NIDENT];
	Elf64_Ehdr e64;
	Elf32_Ehdr e32;

	if (ct_pread_all(fd, id, sizeof(id), 0) < 0 || memcmp(id, ELFMAG, SELFMAG))
		return 0;
	if (id[EI_CLASS] == ELFCLASS64 && ct_pread_all(fd, &e64, sizeof(e64), 0) == 0)
		return (e64.e_type == ET_EXEC || e64.e_type == ET_DYN) &&
		       ct_has_interp(fd, (off_t)e64.e_phoff, e64.e_phnum, e64.e_phentsize) == 0;
	if (id[EI_CLASS] == ELFCLASS32 && ct_pread_all(fd, &e32, sizeof(e32), 0) == 0)
		return (e32.e_type == ET_EXEC || e32.e_type == ET_DYN) &&
		       ct_has_interp(fd, (off_t)e32.e_phoff, e32.e_phnum, e32.e_phentsize) == 0;
	return 0;
}

int ct_elf_is_static(const char *path)
{
	int fd = ct_open_regular(path);
	int r;

	if (fd < 0)
		return 0;
	r = ct_elf_static_fd(fd);
	close(fd);
	return r;
}
