/* empty_preload.c -- a shared object that does nothing, the floor of
 * LD_PRELOAD itself for bench/numpy_instructions.sh: ld.so puts every
 * preloaded object right after the executable in the global scope, so each
 * symbol lookup the executable does not satisfy looks into it first
 * (~35 instructions in do_lookup_x), whatever it holds. */
int ct_empty_preload(void);

int ct_empty_preload(void)
{
	return 0;
}
