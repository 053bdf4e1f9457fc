/*
 * env.c -- keeping children traced when the host rebuilds its environment.
 *
 * The constructor saves coldtrace's own variables (COLDTRACE_*); an exec or
 * spawn whose environment lost any of them, or lost the shim from
 * LD_PRELOAD, gets a copy with what is missing put back.  With following off, nothing is put back (the
 * constructor already removed the shim from LD_PRELOAD).
 */
#include <stdlib.h>
#include <string.h>
#include "ct.h"

#define CT_ENV_MAX 8

static char *ct_saved[CT_ENV_MAX];   /* "NAME=value", from the constructor */
static int ct_nsaved;

/* The launcher put the sanitizer runtime the program needs in front of
 * the shim (COLDTRACE_SANITIZER names it): the loader has done with
 * LD_PRELOAD, so it is taken out again, in place (no allocation), and the
 * program's children get the environment they would get untraced. */
void ct_env_unsanitize(void)
{
	const char *rt = getenv("COLDTRACE_SANITIZER");
	char *pre = getenv("LD_PRELOAD");
	size_t n = rt ? strlen(rt) : 0;

	if (n && pre && !strncmp(pre, rt, n) && pre[n] == ':')
		memmove(pre, pre + n + 1, strlen(pre + n + 1) + 1);
	if (rt)
		unsetenv("COLDTRACE_SANITIZER");
}

void ct_env_save(char **envp)
{
	for (char **e = envp; e && *e && ct_nsaved < CT_ENV_MAX; e++)
		if (strncmp(*e, "COLDTRACE_", 10) == 0 &&
		    (ct_saved[ct_nsaved] = ct_keep_strdup(*e)) != NULL)
			ct_nsaved++;
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

static char *ct_preload_entry(char *const envp[])
{
	const char *old = ct_env_get(envp, "LD_PRELOAD");
	size_t n = strlen(ct_g.shim_path) + (old ? strlen(old) : 0) + 16;
	char *kv = malloc(n);

	if (!kv)
		return NULL;
	strcpy(kv, "LD_PRELOAD=");
	strcat(kv, ct_g.shim_path);
	if (old && *old && !strstr(old, ct_g.shim_path)) {
		strcat(kv, ":");
		strcat(kv, old);
	}
	return kv;
}

/* The environment an exec/spawn should get: envp itself when it is fine
 * (or following is off, or memory ran out: the host's call goes ahead),
 * else a copy in fx with only what is missing added: LD_PRELOAD gets the
 * shim in front, and the COLDTRACE_* variables the program dropped come
 * back.  ct_env_release(fx) frees the copy. */
char *const *ct_env_fix(char *const envp[], struct ct_envfix *fx)
{
	char *missing[CT_ENV_MAX];
	int nmiss, shim;
	size_t n = 0, k = 0;

	fx->envp = NULL;
	fx->preload = NULL;
	if (!ct_g.follow || !ct_host_vec_ok(envp, CT_ARG_STR_MAX))
		return envp;   /* an unreadable one: the kernel refuses it as before */
	shim = ct_has_shim(envp);
	nmiss = ct_missing(envp, missing);
	if (shim && nmiss == 0)
		return envp;
	for (char *const *e = envp; e && *e; e++)
		n++;
	if (!shim && !(fx->preload = ct_preload_entry(envp)))
		return envp;
	if (!(fx->envp = malloc((n + CT_ENV_MAX + 2) * sizeof(*fx->envp)))) {
		ct_env_release(fx);
		return envp;
	}
	for (char *const *e = envp; e && *e; e++)
		if (shim || strncmp(*e, "LD_PRELOAD=", 11) != 0)
			fx->envp[k++] = *e;
	for (int i = 0; i < nmiss; i++)
		fx->envp[k++] = missing[i];
	if (fx->preload)
		fx->envp[k++] = fx->preload;
	fx->envp[k] = NULL;
	return fx->envp;
}

void ct_env_release(struct ct_envfix *fx)
{
	free(fx->envp);
	free(fx->preload);
	fx->envp = NULL;
	fx->preload = NULL;
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
