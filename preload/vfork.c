/*
 * vfork.c -- vfork that stays a vfork.
 *
 * The child of vfork runs on its parent's memory, stack and thread-local
 * storage until it execs or exits, while the calling thread waits.  As a
 * fork, a large parent would pay for copying its page tables and then a
 * copy-on-write fault per page it writes (20 spawns from a 600 MiB Python:
 * 20-30 ms bare, 0.5-0.7 s as forks).  So, on x86-64:
 *
 * - The interposer is assembly that makes the system call itself and keeps
 *   the caller's return address in a register across it, as glibc's own
 *   vfork does: the child returns straight to the caller without writing
 *   to the stack, and the parent needs no stack slot the child may have
 *   reused.
 * - Before the call the thread is marked (ct_self.vfork, and the recursion
 *   guard raised), so everything the child then calls passes straight
 *   through: no record, no allocation, nothing of the parent's log, exit
 *   state or signal bookkeeping changed.  Exec puts a lost shim back into
 *   the environment on the stack, or on pages of its own that the parent
 *   unmaps afterwards (env.c).
 * - The child's exec attempts go to a note the parent claimed for it (a
 *   slot of a static pool, reached through ct_self.vx): path, argv and the
 *   error of each attempt that returned, copied without allocating.
 * - Once the child has gone, the parent clears the mark, records the vfork
 *   with the child's pid and then one VFORK_EXEC record per attempt of the
 *   note, and frees the slot.  The image the child execs starts a log of
 *   its own, whose parent (getppid) is the vfork caller.
 *
 * Elsewhere vfork runs as fork: correct for any program that is correct
 * under vfork, only slower (ct_self.vx stays NULL: the child's own log
 * records its execs).
 */
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "ct.h"

/* One vfork child's exec attempts: entries of struct ct_vx_head, each
 * followed by its path and joined argv (NUL-terminated), 8-byte aligned. */
#define CT_VX_BYTES 8192u
#define CT_VX_SLOTS 8u          /* vforks in flight at once that get a note */
#define CT_VX_STR   1024u       /* the most a note keeps of one path or argv */

struct ct_vx_head {
	uint64_t t_ns;
	int32_t err;            /* -1: the attempt did not return (it ran) */
	uint16_t path_len, args_len;
};

struct ct_vx {
	uint32_t used;
	uint32_t lost;          /* attempts that did not fit */
	uint32_t last;          /* offset of the latest attempt; UINT32_MAX: it did not fit */
	uint64_t data[CT_VX_BYTES / 8];
};

/* The bytes an entry takes, its strings and alignment included. */
static uint32_t ct_vx_size(const struct ct_vx_head *h)
{
	return (uint32_t)((sizeof(*h) + h->path_len + h->args_len + 2u + 7u) & ~7u);
}

static size_t ct_vx_min(size_t a, size_t b)
{
	return a < b ? a : b;
}

/* In the vfork child, before an exec attempt: its path and argv into the
 * note (only what the host lets us read; nothing allocated). */
void ct_vfork_note_exec(const char *path, char *const argv[])
{
	struct ct_vx *vx = ct_self.vx;
	struct ct_vx_head *h;
	char *s;
	size_t room;

	if (!vx)
		return;
	room = sizeof(vx->data) - vx->used;
	if (room < sizeof(*h) + 64) {
		vx->lost++;
		vx->last = UINT32_MAX;
		return;
	}
	room -= sizeof(*h) + 8;   /* what the strings may take, alignment kept */
	vx->last = vx->used;
	h = (struct ct_vx_head *)((char *)vx->data + vx->used);
	s = (char *)(h + 1);
	h->t_ns = ct_now_ns();
	h->err = -1;
	h->path_len = h->args_len = 0;
	s[0] = s[1] = '\0';
	if (ct_host_str_ok(path, CT_ARG_STR_MAX) && ct_host_vec_ok(argv, CT_ARG_STR_MAX)) {
		h->path_len = (uint16_t)ct_vx_min(ct_strlcpy(s, path ? path : "",
							     ct_vx_min(CT_VX_STR, room / 2)),
						  ct_vx_min(CT_VX_STR, room / 2) - 1);
		ct_join(argv, s + h->path_len + 1, ct_vx_min(CT_VX_STR, room - h->path_len - 1));
		h->args_len = (uint16_t)strlen(s + h->path_len + 1);
	}
	vx->used += ct_vx_size(h);
}

/* In the vfork child, after an exec attempt returned: its error. */
void ct_vfork_note_failed(int err)
{
	struct ct_vx *vx = ct_self.vx;

	if (vx && vx->last != UINT32_MAX)
		((struct ct_vx_head *)((char *)vx->data + vx->last))->err = err;
}

#if defined(__x86_64__)

uint64_t ct_vfork_begin(void);
pid_t ct_vfork_end(long ret, uint64_t t0);

static struct ct_vx ct_vx_pool[CT_VX_SLOTS] CT_PAGE_ALIGNED;
static unsigned ct_vx_busy;     /* bit per slot of the pool */

/* A free slot, or NULL (more vforks in flight than slots: no note). */
static struct ct_vx *ct_vx_claim(void)
{
	unsigned busy = __atomic_load_n(&ct_vx_busy, __ATOMIC_RELAXED);

	for (unsigned i = 0; i < CT_VX_SLOTS; i++)
		if (!(busy & (1u << i)) &&
		    !(__atomic_fetch_or(&ct_vx_busy, 1u << i, __ATOMIC_ACQUIRE) & (1u << i))) {
			ct_vx_pool[i].used = ct_vx_pool[i].lost = 0;
			ct_vx_pool[i].last = UINT32_MAX;
			return &ct_vx_pool[i];
		}
	return NULL;
}

static void ct_vx_release(struct ct_vx *vx)
{
	__atomic_fetch_and(&ct_vx_busy, ~(1u << (unsigned)(vx - ct_vx_pool)), __ATOMIC_RELEASE);
}

/* In the parent, the child gone: the note as VFORK_EXEC records. */
static void ct_vx_emit(const struct ct_vx *vx, pid_t pid)
{
	const struct ct_vx_head *h;
	const char *strs[2];

	for (uint32_t at = 0; at < vx->used;) {
		h = (const struct ct_vx_head *)((const char *)vx->data + at);
		at += ct_vx_size(h);
		strs[0] = (const char *)(h + 1);
		strs[1] = strs[0] + h->path_len + 1;
		ct_log_emit(CT_EV_VFORK_EXEC, h->t_ns, 0, h->err < 0 ? 0 : -1,
			    h->err < 0 ? 0 : h->err, pid, at >= vx->used ? vx->lost : 0, 0,
			    2, strs);
	}
}

/* In the parent once the child has gone: its note recorded and freed,
 * after the vfork's own record so that a reader knows the child first. */
static pid_t ct_vfork_notes(pid_t pid)
{
	struct ct_vx *vx = ct_self.vx;
	int err = errno;

	if (!vx || ct_self.vfork)   /* no note, or still inside a vfork child */
		return pid;
	ct_self.vx = NULL;
	if (pid > 0 && vx->used && ct_enter()) {
		ct_vx_emit(vx, pid);
		ct_leave();
	}
	ct_vx_release(vx);
	errno = err;
	return pid;
}

/* In the parent before the system call; returns the call's start time. */
__attribute__((used)) uint64_t ct_vfork_begin(void)
{
	uint64_t t0;

	ct_log_ready();   /* the child would make it in its parent's memory */
	t0 = ct_begin();
	ct_proc_resolve();
	/* A vfork child's own vfork keeps its note; with children not
	 * followed their execs are not recorded, as a fork child's are not. */
	if (!ct_self.vfork)
		ct_self.vx = t0 && ct_g.follow ? ct_vx_claim() : NULL;
	ct_self.vfork++;
	ct_self.depth++;
	return t0;
}

/* In the parent once the child has exec'd or exited (or the call failed:
 * ret is then -errno). */
__attribute__((used)) pid_t ct_vfork_end(long ret, uint64_t t0)
{
	ct_self.depth--;
	ct_self.vfork--;
	ct_env_spill_release();   /* what an exec that succeeded left behind */
	if (ret < 0) {
		errno = (int)-ret;
		ret = -1;
	}
	return ct_vfork_notes(ct_forked(CT_EV_VFORK, t0, (pid_t)ret));
}

#define CT_XSTR(x) CT_STR(x)
#define CT_STR(x) #x

/* rdi: the caller's return address, rsi: t0; the kernel keeps both. */
__asm__(".text\n"
	".globl vfork\n"
	".type vfork, @function\n"
	"vfork:\n"
	".cfi_startproc\n"
	"	subq $8, %rsp\n"
	".cfi_adjust_cfa_offset 8\n"
	"	call ct_vfork_begin\n"
	"	addq $8, %rsp\n"
	".cfi_adjust_cfa_offset -8\n"
	"	movq %rax, %rsi\n"
	"	popq %rdi\n"
	".cfi_adjust_cfa_offset -8\n"
	".cfi_register %rip, %rdi\n"
	"	movl $" CT_XSTR(SYS_vfork) ", %eax\n"
	"	syscall\n"
	"	testq %rax, %rax\n"
	"	jnz 1f\n"
	"	jmp *%rdi\n"            /* the child */
	"1:	pushq %rdi\n"
	".cfi_adjust_cfa_offset 8\n"
	".cfi_offset %rip, -8\n"
	"	movq %rax, %rdi\n"
	"	subq $8, %rsp\n"
	".cfi_adjust_cfa_offset 8\n"
	"	call ct_vfork_end\n"
	"	addq $8, %rsp\n"
	".cfi_adjust_cfa_offset -8\n"
	"	ret\n"
	".cfi_endproc\n"
	".size vfork, .-vfork\n");

#else

static __typeof__(fork) *real_fork;

CT_EXPORT pid_t vfork(void)
{
	uint64_t t0 = ct_begin();

	return ct_forked(CT_EV_VFORK, t0, CT_REAL(fork)());
}

#endif
