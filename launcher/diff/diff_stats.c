/*
 * diff_stats.c -- is a change of a per-run figure more than noise?
 *
 * Two single values are compared as they are and never called significant.
 * Between series: the Hodges-Lehmann shift (median of every difference
 * b_j - a_i) and its 95% interval from the exact Mann-Whitney distribution
 * (the order statistics of those differences, as R's wilcox.test does).
 * A change is significant only when the interval excludes zero, the
 * shift is at least min_rel of A's median, and it is beyond the noise
 * floor of its unit (docs/diff.md): a count must move by more than 1 and
 * more than 1%, a time by 1 ms or more, a size by 64 KiB and 1%.  Never:
 * significance claimed
 * from an interval whose real confidence is below 95% (too few runs: 4
 * against 4 is the least that can reach it).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json.h"
#include "diff.h"

#define CT_DALPHA 0.05
#define CT_DEXACT_MAX 1000   /* m + n up to which the U counts fit a double */

static int ct_dcmp_dbl(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

/* The known values of v, sorted, into out; their count. */
static size_t ct_dknown(const double *v, size_t n, double *out)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (!isnan(v[i]))
			out[k++] = v[i];
	qsort(out, k, sizeof(*out), ct_dcmp_dbl);
	return k;
}

static double ct_dmedian(const double *s, size_t n)
{
	return !n ? NAN : n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/*
 * P(U <= u) for u = 0..m*n under no shift, into cdf[]: the counts of U are
 * the coefficients of the Gaussian binomial [m+n choose m](q), built as the
 * product over k = 1..m of (1 - q^(n+k)) / (1 - q^k).  U's law is the
 * same with m and n swapped: the caller passes the smaller as m.
 */
static void ct_dmw_cdf(size_t m, size_t n, double *cdf)
{
	size_t deg = m * n, k, u;
	double total = 0;

	memset(cdf, 0, (deg + 1) * sizeof(*cdf));
	cdf[0] = 1;
	for (k = 1; k <= m; k++) {
		for (u = deg; u >= n + k; u--)
			cdf[u] -= cdf[u - n - k];
		for (u = k; u <= deg; u++)
			cdf[u] += cdf[u - k];
	}
	for (u = 0; u <= deg; u++) {
		total += cdf[u];
		cdf[u] = total;
	}
	for (u = 0; u <= deg; u++)
		cdf[u] /= total;
}

/* The rank (1-based) of the lower interval end among the m*n differences,
 * as qwilcox(alpha/2); *alpha gets the interval's real two-sided level. */
static size_t ct_dmw_rank(size_t m, size_t n, double *alpha)
{
	size_t deg = m * n, u;
	double *cdf, z, sd;

	if (m + n > CT_DEXACT_MAX || !(cdf = malloc((deg + 1) * sizeof(*cdf)))) {
		z = 1.959964;
		sd = sqrt((double)m * n * (m + n + 1) / 12.0);
		*alpha = CT_DALPHA;
		u = (size_t)fmax(1, floor(deg / 2.0 - z * sd));
		return u;
	}
	ct_dmw_cdf(m < n ? m : n, m < n ? n : m, cdf);
	for (u = 0; u < deg && cdf[u] < CT_DALPHA / 2; u++)
		;
	if (u == 0)
		u = 1;
	*alpha = 2 * cdf[u - 1];
	free(cdf);
	return u;
}

/* The shift and its interval from the sorted known values. */
static int ct_dshift(const double *a, size_t m, const double *b, size_t n, struct ct_dcmp *o)
{
	double *d = malloc(m * n * sizeof(*d)), alpha;
	size_t i, j, k = 0, r;

	if (!d)
		return -1;
	for (i = 0; i < m; i++)
		for (j = 0; j < n; j++)
			d[k++] = b[j] - a[i];
	qsort(d, k, sizeof(*d), ct_dcmp_dbl);
	o->change = ct_dmedian(d, k);
	r = ct_dmw_rank(m, n, &alpha);
	if (alpha <= CT_DALPHA + 1e-9) {
		o->lo = d[r - 1];
		o->hi = d[k - r];
	}
	free(d);
	return 0;
}

static void ct_dverdict(struct ct_dcmp *o, size_t m, size_t n, double min_rel)
{
	if (m < 2 || n < 2)
		o->note = "single runs: not tested";
	else if (isnan(o->lo))
		o->note = "too few runs for a 95% interval (4 per side at least)";
	else if (o->lo <= 0 && o->hi >= 0)
		o->note = "not significant: the 95% interval includes 0";
	else if (isnan(o->rel) || fabs(o->rel) < min_rel)
		o->note = "not significant: below the minimum relative change";
	else {
		o->note = "significant";
		o->significant = 1;
	}
}

#define CT_DFLOOR_NS 1e6        /* timer and scheduler noise of one run */
#define CT_DFLOOR_BYTES 65536   /* 16 pages: allocator and ASLR slack */
#define CT_DFLOOR_REL 0.01      /* counts and sizes: also 1% of A */

void ct_dfloor(struct ct_dcmp *c, double floor, const char *why)
{
	if (c->significant && !(fabs(c->change) >= floor)) {
		c->significant = 0;
		c->note = why;
	}
}

static void ct_dunit_floor(struct ct_dcmp *o, const char *unit)
{
	double rel = fabs(o->a) * CT_DFLOOR_REL;

	if (!strcmp(unit, "ns"))
		ct_dfloor(o, CT_DFLOOR_NS, "not significant: under the 1 ms floor of a time");
	else if (!strcmp(unit, "bytes"))
		ct_dfloor(o, fmax(CT_DFLOOR_BYTES, rel), "not significant: under the floor of a "
			  "size (64 KiB and 1%)");
	else if (o->significant && (fabs(o->change) <= 1 || fabs(o->change) <= rel))
		ct_dfloor(o, INFINITY, "not significant: under the floor of a count (1 and 1%)");
}

void ct_dcompare_c(const struct ct_dctx *c, const double *a, const double *b, const char *unit,
		   struct ct_dcmp *out)
{
	ct_dcompare(a + c->cmp[0].off, c->cmp[0].n, b + c->cmp[1].off, c->cmp[1].n, c->o->min_rel,
		    unit, out);
}

void ct_dcompare(const double *a, size_t na, const double *b, size_t nb, double min_rel,
		 const char *unit, struct ct_dcmp *o)
{
	double *sa = malloc((na + 1) * sizeof(*sa)), *sb = malloc((nb + 1) * sizeof(*sb));
	size_t m = sa ? ct_dknown(a, na, sa) : 0, n = sb ? ct_dknown(b, nb, sb) : 0;

	memset(o, 0, sizeof(*o));
	o->lo = o->hi = NAN;
	o->a = ct_dmedian(sa, m);
	o->b = ct_dmedian(sb, n);
	o->change = o->b - o->a;
	if (m >= 2 && n >= 2 && ct_dshift(sa, m, sb, n, o) < 0)
		o->change = NAN;
	o->rel = o->a != 0 && !isnan(o->a) ? o->change / fabs(o->a) : NAN;
	if (!m || !n)
		o->note = "unknown on one side";
	else
		ct_dverdict(o, m, n, min_rel);
	ct_dunit_floor(o, unit);
	free(sa);
	free(sb);
}

cJSON *ct_dcmp_json(const struct ct_dcmp *c, const char *unit)
{
	cJSON *o = cJSON_CreateObject(), *iv;

	cJSON_AddStringToObject(o, "unit", unit);
	ct_dadd_num(o, "a", c->a);
	ct_dadd_num(o, "b", c->b);
	ct_dadd_num(o, "change", c->change);
	ct_dadd_num(o, "rel", c->rel);
	if (isnan(c->lo)) {
		cJSON_AddNullToObject(o, "interval");
	} else {
		iv = cJSON_CreateArray();
		ct_push(iv, cJSON_CreateNumber(c->lo));
		ct_push(iv, cJSON_CreateNumber(c->hi));
		ct_add_item(o, "interval", iv);
	}
	ct_add_bool(o, "significant", c->significant);
	cJSON_AddStringToObject(o, "note", c->note);
	return o;
}
