/*
 * diff_summary.c -- the one-screen answer first: the sides, wall time,
 * the set counts (added, removed), the CUDA verdict and which numbers
 * changed significantly.  Made from the sections' JSON, never from the
 * records, so the summary cannot say what a section does not.
 */
#include <string.h>

#include "lib/fmt.h"
#include "lib/json.h"
#include "diff.h"

static void ct_dsum_set(cJSON *sets, const char *name, const cJSON *sec, const char *added,
			const char *removed, const char *moved)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "added", cJSON_GetArraySize(ct_rget(sec, added)));
	cJSON_AddNumberToObject(o, "removed", cJSON_GetArraySize(ct_rget(sec, removed)));
	if (moved)
		cJSON_AddNumberToObject(o, "moved", cJSON_GetArraySize(ct_rget(sec, moved)));
	ct_add_item(sets, name, o);
}

static cJSON *ct_dsum_sets(const cJSON *doc)
{
	const cJSON *libs = ct_rget(doc, "libraries"), *fs = ct_rget(doc, "filesystem");
	cJSON *sets = cJSON_CreateObject();

	ct_dsum_set(sets, "libraries", libs, "added", "removed", "moved");
	ct_dsum_set(sets, "imports", ct_rget(doc, "imports"), "added", "removed", NULL);
	ct_dsum_set(sets, "files", fs, "opened_added", "opened_removed", NULL);
	ct_dsum_set(sets, "children", ct_rget(doc, "processes"), "children_added",
		    "children_removed", NULL);
	ct_dsum_set(sets, "dlopen_failures", ct_rget(libs, "dlopen_failures"), "added", "removed",
		    NULL);
	return sets;
}

static int ct_dsets_same(const cJSON *sets)
{
	const cJSON *s, *n;

	cJSON_ArrayForEach(s, sets)
		cJSON_ArrayForEach(n, s)
			if (n->valuedouble != 0)
				return 0;
	return 1;
}

/* "wall", or "wall (cold)" for a row of a group. */
static cJSON *ct_dsig_name(const cJSON *m, char *buf, size_t n)
{
	const char *g = ct_rstr(m, "group");

	snprintf(buf, n, "%s%s%s%s", ct_rstr(m, "metric") ? ct_rstr(m, "metric") : "?",
		 g ? " (" : "", g ? g : "", g ? ")" : "");
	return ct_str_json(buf);
}

cJSON *ct_dsec_summary(const cJSON *doc)
{
	char name[96];
	const cJSON *m, *cuda = ct_rget(doc, "cuda");
	cJSON *o = cJSON_CreateObject(), *sets = ct_dsum_sets(doc), *sig, *verdict;

	ct_add_bool(o, "sets_identical", ct_dsets_same(sets) &&
		    !cJSON_IsTrue(ct_rget(cuda, "changed")));
	ct_add_item(o, "sets", sets);
	verdict = cJSON_Duplicate(ct_rget(cuda, "verdict"), 1);
	ct_add_bool(verdict, "changed", cJSON_IsTrue(ct_rget(cuda, "changed")));
	ct_add_item(o, "cuda", verdict);
	sig = cJSON_AddArrayToObject(o, "significant");
	cJSON_ArrayForEach(m, ct_rget(ct_rget(doc, "headline"), "metrics"))
		if (cJSON_IsTrue(ct_rget(m, "significant")))
			ct_push(sig, ct_dsig_name(m, name, sizeof(name)));
	return o;
}

static void ct_dshow_side(FILE *out, const char *name, const cJSON *side)
{
	char p[4096], tail[64];
	int n = (int)ct_dnum(side, "runs");

	snprintf(tail, sizeof(tail), " (%s%d run%s)", cJSON_IsTrue(ct_rget(side, "series")) ?
		 "series, " : "", n, n == 1 ? "" : "s");
	fprintf(out, "%s: %s%s\n", name, ct_fmt_cut(p, sizeof(p), ct_rstr(side, "path"),
		(size_t)ct_fmt_cols() - 3 - strlen(tail)), tail);
}

void ct_dshow_summary(FILE *out, const cJSON *doc)
{
	const cJSON *s = ct_rget(doc, "summary"), *sets = ct_rget(s, "sets"), *set, *m;
	const cJSON *cuda = ct_rget(s, "cuda");
	char line[512];
	size_t len;
	int first = 1;

	ct_dshow_side(out, "A", ct_rget(doc, "a"));
	ct_dshow_side(out, "B", ct_rget(doc, "b"));
	ct_dshow_speed(out, ct_rget(ct_rget(doc, "headline"), "speed"));
	cJSON_ArrayForEach(m, ct_rget(ct_rget(doc, "headline"), "warnings"))
		ct_fmt_hang(out, "  ! ", 4, m->valuestring);
	ct_dshow_set_label_width(NULL, NULL);
	cJSON_ArrayForEach(m, ct_rget(ct_rget(doc, "headline"), "metrics"))
		if (ct_dstreq(ct_rstr(m, "metric"), "wall"))
			ct_dshow_cmp(out, ct_rstr(m, "label"), m);
	line[0] = '\0';
	cJSON_ArrayForEach(set, sets) {
		len = strlen(line);
		snprintf(line + len, sizeof(line) - len, "%s %s +%.0f -%.0f", first ? "sets:" : ",",
			 set->string, ct_dnum(set, "added"), ct_dnum(set, "removed"));
		len = strlen(line);
		if (ct_rget(set, "moved"))
			snprintf(line + len, sizeof(line) - len, " ~%.0f", ct_dnum(set, "moved"));
		first = 0;
	}
	ct_fmt_wrap(out, 2, line);
	cJSON_ArrayForEach(m, ct_rget(doc, "context"))
		if (ct_dstreq(ct_rstr(m, "what"), "exit"))
			fprintf(out, "  exit: %s -> %s\n", ct_rstr(m, "a"), ct_rstr(m, "b"));
	fprintf(out, "  CUDA verdict: %s -> %s (%s)\n", ct_rstr(cuda, "a"), ct_rstr(cuda, "b"),
		cJSON_IsTrue(ct_rget(cuda, "changed")) ? "changed" : "same");
	snprintf(line, sizeof(line), "significant changes:%s",
		 cJSON_GetArraySize(ct_rget(s, "significant")) ? "" : " none");
	first = 1;
	cJSON_ArrayForEach(m, ct_rget(s, "significant")) {
		len = strlen(line);
		snprintf(line + len, sizeof(line) - len, "%s %s", first ? "" : ",", m->valuestring);
		first = 0;
	}
	ct_fmt_wrap(out, 2, line);
}
