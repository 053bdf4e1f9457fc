/*
 * proc.c -- interposers that make processes: fork, vfork, _Fork,
 * posix_spawn, posix_spawnp, the exec family and system.
 *
 * Children and exec'd images stay traced: their environment gets the shim
 * back when the host rebuilt it (env.c), and a forked child starts a log of
 * its own (init.c, from the atfork child handler).  vfork runs as fork:
 * the child then has its own memory to trace into, and a program that is
 * correct with vfork (exec or _exit only) cannot tell the difference.
 */
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ct.h"

extern char **environ;
pid_t _Fork(void);

static pid_t (*real_fork)(void);
static pid_t (*real__Fork)(void);
static int (*real_posix_spawn)(pid_t *, const char *, const posix_spawn_file_actions_t *,
			       const posix_spawnattr_t *, char *const[], char *const[]);
static int (*real_posix_spawnp)(pid_t *, const char *, const posix_spawn_file_actions_t *,
				const posix_spawnattr_t *, char *const[], char *const[]);
static int (*real_execve)(const char *, char *const[], char *const[]);
static int (*real_execvpe)(const char *, char *const[], char *const[]);
static int (*real_fexecve)(int, char *const[], char *const[]);
static int (*real_execveat)(int, const char *, char *const[], char *const[], int);
static int (*real_system)(const char *);

/* argv joined with \x1f, cut to what a record holds. */
static void ct_join(char *const argv[], char *out, size_t n)
{
	size_t used = 0;

	out[0] = '\0';
	for (int i = 0; argv && argv[i] && used + 1 < n; i++) {
		if (i)
			out[used++] = '\x1f';
		used += ct_strlcpy(out + used, argv[i], n - used);
		if (used >= n)
			used = n - 1;
	}
	out[used] = '\0';
}

static void ct_proc_event(int kind, uint64_t t0, int64_t ret, int err,
			  int64_t a0, const char *path, char *const argv[])
{
	char args[CT_STR_MAX];
	const char *strs[2] = { path ? path : "", args };
	int nstr = 0;   /* none: the host's path or argv cannot be read */

	if (!t0 || !ct_enter())
		return;
	if (ct_host_str_ok(path, CT_ARG_STR_MAX) && ct_host_vec_ok(argv, CT_ARG_STR_MAX)) {
		ct_join(argv, args, sizeof(args));
		nstr = 2;
	}
	ct_log_emit(kind, t0, ct_now_ns() - t0, ret, ret < 0 ? err : 0, a0, 0, 0, nstr, strs);
	ct_stack_emit(kind);
	ct_leave();
}

static pid_t ct_forked(int kind, uint64_t t0, pid_t pid)
{
	int err = errno;

	if (pid != 0)   /* the child's start is in its own log */
		ct_proc_event(kind, t0, pid, err, 0, NULL, NULL);
	errno = err;
	return pid;
}

CT_EXPORT pid_t fork(void)
{
	uint64_t t0 = ct_begin();

	return ct_forked(CT_EV_FORK, t0, CT_REAL(fork)());
}

CT_EXPORT pid_t vfork(void)
{
	uint64_t t0 = ct_begin();

	return ct_forked(CT_EV_VFORK, t0, CT_REAL(fork)());
}

/* _Fork runs no atfork handlers: the child's log is started here. */
CT_EXPORT pid_t _Fork(void)
{
	uint64_t t0 = ct_begin();
	pid_t pid = CT_REAL(_Fork)();

	if (pid == 0) {
		int err = errno;

		ct_after_fork_child();
		errno = err;
	}
	return ct_forked(CT_EV_FORK, t0, pid);
}

typedef int ct_spawn_fn(pid_t *, const char *, const posix_spawn_file_actions_t *,
			const posix_spawnattr_t *, char *const[], char *const[]);

/* posix_spawn and posix_spawnp differ only in how the path is searched. */
static int ct_spawn(ct_spawn_fn *real, pid_t *pid, const char *path,
		    const posix_spawn_file_actions_t *fa, const posix_spawnattr_t *attr,
		    char *const argv[], char *const envp[])
{
	uint64_t t0 = ct_begin();
	struct ct_envfix fx;
	int rc = real(pid, path, fa, attr, argv, ct_env_fix(envp, &fx));

	ct_proc_event(CT_EV_SPAWN, t0, rc, rc, rc == 0 && pid ? *pid : 0, path, argv);
	ct_env_release(&fx);
	return rc;
}

CT_EXPORT int posix_spawn(pid_t *pid, const char *path,
			  const posix_spawn_file_actions_t *fa,
			  const posix_spawnattr_t *attr, char *const argv[],
			  char *const envp[])
{
	return ct_spawn(CT_REAL(posix_spawn), pid, path, fa, attr, argv, envp);
}

CT_EXPORT int posix_spawnp(pid_t *pid, const char *file,
			   const posix_spawn_file_actions_t *fa,
			   const posix_spawnattr_t *attr, char *const argv[],
			   char *const envp[])
{
	return ct_spawn(CT_REAL(posix_spawnp), pid, file, fa, attr, argv, envp);
}

/* Before an exec: the record of the attempt, and the end of this image's
 * log.  After a failed exec: the failure, and the image goes on. */
static char *const *ct_exec_pre(uint64_t *t0, const char *path, char *const argv[],
				 char *const envp[], struct ct_envfix *fx)
{
	*t0 = ct_begin();
	ct_proc_event(CT_EV_EXEC, *t0, 0, 0, 0, path, argv);
	ct_exit_final(0, CT_EXIT_EXEC, 0);
	return ct_env_fix(envp, fx);
}

static int ct_exec_post(uint64_t t0, int ret, const char *path, char *const argv[],
			struct ct_envfix *fx)
{
	int err = errno;

	ct_exit_reset();
	ct_proc_event(CT_EV_EXEC, t0, ret, err, 1, path, argv);
	ct_env_release(fx);
	errno = err;
	return ret;
}

CT_EXPORT int execve(const char *path, char *const argv[], char *const envp[])
{
	uint64_t t0;
	struct ct_envfix fx;
	char *const *env = ct_exec_pre(&t0, path, argv, envp, &fx);

	return ct_exec_post(t0, CT_REAL(execve)(path, argv, env), path, argv, &fx);
}

CT_EXPORT int execvpe(const char *file, char *const argv[], char *const envp[])
{
	uint64_t t0;
	struct ct_envfix fx;
	char *const *env = ct_exec_pre(&t0, file, argv, envp, &fx);

	return ct_exec_post(t0, CT_REAL(execvpe)(file, argv, env), file, argv, &fx);
}

CT_EXPORT int fexecve(int fd, char *const argv[], char *const envp[])
{
	uint64_t t0;
	struct ct_envfix fx;
	char *const *env = ct_exec_pre(&t0, "", argv, envp, &fx);

	return ct_exec_post(t0, CT_REAL(fexecve)(fd, argv, env), "", argv, &fx);
}

CT_EXPORT int execveat(int dirfd, const char *path, char *const argv[],
		       char *const envp[], int flags)
{
	uint64_t t0;
	struct ct_envfix fx;
	char *const *env = ct_exec_pre(&t0, path, argv, envp, &fx);

	return ct_exec_post(t0, CT_REAL(execveat)(dirfd, path, argv, env, flags),
			    path, argv, &fx);
}

CT_EXPORT int execv(const char *path, char *const argv[])
{
	return execve(path, argv, environ);
}

CT_EXPORT int execvp(const char *file, char *const argv[])
{
	return execvpe(file, argv, environ);
}

/* execl, execlp, execle: the variadic list made into an argv. */
#define CT_VA_ARGV(argv, first, last_named)                                   \
	size_t n_ = 1;                                                        \
	va_list ap_;                                                          \
	va_start(ap_, last_named);                                            \
	while (va_arg(ap_, char *))                                           \
		n_++;                                                         \
	va_end(ap_);                                                          \
	char *argv[n_ + 1];                                                   \
	argv[0] = (char *)(first);                                            \
	va_start(ap_, last_named);                                            \
	for (size_t i_ = 1; i_ <= n_; i_++)                                   \
		argv[i_] = va_arg(ap_, char *);

CT_EXPORT int execl(const char *path, const char *arg, ...)
{
	CT_VA_ARGV(argv, arg, arg)
	va_end(ap_);
	return execve(path, argv, environ);
}

CT_EXPORT int execlp(const char *file, const char *arg, ...)
{
	CT_VA_ARGV(argv, arg, arg)
	va_end(ap_);
	return execvpe(file, argv, environ);
}

CT_EXPORT int execle(const char *path, const char *arg, ...)
{
	CT_VA_ARGV(argv, arg, arg)
	char *const *envp = va_arg(ap_, char *const *);

	va_end(ap_);
	return execve(path, argv, envp);
}

CT_EXPORT int system(const char *cmd)
{
	uint64_t t0 = ct_begin();
	int ret = CT_REAL(system)(cmd);
	int err = errno;
	char *argv[2] = { (char *)(cmd ? cmd : ""), NULL };

	ct_proc_event(CT_EV_SYSTEM, t0, ret, err, 0, "/bin/sh", argv);
	errno = err;
	return ret;
}
