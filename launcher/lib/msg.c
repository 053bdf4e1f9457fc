/*
 * msg.c -- "coldtrace: " messages on stderr, one write(2) per line.
 *
 * Never: a message without the prefix, a line longer than the buffer
 * without a visible truncation mark, or errno changed for the caller.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "msg.h"

#define CT_MSG_MAX (PATH_MAX + 512)   /* a line that names a path is never cut */

CT_PRINTF(2, 0) static void ct_vline(const char *tag, const char *fmt, va_list ap)
{
	char buf[CT_MSG_MAX];
	int saved = errno;
	int n, m;

	n = snprintf(buf, sizeof(buf), "coldtrace: %s", tag);
	m = vsnprintf(buf + n, sizeof(buf) - (size_t)n, fmt, ap);
	if (m < 0)
		m = 0;
	n += m;
	if ((size_t)n >= sizeof(buf) - 1) {
		n = (int)sizeof(buf) - 5;
		memcpy(buf + n, "...", 3);
		n += 3;
	}
	buf[n++] = '\n';
	if (write(STDERR_FILENO, buf, (size_t)n) < 0)
		(void)0; /* nowhere left to report it */
	errno = saved;
}

void ct_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ct_vline("", fmt, ap);
	va_end(ap);
}

void ct_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ct_vline("warning: ", fmt, ap);
	va_end(ap);
}

void ct_usage_error(const char *hint, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ct_vline("", fmt, ap);
	va_end(ap);
	ct_msg("%s", hint);
}
