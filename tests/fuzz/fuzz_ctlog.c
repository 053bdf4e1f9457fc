/*
 * fuzz_ctlog.c -- libFuzzer over the .ctlog reader (launcher/lib/ctlog_read.c):
 * open, validate, iterate every record and touch every string.
 */
#include <stdio.h>
#include <string.h>

#include "lib/ctlog_read.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct ct_logfile_iter it;
	struct ct_logfile lg;
	struct ct_logrec ev;
	char path[512];
	size_t sum = 0;
	int i;

	snprintf(path, sizeof(path), "%s/1.1.ctlog", ct_fuzz_dir());
	if (ct_fuzz_write_log(path, data, n) < 0)
		return 0;
	if (ct_logfile_open(&lg, path) == 0) {
		ct_logfile_iter_init(&it, &lg);
		while (ct_logfile_next(&it, &ev))
			for (i = 0; i < ev.nstr; i++)
				sum += strlen(ct_logrec_str(&ev, i));
	}
	ct_logfile_close(&lg);
	return sum == (size_t)-1;
}
