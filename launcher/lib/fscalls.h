/*
 * fscalls.h -- a record's calls{} summed by the kind table's file classes
 * (lib/fscalls.c).
 *
 * The groups every reader counts file calls by are the kind table's `fs`
 * column (common/ct_log.h): opens (CT_FS_OPEN), stats (CT_FS_STAT: the
 * path lookups without an open, readlink and realpath among them) and
 * access checks (CT_FS_ACCESS); a failed call of any of them is a failed
 * lookup.  The merger counts an import's native calls the same way
 * (merge_py.c, by ct_kind()).
 */
#ifndef CT_FSCALLS_H
#define CT_FSCALLS_H

#include <stdint.h>
#include <cjson/cJSON.h>

#include "ct_log.h"

/* calls{}[kind][field] ("count" or "errors") summed over the interposed
 * kinds of file class fs (enum ct_fs_class), or of every file class for
 * CT_FS_NONE; a missing or negative figure counts 0. */
int64_t ct_fscalls_sum(const cJSON *calls, enum ct_fs_class fs, const char *field);

#endif
