/*
 * outpath.c -- checking an output file the user named before the work
 * that fills it: `report --html -o`, `diff --html -o`, `export -o` say
 * the same thing and exit 2 for /missing/x.  Never: a file made or
 * changed here (the writer makes it, by a temporary file and rename).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "msg.h"
#include "outpath.h"

/* The directory file would be made in ("." for a bare name). */
static void ct_outpath_dir(char *dir, size_t n, const char *file)
{
	const char *slash = strrchr(file, '/');

	if (!slash)
		snprintf(dir, n, ".");
	else if (slash == file)
		snprintf(dir, n, "/");
	else
		snprintf(dir, n, "%.*s", (int)(slash - file), file);
}

int ct_outpath_check(const char *file, const char *what)
{
	char dir[4200];
	struct stat st;

	if (!*file)
		return ct_msg("%s needs a file name (-o FILE)", what), -1;
	if (stat(file, &st) == 0 && S_ISDIR(st.st_mode))
		return ct_msg("cannot write %s '%s': it is a directory", what, file), -1;
	ct_outpath_dir(dir, sizeof(dir), file);
	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode))
		errno = ENOTDIR;
	else if (stat(dir, &st) == 0 && access(dir, W_OK | X_OK) == 0)
		return 0;
	ct_msg("cannot write %s '%s': directory '%s': %s", what, file, dir, strerror(errno));
	return -1;
}
