/*
 * audit.c -- libcoldtrace-audit.so, the dynamic loader's own account
 * (LD_AUDIT; `ct-launch --loader`).
 *
 * ld.so loads an audit library into a link-map namespace of its own, before
 * the program's objects: it shares nothing with the shim, so it writes its
 * own log, <run dir>/<pid>.<CLOCK_MONOTONIC ns>.ldaudit, one text line per
 * event (format: docs/loader-audit.md), after its version line:
 *   V version                 the format's version (common/ldaudit.h)
 *   S t flag requester name   la_objsearch: a name or a candidate path tried
 *   O t lmid id path          la_objopen: an object mapped
 *   C t id path               la_objclose
 *   A t flag                  la_activity: ADD, DELETE, CONSISTENT
 *   R, B, E, N                the phases and each object's initialisers
 *                             (audit_init.c)
 * Never: a write into a file of the program's (the descriptor is checked
 * against the log's inode before each write), a changed search result, or
 * symbol-binding hooks (la_objopen returns 0: no PLT trampolines).
 */
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "audit.h"
#include "kclock.h"
#include "ldaudit.h"

#define CT_AUDIT_EXPORT __attribute__((visibility("default")))
#define CT_AUDIT_FD_MIN 900   /* out of the way of a program's own descriptors */

static int ct_fd = -1;
static pid_t ct_pid;          /* the process the log belongs to (a fork starts anew) */
static dev_t ct_dev;
static ino_t ct_ino;
static uintptr_t ct_next_id;

/* The kernel's clock (common/kclock.h), the same the shim reads. */
static uint64_t ct_mono_ns(void)
{
	return ct_kclock_ns(CLOCK_MONOTONIC);
}

/* A new log for this process: -1 when there is no run directory. */
static int ct_open_log(void)
{
	const char *dir = getenv("COLDTRACE_RUN_DIR");
	char path[4096];
	struct stat st;
	int fd;

	if (!dir || !*dir)
		return -1;
	ct_pid = getpid();
	snprintf(path, sizeof(path), "%s/%d.%llu.ldaudit", dir, (int)ct_pid,
		 (unsigned long long)ct_mono_ns());
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	ct_fd = fcntl(fd, F_DUPFD_CLOEXEC, CT_AUDIT_FD_MIN);
	close(fd);
	if (ct_fd < 0 || fstat(ct_fd, &st) < 0)
		return ct_fd = -1;
	ct_dev = st.st_dev;
	ct_ino = st.st_ino;
	ct_line("V %d\n", CT_LDAUDIT_VERSION);
	return 0;
}

static int ct_fd_is_log(void)
{
	struct stat st;

	return ct_fd >= 0 && fstat(ct_fd, &st) == 0 && st.st_dev == ct_dev && st.st_ino == ct_ino;
}

/* Our log on our descriptor: a forked child closes the parent's and opens
 * its own; a descriptor the program closed or reused is never touched. */
static int ct_log_ok(void)
{
	if (ct_pid != getpid()) {
		if (ct_fd_is_log())
			close(ct_fd);
		ct_fd = -1;
		return ct_open_log() == 0;
	}
	if (ct_fd_is_log())
		return 1;
	ct_fd = -1;
	return 0;
}

void ct_line(const char *fmt, ...)
{
	char buf[4608];
	va_list ap;
	int n, saved = errno;

	if (!ct_log_ok()) {
		errno = saved;
		return;
	}
	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 1)
		n = (int)sizeof(buf) - 1;
	if (n > 0 && write(ct_fd, buf, (size_t)n) < 0)
		ct_fd = -1;
	errno = saved;
}

/* The first event opens the log (ct_pid is 0 until then). */
CT_AUDIT_EXPORT unsigned int la_version(unsigned int version)
{
	return version < LAV_CURRENT ? version : LAV_CURRENT;
}

static const char *ct_ser_name(unsigned int flag)
{
	switch (flag) {
	case LA_SER_ORIG:    return "orig";
	case LA_SER_LIBPATH: return "LD_LIBRARY_PATH";
	case LA_SER_RUNPATH: return "RUNPATH";
	case LA_SER_CONFIG:  return "cache";
	case LA_SER_DEFAULT: return "default";
	case LA_SER_SECURE:  return "secure";
	default:             return "other";
	}
}

CT_AUDIT_EXPORT char *la_objsearch(const char *name, uintptr_t *cookie, unsigned int flag)
{
	ct_op_event();
	ct_line("S %llu %s %lu %s\n", (unsigned long long)ct_mono_ns(), ct_ser_name(flag),
		cookie ? (unsigned long)*cookie : 0UL, name);
	return (char *)name;
}

CT_AUDIT_EXPORT unsigned int la_objopen(struct link_map *map, Lmid_t lmid, uintptr_t *cookie)
{
	*cookie = ++ct_next_id;
	ct_op_event();
	ct_line("O %llu %ld %lu %s\n", (unsigned long long)ct_mono_ns(), (long)lmid,
		(unsigned long)*cookie, map->l_name[0] ? map->l_name : "(main)");
	ct_init_wrap(map, *cookie);
	return 0;   /* no symbol bindings to audit */
}

CT_AUDIT_EXPORT unsigned int la_objclose(uintptr_t *cookie)
{
	ct_line("C %llu %lu\n", (unsigned long long)ct_mono_ns(), (unsigned long)*cookie);
	return 0;
}

CT_AUDIT_EXPORT void la_activity(uintptr_t *cookie, unsigned int flag)
{
	(void)cookie;
	ct_line("A %llu %s\n", (unsigned long long)ct_mono_ns(),
		flag == LA_ACT_ADD ? "add" : flag == LA_ACT_DELETE ? "delete" : "consistent");
	if (flag == LA_ACT_CONSISTENT)
		ct_op_consistent();
}
