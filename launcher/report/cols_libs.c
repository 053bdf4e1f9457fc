/*
 * cols_libs.c -- the shared-objects view's columns (cols.h): the objects'
 * (a libraries[] entry of the record, docs/record-processes.md; --json
 * copies its value) and their groups by request (summed by
 * report_libs.c), one row each in --json's order; at[] places it in the
 * text report, the page and the --markdown/--csv exports.  The rows' key
 * columns (pid; a group's request, caller and import; the page's "how
 * found") are the views' own.
 */
#include "cols.h"

/* id, text header (negative width: left-aligned), page header, unit,
 * record key, failed key, text width, read, unknown, { text, page, export }.
 * The page's script fills "requested by" in by its cell (page.js: cells[3],
 * after the pid): moving it on the page means changing the script too. */
static const struct ct_col ct_lib_cols[] = {
	{ "path", "path", "path", CT_CU_PATH, "path", NULL, 57, NULL, 0, { 5, 1, 0 } },
	{ "how", "how", "how", CT_CU_TEXT, "how", NULL, -7, NULL, 0, { 3, 2, 0 } },
	{ NULL, NULL, "requested by (request &larr; caller)", CT_CU_PATH, "requested_by", NULL, 0,
	  NULL, 1, { 0, 3, 0 } },
	{ "import", NULL, "import", CT_CU_TEXT, "import", NULL, 0, NULL, 1, { 0, 4, 0 } },
	{ "cuda", "cuda", "CUDA", CT_CU_TEXT, "cuda", NULL, -11, NULL, 1, { 4, 7, 0 } },
	{ "size", "size", "size", CT_CU_BYTES, "size", NULL, 9, NULL, 0, { 2, 5, 0 } },
	{ "rss_kb", "resident", "resident", CT_CU_KIB, "rss_kb", NULL, 9, NULL, 0, { 1, 6, 0 } },
};

/* A group's columns: counted by how (key NULL), or the key summed over
 * the group's libraries[] (size, rss_kb) or its dlopens[] (read_bytes,
 * major_faults; unknown when no call knew it). */
static const struct ct_col ct_lgroup_cols[CT_LG_N] = {
	[CT_LG_NAMED] = { "named", "named", NULL, CT_CU_COUNT, NULL, NULL, 5, NULL, 0, { 1, 0, 0 } },
	[CT_LG_NEEDED] = { "needed", "needed", NULL, CT_CU_COUNT, NULL, NULL, 6, NULL, 0,
			   { 2, 0, 0 } },
	[CT_LG_BYTES] = { "bytes", "size", NULL, CT_CU_BYTES, "size", NULL, 9, NULL, 0, { 3, 0, 1 } },
	[CT_LG_RSS] = { "rss_kb", "resident", NULL, CT_CU_KIB, "rss_kb", NULL, 9, NULL, 0,
			{ 4, 0, 2 } },
	[CT_LG_READ] = { "read_bytes", "read", NULL, CT_CU_BYTES, "read_bytes", NULL, 9, NULL, 1,
			 { 5, 0, 3 } },
	[CT_LG_MAJFLT] = { "major_faults", NULL, NULL, CT_CU_COUNT, "major_faults", NULL, 0, NULL,
			   1, { 0, 0, 4 } },
};

const struct ct_coltab ct_cols_libs = { ct_lib_cols, sizeof(ct_lib_cols) / sizeof(ct_lib_cols[0]) };
const struct ct_coltab ct_cols_libgroups = { ct_lgroup_cols, CT_LG_N };
