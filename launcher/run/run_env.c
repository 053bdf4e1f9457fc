/*
 * run_env.c -- where libcoldtrace.so is, and the child's environment.
 *
 * The child gets the launcher's environment with LD_PRELOAD holding the
 * shim's absolute path in front of any entries that were there, plus the
 * COLDTRACE_* variables of the launcher/shim contract (README.md), among
 * them the shim's canonical path (COLDTRACE_SHIM: no realpath per image).  A
 * program linked with a sanitizer runtime gets that runtime in front of
 * the shim (it refuses to run otherwise), named in COLDTRACE_SANITIZER so
 * that the shim takes it out again before the program's children see it.
 * Never:
 * a relative shim path (the child may chdir before it execs), the shim
 * listed twice, or a stale COLDTRACE_RUN_DIR / COLDTRACE_OWNER_PID leaking
 * from an outer run into this one.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf/ct_elf.h"
#include "lib/msg.h"
#include "run.h"

extern char **environ;

#define CT_SHIM "libcoldtrace.so"

static char *ct_shim_from_env(void)
{
	const char *lib = getenv("COLDTRACE_LIB");
	char *abs;

	if (!lib || !lib[0])
		return NULL;
	abs = realpath(lib, NULL);
	if (!abs)
		ct_msg("COLDTRACE_LIB='%s' (realpath): %m", lib);
	return abs;
}

/* Next to the binary (build tree), then <bindir>/../lib/coldtrace/. */
static char *ct_shim_near_exe(void)
{
	static const char *const rel[] = { "/" CT_SHIM, "/../lib/coldtrace/" CT_SHIM };
	char exe[PATH_MAX], cand[PATH_MAX + 64], *slash;
	size_t i;

	if (!realpath("/proc/self/exe", exe)) {
		ct_msg("cannot locate coldtrace itself (realpath /proc/self/exe): %m");
		return NULL;
	}
	slash = strrchr(exe, '/');
	*slash = '\0';
	for (i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		snprintf(cand, sizeof(cand), "%s%s", exe, rel[i]);
		if (access(cand, R_OK) == 0)
			return realpath(cand, NULL);
	}
	ct_msg("cannot find %s next to %s or in %s/../lib/coldtrace/ (build it with make, "
	       "or set COLDTRACE_LIB)", CT_SHIM, exe, exe);
	return NULL;
}

char *ct_find_shim(void)
{
	if (getenv("COLDTRACE_LIB") && getenv("COLDTRACE_LIB")[0])
		return ct_shim_from_env();
	return ct_shim_near_exe();
}

static int ct_env_is(const char *entry, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(entry, name, n) && entry[n] == '=';
}

/* Variables this run sets itself, or that only an outer run could have set. */
static int ct_env_replaced(const char *entry, const struct ct_run_opts *o, const char *shim,
			   const char *notify)
{
	return (shim && ct_env_is(entry, "LD_PRELOAD")) || ct_env_is(entry, "COLDTRACE_RUN_DIR") ||
	       ct_env_is(entry, "COLDTRACE_SANITIZER") || ct_env_is(entry, "COLDTRACE_SHIM") ||
	       ct_env_is(entry, "COLDTRACE_LAUNCHER") || ct_env_is(entry, "COLDTRACE_OWNER_PID") ||
	       (o->no_follow && ct_env_is(entry, "COLDTRACE_FOLLOW")) ||
	       (shim && o->loader && ct_env_is(entry, "LD_AUDIT")) ||
	       (o->stacks && ct_env_is(entry, "COLDTRACE_STACKS")) ||
	       (notify && ct_env_is(entry, "NOTIFY_SOCKET"));
}

/* "LD_PRELOAD=[<rt>:]<shim>[:<old entries other than the shim>]" */
static char *ct_preload_value(const char *shim, const char *rt)
{
	const char *old = getenv("LD_PRELOAD");
	char *copy, *tok, *save = NULL, *out;
	size_t n;

	n = strlen("LD_PRELOAD=") + strlen(shim) + (old ? strlen(old) : 0) +
	    (rt ? strlen(rt) + 1 : 0) + 2;
	out = malloc(n);
	copy = strdup(old ? old : "");
	if (!out || !copy) {
		free(out);
		free(copy);
		return NULL;
	}
	snprintf(out, n, "LD_PRELOAD=%s%s%s", rt ? rt : "", rt ? ":" : "", shim);
	for (tok = strtok_r(copy, ": ", &save); tok; tok = strtok_r(NULL, ": ", &save)) {
		if (strcmp(tok, shim) != 0) {
			strcat(out, ":");
			strcat(out, tok);
		}
	}
	free(copy);
	return out;
}

/* "LD_AUDIT=[<the program's own>:]<libcoldtrace-audit.so next to the shim>"
 * (a missing audit library is ld.so's to report: it runs the program on) */
static char *ct_audit_value(const char *shim)
{
	const char *old = getenv("LD_AUDIT");
	char *out;

	if (asprintf(&out, "LD_AUDIT=%s%s%.*s/libcoldtrace-audit.so", old ? old : "",
		     old && *old ? ":" : "", (int)(strrchr(shim, '/') - shim), shim) < 0)
		return NULL;
	return out;
}

static int ct_env_add(char **env, size_t *n, const char *name, const char *val)
{
	if (asprintf(&env[*n], "%s=%s", name, val) < 0)
		return -1;
	(*n)++;
	return 0;
}

char **ct_child_env(const struct ct_run_opts *o, const char *shim, const char *rundir,
		    const char *prog, const char *notify)
{
	size_t count = 0, n = 0, i;
	struct ct_elf_info elf;
	char **env, pid[24];
	int bad = 0;

	while (environ[count])
		count++;
	env = calloc(count + 10, sizeof(*env));
	if (!env)
		return NULL;
	for (i = 0; i < count; i++)
		if (!ct_env_replaced(environ[i], o, shim, notify) && !(env[n++] = strdup(environ[i])))
			bad = 1;
	if (shim) {
		ct_elf_inspect(prog, &elf);
		bad |= !(env[n++] = ct_preload_value(shim, elf.sanitizer));
		if (elf.sanitizer)
			bad |= ct_env_add(env, &n, "COLDTRACE_SANITIZER", elf.sanitizer);
		ct_elf_info_free(&elf);
		bad |= ct_env_add(env, &n, "COLDTRACE_SHIM", shim);   /* its realpath */
	}
	bad |= ct_env_add(env, &n, "COLDTRACE_RUN_DIR", rundir);
	snprintf(pid, sizeof(pid), "%ld", (long)getpid());   /* the command's parent */
	bad |= ct_env_add(env, &n, "COLDTRACE_LAUNCHER", pid);
	if (o->no_follow)
		bad |= ct_env_add(env, &n, "COLDTRACE_FOLLOW", "0");
	if (o->stacks)
		bad |= ct_env_add(env, &n, "COLDTRACE_STACKS", o->stacks);
	if (shim && o->loader)
		bad |= !(env[n++] = ct_audit_value(shim));
	if (notify)
		bad |= ct_env_add(env, &n, "NOTIFY_SOCKET", notify);
	if (bad) {
		ct_env_free(env);
		errno = ENOMEM;
		return NULL;
	}
	return env;
}

void ct_env_free(char **env)
{
	size_t i;

	if (!env)
		return;
	for (i = 0; env[i]; i++)
		free(env[i]);
	free(env);
}
