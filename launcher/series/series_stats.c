/*
 * series_stats.c -- the statistics of a series: order statistics, a
 * distribution-free interval of the median, outliers on the MAD, and the
 * cold penalty's bootstrap interval.
 *
 * docs/series.md states every definition; a test recomputes them with
 * Python's statistics module, so they must stay exactly as written there.
 * Never: a division by zero or a NaN in the output (JSON has no NaN):
 * undefined figures are null.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json.h"
#include "series.h"

#define CT_OUTLIER_Z 3.5        /* Iglewicz-Hoaglin modified z-score threshold */
#define CT_BOOT_N 2000          /* bootstrap resamples of the penalty */

static int ct_dcmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Linear interpolation between closest ranks (Hyndman-Fan type 7,
 * Python's statistics.quantiles(method="inclusive")); v sorted. */
static double ct_pct(const double *v, size_t n, double p)
{
	double h = (double)(n - 1) * p;
	size_t lo = (size_t)floor(h);

	if (lo + 1 >= n)
		return v[n - 1];
	return v[lo] + (h - (double)lo) * (v[lo + 1] - v[lo]);
}

double ct_median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), ct_dcmp);
	return ct_pct(v, n, 0.5);
}

/* P(B <= k) for B ~ Binomial(n, 1/2). */
static double ct_binom_cdf(size_t n, size_t k)
{
	double sum = 0;
	size_t i;

	for (i = 0; i <= k && i <= n; i++)
		sum += exp(lgamma((double)n + 1) - lgamma((double)i + 1) -
			   lgamma((double)(n - i) + 1) - (double)n * log(2.0));
	return sum;
}

/* [x(l), x(n+1-l)] with the largest l whose coverage 1 - 2 P(B <= l-1)
 * is at least 95%; l = 1 (min..max) and its lower coverage when n < 6. */
static void ct_median_ci(cJSON *o, const double *v, size_t n)
{
	cJSON *ci = cJSON_CreateObject();
	size_t l = 1;

	while (l < n / 2 && 1 - 2 * ct_binom_cdf(n, l) >= 0.95)
		l++;
	cJSON_AddNumberToObject(ci, "low", v[l - 1]);
	cJSON_AddNumberToObject(ci, "high", v[n - l]);
	cJSON_AddNumberToObject(ci, "level", 1 - 2 * ct_binom_cdf(n, l - 1));
	ct_add_item(o, "median_ci", ci);
}

static double ct_mad(const double *sorted, size_t n, double med)
{
	double *d = malloc(n * sizeof(*d)), m;
	size_t i;

	if (!d)
		return 0;
	for (i = 0; i < n; i++)
		d[i] = fabs(sorted[i] - med);
	m = ct_median(d, n);
	free(d);
	return m;
}

/* Runs whose modified z-score 0.6745 (x - median) / MAD exceeds 3.5 in
 * absolute value; none when the MAD is 0. */
static cJSON *ct_outliers(const double *v, const int *run, size_t n, double med, double mad)
{
	cJSON *a = cJSON_CreateArray();
	size_t i;

	for (i = 0; i < n && mad > 0; i++)
		if (fabs(0.6745 * (v[i] - med) / mad) > CT_OUTLIER_Z)
			ct_push(a, cJSON_CreateNumber(run[i]));
	return a;
}

static void ct_moments(cJSON *o, const double *v, size_t n)
{
	double sum = 0, ss = 0, mean;
	size_t i;

	for (i = 0; i < n; i++)
		sum += v[i];
	mean = sum / (double)n;
	for (i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	cJSON_AddNumberToObject(o, "mean", mean);
	if (n < 2) {
		cJSON_AddNullToObject(o, "stddev");
		cJSON_AddNullToObject(o, "cv");
		return;
	}
	cJSON_AddNumberToObject(o, "stddev", sqrt(ss / (double)(n - 1)));
	if (mean != 0)
		cJSON_AddNumberToObject(o, "cv", sqrt(ss / (double)(n - 1)) / fabs(mean));
	else
		cJSON_AddNullToObject(o, "cv");
}

cJSON *ct_stats_json(const double *v, const int *run, size_t n)
{
	static const double pcts[] = { 0.05, 0.25, 0.75, 0.95 };
	static const char *const names[] = { "p5", "p25", "p75", "p95" };
	cJSON *o = cJSON_CreateObject();
	double *s, med, mad;
	size_t i;

	cJSON_AddNumberToObject(o, "n", (double)(int64_t)n);
	s = n ? malloc(n * sizeof(*s)) : NULL;
	if (!s)
		return o;
	memcpy(s, v, n * sizeof(*s));
	med = ct_median(s, n);
	mad = ct_mad(s, n, med);
	cJSON_AddNumberToObject(o, "min", s[0]);
	cJSON_AddNumberToObject(o, "max", s[n - 1]);
	ct_moments(o, v, n);
	cJSON_AddNumberToObject(o, "median", med);
	cJSON_AddNumberToObject(o, "mad", mad);
	for (i = 0; i < 4; i++)
		cJSON_AddNumberToObject(o, names[i], ct_pct(s, n, pcts[i]));
	ct_median_ci(o, s, n);
	ct_add_item(o, "outliers", ct_outliers(v, run, n, med, mad));
	free(s);
	return o;
}

/* xorshift64: a fixed seed, so the same rows give the same interval. */
static uint64_t ct_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static double ct_resample_median(const double *v, size_t n, double *tmp, uint64_t *seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		tmp[i] = v[ct_rand(seed) % n];
	return ct_median(tmp, n);
}

cJSON *ct_penalty_json(const double *a, size_t na, const double *b, size_t nb)
{
	cJSON *o = cJSON_CreateObject();
	double *ta = malloc(na * sizeof(double)), *tb = malloc(nb * sizeof(double));
	double *d = malloc(CT_BOOT_N * sizeof(double));
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	size_t i;

	if (ta && tb && d && na && nb) {
		memcpy(ta, a, na * sizeof(double));
		memcpy(tb, b, nb * sizeof(double));
		cJSON_AddNumberToObject(o, "median_diff", ct_median(ta, na) - ct_median(tb, nb));
		for (i = 0; i < CT_BOOT_N; i++)
			d[i] = ct_resample_median(a, na, ta, &seed) -
			       ct_resample_median(b, nb, tb, &seed);
		qsort(d, CT_BOOT_N, sizeof(*d), ct_dcmp);
		cJSON_AddNumberToObject(o, "ci_low", ct_pct(d, CT_BOOT_N, 0.025));
		cJSON_AddNumberToObject(o, "ci_high", ct_pct(d, CT_BOOT_N, 0.975));
	}
	free(ta);
	free(tb);
	free(d);
	return o;
}
