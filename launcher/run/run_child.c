/*
 * run_child.c -- starting the traced command with its output on pipes.
 *
 * A close-on-exec pipe carries execve's errno back, so the parent knows
 * for certain whether the command started.  Never: a launcher fd other
 * than 0-2 leaking into the child (all are O_CLOEXEC), or the child
 * running anything but _exit after a failed execve (and /bin/sh for a
 * script without "#!", as execvp does).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/msg.h"
#include "run.h"

static void ct_close_pair(int p[2])
{
	if (p[0] >= 0)
		close(p[0]);
	if (p[1] >= 0)
		close(p[1]);
}

/* A file without "#!" that execve refuses (ENOEXEC) runs as a shell
 * script, as execvp, env, time and nice run it: /bin/sh PATH ARGS... .
 * In the forked child of the single-threaded launcher: malloc is safe. */
static void ct_exec_script(const char *path, char **argv, char **env)
{
	size_t argc = 0;
	char **sh;

	while (argv[argc])
		argc++;
	sh = malloc((argc + 2) * sizeof(*sh));
	if (!sh) {
		errno = ENOEXEC;
		return;
	}
	sh[0] = "/bin/sh";
	sh[1] = (char *)path;
	memcpy(sh + 2, argv + 1, argc * sizeof(*sh));   /* argv[1..] and the NULL */
	execve(sh[0], sh, env);
}

static void __attribute__((noreturn))
ct_child_exec(const char *path, char **argv, char **env, const int w[3], int own_group)
{
	int e, out_w = w[0], err_w = w[1], report_w = w[2];

	if (own_group)
		setpgid(0, 0);
	if (dup2(out_w, STDOUT_FILENO) < 0 || dup2(err_w, STDERR_FILENO) < 0) {
		e = errno;
	} else {
		ct_signals_child_defaults();
		execve(path, argv, env);
		if (errno == ENOEXEC)
			ct_exec_script(path, argv, env);
		e = errno;
	}
	if (write(report_w, &e, sizeof(e)) < 0)
		(void)0;  /* the parent then sees a child that exited 127 */
	_exit(e == ENOENT ? CT_STATUS_NOTFOUND : CT_STATUS_NOEXEC);
}

/* What the child reported: 0 when execve succeeded (the pipe just closed). */
static int ct_read_exec_errno(int fd, pid_t pid)
{
	ssize_t r;
	int e = 0;

	do
		r = read(fd, &e, sizeof(e));
	while (r < 0 && errno == EINTR);
	if (r != (ssize_t)sizeof(e))
		return 0;
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	return e ? e : EIO;
}

int ct_child_start(const char *path, char **argv, char **env, struct ct_child *c)
{
	int out[2] = { -1, -1 }, err[2] = { -1, -1 }, rep[2] = { -1, -1 };

	if (pipe2(out, O_CLOEXEC) < 0 || pipe2(err, O_CLOEXEC) < 0 || pipe2(rep, O_CLOEXEC) < 0) {
		ct_msg("cannot create pipes for the command's output (pipe2): %m");
		goto fail;
	}
	c->pid = fork();
	if (c->pid < 0) {
		ct_msg("cannot start '%s' (fork): %m", argv[0]);
		goto fail;
	}
	if (c->pid == 0)
		ct_child_exec(path, argv, env, (const int[3]){ out[1], err[1], rep[1] },
			      c->own_group);
	if (c->own_group)
		setpgid(c->pid, c->pid);   /* either side may be first: both set it */
	ct_signals_set_group(c->own_group);
	ct_signals_set_child(c->pid);
	close(out[1]);
	close(err[1]);
	close(rep[1]);
	c->out_fd = out[0];
	c->err_fd = err[0];
	c->exec_errno = ct_read_exec_errno(rep[0], c->pid);
	close(rep[0]);
	if (c->exec_errno)
		ct_signals_set_child(0);   /* reaped: its pid may be reused */
	return 0;
fail:
	ct_close_pair(out);
	ct_close_pair(err);
	ct_close_pair(rep);
	return -1;
}
