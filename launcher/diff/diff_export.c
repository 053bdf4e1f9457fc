/*
 * diff_export.c -- `diff --markdown` and `diff --csv`: the headline's
 * compared numbers as a table to paste into a pull request (Markdown, the
 * speed lines and the set counts above it) or to load elsewhere (CSV).
 *
 * Rendered from the diff's JSON like the text: each cell is the JSON's
 * own number in its base unit (ns, bytes, count; as cJSON prints it), so --markdown,
 * --csv and --json hold the same numbers.  Cells are written by lib/cells.c.
 * Never: a cell the JSON lacks made up (an unknown is empty).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "lib/cells.h"

static const char *const ct_dcols[] = { "group", "metric", "unit", "a", "b", "change", "rel",
	"interval_low", "interval_high", "significant", "note" };
#define CT_DNCOLS (sizeof(ct_dcols) / sizeof(ct_dcols[0]))

/* Cell col of a headline row into buf ("" when unknown). */
static void ct_dcell(char *buf, size_t n, const cJSON *m, size_t col)
{
	const cJSON *iv = ct_rget(m, "interval"), *v;

	if (col == 7 || col == 8)
		v = cJSON_GetArraySize(iv) == 2 ? cJSON_GetArrayItem(iv, (int)col - 7) : NULL;
	else
		v = ct_rget(m, ct_dcols[col]);
	ct_cells_value(buf, n, v);
}

void ct_diff_csv(FILE *out, const cJSON *doc)
{
	const cJSON *m;
	char cell[512];
	size_t i;

	for (i = 0; i < CT_DNCOLS; i++)
		ct_cells_csv(out, ct_dcols[i], i + 1 == CT_DNCOLS);
	cJSON_ArrayForEach(m, ct_rget(ct_rget(doc, "headline"), "metrics"))
		for (i = 0; i < CT_DNCOLS; i++) {
			ct_dcell(cell, sizeof(cell), m, i);
			ct_cells_csv(out, cell, i + 1 == CT_DNCOLS);
		}
}

static void ct_dmd_row(FILE *out, const cJSON *m)
{
	char cell[512];
	size_t i;

	for (i = 0; i < CT_DNCOLS; i++) {
		if (m)
			ct_dcell(cell, sizeof(cell), m, i);
		ct_cells_md(out, m ? cell : ct_dcols[i]);
	}
	fputs("|\n", out);
}

void ct_diff_markdown(FILE *out, const cJSON *doc)
{
	const cJSON *h = ct_rget(doc, "headline"), *m, *set;

	fprintf(out, "**coldtrace diff**: A `%s`, B `%s`\n\n", ct_rstr(ct_rget(doc, "a"), "path"),
		ct_rstr(ct_rget(doc, "b"), "path"));
	cJSON_ArrayForEach(m, ct_rget(h, "speed"))
		if (ct_rstr(m, "text"))
			fprintf(out, "- %s\n", ct_rstr(m, "text"));
	cJSON_ArrayForEach(m, ct_rget(h, "warnings"))
		fprintf(out, "- warning: %s\n", m->valuestring);
	fprintf(out, "\n");
	ct_dmd_row(out, NULL);
	ct_cells_md_rule(out, CT_DNCOLS);
	cJSON_ArrayForEach(m, ct_rget(h, "metrics"))
		ct_dmd_row(out, m);
	fprintf(out, "\n| set | added | removed |\n|---|---|---|\n");
	cJSON_ArrayForEach(set, ct_rget(ct_rget(doc, "summary"), "sets"))
		fprintf(out, "| %s | %.0f | %.0f |\n", set->string, ct_dnum(set, "added"),
			ct_dnum(set, "removed"));
}
