/*
 * fmt_term.c -- what the terminal takes: its width (COLUMNS, TIOCGWINSZ),
 * the columns a UTF-8 string needs, and a command quoted for a shell.
 *
 * Never: a width under 40 columns (a value there is not cut, only
 * wrapped), or a quoted command a POSIX shell reads back differently.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fmt.h"

#define CT_FMT_MIN_COLS 40

int ct_fmt_cols(void)
{
	static int cols;
	const char *env = getenv("COLUMNS");
	struct winsize ws;
	char *end;
	long v;

	if (cols)
		return cols;
	cols = CT_FMT_WIDTH;
	v = env && *env ? strtol(env, &end, 10) : 0;
	if (env && *env && !*end && v >= CT_FMT_MIN_COLS && v <= 10000)
		cols = (int)v;
	else if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= CT_FMT_MIN_COLS)
		cols = ws.ws_col;
	return cols;
}

size_t ct_fmt_len(const char *s)
{
	size_t n = 0;

	for (; s && *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* A word a shell takes as it is. */
static int ct_fmt_plain(const char *w)
{
	return *w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_@%+=:,./-") == strlen(w);
}

/* w single-quoted at buf + len ("it's" -> 'it'\''s'); the new length.
 * Stops short rather than end inside a quote. */
static size_t ct_fmt_quote(char *buf, size_t n, size_t len, const char *w)
{
	const char *p;

	if (len + 3 > n)
		return len;
	buf[len++] = '\'';
	for (p = w; *p && len + 6 < n; p++) {
		if (*p == '\'') {
			memcpy(buf + len, "'\\''", 4);
			len += 4;
		} else {
			buf[len++] = *p;
		}
	}
	buf[len++] = '\'';
	return len;
}

char *ct_fmt_argv(char *buf, size_t n, const char *const *argv, size_t argc)
{
	size_t i, len = 0, w;

	for (i = 0; i < argc && len + 2 < n; i++) {
		if (i)
			buf[len++] = ' ';
		w = strlen(argv[i]);
		if (ct_fmt_plain(argv[i]) && len + w < n) {
			memcpy(buf + len, argv[i], w);
			len += w;
		} else {
			len = ct_fmt_quote(buf, n, len, argv[i]);
		}
	}
	buf[len < n ? len : n - 1] = '\0';
	return buf;
}
