/*
 * json_print.c -- launcher/lib/json_print.c against cJSON_Print: the same
 * text for every JSON file named on the command line (the records, series
 * and diffs the tests made) and for a tree of the awkward cases built here
 * (escapes, control bytes, UTF-8, numbers cJSON prints three ways, NaN,
 * raw text, empty and nested containers), flat as cJSON_PrintUnformatted.
 * A text that is not UTF-8 is the one exception, by design: there the
 * printer's text must be valid UTF-8 and equal cJSON's once cJSON's is
 * put through the same rule (lib/utf8.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json.h"
#include "lib/readfile.h"

/* cJSON's text (malloc'd), with the rule of lib/utf8.h applied. */
static char *ct_cjson_text(const cJSON *j, int flat)
{
	char *raw = flat ? cJSON_PrintUnformatted(j) : cJSON_Print(j), *fixed;

	if (!raw || ct_utf8_valid(raw, strlen(raw)))
		return raw;
	fixed = ct_utf8_fix(raw);
	free(raw);
	return fixed;
}

static int ct_same_as(const cJSON *j, const char *what, int flat)
{
	char *a = ct_cjson_text(j, flat), *b = flat ? ct_json_print_flat(j) : ct_json_print(j);
	int same = a && b && strcmp(a, b) == 0 && ct_utf8_valid(b, strlen(b));

	if (!same)
		printf("json_print: differs from cJSON_Print%s: %s\n", flat ? "Unformatted" : "",
		       what);
	free(a);
	free(b);
	return same;
}

static int ct_same(const cJSON *j, const char *what)
{
	return ct_same_as(j, what, 0) & ct_same_as(j, what, 1);
}

static cJSON *ct_awkward(void)
{
	static const double nums[] = { 0, -0.0, 1, -7, 2147483647.0, 2147483648.0, 1e10,
				       0.1, 1.0 / 3, 3.14159, 1e300, -2.5e-300, 123456789.125 };
	cJSON *o = cJSON_CreateObject(), *arr = cJSON_CreateArray(), *inner = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "quote\"back\\slash", "tab\there\nnew \x01\x1f \x7f \xc3\xa9 \"q\"");
	cJSON_AddStringToObject(o, "not \xff UTF-8", "\xc3\x28 \xed\xa0\x80 \xf0\x9f\x98\x80 \xe2\x82");
	cJSON_AddStringToObject(o, "", "");
	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
		cJSON_AddItemToArray(arr, cJSON_CreateNumber(nums[i]));
	cJSON_AddItemToArray(arr, cJSON_CreateNumber(NAN));
	cJSON_AddItemToArray(arr, cJSON_CreateNumber(INFINITY));
	cJSON_AddItemToArray(arr, cJSON_CreateRaw("12345678901234567890"));
	cJSON_AddItemToArray(arr, cJSON_CreateObject());
	cJSON_AddItemToArray(arr, cJSON_CreateArray());
	cJSON_AddItemToArray(arr, cJSON_CreateNull());
	cJSON_AddItemToArray(arr, cJSON_CreateTrue());
	cJSON_AddItemToArray(arr, cJSON_CreateFalse());
	cJSON_AddItemToObject(inner, "deeper", cJSON_CreateArray());
	cJSON_AddItemToArray(cJSON_GetObjectItem(inner, "deeper"), cJSON_CreateObject());
	cJSON_AddItemToObject(inner, "empty", cJSON_CreateObject());
	cJSON_AddItemToArray(arr, inner);
	cJSON_AddItemToObject(o, "values", arr);
	return o;
}

int main(int argc, char **argv)
{
	cJSON *j = ct_awkward();
	int bad = !ct_same(j, "the built tree"), files = 0;

	cJSON_Delete(j);
	for (int i = 1; i < argc; i++) {
		char *text = ct_read_file(argv[i], NULL);

		j = text ? cJSON_Parse(text) : NULL;
		if (j) {
			files++;
			bad |= !ct_same(j, argv[i]);
		}
		cJSON_Delete(j);
		free(text);
	}
	printf("json_print: %d files and the built tree compared\n", files);
	return bad;
}
