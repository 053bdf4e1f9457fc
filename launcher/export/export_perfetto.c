/*
 * export_perfetto.c -- `coldtrace export --perfetto [RUN] [-o FILE]`: the
 * run's record as a Perfetto TrackEvent trace (RUN_DIR/trace.pftrace).
 *
 * It reads record.json, not the raw event logs: the record holds what the
 * trace draws (imports, dlopens and their loader phases, initialisers,
 * file-system runs, exit windows, threads, children), and stays readable
 * after the logs are gone.  Exit status: 0; 2 for a run that cannot be
 * read or has no process; 125 when the output cannot be written.
 * Never: a partial trace left behind.
 */
#include <errno.h>
#include <string.h>

#include "cmds.h"
#include "export.h"
#include "export_pf.h"
#include "lib/msg.h"
#include "report/load.h"

static int ct_pf_out(FILE *out, void *arg, char *what, size_t n)
{
	struct ct_pf *pf = arg;

	snprintf(what, n, "(%zu slices on %zu tracks); open it in https://ui.perfetto.dev",
		 pf->ns, pf->ntr);
	return ct_pf_write(out, pf);
}

int ct_export_perfetto(const struct ct_rctx *c, const char *out_path)
{
	struct ct_pf pf;
	int rc;

	if (!cJSON_GetArraySize(ct_rget(c->rec, "processes"))) {
		ct_msg("'%s' holds no process (processes[] is empty or missing): nothing to trace",
		       c->path);
		return CT_STATUS_USAGE;
	}
	memset(&pf, 0, sizeof(pf));
	if (ct_pf_build(&pf, c->rec) < 0) {
		ct_msg("cannot build the trace of '%s': %s", c->path, strerror(ENOMEM));
		rc = CT_STATUS_TOOL;
	} else
		rc = ct_export_write(c->dir, "trace.pftrace", out_path, ct_pf_out, &pf);
	ct_pf_free(&pf);
	return rc;
}
