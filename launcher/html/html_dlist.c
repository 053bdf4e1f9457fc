/*
 * html_dlist.c -- the diff page's tables: a list of items by columns, a
 * list of compared numbers, the cells of one compared number.
 *
 * Values are the diff JSON's as they are: a string is text (a path may
 * wrap anywhere), a number sorts by its value (data-v), a missing value
 * is an empty cell.  Never: a verdict the JSON does not state -- the
 * verdict cell is the compared number's own note.
 */
#include <math.h>
#include <string.h>

#include "lib/fmt.h"
#include "html_diff.h"

#define CT_HD_MAXCOL 10

const char *const ct_hdiff_cmp_cols[6] = { "A", "B", "change", "relative", "95% interval",
					   "verdict" };

const char *ct_hdiff_or(const char *s)
{
	return s ? s : "-";
}

static double ct_hd_num(const cJSON *o, const char *key)
{
	const cJSON *v = ct_rget(o, key);

	return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

/* A number cell sorted by v (unknown: first), its text text. */
static void ct_hd_num_td(FILE *out, const char *cls, double v, const char *text)
{
	fprintf(out, "<td class=\"n%s\" data-v=%.17g>", cls, isnan(v) ? -1e300 : v);
	ct_html_text(out, text);
	fputs("</td>", out);
}

static void ct_hd_value_td(FILE *out, double v, const char *unit, int sign)
{
	char text[40];

	ct_hd_num_td(out, "", v, ct_fmt_value(text, sizeof(text), v, unit, sign));
}

static const char *ct_hd_unit(const cJSON *cmp)
{
	return ct_rstr(cmp, "unit") ? ct_rstr(cmp, "unit") : "count";
}

static int ct_hd_sig(const cJSON *cmp)
{
	return cJSON_IsTrue(ct_rget(cmp, "significant"));
}

/* "[-1.2 ms, +3.4 ms]", or "" without an interval. */
static void ct_hd_interval(char *buf, size_t n, const cJSON *iv, const char *unit)
{
	char lo[40], hi[40];

	buf[0] = '\0';
	if (cJSON_GetArraySize(iv) == 2 && cJSON_IsNumber(cJSON_GetArrayItem(iv, 0)) &&
	    cJSON_IsNumber(cJSON_GetArrayItem(iv, 1)))
		snprintf(buf, n, "[%s, %s]",
			 ct_fmt_value(lo, sizeof(lo), cJSON_GetArrayItem(iv, 0)->valuedouble, unit, 1),
			 ct_fmt_value(hi, sizeof(hi), cJSON_GetArrayItem(iv, 1)->valuedouble, unit, 1));
}

void ct_hdiff_cmp_tds(FILE *out, const cJSON *cmp)
{
	const char *unit = ct_hd_unit(cmp);
	double rel = ct_hd_num(cmp, "rel");
	char text[96];

	ct_hd_value_td(out, ct_hd_num(cmp, "a"), unit, 0);
	ct_hd_value_td(out, ct_hd_num(cmp, "b"), unit, 0);
	ct_hd_value_td(out, ct_hd_num(cmp, "change"), unit, 1);
	snprintf(text, sizeof(text), isnan(rel) ? "-" : "%+.1f%%", rel * 100);
	ct_hd_num_td(out, "", rel, text);
	ct_hd_interval(text, sizeof(text), ct_rget(cmp, "interval"), unit);
	ct_html_str_td(out, text);
	fprintf(out, "<td%s>", ct_hd_sig(cmp) ? " class=sig" : "");
	ct_html_text(out, ct_rstr(cmp, "note"));
	fputs("</td>", out);
}

void ct_hdiff_cmp_td(FILE *out, const cJSON *cmp)
{
	const char *unit = ct_hd_unit(cmp);
	char a[40], b[40], ch[40], text[140];

	snprintf(text, sizeof(text), "%s \u2192 %s (%s)",
		 ct_fmt_value(a, sizeof(a), ct_hd_num(cmp, "a"), unit, 0),
		 ct_fmt_value(b, sizeof(b), ct_hd_num(cmp, "b"), unit, 0),
		 ct_fmt_value(ch, sizeof(ch), ct_hd_num(cmp, "change"), unit, 1));
	ct_hd_num_td(out, ct_hd_sig(cmp) ? " sig" : "", ct_hd_num(cmp, "change"), text);
}

static void ct_hd_td(FILE *out, const cJSON *v, enum ct_hdkind kind)
{
	char text[40];

	if (kind == CT_HD_CMP && ct_rget(v, "change")) {
		ct_hdiff_cmp_td(out, v);
	} else if (cJSON_IsObject(v)) {         /* a pair of words: {"a", "b"} */
		fputs("<td>", out);
		ct_html_text(out, ct_rstr(v, "a"));
		fputs(" \u2192 ", out);
		ct_html_text(out, ct_rstr(v, "b"));
		fputs("</td>", out);
	} else if (cJSON_IsBool(v)) {
		ct_html_str_td(out, cJSON_IsTrue(v) ? "yes" : "no");
	} else if (cJSON_IsNumber(v)) {
		ct_fmt_value(text, sizeof(text), v->valuedouble,
			     kind == CT_HD_BYTES ? "bytes" : "count", 0);
		ct_hd_num_td(out, "", v->valuedouble, text);
	} else if (cJSON_IsString(v)) {
		fputs(kind == CT_HD_PATH ? "<td class=path>" : "<td>", out);
		ct_html_text(out, v->valuestring);
		fputs("</td>", out);
	} else {
		fputs("<td></td>", out);
	}
}

/* The title and its count; 0 when arr is empty (then one line says so). */
static int ct_hd_title(FILE *out, const char *title, const cJSON *arr)
{
	int n = cJSON_GetArraySize(arr);

	if (n && title)
		fprintf(out, "<h3>%s (%d)</h3>\n", title, n);
	else if (!n)
		fprintf(out, "<p class=none>%s%snone</p>\n", title ? title : "", title ? ": " : "");
	return n;
}

void ct_hdiff_list(FILE *out, const char *title, const char *id, const cJSON *arr,
		   const struct ct_hdcol *cols, size_t ncol)
{
	const char *heads[CT_HD_MAXCOL];
	const cJSON *it;
	size_t i;

	if (!ct_hd_title(out, title, arr))
		return;
	ncol = ncol < CT_HD_MAXCOL ? ncol : CT_HD_MAXCOL;
	for (i = 0; i < ncol; i++)
		heads[i] = cols[i].head;
	ct_html_table_head(out, id, heads, ncol);
	fputs("<tbody>\n", out);
	cJSON_ArrayForEach(it, arr) {
		fputs("<tr>", out);
		for (i = 0; i < ncol; i++)
			ct_hd_td(out, ct_rpath(it, cols[i].key), cols[i].kind);
		fputs("</tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
}

void ct_hdiff_changes(FILE *out, const char *title, const char *id, const cJSON *arr,
		      const char *key_name, const char *head)
{
	const char *heads[7] = { head };
	const cJSON *it;

	if (!ct_hd_title(out, title, arr))
		return;
	memcpy(heads + 1, ct_hdiff_cmp_cols, sizeof(ct_hdiff_cmp_cols));
	ct_html_table_head(out, id, heads, 7);
	fputs("<tbody>\n", out);
	cJSON_ArrayForEach(it, arr) {
		fprintf(out, "<tr%s>", ct_hd_sig(it) ? " class=sig" : "");
		ct_html_str_td(out, ct_rstr(it, key_name));
		ct_hdiff_cmp_tds(out, it);
		fputs("</tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
}
