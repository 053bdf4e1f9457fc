/*
 * elfhdr.h -- the ELF header, read once for every reader in elf/.
 *
 * Private to elf/: elf.c (64-bit objects), elfkind.c (executables of
 * either class) and symtab.c (section headers) each take the fields they
 * need from here and check the class and byte order they accept.
 */
#ifndef CT_ELFHDR_H
#define CT_ELFHDR_H

#include <stddef.h>
#include <stdint.h>

/* An ELF header of either class, its fields widened. */
struct ct_elfhdr {
	int is64;               /* ELFCLASS64 (else ELFCLASS32) */
	int lsb;                /* ELFDATA2LSB */
	unsigned type;          /* e_type */
	uint64_t phoff, shoff;  /* as written: bound them before use */
	unsigned phnum, phentsize, shnum, shentsize;
};

/* 0 and *h filled when the n bytes at buf (a file's first) start with a
 * whole ELF header of class 32 or 64; -1 otherwise. */
int ct_elfhdr_parse(const void *buf, size_t n, struct ct_elfhdr *h);

#endif
