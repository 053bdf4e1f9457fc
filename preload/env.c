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
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

#define CT_ENV_MAX 8
#define CT_ENV_STACK (32u * 1024u)   /* bytes of stack a fixed environment may take */

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

/* What a fixed environment is made of: envp's entries (its LD_PRELOAD
 * left out when the shim must go in front), the missing COLDTRACE_* ones,
 * a new LD_PRELOAD entry; the copy's pointers and the entry's bytes. */
struct ct_envplan {
	char *const *envp;
	char *missing[CT_ENV_MAX];
	int nmiss;
	int shim;        /* envp's LD_PRELOAD names the shim already */
	size_t slots;    /* pointers of the copy, its final NULL included */
	size_t prelen;   /* bytes of the new LD_PRELOAD entry (1: none) */
};

static void ct_env_build(const struct ct_envplan *p, char **out, char *pre)
{
	size_t k = 0;

	for (char *const *e = p->envp; e && *e; e++)
		if (p->shim || strncmp(*e, "LD_PRELOAD=", 11) != 0)
			out[k++] = *e;
	for (int i = 0; i < p->nmiss; i++)
		out[k++] = p->missing[i];
	if (!p->shim) {
		ct_preload_entry(p->envp, pre, p->prelen);
		out[k++] = pre;
	}
	out[k] = NULL;
}

void ct_env_spill_release(void)
{
	int saved = errno;

	if (ct_self.spill)
		syscall(SYS_munmap, ct_self.spill, ct_self.spill_len);
	ct_self.spill = NULL;
	errno = saved;
}

/* A copy too large for the stack goes on pages of its own, never the
 * allocator's (a vfork child may be the caller).  A vfork child whose
 * exec succeeds leaves them in its parent's address space: ct_self.spill
 * names them for the parent to unmap (vfork.c). */
static int ct_env_call_mapped(const struct ct_envplan *p, ct_env_fn *fn, void *ctx)
{
	size_t len = p->slots * sizeof(char *) + p->prelen;
	int saved = errno, rc;
	char **out = (char **)syscall(SYS_mmap, NULL, len, PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	errno = saved;
	if (out == MAP_FAILED) {
		ct_debug("no memory to put the shim back into an environment", NULL);
		return fn(ctx, p->envp);
	}
	ct_self.spill = out;
	ct_self.spill_len = len;
	ct_env_build(p, out, (char *)(out + p->slots));
	rc = fn(ctx, out);
	ct_env_spill_release();
	return rc;
}

/* fn(ctx, env) with the environment an exec/spawn should get: envp itself
 * when it is fine (or following is off), else a copy with only what is
 * missing added: LD_PRELOAD gets the shim in front, and the COLDTRACE_*
 * variables the program dropped come back.  Nothing is allocated: a vfork
 * child, which runs on its parent's memory, calls this too.  The copy
 * lives on this stack, or past CT_ENV_STACK on pages mapped for it. */
int ct_env_call(char *const envp[], ct_env_fn *fn, void *ctx)
{
	struct ct_envplan p = { .envp = envp };

	if (!ct_g.follow || !ct_host_vec_ok(envp, CT_ARG_STR_MAX))
		return fn(ctx, envp);   /* an unreadable one: the kernel refuses it as before */
	p.shim = ct_has_shim(envp);
	p.nmiss = ct_missing(envp, p.missing);
	if (p.shim && p.nmiss == 0)
		return fn(ctx, envp);
	for (char *const *e = envp; e && *e; e++)
		p.slots++;
	p.slots += (size_t)p.nmiss + 2;
	p.prelen = p.shim ? 1 : ct_preload_len(envp);
	if (p.slots * sizeof(char *) + p.prelen > CT_ENV_STACK)
		return ct_env_call_mapped(&p, fn, ctx);
	{
		char *out[p.slots], pre[p.prelen];

		ct_env_build(&p, out, pre);
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
