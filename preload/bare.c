/*
 * bare.c -- runs without the launcher (LD_PRELOAD=.../libcoldtrace.so cmd).
 *
 * The first traced process makes the run directory ($COLDTRACE_DIR, else
 * ./runs) and hands it to its descendants through the environment; a runs
 * directory that another user could rename entries of (safedir.h) leaves
 * the program untraced, said only under COLDTRACE_DEBUG; at its
 * own end it runs `coldtrace merge` (found next to the shim) to write
 * record.json.  The merge is started with raw fork+execve so neither the
 * host's atfork handlers nor a signal context can get in the way.  Never:
 * a byte of the merge's on the host's stdout or stderr (merge.log).
 */
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>
#include "ct.h"
#include "runname.h"
#include "safedir.h"

static char ct_merge_bin[PATH_MAX] CT_PAGE_ALIGNED;

static int ct_mkdir_p(const char *dir)
{
	char tmp[PATH_MAX];

	if (ct_strlcpy(tmp, dir, sizeof(tmp)) >= sizeof(tmp))
		return -1;
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		syscall(SYS_mkdirat, AT_FDCWD, tmp, 0755);
		*p = '/';
	}
	return syscall(SYS_mkdirat, AT_FDCWD, tmp, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

static void ct_bare_label(char *label, size_t n)
{
	char args[CT_STR_MAX];
	const char *argv[16];
	int fd = ct_sys_open("/proc/self/cmdline", O_RDONLY, 0);
	ssize_t len = fd >= 0 ? ct_sys_read(fd, args, sizeof(args) - 1) : 0;
	int k = 0;

	if (fd >= 0)
		ct_sys_close(fd);
	args[len > 0 ? len : 0] = '\0';
	for (ssize_t i = 0; i < len && k < 15; i += (ssize_t)strlen(args + i) + 1)
		argv[k++] = args + i;
	argv[k] = NULL;
	ct_runname_label(argv, label, n);
}

/* parent/<stamp>-<label>[-N], made 0700 without following a planted link;
 * none when it could be longer than CT_RUN_DIR_MAX (then no copy is cut). */
static int ct_make_run_dir(const char *parent)
{
	char stamp[32], label[CT_LABEL_MAX + 1], num[16], dir[PATH_MAX];
	size_t n;

	ct_runname_stamp((int64_t)(ct_unix_ns() / 1000000), stamp, sizeof(stamp));
	ct_bare_label(label, sizeof(label));
	if (strlen(parent) + strlen(stamp) + strlen(label) + sizeof("/--999") > CT_RUN_DIR_MAX)
		return -1;
	for (unsigned i = 1; i < 1000; i++) {
		n = ct_strlcpy(dir, parent, sizeof(dir));
		n += ct_strlcpy(dir + n, "/", sizeof(dir) - n);
		n += ct_strlcpy(dir + n, stamp, sizeof(dir) - n);
		n += ct_strlcpy(dir + n, "-", sizeof(dir) - n);
		n += ct_strlcpy(dir + n, label, sizeof(dir) - n);
		if (i > 1) {
			n += ct_strlcpy(dir + n, "-", sizeof(dir) - n);
			ct_strlcpy(dir + n, ct_utoa(i, num + sizeof(num)), sizeof(dir) - n);
		}
		if (syscall(SYS_mkdirat, AT_FDCWD, dir, 0700) == 0) {
			ct_g.run_dir = ct_keep_strdup(dir);
			return ct_g.run_dir ? 0 : -1;
		}
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

int ct_bare_setup(void)
{
	const char *dir = getenv("COLDTRACE_DIR");
	char parent[PATH_MAX], num[24];
	int saved = errno;

	if (!realpath(dir && *dir ? dir : "runs", parent)) {
		if (ct_mkdir_p(dir && *dir ? dir : "runs") != 0 ||
		    !realpath(dir && *dir ? dir : "runs", parent)) {
			errno = saved;
			return -1;
		}
	}
	if (ct_runs_dir_unsafe(parent)) {
		ct_debug("not traced: another user could change the runs directory", parent);
		errno = saved;
		return -1;
	}
	if (ct_make_run_dir(parent) != 0) {
		errno = saved;
		return -1;
	}
	setenv("COLDTRACE_RUN_DIR", ct_g.run_dir, 1);
	setenv("COLDTRACE_OWNER_PID", ct_utoa((uint64_t)getpid(), num + sizeof(num)), 1);
	ct_strlcpy(ct_merge_bin, ct_g.shim_path, sizeof(ct_merge_bin));
	if (strrchr(ct_merge_bin, '/'))
		strcpy(strrchr(ct_merge_bin, '/') + 1, "coldtrace");
	ct_g.owner = 1;
	errno = saved;
	return 0;
}

#define CT_MERGE_LOG "merge.log"

static void ct_fd_onto(int fd, int to)
{
	if (fd == to)   /* the host had closed `to`: keep it across the exec */
		syscall(SYS_fcntl, fd, F_SETFD, 0);
	else
		syscall(SYS_dup3, fd, to, 0);
}

/* The merge's messages go to <run_dir>/merge.log (their warnings are in
 * record.json too), or nowhere: never to the host's stdout or stderr. */
static void ct_merge_output(void)
{
	int dir = ct_dir_open_own(ct_g.run_dir), fd = -1;

	if (dir >= 0)
		fd = ct_sys_openat(dir, CT_MERGE_LOG, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
	if (fd < 0)
		fd = ct_sys_open("/dev/null", O_WRONLY, 0);
	ct_fd_onto(fd, STDOUT_FILENO);
	ct_fd_onto(fd, STDERR_FILENO);
}

/* merge.log is kept only when the merge had something to say. */
static void ct_merge_log_tidy(void)
{
	struct stat st;
	int dir = ct_dir_open_own(ct_g.run_dir);

	if (dir < 0)
		return;
	if (ct_sys_fstatat(dir, CT_MERGE_LOG, &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_size == 0)
		syscall(SYS_unlinkat, dir, CT_MERGE_LOG, 0);
	ct_sys_close(dir);
}

/* The merge sees the host's LD_LIBRARY_PATH (to say how a CUDA driver was
 * found) but never the shim. */
static void ct_merge_child(void)
{
	extern char **environ;
	char *env[3] = { "PATH=/usr/bin:/bin", NULL, NULL };
	char num[24];
	char *argv[] = { ct_merge_bin, "merge", (char *)ct_g.run_dir,
			 ct_utoa((uint64_t)ct_g.pid, num + sizeof(num)), NULL };

	for (char **e = environ; e && *e; e++)
		if (strncmp(*e, "LD_LIBRARY_PATH=", 16) == 0)
			env[1] = *e;
	ct_merge_output();
	syscall(SYS_execve, ct_merge_bin, argv, env);
	syscall(SYS_exit_group, 127);
}

/* Writes record.json of the bare run; the host's exit status is not ours
 * to change, so a failure is only reported under COLDTRACE_DEBUG. */
void ct_bare_merge(void)
{
	int saved = errno, status = 0;
	long pid = syscall(SYS_clone, (long)SIGCHLD, NULL, NULL, NULL, 0L);

	if (pid == 0)
		ct_merge_child();
	if (pid > 0)
		syscall(SYS_wait4, pid, &status, 0, NULL);
	if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		ct_debug("coldtrace merge failed for", ct_g.run_dir);
	if (pid > 0)
		ct_merge_log_tidy();
	errno = saved;
}
