/*
 * html_out.c -- every byte of a record that reaches the page goes through
 * here: text and attribute values escaped, the JSON block made unable to
 * close its <script> element, and whatever is not UTF-8 replaced.
 *
 * A record holds paths as the kernel gave them: quotes, '<', '&',
 * newlines and invalid UTF-8 are all possible.  Never: a '<' or '&' of a
 * record string written as itself, or an invalid UTF-8 sequence written
 * at all (the page declares UTF-8).
 */
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "lib/json.h"
#include "lib/utf8.h"
#include "html.h"

/* A control character as its picture: U+2400 + c, DEL as U+2421. */
static void ct_put_picture(FILE *out, unsigned char c)
{
	unsigned cp = c == 0x7f ? 0x2421 : 0x2400 + c;

	fputc(0xe0 | cp >> 12, out);
	fputc(0x80 | (cp >> 6 & 0x3f), out);
	fputc(0x80 | (cp & 0x3f), out);
}

static const char *ct_html_entity(unsigned char c)
{
	switch (c) {
	case '&': return "&amp;";
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '"': return "&quot;";
	case '\'': return "&#39;";
	}
	return NULL;
}

/* The UTF-8 sequence that starts p (n bytes left) as itself, or one byte
 * that starts none as U+FFFD: how many bytes of p were used. */
static size_t ct_put_utf8(FILE *out, const unsigned char *p, size_t n)
{
	size_t len = ct_utf8_len(p, n);

	if (!len) {
		fputs(CT_UTF8_REPLACEMENT, out);
		return 1;
	}
	fwrite(p, 1, len, out);
	return len;
}

void ct_html_textn(FILE *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	while (i < n) {
		if (ct_html_entity(p[i]))
			fputs(ct_html_entity(p[i++]), out);
		else if (p[i] < 0x20 || p[i] == 0x7f)
			ct_put_picture(out, p[i++]);
		else
			i += ct_put_utf8(out, p + i, n - i);
	}
}

void ct_html_text(FILE *out, const char *s)
{
	if (s)
		ct_html_textn(out, s, strlen(s));
}

/* JSON text: outside strings it holds no '<', '>' or '&', inside them the
 * escapes mean the same characters, so every one can be escaped. */
static void ct_html_json_text(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n = strlen(s);

	while (i < n) {
		if (p[i] == '<' || p[i] == '>' || p[i] == '&')
			fprintf(out, "\\u%04x", p[i++]);
		else
			i += ct_put_utf8(out, p + i, n - i);
	}
}

void ct_html_json(FILE *out, const cJSON *j)
{
	char *text = ct_json_print_flat(j);

	ct_html_json_text(out, text ? text : "null");
	free(text);
}

/* The cell's end tag is left out (the next cell or row closes it); so
 * is data-v when the text starts with v, as page.js then reads it. */
void ct_html_num_cell(FILE *out, const char *cls, int64_t v, const char *text)
{
	char num[24];
	size_t n = (size_t)snprintf(num, sizeof(num), "%lld", (long long)v);

	fprintf(out, cls ? "<td class=%s" : "<td", cls);
	if (strncmp(text, num, n) || (text[n] && text[n] != ' '))
		fprintf(out, " data-v=%s", num);
	fputc('>', out);
	ct_html_text(out, text);
}

void ct_html_num_td(FILE *out, int64_t v, const char *text)
{
	ct_html_num_cell(out, "n", v, text);
}

void ct_html_ms_cell(FILE *out, const char *cls, int64_t ns)
{
	char buf[32];

	ct_html_num_cell(out, cls, ns, ct_fmt_ms(buf, sizeof(buf), ns));
}

void ct_html_size_cell(FILE *out, const char *cls, int64_t bytes)
{
	char buf[32];

	ct_html_num_cell(out, cls, bytes, ct_fmt_size(buf, sizeof(buf), bytes));
}

void ct_html_size_td(FILE *out, int64_t bytes)
{
	ct_html_size_cell(out, "n", bytes);
}

/* Where a cut at byte n of s falls back to: not inside a UTF-8 sequence. */
static size_t ct_utf8_back(const char *s, size_t n)
{
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	return n;
}

void ct_html_path(FILE *out, const char *path)
{
	size_t len = path ? strlen(path) : 0, head, tail;
	const char *base = path ? strrchr(path, '/') : NULL;

	tail = base ? (size_t)(path + len - base) : 0;
	tail = tail < CT_HTML_PATH_TAIL ? CT_HTML_PATH_TAIL : tail;
	if (len <= CT_HTML_PATH_HEAD + tail + 3) {
		ct_html_text(out, path);
		return;
	}
	head = ct_utf8_back(path, CT_HTML_PATH_HEAD);
	tail = ct_utf8_back(path, len - tail);
	fputs("<span title=\"", out);
	ct_html_text(out, path);
	fputs("\">", out);
	ct_html_textn(out, path, head);
	fputs("&hellip;", out);
	ct_html_text(out, path + tail);
	fputs("</span>", out);
}

void ct_html_str_td(FILE *out, const char *s)
{
	fputs("<td>", out);
	ct_html_text(out, s);
}

/* A class-name word from a record value: kept when it is [a-z0-9_-]
 * (every kind, how and part the merger writes), else "other". */
void ct_html_token(FILE *out, const char *s)
{
	size_t n = s ? strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_-") : 0;

	fputs(n && !s[n] && n < 40 ? s : "other", out);
}

/* Percent-encoding leaves nothing that an attribute or a URL parser reads
 * as syntax: no quote, '&', '#', '?', ':' or space survives. */
void ct_html_url(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p; p++) {
		if (strchr("._~/-", *p) || (*p >= '0' && *p <= '9') || ((*p | 0x20) >= 'a' &&
									  (*p | 0x20) <= 'z'))
			fputc(*p, out);
		else
			fprintf(out, "%%%02X", *p);
	}
}

void ct_html_pid_td(FILE *out, const cJSON *proc)
{
	char pid[24];

	snprintf(pid, sizeof(pid), "%lld", (long long)ct_rint(proc, "pid"));
	ct_html_num_td(out, ct_rint(proc, "pid"), pid);
}

/* A filter box and the table's head; columns are the page's own words. */
void ct_html_table_head(FILE *out, const char *id, const char *const *cols, size_t n)
{
	size_t i;

	fprintf(out, "<div class=tctl><input class=filter data-table=%s type=search "
		"placeholder=\"filter rows\"></div>\n<table class=sortable id=%s><thead><tr>", id, id);
	for (i = 0; i < n; i++)
		fprintf(out, "<th>%s</th>", cols[i]);
	fputs("</tr></thead>\n", out);
}
