/*
 * fuzz_series.c -- libFuzzer over the series readers: the input is a
 * series.json, read by `coldtrace report` of a series (text and --json)
 * and drawn by `coldtrace report --html` (its median runs' directories
 * do not exist: their pages are not made).
 */
#include <stdio.h>

#include "cmds.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	char path[512], page[512], dir[512];
	char *text[] = { "report", dir, NULL };
	char *json[] = { "report", "--json", dir, NULL };
	char *html[] = { "report", "--html", "-o", page, dir, NULL };

	ct_fuzz_quiet();
	snprintf(dir, sizeof(dir), "%s", ct_fuzz_dir());
	snprintf(path, sizeof(path), "%s/series.json", dir);
	snprintf(page, sizeof(page), "%s/page.html", dir);
	if (ct_fuzz_write_file(path, data, n) < 0)
		return 0;
	ct_cmd_report_any(2, text);
	ct_cmd_report_any(3, json);
	ct_cmd_html(5, html);
	fflush(stdout);
	return 0;
}
