/*
 * json.h -- small cJSON helpers (lib/json.c).
 *
 * cJSON ownership passes only on success: every helper that takes an item
 * deletes it itself when adding fails, so callers never leak or double-free.
 *
 * Every ct_add_*, ct_push, ct_take and ct_rec_set returns 0 when it worked
 * and -1 when it failed.  Join them with || (evaluated in order, stopped at
 * the first failure), never with |: such a chain is nonzero when one failed.
 * An item made before its chain goes in through ct_push_or_drop or
 * ct_add_or_drop, which consume it even when the chain stopped early.
 */
#ifndef CT_JSON_H
#define CT_JSON_H

#include <stdint.h>
#include <cjson/cJSON.h>

#include "utf8.h"

cJSON *ct_int_json(int64_t v);     /* exact: raw text beyond 2^53 */
cJSON *ct_str_json(const char *s); /* invalid UTF-8 bytes become U+FFFD */
int ct_add_int(cJSON *o, const char *k, int64_t v);
int ct_add_int_or_null(cJSON *o, const char *k, int64_t v, int known);
int ct_add_str(cJSON *o, const char *k, const char *v);   /* NULL -> null */
int ct_add_str_or_null(cJSON *o, const char *k, const char *v); /* "" -> null */
int ct_add_bool(cJSON *o, const char *k, int v);
int ct_add_null(cJSON *o, const char *k);
/* A double, as cJSON_AddNumberToObject: for trees read back before printing
 * (the report's sections), where ct_add_int's raw text cannot be read. */
int ct_add_num(cJSON *o, const char *k, double v);
/* o's member k, as cJSON_GetObjectItemCaseSensitive finds it. */
cJSON *ct_jget(const cJSON *o, const char *k);
int ct_add_item(cJSON *o, const char *k, cJSON *item);   /* deletes on failure */
int ct_push(cJSON *arr, cJSON *item);                    /* deletes on failure */
/* As ct_push and ct_add_item when failed is 0 (the chain of adds that
 * filled item worked); otherwise item is deleted and -1 returned. */
int ct_push_or_drop(cJSON *arr, cJSON *item, int failed);
int ct_add_or_drop(cJSON *o, const char *k, cJSON *item, int failed);
/* Moves *item into o[k] and sets *item NULL; *item's owner keeps it when
 * a chain stops before the move. */
int ct_take(cJSON *o, const char *k, cJSON **item);
/* Sets rec[k] = item, replacing; deletes item on failure.  0 or -1. */
int ct_rec_set(cJSON *rec, const char *k, cJSON *item);
cJSON *ct_split_json(const char *joined, char sep);       /* array of strings */
/* k as ct_add_str, and when v is not UTF-8 also "<k>_bytes": v's exact
 * bytes escaped (lib/utf8.h).  0 or -1. */
int ct_add_bytes(cJSON *o, const char *k, const char *v);
/* k as ct_split_json(joined, sep), and "<k>_bytes" the same way. */
int ct_add_split(cJSON *o, const char *k, const char *joined, char sep);
/* k: the NULL-terminated strings v (NULL: []), and "<k>_bytes" the same way. */
int ct_add_strv(cJSON *o, const char *k, char *const *v);

/* json_print.c: cJSON_Print's text (malloc'd), made faster, every string
 * by the rule of lib/utf8.h; NULL on failure.  _flat: cJSON_PrintUnformatted's. */
char *ct_json_print(const cJSON *item);
char *ct_json_print_flat(const cJSON *item);
/* A number as ct_json_print writes it, into text (n >= 32). */
void ct_json_number_text(double d, char *text, size_t n);

#endif
