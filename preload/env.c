/*
 * env.c -- keeping children traced when the host rebuilds its environment.
 *
 * The constructor saves coldtrace's own variables (LD_PRELOAD entry and
 * COLDTRACE_*); an exec or spawn whose environment lost any of them gets a
 * copy with them put back.  With following off, nothing is put back (the
 * constructor already removed the shim from LD_PRELOAD).
 */
#include <stdlib.h>
#include <string.h>
#include "ct.h"

#define CT_ENV_MAX 8

static char *ct_saved[CT_ENV_MAX];   /* "NAME=value", from the constructor */
static int ct_nsaved;

static int ct_is_ours(const char *kv)
{
	return strncmp(kv, "COLDTRACE_", 10) == 0 || strncmp(kv, "LD_PRELOAD=", 11) == 0;
}

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

static int ct_env_ok(char *const envp[])
{
	const char *pre = ct_env_get(envp, "LD_PRELOAD");

	if (!pre || !strstr(pre, ct_g.shim_path))
		return 0;
	for (int i = 0; i < ct_nsaved; i++) {
		const char *eq = strchr(ct_saved[i], '=');
		char name[64];

		ct_strlcpy(name, ct_saved[i], (size_t)(eq - ct_saved[i]) + 1 < sizeof(name)
			   ? (size_t)(eq - ct_saved[i]) + 1 : sizeof(name));
		if (!ct_env_get(envp, name))
			return 0;
	}
	return 1;
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

/* A new environment for an exec/spawn, or NULL when envp is fine as is
 * (or following is off, or memory ran out: the host's call goes ahead). */
char **ct_env_fixed(char *const envp[])
{
	size_t n = 0, k = 0;
	char **out;

	if (!ct_g.follow || ct_env_ok(envp))
		return NULL;
	for (char *const *e = envp; e && *e; e++)
		n++;
	out = malloc((n + CT_ENV_MAX + 2) * sizeof(*out));
	if (!out)
		return NULL;
	for (char *const *e = envp; e && *e; e++)
		if (!ct_is_ours(*e))
			out[k++] = *e;
	for (int i = 0; i < ct_nsaved; i++)
		out[k++] = ct_saved[i];
	out[k] = ct_preload_entry(envp);
	if (!out[k]) {
		free(out);
		return NULL;
	}
	out[k + 1] = NULL;
	return out;
}

void ct_env_free(char **env)
{
	size_t k = 0;

	if (!env)
		return;
	while (env[k + 1])
		k++;
	free(env[k]);    /* the LD_PRELOAD entry, always last */
	free(env);
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
