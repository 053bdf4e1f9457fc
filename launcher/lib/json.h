/*
 * json.h -- small cJSON helpers (lib/json.c).
 *
 * cJSON ownership passes only on success: every helper that takes an item
 * deletes it itself when adding fails, so callers never leak or double-free.
 */
#ifndef CT_JSON_H
#define CT_JSON_H

#include <stdint.h>
#include <cjson/cJSON.h>

cJSON *ct_int_json(int64_t v);     /* exact: raw text beyond 2^53 */
cJSON *ct_str_json(const char *s); /* invalid UTF-8 bytes become U+FFFD */
/* k, or less: s cut to that many bytes (s has more) ends on a whole UTF-8
 * sequence, so text cut for a width or a buffer stays valid UTF-8 */
size_t ct_utf8_cut(const char *s, size_t k);
int ct_add_int(cJSON *o, const char *k, int64_t v);
int ct_add_int_or_null(cJSON *o, const char *k, int64_t v, int known);
int ct_add_str(cJSON *o, const char *k, const char *v);   /* NULL -> null */
int ct_add_str_or_null(cJSON *o, const char *k, const char *v); /* "" -> null */
int ct_add_bool(cJSON *o, const char *k, int v);
int ct_add_item(cJSON *o, const char *k, cJSON *item);   /* deletes on failure */
int ct_push(cJSON *arr, cJSON *item);                    /* deletes on failure */
/* Sets rec[k] = item, replacing; deletes item on failure.  0 or -1. */
int ct_rec_set(cJSON *rec, const char *k, cJSON *item);
cJSON *ct_split_json(const char *joined, char sep);       /* array of strings */

/* json_print.c: cJSON_Print's text (malloc'd), made faster; NULL on failure. */
char *ct_json_print(const cJSON *item);
/* A number as ct_json_print writes it, into text (n >= 32). */
void ct_json_number_text(double d, char *text, size_t n);

#endif
