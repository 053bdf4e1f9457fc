/*
 * env.c -- the record's env{}: the variables that steer loading and
 * threading, so a diff can tell a difference the environment explains.
 *
 * Only the allowlist below, never the whole environment (it may hold
 * secrets).  LD_PRELOAD is kept without coldtrace's own objects: the
 * workload's view.  Unset is null.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "lib/json.h"

static const char *const ct_env_allow[] = {
	"LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV",
	"CONDA_PREFIX", "PATH", "CUDA_VISIBLE_DEVICES", "OMP_NUM_THREADS", "MKL_NUM_THREADS",
	"OPENBLAS_NUM_THREADS",
};

/* LD_PRELOAD's entries (separated by ':' or ' ') but libcoldtrace*;
 * NULL when none is left. */
static char *ct_env_preload(const char *v)
{
	size_t size = strlen(v) + 1, len;
	char *out = calloc(size, 1), *copy = strdup(v), *save = NULL, *tok, *base;

	for (tok = copy && out ? strtok_r(copy, ": ", &save) : NULL; tok;
	     tok = strtok_r(NULL, ": ", &save)) {
		base = strrchr(tok, '/');
		len = strlen(out);
		if (strncmp(base ? base + 1 : tok, "libcoldtrace", 12))
			snprintf(out + len, size - len, "%s%s", len ? ":" : "", tok);
	}
	free(copy);
	if (out && !out[0]) {
		free(out);
		out = NULL;
	}
	return out;
}

cJSON *ct_env_json(void)
{
	cJSON *o = cJSON_CreateObject();
	const char *v;
	char *pre;
	size_t i;

	for (i = 0; o && i < sizeof(ct_env_allow) / sizeof(ct_env_allow[0]); i++) {
		v = getenv(ct_env_allow[i]);
		if (v && !strcmp(ct_env_allow[i], "LD_PRELOAD")) {
			pre = ct_env_preload(v);
			ct_add_str(o, ct_env_allow[i], pre);
			free(pre);
		} else {
			ct_add_str(o, ct_env_allow[i], v);
		}
	}
	return o;
}
