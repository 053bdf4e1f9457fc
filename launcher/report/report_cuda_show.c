/*
 * report_cuda_show.c -- the CUDA section as text: the verdict first, in
 * words, then only the evidence that verdict rests on.
 *
 * Never: a verdict line that could be read as "no CUDA" when libraries or
 * a driver were seen (the words come from the record's verdict only).
 */
#include <string.h>

#include "lib/fmt.h"
#include "report.h"

static void ct_show_modules(FILE *out, const cJSON *mods, int brief)
{
	const cJSON *m;
	char buf[4096];
	size_t used;
	int n = cJSON_GetArraySize(mods);

	if (!n)
		return;
	used = (size_t)snprintf(buf, sizeof(buf), "CUDA-named Python modules (%d):", n);
	cJSON_ArrayForEach(m, mods)
		if (cJSON_IsString(m) && used < sizeof(buf))
			used += (size_t)snprintf(buf + used, sizeof(buf) - used, " %s%s",
						 m->valuestring, m->next ? "," : "");
	if (brief && used > CT_FMT_WIDTH - 2)
		snprintf(buf + CT_FMT_WIDTH - 2 - 28, 29, " ... (coldtrace report: all)");
	ct_fmt_wrap(out, 2, buf);
}

static void ct_show_cuda_libs(FILE *out, const cJSON *libs)
{
	const cJSON *l;
	char cut[CT_FMT_WIDTH];

	if (!cJSON_GetArraySize(libs)) {
		fprintf(out, "  CUDA libraries mapped: none\n");
		return;
	}
	fprintf(out, "  CUDA libraries mapped (%d):\n", cJSON_GetArraySize(libs));
	cJSON_ArrayForEach(l, libs)
		fprintf(out, "    %-12s %s\n", ct_rstr(l, "class") ? ct_rstr(l, "class") : "?",
			ct_fmt_cut(cut, sizeof(cut), ct_rstr(l, "path"), 82));
}

static void ct_show_attempts(FILE *out, const cJSON *att)
{
	const cJSON *a;
	char line[1200];

	if (!cJSON_GetArraySize(att))
		return;
	fprintf(out, "  driver requests that failed:\n");
	cJSON_ArrayForEach(a, att) {
		if (ct_rget(a, "pid"))
			snprintf(line, sizeof(line), "dlopen(\"%s\") by %s (pid %lld): %s",
				 ct_rstr(a, "requested") ? ct_rstr(a, "requested") : "?",
				 ct_rstr(a, "caller") ? ct_rstr(a, "caller") : "?",
				 (long long)ct_rint(a, "pid"), ct_rstr(a, "error") ? ct_rstr(a, "error") : "");
		else
			snprintf(line, sizeof(line), "%s, needed by %s (DT_NEEDED): %s",
				 ct_rstr(a, "requested") ? ct_rstr(a, "requested") : "?",
				 ct_rstr(a, "caller") ? ct_rstr(a, "caller") : "?",
				 ct_rstr(a, "error") ? ct_rstr(a, "error") : "");
		ct_fmt_wrap(out, 4, line);
	}
}

static void ct_show_driver(FILE *out, const cJSON *s)
{
	const cJSON *drv = ct_rget(s, "driver"), *step;
	char line[1200];
	int i = 0;

	if (!drv)
		return;
	fprintf(out, "  driver loaded%s%s, path chain:\n", ct_rstr(s, "driver_version") ?
		", version " : "", ct_rstr(s, "driver_version") ? ct_rstr(s, "driver_version") : "");
	cJSON_ArrayForEach(step, ct_rget(s, "chain"))
		if (cJSON_IsString(step)) {
			snprintf(line, sizeof(line), "%s%s", i++ ? "-> " : "", step->valuestring);
			ct_fmt_wrap(out, 4, line);
		}
	if (ct_rstr(drv, "how_found")) {
		snprintf(line, sizeof(line), "how it was found: %s", ct_rstr(drv, "how_found"));
		ct_fmt_wrap(out, 4, line);
	}
}

void ct_rshow_cuda(FILE *out, const cJSON *s, const struct ct_rctx *c)
{
	const char *v = ct_rstr(s, "verdict");
	int bad = v && (!strcmp(v, "driver-stub") || !strcmp(v, "driver-missing"));
	char head[64];

	snprintf(head, sizeof(head), "verdict: %s", v ? v : "unknown");
	ct_fmt_heading(out, "CUDA", head);
	fprintf(out, "%s", bad ? ct_c(CT_C_RED) : ct_c(CT_C_BOLD));
	ct_fmt_wrap(out, 2, ct_rstr(s, "words"));
	fprintf(out, "%s", ct_c(CT_C_OFF));
	ct_show_modules(out, ct_rget(s, "python_modules"), c->o->brief);
	ct_show_cuda_libs(out, ct_rget(s, "libraries"));
	ct_show_attempts(out, ct_rget(s, "driver_attempts"));
	ct_show_driver(out, s);
}
