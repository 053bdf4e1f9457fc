/*
 * env.c -- keeping children traced when the host rebuilds its environment.
 *
 * The constructor saves coldtrace's own variables (COLDTRACE_*); an exec or
 * spawn whose environment lost any of them, or lost the shim from
 * LD_PRELOAD, gets a copy on the stack with what is missing put back.  A
 * program that needs a sanitizer runtime first in the loader's list
 * (sanexec.c) gets one whose LD_PRELOAD starts with that runtime, named in
 * COLDTRACE_SANITIZER; its shim takes it out again at start, as for the
 * launcher's command.  A 32-bit program gets an LD_PRELOAD without the
 * shim: its loader would refuse it with an error on the program's stderr.
 * With following off, nothing is put back (the constructor already
 * removed the shim from LD_PRELOAD).  The shim's own reads and edits of
 * its environment go to environ itself, never through getenv, setenv or
 * unsetenv: those resolve to the host's when it exports its own (bash
 * does, and its unsetenv before its main changes nothing), and glibc's may
 * allocate.  After a chroot, an exec whose root
 * does not hold the shim gets it left out of LD_PRELOAD, and the audit
 * library out of LD_AUDIT, like a 32-bit one: their loader would print an
 * error on the program's stderr (the exec record says why, proc.c).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"
#include "sanrt.h"

#define CT_ENV_MAX 12   /* COLDTRACE_* variables kept for children */
#define CT_SHIM_BASE "libcoldtrace.so"
#define CT_AUDIT_BASE "libcoldtrace-audit.so"   /* the launcher's --loader */
#define CT_ENV_STACK (32u * 1024u)   /* bytes of stack a fixed environment may take */

extern char **environ;

static char *ct_saved[CT_ENV_MAX];   /* "NAME=value", from the constructor */
static int ct_nsaved;
static __typeof__(chroot) *real_chroot;

/* Paths that an exec's loader opens mean something else from now on.  A
 * vfork child sets the flag in its parent's memory too: the one change it
 * makes there, harmless, since the flag only makes later execs look
 * (ct_env_shim_gone), and then look in vain. */
CT_EXPORT int chroot(const char *path)
{
	int ret = CT_REAL(chroot)(path);

	if (ret == 0)
		ct_g.rooted = 1;
	return ret;
}

int ct_env_shim_gone(void)
{
	int saved = errno, gone;

	if (ct_likely(!ct_g.rooted))
		return 0;
	gone = syscall(SYS_faccessat, AT_FDCWD, ct_g.shim_path, R_OK) != 0;
	errno = saved;
	return gone;
}

static int ct_env_named(const char *e, const char *name, size_t n)
{
	return strncmp(e, name, n) == 0 && e[n] == '=';
}

/* envp's slot of NAME, NULL: none. */
static char *const *ct_env_slot(char *const envp[], const char *name)
{
	size_t n = strlen(name);

	for (char *const *e = envp; e && *e; e++)
		if (ct_env_named(*e, name, n))
			return e;
	return NULL;
}

static char *ct_env_get(char *const envp[], const char *name)
{
	char *const *e = ct_env_slot(envp, name);

	return e ? *e + strlen(name) + 1 : NULL;
}

/* Takes every NAME= entry out of environ, in place (no allocation): the
 * host's unsetenv may be its own (bash's). */
static void ct_environ_drop(const char *name)
{
	size_t n = strlen(name);
	char **w = environ;

	if (!w)
		return;
	for (char **e = environ; *e; e++)
		if (!ct_env_named(*e, name, n))
			*w++ = *e;
	*w = NULL;
}

/* The launcher put the sanitizer runtime the program needs in front of
 * the shim (COLDTRACE_SANITIZER names it): the loader has done with
 * LD_PRELOAD, so it is taken out again, in place (no allocation), and the
 * program's children get the environment they would get untraced. */
void ct_env_unsanitize(void)
{
	const char *rt = ct_env_get(environ, "COLDTRACE_SANITIZER");
	char *pre = ct_env_get(environ, "LD_PRELOAD");
	size_t n = rt ? strlen(rt) : 0;

	if (n && pre && !strncmp(pre, rt, n) && pre[n] == ':')
		memmove(pre, pre + n + 1, strlen(pre + n + 1) + 1);
	if (rt)
		ct_environ_drop("COLDTRACE_SANITIZER");
}

void ct_env_save(char **envp)
{
	for (char **e = envp; e && *e && ct_nsaved < CT_ENV_MAX; e++)
		if (strncmp(*e, "COLDTRACE_", 10) == 0 &&
		    (ct_saved[ct_nsaved] = ct_keep_strdup(*e)) != NULL)
			ct_nsaved++;
}

/* The entries of an LD_PRELOAD (or LD_AUDIT) value other than those of
 * coldtrace's (any path to a file named base), ':' between, into out (n
 * bytes, n > 0); out may be pre itself (what is written never passes what
 * is read).  No allocation: a vfork child calls this too. */
static void ct_list_without(const char *pre, const char *base, char *out, size_t n)
{
	const size_t blen = strlen(base);
	size_t k = 0;

	for (const char *e = pre; *e;) {
		size_t tok = strcspn(e, ": ");
		int shim = tok >= blen && !memcmp(e + tok - blen, base, blen) &&
			   (tok == blen || e[tok - blen - 1] == '/');

		if (tok && !shim && k + (k > 0) + tok < n) {
			if (k)
				out[k++] = ':';
			memmove(out + k, e, tok);
			k += tok;
		}
		e += tok + (e[tok] != '\0');
	}
	out[k] = '\0';
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

/* What a fixed environment is made of: envp's entries (its LD_PRELOAD
 * left out when a new one goes in, its COLDTRACE_SANITIZER when a new one
 * does), the missing COLDTRACE_* ones, a new LD_PRELOAD entry and one
 * naming the runtime; the copy's pointers and the entry's bytes. */
struct ct_envplan {
	char *const *envp;
	const char *pre;  /* envp's LD_PRELOAD value, NULL: none */
	char *missing[CT_ENV_MAX];
	int nmiss;
	int shim;        /* envp's LD_PRELOAD names the shim already */
	int loads;       /* the target has a loader that keeps LD_PRELOAD (sanexec.c) */
	int drop;        /* a 32-bit target, or one the shim is not reachable
			  * from (chroot): the shim goes, and is not put back */
	const char *audit; /* envp's LD_AUDIT value when the audit library goes too */
	const char *rt;  /* the sanitizer runtime to put first (in san), or NULL */
	size_t slots;    /* pointers of the copy, its final NULL included */
	size_t prelen;   /* bytes of the new LD_PRELOAD entry (1: none) */
	size_t auditlen; /* bytes of the new LD_AUDIT entry after it (0: none) */
	char san[sizeof("COLDTRACE_SANITIZER=") + CT_SANRT_MAX];
};

/* A new LD_PRELOAD goes in when the shim or the runtime must be added,
 * or the shim taken out. */
static int ct_new_preload(const struct ct_envplan *p)
{
	return p->drop ? p->shim : !p->shim || p->rt;
}

/* Bytes of the LD_PRELOAD entry "[<rt>:][<shim>][:<envp's>]". */
static size_t ct_preload_len(const struct ct_envplan *p)
{
	return sizeof("LD_PRELOAD=::") + strlen(ct_g.shim_path) + (p->pre ? strlen(p->pre) : 0) +
	       (p->rt ? strlen(p->rt) : 0);
}

static void ct_preload_entry(const struct ct_envplan *p, char *kv, size_t n)
{
	const char *old = p->pre;
	size_t k = ct_strlcpy(kv, "LD_PRELOAD=", n);

	if (p->drop) {
		ct_list_without(old, CT_SHIM_BASE, kv + k, n - k);
		return;
	}
	if (p->rt) {
		k += ct_strlcpy(kv + k, p->rt, n - k);
		k += ct_strlcpy(kv + k, ":", n - k);
	}
	if (!p->shim) {
		k += ct_strlcpy(kv + k, ct_g.shim_path, n - k);
		if (old && *old)
			k += ct_strlcpy(kv + k, ":", n - k);
	}
	if (old)
		ct_strlcpy(kv + k, old, n - k);
}

/* An entry of envp the copy leaves out: replaced by one of its own. */
static int ct_replaced(const struct ct_envplan *p, const char *e)
{
	return (ct_new_preload(p) && strncmp(e, "LD_PRELOAD=", 11) == 0) ||
	       (p->rt && strncmp(e, "COLDTRACE_SANITIZER=", 20) == 0) ||
	       (p->audit && strncmp(e, "LD_AUDIT=", 9) == 0);
}

static void ct_env_build(const struct ct_envplan *p, char **out, char *pre)
{
	size_t k = 0;

	for (char *const *e = p->envp; e && *e; e++)
		if (!ct_replaced(p, *e))
			out[k++] = *e;
	for (int i = 0; i < p->nmiss; i++)
		out[k++] = p->missing[i];
	if (ct_new_preload(p)) {
		ct_preload_entry(p, pre, p->prelen);
		if (pre[sizeof("LD_PRELOAD=") - 1])   /* none left: none at all, as bare */
			out[k++] = pre;
	}
	if (p->audit) {
		size_t a = ct_strlcpy(pre + p->prelen, "LD_AUDIT=", p->auditlen);

		ct_list_without(p->audit, CT_AUDIT_BASE, pre + p->prelen + a, p->auditlen - a);
		if (pre[p->prelen + a])
			out[k++] = pre + p->prelen;
	}
	if (p->rt)
		out[k++] = (char *)p->san;
	out[k] = NULL;
}

/* 1 when LD_PRELOAD's first entry is a sanitizer runtime (by name or
 * path): the host preloads one itself, and it is first already. */
static int ct_preload_leads_rt(const char *pre)
{
	char first[CT_SANRT_MAX];
	const char *base;
	size_t len;

	pre += strspn(pre, ": ");
	len = strcspn(pre, ": ");
	if (len >= sizeof(first))
		return 0;
	memcpy(first, pre, len);
	first[len] = '\0';
	base = strrchr(first, '/');
	return len && ct_sanitizer_rt(base ? base + 1 : first);
}

/* The runtime the target needs in front of the shim (sanexec.c), named
 * in COLDTRACE_SANITIZER too, for the new image's shim to take it out
 * again (ct_env_unsanitize). */
static void ct_plan_runtime(struct ct_envplan *p, const struct ct_target *t)
{
	size_t k = ct_strlcpy(p->san, "COLDTRACE_SANITIZER=", sizeof(p->san));
	int what = ct_target_runtime(t, p->san + k, sizeof(p->san) - k);

	p->loads = (what & CT_TARGET_LOADS) != 0;
	if (what == CT_TARGET_32BIT)
		p->drop = 1;
	else if ((what & CT_TARGET_RT) && !(p->pre && ct_preload_leads_rt(p->pre)))
		p->rt = p->san + k;
}

/* The shim is not reachable from this process's root (chroot): it and
 * the audit library are left out, nothing put in front. */
static void ct_plan_unreachable(struct ct_envplan *p)
{
	const char *audit = ct_env_get(p->envp, "LD_AUDIT");

	p->drop = 1;
	p->rt = NULL;
	if (audit && strstr(audit, CT_AUDIT_BASE))
		p->audit = audit;
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
	size_t len = p->slots * sizeof(char *) + p->prelen + p->auditlen;
	int saved = errno, rc;
	char **out = (char **)syscall(SYS_mmap, NULL, len, (long)(PROT_READ | PROT_WRITE),
				      (long)(MAP_PRIVATE | MAP_ANONYMOUS), -1L, (off_t)0);

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

/* fn(ctx, env) with the environment an exec/spawn of t should get: envp
 * itself when it is fine (or following is off), else a copy with only
 * what is missing added: LD_PRELOAD gets the shim in front, and the
 * sanitizer runtime t needs in front of that (a 32-bit t: the shim taken
 * out instead); the COLDTRACE_* variables
 * the program dropped come back.  Nothing is allocated: a vfork child,
 * which runs on its parent's memory, calls this too.  The copy lives on
 * this stack, or past CT_ENV_STACK on pages mapped for it. */
int ct_env_call(char *const envp[], const struct ct_target *t, ct_env_fn *fn, void *ctx)
{
	struct ct_envplan p = { .envp = envp };

	if (!ct_g.follow || (!ct_sealed() && !ct_host_vec_ok(envp, CT_ARG_STR_MAX)))
		return fn(ctx, envp);   /* an unreadable one: the kernel refuses it as before */
	p.pre = ct_env_get(envp, "LD_PRELOAD");
	p.shim = p.pre && strstr(p.pre, ct_g.shim_path) != NULL;
	p.drop = ct_sealed();   /* the filter goes with the exec: untraced (ct_env_seal) */
	if (!p.drop) {
		p.nmiss = ct_missing(envp, p.missing);
		ct_plan_runtime(&p, t);
		if (ct_env_shim_gone())
			ct_plan_unreachable(&p);
	}
	if (!ct_self.vfork)   /* a vfork child changes nothing of its parent's */
		ct_self.exec_traced = p.loads && !p.drop;
	if (!ct_new_preload(&p) && p.nmiss == 0 && !p.audit)
		return fn(ctx, envp);
	for (char *const *e = envp; e && *e; e++)
		p.slots++;
	p.slots += (size_t)p.nmiss + 3;
	p.prelen = ct_new_preload(&p) ? ct_preload_len(&p) : 1;
	p.auditlen = p.audit ? sizeof("LD_AUDIT=") + strlen(p.audit) : 0;
	if (p.slots * sizeof(char *) + p.prelen + p.auditlen > CT_ENV_STACK)
		return ct_sealed() ? fn(ctx, envp) : ct_env_call_mapped(&p, fn, ctx);
	{
		char *out[p.slots], pre[p.prelen + p.auditlen];

		ct_env_build(&p, out, pre);
		return fn(ctx, out);
	}
}

/* A seccomp filter is in, and children and exec'd images inherit it: the
 * shim leaves the environment's LD_PRELOAD in place (memory only), so they
 * start untraced instead of making the shim's system calls under it. */
void ct_env_seal(void)
{
	char *pre = ct_env_get(environ, "LD_PRELOAD");

	if (pre)
		ct_list_without(pre, CT_SHIM_BASE, pre, strlen(pre) + 1);
}

/* Following off: children must not load the shim.  LD_PRELOAD goes out
 * of environ when nothing else is left in it (as bare), or its slot gets a
 * copy without the shim: the original bytes stay as the program was
 * started with them (/proc/<pid>/environ). */
void ct_env_unfollow(void)
{
	const size_t at = sizeof("LD_PRELOAD=") - 1;
	char **slot = (char **)ct_env_slot(environ, "LD_PRELOAD");
	char *kv = slot ? ct_keep_strdup(*slot) : NULL;

	if (!slot)
		return;
	if (!kv)
		kv = *slot;   /* no room for a copy: edited in place */
	ct_list_without(kv + at, CT_SHIM_BASE, kv + at, strlen(kv + at) + 1);
	if (kv[at]) {
		*slot = kv;
		return;
	}
	if (kv != *slot)
		ct_keep_free(kv);
	ct_environ_drop("LD_PRELOAD");
}
