/*
 * fuzz_input.c -- compact fuzzer inputs written out as run-directory files.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ct_log.h"
#include "fuzz_input.h"

const char *ct_fuzz_dir(void)
{
	static char dir[64];

	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "/tmp/ct-fuzz.XXXXXX");
		if (!mkdtemp(dir))
			abort();   /* a harness, not the product: no scratch space, no run */
	}
	return dir;
}

void ct_fuzz_quiet(void)
{
	static int quiet;
	int fd;

	if (!quiet && (fd = open("/dev/null", O_WRONLY)) > STDOUT_FILENO) {
		dup2(fd, STDOUT_FILENO);
		close(fd);
	}
	quiet = 1;
}

static int ct_fuzz_pwrite(int fd, const uint8_t *p, size_t n, off_t at)
{
	return n == 0 || pwrite(fd, p, n, at) == (ssize_t)n ? 0 : -1;
}

int ct_fuzz_write_log(const char *path, const uint8_t *data, size_t n)
{
	size_t hdr = n < sizeof(struct ct_log_hdr) ? n : sizeof(struct ct_log_hdr), at = hdr, len;
	off_t end = (off_t)hdr, off;
	uint32_t k, version = 0;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600), rc;

	if (fd < 0)
		return -1;
	if (hdr == sizeof(struct ct_log_hdr))   /* chunks go where this version puts them */
		memcpy(&version, data + offsetof(struct ct_log_hdr, version), sizeof(version));
	rc = ct_fuzz_pwrite(fd, data, hdr, 0);
	for (k = 1; rc == 0 && at + 2 <= n && k < 64; k++) {
		len = (size_t)data[at] | (size_t)data[at + 1] << 8;
		at += 2;
		if (len > n - at)
			len = n - at;
		off = (off_t)ct_chunk_off(version, k);
		end = off + (off_t)len;
		rc = ct_fuzz_pwrite(fd, data + at, len, off);
		at += len;
	}
	if (rc == 0)
		rc = ftruncate(fd, end);
	close(fd);
	return rc;
}

int ct_fuzz_write_file(const char *path, const uint8_t *data, size_t n)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600), rc;

	if (fd < 0)
		return -1;
	rc = ct_fuzz_pwrite(fd, data, n, 0);
	close(fd);
	return rc;
}

void ct_fuzz_clean(void)
{
	char path[512];
	struct dirent *de;
	DIR *d = opendir(ct_fuzz_dir());

	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.' || de->d_name[1] == 'r') {   /* .record.json.*.tmp too */
			snprintf(path, sizeof(path), "%s/%s", ct_fuzz_dir(), de->d_name);
			unlink(path);
		}
	if (d)
		closedir(d);
}
