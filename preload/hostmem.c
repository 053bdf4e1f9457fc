/*
 * hostmem.c -- reading what the host passed (paths, argv, envp, names)
 * only when it can be read.
 *
 * A call that gets an invalid pointer fails with EFAULT (or fails for
 * another reason before the kernel looks at it); the host expects exactly
 * that, so coldtrace must never fault on the same pointer.  Whether memory
 * is readable is asked of the kernel: process_vm_writev on this process
 * copies one byte from each address into a buffer of ours and stops at the
 * first that is not mapped readable, as an error instead of a fault.  The
 * kernel reads the host's bytes as it reads any system call's argument
 * and pins only our buffer's page: a page the host shares with its parent
 * since a fork (a fork child's environment, about to be exec'd) is read
 * where it is, not copied (process_vm_readv pins the pages it reads, and
 * pinning a shared page copies it).  Readability is per
 * page, so one probed byte stands for the rest of its page.  Where the
 * call shows that the kernel read a path to its end (success, or a failure
 * of the path walk itself), nothing is probed: the hot path is unchanged.
 * Never: a read of host memory that has not been shown readable.
 */
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
#include "ct.h"

#define CT_PROBE_MAX 64       /* addresses probed by one system call */
#define CT_PROBE_PAGE 4096u   /* the smallest page: probing more often is harmless */

/* 1 when the byte at each of the n addresses is readable.  One byte per
 * page is asked for: an environment's strings share a few pages. */
static int ct_probe(const char *const *addr, int n)
{
	struct iovec host[CT_PROBE_MAX], ours;
	char scratch[CT_PROBE_MAX];
	int saved = errno, k = 0;
	long got;

	if (ct_sealed())   /* no system call: unknown, so unreadable */
		return 0;
	for (int i = 0; i < n; i++) {
		uintptr_t page = (uintptr_t)addr[i] / CT_PROBE_PAGE;
		int j = 0;

		while (j < k && (uintptr_t)host[j].iov_base / CT_PROBE_PAGE != page)
			j++;
		if (j == k)
			host[k++] = (struct iovec){ (void *)addr[i], 1 };
	}
	ours = (struct iovec){ scratch, (size_t)k };
	got = syscall(SYS_process_vm_writev, syscall(SYS_getpid), host, (unsigned long)k, &ours,
		      1UL, 0UL);
	errno = saved;
	return got == k;
}

/* Bytes from p to the end of its page, at most left. */
static size_t ct_in_page(const char *p, size_t left)
{
	size_t room = CT_PROBE_PAGE - ((uintptr_t)p & (CT_PROBE_PAGE - 1));

	return room < left ? room : left;
}

/* 1 when each string p[i] can be read to its NUL within left[i] bytes
 * (or, unless need_nul, to left[i] bytes).  Each round probes the next
 * page of every string not yet ended. */
static int ct_strs_ok(const char **p, size_t *left, int n, int need_nul)
{
	while (n > 0) {
		int still = 0;

		if (!ct_probe(p, n))
			return 0;
		for (int i = 0; i < n; i++) {
			size_t k = ct_in_page(p[i], left[i]);

			if (memchr(p[i], 0, k))
				continue;
			if (k == left[i]) {
				if (need_nul)
					return 0;
				continue;
			}
			p[still] = p[i] + k;
			left[still++] = left[i] - k;
		}
		n = still;
	}
	return 1;
}

int ct_host_str_ok(const char *s, size_t max)
{
	size_t left = max;

	return !s || ct_strs_ok(&s, &left, 1, 1);
}

/* 1 when [p, p + n) is readable: each page it touches probed. */
static int ct_span_ok(const char *p, size_t n)
{
	for (size_t k; n > 0; p += k, n -= k) {
		k = ct_in_page(p, n);
		if (!ct_probe(&p, 1))
			return 0;
	}
	return 1;
}

int ct_host_vec_ok(char *const v[], size_t max)
{
	const char *pend[CT_PROBE_MAX];
	size_t left[CT_PROBE_MAX];
	const char *checked = NULL;   /* slots below this are known readable */
	int n = 0;

	for (size_t i = 0; v; i++) {
		const char *slot = (const char *)&v[i];

		const char *last = slot + sizeof(v[i]) - 1;

		if (last >= checked) {
			if (!ct_span_ok(slot, sizeof(v[i])))
				return 0;
			checked = last + ct_in_page(last, CT_PROBE_PAGE);
		}
		if (!v[i])
			break;
		pend[n] = v[i];
		left[n++] = max;
		if (n == CT_PROBE_MAX) {
			if (!ct_strs_ok(pend, left, n, 1))
				return 0;
			n = 0;
		}
	}
	return ct_strs_ok(pend, left, n, 1);
}

int ct_host_strs_ok(int nstr, const char *const *strs)
{
	const char *p[4];
	size_t left[4];

	if (nstr > 4)
		return 0;
	for (int i = 0; i < nstr; i++) {
		p[i] = strs[i];
		left[i] = CT_STR_MAX - 1;
	}
	return ct_strs_ok(p, left, nstr, 0);
}
