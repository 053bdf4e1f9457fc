/*
 * cells.c -- a table cell: a JSON value as text, written as CSV or as
 * Markdown.
 *
 * Never: a CSV field left unquoted that holds a comma, a quote or a line
 * break, or a Markdown cell whose '|' or newline would split its row.
 */
#include <string.h>

#include "cells.h"
#include "json.h"

void ct_cells_value(char *buf, size_t n, const cJSON *v)
{
	buf[0] = '\0';
	if (cJSON_IsNumber(v))
		ct_json_number_text(v->valuedouble, buf, n);
	else if (cJSON_IsString(v))
		snprintf(buf, n, "%s", v->valuestring);
	else if (cJSON_IsBool(v))
		snprintf(buf, n, "%s", cJSON_IsTrue(v) ? "yes" : "no");
}

void ct_cells_csv(FILE *out, const char *s, int last)
{
	if (strpbrk(s, ",\"\r\n")) {
		fputc('"', out);
		for (; *s; s++)
			fprintf(out, *s == '"' ? "\"\"" : "%c", *s);
		fputc('"', out);
	} else {
		fputs(s, out);
	}
	fputs(last ? "\r\n" : ",", out);
}

void ct_cells_md(FILE *out, const char *s)
{
	fputs("| ", out);
	for (; *s; s++)
		fprintf(out, *s == '|' ? "\\|" : (*s == '\n' || *s == '\r') ? " " : "%c", *s);
	fputc(' ', out);
}

void ct_cells_md_rule(FILE *out, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fputs("|---", out);
	fputs("|\n", out);
}
