/*
 * cmds.h -- the subcommands the coldtrace binary dispatches to.
 *
 * Each takes the argument vector starting at its own name (argv[0] is
 * "run", "report", ... or "ct-launch") and returns the process exit status;
 * none of them calls exit() so main() can flush and close stdout.
 */
#ifndef CT_CMDS_H
#define CT_CMDS_H

#define CT_VERSION "0.1.0"

/*
 * The launcher's own exit statuses (any other is the child's).  One
 * convention for every ct_cmd_* and for the loaders and writers whose
 * result it returns: 0 on success, else one of these by name (never a bare
 * number), its message already printed (ct_msg, ct_usage_error).
 */
#define CT_STATUS_USAGE    2     /* a usage error, or input that cannot be read */
#define CT_STATUS_TIMEOUT  124   /* --ready's wait ran out, as timeout(1) */
#define CT_STATUS_TOOL     125   /* coldtrace itself failed: output not written */
#define CT_STATUS_NOEXEC   126   /* CMD found but cannot be run */
#define CT_STATUS_NOTFOUND 127   /* CMD not found */

/* ct-launch / coldtrace run.  mode: "ct-launch" or "coldtrace-run".  In
 * cmd_run.c: with -n, --warmup or --cache it runs a series (series/), and
 * run/ may not depend on series/ (tests/layers.py). */
int ct_cmd_run(int argc, char **argv, const char *mode);
/* coldtrace merge RUNDIR: record.json of a bare run (the shim runs it at
 * the root process's exit); merge/merge_cmd.c */
int ct_cmd_merge(int argc, char **argv);
int ct_cmd_report(int argc, char **argv);
int ct_cmd_html(int argc, char **argv);      /* coldtrace report --html */
/* report of a series directory (series/), else ct_cmd_report. */
int ct_cmd_report_any(int argc, char **argv);
int ct_cmd_export(int argc, char **argv);
int ct_cmd_dump(int argc, char **argv);
int ct_cmd_diff(int argc, char **argv);

#endif
