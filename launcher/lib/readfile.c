/*
 * readfile.c -- opening files the CLI did not create, and a whole file
 * into memory, growing the buffer as it reads.
 * Never: a partial read passed off as the whole file; a read that blocks
 * forever because a record, a log or a loaded object is now a FIFO.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "readfile.h"

int ct_open_regular(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	struct stat st;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		return fd;
	close(fd);
	errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
	return -1;
}

char *ct_read_file(const char *path, size_t *len)
{
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap), *nb;
	int fd = ct_open_regular(path), saved;
	ssize_t r;

	while (fd >= 0 && buf) {
		if (n + 1 >= cap) {
			nb = realloc(buf, cap * 2);
			if (!nb)
				break;
			buf = nb;
			cap *= 2;
		}
		r = read(fd, buf + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			break;
		if (r == 0) {
			close(fd);
			buf[n] = '\0';
			if (len)
				*len = n;
			return buf;
		}
		n += (size_t)r;
	}
	saved = buf ? errno : ENOMEM;
	if (fd >= 0)
		close(fd);
	free(buf);
	errno = saved;
	return NULL;
}

int ct_pread_full(int fd, void *buf, size_t n, uint64_t off)
{
	if (off > (uint64_t)INT64_MAX)
		return -1;
	return pread(fd, buf, n, (off_t)off) == (ssize_t)n ? 0 : -1;
}
