/*
 * elfkind.h -- is a program one that LD_PRELOAD can reach?
 */
#ifndef CT_ELFKIND_H
#define CT_ELFKIND_H

/* 1: an ELF executable without PT_INTERP (statically linked: no dynamic
 * loader, so no LD_PRELOAD); 0: dynamic, a script, or not readable. */
int ct_elf_is_static(const char *path);

/* 1: a dynamically linked 32-bit ELF program.  Its loader refuses the
 * 64-bit shim in LD_PRELOAD and says so on the program's stderr. */
int ct_elf_is_32bit(const char *path);

/* The program's PT_INTERP (its dynamic loader), malloc'd; NULL for a
 * static program, a script, or what cannot be read. */
char *ct_elf_interp(const char *path);

#endif
