/*
 * fuzz_merge.c -- libFuzzer over the merger: the input is one or more
 * compact logs ("\nLOG" between them) of one run directory, merged into a
 * record the way `coldtrace merge` does, then printed.
 */
#include <stdio.h>
#include <string.h>

#include "lib/arena.h"
#include "fuzz_input.h"
#include "merge/merge.h"

#define CT_FUZZ_SEP "\nLOG"
#define CT_FUZZ_MAX_LOGS 8

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

static void ct_fuzz_logs(const uint8_t *data, size_t n)
{
	const uint8_t *end = data + n, *sep;
	char path[512];
	int k;

	for (k = 0; k < CT_FUZZ_MAX_LOGS && data <= end; k++) {
		sep = memmem(data, (size_t)(end - data), CT_FUZZ_SEP, 4);
		snprintf(path, sizeof(path), "%s/%d.%d.ctlog", ct_fuzz_dir(), 100 + k % 3, k);
		ct_fuzz_write_log(path, data, (size_t)((sep ? sep : end) - data));
		if (!sep)
			break;
		data = sep + 4;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	cJSON *rec;
	char *text;

	ct_fuzz_clean();
	ct_fuzz_logs(data, n);
	ct_arena_begin();
	rec = cJSON_CreateObject();
	if (rec && ct_merge_run(ct_fuzz_dir(), rec, -1) == 0) {
		text = cJSON_PrintUnformatted(rec);
		cJSON_free(text);
	}
	cJSON_Delete(rec);
	ct_arena_end();
	return 0;
}
