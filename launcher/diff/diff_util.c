/*
 * diff_util.c -- reading the two sides' records without trusting their
 * shape: a missing key or a value of the wrong type is "unknown" (NAN or
 * NULL), never a crash or a zero.
 */
#include <math.h>
#include <string.h>

#include "lib/json.h"
#include "diff.h"

double ct_dnum(const cJSON *o, const char *key)
{
	const cJSON *v = ct_rget(o, key);

	return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

double ct_dpath(const cJSON *o, const char *dotted)
{
	const cJSON *v = ct_rpath(o, dotted);

	return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

int ct_dstreq(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

cJSON *ct_dpair(const char *a, const char *b)
{
	cJSON *o = cJSON_CreateObject();

	ct_add_str(o, "a", a);
	ct_add_str(o, "b", b);
	return o;
}

void ct_dadd_num(cJSON *o, const char *k, double v)
{
	if (isnan(v))
		cJSON_AddNullToObject(o, k);
	else
		cJSON_AddNumberToObject(o, k, v);
}

cJSON *ct_dstr(const char *s)
{
	return s ? ct_str_json(s) : cJSON_CreateNull();
}
