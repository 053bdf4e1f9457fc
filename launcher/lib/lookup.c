/*
 * lookup.c -- finding the command the way execvp(3) would.
 *
 * Done in the launcher before anything is forked, so "not found" (127)
 * and "cannot execute" (126) are decided by the launcher with a clear
 * message and a record, not guessed from a child's exit status.  Never:
 * choosing a different file than execvp would have run.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmds.h"
#include "lookup.h"

/* 0: an executable regular file; else the errno that explains why not. */
static int ct_exec_check(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return errno;
	if (S_ISDIR(st.st_mode))
		return EISDIR;
	if (!S_ISREG(st.st_mode) || access(path, X_OK) < 0)
		return EACCES;
	return 0;
}

static int ct_status_for(int err)
{
	return (err == ENOENT || err == ENOTDIR || err == ENAMETOOLONG)
		? CT_STATUS_NOTFOUND : CT_STATUS_NOEXEC;
}

/* One PATH entry; an empty one means the current directory. */
static char *ct_try_dir(const char *dir, size_t dlen, const char *cmd, int *err)
{
	char path[PATH_MAX];
	int e;

	if (dlen == 0)
		snprintf(path, sizeof(path), "./%s", cmd);
	else if (snprintf(path, sizeof(path), "%.*s/%s", (int)dlen, dir, cmd) >= (int)sizeof(path))
		return NULL;
	e = ct_exec_check(path);
	if (e == 0)
		return strdup(path);
	if (e != ENOENT && e != ENOTDIR)
		*err = e;   /* execvp reports EACCES if nothing better turns up */
	return NULL;
}

char *ct_lookup_cmd(const char *cmd, int *status, int *err)
{
	const char *path = getenv("PATH"), *p, *colon;
	char *found;

	*err = ENOENT;
	*status = CT_STATUS_NOTFOUND;
	if (!cmd[0])
		return NULL;
	if (strchr(cmd, '/')) {
		*err = ct_exec_check(cmd);
		if (*err == 0)
			return strdup(cmd);
		*status = ct_status_for(*err);
		return NULL;
	}
	if (!path)
		path = "/bin:/usr/bin";
	for (p = path; ; p = colon + 1) {
		colon = strchrnul(p, ':');
		found = ct_try_dir(p, (size_t)(colon - p), cmd, err);
		if (found || !*colon)
			break;
	}
	if (!found)
		*status = ct_status_for(*err);
	return found;
}
