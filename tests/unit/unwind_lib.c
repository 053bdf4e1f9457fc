/*
 * unwind_lib.c -- for tests/unit/unwind.c: a function whose frame is FRAME
 * bytes, built twice with two sizes: the same code at the same offsets,
 * with different unwind rules.
 */
void unwind_lib_run(void (*cb)(void));

__attribute__((noinline)) void unwind_lib_run(void (*cb)(void))
{
	volatile char buf[FRAME];

	buf[0] = 1;
	__asm__ volatile("" : : "r"(buf) : "memory");   /* all of it, for clang too */
	cb();
	buf[1] = buf[0];
}
