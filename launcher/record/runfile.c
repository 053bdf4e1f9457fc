/*
 * runfile.c -- a file the CLI writes into a run directory (record.json,
 * the v0 artifacts): complete or not at all.
 *
 * The text goes to a temporary made in a checked descriptor of the run
 * directory (safedir.h: O_EXCL, O_NOFOLLOW), then is renamed over its name.
 * Never: a half-written file under the final name, a write that follows a
 * link someone else planted, a temporary left behind after a failure.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "record.h"
#include "safedir.h"

FILE *ct_outfile_open(struct ct_outfile *f, const char *rundir, const char *name)
{
	int fd = -1, saved;

	f->out = NULL;
	f->name = name;
	snprintf(f->tmp, sizeof(f->tmp), ".%.32s.%d.tmp", name, (int)getpid());
	f->dir = ct_dir_open_own(rundir);
	if (f->dir >= 0)
		fd = openat(f->dir, f->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			    0644);
	if (fd >= 0 && !(f->out = fdopen(fd, "w"))) {
		saved = errno;
		close(fd);
		unlinkat(f->dir, f->tmp, 0);
		errno = saved;
	}
	if (!f->out && f->dir >= 0) {
		saved = errno;
		close(f->dir);
		f->dir = -1;
		errno = saved;
	}
	return f->out;
}

int ct_outfile_commit(struct ct_outfile *f)
{
	int rc = 0, saved;

	if (fflush(f->out) != 0)   /* what is left, written again: the write's errno (ENOSPC) */
		rc = -1;
	else if (ferror(f->out)) {
		rc = -1;
		errno = EIO;
	}
	saved = errno;
	if (fclose(f->out) != 0 && rc == 0) {
		rc = -1;
		saved = errno;
	}
	if (rc == 0 && renameat(f->dir, f->tmp, f->dir, f->name) < 0) {
		rc = -1;
		saved = errno;
	}
	if (rc < 0)
		unlinkat(f->dir, f->tmp, 0);
	close(f->dir);
	f->out = NULL;
	f->dir = -1;
	errno = saved;
	return rc;
}

void ct_outfile_remove(const char *rundir, const char *name)
{
	int dir = ct_dir_open_own(rundir), saved = errno;

	if (dir >= 0) {
		unlinkat(dir, name, 0);
		close(dir);
	}
	errno = saved;
}
