/*
 * html_file.c -- what every page the CLI writes shares: the skeleton (one
 * document, its Content-Security-Policy, the style and script inline) and
 * the file written whole.
 *
 * A page is written to FILE.tmp.<pid> and renamed over FILE, so a reader
 * never sees half a page.  Never: a page that names a resource outside
 * itself -- its policy forbids any, so it opens from file:// on a machine
 * without network.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "cmds.h"
#include "lib/msg.h"
#include "html.h"

static void ct_html_doc(FILE *out, const struct ct_html_doc *doc)
{
	fputs("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n"
	      "<meta http-equiv=Content-Security-Policy content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
	      "<meta name=viewport content=\"width=device-width\">\n<title>coldtrace: ", out);
	ct_html_text(out, doc->title);
	fprintf(out, "</title>\n<style>\n%s%s</style>\n</head>\n<body>\n", ct_html_page_css,
		doc->css ? doc->css : "");
	doc->body(out, doc->arg);
	fprintf(out, "<script>\n%s</script>\n</body></html>\n", doc->js);
}

int ct_html_file(const char *file, const struct ct_html_doc *doc)
{
	char tmp[4200];
	FILE *out;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp.%d", file, (int)getpid()) >= sizeof(tmp)) {
		ct_msg("cannot write '%s': %s", file, strerror(ENAMETOOLONG));
		return CT_STATUS_TOOL;
	}
	out = fopen(tmp, "w");
	if (!out) {
		ct_msg("cannot write '%s': %s", file, strerror(errno));
		return CT_STATUS_TOOL;
	}
	ct_html_doc(out, doc);
	if (ferror(out) | fclose(out) || rename(tmp, file) < 0) {
		ct_msg("cannot write '%s': %s", file, strerror(errno));
		unlink(tmp);
		return CT_STATUS_TOOL;
	}
	return 0;
}
