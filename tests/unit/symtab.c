/*
 * symtab.c -- launcher/elf/symtab.c against the symbol table itself:
 * reads "ADDR NAME" lines (hex ELF address, the expected function) and
 * names the frame "OBJ+0xADDR" of each, three times over: the first lookups
 * are scans of the unsorted table, the later ones searches of the sorted
 * one; the second time each address is written with a leading zero (a
 * frame not named yet, searched), the third time as the first (a frame
 * already named, remembered).  Prints "ADDR NAME" as named, for
 * tests/unit/symtab.sh to compare.  With a second argument CUT (a copy of
 * the object), names the first address in CUT, cuts CUT to 64 bytes under
 * the mapping, then names the others there: each must come back unnamed,
 * the process alive (SIGBUS caught), and CUT named as faulted last.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "symtab.h"

static int ct_name_all(const char *obj, char (*addrs)[32], int n, const char *zero)
{
	char frame[4200], out[4600], name[256];
	unsigned long long off;

	for (int i = 0; i < n; i++) {
		snprintf(frame, sizeof(frame), "%s+0x%s%s", obj, zero, addrs[i]);
		ct_symtab_frame(frame, out, sizeof(out));
		name[0] = '\0';
		if (sscanf(out + strlen(frame), " %255[^+]+0x%llx", name, &off) != 2 || off)
			printf("%s (unnamed: %s)\n", addrs[i], out);
		else
			printf("%s %s\n", addrs[i], name);
	}
	return 0;
}

int main(int argc, char **argv)
{
	static char addrs[512][32];
	char line[512], name[256];
	int n = 0;

	if (argc != 2 && argc != 3)
		return 2;
	while (n < 512 && fgets(line, sizeof(line), stdin))
		if (sscanf(line, "%31s %255s", addrs[n], name) == 2)
			n++;
	if (argc == 3 && n > 1) {
		int i = 0;

		ct_name_all(argv[2], addrs, 1, "");
		if (truncate(argv[2], 64) != 0)
			return 2;
		ct_name_all(argv[2], addrs + 1, n - 1, "");
		printf("faulted: %s\n", ct_symtab_faulted(&i));
	} else {
		ct_name_all(argv[1], addrs, n, "");
		ct_name_all(argv[1], addrs, n, "0");
		ct_name_all(argv[1], addrs, n, "");
	}
	ct_symtab_reset();
	return fclose(stdout) != 0;
}
