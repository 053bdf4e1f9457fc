/*
 * fmt_num.c -- numbers for reading: three significant digits and the
 * unit that suits the value ("0.28 ms", "17.0 MiB", "1.36 s").
 *
 * Never: an exponent ("4.72257e+08"), more than three significant digits
 * after the point, or an integer part cut ("1357 ms" stays whole).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"

char *ct_fmt_num3(char *buf, size_t n, double v)
{
	double a = fabs(v);

	if (isnan(v))
		snprintf(buf, n, "-");
	else if (a >= 99.95 || a == floor(a))   /* what rounds to 100 is printed as 100 */
		snprintf(buf, n, "%.0f", v);
	else if (a >= 9.995)
		snprintf(buf, n, "%.1f", v);
	else if (a >= 0.01)
		snprintf(buf, n, "%.2f", v);
	else
		snprintf(buf, n, "%.1g", v);
	return buf;
}

/* A time of ms milliseconds: ms from 0.01 ms to 10 s, else us or s. */
static char *ct_fmt_time3(char *buf, size_t n, double ms)
{
	char num[32];
	double a = fabs(ms);

	if (a >= 1e4)
		snprintf(buf, n, "%s s", ct_fmt_num3(num, sizeof(num), ms / 1e3));
	else if (a < 0.01 && a > 0)
		snprintf(buf, n, "%s us", ct_fmt_num3(num, sizeof(num), ms * 1e3));
	else
		snprintf(buf, n, "%s ms", ct_fmt_num3(num, sizeof(num), ms));
	return buf;
}

/* A size of b bytes in the largest binary unit it reaches. */
static char *ct_fmt_size3(char *buf, size_t n, double b)
{
	static const char *const names[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	char num[32];
	size_t i = 0;

	while (i + 1 < sizeof(names) / sizeof(names[0]) && fabs(b) >= 1024) {
		b /= 1024;
		i++;
	}
	snprintf(buf, n, "%s %s", ct_fmt_num3(num, sizeof(num), b), names[i]);
	return buf;
}

char *ct_fmt_unit3(char *buf, size_t n, double v, const char *unit)
{
	if (isnan(v))
		snprintf(buf, n, "-");
	else if (!strcmp(unit, "ms") || !strcmp(unit, "us") || !strcmp(unit, "ns"))
		ct_fmt_time3(buf, n, v / (!strcmp(unit, "ms") ? 1 : !strcmp(unit, "us") ? 1e3 : 1e6));
	else if (!strcmp(unit, "KiB") || !strcmp(unit, "bytes"))
		ct_fmt_size3(buf, n, !strcmp(unit, "KiB") ? v * 1024 : v);
	else
		ct_fmt_num3(buf, n, v);
	return buf;
}
