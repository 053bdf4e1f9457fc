/*
 * cuda_class.c -- the CUDA catalogue (launcher/elf/cuda.c) on file names: reads
 * one name or path per line on stdin, prints "NAME<TAB>CLASS" ("none" when
 * it is no CUDA library).  No realpath is given, so no file is read.
 */
#include <stdio.h>
#include <string.h>

#include "ct_elf.h"
#include "cuda.h"

/* Links without elf.c: with no realpath the content test is never made. */
int ct_elf_is_cuda_stub(const char *path)
{
	(void)path;
	return 0;
}

int main(void)
{
	char line[4096];
	const char *cls;

	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		cls = ct_cuda_class(line, NULL);
		printf("%s\t%s\n", line, cls ? cls : "none");
	}
	return fclose(stdout) != 0;
}
