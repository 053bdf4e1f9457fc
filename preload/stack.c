/*
 * stack.c -- call sites of chosen events, by libunwind, symbolised in place.
 *
 * libunwind exports _Unwind_* and a weak `backtrace`: in the global scope
 * they would capture the host's C++ exceptions and glibc's backtrace().  It
 * is therefore opened privately (RTLD_LOCAL), on the first stack wanted,
 * and only unw_backtrace is looked up in it.  Its objects are reported as
 * coldtrace's own.
 */
#include <dlfcn.h>
#include <link.h>
#include <string.h>
#include "ct.h"
#include "search.h"

#define CT_FRAMES 24
#define CT_SKIP 8      /* at most this many frames of coldtrace's own */

static int (*ct_unw_backtrace)(void **, int);
static int ct_unw_failed;
static unsigned ct_stack_mask;

enum { CT_SK_DLOPEN = 1, CT_SK_THREAD = 2, CT_SK_FILE = 4, CT_SK_MMAP = 8,
       CT_SK_PROC = 16 };

static unsigned ct_stack_class(int kind)
{
	if (kind == CT_EV_DLOPEN)
		return CT_SK_DLOPEN;
	if (kind == CT_EV_THREAD_CREATE)
		return CT_SK_THREAD;
	if (kind >= CT_EV_OPEN && kind <= CT_EV_ACCESS)
		return CT_SK_FILE;
	if (kind == CT_EV_MMAP || kind == CT_EV_MUNMAP)
		return CT_SK_MMAP;
	return kind >= CT_EV_FORK && kind <= CT_EV_SYSTEM ? CT_SK_PROC : 0;
}

static unsigned ct_stack_word(const char *w, size_t n)
{
	static const struct { const char *name; unsigned bits; } words[] = {
		{ "dlopen", CT_SK_DLOPEN }, { "thread", CT_SK_THREAD },
		{ "file", CT_SK_FILE }, { "mmap", CT_SK_MMAP },
		{ "process", CT_SK_PROC }, { "all", ~0u }, { "none", 0 },
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i].name) == n && strncmp(words[i].name, w, n) == 0)
			return words[i].bits;
	ct_debug("COLDTRACE_STACKS: unknown word ignored", w);
	return 0;
}

/* "dlopen,thread" (default), "all", "none" or any comma list of the words
 * dlopen, thread, file, mmap, process. */
void ct_stack_init(const char *spec)
{
	const char *p = spec ? spec : "dlopen,thread";

	ct_stack_mask = 0;
	while (*p) {
		size_t n = strcspn(p, ",");

		ct_stack_mask |= ct_stack_word(p, n);
		p += n + (p[n] == ',');
	}
}

static int ct_stack_wanted(int kind)
{
	return (ct_stack_mask & ct_stack_class(kind)) != 0;
}

static int ct_unwind_load(void)
{
	void *h;

	if (ct_unw_backtrace || ct_unw_failed)
		return ct_unw_backtrace != NULL;
	h = ct_dl_plain(&(struct ct_dlreq){ "libunwind.so.8", RTLD_LAZY | RTLD_LOCAL, -1, NULL },
			"libunwind.so.8");
	if (h)
		ct_unw_backtrace = (int (*)(void **, int))dlsym(h, "unw_backtrace");
	ct_unw_failed = !ct_unw_backtrace;
	ct_libs_own(h, "libunwind.so.8");
	if (ct_unw_failed)
		ct_debug("libunwind unavailable, no stacks", dlerror());
	return !ct_unw_failed;
}

static char *ct_hex(uintptr_t v, char *end)
{
	*--end = '\0';
	do
		*--end = "0123456789abcdef"[v & 15];
	while ((v >>= 4) != 0);
	return end;
}

static const char *ct_map_path(const struct link_map *l)
{
	return l->l_name[0] ? l->l_name : ct_g.exe;   /* the executable is unnamed */
}

/* The path of the object holding addr ("" when none): _dl_find_object is
 * a lock-free lookup, where dladdr would scan the object's symbols. */
const char *ct_object_path(const void *addr)
{
	struct dl_find_object fo;

	if (_dl_find_object((void *)addr, &fo) != 0 || !fo.dlfo_link_map)
		return "";
	return ct_map_path(fo.dlfo_link_map);
}

/* "path+0xoff", the offset from the object's load bias (its ELF virtual
 * address).  _dl_find_object is a lock-free lookup; symbol names are added
 * by the merger from the object's symbol tables, off the host's clock. */
int ct_frame_text(uintptr_t pc, char *out, size_t n)
{
	struct dl_find_object fo;
	char hex[24];
	size_t len;

	if (_dl_find_object((void *)pc, &fo) != 0 || !fo.dlfo_link_map)
		return (int)ct_strlcpy(out, "?", n);
	len = ct_strlcpy(out, ct_map_path(fo.dlfo_link_map), n);
	if (len + 24 < n) {
		strcpy(out + len, "+0x");
		strcpy(out + len + 3, ct_hex(pc - fo.dlfo_link_map->l_addr, hex + sizeof(hex)));
	}
	return (int)strlen(out);
}

static int ct_is_shim(const void *pc)
{
	struct dl_find_object a, b;

	return _dl_find_object((void *)pc, &a) == 0 &&
	       _dl_find_object((void *)ct_is_shim, &b) == 0 &&
	       a.dlfo_link_map == b.dlfo_link_map;
}

/* Appends a CT_EV_STACK record for the caller's caller; the caller holds
 * the recursion guard. */
void ct_stack_emit(int kind)
{
	void *pcs[CT_FRAMES + CT_SKIP];
	char text[CT_STR_MAX], frame[512];
	const char *strs[1] = { text };
	size_t used = 0;
	int n, first;

	if (!ct_stack_wanted(kind) || !ct_unwind_load())
		return;
	n = ct_unw_backtrace(pcs, CT_FRAMES + CT_SKIP);
	text[0] = '\0';
	for (first = 0; first < n && first < CT_SKIP && ct_is_shim(pcs[first]); first++)
		;
	for (int i = first; i < n; i++) {
		size_t k = (size_t)ct_frame_text((uintptr_t)pcs[i] - (i > 0), frame, sizeof(frame));

		if (used + k + 2 >= sizeof(text))
			break;
		memcpy(text + used, frame, k);
		used += k;
		text[used++] = '\n';
		text[used] = '\0';
	}
	ct_log_emit(CT_EV_STACK, ct_now_ns(), 0, 0, 0, n - first, kind, 0, 1, strs);
}
