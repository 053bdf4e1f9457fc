/*
 * readfile.c -- a whole file into memory, growing the buffer as it reads.
 * Never: a partial read passed off as the whole file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "readfile.h"

char *ct_read_file(const char *path, size_t *len)
{
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap), *nb;
	int fd = open(path, O_RDONLY | O_CLOEXEC), saved;
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
