/*
 * init.c -- the shim's constructor, and a forked child's fresh start.
 *
 * Any failure here disables tracing; the host goes on untouched.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"
#include "safedir.h"

#define CT_ARGS_MAX (1u << 21)   /* more than the kernel lets argv have in one image */

CT_TLS struct ct_thread ct_self;
struct ct_global ct_g = { .run_dir = "", .exe = "", .shim_path = "" };

/* A forked child's parent as the parent knew itself (its pid and pid
 * namespace) and the t_ns of its FORK record: zeros for an image that
 * no traced fork made. */
static struct {
	uint32_t pid, pidns;
	uint64_t fork_t0;
} ct_parent CT_FORK_HOT;

void ct_disable(const char *why)
{
	ct_g.enabled = 0;
	ct_debug("tracing off", why);
}

/* <run_dir>/<pid>.<start_ns>.ctlog */
static void ct_name_log(void)
{
	char num[24];
	size_t n;

	ct_g.pid = getpid();
	n = ct_strlcpy(ct_g.base, ct_utoa((uint64_t)ct_g.pid, num + sizeof(num)), sizeof(ct_g.base));
	n += ct_strlcpy(ct_g.base + n, ".", sizeof(ct_g.base) - n);
	ct_strlcpy(ct_g.base + n, ct_utoa(ct_now_ns(), num + sizeof(num)), sizeof(ct_g.base) - n);
}

/* Where the kernel put argv (the bytes /proc/self/cmdline reads), from
 * the arguments the loader passes the constructor: no file to read. */
static const char *ct_args;
static size_t ct_args_len;

static void ct_args_note(int argc, char **argv)
{
	if (argc <= 0 || !argv || !argv[0] || !argv[argc - 1])
		return;
	ct_args = argv[0];
	ct_args_len = (size_t)(argv[argc - 1] - argv[0]) + strlen(argv[argc - 1]) + 1;
	if (argv[argc - 1] < argv[0] || ct_args_len > CT_ARGS_MAX)
		ct_args = NULL;   /* not the kernel's layout: /proc/self/cmdline says */
}

/* argv's bytes, from where the kernel put them, else /proc/self/cmdline. */
static ssize_t ct_args_read(char *out, size_t n)
{
	int fd;
	ssize_t len;

	if (ct_args) {
		len = (ssize_t)(ct_args_len < n ? ct_args_len : n);
		memcpy(out, ct_args, (size_t)len);
		return len;
	}
	fd = ct_sys_open("/proc/self/cmdline", O_RDONLY, 0);
	len = fd >= 0 ? ct_sys_read(fd, out, n) : 0;
	if (fd >= 0)
		ct_sys_close(fd);
	return len < 0 ? 0 : len;
}

/* argv, NULs turned into \x1f. */
static void ct_cmdline(char *out, size_t n)
{
	ssize_t len = ct_args_read(out, n - 1);

	while (len > 0 && out[len - 1] == '\0')
		len--;
	out[len] = '\0';
	for (ssize_t i = 0; i < len; i++)
		if (out[i] == '\0')
			out[i] = '\x1f';
}

/* ct_g.exe.  A fork child's executable is its parent's (the kernel copies
 * it with the memory): only a new image asks procfs. */
static void ct_exe_find(void)
{
	char path[PATH_MAX];
	const char *kept;
	ssize_t k;

	if (ct_parent.pid && ct_g.exe[0])
		return;
	k = readlink("/proc/self/exe", path, sizeof(path) - 1);
	path[k > 0 ? k : 0] = '\0';
	kept = ct_keep_strdup(path);
	ct_g.exe = kept ? kept : "";
}

static void ct_proc_start(void)
{
	char args[CT_STR_MAX];
	const char *strs[2];

	ct_exe_find();
	strs[0] = ct_g.exe;
	strs[1] = args;
	ct_cmdline(args, sizeof(args));
	ct_log_emit(CT_EV_PROC_START, ct_now_ns(), 0, 0, 0, ct_log_ppid(),
		    (int64_t)ct_unix_ns(), 0, 2, strs);
}

/* PROC_ID: the pid namespace, and the parent across it (the merge keys
 * images by namespace and pid, and links a namespace's init, whose
 * getppid() is 0, to its parent by the fork's t_ns).  A fork child that
 * still sees the parent it was forked from is in that parent's namespace
 * (a child in another one sees its parent as pid 0): it keeps the
 * parent's, and asks procfs nothing. */
static void ct_proc_id(void)
{
	struct stat st;

	if (!ct_parent.pid || !ct_g.pidns || ct_log_ppid() != ct_parent.pid)
		ct_g.pidns = ct_sys_fstatat(AT_FDCWD, "/proc/self/ns/pid", &st, 0) == 0 ?
			     (uint32_t)st.st_ino : 0;
	ct_log_emit(CT_EV_PROC_ID, ct_now_ns(), 0, 0, 0, ct_g.pidns, (int64_t)ct_parent.fork_t0,
		    (int64_t)((uint64_t)ct_parent.pidns << 32 | ct_parent.pid), 0, NULL);
}

/* A new log for this process image; 0 or -1. */
static int ct_start_log(void)
{
	ct_name_log();
	if (ct_log_start() != 0) {
		ct_disable("cannot create the event log");
		return -1;
	}
	ct_g.enabled = 1;
	ct_self.depth++;
	ct_proc_start();
	ct_proc_id();
	if (!ct_find_object_known())
		ct_log_emit(CT_EV_NO_FIND_OBJECT, ct_now_ns(), 0, 0, 0, 0, 0, 0, 0, NULL);
	ct_self.depth--;
	return 0;
}

/* Nothing of the parent's log, thread or state of ours stays in a child
 * image.  busy: the child was made over a call of ours (see ct_log_forget). */
static void ct_child_reset(int busy)
{
	ct_parent.pid = (uint32_t)ct_g.pid;   /* still the parent's */
	ct_parent.pidns = ct_g.pidns;
	ct_parent.fork_t0 = ct_self.fork_t0;
	ct_self.fork_t0 = 0;
	ct_log_forget(busy);
	ct_self.tid = 0;
	ct_self.vfork = 0;   /* forked from a vfork child: this memory is its own */
	ct_self.vx = NULL;
	ct_wait_forget();
	ct_clone_forked();
	ct_unwind_forked();
	ct_g.owner = 0;
}

/* A fork child's log, not made yet: it is made at the child's first
 * record (ct_log_ready), so a child that only execs makes none (its fork
 * is in the parent's log, its new image in a log of its own). */
static int ct_lazy CT_FORK_HOT;

/* A fork made over a call of ours (from a signal handler that interrupted
 * it) is traced like any other: the calls that were in progress take the
 * depth below 0 as they return, and ct_busy puts it back.  Its log is made
 * at once: a record the interrupted call finishes goes to it (ct_hz).  So
 * is the log of a pid namespace's first process (its parent outside the
 * namespace: getppid() is 0): it carries the fork token (PROC_ID) that
 * links it to its parent, which the image it may exec would not. */
void ct_after_fork_child(void)
{
	int busy = ct_self.depth % CT_DEPTH_SHARED > 0;

	ct_child_reset(busy);
	ct_self.depth = 0;
	ct_exit_reset();
	ct_g.enabled = 0;
	if (!ct_g.follow || ct_sealed())   /* sealed: the filter is inherited; no log */
		return;
	if (busy || getppid() == 0) {
		ct_start_log();
		return;
	}
	ct_g.pid = getpid();   /* the parent of a child made before the log */
	ct_lazy = 1;
	ct_g.enabled = 1;
}

/* 1 while this fork child's log waits for its first record. */
int ct_log_pending(void)
{
	return ct_lazy;
}

/* The log of a fork child made now, if it waits (before a record, a
 * seccomp filter, or a child that shares this memory): in the child
 * itself, or, for a process made from it without fork() before that, in
 * that process as its own.  Never in a vfork child: its memory is its
 * parent's. */
void ct_log_ready(void)
{
	if (!ct_lazy || ct_self.vfork || ct_sealed())
		return;
	ct_lazy = 0;
	if (syscall(SYS_getpid) != ct_g.pid)
		ct_image_unseen();
	else
		ct_start_log();
}

/* A process made without fork() (a raw clone, a Go-style fork), noticed at
 * its first record (log.c): it starts a log of its own, as a fork child
 * does, from inside that record's call. */
void ct_image_unseen(void)
{
	ct_child_reset(0);
	ct_libs_unseen();
	if (!ct_g.follow || ct_sealed())
		ct_g.enabled = 0;
	else
		ct_start_log();
}

/* The shim's own path, from its link map (dladdr would also look for the
 * nearest symbol), made canonical: by COLDTRACE_SHIM when that names it
 * as loaded (the launcher's realpath, kept for every child), else by
 * realpath (a readlink per path component). */
static int ct_find_self(void)
{
	const struct link_map *self = ct_self_map();
	const char *known = getenv("COLDTRACE_SHIM");
	const char *kept = NULL;
	char path[PATH_MAX];

	if (!self)
		return -1;
	if (known && known[0] == '/' && strlen(known) < PATH_MAX &&
	    strcmp(known, self->l_name) == 0)
		kept = ct_keep_strdup(known);
	else if (realpath(self->l_name, path))
		kept = ct_keep_strdup(path);
	if (!kept)
		return -1;
	ct_g.shim_path = kept;
	return 0;
}

static int ct_env_setup(void)
{
	const char *dir = getenv("COLDTRACE_RUN_DIR");
	const char *follow = getenv("COLDTRACE_FOLLOW");
	const char *launcher = getenv("COLDTRACE_LAUNCHER");

	ct_g.debug = getenv("COLDTRACE_DEBUG") && *getenv("COLDTRACE_DEBUG") &&
		     strcmp(getenv("COLDTRACE_DEBUG"), "0") != 0;
	ct_g.follow = !(follow && strcmp(follow, "0") == 0);
	ct_g.no_pack = getenv("COLDTRACE_PACK") && strcmp(getenv("COLDTRACE_PACK"), "0") == 0;
	ct_g.launcher = launcher ? (pid_t)atol(launcher) : 0;
	ct_stack_init(getenv("COLDTRACE_STACKS"));
	if (dir && *dir) {
		if (strlen(dir) > CT_RUN_DIR_MAX)
			return -1;   /* it and its files cannot be held: untraced, never cut */
		ct_g.run_dir = ct_keep_strdup(dir);
		return ct_g.run_dir ? 0 : -1;
	}
	return ct_bare_setup();
}

__attribute__((constructor)) static void ct_init(int argc, char **argv)
{
	extern char **environ;

	ct_args_note(argc, argv);
	ct_self_map_init();
	ct_real_init();
	ct_self.depth++;
	if (ct_find_self() != 0 || ct_env_setup() != 0) {
		ct_self.depth--;
		ct_disable("setup failed");
		return;
	}
	ct_env_unsanitize();
	ct_env_save(environ);
	if (!ct_g.follow)
		ct_env_unfollow();
	ct_self.depth--;
	if (ct_start_log() != 0)
		return;
	ct_self.depth++;
	ct_libs_atfork();
	pthread_atfork(NULL, NULL, ct_after_fork_child);
	on_exit(ct_on_exit, NULL);
	ct_fatal_watch();
	ct_libs_startup();
	ct_self.depth--;
	ct_python_load();   /* pyhook's first records go through the guard */
}
