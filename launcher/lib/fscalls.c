/*
 * fscalls.c -- a record's calls{} summed by the kind table's file classes:
 * the opens, stats, access checks and failed lookups of a series row.
 * Never: a kind picked by its name or value here (the table says which),
 * a figure read from anything but a number.
 */
#include "lib/fscalls.h"

int64_t ct_fscalls_sum(const cJSON *calls, enum ct_fs_class fs, const char *field)
{
	const struct ct_kind_info *ki;
	const cJSON *v;
	int64_t n = 0;
	int k;

	for (k = 1; k < CT_EV_KIND_MAX; k++) {
		ki = ct_kind(k);
		if (!ki->name || !ki->call || ki->fs == CT_FS_NONE || (fs != CT_FS_NONE && ki->fs != fs))
			continue;
		v = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(calls, ki->name),
						     field);
		if (cJSON_IsNumber(v) && v->valuedouble > 0)
			n += (int64_t)v->valuedouble;
	}
	return n;
}
