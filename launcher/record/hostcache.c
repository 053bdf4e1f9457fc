/*
 * hostcache.c -- the answer of `systemctl --version`, kept between runs.
 *
 * systemctl is a large program (its shared library alone relocates for
 * ~1.5 ms): asked on every run it was a third of what `ct-launch --
 * /bin/true` cost.  Its first line is kept in
 * $XDG_CACHE_HOME/coldtrace/systemctl-version (else ~/.cache/...) under
 * the identity of the systemctl file PATH finds (device, inode, size,
 * mtime): an upgrade of systemd replaces that file, and the next run asks
 * again.  Only a cache home of this user's is used, made 0700 where it is
 * missing inside a directory of this user's (its coldtrace/ made 0700).
 * The file is only a shortcut: one that is missing, unreadable, malformed
 * or for another systemctl is a miss, and a cache that cannot be written
 * leaves every run asking, as before.  Written as the run
 * directory's files are (runfile.c): whole, then renamed over the old one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hostcache.h"
#include "record.h"
#include "lib/readfile.h"

#define CT_CACHE_NAME "systemctl-version"

/* Whether path is a directory of this user's own; follow: the directory
 * a symbolic link there names (a HOME that is a link), else not a link. */
static int ct_own_dir(const char *path, int follow)
{
	struct stat st;

	return (follow ? stat(path, &st) : lstat(path, &st)) == 0 && S_ISDIR(st.st_mode) &&
	       st.st_uid == geteuid();
}

/* The cache home made 0700 where it is missing and make is 1, as the XDG
 * base directory rules ask (a fresh account has no ~/.cache): only inside
 * a directory of this user's own, so a root run with a user's HOME makes
 * nothing there.  0 when the cache home is a directory of this user's. */
static int ct_cache_home(char *home, int make)
{
	char *slash;
	int parent_ok;

	errno = 0;   /* ENOENT below only from this stat */
	if (ct_own_dir(home, 1))
		return 0;
	if (!make || errno != ENOENT || !(slash = strrchr(home, '/')) || slash == home)
		return -1;
	*slash = '\0';
	parent_ok = ct_own_dir(home, 1);
	*slash = '/';
	return parent_ok && mkdir(home, 0700) == 0 && ct_own_dir(home, 0) ? 0 : -1;
}

/* The cache's directory, <cache home>/coldtrace, into dir (room left for
 * a file's name): 0, or -1 where there is no cache home of this user's
 * own, or no such directory and make is 0. */
static int ct_cache_dir(char *dir, size_t n, int make)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	int len;

	if (xdg && xdg[0] == '/')
		len = snprintf(dir, n, "%s", xdg);
	else if (home && home[0] == '/')
		len = snprintf(dir, n, "%s/.cache", home);
	else
		return -1;
	if (len <= 0 || (size_t)len + sizeof("/coldtrace/" CT_CACHE_NAME) > n ||
	    ct_cache_home(dir, make) < 0)
		return -1;
	strcpy(dir + len, "/coldtrace");
	if (make && mkdir(dir, 0700) < 0 && errno != EEXIST)
		return -1;
	return ct_own_dir(dir, 0) ? 0 : -1;
}

int ct_sysver_key(const char *path, char *key, size_t n)
{
	struct stat st;
	int k = stat(path, &st) == 0 ?
		snprintf(key, n, "%llu %llu %lld %lld.%09ld %s", (unsigned long long)st.st_dev,
			 (unsigned long long)st.st_ino, (long long)st.st_size,
			 (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec, path) : -1;

	return k > 0 && (size_t)k < n && !strchr(key, '\n') ? 0 : -1;
}

int ct_sysver_cached(const char *key, char *line, size_t n)
{
	char path[4096], *text, *nl, *end;
	size_t klen = strlen(key);
	int rc = -1;

	if (ct_cache_dir(path, sizeof(path), 0) < 0)
		return -1;
	strcat(path, "/" CT_CACHE_NAME);
	if (!(text = ct_read_file(path, NULL)))
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

void ct_sysver_store(const char *key, const char *line)
{
	char dir[4096];
	struct ct_outfile f;

	if (strncmp(line, "systemd ", 8) || strchr(line, '\n') ||
	    ct_cache_dir(dir, sizeof(dir), 1) < 0 || !ct_outfile_open(&f, dir, CT_CACHE_NAME))
		return;
	fprintf(f.out, "%s\n%s\n", key, line);
	ct_outfile_commit(&f);
}
