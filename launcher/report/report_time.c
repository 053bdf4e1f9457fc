/*
 * report_time.c -- "where the time went": one traced image's lifetime
 * split into native loading, Python imports, extension initialisation,
 * file-system calls and the rest.
 *
 * The split is the merger's (the record's processes[].time, method in
 * docs/record-processes.md); this section adds each part's words and, for
 * the root process, the launcher's wall time outside tracing.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "cols.h"
#include "report.h"

/* The words for each part the merger writes, in its order. */
static const char *ct_part_label(const char *part)
{
	static const char *const labels[][2] = {
		{ "native_loading", "native loading: dlopen (map, relocate, run initialisers)" },
		{ "dlopen_search_map", "dlopen: search and map the objects (--loader)" },
		{ "dlopen_relocation", "dlopen: relocation (symbol binding)" },
		{ "dlopen_constructors", "dlopen: the objects' initialisers (constructors)" },
		{ "python_imports", "Python imports: find, load, run module code" },
		{ "extension_init", "extension module init (PyInit_*, after its dlopen)" },
		{ "filesystem", "file-system calls outside dlopen (open/stat/access)" },
		{ "before_imports", "before the first import: interpreter start-up" },
		{ "after_imports", "after the last import: the program's own work, exit" },
		{ "program_work", "after the last import: the program's own work" },
		{ "atexit", "exit: atexit callbacks (Python atexit, C atexit/on_exit)" },
		{ "finalization", "exit: Python interpreter finalisation (modules, GC)" },
		{ "native_exit", "exit: static destructors and DT_FINI_ARRAY (_dl_fini)" },
		{ "untraced", "before and after tracing: exec, ld.so start-up, exit" },
	};
	size_t i;

	for (i = 0; i < sizeof(labels) / sizeof(labels[0]); i++)
		if (!strcmp(labels[i][0], part))
			return labels[i][1];
	return NULL;
}

/* A part's row: its key and words, then its ct_cols_phases columns read
 * from row (a time.parts[] entry, or one that holds only ns). */
static void ct_part(cJSON *parts, const char *key, const char *label, const cJSON *row)
{
	cJSON *o = cJSON_CreateObject();
	const struct ct_col *col;
	int bad = ct_add_str(o, "part", key) < 0 || ct_add_str(o, "label", label) < 0;

	for (col = ct_cols_phases.cols; !bad && col < ct_cols_phases.cols + ct_cols_phases.n; col++)
		bad = ct_add_item(o, col->id, ct_col_json(row, col)) < 0;
	if (bad)
		cJSON_Delete(o);
	else
		ct_push(parts, o);   /* deletes o when it fails */
}

/* The root's time outside tracing, a part the record does not hold. */
static void ct_part_untraced(cJSON *parts, int64_t outside)
{
	cJSON *row = cJSON_CreateObject();

	if (row && ct_add_num(row, "ns", (double)outside) == 0)
		ct_part(parts, "untraced", ct_part_label("untraced"), row);
	cJSON_Delete(row);
}

/* The record's parts with their words; "rest" says whether imports ran. */
static cJSON *ct_parts(const cJSON *time, int64_t outside)
{
	cJSON *parts = cJSON_CreateArray();
	const cJSON *p;
	const char *key, *label;
	int imports = 0;

	cJSON_ArrayForEach(p, ct_rget(time, "parts"))
		imports |= ct_rstr(p, "part") && !strcmp(ct_rstr(p, "part"), "before_imports");
	cJSON_ArrayForEach(p, ct_rget(time, "parts")) {
		key = ct_rstr(p, "part");
		if (!key)
			continue;
		label = !strcmp(key, "rest") ? (imports ? "the rest: code running between imports"
							: "the rest: the program's own work")
			: ct_part_label(key);
		if (label)
			ct_part(parts, key, label, p);
	}
	if (outside > 0)
		ct_part_untraced(parts, outside);
	return parts;
}

static cJSON *ct_time_image(const struct ct_rctx *c, size_t i)
{
	const struct ct_rimage *im = &c->img[i];
	const cJSON *time = ct_rget(im->proc, "time");
	int64_t wall = ct_rscaled(ct_rget(c->rec, "timing"), "wall_ms", 1000000);
	int64_t life = ct_rint(time, "traced_ns"), outside = 0;
	cJSON *o = cJSON_CreateObject();

	if (life < 0)
		life = 0;
	if (i == 0 && wall > life)
		outside = wall - life;
	ct_add_num(o, "pid", im->pid);
	ct_add_str(o, "process", ct_rimage_name(im->proc));
	ct_add_num(o, "traced_ns", (double)life);
	ct_add_num(o, "total_ns", (double)(life + outside));
	ct_add_item(o, "parts", ct_parts(time, outside));
	ct_rtime_ready(o, im->proc);
	return o;
}

cJSON *ct_rsec_time(const struct ct_rctx *c)
{
	return ct_rsec_images(c, ct_time_image,
		"dlopen = union of dlopen call intervals; file-system = calls outside them; "
		"imports = self time minus the dlopen and file-system time inside; "
		"relocation and initialisers are split only with --loader "
		"(dlopen_search_map, dlopen_relocation, dlopen_constructors)");
}

/* A part's row: its words, its first text column (cols_phases.c) with
 * the share and bar of that column's value; each later one, where known
 * and the part is worth it (1 ms or more), on a line of its own. */
static void ct_show_part(FILE *out, const cJSON *p, int64_t total)
{
	const struct ct_col *col = ct_col_at(&ct_cols_phases, CT_CV_TEXT, 1);
	char cell[32], pct[16], bar[32];
	int64_t ns = ct_rint(p, col->id);
	double f = total > 0 && ns > 0 ? (double)ns / (double)total : 0;
	int w = f < 1 ? (int)(20 * f) : 20;   /* a crafted record's part may exceed its total */
	int at;

	memset(bar, '#', (size_t)w);
	bar[w] = '\0';
	ct_col_text(cell, sizeof(cell), p, col);
	fprintf(out, "  %-58s %*s %6s  %s%s%s\n", ct_rstr(p, "label"), col->width, cell,
		ct_fmt_pct(pct, sizeof(pct), ns, total), ct_c(CT_C_CYAN), bar, ct_c(CT_C_OFF));
	for (at = 2; ns >= 1000000 && (col = ct_col_at(&ct_cols_phases, CT_CV_TEXT, at)); at++) {
		if (!cJSON_IsNumber(ct_rget(p, col->id)))
			continue;
		ct_col_text(cell, sizeof(cell), p, col);
		fprintf(out, "  %s  %-56s %*s%s\n", ct_c(CT_C_DIM), col->header, col->width, cell,
			ct_c(CT_C_OFF));
	}
}

/* Native loading not split (no --loader): how to split it. */
static void ct_show_loader_hint(FILE *out, const cJSON *s)
{
	const cJSON *img, *p;
	int64_t ns = 0;
	char ms[32];

	cJSON_ArrayForEach(img, ct_rget(s, "images"))
		cJSON_ArrayForEach(p, ct_rget(img, "parts"))
			if (ct_rstr(p, "part") && !strcmp(ct_rstr(p, "part"), "native_loading") &&
			    ct_rint(p, "ns") > ns)
				ns = ct_rint(p, "ns");
	if (ns > 0)
		fprintf(out, "  %srelocation vs initialisers: not seen; run with --loader to split "
			     "these %s%s\n", ct_c(CT_C_DIM), ct_fmt_ms(ms, sizeof(ms), ns), ct_c(CT_C_OFF));
}

void ct_rshow_time(FILE *out, const cJSON *s, const struct ct_rctx *c)
{
	const cJSON *img, *p;
	char note[160], a[32], b[32];
	int64_t total;

	(void)c;
	cJSON_ArrayForEach(img, ct_rget(s, "images")) {
		total = ct_rint(img, "total_ns");
		snprintf(note, sizeof(note), "pid %lld %s: %s traced of %s",
			 (long long)ct_rint(img, "pid"), ct_rstr(img, "process"),
			 ct_fmt_ms(a, sizeof(a), ct_rint(img, "traced_ns")), ct_fmt_ms(b, sizeof(b), total));
		ct_fmt_heading(out, "Where the time went", note);
		cJSON_ArrayForEach(p, ct_rget(img, "parts"))
			ct_show_part(out, p, total);
		ct_rshow_time_ready(out, img);
	}
	fprintf(out, "  %smethod: dlopen = union of dlopen calls; file-system = calls outside "
		     "them; imports =%s\n  %sself time minus dlopen and file-system time inside "
		     "it%s\n", ct_c(CT_C_DIM), ct_c(CT_C_OFF), ct_c(CT_C_DIM), ct_c(CT_C_OFF));
	ct_show_loader_hint(out, s);
}
