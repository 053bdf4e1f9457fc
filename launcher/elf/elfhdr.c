/*
 * elfhdr.c -- the one reader of an ELF header (elfhdr.h).
 *
 * Never: a field taken from bytes beyond n, or from a file whose class is
 * neither 32 nor 64.
 */
#include <elf.h>
#include <string.h>

#include "elfhdr.h"

int ct_elfhdr_parse(const void *buf, size_t n, struct ct_elfhdr *h)
{
	const unsigned char *id = buf;
	Elf64_Ehdr e64;
	Elf32_Ehdr e32;

	if (n < EI_NIDENT || memcmp(id, ELFMAG, SELFMAG))
		return -1;
	if (id[EI_CLASS] == ELFCLASS64 && n >= sizeof(e64)) {
		memcpy(&e64, buf, sizeof(e64));
		*h = (struct ct_elfhdr){ 1, 0, e64.e_type, e64.e_phoff, e64.e_shoff, e64.e_phnum,
					 e64.e_phentsize, e64.e_shnum, e64.e_shentsize };
	} else if (id[EI_CLASS] == ELFCLASS32 && n >= sizeof(e32)) {
		memcpy(&e32, buf, sizeof(e32));
		*h = (struct ct_elfhdr){ 0, 0, e32.e_type, e32.e_phoff, e32.e_shoff, e32.e_phnum,
					 e32.e_phentsize, e32.e_shnum, e32.e_shentsize };
	} else {
		return -1;
	}
	h->lsb = id[EI_DATA] == ELFDATA2LSB;
	return 0;
}
