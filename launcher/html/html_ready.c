/*
 * html_ready.c -- the timeline's "ready" lane (ct-launch --ready): one
 * mark at the moment the condition fired, its details on hover, so the
 * start-up before it and the stop after it are told apart at a glance.
 *
 * From the record's ready{} only.  Never a lane for a run without it.
 */
#include "html_tl.h"

void ct_html_tl_ready(struct ct_page *pg)
{
	const cJSON *rd = ct_rget(pg->c->rec, "ready");
	struct ct_tl t = { .pg = pg };
	char text[64];
	int64_t ts = ct_rint(rd, "t_ns");
	int i;

	if (!cJSON_IsObject(rd) || ts <= 0)
		return;
	i = ct_bar_detail(pg, "ready", (int)ct_rint(ct_rget(pg->c->rec, "process"), "pid"), rd, NULL);
	snprintf(text, sizeof(text), "ready %lld ms", (long long)ct_rint(rd, "ms"));
	fprintf(pg->out, "<div class=\"lane ready\"><div class=lab>ready (%s)</div>"
		"<div class=trk style=\"height:%dpx\">", ct_rstr(rd, "condition") ?
		ct_rstr(rd, "condition") : "?", CT_ROW_PX + 4);
	ct_bar(&t, "ready", NULL, ts, ts, 0, i, text);
	fputs("</div></div>\n", pg->out);
}
