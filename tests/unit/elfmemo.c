/* elfmemo.c -- launcher/elf/elfmemo.c against the file it remembers:
 * elfmemo PATH SONAME...: PATH is inspected once per SONAME given, after
 * the shell (elfmemo.sh) put a different object there between lookups
 * (it waits for a line on stdin before each); each answer must name the
 * object there now, twice in a row (the second from the memo), with a
 * copy the caller owns.  Prints "ok" or why not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ct_elf.h"

static int ct_check(const char *path, const char *want)
{
	struct ct_elf_info a, b;
	int ok;

	if (ct_elf_inspect(path, &a) != 0 || ct_elf_inspect(path, &b) != 0) {
		printf("cannot inspect %s\n", path);
		return 0;
	}
	ok = a.soname && b.soname && !strcmp(a.soname, want) && !strcmp(b.soname, want) &&
	     a.soname != b.soname && a.is_dso && a.size == b.size && a.size > 0;
	if (!ok)
		printf("%s: soname %s / %s, want %s\n", path, a.soname ? a.soname : "(none)",
		       b.soname ? b.soname : "(none)", want);
	ct_elf_info_free(&a);
	ct_elf_info_free(&b);
	return ok;
}

int main(int argc, char **argv)
{
	struct ct_elf_info none;
	char line[16];
	int i;

	if (ct_elf_inspect("/nonexistent/libx.so", &none) != -1 || none.realpath) {
		printf("a missing file inspected\n");
		return 1;
	}
	for (i = 2; i < argc; i++) {
		ct_elf_memo_pass();   /* each change comes between two merges */
		if (!fgets(line, sizeof(line), stdin) || !ct_check(argv[1], argv[i]))
			return 1;
	}
	printf("ok\n");
	return 0;
}
