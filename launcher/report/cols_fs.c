/*
 * cols_fs.c -- the file-system calls view's columns (cols.h): one row
 * each, read from a calls.<kind> object of the record
 * (docs/record-processes.md) and summed over the focus processes by
 * report_fs.c, in --json's order; at[] places it in the text report and
 * the page (the exports leave the view out).  The diff compares each
 * under ct_col_dkey (diff_fs.c).  The row's key column (the call kind)
 * is the views' own.
 */
#include "cols.h"

/* id, text header, page header, unit, record key, failed key, text width,
 * read, unknown, { text, page, export } */
static const struct ct_col ct_fs_cols[CT_FS_N] = {
	[CT_FS_COUNT] = { "count", "count", "count", CT_CU_COUNT, "count", NULL, 9, NULL, 0,
			  { 1, 1, 0 } },
	[CT_FS_ERRORS] = { "errors", "errors", "failed", CT_CU_COUNT, "errors", NULL, 8, NULL, 0,
			   { 2, 2, 0 } },
	[CT_FS_TIME] = { "time_ns", "time", "time", CT_CU_NS, "time_ns", NULL, 11, NULL, 0,
			 { 3, 3, 0 } },
};

const struct ct_coltab ct_cols_fs = { ct_fs_cols, CT_FS_N };
