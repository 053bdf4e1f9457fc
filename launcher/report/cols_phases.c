/*
 * cols_phases.c -- the phases view's columns (cols.h): "where the time
 * went", one row per part of an image's time (a processes[].time.parts[]
 * entry of the record, docs/record-processes.md; the root's "untraced"
 * part is report_time.c's own), in --json's order; at[] places it in the
 * text report (the first on the part's line, each later one on a line of
 * its own below it), the page and the --markdown/--csv exports.  The
 * row's key columns (the image's pid, part, label, the share) are the
 * view's own.
 */
#include "cols.h"
#include "report.h"

/* The part's time off the CPU: ns - cpu_ns, floored at 0 (a part whose
 * CPU time is known lies on one thread); unknown (-1) while cpu_ns (c's
 * key) is. */
static int64_t ct_col_waiting(const cJSON *row, const struct ct_col *c)
{
	int64_t cpu = ct_col_int(row, c), ns = ct_rint(row, "ns");

	return cpu < 0 ? -1 : ns > cpu ? ns - cpu : 0;
}

/* id, text header, page header, unit, record key, failed key, text width,
 * read, unknown below 0, { text, page, export } */
static const struct ct_col ct_ph_cols[] = {
	{ "ns", "time", "time", CT_CU_NS, "ns", NULL, 9, ct_col_pos, 0, { 1, 1, 1 } },
	{ "cpu_ns", "of which on the CPU (thread CPU time)", NULL, CT_CU_NS, "cpu_ns", NULL, 9,
	  NULL, 1, { 2, 0, 2 } },
	{ "waiting_ns", "and off it: waiting, or runnable", NULL, CT_CU_NS, "cpu_ns", NULL, 9,
	  ct_col_waiting, 1, { 3, 0, 3 } },
};

const struct ct_coltab ct_cols_phases = { ct_ph_cols,
					  sizeof(ct_ph_cols) / sizeof(ct_ph_cols[0]) };
