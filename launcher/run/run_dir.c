/*
 * run_dir.c -- naming and creating runs/<YYYYMMDDTHHMMSS.mmmZ>-<label>/.
 *
 * The run directory is made with mkdir(2), which fails on any existing
 * path, a symlink included: a name that is taken, or planted, gets the
 * next numeric suffix instead.  The runs directory must be one no other
 * user can rename entries of (common/safedir.h): else the run is refused
 * with one line, and so is one so long that the shim could not hold the
 * run directory's path (CT_RUN_DIR_MAX).  Never: following a symlink at the
 * run path, reusing a directory, or a label that can leave the runs
 * directory.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "lib/msg.h"
#include "safedir.h"
#include "run.h"
#include "runname.h"
#define CT_SUFFIX_MAX 10000

static int ct_label_char_ok(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
}

/* Appends word to out (length *len) with every run of '-' and of other
 * characters turned into one '-'. */
static void ct_label_append(char *out, size_t n, size_t *len, const char *word)
{
	for (; *word && *len + 1 < n; word++) {
		if (ct_label_char_ok(*word) && *word != '-')
			out[(*len)++] = *word;
		else if (*len > 0 && out[*len - 1] != '-')
			out[(*len)++] = '-';
	}
	out[*len] = '\0';
}

/* No leading '.'/'-' (hidden files, "..", options), no trailing '-'/'.',
 * at most CT_LABEL_MAX characters, cut at a '-' when one is near. */
static void ct_label_trim(char *s)
{
	size_t skip = strspn(s, ".-"), len;
	char *cut;

	memmove(s, s + skip, strlen(s + skip) + 1);
	if (strlen(s) > CT_LABEL_MAX) {
		s[CT_LABEL_MAX] = '\0';
		cut = strrchr(s, '-');
		if (cut && cut - s >= CT_LABEL_MAX / 2)
			*cut = '\0';
	}
	len = strlen(s);
	while (len > 0 && (s[len - 1] == '-' || s[len - 1] == '.'))
		s[--len] = '\0';
}

int ct_label_sanitize(const char *in, char *out, size_t n)
{
	size_t len = 0;

	out[0] = '\0';
	ct_label_append(out, n, &len, in);
	ct_label_trim(out);
	return out[0] ? 0 : -1;
}

/* A path (a '/' and no blank) is named by its last component; code or
 * text (python3 -c 'import torch') by all its words. */
static const char *ct_label_word(const char *arg)
{
	const char *slash = strrchr(arg, '/');

	if (!slash || slash[1] == '\0' || strpbrk(arg, " \t\n"))
		return arg;
	return slash + 1;
}

int ct_run_opts_label(const struct ct_run_opts *o, char *out, size_t n)
{
	if (o->name && ct_label_sanitize(o->name, out, n) < 0) {
		ct_usage_error("e.g. --name import-torch", "--name '%s' has no filename-safe "
			       "character ([A-Za-z0-9._-])", o->name);
		return CT_STATUS_USAGE;
	}
	if (!o->name)
		ct_label_from_cmd(o->cmd, out, n);
	return -1;
}

void ct_label_from_cmd(char *const *cmd, char *out, size_t n)
{
	size_t len = 0;
	int i;

	out[0] = '\0';
	ct_label_append(out, n, &len, ct_label_word(cmd[0]));
	for (i = 1; cmd[i]; i++) {
		if (cmd[i][0] == '-')   /* options say little about the run */
			continue;
		ct_label_append(out, n, &len, "-");
		ct_label_append(out, n, &len, ct_label_word(cmd[i]));
	}
	ct_label_trim(out);
	if (!out[0])
		snprintf(out, n, "run");
}

static void ct_utc_stamp(int64_t unix_ms, char *out, size_t n)
{
	time_t secs = (time_t)(unix_ms / 1000);
	struct tm tm;

	gmtime_r(&secs, &tm);
	snprintf(out, n, "%04d%02d%02dT%02d%02d%02d.%03dZ", tm.tm_year + 1900,
		 tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
		 (int)(unix_ms % 1000));
}

/* mkdir -p; existing directories (or symlinks to them) are fine here: the
 * runs directory is the user's choice, only the run directory must be new.
 * 0755, not 0777: under umask 002 a group-writable runs directory would
 * be refused by our own check. */
static int ct_mkdir_parents(const char *dir)
{
	char tmp[PATH_MAX];
	char *p;

	if (snprintf(tmp, sizeof(tmp), "%s", dir) >= (int)sizeof(tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

/* Tries base, base-2, base-3 ... ; the winner's path goes to out. */
static int ct_mkdir_fresh(const char *parent, const char *base, char *out, size_t n)
{
	int i, len;

	for (i = 1; i < CT_SUFFIX_MAX; i++) {
		if (i == 1)
			len = snprintf(out, n, "%s/%s", parent, base);
		else
			len = snprintf(out, n, "%s/%s-%d", parent, base, i);
		if (len < 0 || (size_t)len >= n) {
			errno = ENAMETOOLONG;
			return -1;
		}
		if (mkdir(out, 0700) == 0)
			return 0;
		if (errno != EEXIST)
			return -1;
	}
	return -1;  /* errno is EEXIST */
}

int ct_run_dir_create(const char *runs_dir, const char *label, int64_t unix_ms,
		      char *out, size_t n)
{
	char parent[PATH_MAX], base[CT_LABEL_MAX + 32];
	const char *unsafe;

	if (ct_mkdir_parents(runs_dir) < 0 || !realpath(runs_dir, parent)) {
		ct_msg("cannot create runs directory '%s' (mkdir): %m", runs_dir);
		return -1;
	}
	unsafe = ct_runs_dir_unsafe(parent);
	if (unsafe) {
		ct_msg("runs directory '%s' %s: another user could replace the run directory "
		       "(use --runs-dir with a directory of your own)", parent, unsafe);
		return -1;
	}
	ct_utc_stamp(unix_ms, base, sizeof(base));
	snprintf(base + strlen(base), sizeof(base) - strlen(base), "-%s", label);
	if (strlen(parent) + strlen(base) + sizeof("/-9999") > CT_RUN_DIR_MAX - CT_MEMBER_MAX) {
		ct_msg("runs directory too long (%zu bytes): a run directory in it and its files "
		       "would not fit in PATH_MAX (use a runs directory of at most %zu bytes)",
		       strlen(parent),
		       (size_t)(CT_RUN_DIR_MAX - CT_MEMBER_MAX) - strlen(base) - sizeof("/-9999"));
		return -1;
	}
	if (ct_mkdir_fresh(parent, base, out, n) < 0) {
		ct_msg("cannot create run directory '%s' (mkdir): %m", out);
		return -1;
	}
	return 0;
}
