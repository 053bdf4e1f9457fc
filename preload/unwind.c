/*
 * unwind.c -- the return addresses of the calling thread's stack, from the
 * DWARF call frame information, with each return address's rule kept once
 * found.
 *
 * libgcc's _Unwind_Backtrace finds the FDE of every frame and runs its CFA
 * program up to the frame's address, every time: ~2,000 instructions a
 * frame, where a Python interpreter's stack repeats the same few return
 * addresses.  Here the rule of a return address (the CFA as rsp or rbp
 * plus an offset, where the caller's rbp and the return address are saved)
 * comes from the same FDE (found in the object's .eh_frame_hdr table, as
 * the unwinder finds it) read by a CFA interpreter for the rules x86-64
 * code uses, and is kept in a small table.  Anything else -- a signal frame, a CFA or register expression,
 * a frame without tables -- makes ct_unwind give up, and the caller walks
 * with _Unwind_Backtrace; what ct_unwind returns is always what that walk
 * would have given (tests/unit/unwind.c compares them).
 *
 * Never: a rule used after the object it came from may have been unloaded
 * (the table is emptied when the loader's count of unloads moves), a stack
 * slot read that the tables do not name, a lock waited for (a thread that
 * finds the table busy works without it).
 */
#include <link.h>
#include <string.h>
#include "ct.h"

#if defined(__x86_64__)

enum { CT_DW_RBP = 6, CT_DW_RSP = 7, CT_DW_RA = 16 };
enum { CT_RBP, CT_RSP, CT_RA, CT_TRACKED };   /* the registers a rule needs */
enum { CT_UNSAVED, CT_SAVED, CT_UNDEF, CT_OTHER };
enum { CT_CFA_UNSET, CT_CFA_REG, CT_CFA_EXPR };

#define CT_REMEMBER 8      /* DW_CFA_remember_state depth followed */
#define CT_RULES_BITS 9    /* 512 rules kept, indexed by a hash of the address */

/* What a CFA program has said so far (remember_state saves all of it). */
struct ct_cfa {
	int how;                /* CT_CFA_* */
	uint64_t reg;
	int64_t off;
	uint8_t reg_how[CT_TRACKED];  /* CT_UNSAVED... */
	int64_t reg_off[CT_TRACKED];  /* CT_SAVED: at CFA + this */
};

/* One return address's way to its caller's frame. */
struct ct_rule {
	int32_t cfa_off;        /* CFA = (rbp or rsp) + cfa_off */
	int16_t rbp_off;        /* the caller's rbp is at CFA + rbp_off */
	int8_t ra_off;          /* the return address is at CFA + ra_off */
	uint8_t flags;          /* CT_R_* */
};
#define CT_R_CFA_RBP 1u    /* the CFA is rbp-based */
#define CT_R_RBP_SAVED 2u  /* rbp_off is valid, else rbp is unchanged */
#define CT_R_OUTERMOST 4u  /* the return address is undefined: the last frame */

struct ct_slot {
	uintptr_t pc;           /* 0: empty */
	struct ct_rule rule;
};

static struct ct_slot ct_rules[1u << CT_RULES_BITS] CT_PAGE_ALIGNED;
static int ct_rules_busy CT_FORK_HOT;  /* atomic: a thread is using ct_rules */
static unsigned long long ct_rules_subs;  /* the loader's unload count they hold for */

/* The state of one CFA program run. */
struct ct_cfi {
	struct ct_cfa cur, saved[CT_REMEMBER];
	int depth;
	uintptr_t loc, target;  /* the program runs while loc < target */
	uint64_t code_align;
	int64_t data_align;
};

/* A LEB128 number at p, sign-extended when sign; returns the byte after. */
static const uint8_t *ct_leb(const uint8_t *p, uint64_t *v, int sign)
{
	unsigned shift = 0;
	uint64_t r = 0;
	uint8_t b;

	do {
		b = *p++;
		if (shift < 64)
			r |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
	} while (b & 0x80);
	if (sign && shift < 64 && (b & 0x40))
		r |= ~(uint64_t)0 << shift;
	*v = r;
	return p;
}

static const uint8_t *ct_uleb(const uint8_t *p, uint64_t *v)
{
	return ct_leb(p, v, 0);
}

static const uint8_t *ct_sleb(const uint8_t *p, int64_t *v)
{
	uint64_t u;

	p = ct_leb(p, &u, 1);
	*v = (int64_t)u;
	return p;
}

/* Bytes of a pointer in DWARF encoding enc; -1 for the variable ones. */
static int ct_enc_size(uint8_t enc)
{
	if (enc == 0xff)        /* DW_EH_PE_omit */
		return 0;
	if (enc == 0x50)        /* DW_EH_PE_aligned */
		return -1;
	switch (enc & 0x07) {
	case 0x00: return 8;    /* absptr */
	case 0x02: return 2;
	case 0x03: return 4;
	case 0x04: return 8;
	default: return -1;     /* uleb128, sleb128 */
	}
}

static uint32_t ct_u32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* The column of DWARF register reg among the tracked ones, or -1. */
static int ct_tracked(uint64_t reg)
{
	return reg == CT_DW_RBP ? CT_RBP : reg == CT_DW_RSP ? CT_RSP :
	       reg == CT_DW_RA ? CT_RA : -1;
}

static void ct_reg_set(struct ct_cfa *s, uint64_t reg, int how, int64_t off)
{
	int i = ct_tracked(reg);

	if (i >= 0) {
		s->reg_how[i] = (uint8_t)how;
		s->reg_off[i] = off;
	}
}

/* The operations with an operand in the low six bits. */
static void ct_cfi_short(struct ct_cfi *c, uint8_t op, const uint8_t **pp)
{
	uint64_t u;

	if ((op & 0xc0) == 0x40) {              /* advance_loc (also ct_cfi_run's) */
		c->loc += (op & 0x3f) * c->code_align;
	} else if ((op & 0xc0) == 0x80) {       /* offset */
		*pp = ct_uleb(*pp, &u);
		ct_reg_set(&c->cur, op & 0x3f, CT_SAVED, (int64_t)u * c->data_align);
	} else {                                /* restore: libgcc makes it unsaved */
		ct_reg_set(&c->cur, op & 0x3f, CT_UNSAVED, 0);
	}
}

static void ct_cfi_advance(struct ct_cfi *c, uint8_t op, const uint8_t **pp)
{
	const uint8_t *p = *pp;
	uint64_t delta;

	if (op == 0x02) {
		delta = p[0];
		p += 1;
	} else if (op == 0x03) {
		uint16_t d;

		memcpy(&d, p, 2);
		delta = d;
		p += 2;
	} else {
		delta = ct_u32(p);
		p += 4;
	}
	c->loc += delta * c->code_align;
	*pp = p;
}

/* def_cfa family: 0x0c def_cfa, 0x0d def_cfa_register, 0x0e def_cfa_offset,
 * 0x0f def_cfa_expression, 0x12 def_cfa_sf, 0x13 def_cfa_offset_sf. */
static void ct_cfi_def_cfa(struct ct_cfi *c, uint8_t op, const uint8_t **pp)
{
	uint64_t u;
	int64_t s;

	switch (op) {
	case 0x0c:
		*pp = ct_uleb(*pp, &c->cur.reg);
		*pp = ct_uleb(*pp, &u);
		c->cur.off = (int64_t)u;
		c->cur.how = CT_CFA_REG;
		break;
	case 0x0d:
		*pp = ct_uleb(*pp, &c->cur.reg);
		c->cur.how = CT_CFA_REG;
		break;
	case 0x0e:
		*pp = ct_uleb(*pp, &u);
		c->cur.off = (int64_t)u;
		break;
	case 0x0f:
		*pp = ct_uleb(*pp, &u);
		*pp += u;
		c->cur.how = CT_CFA_EXPR;
		break;
	case 0x12:
		*pp = ct_uleb(*pp, &c->cur.reg);
		*pp = ct_sleb(*pp, &s);
		c->cur.off = s * c->data_align;
		c->cur.how = CT_CFA_REG;
		break;
	default:
		*pp = ct_sleb(*pp, &s);
		c->cur.off = s * c->data_align;
		break;
	}
}

/* Register rules with a register operand; 0, or -1 for an unknown op. */
static int ct_cfi_reg(struct ct_cfi *c, uint8_t op, const uint8_t **pp)
{
	uint64_t reg, u;
	int64_t s;

	*pp = ct_uleb(*pp, &reg);
	switch (op) {
	case 0x05:                              /* offset_extended */
		*pp = ct_uleb(*pp, &u);
		ct_reg_set(&c->cur, reg, CT_SAVED, (int64_t)u * c->data_align);
		return 0;
	case 0x11:                              /* offset_extended_sf */
		*pp = ct_sleb(*pp, &s);
		ct_reg_set(&c->cur, reg, CT_SAVED, s * c->data_align);
		return 0;
	case 0x2f:                              /* GNU_negative_offset_extended */
		*pp = ct_uleb(*pp, &u);
		ct_reg_set(&c->cur, reg, CT_SAVED, -((int64_t)u * c->data_align));
		return 0;
	case 0x06: case 0x08:                   /* restore_extended, same_value */
		ct_reg_set(&c->cur, reg, CT_UNSAVED, 0);
		return 0;
	case 0x07:                              /* undefined */
		ct_reg_set(&c->cur, reg, CT_UNDEF, 0);
		return 0;
	case 0x09: case 0x14:                   /* register, val_offset */
		*pp = ct_uleb(*pp, &u);
		break;
	case 0x15:                              /* val_offset_sf */
		*pp = ct_sleb(*pp, &s);
		break;
	case 0x10: case 0x16:                   /* expression, val_expression */
		*pp = ct_uleb(*pp, &u);
		*pp += u;
		break;
	default:
		return -1;
	}
	ct_reg_set(&c->cur, reg, CT_OTHER, 0);
	return 0;
}

/* One operation at *pp; 0, or -1 for one this reader does not follow. */
static int ct_cfi_op(struct ct_cfi *c, const uint8_t **pp)
{
	uint8_t op = *(*pp)++;
	uint64_t u;

	if (op & 0xc0) {
		ct_cfi_short(c, op, pp);
		return 0;
	}
	switch (op) {
	case 0x00:                              /* nop */
		return 0;
	case 0x02: case 0x03: case 0x04:             /* advance_loc1, 2, 4 */
		ct_cfi_advance(c, op, pp);
		return 0;
	case 0x0a:                              /* remember_state */
		if (c->depth == CT_REMEMBER)
			return -1;
		c->saved[c->depth++] = c->cur;
		return 0;
	case 0x0b:                              /* restore_state */
		if (c->depth == 0)
			return -1;
		c->cur = c->saved[--c->depth];
		return 0;
	case 0x0c: case 0x0d: case 0x0e: case 0x0f: case 0x12: case 0x13:
		ct_cfi_def_cfa(c, op, pp);
		return 0;
	case 0x2e:                              /* GNU_args_size */
		*pp = ct_uleb(*pp, &u);
		return 0;
	default:                                /* set_loc, window_save, unknown */
		return ct_cfi_reg(c, op, pp);
	}
}

/* advance_loc, most of a large function's program, is taken here. */
static int ct_cfi_run(struct ct_cfi *c, const uint8_t *p, const uint8_t *end)
{
	while (p < end && c->loc < c->target) {
		if ((*p & 0xc0) == 0x40)
			c->loc += (*p++ & 0x3f) * c->code_align;
		else if (ct_cfi_op(c, &p) < 0)
			return -1;
	}
	return 0;
}

/* A CIE's fields that its FDEs and programs need. */
struct ct_cie {
	const uint8_t *insn, *end;
	uint8_t fde_enc;
	int z;                  /* augmentation data present */
};

/* The 'z' augmentation letters; -1 for a signal frame or one not known. */
static int ct_cie_aug(const char *aug, const uint8_t *p, struct ct_cie *cie)
{
	int size;

	for (aug++; *aug; aug++) {
		if (*aug == 'R') {
			cie->fde_enc = *p++;
		} else if (*aug == 'L') {
			p++;
		} else if (*aug == 'P') {
			size = ct_enc_size(*p++);
			if (size < 0)
				return -1;
			p += size;
		} else {
			return -1;
		}
	}
	return 0;
}

static int ct_cie_read(const uint8_t *p, struct ct_cie *cie, struct ct_cfi *c)
{
	uint32_t len = ct_u32(p);
	uint8_t version = p[8];
	const char *aug = (const char *)p + 9;
	uint64_t ra, auglen;

	if (len == 0 || len == 0xffffffffu || (version != 1 && version != 3) ||
	    (aug[0] != 'z' && aug[0] != '\0'))
		return -1;
	cie->end = p + 4 + len;
	p = (const uint8_t *)aug + strlen(aug) + 1;
	p = ct_uleb(p, &c->code_align);
	p = ct_sleb(p, &c->data_align);
	if (version == 1)
		ra = *p++;
	else
		p = ct_uleb(p, &ra);
	if (ra != CT_DW_RA)
		return -1;
	cie->fde_enc = 0;       /* absptr */
	cie->z = aug[0] == 'z';
	if (!cie->z) {
		cie->insn = p;
		return 0;
	}
	p = ct_uleb(p, &auglen);
	cie->insn = p + auglen;
	return ct_cie_aug(aug, p, cie);
}

/* The unsigned value of size (4 or 8) bytes at p. */
static uint64_t ct_uval(const uint8_t *p, int size)
{
	uint64_t v;

	if (size == 4)
		return ct_u32(p);
	memcpy(&v, p, sizeof(v));
	return v;
}

/* The CFA rules at pc, a return address in the function starting at func
 * whose FDE is fde; -1 when pc - 1 lies past the FDE's range (a gap in
 * the search table's coverage). */
static int ct_fde_run(const uint8_t *fde, uintptr_t func, uintptr_t pc, struct ct_cfa *out)
{
	struct ct_cfi c;        /* saved[] is filled before it is read */
	struct ct_cie cie;
	const uint8_t *p, *end = fde + 4 + ct_u32(fde);
	uint64_t auglen;
	int size;

	c.cur = (struct ct_cfa){ 0 };
	c.depth = 0;
	c.loc = func;
	c.target = pc;
	if (ct_cie_read(fde + 4 - ct_u32(fde + 4), &cie, &c) < 0 ||
	    (size = ct_enc_size(cie.fde_enc)) <= 0 ||
	    pc - 1 - func >= ct_uval(fde + 8 + size, size))
		return -1;
	p = fde + 8 + 2 * size;
	if (cie.z) {
		p = ct_uleb(p, &auglen);
		p += auglen;
	}
	if (ct_cfi_run(&c, cie.insn, cie.end) < 0 || ct_cfi_run(&c, p, end) < 0)
		return -1;
	*out = c.cur;
	return 0;
}

/* The rule a CFA state gives, if it is one a rule can hold. */
static int ct_rule_make(const struct ct_cfa *s, struct ct_rule *r)
{
	int64_t rbp = s->reg_off[CT_RBP], ra = s->reg_off[CT_RA];

	if (s->how != CT_CFA_REG || (s->reg != CT_DW_RBP && s->reg != CT_DW_RSP) ||
	    s->off != (int32_t)s->off || s->reg_how[CT_RSP] == CT_SAVED ||
	    s->reg_how[CT_RSP] == CT_OTHER || s->reg_how[CT_RBP] == CT_OTHER ||
	    (s->reg_how[CT_RA] != CT_SAVED && s->reg_how[CT_RA] != CT_UNDEF))
		return -1;
	*r = (struct ct_rule){ .cfa_off = (int32_t)s->off };
	r->flags = (uint8_t)((s->reg == CT_DW_RBP ? CT_R_CFA_RBP : 0) |
			     (s->reg_how[CT_RBP] == CT_SAVED ? CT_R_RBP_SAVED : 0) |
			     (s->reg_how[CT_RA] == CT_UNDEF ? CT_R_OUTERMOST : 0));
	if (r->flags & CT_R_RBP_SAVED) {
		if (rbp != (int16_t)rbp)
			return -1;
		r->rbp_off = (int16_t)rbp;
	}
	if (!(r->flags & CT_R_OUTERMOST)) {
		if (ra != (int8_t)ra)
			return -1;
		r->ra_off = (int8_t)ra;
	}
	return 0;
}

/* The FDE whose function holds addr, and that function's start, from
 * the binary search table of its object's .eh_frame_hdr (PT_GNU_EH_FRAME,
 * which _dl_find_object names), as the unwinders look it up; NULL for a
 * table in an encoding other than the one linkers write (a version 1
 * header, udata4 count, datarel sdata4 pairs), or no table.  Not the
 * unwinder's own lookup: LLVM's builds a whole cursor on the stack for
 * it (~2 KiB, on what may be a small thread stack). */
static const uint8_t *ct_fde_find(uintptr_t addr, uintptr_t *func)
{
	struct dl_find_object fo;
	const uint8_t *hdr, *tab;
	int32_t loc;
	uint32_t lo = 0, hi, mid;
	int ptr;

	if (ct_find_object((void *)addr, &fo) != 0 || !(hdr = fo.dlfo_eh_frame) ||
	    hdr[0] != 1 || hdr[2] != 0x03 || hdr[3] != 0x3b || (ptr = ct_enc_size(hdr[1])) <= 0)
		return NULL;
	hi = ct_u32(hdr + 4 + ptr);
	tab = hdr + 8 + ptr;
	while (lo < hi) {       /* the first entry starting past addr */
		mid = lo + (hi - lo) / 2;
		memcpy(&loc, tab + 8 * (size_t)mid, sizeof(loc));
		if ((uintptr_t)hdr + (uintptr_t)(intptr_t)loc <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	memcpy(&loc, tab + 8 * (size_t)(lo - 1), sizeof(loc));
	*func = (uintptr_t)hdr + (uintptr_t)(intptr_t)loc;
	memcpy(&loc, tab + 8 * (size_t)(lo - 1) + 4, sizeof(loc));
	return hdr + loc;
}

/* The rule of return address pc, found in its FDE. */
static int ct_rule_find(uintptr_t pc, struct ct_rule *r)
{
	uintptr_t func;
	const uint8_t *fde = ct_fde_find(pc - 1, &func);
	struct ct_cfa s;

	if (!fde || ct_fde_run(fde, func, pc, &s) < 0)
		return -1;
	return ct_rule_make(&s, r);
}

/* The slot holding pc's rule, else the empty one where it goes, else
 * NULL: each address has CT_PROBE slots from its hash on. */
#define CT_PROBE 4
static struct ct_slot *ct_slot_of(uintptr_t pc)
{
	uint32_t h = (uint32_t)((pc * 0x9e3779b97f4a7c15ull) >> (64 - CT_RULES_BITS));

	for (uint32_t i = 0; i < CT_PROBE; i++) {
		struct ct_slot *slot = &ct_rules[(h + i) & ((1u << CT_RULES_BITS) - 1)];

		if (slot->pc == pc || !slot->pc)
			return slot;
	}
	return NULL;
}

/* The rule of pc, from the table when the walk holds it. */
static int ct_rule(uintptr_t pc, struct ct_rule *r, int held)
{
	struct ct_slot *slot = held ? ct_slot_of(pc) : NULL;

	if (slot && slot->pc == pc) {
		*r = slot->rule;
		return 0;
	}
	if (ct_rule_find(pc, r) < 0)
		return -1;
	if (slot) {
		slot->pc = pc;
		slot->rule = *r;
	}
	return 0;
}

static int ct_subs_cb(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size;
	*(unsigned long long *)arg = info->dlpi_subs;
	return 1;
}

/* Takes the table for this walk, emptied if an object was unloaded since
 * its rules were found; 0 when another walk (a thread, a signal handler
 * interrupting this one) holds it. */
static int ct_rules_take(void)
{
	unsigned long long subs = 0;

	if (__atomic_exchange_n(&ct_rules_busy, 1, __ATOMIC_ACQUIRE))
		return 0;
	dl_iterate_phdr(ct_subs_cb, &subs);
	if (subs != ct_rules_subs) {
		memset(ct_rules, 0, sizeof(ct_rules));
		ct_rules_subs = subs;
	}
	return 1;
}

/* The state at a point of this function that its own rule describes. */
#define CT_HERE(pc, sp, bp) \
	__asm__ volatile("lea 0(%%rip), %0\n\tmov %%rsp, %1\n\tmov %%rbp, %2" \
			 : "=r"(pc), "=r"(sp), "=r"(bp))

/* Walks from this function's own frame; its caller's is the first one
 * stored.  Stack slots are read as the rules name them, as libgcc does. */
__attribute__((noinline, no_sanitize_address))
int ct_unwind(void **pcs, int max)
{
	uintptr_t pc, sp, bp, cfa;
	struct ct_rule r;
	int held = ct_rules_take(), n = -1;

	CT_HERE(pc, sp, bp);
	while (pc) {     /* 0: the outermost frame's undefined return address */
		if (ct_rule(pc, &r, held) < 0) {
			n = -1;
			break;
		}
		if (n >= 0)
			pcs[n] = (void *)pc;
		if (++n == max || (r.flags & CT_R_OUTERMOST))
			break;
		cfa = ((r.flags & CT_R_CFA_RBP) ? bp : sp) + (uintptr_t)(intptr_t)r.cfa_off;
		if (r.flags & CT_R_RBP_SAVED)
			bp = *(const uintptr_t *)(cfa + (uintptr_t)(intptr_t)r.rbp_off);
		pc = *(const uintptr_t *)(cfa + (uintptr_t)(intptr_t)r.ra_off);
		sp = cfa;
	}
	if (held)
		__atomic_store_n(&ct_rules_busy, 0, __ATOMIC_RELEASE);
	return n;
}

void ct_unwind_forked(void)
{
	ct_rules_busy = 0;
}

int ct_unwind_outermost(uintptr_t ret)
{
	struct ct_rule r;

	return ct_rule_find(ret, &r) == 0 && (r.flags & CT_R_OUTERMOST);
}

#else

int ct_unwind(void **pcs, int max)
{
	(void)pcs;
	(void)max;
	return -1;
}

void ct_unwind_forked(void)
{
}

int ct_unwind_outermost(uintptr_t ret)
{
	(void)ret;
	return 0;
}

#endif
