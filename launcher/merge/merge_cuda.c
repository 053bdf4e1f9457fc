/*
 * merge_cuda.c -- the record's cuda{}: the verdict over every process of
 * the run, from libraries[] (not the tool's own), dlopen_failures[] and
 * imports[] already built.
 *
 * Verdict, first that holds: a driver stub mapped -> "driver-stub"; the
 * driver mapped -> "driver"; a driver request failed -> "driver-missing";
 * another CUDA library mapped -> "native-no-driver"; CUDA-named Python
 * modules imported -> "python-only"; else "none".  Never: a verdict from
 * module names alone when a library says more.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf/ct_elf.h"
#include "merge_int.h"

struct ct_cuda_acc {
	cJSON *modules, *libs, *attempts;
	const cJSON *stub, *driver;   /* library objects, borrowed */
	const cJSON *stub_proc, *driver_proc;  /* the images that loaded them */
	struct ct_map seen;           /* module names and library paths listed */
};

static const char *ct_jstr(const cJSON *o, const char *k)
{
	const cJSON *v = ct_jget(o, k);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* A dotted component that names CUDA: "torch.cuda.amp", "torch.backends.cudnn". */
static int ct_cuda_module(const char *mod)
{
	static const char *const words[] = { "cuda", "cudnn", "nccl", "cublas", "cufft",
					     "curand", "cusparse", "cusolver", "nvrtc",
					     "cupti", "nvtx", "cudart", "cutensor", "cudss",
					     "nvshmem", "cufile", "nvjpeg" };
	const char *p = mod;
	size_t i, n;

	if (!strstr(mod, "cu") && !strstr(mod, "nv") && !strstr(mod, "nccl"))
		return 0;   /* every word starts so: most modules stop here */
	while (p && *p) {
		n = strcspn(p, ".");
		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (n >= strlen(words[i]) && memmem(p, n, words[i], strlen(words[i])))
				return 1;
		p = p[n] ? p + n + 1 : NULL;
	}
	return 0;
}

static void ct_acc_once(struct ct_cuda_acc *a, cJSON *arr, const char *key, cJSON *item)
{
	if (ct_map_sget(&a->seen, key)) {
		cJSON_Delete(item);
		return;
	}
	if (ct_push(arr, item) == 0)
		ct_map_sput(&a->seen, key, arr);
}

static void ct_acc_imports(struct ct_cuda_acc *a, const cJSON *proc)
{
	const cJSON *imp;
	const char *mod;

	cJSON_ArrayForEach(imp, ct_jget(proc, "imports")) {
		mod = ct_jstr(imp, "module");
		if (mod && ct_cuda_module(mod))
			ct_acc_once(a, a->modules, mod, cJSON_CreateString(mod));
	}
}

static void ct_acc_libs(struct ct_cuda_acc *a, const cJSON *proc)
{
	const cJSON *lib;
	const char *cls, *path, *key;
	cJSON *o;

	cJSON_ArrayForEach(lib, ct_jget(proc, "libraries")) {
		cls = ct_jstr(lib, "cuda");
		path = ct_jstr(lib, "path");
		if (!cls || !path || cJSON_IsTrue(ct_jget(lib, "own")) ||
		    (ct_jstr(lib, "how") && !strcmp(ct_jstr(lib, "how"), "mapped-only")))
			continue;   /* a file mapped as data was never loaded */
		if (!strcmp(cls, "driver-stub") && !a->stub) {
			a->stub = lib;
			a->stub_proc = proc;
		}
		if ((!strcmp(cls, "driver") || !strcmp(cls, "driver-compat")) && !a->driver) {
			a->driver = lib;
			a->driver_proc = proc;
		}
		key = ct_jstr(lib, "realpath") ? ct_jstr(lib, "realpath") : path;
		o = cJSON_CreateObject();
		if (ct_add_str(o, "path", path) || ct_add_str(o, "class", cls)) {
			cJSON_Delete(o);
			continue;
		}
		ct_acc_once(a, a->libs, key, o);
	}
}

static void ct_attempt_add(struct ct_cuda_acc *a, const char *cls, const char *requested,
			   const char *how, const char *caller, const char *error)
{
	cJSON *o;

	if (!cls || strncmp(cls, "driver", 6))
		return;
	o = cJSON_CreateObject();
	if (ct_add_str(o, "requested", requested) || ct_add_str(o, "how", how) ||
	    ct_add_str(o, "caller", caller) || ct_add_str(o, "error", error))
		cJSON_Delete(o);
	else
		ct_push(a->attempts, o);
}

static void ct_acc_attempts(struct ct_cuda_acc *a, const cJSON *proc)
{
	const cJSON *f;

	cJSON_ArrayForEach(f, ct_jget(proc, "dlopen_failures"))
		ct_attempt_add(a, ct_jstr(f, "cuda"), ct_jstr(f, "requested"), "dlopen",
			       ct_jstr(f, "caller"), ct_jstr(f, "error"));
}

/* A driver the loader could not find for a program that never started. */
static void ct_acc_startup(struct ct_cuda_acc *a, const cJSON *startup)
{
	const cJSON *m;

	cJSON_ArrayForEach(m, ct_jget(startup, "missing"))
		ct_attempt_add(a, ct_jstr(m, "cuda"), ct_jstr(m, "name"), "DT_NEEDED",
			       ct_jstr(m, "needed_by"), "not found by the dynamic loader at "
			       "start-up: the program never ran");
}

static const char *ct_verdict(const struct ct_cuda_acc *a)
{
	if (a->stub)
		return "driver-stub";
	if (a->driver)
		return "driver";
	if (cJSON_GetArraySize(a->attempts))
		return "driver-missing";
	if (cJSON_GetArraySize(a->libs))
		return "native-no-driver";
	if (cJSON_GetArraySize(a->modules))
		return "python-only";
	return "none";
}

/* s with every `from` replaced by the first n bytes of to; malloc'd. */
static char *ct_replace_all(const char *s, const char *from, const char *to, size_t n)
{
	size_t flen = strlen(from), count = 0, out = 0;
	const char *p;
	char *r;

	for (p = s; (p = strstr(p, from)); p += flen)
		count++;
	r = malloc(strlen(s) + count * n + 1);
	if (!r)
		return NULL;
	for (p = s; *p;) {
		if (!strncmp(p, from, flen)) {
			memcpy(r + out, to, n);
			out += n;
			p += flen;
		} else {
			r[out++] = *p++;
		}
	}
	r[out] = 0;
	return r;
}

static int ct_dir_in_list(const char *dir, size_t n, const char *list)
{
	const char *p = list;
	size_t m;

	while (p && *p) {
		m = strcspn(p, ":");
		if (m == n && !strncmp(p, dir, n))
			return 1;
		p = p[m] ? p + m + 1 : NULL;
	}
	return 0;
}

/* Is dir (n bytes) an entry of the caller's RUNPATH/RPATH ($ORIGIN = the
 * caller's directory)? */
static int ct_dir_in_runpath(const char *dir, size_t n, const char *caller)
{
	struct ct_elf_info info;
	const char *slash = caller ? strrchr(caller, '/') : NULL;
	char *expanded = NULL;
	int hit = 0;

	if (!slash || ct_elf_inspect(caller, &info) < 0)
		return 0;
	if (info.runpath && strstr(info.runpath, "$ORIGIN")) {
		expanded = ct_replace_all(info.runpath, "$ORIGIN", caller, (size_t)(slash - caller));
		hit = expanded && ct_dir_in_list(dir, n, expanded);
	} else if (info.runpath) {
		hit = ct_dir_in_list(dir, n, info.runpath);
	}
	free(expanded);
	ct_elf_info_free(&info);
	return hit;
}

/* Where the loader found the driver: the search step whose directory
 * holds it, in the loader's order.  LD_LIBRARY_PATH is the merger's own,
 * inherited from the environment the traced command got. */
static const char *ct_search_step(const char *req, const char *path, const char *caller)
{
	const char *slash = path ? strrchr(path, '/') : NULL;
	size_t n = slash ? (size_t)(slash - path) : 0;

	if (req && strchr(req, '/'))
		return "the requested path itself";
	if (!slash)
		return "an unknown search step";
	if (ct_dir_in_list(path, n, getenv("LD_LIBRARY_PATH")))
		return "an LD_LIBRARY_PATH entry";
	if (ct_dir_in_runpath(path, n, caller))
		return "the caller's RUNPATH/RPATH";
	if (ct_dir_in_list(path, n, "/lib:/usr/lib:/lib64:/usr/lib64:"
			   "/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu"))
		return "the system search path (ld.so.cache / default directories)";
	return "LD_LIBRARY_PATH of the traced process or ld.so.cache (not the caller's "
	       "RUNPATH, not a system directory)";
}

static int ct_file_needs(const char *path, const char *name)
{
	struct ct_elf_info info;
	int hit;

	if (!path)
		return 0;
	hit = ct_elf_inspect(path, &info) == 0 && ct_elf_needs(info.needed, name);
	ct_elf_info_free(&info);
	return hit;
}

/* Which object linked at start-up names lib in DT_NEEDED: the program
 * first, then the start-up objects in the loader's order; NULL if none. */
static const char *ct_startup_requester(const cJSON *lib, const cJSON *proc)
{
	const char *want = ct_jstr(lib, "soname") ? ct_jstr(lib, "soname") : ct_jstr(lib, "path");
	const cJSON *l;

	if (!want)
		return NULL;
	want = strrchr(want, '/') ? strrchr(want, '/') + 1 : want;
	if (ct_file_needs(ct_jstr(proc, "exe"), want))
		return ct_jstr(proc, "exe");
	cJSON_ArrayForEach(l, ct_jget(proc, "libraries"))
		if (ct_jstr(l, "how") && !strcmp(ct_jstr(l, "how"), "startup") &&
		    ct_file_needs(ct_jstr(l, "path"), want))
			return ct_jstr(l, "path");
	return NULL;
}

/* From the loader's own account (--loader): its request, the object that
 * made it, the step that found the file.  0 when there is none. */
static int ct_how_found_audit(const cJSON *lib, char *out, size_t n)
{
	const cJSON *se = ct_jget(lib, "search");
	const char *path = ct_jstr(lib, "path"), *step = ct_jstr(se, "found_by");
	const char *slash = path ? strrchr(path, '/') : NULL, *who = ct_jstr(se, "requester");
	int dl = ct_jstr(lib, "how") && !strcmp(ct_jstr(lib, "how"), "dlopen");
	int tried = cJSON_GetArraySize(ct_jget(se, "candidates"));

	if (!step || !ct_jstr(se, "request"))
		return 0;
	snprintf(out, n, "%s\"%s\"%s %s; the loader found it through %s (%d candidate%s "
		 "tried): %.*s", dl ? "dlopen(" : "DT_NEEDED ", ct_jstr(se, "request"),
		 dl ? ") by" : " of", who ? who : "?", step, tried, tried == 1 ? "" : "s",
		 slash ? (int)(slash - path) : 0, path ? path : "");
	return 1;
}

static void ct_how_found(const cJSON *lib, const cJSON *proc, char *out, size_t n)
{
	const cJSON *rb = ct_jget(lib, "requested_by");
	const char *how = ct_jstr(lib, "how"), *path = ct_jstr(lib, "path");
	const char *req = ct_jstr(rb, "request"), *caller = ct_jstr(rb, "caller");
	const char *slash = path ? strrchr(path, '/') : NULL;

	if (ct_how_found_audit(lib, out, n))
		return;
	if (how && !strcmp(how, "startup")) {
		caller = ct_startup_requester(lib, proc);
		req = ct_jstr(lib, "soname") ? ct_jstr(lib, "soname") : slash ? slash + 1 : path;
		if (!caller) {
			snprintf(out, n, "linked at startup (LD_PRELOAD, or DT_NEEDED of an object "
				 "whose file no longer names it)");
			return;
		}
		snprintf(out, n, "linked at startup: DT_NEEDED \"%s\" of %s; found through %s: %.*s",
			 req, caller, ct_search_step(req, path, caller),
			 slash ? (int)(slash - path) : 0, path ? path : "");
		return;
	}
	snprintf(out, n, "%sdlopen(\"%s\") by %s; found through %s: %.*s",
		 how && !strcmp(how, "needed") ? "dependency pulled in by " : "",
		 req ? req : "?", caller ? caller : "?", ct_search_step(req, path, caller),
		 slash ? (int)(slash - path) : 0, path ? path : "");
}

static cJSON *ct_driver_json(const cJSON *lib, const cJSON *proc)
{
	cJSON *o = cJSON_CreateObject();
	char how[1024];

	ct_how_found(lib, proc, how, sizeof(how));
	if (ct_add_str(o, "path", ct_jstr(lib, "path")) ||
	    ct_add_str(o, "realpath", ct_jstr(lib, "realpath")) ||
	    ct_add_str(o, "class", ct_jstr(lib, "cuda")) || ct_add_str(o, "how_found", how)) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

static cJSON *ct_cuda_json(struct ct_cuda_acc *a)
{
	const cJSON *drv = a->stub ? a->stub : a->driver;
	const cJSON *drv_proc = a->stub ? a->stub_proc : a->driver_proc;
	const char *verdict = ct_verdict(a);
	cJSON *o = cJSON_CreateObject();

	if (ct_add_str(o, "verdict", verdict) ||
	    ct_take(o, "python_modules", &a->modules) || ct_take(o, "libraries", &a->libs) ||
	    ct_take(o, "driver_attempts", &a->attempts) ||
	    ct_add_item(o, "driver", drv ? ct_driver_json(drv, drv_proc) : cJSON_CreateNull())) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

cJSON *ct_cuda_verdict(const cJSON *processes, const cJSON *startup_failure)
{
	struct ct_cuda_acc a = { cJSON_CreateArray(), cJSON_CreateArray(),
				 cJSON_CreateArray(), NULL, NULL, NULL, NULL, { 0 } };
	const cJSON *proc;
	cJSON *o = NULL;

	if (a.modules && a.libs && a.attempts) {
		cJSON_ArrayForEach(proc, processes) {
			ct_acc_imports(&a, proc);
			ct_acc_libs(&a, proc);
			ct_acc_attempts(&a, proc);
		}
		ct_acc_startup(&a, startup_failure);
		o = ct_cuda_json(&a);
	}
	cJSON_Delete(a.modules);
	cJSON_Delete(a.libs);
	cJSON_Delete(a.attempts);
	ct_map_free(&a.seen);
	return o;
}
