/*
 * fmt.c -- units, truncation and colour for the report's human output.
 *
 * Never: a buffer left without its NUL, an escape code when the output is
 * not a terminal, a line wider than CT_FMT_WIDTH from ct_fmt_tail().
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fmt.h"

static int ct_colour_on;

void ct_fmt_colour_init(FILE *out)
{
	const char *no = getenv("NO_COLOR");

	ct_colour_on = isatty(fileno(out)) && !(no && *no);
}

const char *ct_c(enum ct_colour c)
{
	static const char *const esc[] = {
		[CT_C_OFF] = "\033[0m", [CT_C_BOLD] = "\033[1m", [CT_C_DIM] = "\033[2m",
		[CT_C_RED] = "\033[31m", [CT_C_GREEN] = "\033[32m",
		[CT_C_YELLOW] = "\033[33m", [CT_C_CYAN] = "\033[36m",
	};

	return ct_colour_on ? esc[c] : "";
}

char *ct_fmt_ms(char *buf, size_t n, int64_t ns)
{
	double ms = (double)ns / 1e6;

	if (ns < 0)
		snprintf(buf, n, "-");
	else if (ms >= 100 || ns == 0)
		snprintf(buf, n, "%.0f ms", ms);
	else if (ms >= 1)
		snprintf(buf, n, "%.1f ms", ms);
	else
		snprintf(buf, n, "%.2f ms", ms);
	return buf;
}

char *ct_fmt_size(char *buf, size_t n, int64_t bytes)
{
	double v = (double)bytes;

	if (bytes < 0)
		snprintf(buf, n, "-");
	else if (bytes < 1024)
		snprintf(buf, n, "%lld B", (long long)bytes);
	else if (v < 1024.0 * 1024)
		snprintf(buf, n, "%.0f KiB", v / 1024);
	else if (v < 1024.0 * 1024 * 1024)
		snprintf(buf, n, v < 10.0 * 1024 * 1024 ? "%.1f MiB" : "%.0f MiB",
			 v / (1024.0 * 1024));
	else
		snprintf(buf, n, "%.2f GiB", v / (1024.0 * 1024 * 1024));
	return buf;
}

char *ct_fmt_pct(char *buf, size_t n, int64_t part, int64_t whole)
{
	double p = whole > 0 ? 100.0 * (double)part / (double)whole : -1;

	if (p < 0)
		snprintf(buf, n, "-");
	else if (p < 10 && p > 0)
		snprintf(buf, n, "%.1f%%", p);
	else
		snprintf(buf, n, "%.0f%%", p);
	return buf;
}

char *ct_fmt_tail(char *buf, size_t n, const char *s, size_t width)
{
	size_t len = s ? strlen(s) : 0;

	if (!s)
		s = "";
	if (width >= n)
		width = n - 1;
	if (len <= width || width < 4)
		snprintf(buf, n, "%.*s", (int)width, s);
	else
		snprintf(buf, n, "...%s", s + len - (width - 3));
	return buf;
}

const char *ct_fmt_base(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;

	return slash ? slash + 1 : path ? path : "";
}

void ct_fmt_heading(FILE *out, const char *title, const char *note)
{
	int room = CT_FMT_WIDTH - (int)strlen(title) - 2;

	fprintf(out, "\n%s%s%s", ct_c(CT_C_BOLD), title, ct_c(CT_C_OFF));
	if (note && *note && room > 0)
		fprintf(out, "  %s%.*s%s", ct_c(CT_C_DIM), room, note, ct_c(CT_C_OFF));
	fputc('\n', out);
}

void ct_fmt_hang(FILE *out, const char *label, int indent, const char *text)
{
	size_t width = CT_FMT_WIDTH - (size_t)indent, len, cut;
	int first = 1;

	while (text && *text) {
		len = strlen(text);
		cut = len;
		if (len > width) {
			for (cut = width; cut > 0 && text[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = strcspn(text, " ");
		}
		fprintf(out, "%-*s%.*s\n", indent, first ? label : "", (int)cut, text);
		first = 0;
		text += cut;
		while (*text == ' ')
			text++;
	}
}

void ct_fmt_wrap(FILE *out, int indent, const char *text)
{
	ct_fmt_hang(out, "", indent, text);
}
