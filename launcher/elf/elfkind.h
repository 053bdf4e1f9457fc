/*
 * elfkind.h -- is a program one that LD_PRELOAD can reach?
 */
#ifndef CT_ELFKIND_H
#define CT_ELFKIND_H

#include <stddef.h>
#include <stdint.h>

/* Why LD_PRELOAD cannot reach a program: CT_ELF_STATIC, an ELF executable
 * without PT_INTERP (no dynamic loader); CT_ELF_32BIT, a dynamically linked
 * 32-bit one (its loader refuses the 64-bit shim, and says so on the
 * program's stderr); 0: it can, or it is a script, or not readable. */
enum { CT_ELF_STATIC = 1, CT_ELF_32BIT = 2 };
int ct_elf_unreachable(const char *path);

/* The program's PT_INTERP (its dynamic loader), malloc'd; NULL for a
 * static program, a script, or what cannot be read. */
char *ct_elf_interp(const char *path);

/* The exec's caller's real and effective ids (the shim's exec record). */
struct ct_exec_ids {
	uint32_t ruid, euid, rgid, egid;
};

/* execwhy.c: why the loader of path, exec'd by a caller with ids (NULL:
 * not known), runs in secure-execution mode and so ignores the shim in
 * LD_PRELOAD: set-user-ID or set-group-ID bits that change its ids, or
 * file capabilities given to a caller other than root; into buf (n
 * bytes).  NULL when it does not, or the file cannot be examined. */
const char *ct_exec_secure_why(const char *path, const struct ct_exec_ids *ids, char *buf,
			       size_t n);

/* Why path, exec'd by a caller with ids (NULL: not known), left no log in
 * a run directory owned by dir_uid: secure-execution mode, a user the
 * run directory is not writable by, a static or 32-bit program, or (the
 * file tells nothing) the environment, --no-follow or an early death. */
const char *ct_exec_untraced_why(const char *path, const struct ct_exec_ids *ids,
				 uint32_t dir_uid, char *buf, size_t n);

#endif
