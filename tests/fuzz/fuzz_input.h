/*
 * fuzz_input.h -- turning a fuzzer's bytes into files the CLI reads.
 *
 * A .ctlog has its chunks at fixed 1 MiB offsets, too large for a fuzzer
 * to mutate whole, so inputs are compact: the log header's bytes, then per
 * chunk a 2-byte little-endian length and that many bytes, written at
 * chunk k's offset of a sparse file that ends where the last chunk's bytes
 * end (so truncation is exercised too).  "\nLOG" separates the logs of a
 * run (fuzz_merge).  tests/fuzz/mkseed.py writes real logs in this form.
 */
#ifndef CT_FUZZ_INPUT_H
#define CT_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

/* A scratch directory made once per fuzzer process. */
const char *ct_fuzz_dir(void);
/* Writes the compact log data[0..n) as the sparse .ctlog at path; -1 on an
 * I/O error (the input is then skipped). */
int ct_fuzz_write_log(const char *path, const uint8_t *data, size_t n);
/* Writes data[0..n) as the file at path. */
int ct_fuzz_write_file(const char *path, const uint8_t *data, size_t n);
/* Standard output to /dev/null, once: a report is not the fuzzer's log. */
void ct_fuzz_quiet(void);
/* Removes every file of the scratch directory. */
void ct_fuzz_clean(void);

#endif
