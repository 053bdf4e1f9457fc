/*
 * env.c -- keeping children traced when the host rebuilds its environment.
 *
 * The constructor saves coldtrace's own variables (COLDTRACE_*); an exec or
 * spawn whose environment lost any of them, or lost the shim from
 * LD_PRELOAD, gets a copy on the stack with what is missing put back.  With
 * following off, nothing is put back (the constructor already removed the
 * shim from LD_PRELOAD).
 */
#include <stdlib.h>
#include <string.h>
#include "ct.h"

#define CT_ENV_MAX 8
#define CT_ENV_STACK (32u * 1024u)   /* bytes of stack a fixed environment may take */

static char *ct_saved[CT_ENV_MAX];   /* "NAME=value", from the constructor */
static int ct_nsaved;

void ct_env_save(char **envp)
{
	for (char **e = envp; e && *e && ct_nsaved < CT_ENV_MAX; e++)
		if (strncmp(*e, "COLDTRACE_", 10) == 0)
			ct_saved[ct_nsaved++] = strdup(*e);
}

static const char *ct_env_get(char *const envp[], const char *name)
{
	size_t n = strlen(name);

	for (char *const *e = envp; e && *e; e++)
		if (strncmp(*e, name, n) == 0 && (*e)[n] == '=')
			return *e + n + 1;
	return NULL;
}

static int ct_has_shim(char *const envp[])
{
	const char *pre = ct_env_get(envp, "LD_PRELOAD");

	return pre && strstr(pre, ct_g.shim_path) != NULL;
}

/* The saved variables envp lacks (by name); a value the program set
 * itself is left as it is. */
static int ct_missing(char *const envp[], char **out)
{
	int n = 0;

	for (int i = 0; i < ct_nsaved; i++) {
		const char *eq = strchr(ct_saved[i], '=');
		char name[64];
		size_t len = (size_t)(eq - ct_saved[i]);

		if (len >= sizeof(name))
			continue;
		memcpy(name, ct_saved[i], len);
		name[len] = '\0';
		if (!ct_env_get(envp, name))
			out[n++] = ct_saved[i];
	}
	return n;
}

/* Bytes of the LD_PRELOAD entry that puts the shim in front of envp's. */
static size_t ct_preload_len(char *const envp[])
{
	const char *old = ct_env_get(envp, "LD_PRELOAD");

	return sizeof("LD_PRELOAD=:") + strlen(ct_g.shim_path) + (old ? strlen(old) : 0);
}

static void ct_preload_entry(char *const envp[], char *kv, size_t n)
{
	const char *old = ct_env_get(envp, "LD_PRELOAD");
	size_t k = ct_strlcpy(kv, "LD_PRELOAD=", n);

	k += ct_strlcpy(kv + k, ct_g.shim_path, n - k);
	if (old && *old) {
		k += ct_strlcpy(kv + k, ":", n - k);
		ct_strlcpy(kv + k, old, n - k);
	}
}

/* out = envp with the shim put in front of LD_PRELOAD (when pre is given)
 * and the missing variables added; out has room for all of them. */
static void ct_env_build(char *const envp[], char **out, char *pre, size_t prelen,
			 char *const *missing, int nmiss)
{
	size_t k = 0;

	for (char *const *e = envp; e && *e; e++)
		if (!pre || strncmp(*e, "LD_PRELOAD=", 11) != 0)
			out[k++] = *e;
	for (int i = 0; i < nmiss; i++)
		out[k++] = missing[i];
	if (pre) {
		ct_preload_entry(envp, pre, prelen);
		out[k++] = pre;
	}
	out[k] = NULL;
}

/* fn(ctx, env) with the environment an exec/spawn should get: envp itself
 * when it is fine (or following is off), else a copy with only what is
 * missing added: LD_PRELOAD gets the shim in front, and the COLDTRACE_*
 * variables the program dropped come back.  The copy lives on this stack,
 * nothing is allocated: a vfork child, which runs on its parent's memory,
 * calls this too.  An environment too large for CT_ENV_STACK goes as it
 * is (the child then runs untraced). */
int ct_env_call(char *const envp[], ct_env_fn *fn, void *ctx)
{
	char *missing[CT_ENV_MAX];
	int nmiss, shim;
	size_t n = 0, prelen;

	if (!ct_g.follow)
		return fn(ctx, envp);
	shim = ct_has_shim(envp);
	nmiss = ct_missing(envp, missing);
	if (shim && nmiss == 0)
		return fn(ctx, envp);
	for (char *const *e = envp; e && *e; e++)
		n++;
	n += (size_t)nmiss + 2;
	prelen = shim ? 1 : ct_preload_len(envp);
	if (n * sizeof(char *) + prelen > CT_ENV_STACK) {
		ct_debug("environment too large to put the shim back", NULL);
		return fn(ctx, envp);
	}
	{
		char *out[n], pre[prelen];

		ct_env_build(envp, out, shim ? NULL : pre, prelen, missing, nmiss);
		return fn(ctx, out);
	}
}

/* Following off: children must not load the shim. */
void ct_env_unfollow(void)
{
	const char *pre = getenv("LD_PRELOAD");
	char *copy, *out, *tok, *save = NULL;

	if (!pre || !(copy = strdup(pre)) || !(out = calloc(1, strlen(pre) + 1))) {
		unsetenv("LD_PRELOAD");
		return;
	}
	for (tok = strtok_r(copy, ": ", &save); tok; tok = strtok_r(NULL, ": ", &save)) {
		if (strstr(tok, "libcoldtrace.so"))
			continue;
		if (*out)
			strcat(out, ":");
		strcat(out, tok);
	}
	if (*out)
		setenv("LD_PRELOAD", out, 1);
	else
		unsetenv("LD_PRELOAD");
	free(copy);
	free(out);
}
