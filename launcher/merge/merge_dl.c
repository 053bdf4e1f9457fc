/*
 * merge_dl.c -- dlopens[] and dlopen_failures[] of a process image.
 *
 * The shim writes, on the calling thread: the DLOPEN record, its DL_IO
 * (the call's major faults and storage bytes), then one LIB
 * record per object the call added (how dlopen/needed, all with one
 * sequence number), then the call's STACK record.  A dlopen made by an
 * initialiser while an outer dlopen is still loading (libGLdispatch's
 * dlopen(NULL) inside dlopen of torch._C, libcublasLt's dlopen of
 * libcuda.so.1) returns first: the shim gives it only the objects mapped
 * during it and leaves the outer call's to the outer diff.  A call the
 * process ended inside (err CT_DL_NO_RETURN, written at the end) is a
 * dlopen that did not return, listed with the failures too.  Never: an
 * object counted in two calls' new_objects.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf/cuda.h"
#include "merge_int.h"

struct ct_flag_name {
	int bit;
	const char *name;
};

/* "RTLD_NOW|RTLD_GLOBAL|RTLD_NODELETE"; unknown bits as "0x...". */
static void ct_dl_flags(int64_t flags, char *out, size_t n)
{
	static const struct ct_flag_name names[] = {
		{ 0x00100, "RTLD_GLOBAL" }, { RTLD_NOLOAD, "RTLD_NOLOAD" },
		{ 0x01000, "RTLD_NODELETE" }, { 0x00008, "RTLD_DEEPBIND" },
	};
	size_t i, len;
	int64_t rest = flags & ~(int64_t)0x1113 & ~(int64_t)0x0c;

	snprintf(out, n, "%s", (flags & 3) == 2 ? "RTLD_NOW" : (flags & 3) == 1 ? "RTLD_LAZY"
			       : (flags & 3) == 0 ? "0" : "RTLD_LAZY|RTLD_NOW");
	if (!(flags & 0x100))
		strncat(out, "|RTLD_LOCAL", n - strlen(out) - 1);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (flags & names[i].bit) {
			strncat(out, "|", n - strlen(out) - 1);
			strncat(out, names[i].name, n - strlen(out) - 1);
		}
	len = strlen(out);
	if (rest)
		snprintf(out + len, n - len, "|0x%llx", (unsigned long long)rest);
}

static cJSON *ct_dl_failure(struct ct_build *b, const struct ct_logrec *ev, const char *error)
{
	cJSON *o = cJSON_CreateObject();

	if (ct_add_str(o, "requested", ct_logrec_str(ev, 0)) ||
	    ct_add_str_or_null(o, "error", error) ||
	    ct_add_bool(o, "returned", ev->rec->err != CT_DL_NO_RETURN) ||
	    ct_add_str_or_null(o, "caller", ct_logrec_str(ev, 2)) ||
	    ct_add_int(o, "t_ns", (int64_t)ev->rec->t_ns) ||
	    ct_add_str(o, "import", ct_py_module(&b->py, ev->rec->import_id)) ||
	    ct_add_str(o, "cuda", ct_cuda_class(ct_logrec_str(ev, 0), NULL))) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

static long ct_dl_add(struct ct_build *b, const struct ct_logrec *ev, cJSON *obj)
{
	struct ct_dl_rec *d;

	if (CT_GROW(b->dls, b->dl_cap, b->ndl) < 0)
		return -1;
	d = &b->dls[b->ndl];
	*d = (struct ct_dl_rec){ ct_logrec_str(ev, 0), ct_logrec_str(ev, 2), ct_logrec_str(ev, 3),
				 obj, 0, ev->rec->err == CT_DL_NO_RETURN };
	return (long)b->ndl++;
}

/* dlerror()'s text, or what became of a call that did not return. */
static const char *ct_dl_error(const struct ct_logrec *ev, char *buf, size_t n)
{
	if (ev->rec->err != CT_DL_NO_RETURN)
		return ct_logrec_str(ev, 1);
	snprintf(buf, n, "did not return: the process ended inside this dlopen, %.2f ms "
		 "after the call (in an initialiser it ran)", (double)ev->rec->dur_ns / 1e6);
	return buf;
}

void ct_dl_feed(struct ct_build *b, const struct ct_logrec *ev)
{
	cJSON *o = cJSON_CreateObject();
	int ok = ev->rec->result != 0;
	int probe = (ev->rec->a0 & RTLD_NOLOAD) != 0;   /* asks "is it loaded?" only */
	char flags[160], ebuf[160];
	const char *error = ct_dl_error(ev, ebuf, sizeof(ebuf));

	ct_dl_flags(ev->rec->a0, flags, sizeof(flags));
	if (ct_push_or_drop(b->dlopens, o,
			    ct_add_str(o, "requested", ct_logrec_str(ev, 0)) ||
			    ct_add_str(o, "flags", flags) ||
			    ct_add_int_or_null(o, "lmid", ev->rec->a1, ev->rec->a1 >= 0) ||
			    ct_add_bool(o, "ok", ok) || ct_add_bool(o, "probe", probe) ||
			    ct_add_str_or_null(o, "path", ok ? ct_logrec_str(ev, 3) : NULL) ||
			    ct_add_str_or_null(o, "error", error) ||
			    ct_add_bool(o, "returned", ev->rec->err != CT_DL_NO_RETURN) ||
			    ct_add_str_or_null(o, "caller", ct_logrec_str(ev, 2)) ||
			    ct_add_int(o, "t_ns", (int64_t)ev->rec->t_ns) ||
			    ct_add_int(o, "dur_ns", (int64_t)ev->rec->dur_ns) ||
			    ct_add_int(o, "tid", ev->tid) ||
			    ct_add_int(o, "new_objects", 0) ||
			    ct_add_item(o, "major_faults", cJSON_CreateNull()) ||
			    ct_add_item(o, "read_bytes", cJSON_CreateNull()) ||
			    ct_add_str(o, "import", ct_py_module(&b->py, ev->rec->import_id)) ||
			    ct_add_item(o, "stack", cJSON_CreateNull())))
		return;
	b->last_obj[CT_EV_DLOPEN] = o;
	b->dl_cur = ct_dl_add(b, ev, o);
	b->dl_seq = -1;
	if (!ok && !probe)   /* "not loaded" is a probe's answer, not a failure */
		ct_push(b->failures, ct_dl_failure(b, ev, error));
}

static void ct_dl_set(cJSON *o, const char *key, int64_t v)
{
	cJSON *n;

	if (v < 0 || !(n = ct_int_json(v)))
		return;
	if (!cJSON_ReplaceItemInObjectCaseSensitive(o, key, n))
		cJSON_Delete(n);
}

/* DL_IO follows its DLOPEN on the same thread. */
void ct_dl_io(struct ct_build *b, const struct ct_logrec *ev)
{
	cJSON *o = b->last_obj[CT_EV_DLOPEN];

	if (!o)
		return;
	ct_dl_set(o, "major_faults", ev->rec->a0);
	ct_dl_set(o, "read_bytes", ev->rec->a1);
}

/* A LIB record on the thread of the last dlopen: one of its objects. */
void ct_dl_lib(struct ct_build *b, struct ct_lib_ev *le)
{
	if (b->dl_cur < 0 || (le->how != CT_LIB_DLOPEN && le->how != CT_LIB_NEEDED))
		return;
	if (b->dl_seq >= 0 && b->dl_seq != le->seq)
		return;
	b->dl_seq = le->seq;
	le->dl = b->dl_cur;
}

static const char *ct_dl_base(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;

	return slash ? slash + 1 : path;
}

/* By the request as given: the path itself, or its file name for a bare
 * name (the loader's search found it). */
static int ct_dl_names(const char *request, const char *path)
{
	if (!request || !*request || !path)
		return 0;
	return !strcmp(request, path) ||
	       (!strchr(request, '/') && !strcmp(request, ct_dl_base(path))) ||
	       !strcmp(ct_dl_base(request), ct_dl_base(path));
}

struct ct_dl_rec *ct_dl_unreturned(struct ct_build *b, const char *path, const char *realpath)
{
	for (size_t i = 0; i < b->ndl; i++)
		if (b->dls[i].unreturned && (ct_dl_names(b->dls[i].request, path) ||
					     ct_dl_names(b->dls[i].request, realpath)))
			return &b->dls[i];
	return NULL;
}

void ct_dl_attribute(struct ct_build *b)
{
	cJSON *n;
	size_t i;

	for (i = 0; i < b->libs.nevs; i++)
		if (b->libs.evs[i].dl >= 0)
			b->dls[b->libs.evs[i].dl].n++;
	for (i = 0; i < b->ndl; i++) {
		n = ct_int_json((int64_t)b->dls[i].n);
		if (n && !cJSON_ReplaceItemInObjectCaseSensitive(b->dls[i].obj, "new_objects", n))
			cJSON_Delete(n);
	}
}
