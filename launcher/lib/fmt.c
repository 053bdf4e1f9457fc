/*
 * fmt.c -- units, truncation and colour for the report's human output.
 *
 * Never: a buffer left without its NUL, an escape code when the output is
 * not a terminal, a line wider than ct_fmt_cols() from ct_fmt_wrap(), a name
 * cut at its front (its distinguishing part is the start and the file name).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fmt.h"
#include "json.h"

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

char *ct_fmt_value(char *buf, size_t n, double v, const char *unit, int sign)
{
	char num[32];
	const char *s = !sign ? "" : v < 0 ? "-" : "+";
	double a = fabs(v);

	if (isnan(v))
		snprintf(num, sizeof(num), "-");
	else if (!strcmp(unit, "ns"))
		ct_fmt_ms(num, sizeof(num), (int64_t)llround(a));
	else if (!strcmp(unit, "bytes"))
		ct_fmt_size(num, sizeof(num), (int64_t)llround(a));
	else
		snprintf(num, sizeof(num), a == floor(a) ? "%.0f" : "%.1f", a);
	snprintf(buf, n, "%s%s", isnan(v) ? "" : s, num);
	return buf;
}

/* Drops each Python ABI tag (".cpython-311-x86_64-linux-gnu", ".pypy39-pp73-...")
 * that ends where ".so" starts, in place: "_ctypes.cpython-311-....so" -> "_ctypes.so". */
static void ct_drop_abi_tags(char *s)
{
	static const char *const tags[] = { ".cpython-", ".pypy" };
	char *t, *so, *stop;
	size_t i;

	for (i = 0; i < sizeof(tags) / sizeof(tags[0]); i++)
		for (t = strstr(s, tags[i]); t; t = strstr(t + 1, tags[i])) {
			so = strstr(t + 1, ".so");
			stop = t + strcspn(t, "/ ");
			if (so && so < stop)
				memmove(t, so, strlen(so) + 1);
		}
}

/* How many bytes of s (len bytes) the end keeps when room bytes are left
 * besides "...": half the room, starting at a '/' when one is there; a
 * longer file name whole, or as much of it as leaves the start a quarter.
 * A dotted name without '/' (a module) keeps its first part and gives
 * the rest of the room to its end: "torch..._registrations". */
static size_t ct_keep_end(const char *s, size_t len, size_t room)
{
	const char *slash = strrchr(s, '/');
	size_t base = slash ? len - (size_t)(slash - s) : len, i, head = strcspn(s, ".");

	if (!slash && head < len)
		return room - (head < room / 3 ? head : room / 3);
	if (base > room / 2)
		return base < room - room / 4 ? base : room - room / 4;
	for (i = len - room / 2; i < len - base; i++)
		if (s[i] == '/')
			return len - i;
	return room / 2;
}

char *ct_fmt_cut(char *buf, size_t n, const char *s, size_t width)
{
	char name[4096];
	size_t len, end;

	snprintf(name, sizeof(name), "%s", s ? s : "");
	if (s && strlen(s) >= sizeof(name))
		name[ct_utf8_cut(s, sizeof(name) - 1)] = '\0';
	if (width >= n)
		width = n - 1;
	if (strlen(name) > width)
		ct_drop_abi_tags(name);
	len = strlen(name);
	if (len <= width || width < 8) {
		snprintf(buf, n, "%.*s", (int)(len <= width ? len : ct_utf8_cut(name, width)), name);
		return buf;
	}
	end = ct_keep_end(name, len, width - 3);
	while (end > 0 && ((unsigned char)name[len - end] & 0xc0) == 0x80)
		end--;   /* the end starts on a whole UTF-8 sequence */
	snprintf(buf, n, "%.*s...%s", (int)ct_utf8_cut(name, width - 3 - end), name,
		 name + len - end);
	return buf;
}

const char *ct_fmt_base(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;

	return slash ? slash + 1 : path ? path : "";
}

void ct_fmt_heading(FILE *out, const char *title, const char *note)
{
	int room = ct_fmt_cols() - (int)strlen(title) - 2;

	fprintf(out, "\n%s%s%s", ct_c(CT_C_BOLD), title, ct_c(CT_C_OFF));
	if (note && *note && room > 0)
		fprintf(out, "  %s%.*s%s", ct_c(CT_C_DIM), room, note, ct_c(CT_C_OFF));
	fputc('\n', out);
}

void ct_fmt_hang(FILE *out, const char *label, int indent, const char *text)
{
	size_t width = (size_t)ct_fmt_cols() - (size_t)indent, len, cut;
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

/* Linux's signal names by number (x86-64 and AArch64 agree on 1-31): a
 * table of our own, as sigabbrev_np needs glibc 2.32 and the wheel's CLI
 * runs on 2.17. */
static const char *const ct_signames[32] = {
	NULL, "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1",
	"SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP",
	"TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "PWR", "SYS"
};

char *ct_fmt_signal(char *buf, size_t n, long long sig)
{
	const char *abbrev = sig > 0 && sig < 32 ? ct_signames[sig] : NULL;

	if (abbrev)
		snprintf(buf, n, "SIG%s (signal %lld)", abbrev, sig);
	else
		snprintf(buf, n, "signal %lld", sig);
	return buf;
}
