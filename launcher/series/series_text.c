/*
 * series_text.c -- how the series report writes a statistic: in the
 * metric's unit with three significant digits ("472 MiB", "17.0 MiB ±
 * 0.8 MiB", "0.28 ms"), as pieces that are never broken inside, laid out
 * on lines that fit the terminal (ct_fmt_cols()).
 *
 * Never: an exponent, raw microseconds, or a line cut inside a value (a
 * piece that does not fit goes whole to the next line).
 */
#include <math.h>
#include <string.h>

#include "lib/fmt.h"
#include "series.h"

const char *ct_sunit(const char *metric)
{
	size_t n = strlen(metric);

	if (n > 3 && !strcmp(metric + n - 3, "_ms"))
		return "ms";
	if (n > 3 && !strcmp(metric + n - 3, "_us"))
		return "us";
	if (n > 3 && !strcmp(metric + n - 3, "_kb"))
		return "KiB";
	if ((n > 6 && !strcmp(metric + n - 6, "_bytes")) || !strcmp(metric, "rchar"))
		return "bytes";
	return "count";
}

static double ct_snum3(const cJSON *g, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(g, k);

	return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

size_t ct_sstat_pieces(char (*p)[CT_SPIECE], const cJSON *g, const char *unit)
{
	char a[32], b[32];
	size_t k = 0;

	snprintf(p[k++], CT_SPIECE, "%s", ct_fmt_unit3(a, sizeof(a), ct_snum3(g, "median"), unit));
	snprintf(p[k++], CT_SPIECE, "[%s .. %s]", ct_fmt_unit3(a, sizeof(a), ct_snum3(g, "min"),
		 unit), ct_fmt_unit3(b, sizeof(b), ct_snum3(g, "max"), unit));
	if (isnan(ct_snum3(g, "stddev")))
		snprintf(p[k++], CT_SPIECE, "mean %s", ct_fmt_unit3(a, sizeof(a),
			 ct_snum3(g, "mean"), unit));
	else
		snprintf(p[k++], CT_SPIECE, "mean %s \u00b1 %s", ct_fmt_unit3(a, sizeof(a),
			 ct_snum3(g, "mean"), unit), ct_fmt_unit3(b, sizeof(b),
			 ct_snum3(g, "stddev"), unit));
	snprintf(p[k++], CT_SPIECE, "n=%.0f", ct_snum3(g, "n"));
	return k;
}

void ct_sshow_pieces(FILE *out, const char *head, size_t headw, char (*p)[CT_SPIECE], size_t n)
{
	size_t col, i, len, cols = (size_t)ct_fmt_cols();

	fprintf(out, "%s", head);
	col = ct_fmt_len(head);
	for (; col < headw; col++)
		fputc(' ', out);
	for (i = 0; i < n; i++) {
		len = ct_fmt_len(p[i]);
		if (i && col + 2 + len > cols) {
			fprintf(out, "\n%*s", (int)headw, "");
			col = headw;
		} else if (i) {
			fprintf(out, "  ");
			col += 2;
		}
		fprintf(out, "%s", p[i]);
		col += len;
	}
	fputc('\n', out);
}
