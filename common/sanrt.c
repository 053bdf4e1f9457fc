/*
 * sanrt.c -- which shared objects are sanitizer runtimes.
 */
#include <string.h>

#include "sanrt.h"

int ct_sanitizer_rt(const char *name)
{
	static const char *const rt[] = { "libasan.so", "libhwasan.so", "libtsan.so",
					  "liblsan.so", "libubsan.so" };
	size_t i;

	for (i = 0; i < sizeof(rt) / sizeof(rt[0]); i++)
		if (!strncmp(name, rt[i], strlen(rt[i])))
			return 1;
	return !strncmp(name, "libclang_rt.", 12) && strstr(name, "san") != NULL;
}
