/*
 * exec.c -- the wheel's `coldtrace` and `ct-launch` on the PATH: each
 * execs the one real CLI, <prefix>/lib/coldtrace/coldtrace.
 *
 * A wheel holds no symlinks, and pip puts its scripts in <prefix>/bin and
 * its data in <prefix>, so the CLI lives in lib/coldtrace/ beside the shim
 * and the audit library (where it finds them, and where the shim finds it
 * for a bare run's merge), and these two copies of this program stand in
 * for `make install`'s bin/coldtrace and its ct-launch symlink.  Never: a
 * change to argv (argv[0] names the command: "ct-launch" is `coldtrace
 * run`), to the environment, or a second line on stderr.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CT_WHEEL_CLI "/../lib/coldtrace/coldtrace"

int main(int argc, char **argv)
{
	char self[PATH_MAX], cli[PATH_MAX + sizeof(CT_WHEEL_CLI)], *slash;

	(void)argc;
	if (!realpath("/proc/self/exe", self)) {
		fprintf(stderr, "coldtrace: cannot locate itself (realpath /proc/self/exe): %s\n",
			strerror(errno));
		return 125;
	}
	slash = strrchr(self, '/');
	*slash = '\0';
	snprintf(cli, sizeof(cli), "%s%s", self, CT_WHEEL_CLI);
	execv(cli, argv);
	fprintf(stderr, "coldtrace: cannot run %s (execv): %s (reinstall the wheel)\n", cli,
		strerror(errno));
	return errno == ENOENT ? 127 : 126;
}
