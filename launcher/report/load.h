/*
 * load.h -- the report stage's public side: loading a run's record.json
 * and reading it without trusting its shape (report_load.c,
 * report_util.c), and the short report ct-launch prints.  export/ and the
 * stages built on records use this; report.h is report/'s own.
 */
#ifndef CT_REPORT_LOAD_H
#define CT_REPORT_LOAD_H

#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#define CT_REPORT_SCHEMA "coldtrace.report.v1"
/* The one line (ct_msg, exit 2) when two of report's outputs are asked for. */
#define CT_REPORT_ONE_OUTPUT "--json, --markdown, --csv and --html: one output at a time " \
	"(e.g. coldtrace report --markdown RUN_DIR >report.md)"

struct ct_ropts {
	int top;        /* rows per list (--top N) */
	int pid;        /* --pid PID, 0: every process */
	int libs;       /* --libs: every library */
	int json;
	int markdown, csv; /* --markdown, --csv: the tables (report_export.c) */
	int brief;      /* the short form ct-launch prints */
};

/* One process image (one processes[] entry). */
struct ct_rimage {
	const cJSON *proc;
	int pid;
};

struct ct_rctx {
	char dir[4096];         /* run directory */
	char path[4200];        /* the record.json read */
	cJSON *rec;
	const struct ct_ropts *o;
	struct ct_rimage *img;  /* every image, in record order */
	size_t nimg;
	size_t main;            /* the image with the most imports (then libraries) */
};

/* report_load.c: 0, or 2 after one "coldtrace: ..." line. */
int ct_report_load(struct ct_rctx *c, const char *arg);
void ct_report_free(struct ct_rctx *c);

/* Images a per-process section covers: --pid's, else all. */
int ct_rfocus(const struct ct_rctx *c, size_t i);
/* Images a one-image section covers (time, waiting, libraries, native
 * initialisation): --pid's, else the main image. */
int ct_rshown(const struct ct_rctx *c, size_t i);

/* report_count.c: processes (every process that ran -- each image that
 * no exec made, a pid or a namespace's inode used again being another
 * process, and each child in children[] without an image: a vfork child
 * that exec'd is the process of the image it became, counted once),
 * images (every program that ran: processes[] and execs without a log),
 * untraced (those execs), threads. */
struct ct_rcounts {
	int64_t processes, images, untraced, threads;
};
void ct_rcount(const struct ct_rctx *c, struct ct_rcounts *n);
/* The exec of p (an image or a children[] entry) that left no log: its
 * last execs[] entry when that has traced false; else NULL. */
const cJSON *ct_runtraced(const cJSON *p);

/* report_util.c: reading the record without trusting its shape. */
const cJSON *ct_rget(const cJSON *o, const char *key);
const char *ct_rstr(const cJSON *o, const char *key);   /* NULL unless a string */
/* The value at a dotted key ("proc.status.RssAnon_kb"); NULL when absent. */
const cJSON *ct_rpath(const cJSON *o, const char *dotted);
/* Numbers are trusted up to CT_RMAX (2^60: ns of 36 years): sums and
 * products of them saturate there, so no arithmetic on a record overflows. */
#define CT_RMAX ((int64_t)1 << 60)
int64_t ct_rint(const cJSON *o, const char *key);        /* -1 unless a number in range */
int64_t ct_rscaled(const cJSON *o, const char *key, int64_t k); /* value * k, -1 if < 0 */
/* An import's mapped memory (its "native" object): the lengths of its
 * mmap calls plus what the objects its dlopens brought in span
 * (mapped_bytes + objects_mapped_bytes, each 0 when absent). */
int64_t ct_rmapped(const cJSON *native);
const char *ct_rimage_name(const cJSON *proc);           /* basename of argv[0] or exe */
/* argv as one shell command line, quoted like shlex.join (copy-pastable); -1 if cut. */
int ct_rjoin_argv(const cJSON *argv, char *buf, size_t n);

/* report_inits.c: the objects (libraries[] entries) whose initialisers
 * dlopen d of proc ran, in the loader's order (constructors.order); their
 * count, the array in *out (malloc'd, NULL when none). */
size_t ct_rdl_inits(const cJSON *proc, const cJSON *d, const cJSON ***out);

/* The report as one JSON object, what --json prints (report.c): each
 * section's builder, so every view built on it says what the text says. */
cJSON *ct_report_sections(const struct ct_rctx *c);

/* The short form: overview, time split, top imports, libraries, CUDA.
 * 0, or 2 when the run cannot be read (one line on stderr). */
int ct_report_short(const char *rundir, FILE *out);

/* `report`'s options into o (top 0 when not given) and its one argument
 * (NULL: none); usage errors and --help are printed here.  -1 to go on,
 * else the exit status. */
int ct_report_opts(int argc, char **argv, struct ct_ropts *o, const char **run);

#endif
