/*
 * fmt.h -- units, truncation and colour for the report's human output.
 *
 * Every helper writes into a caller's buffer and always NUL-terminates it;
 * colour codes are only ever produced after ct_fmt_colour_init() found a
 * terminal, so a report piped to a file or a test never carries escapes.
 */
#ifndef CT_FMT_H
#define CT_FMT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CT_FMT_WIDTH 100   /* the width when neither COLUMNS nor a terminal says one */

/* The columns text output may use: $COLUMNS when it is a number of at
 * least 40, else the width of the terminal on stdout (TIOCGWINSZ, at
 * least 40), else CT_FMT_WIDTH.  Read once. */
int ct_fmt_cols(void);
/* The columns s takes (UTF-8: one per character). */
size_t ct_fmt_len(const char *s);

enum ct_colour { CT_C_OFF, CT_C_BOLD, CT_C_DIM, CT_C_RED, CT_C_GREEN, CT_C_YELLOW, CT_C_CYAN };

/* Colour on when out is a terminal and NO_COLOR is unset. */
void ct_fmt_colour_init(FILE *out);
/* The escape for c, or "" when colour is off. */
const char *ct_c(enum ct_colour c);

/* "714 ms", "3.2 ms", "0.04 ms"; "-" when ns < 0 (unknown). */
char *ct_fmt_ms(char *buf, size_t n, int64_t ns);
/* "812 KiB", "1.3 MiB", "2.10 GiB"; "-" when bytes < 0. */
char *ct_fmt_size(char *buf, size_t n, int64_t bytes);
/* "37%" of whole (one decimal below 10%); "-" when whole <= 0. */
char *ct_fmt_pct(char *buf, size_t n, int64_t part, int64_t whole);
/* v in unit ("ns", "bytes", else a count) as above, with its sign when
 * sign is set ("+3.1 ms", "-12 KiB"); "-" when v is NAN (unknown). */
char *ct_fmt_value(char *buf, size_t n, double v, const char *unit, int sign);
/* s (a path, a name, a command) in at most width columns, the one way every
 * name is shortened: Python ABI tags dropped first ("_ctypes.cpython-311-
 * x86_64-linux-gnu.so" -> "_ctypes.so"), then the middle, keeping the start
 * and the end (the file name): "/usr/lib/python3...torch/lib/libtorch_cpu.so". */
char *ct_fmt_cut(char *buf, size_t n, const char *s, size_t width);
/* v with at most 3 significant digits (never fewer than its integer
 * digits): "472", "17.0", "3.14", "0.28"; "-" when v is NAN. */
char *ct_fmt_num3(char *buf, size_t n, double v);
/* v of unit ("ns", "ms", "us", "KiB", "bytes"; else a count) in the unit that
 * reads best, with ct_fmt_num3() digits: "0.28 ms", "1.36 s", "472 MiB". */
char *ct_fmt_unit3(char *buf, size_t n, double v, const char *unit);
/* argv as a shell would take it back: words quoted where needed
 * ("/usr/bin/python3 -c 'import torch'"); at most n - 1 bytes. */
char *ct_fmt_argv(char *buf, size_t n, const char *const *argv, size_t argc);

/* The last path component. */
const char *ct_fmt_base(const char *path);
/* "SIGABRT (signal 6)"; "signal 70" for a number without a name. */
char *ct_fmt_signal(char *buf, size_t n, long long sig);

/* text on lines of at most ct_fmt_cols() columns, each starting with
 * indent spaces; breaks at spaces (a longer word gets a line of its own). */
void ct_fmt_wrap(FILE *out, int indent, const char *text);
/* The same with label (shorter than indent) at the head of the first line. */
void ct_fmt_hang(FILE *out, const char *label, int indent, const char *text);

/* A section title line, underlined by colour only. */
void ct_fmt_heading(FILE *out, const char *title, const char *note);

#endif
