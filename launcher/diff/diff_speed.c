/*
 * diff_speed.c -- the answer in one line, as hyperfine gives it: "B is
 * 1.62 ± 0.08 × faster than A (wall, warm)", per group pair.
 *
 * The ratio is of the two means of wall time, slower over faster; its
 * uncertainty is propagated from the two sample standard deviations
 * (first order: sd_r = r * sqrt((sd_a/mean_a)^2 + (sd_b/mean_b)^2)), as
 * hyperfine does.  Whether the change is more than noise is the wall
 * row's own verdict (diff_stats.c), said beside the ratio.  Never: a
 * ratio from a side without a wall time, or a ± from a single run.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/fmt.h"
#include "lib/json.h"
#include "diff.h"

struct ct_dmoments {
	double mean, sd;    /* sd NAN below 2 values */
	size_t n;
};

static struct ct_dmoments ct_dmoments_of(const double *v, size_t n)
{
	struct ct_dmoments m = { NAN, NAN, 0 };
	double sum = 0, ss = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (!isnan(v[i])) {
			sum += v[i];
			m.n++;
		}
	if (!m.n)
		return m;
	m.mean = sum / (double)m.n;
	for (i = 0; i < n; i++)
		if (!isnan(v[i]))
			ss += (v[i] - m.mean) * (v[i] - m.mean);
	if (m.n > 1)
		m.sd = sqrt(ss / (double)(m.n - 1));
	return m;
}

/* "B is 1.62 ± 0.08 × faster than A (wall, warm; within the noise)". */
static void ct_dspeed_text(char *buf, size_t n, const cJSON *o, const struct ct_dcmp *cmp)
{
	const char *faster = ct_rstr(o, "faster"), *group = ct_rstr(o, "group");
	double sd = ct_dnum(o, "ratio_sd");
	char pm[32] = "";

	if (!isnan(sd))
		snprintf(pm, sizeof(pm), " \u00b1 %.2f", sd);
	if (!faster)
		snprintf(buf, n, "A and B take the same wall time");
	else
		snprintf(buf, n, "%s is %.2f%s \u00d7 faster than %s", faster, ct_dnum(o, "ratio"), pm,
			 !strcmp(faster, "A") ? "B" : "A");
	snprintf(buf + strlen(buf), n - strlen(buf), " (wall%s%s%s)", group ? ", " : "",
		 group ? group : "", cmp->significant ? "; significant" :
		 !strcmp(cmp->note, "single runs: not tested") ? "; single runs" :
		 "; within the noise");
}

cJSON *ct_dspeed(const double *a, size_t na, const double *b, size_t nb, const char *group,
		 const struct ct_dcmp *cmp)
{
	struct ct_dmoments ma = ct_dmoments_of(a, na), mb = ct_dmoments_of(b, nb);
	cJSON *o = cJSON_CreateObject();
	double r, sd;
	char text[160];
	int b_faster = mb.mean < ma.mean;

	ct_add_item(o, "group", ct_dstr(group));
	ct_dadd_num(o, "a_mean", ma.mean);
	ct_dadd_num(o, "a_sd", ma.sd);
	ct_dadd_num(o, "b_mean", mb.mean);
	ct_dadd_num(o, "b_sd", mb.sd);
	r = b_faster ? ma.mean / mb.mean : mb.mean / ma.mean;
	sd = r * sqrt(pow(ma.sd / ma.mean, 2) + pow(mb.sd / mb.mean, 2));
	if (!(ma.mean > 0 && mb.mean > 0))
		r = sd = NAN;
	ct_add_item(o, "faster", isnan(r) || ma.mean == mb.mean ? cJSON_CreateNull() :
		    ct_str_json(b_faster ? "B" : "A"));
	ct_dadd_num(o, "ratio", r);
	ct_dadd_num(o, "ratio_sd", sd);
	ct_add_bool(o, "significant", cmp->significant);
	if (!isnan(r)) {
		ct_dspeed_text(text, sizeof(text), o, cmp);
		cJSON_AddStringToObject(o, "text", text);
	}
	return o;
}

void ct_dshow_speed(FILE *out, const cJSON *arr)
{
	const cJSON *s;

	cJSON_ArrayForEach(s, arr)
		if (ct_rstr(s, "text"))
			ct_fmt_wrap(out, 2, ct_rstr(s, "text"));
}
