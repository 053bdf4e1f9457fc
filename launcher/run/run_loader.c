/*
 * run_loader.c -- why a program never started, in the dynamic loader's own
 * words.
 *
 * When a DT_NEEDED object is missing, ld.so exits 127 before any code of
 * the program (so before the shim) runs: nothing is traced.  The launcher
 * then asks the same loader again, the way ldd does: the program's own
 * PT_INTERP, named explicitly, with LD_TRACE_LOADED_OBJECTS=1 and
 * LD_DEBUG=files, the command's path and the environment the command got.
 * It prints "NAME => not found" for each object it could not find and
 * "file=NAME [0];  needed by WHO [0]" for each request.  The search itself
 * (glibc-hwcaps subdirectories, the cache, $ORIGIN, $LIB, $PLATFORM) is
 * never re-implemented here.  Never: the program's code run by this (only a
 * glibc loader, in trace mode, is asked), or a wait without an end.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "elf/cuda.h"
#include "elf/elfkind.h"
#include "lib/clock.h"
#include "run.h"

#define CT_LOADER_OUT   (1 << 20)   /* bytes of the loader's answer kept */
#define CT_LOADER_MS    5000        /* the loader's answer takes milliseconds */

extern char **environ;

/* glibc's loaders: the only ones whose trace mode is known to run nothing. */
static int ct_is_glibc_loader(const char *interp)
{
	const char *base = strrchr(interp, '/') ? strrchr(interp, '/') + 1 : interp;

	return !strncmp(base, "ld-linux", 8) || !strncmp(base, "ld64.so", 7);
}

static int ct_env_ld_debug(const char *e)
{
	return !strncmp(e, "LD_DEBUG", 8) || !strncmp(e, "LD_TRACE_", 9);
}

/* The command's environment, its LD_DEBUG* / LD_TRACE_* replaced by ours. */
static char **ct_trace_env(char **env)
{
	size_t n = 0, k = 0;
	char **out;

	while (env && env[n])
		n++;
	out = calloc(n + 3, sizeof(*out));
	if (!out)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (!ct_env_ld_debug(env[i]))
			out[k++] = env[i];
	out[k++] = "LD_TRACE_LOADED_OBJECTS=1";
	out[k++] = "LD_DEBUG=files";
	return out;
}

static int64_t ct_ms_now(void)
{
	return ct_mono_ns() / 1000000;
}

/* Everything the loader writes (stdout and stderr on one pipe) until it
 * exits or the deadline passes; NUL-terminated, malloc'd. */
static char *ct_read_answer(int fd, pid_t pid)
{
	char *buf = malloc(CT_LOADER_OUT + 1);
	size_t used = 0;
	int64_t end = ct_ms_now() + CT_LOADER_MS, left;
	struct pollfd p = { fd, POLLIN, 0 };
	ssize_t r;
	int ready;

	while (buf && (left = end - ct_ms_now()) > 0) {
		ready = poll(&p, 1, (int)left);
		if (ready < 0 && errno == EINTR)
			continue;
		if (ready <= 0)
			break;
		r = read(fd, buf + used, CT_LOADER_OUT - used);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0 || (used += (size_t)r) == CT_LOADER_OUT)
			break;
	}
	kill(pid, SIGKILL);   /* already gone, or past the deadline */
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	if (buf)
		buf[used] = '\0';
	return buf;
}

static char *ct_ask_loader(const char *interp, const char *path, char **env)
{
	char *argv[] = { (char *)interp, (char *)path, NULL };
	char **tenv = ct_trace_env(env ? env : environ);
	int p[2];
	pid_t pid;
	char *out = NULL;

	if (!tenv || pipe2(p, O_CLOEXEC) < 0) {
		free(tenv);
		return NULL;
	}
	pid = fork();
	if (pid == 0) {
		if (dup2(p[1], STDOUT_FILENO) >= 0 && dup2(p[1], STDERR_FILENO) >= 0)
			execve(interp, argv, tenv);
		_exit(127);
	}
	close(p[1]);
	if (pid > 0)
		out = ct_read_answer(p[0], pid);
	close(p[0]);
	free(tenv);
	return out;
}

/* "\tNAME => not found" */
static int ct_not_found(const char *line, char *name, size_t n)
{
	const char *arrow = strstr(line, " => not found");
	size_t len;

	while (*line == '\t' || *line == ' ')
		line++;
	if (!arrow || arrow <= line || arrow[13] != '\0')
		return 0;
	len = (size_t)(arrow - line);
	if (len >= n)
		return 0;
	memcpy(name, line, len);
	name[len] = '\0';
	return 1;
}

/* "PID:\tfile=NAME [0];  needed by WHO [0]": WHO, when NAME matches. */
static char *ct_needed_by(const char *out, const char *name)
{
	size_t n = strlen(name);
	const char *p = out, *who, *end;

	while ((p = strstr(p, "file=")) != NULL) {
		p += 5;
		if (strncmp(p, name, n) || p[n] != ' ')
			continue;
		who = strstr(p + n, "needed by ");
		end = who ? strchr(who, '\n') : NULL;
		if (!who || (end && who > end))
			continue;
		who += 10;
		end = end ? end : who + strlen(who);
		while (end > who && end[-1] != '[')
			end--;
		if (end - who < 2)
			continue;
		return strndup(who, (size_t)(end - who - 2));   /* without " [N]" */
	}
	return NULL;
}

static void ct_parse_answer(char *out, struct ct_startup *st)
{
	char name[512], *line, *save = NULL;
	char *copy = strdup(out);

	for (line = copy ? strtok_r(copy, "\n", &save) : NULL; line && st->n < CT_MISSING_MAX;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!ct_not_found(line, name, sizeof(name)))
			continue;
		st->miss[st->n].name = strdup(name);
		st->miss[st->n].needed_by = ct_needed_by(out, name);
		if (st->miss[st->n].name)
			st->n++;
	}
	free(copy);
}

int ct_loader_missing(const char *path, char **env, struct ct_startup *st)
{
	char *out;

	memset(st, 0, sizeof(*st));
	st->loader = ct_elf_interp(path);
	if (!st->loader || !ct_is_glibc_loader(st->loader)) {
		ct_startup_free(st);
		return 0;
	}
	out = ct_ask_loader(st->loader, path, env);
	if (out)
		ct_parse_answer(out, st);
	free(out);
	if (!st->n)
		ct_startup_free(st);
	return st->n > 0;
}

void ct_startup_free(struct ct_startup *st)
{
	for (int i = 0; i < st->n; i++) {
		free(st->miss[i].name);
		free(st->miss[i].needed_by);
	}
	free(st->loader);
	memset(st, 0, sizeof(*st));
}

/* "'PROG' never started: ..." -- one line for warnings[]. */
void ct_startup_warning(const struct ct_startup *st, const char *path, char *out, size_t n)
{
	size_t used = (size_t)snprintf(out, n, "'%s' never started: the dynamic loader %s could not find ",
				       path, st->loader);

	for (int i = 0; i < st->n && used < n; i++)
		used += (size_t)snprintf(out + used, n - used, "%s%s (needed by %s)",
					 i ? ", " : "", st->miss[i].name,
					 st->miss[i].needed_by ? st->miss[i].needed_by : "?");
	if (used < n)
		snprintf(out + used, n - used, " and exited 127 before any of its code ran; nothing "
			 "was traced");
}

cJSON *ct_startup_json(const struct ct_startup *st, const char *path)
{
	cJSON *o = cJSON_CreateObject(), *arr = o ? cJSON_AddArrayToObject(o, "missing") : NULL, *m;

	cJSON_AddStringToObject(o, "program", path);
	cJSON_AddStringToObject(o, "loader", st->loader);
	for (int i = 0; arr && i < st->n; i++) {
		m = cJSON_CreateObject();
		cJSON_AddStringToObject(m, "name", st->miss[i].name);
		if (st->miss[i].needed_by)
			cJSON_AddStringToObject(m, "needed_by", st->miss[i].needed_by);
		else
			cJSON_AddNullToObject(m, "needed_by");
		if (ct_cuda_class(st->miss[i].name, NULL))
			cJSON_AddStringToObject(m, "cuda", ct_cuda_class(st->miss[i].name, NULL));
		else
			cJSON_AddNullToObject(m, "cuda");
		cJSON_AddItemToArray(arr, m);
	}
	cJSON_AddStringToObject(o, "source", "LD_TRACE_LOADED_OBJECTS=1 LD_DEBUG=files "
				"(the loader's trace mode, as ldd uses it), same command and environment");
	return o;
}
