/*
 * elfkind.h -- is a program one that LD_PRELOAD can reach?
 */
#ifndef CT_ELFKIND_H
#define CT_ELFKIND_H

/* 1: an ELF executable without PT_INTERP (statically linked: no dynamic
 * loader, so no LD_PRELOAD); 0: dynamic, a script, or not readable. */
int ct_elf_is_static(const char *path);

#endif
