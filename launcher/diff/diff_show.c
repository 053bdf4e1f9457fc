/*
 * diff_show.c -- the text of a diff, rendered from its JSON: a compared
 * number on one line (A -> B, change, relative change, verdict), lists
 * cut to --top rows with a count of the rest.  The label column is as
 * wide as the longest label the terminal leaves room for (ct_fmt_cols());
 * a longer label is cut in the middle, its end kept.
 *
 * Never: a number or an interval cut (a verdict that does not fit goes on
 * a line of its own), a number the JSON does not hold, or a verdict the
 * JSON does not state.
 */
#include <math.h>
#include <string.h>

#include "lib/fmt.h"
#include "diff.h"

#define CT_DLABEL_MIN 22
#define CT_DNUMBERS 46      /* the columns of "A -> B change rel%" after the label */

static int ct_dtop = 10;
static size_t ct_dlabw = CT_DLABEL_MIN;

void ct_dshow_set_label_width(const cJSON *arr, const char *key)
{
	int room = ct_fmt_cols() - CT_DNUMBERS - 4;
	const cJSON *it;
	size_t len;

	ct_dlabw = CT_DLABEL_MIN;
	cJSON_ArrayForEach(it, arr)
		if ((len = ct_fmt_len(ct_rstr(it, key))) > ct_dlabw)
			ct_dlabw = len;
	if (ct_dlabw > (size_t)room)
		ct_dlabw = room > CT_DLABEL_MIN ? (size_t)room : CT_DLABEL_MIN;
}

void ct_dshow_set_top(int top)
{
	ct_dtop = top;
}

/* The verdict in a few words, from the JSON's own fields. */
static void ct_dverdict_text(char *buf, size_t n, const cJSON *cmp, const char *unit)
{
	const cJSON *iv = ct_rget(cmp, "interval");
	const char *note = ct_rstr(cmp, "note");
	char lo[32], hi[32];

	buf[0] = '\0';
	if (cJSON_IsTrue(ct_rget(cmp, "significant")))
		snprintf(buf, n, "significant");
	else if (note && !strncmp(note, "not significant: the", 20))
		snprintf(buf, n, "noise");
	else if (note && !strncmp(note, "not significant: below", 22))
		snprintf(buf, n, "small");
	else if (note && !strncmp(note, "too few", 7))
		snprintf(buf, n, "too few runs");
	if (cJSON_GetArraySize(iv) == 2) {
		ct_fmt_value(lo, sizeof(lo), cJSON_GetArrayItem(iv, 0)->valuedouble, unit, 1);
		ct_fmt_value(hi, sizeof(hi), cJSON_GetArrayItem(iv, 1)->valuedouble, unit, 1);
		snprintf(buf + strlen(buf), n - strlen(buf), " [%s, %s]", lo, hi);
	}
}

void ct_dshow_cmp(FILE *out, const char *label, const cJSON *cmp)
{
	const char *unit = ct_rstr(cmp, "unit") ? ct_rstr(cmp, "unit") : "count";
	double rel = ct_dnum(cmp, "rel");
	char a[32], b[32], ch[32], pct[32], verdict[96], line[512], lab[256];

	ct_fmt_value(a, sizeof(a), ct_dnum(cmp, "a"), unit, 0);
	ct_fmt_value(b, sizeof(b), ct_dnum(cmp, "b"), unit, 0);
	ct_fmt_value(ch, sizeof(ch), ct_dnum(cmp, "change"), unit, 1);
	if (isnan(rel))
		snprintf(pct, sizeof(pct), "-");
	else
		snprintf(pct, sizeof(pct), "%+.1f%%", rel * 100);
	ct_dverdict_text(verdict, sizeof(verdict), cmp, unit);
	ct_fmt_cut(lab, sizeof(lab), label ? label : "?", ct_dlabw);
	snprintf(line, sizeof(line), "  %-*s %10s -> %-10s %10s %8s", (int)(ct_dlabw +
		 strlen(lab) - ct_fmt_len(lab)), lab, a, b, ch, pct);
	if (*verdict && ct_fmt_len(line) + 2 + strlen(verdict) > (size_t)ct_fmt_cols())
		fprintf(out, "%s\n%*s%s\n", line, (int)ct_dlabw + 4, "", verdict);
	else
		fprintf(out, "%s%s%s\n", line, *verdict ? "  " : "", verdict);
}

int ct_dshow_list(FILE *out, const char *title, const cJSON *arr,
		  void (*row)(FILE *out, const cJSON *item))
{
	const cJSON *it;
	int n = cJSON_GetArraySize(arr), i = 0;

	if (!n)
		return 0;
	fprintf(out, "  %s (%d):\n", title, n);
	cJSON_ArrayForEach(it, arr)
		if (i++ < ct_dtop)
			row(out, it);
	if (n > ct_dtop)
		fprintf(out, "    ... %d more (--top %d or --json)\n", n - ct_dtop, n);
	return n;
}

int ct_dshow_changes(FILE *out, const char *title, const cJSON *arr, const char *key_name)
{
	const cJSON *it;

	if (!cJSON_GetArraySize(arr))
		return 0;
	fprintf(out, "  %s:\n", title);
	ct_dshow_set_label_width(arr, key_name);
	cJSON_ArrayForEach(it, arr)
		ct_dshow_cmp(out, ct_rstr(it, key_name), it);
	return cJSON_GetArraySize(arr);
}

void ct_dshow_none(FILE *out, int shown)
{
	if (!shown)
		fprintf(out, "  no differences\n");
}
