/*
 * cols_imports.c -- the imports view's columns (cols.h): one row each,
 * read from an imports[] entry of the record (docs/record-processes.md),
 * in --json's order; at[] places it in the text report, the page, the
 * --markdown/--csv exports and among the diff's compared columns
 * (diff_imports.c, under ct_col_dkey, titled by its page header).  The
 * row's key columns (pid, module, the tree's depth, the page's result)
 * are the views' own.
 */
#include "cols.h"
#include "report.h"

static int64_t ct_col_us(const cJSON *row, const struct ct_col *c)
{
	return ct_rscaled(row, c->key, 1000);
}

/* Failed opens, stats and accesses, 0 when none is known. */
static int64_t ct_col_failed(const cJSON *row, const struct ct_col *c)
{
	const cJSON *nat = ct_rget(row, c->key);
	int64_t failed = 0;

	ct_radd(&failed, ct_rint(nat, "open_errors"));
	ct_radd(&failed, ct_rint(nat, "stat_errors"));
	ct_radd(&failed, ct_rint(nat, "access_errors"));
	return failed > 0 ? failed : 0;
}

static int64_t ct_col_mapped(const cJSON *row, const struct ct_col *c)
{
	return ct_rmapped(ct_rget(row, c->key));
}

/* id, text header, page header, unit, record key, failed key, text width,
 * read, unknown below 0, { text, page, export, diff } */
static const struct ct_col ct_imp_cols[] = {
	{ "self_ns", "self", "self", CT_CU_NS, "self_us", NULL, 9, ct_col_us, 0, { 1, 2, 2, 1 } },
	{ "cumulative_ns", "cumul", "cumulative", CT_CU_NS, "cumulative_us", NULL, 9, ct_col_us, 0,
	  { 2, 3, 3, 2 } },
	{ "kind", NULL, "kind", CT_CU_TEXT, "kind", NULL, 0, NULL, 0, { 0, 1, 1 } },
	{ "ok", NULL, NULL, CT_CU_BOOL, "ok", NULL, 0, NULL, 0, { 0, 0, 0 } },
	{ "libraries", ".so", ".so", CT_CU_COUNT, "native.libraries", NULL, 5, NULL, 0,
	  { 3, 6, 0 } },
	{ "dlopen_ns", NULL, "dlopen", CT_CU_NS, "native.dlopen_ns", NULL, 0, NULL, 0,
	  { 0, 4, 4 } },
	{ NULL, NULL, "file-system", CT_CU_NS, "native.fs_ns", NULL, 0, NULL, 0, { 0, 5, 0 } },
	{ "stats", "stats", "stats", CT_CU_COUNT, "native.stats", "native.stat_errors", 5, NULL, 0,
	  { 4, 8, 0 } },
	{ "opens", "opens", "opens", CT_CU_COUNT, "native.opens", "native.open_errors", 5, NULL, 0,
	  { 5, 7, 0 } },
	{ "failed_lookups", "failed", NULL, CT_CU_COUNT, "native", NULL, 6, ct_col_failed, 0,
	  { 6, 0, 0 } },
	{ "mapped_bytes", "mapped", "mapped", CT_CU_BYTES, "native", NULL, 8, ct_col_mapped, 0,
	  { 7, 9, 5 } },
	{ "objects_mapped_bytes", NULL, NULL, CT_CU_BYTES, "native.objects_mapped_bytes", NULL, 0,
	  ct_col_pos, 0, { 0, 0, 0 } },
	{ "major_faults", "majflt", NULL, CT_CU_COUNT, "major_faults", NULL, 6, NULL, 1,
	  { 8, 0, 6 } },
	{ NULL, NULL, "threads", CT_CU_COUNT, "native.threads", NULL, 0, NULL, 0, { 0, 10, 0 } },
	{ "init_ns", NULL, "initialisers", CT_CU_NS, "native.init_ns", NULL, 0, NULL, 1,
	  { 0, 11, 7 } },
};

const struct ct_coltab ct_cols_imports = { ct_imp_cols, sizeof(ct_imp_cols) / sizeof(ct_imp_cols[0]) };
