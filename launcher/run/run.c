/*
 * run.c -- `ct-launch` / `coldtrace run`: one traced run, start to record
 * (series/ repeats it).
 *
 * Order matters: the shim is located and the run directory created before
 * anything runs, the command is resolved before the fork, and the record
 * is written whatever happened once the run directory exists.  Never: an
 * exit status other than the child's (128+N for signal N) once it ran, or
 * more than one line on stderr for a launcher failure.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmds.h"
#include "elf/elfkind.h"
#include "merge/merge.h"
#include "lib/json.h"
#include "lib/msg.h"
#include "record/record.h"
#include "report/load.h"
#include "lib/arena.h"
#include "record/host.h"
#include "ready.h"
#include "run.h"
#include "safedir.h"

#define CT_MAX_WARN 4

struct ct_objrun {
	struct ct_run_opts o;
	const char *mode;
	int member;                     /* a series' run: its directory is given */
	char *shim;
	char *path;                     /* resolved command */
	int class32;                    /* a 32-bit program: the shim cannot be preloaded */
	char label[96];
	char dir[PATH_MAX];
	char cwd[PATH_MAX];
	int out_log, err_log;
	char *warn[CT_MAX_WARN];        /* malloc'd, for record.json's warnings[] */
	int nwarn;
	struct ct_host_probe *probe;    /* version queries in flight, or NULL */
	struct ct_startup startup;      /* why the program never started (n 0: it did) */
	struct ct_ready *ready;         /* --ready, else NULL */
	struct ct_facts f;
	struct ct_unit unit;            /* --systemd's unit; name "" without */
};

static void ct_run_warn(struct ct_objrun *r, const char *text)
{
	ct_warn("%s", text);
	if (r->nwarn < CT_MAX_WARN && (r->warn[r->nwarn] = strdup(text)))
		r->nwarn++;
}

static void ct_facts_common(struct ct_objrun *r)
{
	struct ct_facts *f = &r->f;

	ct_facts_init(f);
	f->run_id = strrchr(r->dir, '/') + 1;
	f->name = r->label;
	f->launcher_mode = r->mode;
	f->follow = !r->o.no_follow;
	f->argv = r->o.cmd;
	f->cwd = r->cwd[0] ? r->cwd : NULL;
	f->run_dir = r->dir;
}

/* Builds, merges (when a child ran) and writes the record, every cJSON
 * item of it in one arena. */
static int ct_run_record(struct ct_objrun *r, int merge)
{
	cJSON *rec;
	int i, rc = -1;

	ct_arena_begin();
	if (r->probe)
		r->f.host = ct_host_probe_json(r->probe);
	if (r->unit.name[0]) {
		r->f.unit_name = r->unit.name;
		r->f.unit = ct_systemd_json(&r->unit);
	}
	rec = ct_record_base(&r->f);
	if (!rec) {
		if (r->probe)
			ct_host_probe_python(r->probe, NULL);
		r->probe = NULL;
		ct_arena_end();
		ct_msg("cannot build record.json: out of memory");
		return -1;
	}
	for (i = 0; i < r->nwarn; i++)
		ct_record_launcher_warn(rec, r->warn[i]);
	if (r->startup.n)
		cJSON_ReplaceItemInObjectCaseSensitive(rec, "startup_failure",
						       ct_startup_json(&r->startup, r->path));
	if (r->ready) {   /* before the merge: it marks what came after ready */
		ct_rec_set(rec, "ready", ct_ready_json(r->ready));
		ct_rec_set(rec, "not_ready", ct_not_ready_json(r->ready));
	}
	if (merge && ct_merge_run(r->dir, rec, r->f.pid) < 0)
		ct_record_warn(rec, "merging the event logs failed (see the launcher's stderr): "
				    "processes[] and events{} are incomplete");
	if (r->probe)
		ct_host_probe_python(r->probe, rec);
	r->probe = NULL;
	rc = ct_record_write(r->dir, rec);
	if (rc < 0)
		ct_msg("cannot write %s/record.json: %m", r->dir);
	ct_arena_end();   /* drops rec whole, without walking it */
	return rc;
}

/* The launcher's own failure once the run directory exists: one line
 * that says what and where, and a record that says the same. */
static int ct_run_fail(struct ct_objrun *r, int status, const char *what)
{
	r->f.error = what;
	r->f.exit_code = status;
	r->f.exit_known = 1;
	ct_run_record(r, 0);
	ct_msg("%s (record: %s/record.json)", what, r->dir);
	return status;
}

/* Made fresh in the run directory, checked and never through a link. */
static int ct_open_log(struct ct_objrun *r, const char *name)
{
	int dir = ct_dir_open_own(r->dir), fd = -1, saved;

	if (dir >= 0) {
		fd = openat(dir, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
		saved = errno;
		close(dir);
		errno = saved;
	}
	if (fd < 0)
		ct_msg("cannot create %s/%s (open): %m", r->dir, name);
	return fd;
}

static int ct_run_prepare(struct ct_objrun *r)
{
	int rc = ct_run_opts_label(&r->o, r->label, sizeof(r->label));

	if (rc >= 0)
		return rc;
	r->shim = ct_find_shim();
	if (!r->shim)
		return CT_STATUS_TOOL;
	if (!r->member && ct_run_dir_create(r->o.runs_dir, r->label, ct_unix_ms(), r->dir,
					    sizeof(r->dir)) < 0)
		return CT_STATUS_TOOL;
	if (r->member && mkdir(r->dir, 0700) < 0) {
		ct_msg("cannot create run directory '%s' (mkdir): %m", r->dir);
		return CT_STATUS_TOOL;
	}
	if (!getcwd(r->cwd, sizeof(r->cwd)))
		r->cwd[0] = '\0';
	ct_facts_common(r);
	r->out_log = ct_open_log(r, "stdout.log");
	r->err_log = r->out_log < 0 ? -1 : ct_open_log(r, "stderr.log");
	if (r->err_log < 0)
		return ct_run_fail(r, CT_STATUS_TOOL, "cannot create stdout.log/stderr.log");
	return -1;
}

/* A set-id or setcap command run by this user: its loader ignores the shim. */
static int ct_run_secure(const struct ct_objrun *r, char *text, size_t n)
{
	const struct ct_exec_ids ids = { (uint32_t)getuid(), (uint32_t)geteuid(),
					 (uint32_t)getgid(), (uint32_t)getegid() };
	char why[512];

	if (!ct_exec_secure_why(r->path, &ids, why, sizeof(why)))
		return 0;
	snprintf(text, n, "'%s' runs untraced: %s; only the launcher's view is recorded", r->path,
		 why);
	return 1;
}

static int ct_run_resolve(struct ct_objrun *r)
{
	char what[PATH_MAX + 64], text[PATH_MAX + 160];
	int status, err, why;

	r->path = ct_lookup_cmd(r->o.cmd[0], &status, &err);
	if (!r->path) {
		if (status == CT_STATUS_NOTFOUND)
			snprintf(what, sizeof(what), "command not found: '%s'", r->o.cmd[0]);
		else
			snprintf(what, sizeof(what), "cannot execute '%s': %s", r->o.cmd[0], strerror(err));
		return ct_run_fail(r, status, what);
	}
	why = ct_elf_unreachable(r->path);
	if (ct_run_secure(r, text, sizeof(text))) {
		ct_run_warn(r, text);
	} else if (why == CT_ELF_STATIC) {
		snprintf(text, sizeof(text), "LD_PRELOAD cannot apply to a statically linked "
			 "program: '%s' runs untraced; only the launcher's view is recorded", r->path);
		ct_run_warn(r, text);
	} else if ((r->class32 = why == CT_ELF_32BIT)) {
		snprintf(text, sizeof(text), "a 32-bit program cannot preload the 64-bit shim: "
			 "'%s' runs untraced, LD_PRELOAD left as it was (its loader would print an "
			 "error); only the launcher's view is recorded", r->path);
		ct_run_warn(r, text);
	}
	return -1;
}

static void ct_facts_from_capture(struct ct_objrun *r, const struct ct_capture *cap, pid_t pid)
{
	struct ct_facts *f = &r->f;
	const struct rusage *ru = &cap->ru;

	f->pid = (int)pid;
	f->wall_ms = (cap->end_ns - cap->t0_ns) / 1000000;
	f->first_stdout_ms = cap->first_stdout_ms;
	f->exit_known = 1;
	f->exit_code = WIFEXITED(cap->status) ? WEXITSTATUS(cap->status) : -1;
	f->exit_signal = WIFSIGNALED(cap->status) ? WTERMSIG(cap->status) : 0;
	f->user_cpu_ms = ru->ru_utime.tv_sec * 1000 + ru->ru_utime.tv_usec / 1000;
	f->system_cpu_ms = ru->ru_stime.tv_sec * 1000 + ru->ru_stime.tv_usec / 1000;
	f->max_rss_kb = ru->ru_maxrss;
	f->minflt = ru->ru_minflt;
	f->majflt = ru->ru_majflt;
	f->nvcsw = ru->ru_nvcsw;
	f->nivcsw = ru->ru_nivcsw;
	f->rchar = cap->io[CT_IO_RCHAR];
	f->wchar = cap->io[CT_IO_WCHAR];
	f->read_bytes = cap->io[CT_IO_READ_BYTES];
	f->write_bytes = cap->io[CT_IO_WRITE_BYTES];
	f->stdout_bytes = cap->out_bytes;
	f->stderr_bytes = cap->err_bytes;
	f->late_stdout_bytes = cap->late_out;
	f->late_stderr_bytes = cap->late_err;
	f->drainer_pid = (int)cap->drainer;
}

/* --at-ready keep: the command runs on, unreaped; only what was seen
 * up to now is known (no exit, no rusage, no final I/O counters). */
static void ct_facts_detached(struct ct_objrun *r, const struct ct_capture *cap, pid_t pid)
{
	struct ct_facts *f = &r->f;

	f->pid = (int)pid;
	f->first_stdout_ms = cap->first_stdout_ms;
	f->stdout_bytes = cap->out_bytes;
	f->stderr_bytes = cap->err_bytes;
	f->late_stdout_bytes = f->late_stderr_bytes = 0;
	f->drainer_pid = (int)cap->drainer;
	f->ready_ms = ct_ready_ms(r->ready);
}

static void ct_detached_warning(struct ct_objrun *r, const struct ct_capture *cap, pid_t pid)
{
	char text[512];

	snprintf(text, sizeof(text), "--at-ready keep: the service (pid %d) was left running at "
		 "ready, still traced (its shim goes on writing its event log into the run "
		 "directory); the record holds what was there at ready; %s", (int)pid,
		 cap->drainer > 0 ? "a drainer goes on copying its output to stdout.log/stderr.log"
				  : "its later output is not captured");
	ct_run_warn(r, text);
}

static void ct_capture_warnings(struct ct_objrun *r, const struct ct_capture *cap)
{
	char text[256];

	if (cap->log_error) {
		snprintf(text, sizeof(text), "stdout.log/stderr.log are incomplete (write): %s",
			 strerror(cap->log_error));
		ct_run_warn(r, text);
	}
	for (int i = 0; i < 2; i++) {
		const char *s = i ? "stderr" : "stdout";

		if (!(cap->reader_gone & (1u << i)))
			continue;
		snprintf(text, sizeof(text), "the reader of ct-launch's %s went away (EPIPE): the "
			 "command's %s pipe was closed there, as under `| cat`; %s.log ends with what "
			 "was read until then", s, s, s);
		ct_run_warn(r, text);
	}
	if (cap->tail_lost)
		ct_run_warn(r, "a process kept the command's stdout/stderr open after it exited; "
			       "output after the first 2 s past its exit is not captured");
	if (cap->drainer > 0 && !cap->detached) {
		snprintf(text, sizeof(text), "a process kept the command's stdout/stderr open "
			 "after it exited: a drainer (pid %d) goes on copying its output to "
			 "stdout.log/stderr.log and completes output{} when it closes them",
			 (int)cap->drainer);
		ct_run_warn(r, text);
	}
}

/* Exit status 127 may be the loader's: a DT_NEEDED object it could not find. */
static void ct_why_not_started(struct ct_objrun *r, const struct ct_capture *cap, char **env)
{
	char text[4096];

	if (!WIFEXITED(cap->status) || WEXITSTATUS(cap->status) != CT_STATUS_NOTFOUND ||
	    !ct_loader_missing(r->path, env, &r->startup))
		return;
	ct_startup_warning(&r->startup, r->path, text, sizeof(text));
	ct_run_warn(r, text);
}

/* The command, or with --systemd systemd-run starting it in a scope named
 * after the run (systemd-run execs it in place: the same pid). */
static int ct_run_exec(struct ct_objrun *r, char **env, struct ct_child *c)
{
	char opt[sizeof(r->unit.name) + 8];
	char **argv;
	int rc;

	if (!r->o.systemd)
		return ct_child_start(r->path, r->o.cmd, env, c);
	snprintf(r->unit.name, sizeof(r->unit.name), "coldtrace-%.140s.scope", r->f.run_id);
	snprintf(opt, sizeof(opt), "--unit=%s", r->unit.name);
	argv = ct_systemd_argv(r->path, r->o.cmd, opt);
	rc = argv ? ct_child_start(argv[0], argv, env, c) : -1;
	free(argv);
	return rc;
}

/* The environment (NOTIFY_SOCKET with --ready notify) and the readiness
 * conditions, then the fork: 0 with the child started, else the status. */
static int ct_run_start(struct ct_objrun *r, struct ct_capture *cap, struct ct_child *c,
			char ***env, struct ct_host_probe *probe)
{
	char what[PATH_MAX + 64];
	int wake, failed, rc;

	r->ready = ct_ready_new(&r->o, &failed);
	*env = failed ? NULL : ct_child_env(&r->o, r->class32 ? NULL : r->shim, r->dir, r->path,
					    r->ready && r->ready->nt.fd >= 0 ? r->ready->nt.name : NULL);
	wake = *env ? ct_signals_install() : -1;
	if (wake < 0)
		return ct_run_fail(r, CT_STATUS_TOOL, "cannot prepare the command's environment");
	c->own_group = r->ready != NULL;
	cap->unit = r->o.systemd ? &r->unit : NULL;
	cap->t0_ns = ct_mono_ns();
	r->f.started_unix_ms = ct_unix_ms();
	rc = ct_run_exec(r, *env, c);
	ct_host_probe_start(probe, r->o.cmd);
	r->probe = probe;
	if (rc < 0)
		return ct_run_fail(r, CT_STATUS_TOOL, "cannot start the command");
	if (c->exec_errno) {
		close(c->out_fd);
		close(c->err_fd);
		snprintf(what, sizeof(what), "cannot execute '%s' (execve): %s", r->o.cmd[0],
			 strerror(c->exec_errno));
		return ct_run_fail(r, c->exec_errno == ENOENT ? CT_STATUS_NOTFOUND : CT_STATUS_NOEXEC, what);
	}
	if (r->ready)
		ct_ready_start(r->ready, cap->t0_ns, c->pid);
	cap->ready = r->ready;
	return ct_capture_run(c, wake, r->out_log, r->err_log, cap) < 0 ?
	       ct_run_fail(r, CT_STATUS_TOOL, "lost track of the command (poll failed)") : 0;
}

/* Starts the child and follows it to the end (or to ready); returns the
 * launcher's exit status. */
static int ct_run_child(struct ct_objrun *r)
{
	struct ct_capture cap = { .quiet = r->o.quiet, .first_stdout_ms = -1, .run_dir = r->dir };
	struct ct_host_probe probe;
	struct ct_child c;
	char **env = NULL;
	int rc, status;

	rc = ct_run_start(r, &cap, &c, &env, &probe);
	if (rc) {
		ct_env_free(env);
		return rc;
	}
	if (cap.detached) {
		ct_facts_detached(r, &cap, c.pid);
		ct_detached_warning(r, &cap, c.pid);
	} else {
		ct_facts_from_capture(r, &cap, c.pid);
		r->f.ready_ms = ct_ready_ms(r->ready);
		ct_why_not_started(r, &cap, env);
	}
	ct_capture_warnings(r, &cap);
	ct_env_free(env);
	if (ct_run_record(r, 1) == 0 && !r->o.quiet && !r->member)
		ct_report_short(r->dir, stderr);   /* stderr: stdout is the command's */
	if (!r->member)
		ct_msg("run directory: %s", r->dir);
	status = WIFSIGNALED(cap.status) ? 128 + WTERMSIG(cap.status) : WEXITSTATUS(cap.status);
	return cap.detached ? 0 : ct_ready_status(r->ready, status);
}

int ct_run_once(const struct ct_run_opts *o, const char *mode, const char *dir)
{
	struct ct_objrun r;
	int rc;

	memset(&r, 0, sizeof(r));
	r.o = *o;
	r.mode = mode;
	r.member = dir != NULL;
	if (dir)
		snprintf(r.dir, sizeof(r.dir), "%s", dir);
	r.out_log = r.err_log = -1;
	rc = ct_run_prepare(&r);
	if (rc < 0)
		rc = ct_run_resolve(&r);
	if (rc < 0)
		rc = ct_run_child(&r);
	if (r.out_log >= 0)
		close(r.out_log);
	if (r.err_log >= 0)
		close(r.err_log);
	while (r.nwarn > 0)
		free(r.warn[--r.nwarn]);
	ct_startup_free(&r.startup);
	ct_systemd_free(&r.unit);
	ct_ready_free(r.ready);
	free(r.shim);
	free(r.path);
	return rc;
}
