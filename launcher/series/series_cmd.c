/*
 * series_cmd.c -- where a series meets `coldtrace report`: what names a
 * series (a series directory, or a run for the run report, or the newest
 * of the runs directory).  A series is run from launcher/cmd_run.c.
 *
 * Never: a run directory shown with the series report (SERIES/003 is a
 * run).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmds.h"
#include "lib/fmt.h"
#include "lib/msg.h"
#include "report/load.h"
#include "series.h"

static int ct_has(const char *dir, const char *name, const char *file)
{
	char path[4400];
	struct stat st;

	snprintf(path, sizeof(path), "%s%s%s/%s", dir, name ? "/" : "", name ? name : "", file);
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int ct_series_file(const char *arg)
{
	struct stat st;

	return !strcmp(ct_fmt_base(arg), "series.json") && stat(arg, &st) == 0 &&
	       S_ISREG(st.st_mode);
}

int ct_series_named(const char *arg)
{
	return ct_has(arg, NULL, "series.json") || ct_series_file(arg);
}

/* Names start with a UTC timestamp; a run found newest gives NULL (the
 * run report finds the newest run itself). */
static char *ct_series_newest(void)
{
	const char *env = getenv("COLDTRACE_DIR"), *runs = env && *env ? env : "runs";
	struct dirent **names = NULL;
	int i, k = scandir(runs, &names, NULL, alphasort), best = -1;
	char *out = NULL;

	for (i = 0; i < k; i++)
		if (names[i]->d_name[0] != '.' && (ct_has(runs, names[i]->d_name, "record.json") ||
						  ct_has(runs, names[i]->d_name, "series.json")))
			best = i;
	if (best >= 0 && ct_has(runs, names[best]->d_name, "series.json") &&
	    asprintf(&out, "%s/%s", runs, names[best]->d_name) < 0)
		out = NULL;
	for (i = 0; i < k; i++)
		free(names[i]);
	free(names);
	return out;
}

char *ct_series_resolve(const char *arg)
{
	if (!arg)
		return ct_series_newest();
	return ct_series_named(arg) ? strdup(arg) : NULL;
}

int ct_cmd_report_any(int argc, char **argv)
{
	struct ct_ropts o = { .top = 0 };
	const char *arg = NULL;
	char *series;
	int rc = ct_report_opts(argc, argv, &o, &arg);

	if (rc >= 0)
		return rc;
	series = o.pid ? NULL : ct_series_resolve(arg);   /* --pid: a run's process */
	if (!series)
		return ct_cmd_report(argc, argv);
	if (o.markdown || o.csv)
		ct_msg("'%s' is a series: --markdown and --csv export one run's tables "
		       "(name one of its runs; coldtrace diff --markdown compares series)", series);
	rc = o.markdown || o.csv ? CT_STATUS_USAGE
				 : ct_series_report(series, o.json, o.top ? o.top : 10, stdout);
	free(series);
	return rc;
}
