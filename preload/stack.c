/*
 * stack.c -- call sites of chosen events, unwound with the DWARF call
 * frame information every object carries, symbolised in place.
 *
 * The unwinder is libgcc's (LLVM's libunwind in the wheel's zig build,
 * docs/wheel.md), linked into the shim from libgcc_eh.a with its symbols
 * hidden: no object is loaded for it, its _Unwind_* never meet the
 * host's, and it holds no file descriptor.  (libunwind, used before, keeps
 * a pipe open for the life of the process to probe memory, on numbers a
 * program that closes every fd later reuses for its own files.)  It follows
 * the unwind tables only and stops at a frame without them, so it reads
 * nothing but the stack those tables describe.  The walk is unwind.c's
 * where it can: the same frames, each return address's rule kept.
 */
#include <link.h>
#include <string.h>
#include <unwind.h>
#include "ct.h"

#define CT_SKIP 8      /* at most this many frames of coldtrace's own */

static unsigned ct_stack_mask;

static unsigned ct_stack_word(const char *w, size_t n)
{
	int64_t bits = ct_stack_word_bits(w, n);

	if (bits < 0) {
		ct_debug("COLDTRACE_STACKS: unknown word ignored", w);
		return 0;
	}
	return (unsigned)bits;
}

/* A comma list of the words of common/ct_log.h (ct_stack_word_bits).
 * Without _dl_find_object (glibc before 2.35) no stack is taken: the
 * unwinder's own FDE lookup would take the loader's lock (and LLVM's, ~2
 * KiB of the host's stack), and no frame could be named. */
void ct_stack_init(const char *spec)
{
	const char *p = spec ? spec : CT_STACKS_DEFAULT;

	ct_stack_mask = 0;
	if (!ct_find_object_known()) {
		ct_debug("no _dl_find_object (glibc < 2.35)", "call stacks off");
		return;
	}
	while (*p) {
		size_t n = strcspn(p, ",");

		ct_stack_mask |= ct_stack_word(p, n);
		p += n + (p[n] == ',');
	}
}

static int ct_stack_wanted(int kind)
{
	return (ct_stack_mask & ct_kind(kind)->stack) != 0 &&
	       !ct_sealed();   /* the frame-pointer walk reads through the kernel */
}

struct ct_trace {
	void **pcs;
	int n, max;
	uintptr_t bp;   /* the frame pointer of the last frame reached */
};

static _Unwind_Reason_Code ct_trace_frame(struct _Unwind_Context *ctx, void *arg)
{
	struct ct_trace *t = arg;
	uintptr_t pc = _Unwind_GetIP(ctx);

	if (!pc)        /* libgcc's outermost frame: its undefined return address */
		return _URC_END_OF_STACK;
	t->pcs[t->n++] = (void *)pc;
	t->bp = _Unwind_GetGR(ctx, 6);  /* DWARF register 6: rbp */
	return t->n < t->max ? _URC_NO_REASON : _URC_END_OF_STACK;
}

/* Past a frame the unwind tables do not describe (code built without
 * them), by its frame-pointer chain, as far as it leads upwards through
 * memory the kernel can read (process_vm_readv: no fault, no descriptor)
 * to return addresses inside a loaded object. */
static void ct_trace_fp(struct ct_trace *t)
{
	struct dl_find_object fo;
	uintptr_t bp = t->bp, fr[2];

	while (t->n < t->max && bp && !(bp & 7) && ct_sys_peek(bp, fr, sizeof(fr)) == 0 &&
	       fr[0] > bp && ct_find_object((void *)fr[1], &fo) == 0) {
		t->pcs[t->n++] = (void *)fr[1];
		bp = fr[0];
	}
}

/* Return addresses of the caller and its callers, innermost first: the
 * rules kept by ct_unwind, else the unwinder's walk.  Where that walk
 * stopped short of the outermost frame (at one no FDE describes: libgcc
 * reports that frame, LLVM's libunwind stops before it), the frame-pointer
 * chain goes on; not where the last frame's FDE marks it the outermost
 * (libgcc then reports a return address 0 too, LLVM's nothing more). */
static int ct_backtrace(void **pcs, int max)
{
	struct ct_trace t = { pcs, 0, max, 0 };

	t.n = ct_unwind(pcs, max);
	if (t.n >= 0)
		return t.n;
	t.n = 0;
	_Unwind_Backtrace(ct_trace_frame, &t);
	if (t.n > 0 && t.n < max && !ct_unwind_outermost((uintptr_t)pcs[t.n - 1]))
		ct_trace_fp(&t);
	return t.n;
}

const char *ct_map_path(const struct link_map *l)
{
	if (!l)
		return "";
	return l->l_name[0] ? l->l_name : ct_g.exe;   /* the executable is unnamed */
}

/* The object an address lies in, kept while the next address falls in the
 * same mapping (the range ct_find_object matches): a stack's frames are
 * mostly in one object. */
struct ct_frame_obj {
	uintptr_t start, end;           /* end 0: nothing kept */
	const struct link_map *lm;      /* NULL: no object there */
	const char *path;
	size_t len;
};

static void ct_obj_at(uintptr_t pc, struct ct_frame_obj *o)
{
	struct dl_find_object fo;

	if (pc >= o->start && pc < o->end)
		return;
	*o = (struct ct_frame_obj){ 0, 0, NULL, "?", 1 };
	if (ct_find_object((void *)pc, &fo) != 0 || !fo.dlfo_link_map)
		return;
	o->start = (uintptr_t)fo.dlfo_map_start;
	o->end = (uintptr_t)fo.dlfo_map_end;
	o->lm = fo.dlfo_link_map;
	o->path = ct_map_path(o->lm);
	o->len = strlen(o->path);
}

/* A frame's text for a buffer of n bytes: the path, cut to fit, then
 * "+0x" and the offset when all of it fits with room to spare. */
struct ct_ftext {
	size_t plen;
	uintptr_t off;
	int digits;     /* 0: no offset */
};

static size_t ct_ftext_make(const struct ct_frame_obj *o, uintptr_t pc, size_t n, struct ct_ftext *f)
{
	f->plen = o->len < n - 1 ? o->len : n - 1;
	f->digits = 0;
	if (!o->lm || o->len + 24 >= n)
		return f->plen;
	f->off = pc - o->lm->l_addr;
	f->digits = (int)(sizeof(f->off) * 8 + 3 - (size_t)__builtin_clzl(f->off | 1)) / 4;
	return f->plen + 3 + (size_t)f->digits;
}

/* Writes the k bytes ct_ftext_make counted, and a NUL. */
static void ct_ftext_put(const struct ct_frame_obj *o, const struct ct_ftext *f, char *out, size_t k)
{
	memcpy(out, o->path, f->plen);
	out[k] = '\0';
	if (!f->digits)
		return;
	memcpy(out + f->plen, "+0x", 3);
	for (uintptr_t v = f->off; k > f->plen + 3; v >>= 4)
		out[--k] = "0123456789abcdef"[v & 15];
}

/* "path+0xoff", the offset from the object's load bias (its ELF virtual
 * address); "?" outside any object.  Symbol names are added by the merger
 * from the object's symbol tables, off the host's clock. */
int ct_frame_text(uintptr_t pc, char *out, size_t n)
{
	struct ct_frame_obj o = { 0 };
	struct ct_ftext f;
	size_t k;

	ct_obj_at(pc, &o);
	k = ct_ftext_make(&o, pc, n, &f);
	ct_ftext_put(&o, &f, out, k);
	return (int)k;
}

/* The text of the frames pcs[first, n) that fits in room bytes, each
 * frame ct_frame_text's for a 512-byte buffer and a newline: written at
 * out unless out is NULL; its length, and in *end where the frames that
 * fit end. */
static size_t ct_stack_text(void *const *pcs, int first, int n, size_t room, char *out,
			    int *end)
{
	struct ct_frame_obj o = { 0 };
	struct ct_ftext f;
	size_t used = 0, k;
	int i;

	for (i = first; i < n; i++) {
		uintptr_t pc = (uintptr_t)pcs[i] - (i > 0);

		ct_obj_at(pc, &o);
		k = ct_ftext_make(&o, pc, 512, &f);
		if (used + k + 1 > room)
			break;
		if (out) {
			ct_ftext_put(&o, &f, out + used, k);
			out[used + k] = '\n';
		}
		used += k + 1;
	}
	*end = i;
	return used;
}

/* Appends a CT_EV_STACK record for the caller's caller, at most `frames`
 * (up to CT_STACK_FRAMES) deep; the caller holds the recursion guard.  The
 * frames that fit in the record are kept, their text measured first and
 * then written into the record in place: this may run on a small thread
 * stack, with no room for a copy. */
void ct_stack_emit(int kind, int frames)
{
	void *pcs[CT_STACK_FRAMES + CT_SKIP];
	struct ct_frame_obj o = { 0 }, self = { 0 };
	struct ct_recw w;
	size_t len;
	int n, first, end;
	char *out;

	if (!ct_stack_wanted(kind))
		return;
	if (frames > CT_STACK_FRAMES)
		frames = CT_STACK_FRAMES;
	n = ct_backtrace(pcs, frames + CT_SKIP);
	ct_obj_at((uintptr_t)ct_stack_emit, &self);
	for (first = 0; first < n && first < CT_SKIP; first++) {
		ct_obj_at((uintptr_t)pcs[first], &o);
		if (!o.lm || o.lm != self.lm)
			break;
	}
	if (n > first + frames)
		n = first + frames;
	len = ct_stack_text(pcs, first, n, CT_STR_MAX - 2, NULL, &end);
	out = ct_log_open1(&w, len, n - first, kind, 0);
	if (!out)
		return;
	/* an object unloaded in between can only shorten the text */
	w.len = ct_stack_text(pcs, first, end, len, out, &end);
	ct_log_close1(&w, CT_EV_STACK, ct_now_ns());
}
