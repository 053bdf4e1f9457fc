/*
 * runname.c -- the name of a run directory, "<YYYYMMDDTHHMMSS.mmmZ>-<label>",
 * shared by the launcher and by the shim's bare runs so both name runs the
 * same way.  No allocation: the shim calls it from its constructor.
 */
#include <string.h>
#include <time.h>
#include "runname.h"

static int ct_label_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '.' || c == '_';
}

/* Appends word to out[*n], runs of other characters becoming one '-'. */
static void ct_label_word(const char *word, char *out, size_t *n, size_t max)
{
	for (const char *p = word; *p && *n < max; p++) {
		if (ct_label_char(*p))
			out[(*n)++] = *p;
		else if (*n > 0 && out[*n - 1] != '-')
			out[(*n)++] = '-';
	}
	if (*n > 0 && *n < max && out[*n - 1] != '-')
		out[(*n)++] = '-';
}

void ct_runname_label(const char *const *argv, char *out, size_t size)
{
	size_t n = 0, max = size - 1 < CT_LABEL_MAX ? size - 1 : CT_LABEL_MAX;

	for (int i = 0; argv && argv[i] && n < max; i++) {
		const char *w = argv[i];

		if (i == 0 && strrchr(w, '/'))
			w = strrchr(w, '/') + 1;
		if (i > 0 && w[0] == '-' && w[1] != '\0' && w[2] == '\0')
			continue;   /* short options such as -c say little */
		ct_label_word(w, out, &n, max);
	}
	while (n > 0 && (out[n - 1] == '-' || out[n - 1] == '.'))
		n--;
	if (n == 0)
		n = (size_t)(stpcpy(out, "run") - out);
	out[n] = '\0';
}

void ct_runname_stamp(int64_t unix_ms, char *out, size_t size)
{
	time_t secs = (time_t)(unix_ms / 1000);
	struct tm tm;
	char ms[8];

	gmtime_r(&secs, &tm);
	strftime(out, size, "%Y%m%dT%H%M%S", &tm);
	ms[0] = '.';
	ms[1] = (char)('0' + (unix_ms / 100) % 10);
	ms[2] = (char)('0' + (unix_ms / 10) % 10);
	ms[3] = (char)('0' + unix_ms % 10);
	ms[4] = 'Z';
	ms[5] = '\0';
	strncat(out, ms, size - strlen(out) - 1);
}
