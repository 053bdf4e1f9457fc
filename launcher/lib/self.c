/*
 * self.c -- coldtrace as it was run, for the commands it prints.
 *
 * "coldtrace report DIR" cannot be pasted when coldtrace is not on PATH
 * (build/coldtrace, a wheel's bin/): the printed name is argv[0] as the
 * user typed it.  Never: a name that runs something else (ct-launch has
 * no subcommands: its sibling coldtrace is named), or an unquoted
 * character the shell would split or expand.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fmt.h"
#include "self.h"

static char ct_self_buf[PATH_MAX * 4 + 8];

/* Whether PATH finds an executable named name. */
static int ct_on_path(const char *name)
{
	const char *path = getenv("PATH"), *p, *end;
	char cand[PATH_MAX];

	for (p = path; p && *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, ':');
		if (snprintf(cand, sizeof(cand), "%.*s/%s", (int)(end - p), end > p ? p : ".",
			     name) < (int)sizeof(cand) && access(cand, X_OK) == 0)
			return 1;
	}
	return 0;
}

/* argv0, with a last component "ct-launch" as "coldtrace" (its sibling). */
static void ct_self_name(const char *argv0, char *buf, size_t n)
{
	const char *slash = strrchr(argv0, '/'), *base = slash ? slash + 1 : argv0;
	ssize_t len;

	if (!strcmp(base, "ct-launch"))
		snprintf(buf, n, "%.*scoldtrace", (int)(base - argv0), argv0);
	else
		snprintf(buf, n, "%s", argv0);
	if (!slash && !ct_on_path(buf)) {
		len = readlink("/proc/self/exe", buf, n - 1);
		buf[len > 0 ? (size_t)len : 0] = '\0';
		if (len <= 0)
			snprintf(buf, n, "coldtrace");
	}
}

void ct_self_set(const char *argv0)
{
	char name[PATH_MAX];

	if (!argv0 || !*argv0)
		argv0 = "coldtrace";
	ct_self_name(argv0, name, sizeof(name));
	ct_shq(name, ct_self_buf, sizeof(ct_self_buf));
}

const char *ct_self(void)
{
	return ct_self_buf[0] ? ct_self_buf : "coldtrace";
}

/* s as one word of ct_fmt_argv(): the CLI quotes for a shell one way. */
const char *ct_shq(const char *s, char *buf, size_t n)
{
	return ct_fmt_argv(buf, n, &s, 1);
}
