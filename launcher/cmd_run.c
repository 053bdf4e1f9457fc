/*
 * cmd_run.c -- `ct-launch` / `coldtrace run`: one traced run (run/), or a
 * series of them (series/) with -n, --warmup, --cache or --drop-caches.
 *
 * Here, not in run/ or series/: series/ runs each of its runs through
 * run/, and run/ may not depend on series/ (tests/layers.py).  Never: a
 * single run (no series option) that behaves in any way differently from
 * before series existed.
 */
#include <string.h>

#include "cmds.h"
#include "run/launch.h"
#include "series/load.h"

int ct_cmd_run(int argc, char **argv, const char *mode)
{
	struct ct_run_opts o;
	int rc = ct_run_parse(argc, argv, !strcmp(mode, "ct-launch") ? "ct-launch" : "coldtrace run",
			      &o);

	if (rc < 0 && o.repeat == 1 && o.warmup < 0 && o.cache == CT_CACHE_DEFAULT &&
	    !o.drop_caches)
		rc = ct_run_once(&o, mode, NULL);   /* today's single run, unchanged */
	else if (rc < 0)
		rc = ct_series_run(&o, mode);
	ct_run_opts_free(&o);
	return rc;
}
