/*
 * diff_libs.c -- shared objects: added and removed (a Python extension
 * module by its module, else by soname, else path), the same soname from another path or another file (size or
 * build-id), a change of how it came or who asked for it, resident size
 * changes, CUDA class changes, failed dlopens added or removed.
 *
 * coldtrace's own objects (own: true) are never part of the answer.
 */
#include <string.h>

#include "lib/fmt.h"
#include "lib/json.h"
#include "report/cols.h"
#include "diff.h"

/* A Python extension module is the module its import names, whichever
 * interpreter's file it is: "_ctypes (extension)" for
 * .../lib-dynload/_ctypes.cpython-311-x86_64-linux-gnu.so loaded by
 * `import _ctypes`.  Else the soname, else the path; NULL: none. */
static const char *ct_dlib_key(const cJSON *lib, char *buf, size_t n)
{
	const char *imp = ct_rstr(lib, "import"), *base = ct_fmt_base(ct_rstr(lib, "path"));
	const char *last = imp && strrchr(imp, '.') ? strrchr(imp, '.') + 1 : imp;
	size_t len = last ? strlen(last) : 0, blen = strlen(base);

	if (len && !strncmp(base, last, len) && base[len] == '.' && blen > 3 &&
	    !strcmp(base + blen - 3, ".so")) {
		snprintf(buf, n, "%s (extension)", imp);
		return buf;
	}
	return ct_rstr(lib, "soname") ? ct_rstr(lib, "soname") : ct_rstr(lib, "path");
}

static void ct_dlib_fill(struct ct_dkeys *k, const cJSON *proc, size_t irun, const char *arg)
{
	const cJSON *lib;
	const char *key;
	char buf[512];

	cJSON_ArrayForEach(lib, ct_rget(proc, arg)) {
		key = ct_dlib_key(lib, buf, sizeof(buf));
		if (key && !cJSON_IsTrue(ct_rget(lib, "own")))
			ct_dkeys_add(k, key, lib, irun, ct_dnum(lib, "rss_kb") * 1024);
	}
}

static void ct_dfail_fill(struct ct_dkeys *k, const cJSON *proc, size_t irun, const char *arg)
{
	const cJSON *f;
	const char *key;

	cJSON_ArrayForEach(f, ct_rget(proc, arg))
		if ((key = ct_rstr(f, "requested")))
			ct_dkeys_add(k, key, f, irun, 1);
}

static cJSON *ct_dlib_row(const struct ct_dent *e)
{
	const cJSON *rb = ct_rget(e->item, "requested_by");
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "key", e->key);
	ct_add_str(o, "path", ct_rstr(e->item, "path"));
	ct_add_str(o, "how", ct_rstr(e->item, "how"));
	ct_add_str(o, "request", ct_rstr(rb, "request"));
	ct_add_str(o, "caller", ct_rstr(rb, "caller"));
	ct_add_str(o, "import", ct_rstr(e->item, "import"));
	ct_add_str(o, "cuda", ct_rstr(e->item, "cuda"));
	return o;
}

static cJSON *ct_dfail_row(const struct ct_dent *e)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "requested", e->key);
	ct_add_str(o, "error", ct_rstr(e->item, "error"));
	ct_add_str(o, "caller", ct_rstr(e->item, "caller"));
	ct_add_str(o, "import", ct_rstr(e->item, "import"));
	return o;
}

static cJSON *ct_dfile(const cJSON *lib)
{
	cJSON *o = cJSON_CreateObject();

	ct_add_str(o, "path", ct_rstr(lib, "path"));
	ct_add_str(o, "realpath", ct_rstr(lib, "realpath"));
	ct_dadd_num(o, "size", ct_dnum(lib, "size"));
	ct_add_str(o, "build_id", ct_rstr(lib, "build_id"));
	return o;
}

/* "path": found elsewhere; "file": the same path, another file. */
static const char *ct_dmoved(const cJSON *a, const cJSON *b)
{
	if (!ct_dstreq(ct_rstr(a, "path"), ct_rstr(b, "path")) ||
	    !ct_dstreq(ct_rstr(a, "realpath"), ct_rstr(b, "realpath")))
		return "path";
	if (!ct_dstreq(ct_rstr(a, "build_id"), ct_rstr(b, "build_id")) ||
	    ct_dnum(a, "size") != ct_dnum(b, "size"))
		return "file";
	return NULL;
}

static cJSON *ct_dhow(const cJSON *lib)
{
	const cJSON *rb = ct_rget(lib, "requested_by");
	cJSON *o = cJSON_CreateObject();

	ct_add_str(o, "how", ct_rstr(lib, "how"));
	ct_add_str(o, "request", ct_rstr(rb, "request"));
	ct_add_str(o, "caller", ct_rstr(rb, "caller"));
	return o;
}

/* How a library came, as the text shows it: "dlopen (libm.so.6 by
 * _ctypes.so)"; the file names only (a path that moved is "moved"). */
static void ct_dhow_text(char *buf, size_t n, const cJSON *h)
{
	const char *req = ct_rstr(h, "request"), *caller = ct_rstr(h, "caller");

	snprintf(buf, n, "%s", ct_rstr(h, "how") ? ct_rstr(h, "how") : "?");
	if (req)
		snprintf(buf + strlen(buf), n - strlen(buf), " (%s by %s)", ct_fmt_base(req),
			 caller ? ct_fmt_base(caller) : "?");
}

/* Another way only when the two would print differently. */
static int ct_dhow_differs(const cJSON *a, const cJSON *b)
{
	cJSON *ha = ct_dhow(a), *hb = ct_dhow(b);
	char ta[600], tb[600];

	ct_dhow_text(ta, sizeof(ta), ha);
	ct_dhow_text(tb, sizeof(tb), hb);
	cJSON_Delete(ha);
	cJSON_Delete(hb);
	return strcmp(ta, tb) != 0;
}

static void ct_dpush_pair(cJSON *arr, const char *key, const char *what, cJSON *a, cJSON *b)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "key", key);
	if (what)
		cJSON_AddStringToObject(o, "what", what);
	ct_add_item(o, "a", a);
	ct_add_item(o, "b", b);
	ct_push(arr, o);
}

/* The libraries both sides have, compared one by one. */
static void ct_dlib_pairs(const struct ct_dkeys k[2], cJSON *o)
{
	cJSON *moved = cJSON_AddArrayToObject(o, "moved"), *how = cJSON_AddArrayToObject(o, "how");
	cJSON *cuda = cJSON_AddArrayToObject(o, "cuda");
	const cJSON *a, *b;
	const struct ct_dent *e;
	const char *what;
	size_t i;

	for (i = 0; i < k[0].n; i++) {
		if (!(e = ct_dkeys_get(&k[1], k[0].all[i]->key)))
			continue;
		a = k[0].all[i]->item;
		b = e->item;
		if ((what = ct_dmoved(a, b)))
			ct_dpush_pair(moved, e->key, what, ct_dfile(a), ct_dfile(b));
		if (ct_dhow_differs(a, b))
			ct_dpush_pair(how, e->key, NULL, ct_dhow(a), ct_dhow(b));
		if (!ct_dstreq(ct_rstr(a, "cuda"), ct_rstr(b, "cuda")))
			ct_dpush_pair(cuda, e->key, NULL, ct_dstr(ct_rstr(a, "cuda")),
				      ct_dstr(ct_rstr(b, "cuda")));
	}
}

static cJSON *ct_dfailures(const struct ct_dctx *c)
{
	struct ct_dkeys k[2];
	cJSON *o = cJSON_CreateObject();

	ct_dkeys_build(c, k, ct_dfail_fill, "dlopen_failures");
	ct_add_item(o, "added", ct_dkeys_only(&k[1], &k[0], ct_dfail_row));
	ct_add_item(o, "removed", ct_dkeys_only(&k[0], &k[1], ct_dfail_row));
	ct_dkeys_free2(k);
	return o;
}

cJSON *ct_dsec_libs(const struct ct_dctx *c)
{
	struct ct_dkeys k[2];
	cJSON *o = ct_dkeys_section(c, k, ct_dlib_fill, "libraries", ct_dlib_row);

	ct_dlib_pairs(k, o);
	ct_add_item(o, "rss", ct_dkeys_changes(c, k, "key", "bytes", c->o->rss_min_kb * 1024));
	ct_add_item(o, "dlopen_failures", ct_dfailures(c));
	ct_dkeys_free2(k);
	return o;
}

static void ct_dshow_lib(FILE *out, const cJSON *l)
{
	char line[1024];
	const char *imp = ct_rstr(l, "import"), *cuda = ct_rstr(l, "cuda");

	snprintf(line, sizeof(line), "%s  %s", ct_rstr(l, "key"), ct_rstr(l, "how") ?
		 ct_rstr(l, "how") : "?");
	if (ct_rstr(l, "request"))
		snprintf(line + strlen(line), sizeof(line) - strlen(line), ", requested as %s by %s",
			 ct_fmt_base(ct_rstr(l, "request")),
			 ct_rstr(l, "caller") ? ct_fmt_base(ct_rstr(l, "caller")) : "?");
	if (imp)
		snprintf(line + strlen(line), sizeof(line) - strlen(line), " (import %s)", imp);
	if (cuda)
		snprintf(line + strlen(line), sizeof(line) - strlen(line), " [cuda %s]", cuda);
	ct_fmt_wrap(out, 4, line);
}

static void ct_dshow_file(char *buf, size_t n, const cJSON *f, const char *what)
{
	char size[32];

	if (!strcmp(what, "path"))
		snprintf(buf, n, "%s", ct_rstr(f, "realpath") ? ct_rstr(f, "realpath") :
			 ct_rstr(f, "path") ? ct_rstr(f, "path") : "?");
	else
		snprintf(buf, n, "%s, build-id %.12s", ct_fmt_size(size, sizeof(size),
			 (int64_t)ct_rint(f, "size")), ct_rstr(f, "build_id") ?
			 ct_rstr(f, "build_id") : "-");
}

static void ct_dshow_moved(FILE *out, const cJSON *m)
{
	const char *what = ct_rstr(m, "what") ? ct_rstr(m, "what") : "path";
	char a[512], b[512], line[1200];

	ct_dshow_file(a, sizeof(a), ct_rget(m, "a"), what);
	ct_dshow_file(b, sizeof(b), ct_rget(m, "b"), what);
	snprintf(line, sizeof(line), "%s  same %s, different %s: %s -> %s", ct_rstr(m, "key"),
		 strstr(ct_rstr(m, "key") ? ct_rstr(m, "key") : "", " (extension)") ? "module" :
		 "soname", what, a, b);
	ct_fmt_wrap(out, 4, line);
}

static void ct_dshow_how(FILE *out, const cJSON *h)
{
	char a[600], b[600], line[1400];

	ct_dhow_text(a, sizeof(a), ct_rget(h, "a"));
	ct_dhow_text(b, sizeof(b), ct_rget(h, "b"));
	snprintf(line, sizeof(line), "%s  %s -> %s", ct_rstr(h, "key"), a, b);
	ct_fmt_wrap(out, 4, line);
}

static void ct_dshow_class(FILE *out, const cJSON *h)
{
	fprintf(out, "    %s  cuda %s -> %s\n", ct_rstr(h, "key"),
		ct_rstr(h, "a") ? ct_rstr(h, "a") : "none", ct_rstr(h, "b") ? ct_rstr(h, "b") : "none");
}

static void ct_dshow_fail(FILE *out, const cJSON *f)
{
	char line[1200];

	snprintf(line, sizeof(line), "%s: %s", ct_rstr(f, "requested"),
		 ct_rstr(f, "error") ? ct_rstr(f, "error") : "?");
	ct_fmt_wrap(out, 4, line);
}

void ct_dshow_libs(FILE *out, const cJSON *s)
{
	const cJSON *cnt = ct_rget(s, "count"), *f = ct_rget(s, "dlopen_failures");
	char note[64];
	int n = 0;

	snprintf(note, sizeof(note), "A %.0f, B %.0f (coldtrace's own left out)",
		 ct_dnum(cnt, "a"), ct_dnum(cnt, "b"));
	ct_fmt_heading(out, ct_section("libraries")->diff, note);
	n += ct_dshow_list(out, "added", ct_rget(s, "added"), ct_dshow_lib);
	n += ct_dshow_list(out, "removed", ct_rget(s, "removed"), ct_dshow_lib);
	n += ct_dshow_list(out, "same soname, other path or file", ct_rget(s, "moved"),
			   ct_dshow_moved);
	n += ct_dshow_list(out, "loaded another way", ct_rget(s, "how"), ct_dshow_how);
	n += ct_dshow_list(out, "CUDA class changed", ct_rget(s, "cuda"), ct_dshow_class);
	n += ct_dshow_changes(out, "resident size", ct_rget(s, "rss"), "key");
	n += ct_dshow_list(out, "failed dlopens added", ct_rget(f, "added"), ct_dshow_fail);
	n += ct_dshow_list(out, "failed dlopens removed", ct_rget(f, "removed"), ct_dshow_fail);
	ct_dshow_none(out, n);
}
