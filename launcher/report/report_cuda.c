/*
 * report_cuda.c -- the CUDA verdict in plain words, with its evidence:
 * CUDA-named modules, CUDA libraries by class, failed driver requests
 * (who asked), and for a loaded driver the chain from the requested name
 * to the file that was mapped.
 *
 * The verdict itself is the record's (merge_cuda.c decides it); this file
 * only explains it.  Never: a symlink step shown that is not true today --
 * the chain is re-read from the file system only while it still ends at
 * the recorded realpath, else just the recorded path and realpath.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/fmt.h"
#include "report.h"

static const char *ct_words(const char *v)
{
	static const char *const tab[][2] = {
		{ "none", "no CUDA at all: no CUDA-named Python module, no CUDA library, "
			  "the driver never requested" },
		{ "python-only", "CUDA-named Python modules only; no native CUDA library was mapped "
				 "and the driver (libcuda) was never requested" },
		{ "native-no-driver", "native CUDA libraries were mapped, but the driver (libcuda) "
				      "was never requested" },
		{ "driver-missing", "the CUDA driver (libcuda) was requested and NOT FOUND" },
		{ "driver-stub", "a CUDA driver STUB was loaded: the \"CUDA driver is a stub "
				 "library\" failure" },
		{ "driver", "the real CUDA driver was loaded" },
	};
	size_t i;

	for (i = 0; v && i < sizeof(tab) / sizeof(tab[0]); i++)
		if (!strcmp(v, tab[i][0]))
			return tab[i][1];
	return "this record has no CUDA verdict";
}

static const cJSON *ct_find_lib(const struct ct_rctx *c, const char *path)
{
	const cJSON *lib;
	size_t i;

	for (i = 0; path && i < c->nimg; i++)
		cJSON_ArrayForEach(lib, ct_rget(c->img[i].proc, "libraries"))
			if (ct_rstr(lib, "path") && !strcmp(ct_rstr(lib, "path"), path))
				return lib;
	return NULL;
}

/* path, each symlink target in turn, then the realpath. */
static void ct_chain_links(cJSON *chain, const char *path, const char *real)
{
	char cur[PATH_MAX], next[PATH_MAX], tmp[PATH_MAX], *r = realpath(path, NULL);
	ssize_t n;
	int i;

	snprintf(cur, sizeof(cur), "%s", path);
	for (i = 0; r && !strcmp(r, real) && i < 8; i++) {
		n = readlink(cur, tmp, sizeof(tmp) - 1);
		if (n <= 0)
			break;
		tmp[n] = '\0';
		if (tmp[0] == '/' || !strrchr(cur, '/'))
			snprintf(next, sizeof(next), "%s", tmp);
		else if (snprintf(next, sizeof(next), "%.*s/%s", (int)(strrchr(cur, '/') - cur), cur,
				  tmp) >= (int)sizeof(next))
			break;
		ct_push(chain, cJSON_CreateString(next));
		snprintf(cur, sizeof(cur), "%s", next);
	}
	if (strcmp(cur, real))
		ct_push(chain, cJSON_CreateString(real));
	free(r);
}

static cJSON *ct_driver_chain(const struct ct_rctx *c, const cJSON *drv)
{
	const char *path = ct_rstr(drv, "path"), *real = ct_rstr(drv, "realpath");
	const cJSON *rb = ct_rget(ct_find_lib(c, path), "requested_by");
	cJSON *chain = cJSON_CreateArray();
	char req[PATH_MAX + 64];

	if (!path)
		return chain;
	if (ct_rstr(rb, "request")) {
		snprintf(req, sizeof(req), "dlopen(\"%s\") by %s", ct_rstr(rb, "request"),
			 ct_rstr(rb, "caller") ? ct_rstr(rb, "caller") : "?");
		ct_push(chain, cJSON_CreateString(req));
	}
	ct_push(chain, cJSON_CreateString(path));
	if (real)
		ct_chain_links(chain, path, real);
	return chain;
}

/* The failed requests of the driver, with who asked: dlopen calls of
 * each image, and DT_NEEDED entries the loader could not satisfy. */
static cJSON *ct_attempts(const struct ct_rctx *c)
{
	cJSON *arr = cJSON_CreateArray(), *o;
	const cJSON *f;
	const char *cls;
	size_t i;

	for (i = 0; i < c->nimg; i++)
		cJSON_ArrayForEach(f, ct_rget(c->img[i].proc, "dlopen_failures")) {
			cls = ct_rstr(f, "cuda");
			if (!cls || strncmp(cls, "driver", 6))
				continue;
			o = cJSON_Duplicate(f, 1);
			ct_add_num(o, "pid", c->img[i].pid);
			ct_push(arr, o);
		}
	cJSON_ArrayForEach(f, ct_rget(ct_rget(c->rec, "cuda"), "driver_attempts"))
		if (ct_rstr(f, "how") && !strcmp(ct_rstr(f, "how"), "DT_NEEDED"))
			ct_push(arr, cJSON_Duplicate(f, 1));   /* never started */
	return arr;
}

static const char *ct_driver_version(const char *real)
{
	const char *b = ct_fmt_base(real), *v = strstr(b, ".so.");

	return v && v[4] ? v + 4 : NULL;
}

cJSON *ct_rsec_cuda(const struct ct_rctx *c)
{
	const cJSON *cuda = ct_rget(c->rec, "cuda"), *drv = ct_rget(cuda, "driver");
	cJSON *o = cJSON_CreateObject();
	const char *ver;

	ct_add_str(o, "verdict", ct_rstr(cuda, "verdict") ? ct_rstr(cuda, "verdict") :
				"unknown");
	ct_add_str(o, "words", ct_words(ct_rstr(cuda, "verdict")));
	ct_add_item(o, "python_modules",
			      cJSON_Duplicate(ct_rget(cuda, "python_modules"), 1));
	ct_add_item(o, "libraries", cJSON_Duplicate(ct_rget(cuda, "libraries"), 1));
	ct_add_item(o, "driver_attempts", ct_attempts(c));
	if (cJSON_IsObject(drv)) {
		ct_add_item(o, "driver", cJSON_Duplicate(drv, 1));
		ct_add_item(o, "chain", ct_driver_chain(c, drv));
		ver = ct_driver_version(ct_rstr(drv, "realpath"));
		ct_add_item(o, "driver_version", ver && strcmp(ct_rstr(drv, "class") ?
			ct_rstr(drv, "class") : "", "driver-stub") ? cJSON_CreateString(ver) :
			cJSON_CreateNull());
	}
	return o;
}
