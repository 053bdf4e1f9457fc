/*
 * hostcache.c -- the answer of `systemctl --version`, kept between runs.
 *
 * systemctl is a large program (its shared library alone relocates for
 * ~1.5 ms): asked on every run it was a third of what `ct-launch --
 * /bin/true` cost.  Its first line is kept in
 * $XDG_CACHE_HOME/coldtrace/systemctl-version (else ~/.cache/...) under
 * the identity of the systemctl file PATH finds (device, inode, size,
 * mtime): an upgrade of systemd replaces that file, and the next run asks
 * again.  The file is only a shortcut: one that is missing, unreadable,
 * malformed or for another systemctl is a miss, and a cache that cannot be
 * written leaves every run asking, as before.  Written whole to a file of
 * its own, then renamed over the old one.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hostcache.h"
#include "lib/lookup.h"
#include "lib/readfile.h"

#define CT_CACHE_FILE "coldtrace/systemctl-version"

/* <cache home>/CT_CACHE_FILE into buf; -1 when there is no cache home. */
static int ct_cache_path(char *buf, size_t n)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	int k;

	if (xdg && xdg[0] == '/')
		k = snprintf(buf, n, "%s/%s", xdg, CT_CACHE_FILE);
	else if (home && home[0] == '/')
		k = snprintf(buf, n, "%s/.cache/%s", home, CT_CACHE_FILE);
	else
		return -1;
	return k > 0 && (size_t)k < n ? 0 : -1;
}

int ct_sysver_key(char *key, size_t n)
{
	int status, err, k;
	char *path = ct_lookup_cmd("systemctl", &status, &err);
	struct stat st;

	if (!path)
		return -1;
	k = stat(path, &st) == 0 ?
	    snprintf(key, n, "%llu %llu %lld %lld.%09ld %s", (unsigned long long)st.st_dev,
		     (unsigned long long)st.st_ino, (long long)st.st_size,
		     (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec, path) : -1;
	free(path);
	return k > 0 && (size_t)k < n && !strchr(key, '\n') ? 0 : -1;
}

int ct_sysver_cached(const char *key, char *line, size_t n)
{
	char path[4096], *text, *nl, *end;
	size_t klen = strlen(key);
	int rc = -1;

	if (ct_cache_path(path, sizeof(path)) < 0 || !(text = ct_read_file(path, NULL)))
		return -1;
	nl = strchr(text, '\n');
	end = nl ? strchr(nl + 1, '\n') : NULL;
	if (nl && end && (size_t)(nl - text) == klen && !memcmp(text, key, klen) &&
	    !strncmp(nl + 1, "systemd ", 8) && (size_t)(end - nl - 1) < n && !end[1]) {
		memcpy(line, nl + 1, (size_t)(end - nl - 1));
		line[end - nl - 1] = '\0';
		rc = 0;
	}
	free(text);
	return rc;
}

/* mkdir -p of path's directory, mode 0700. */
static void ct_cache_dirs(char *path)
{
	for (char *s = strchr(path + 1, '/'); s; s = strchr(s + 1, '/')) {
		int bad;

		*s = '\0';
		bad = mkdir(path, 0700) < 0 && errno != EEXIST;
		*s = '/';
		if (bad)
			return;   /* the open that follows fails */
	}
}

void ct_sysver_store(const char *key, const char *line)
{
	char path[4096], tmp[4200];
	FILE *f;
	int fd, ok;

	if (strncmp(line, "systemd ", 8) || strchr(line, '\n') ||
	    ct_cache_path(path, sizeof(path)) < 0 ||
	    snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", path, (long)getpid()) >= (int)sizeof(tmp))
		return;
	ct_cache_dirs(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		if (fd >= 0)
			close(fd);
		return;
	}
	ok = fprintf(f, "%s\n%s\n", key, line) > 0;
	ok = fclose(f) == 0 && ok;
	if (!ok || rename(tmp, path) < 0)
		unlink(tmp);
}
