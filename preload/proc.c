/*
 * proc.c -- interposers that make processes: fork, _Fork, posix_spawn,
 * posix_spawnp, the exec family and system (vfork: vfork.c).
 *
 * Children and exec'd images stay traced: their environment gets the shim
 * back when the host rebuilt it, and a sanitizer runtime the program needs
 * in front of it (env.c, sanexec.c), and a forked child starts a log of
 * its own (init.c, from the atfork child handler).  An exec in a vfork
 * child writes no record and allocates nothing: that child runs on its
 * parent's memory; its attempts go to a note the parent records once the
 * child has gone (vfork.c), and the image it execs starts its own log.
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

extern char **environ;
pid_t _Fork(void);

static __typeof__(fork) *real_fork;
static __typeof__(_Fork) *real__Fork;
static __typeof__(posix_spawn) *real_posix_spawn;
static __typeof__(posix_spawnp) *real_posix_spawnp;
static __typeof__(execve) *real_execve;
static __typeof__(execvpe) *real_execvpe;
static __typeof__(fexecve) *real_fexecve;
static __typeof__(execveat) *real_execveat;
static __typeof__(system) *real_system;

/* argv joined with \x1f, cut to n bytes. */
void ct_join(char *const argv[], char *out, size_t n)
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

static void ct_proc_emit(int kind, uint64_t t0, int64_t ret, int err, const int64_t a[3],
			 int nstr, const char *const *strs)
{
	ct_log_emit(kind, t0, ct_now_ns() - t0, ret, ret < 0 ? err : 0, a[0], a[1], a[2],
		    nstr, strs);
	ct_stack_emit(kind, CT_STACK_FRAMES);
}

/* The record with the path and the joined argv, in a frame of its own: a
 * fork's record, which has neither, goes without the buffer, so the
 * parent after each fork writes no stack page below its own (each one it
 * writes is a copy-on-write fault, while the child lives). */
static __attribute__((noinline)) void ct_proc_emit_args(int kind, uint64_t t0, int64_t ret,
							int err, const int64_t a[3],
							const char *path, char *const argv[])
{
	char args[CT_STR_MAX];
	const char *strs[2] = { path ? path : "", args };
	int nstr = 0;   /* none: the host's path or argv cannot be read */

	if (ct_host_str_ok(path, CT_ARG_STR_MAX) && ct_host_vec_ok(argv, CT_ARG_STR_MAX)) {
		ct_join(argv, args, sizeof(args));
		nstr = 2;
	}
	ct_proc_emit(kind, t0, ret, err, a, nstr, strs);
}

static void ct_proc_record(int kind, uint64_t t0, int64_t ret, int err,
			   const int64_t a[3], const char *path, char *const argv[])
{
	static const char *const none[2] = { "", "" };

	if (!t0 || !ct_enter())
		return;
	if (path || argv)
		ct_proc_emit_args(kind, t0, ret, err, a, path, argv);
	else
		ct_proc_emit(kind, t0, ret, err, a, 2, none);
	ct_leave();
}

static void ct_proc_event(int kind, uint64_t t0, int64_t ret, int err,
			  int64_t a0, const char *path, char *const argv[])
{
	const int64_t a[3] = { a0, 0, 0 };

	ct_proc_record(kind, t0, ret, err, a, path, argv);
}

pid_t ct_forked(int kind, uint64_t t0, pid_t pid)
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
	pid_t pid;

	ct_proc_resolve();   /* here, once: a child that looked them up would fault libc's tables in */
	ct_self.fork_t0 = t0;   /* read by the child's atfork handler */
	pid = CT_REAL(fork)();
	ct_self.fork_t0 = 0;
	return ct_forked(CT_EV_FORK, t0, pid);
}

/* _Fork runs no atfork handlers: the child's log is started here. */
CT_EXPORT pid_t _Fork(void)
{
	uint64_t t0 = ct_begin();
	pid_t pid;

	ct_proc_resolve();
	ct_self.fork_t0 = t0;
	pid = CT_REAL(_Fork)();
	if (pid == 0) {
		int err = errno;

		ct_after_fork_child();
		errno = err;
	}
	ct_self.fork_t0 = 0;
	return ct_forked(CT_EV_FORK, t0, pid);
}

typedef int ct_spawn_fn(pid_t *, const char *, const posix_spawn_file_actions_t *,
			const posix_spawnattr_t *, char *const[], char *const[]);

/* One posix_spawn[p] call, for ct_env_call. */
struct ct_spawn_call {
	ct_spawn_fn *real;
	pid_t *pid;
	struct ct_target t;
	const posix_spawn_file_actions_t *fa;
	const posix_spawnattr_t *attr;
	char *const *argv;
};

static int ct_spawn_real(void *ctx, char *const envp[])
{
	const struct ct_spawn_call *c = ctx;

	return c->real(c->pid, c->t.path, c->fa, c->attr, c->argv, envp);
}

/* posix_spawn and posix_spawnp differ only in how the path is searched
 * (search: along PATH). */
static int ct_spawn(ct_spawn_fn *real, int search, pid_t *pid, const char *path,
		    const posix_spawn_file_actions_t *fa, const posix_spawnattr_t *attr,
		    char *const argv[], char *const envp[])
{
	uint64_t t0 = ct_begin();
	struct ct_spawn_call c = { real, pid, { AT_FDCWD, path, 0, search }, fa, attr, argv };
	int rc = ct_env_call(envp, &c.t, ct_spawn_real, &c);

	ct_proc_event(CT_EV_SPAWN, t0, rc, rc, rc == 0 && pid ? *pid : 0, path, argv);
	return rc;
}

CT_EXPORT int posix_spawn(pid_t *pid, const char *path,
			  const posix_spawn_file_actions_t *fa,
			  const posix_spawnattr_t *attr, char *const argv[],
			  char *const envp[])
{
	return ct_spawn(CT_REAL(posix_spawn), 0, pid, path, fa, attr, argv, envp);
}

CT_EXPORT int posix_spawnp(pid_t *pid, const char *file,
			   const posix_spawn_file_actions_t *fa,
			   const posix_spawnattr_t *attr, char *const argv[],
			   char *const envp[])
{
	return ct_spawn(CT_REAL(posix_spawnp), 1, pid, file, fa, attr, argv, envp);
}

/* One call of the exec family: t's dirfd is fexecve's file or
 * execveat's directory, its path "" for fexecve. */
struct ct_exec {
	enum { CT_X_EXECVE, CT_X_EXECVPE, CT_X_FEXECVE, CT_X_EXECVEAT } how;
	struct ct_target t;
	char *const *argv;
};

/* The real exec functions, looked up before a vfork child may need them:
 * a lookup there could wait for a loader lock its parent thread holds. */
void ct_proc_resolve(void)
{
	(void)CT_REAL(execve);
	(void)CT_REAL(execvpe);
	(void)CT_REAL(fexecve);
	(void)CT_REAL(execveat);
	ct_exit_resolve();
}

static int ct_exec_real(void *ctx, char *const envp[])
{
	const struct ct_exec *x = ctx;

	switch (x->how) {
	case CT_X_EXECVPE:
		return real_execvpe(x->t.path, x->argv, envp);
	case CT_X_FEXECVE:
		return real_fexecve(x->t.dirfd, x->argv, envp);
	case CT_X_EXECVEAT:
		return real_execveat(x->t.dirfd, x->t.path, x->argv, envp, x->t.flags);
	default:
		return real_execve(x->t.path, x->argv, envp);
	}
}

/* The record of an exec attempt, with the caller's real and effective
 * ids: whether the new image can write the run directory, and
 * whether its loader runs in secure-execution mode, follow from them and
 * the program's file (the merge looks).  Two system calls, when traced
 * (a third after a chroot: is the shim left out, env.c); none after a
 * seccomp filter. */
static void ct_exec_note(uint64_t t0, const struct ct_exec *x)
{
	unsigned r, e, sv, rg, eg;
	int64_t a[3] = { 0, 0, 0 };
	int saved = errno;

	if (t0 && !ct_sealed() && syscall(SYS_getresuid, &r, &e, &sv) == 0 &&
	    syscall(SYS_getresgid, &rg, &eg, &sv) == 0) {
		a[0] = ct_env_shim_gone() ? CT_EXEC_NO_SHIM : CT_EXEC_WITH_IDS;
		a[1] = (int64_t)((uint64_t)r << 32 | e);
		a[2] = (int64_t)((uint64_t)rg << 32 | eg);
	}
	errno = saved;
	ct_proc_record(CT_EV_EXEC, t0, 0, 0, a, x->t.path, x->argv);
}

/* The attempt's record and the end of this image's log. */
static void ct_exec_leave(uint64_t t0, const struct ct_exec *x)
{
	ct_exec_note(t0, x);
	ct_exit_final(0, CT_EXIT_EXEC, 0);
}

/* An exec whose attempt is recorded only if it must be: `later` while
 * it is not yet. */
struct ct_exec_try {
	const struct ct_exec *x;
	uint64_t t0;
	int later;
};

/* Right before the real exec, the environment planned: a new image that
 * will not be traced (static, set-id, 32-bit, no shim to load) leaves no
 * log, so the attempt is recorded here. */
static int ct_exec_try_real(void *ctx, char *const envp[])
{
	struct ct_exec_try *c = ctx;

	if (c->later && !ct_self.exec_traced) {
		c->later = 0;
		ct_exec_leave(c->t0, c->x);
	}
	return ct_exec_real((void *)c->x, envp);
}

/* Before an exec: the record of the attempt, and the end of this image's
 * log.  A fork child whose log is not made yet (ct_log_pending) makes
 * none for an exec that succeeds and starts a traced image: its FORK is in
 * the parent's log and the new image's argv and parent in the new log.
 * After a failed exec: the attempt (in a log made now, if there was
 * none), the failure, and the image goes on. */
static int ct_exec(const struct ct_exec *x, char *const envp[])
{
	struct ct_exec_try c = { x, 0, 0 };
	int ret, err;
	uint64_t t0;

	ct_proc_resolve();
	if (ct_self.vfork && !ct_clone_reap()) {   /* the parent records the note (vfork.c) */
		ct_vfork_note_exec(x->t.path, x->argv);
		ret = ct_env_call(envp, &x->t, ct_exec_real, (void *)x);
		ct_vfork_note_failed(errno);
		return ret;
	}
	t0 = ct_begin();
	c.t0 = t0;
	c.later = t0 && ct_log_pending();
	if (!c.later)
		ct_exec_leave(t0, x);
	ct_self.exec_traced = 0;
	ret = ct_env_call(envp, &x->t, ct_exec_try_real, &c);
	err = errno;
	if (c.later)
		ct_exec_leave(t0, x);
	ct_exit_reset();
	ct_proc_event(CT_EV_EXEC, t0, ret, err, CT_EXEC_RETURNED, x->t.path, x->argv);
	errno = err;
	return ret;
}

CT_EXPORT int execve(const char *path, char *const argv[], char *const envp[])
{
	const struct ct_exec x = { CT_X_EXECVE, { AT_FDCWD, path, 0, 0 }, argv };

	return ct_exec(&x, envp);
}

CT_EXPORT int execvpe(const char *file, char *const argv[], char *const envp[])
{
	const struct ct_exec x = { CT_X_EXECVPE, { AT_FDCWD, file, 0, 1 }, argv };

	return ct_exec(&x, envp);
}

CT_EXPORT int fexecve(int fd, char *const argv[], char *const envp[])
{
	const struct ct_exec x = { CT_X_FEXECVE, { fd, "", AT_EMPTY_PATH, 0 }, argv };

	return ct_exec(&x, envp);
}

CT_EXPORT int execveat(int dirfd, const char *path, char *const argv[],
		       char *const envp[], int flags)
{
	const struct ct_exec x = { CT_X_EXECVEAT, { dirfd, path, flags, 0 }, argv };

	return ct_exec(&x, envp);
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
