/*
 * execwhy.c -- why an exec'd program left no log: from its file as it is
 * found now (mode, owner, file capabilities, ELF kind) and the ids of the
 * process that exec'd it, as the kernel decides.
 *
 * Secure-execution mode (AT_SECURE): the exec changes the effective uid
 * or gid away from the caller's real one (set-user-ID, set-group-ID), or
 * file capabilities raise the privileges of a caller other than root; its
 * loader then ignores LD_PRELOAD entries that hold a slash.  Never: a
 * cause stated that the file and the ids do not show (without ids, the
 * words say "when run by ...").
 */
#include <stdio.h>
#include <sys/stat.h>
#include <sys/xattr.h>

#include "elfkind.h"

#define CT_SECURE_TAIL "the loader runs it in secure-execution mode, which ignores LD_PRELOAD " \
		       "entries that hold a slash (the shim)"

static int ct_has_caps(const char *path)
{
	return getxattr(path, "security.capability", NULL, 0) > 0;
}

/* With the caller's ids: what the exec makes of them. */
static const char *ct_secure_ids(const char *path, const struct stat *st,
				 const struct ct_exec_ids *ids, char *buf, size_t n)
{
	uint32_t euid = st->st_mode & S_ISUID ? (uint32_t)st->st_uid : ids->euid;
	uint32_t egid = st->st_mode & S_ISGID ? (uint32_t)st->st_gid : ids->egid;

	if (euid != ids->ruid)
		snprintf(buf, n, "%s (effective uid %u, run by uid %u): " CT_SECURE_TAIL,
			 st->st_mode & S_ISUID ? "set-user-ID" : "its caller's effective uid differs",
			 euid, ids->ruid);
	else if (egid != ids->rgid)
		snprintf(buf, n, "%s (effective gid %u, real gid %u): " CT_SECURE_TAIL,
			 st->st_mode & S_ISGID ? "set-group-ID" : "its caller's effective gid differs",
			 egid, ids->rgid);
	else if (ids->ruid != 0 && ct_has_caps(path))
		snprintf(buf, n, "file capabilities (setcap), run by uid %u: " CT_SECURE_TAIL,
			 ids->ruid);
	else
		return NULL;
	return buf;
}

/* Secure-execution mode for the file st (at path) and the ids, if any. */
static const char *ct_secure(const char *path, const struct stat *st,
			     const struct ct_exec_ids *ids, char *buf, size_t n)
{
	if (ids)
		return ct_secure_ids(path, st, ids, buf, n);
	if (st->st_mode & (S_ISUID | S_ISGID))
		snprintf(buf, n, "setuid/setgid: when that changes its ids, " CT_SECURE_TAIL);
	else if (ct_has_caps(path))
		snprintf(buf, n, "file capabilities (setcap): when run by a user other than root, "
			 CT_SECURE_TAIL);
	else
		return NULL;
	return buf;
}

const char *ct_exec_secure_why(const char *path, const struct ct_exec_ids *ids, char *buf,
			       size_t n)
{
	struct stat st;

	return stat(path, &st) == 0 ? ct_secure(path, &st, ids, buf, n) : NULL;
}

const char *ct_exec_untraced_why(const char *path, const struct ct_exec_ids *ids,
				 uint32_t dir_uid, char *buf, size_t n)
{
	struct stat st;
	uint32_t euid;

	if (stat(path, &st) < 0)
		return "no log appeared (its file cannot be examined now)";
	if (ct_secure(path, &st, ids, buf, n))
		return buf;
	euid = st.st_mode & S_ISUID ? (uint32_t)st.st_uid : ids ? ids->euid : dir_uid;
	if (euid != dir_uid) {
		snprintf(buf, n, "it ran as uid %u and the run directory belongs to uid %u (its "
			 "caller changed user before the exec): its shim cannot write a log there",
			 euid, dir_uid);
		return buf;
	}
	switch (ct_elf_unreachable(path)) {
	case CT_ELF_STATIC:
		return "statically linked: no dynamic loader, so LD_PRELOAD cannot apply";
	case CT_ELF_32BIT:
		return "a 32-bit program: the 64-bit shim cannot be loaded into it (it is "
		       "left out of the program's LD_PRELOAD)";
	}
	return "no log appeared: LD_PRELOAD or COLDTRACE_* removed from its environment, "
	       "tracing turned off (--no-follow), or it died before the shim started";
}
