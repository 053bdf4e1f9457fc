/* symtab_fix.c -- an object for tests/unit/symtab.sh: more functions than
 * symtab.c scans for before it sorts, a static one, and two names at one
 * address (the one that sorts first is the answer). */
#define F(n) int ct_fix_##n(int x); int ct_fix_##n(int x) { return x * n + 1; }
F(1) F(2) F(3) F(4) F(5) F(6) F(7) F(8) F(9) F(10) F(11) F(12) F(13) F(14)
F(15) F(16) F(17) F(18) F(19) F(20) F(21) F(22) F(23) F(24) F(25) F(26)

static int ct_fix_static(int x)
{
	return x ^ 0x5a;
}

int ct_fix_zz_aliased(int x);
int ct_fix_zz_aliased(int x)
{
	return ct_fix_static(x) + 7;
}

int ct_fix_aa_alias(int x) __attribute__((alias("ct_fix_zz_aliased")));
