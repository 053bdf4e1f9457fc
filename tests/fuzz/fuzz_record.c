/*
 * fuzz_record.c -- libFuzzer over the record reader: the input is a
 * record.json, read by `coldtrace report` (text and --json).
 */
#include <stdio.h>

#include "cmds.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	char path[512];
	char *text[] = { "report", path, NULL };
	char *json[] = { "report", "--json", path, NULL };

	ct_fuzz_quiet();
	snprintf(path, sizeof(path), "%s/record.json", ct_fuzz_dir());
	if (ct_fuzz_write_file(path, data, n) < 0)
		return 0;
	ct_cmd_report(2, text);
	ct_cmd_report(3, json);
	fflush(stdout);
	return 0;
}
