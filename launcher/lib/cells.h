/*
 * cells.h -- one table cell as CSV or Markdown (lib/cells.c), for the
 * exports that paste into a pull request (`report`/`diff` --csv,
 * --markdown).
 */
#ifndef CT_CELLS_H
#define CT_CELLS_H

#include <stdio.h>
#include <cjson/cJSON.h>

/* A JSON value as a cell, into buf (n >= 32): a number as --json prints it
 * (ct_json_number_text), a string as is, a bool "yes"/"no", else "". */
void ct_cells_value(char *buf, size_t n, const cJSON *v);
/* s as one RFC 4180 field, quoted when it holds a comma, a quote or a line
 * break; then "," or, when last, the "\r\n" that ends the record. */
void ct_cells_csv(FILE *out, const char *s, int last);
/* "| s " with '|' escaped and line breaks as spaces; a row ends "|\n". */
void ct_cells_md(FILE *out, const char *s);
/* A Markdown delimiter row for n columns ("|---|---|\n"). */
void ct_cells_md_rule(FILE *out, size_t n);

#endif
