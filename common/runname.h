/*
 * runname.h -- naming run directories (launcher and bare runs alike).
 */
#ifndef CT_RUNNAME_H
#define CT_RUNNAME_H

#include <stddef.h>
#include <stdint.h>

#define CT_LABEL_MAX 60

/* python3 -c 'import torch' -> "python3-import-torch"; never empty. */
void ct_runname_label(const char *const *argv, char *out, size_t size);
/* "20261130T164535.123Z" (UTC) */
void ct_runname_stamp(int64_t unix_ms, char *out, size_t size);

#endif
