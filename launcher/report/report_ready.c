/*
 * report_ready.c -- the overview's times to first output and to ready
 * (ct-launch --ready: which condition fired, who listened, how the run
 * ended), and the line that ends "where the time went" at ready.
 *
 * Everything comes from the record's timing{}, ready{}, not_ready{} and
 * processes[].ready_ns / after_ready_ns.  Never: "ready" said of a run
 * without ready{}, or a stop by coldtrace shown as the service's failure.
 */
#include <string.h>

#include "lib/fmt.h"
#include "report.h"

cJSON *ct_rsec_ready(const cJSON *rec)
{
	const cJSON *t = ct_rget(rec, "timing"), *rd = ct_rget(rec, "ready");
	const cJSON *nr = ct_rget(rec, "not_ready"), *lis = ct_rget(rd, "listener");
	const cJSON *stop = ct_rget(cJSON_IsObject(rd) ? rd : nr, "stop");
	cJSON *o = cJSON_CreateObject();

	ct_add_num(o, "first_stdout_ms", (double)ct_rint(t, "time_to_first_stdout_ms"));
	ct_add_num(o, "ready_ms", (double)ct_rint(t, "time_to_ready_ms"));
	ct_add_item(o, "condition", cJSON_Duplicate(ct_rget(rd, "spec"), 1));
	ct_add_item(o, "detail", cJSON_Duplicate(ct_rget(rd, "detail"), 1));
	ct_add_item(o, "at_ready", cJSON_Duplicate(ct_rget(rd, "at_ready"), 1));
	ct_add_num(o, "listener_pid", (double)ct_rint(lis, "pid"));
	ct_add_bool(o, "listener_is_root", cJSON_IsTrue(ct_rget(lis, "is_root")));
	ct_add_bool(o, "stopped", cJSON_IsObject(stop) &&
			      !cJSON_IsTrue(ct_rget(stop, "exited_first")));
	ct_add_bool(o, "sigkill", cJSON_IsTrue(ct_rget(stop, "sigkill")));
	ct_add_item(o, "not_ready", cJSON_Duplicate(ct_rget(nr, "reason"), 1));
	ct_add_num(o, "not_ready_ms", (double)ct_rint(nr, "ms"));
	return o;
}

static void ct_show_ready_line(FILE *out, const cJSON *r)
{
	char text[1024], ms[32], who[64] = "";
	int n;

	if (ct_rint(r, "listener_pid") > 0)
		snprintf(who, sizeof(who), "; listening: pid %lld%s", (long long)ct_rint(r, "listener_pid"),
			 cJSON_IsTrue(ct_rget(r, "listener_is_root")) ? " (the command)" : "");
	n = snprintf(text, sizeof(text), "%s by %s: %s%s",
		     ct_fmt_ms(ms, sizeof(ms), ct_rscaled(r, "ready_ms", 1000000)),
		     ct_rstr(r, "condition"), ct_rstr(r, "detail") ? ct_rstr(r, "detail") : "-", who);
	if (cJSON_IsTrue(ct_rget(r, "stopped")) && n > 0 && (size_t)n < sizeof(text))
		snprintf(text + n, sizeof(text) - (size_t)n, "; stopped by coldtrace at ready (%s)",
			 cJSON_IsTrue(ct_rget(r, "sigkill")) ? "SIGTERM, then SIGKILL" : "SIGTERM");
	ct_fmt_hang(out, "  ready", 13, text);
}

void ct_rshow_ready(FILE *out, const cJSON *r)
{
	char ms[32], text[256];

	if (ct_rint(r, "first_stdout_ms") >= 0)
		fprintf(out, "  output     first stdout after %s\n",
			ct_fmt_ms(ms, sizeof(ms), ct_rscaled(r, "first_stdout_ms", 1000000)));
	if (ct_rint(r, "ready_ms") >= 0 && ct_rstr(r, "condition"))
		ct_show_ready_line(out, r);
	if (ct_rstr(r, "not_ready")) {
		snprintf(text, sizeof(text), "never: %s after %s",
			 !strcmp(ct_rstr(r, "not_ready"), "timeout") ? "--ready-timeout, stopped"
								: "the command exited",
			 ct_fmt_ms(ms, sizeof(ms), ct_rscaled(r, "not_ready_ms", 1000000)));
		ct_fmt_hang(out, "  ready", 13, text);
	}
}

/* Of one image's traced lifetime: where ready fell, and what came after. */
void ct_rtime_ready(cJSON *img, const cJSON *proc)
{
	if (ct_rint(proc, "after_ready_ns") < 0)
		return;
	ct_add_num(img, "ready_ns", (double)ct_rint(proc, "ready_ns"));
	ct_add_num(img, "after_ready_ns", (double)ct_rint(proc, "after_ready_ns"));
}

void ct_rshow_time_ready(FILE *out, const cJSON *img)
{
	char a[32], b[32];

	if (ct_rint(img, "after_ready_ns") < 0)
		return;
	if (ct_rint(img, "ready_ns") >= 0)
		fprintf(out, "  ready %s after this image started; the parts above end there but %s "
			     "after ready\n", ct_fmt_ms(a, sizeof(a), ct_rint(img, "ready_ns")),
			ct_fmt_ms(b, sizeof(b), ct_rint(img, "after_ready_ns")));
	else
		fprintf(out, "  this image started after ready: all of it is after ready\n");
}
