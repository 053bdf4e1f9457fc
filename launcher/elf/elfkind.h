/*
 * elfkind.h -- is a program one that LD_PRELOAD can reach?
 */
#ifndef CT_ELFKIND_H
#define CT_ELFKIND_H

/* Why LD_PRELOAD cannot reach a program: CT_ELF_STATIC, an ELF executable
 * without PT_INTERP (no dynamic loader); CT_ELF_32BIT, a dynamically linked
 * 32-bit one (its loader refuses the 64-bit shim, and says so on the
 * program's stderr); 0: it can, or it is a script, or not readable. */
enum { CT_ELF_STATIC = 1, CT_ELF_32BIT = 2 };
int ct_elf_unreachable(const char *path);

/* The program's PT_INTERP (its dynamic loader), malloc'd; NULL for a
 * static program, a script, or what cannot be read. */
char *ct_elf_interp(const char *path);

#endif
