/*
 * hostmem.c -- unit test of preload/hostmem.c: strings and vectors are
 * "readable" exactly when every byte up to their NUL is, whatever pages
 * they cross and however many there are (more than one probe's worth).
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "ct.h"

struct ct_global ct_g;   /* hostmem.c asks ct_sealed(): never, here */

static char **volatile unmapped_vec = (char **)1;   /* opaque to the compiler */

static int failures;

static void expect(int got, int want, const char *what)
{
	if (got != want) {
		fprintf(stderr, "hostmem: %s: got %d, expected %d\n", what, got, want);
		failures++;
	}
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *edge = m + 2 * pg - 10, *span = m + pg - 5;
	char *vec_src[200], **vec;
	const char *strs[2];

	if (m == MAP_FAILED)
		return 2;
	memset(m, 'x', 2 * pg);
	mprotect(m + 2 * pg, pg, PROT_NONE);
	expect(ct_host_str_ok(NULL, 10), 1, "NULL");
	expect(ct_host_str_ok((const char *)1, 10), 0, "unmapped");
	expect(ct_host_str_ok(edge, CT_ARG_STR_MAX), 0, "no NUL before a PROT_NONE page");
	expect(ct_host_str_ok(edge, 10), 0, "no NUL within max");
	edge[9] = '\0';
	expect(ct_host_str_ok(edge, CT_ARG_STR_MAX), 1, "NUL just before a PROT_NONE page");
	span[10] = '\0';
	expect(ct_host_str_ok(span, CT_ARG_STR_MAX), 1, "crossing into a readable page");
	edge[9] = 'x';
	strs[0] = "ok";
	strs[1] = edge;
	expect(ct_host_strs_ok(2, strs), 0, "record strings, one running into PROT_NONE");
	strs[1] = m + 2 * pg - (CT_STR_MAX - 1);
	expect(ct_host_strs_ok(2, strs), 1, "record strings readable to their cap");
	/* a vector of 199 strings (several probes' worth) ending at the guard page */
	for (int i = 0; i < 199; i++)
		vec_src[i] = span;
	vec_src[199] = NULL;
	expect(ct_host_vec_ok(vec_src, CT_ARG_STR_MAX), 1, "199 readable strings");
	vec_src[150] = edge;
	expect(ct_host_vec_ok(vec_src, CT_ARG_STR_MAX), 0, "one of 199 unreadable");
	vec_src[150] = span;
	vec = (char **)(m + 2 * pg - 2 * sizeof(char *));
	vec[0] = span;
	vec[1] = span;
	expect(ct_host_vec_ok(vec, CT_ARG_STR_MAX), 0, "vector running into PROT_NONE");
	vec[1] = NULL;
	expect(ct_host_vec_ok(vec, CT_ARG_STR_MAX), 1, "vector ending before PROT_NONE");
	expect(ct_host_vec_ok(NULL, CT_ARG_STR_MAX), 1, "NULL vector");
	expect(ct_host_vec_ok(unmapped_vec, CT_ARG_STR_MAX), 0, "unmapped vector");
	return failures ? 1 : 0;
}
