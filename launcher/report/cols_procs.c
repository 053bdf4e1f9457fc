/*
 * cols_procs.c -- the processes view's columns (cols.h): one row each,
 * read from a processes[] entry of the record (an image,
 * docs/record-processes.md), in --json's order; at[] places it in the
 * text report's tree line (report_tree.c).  The view is a tree, not a
 * table: the page draws images as timeline blocks and the exports leave
 * them out, so those places are 0.  The node's key columns (how, pid,
 * process, exit) and its threads[] and children[] are the tree's own.
 * Its threads by time off the CPU ("Waiting", report_wait.c): a table of
 * their own, one row per threads[] entry with a CPU record; the text's
 * first cell ("tid name") and the top wait are that section's own.
 */
#include "cols.h"
#include "report.h"

/* The image's traced lifetime, end_ns - start_ns. */
static int64_t ct_col_life(const cJSON *row, const struct ct_col *c)
{
	(void)c;
	return ct_rint(row, "end_ns") - ct_rint(row, "start_ns");
}

static int64_t ct_col_count(const cJSON *row, const struct ct_col *c)
{
	return cJSON_GetArraySize(ct_rget(row, c->key));
}

/* id, text header (the tree's noun after the value), page header, unit,
 * record key, failed key, text width, read, unknown, { text, page, export } */
static const struct ct_col ct_proc_cols[] = {
	{ "life_ns", NULL, NULL, CT_CU_NS, "end_ns", NULL, 0, ct_col_life, 0, { 1, 0, 0 } },
	{ "thread_count", "thread", NULL, CT_CU_COUNT, "threads", NULL, 0, ct_col_count, 0,
	  { 2, 0, 0 } },
};

/* id, text header, page header, unit, record key, failed key, text width,
 * read, unknown, { text, page, export } */
static const struct ct_col ct_thread_cols[] = {
	{ "tid", NULL, NULL, CT_CU_COUNT, "tid", NULL, 0, NULL, 0, { 0, 0, 0 } },
	{ "life_ns", "life", NULL, CT_CU_NS, "life_ns", NULL, 9, NULL, 0, { 1, 0, 0 } },
	{ "cpu_ns", "CPU", NULL, CT_CU_NS, "cpu_ns", NULL, 9, NULL, 0, { 2, 0, 0 } },
	{ "runqueue_ns", "run queue", NULL, CT_CU_NS, "runqueue_ns", NULL, 9, NULL, 0,
	  { 3, 0, 0 } },
	{ "off_cpu_ns", "off-CPU", NULL, CT_CU_NS, "off_cpu_ns", NULL, 9, NULL, 0, { 4, 0, 0 } },
};

const struct ct_coltab ct_cols_procs = { ct_proc_cols,
					 sizeof(ct_proc_cols) / sizeof(ct_proc_cols[0]) };
const struct ct_coltab ct_cols_threads = { ct_thread_cols,
					   sizeof(ct_thread_cols) / sizeof(ct_thread_cols[0]) };
