/*
 * json_print.c -- a cJSON tree as text, byte for byte what cJSON_Print
 * (cJSON 1.7.15) writes: objects one member a line, indented by tabs,
 * "key":<tab>value; arrays on one line, ", " between elements.
 *
 * cJSON's printer asks for room and formats byte by byte: 27 M
 * instructions for the 1.4 MB record of a torch run, a quarter of the
 * launcher's work after the command.  Here strings go out in runs
 * between the bytes that need escaping, into one buffer that doubles.
 * tests/unit/json_print compares the two printers on every record the
 * tests made.  Every string goes out by the rule of lib/utf8.h (a byte
 * that is not UTF-8 as U+FFFD), whatever made the tree: so no JSON that
 * coldtrace writes can fail a strict UTF-8 decoder.  Never: a text that
 * differs from cJSON_Print's (or, flat, cJSON_PrintUnformatted's) for a
 * tree of valid UTF-8.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

struct ct_jout {
	char *buf;
	size_t len, cap;
	int failed;
	int flat;   /* cJSON_PrintUnformatted's shape: no newlines, tabs or spaces */
};

/* Room for n more bytes and a NUL: the buffer doubled as needed. */
static __attribute__((noinline)) char *ct_jgrow(struct ct_jout *o, size_t n)
{
	size_t cap = o->cap ? o->cap : 4096;
	char *more;

	if (o->failed)
		return NULL;
	while (cap - o->len <= n)
		cap *= 2;
	if (cap != o->cap) {
		more = realloc(o->buf, cap);
		if (!more) {
			o->failed = 1;
			return NULL;
		}
		o->buf = more;
		o->cap = cap;
	}
	return o->buf + o->len;
}

static inline char *ct_jroom(struct ct_jout *o, size_t n)
{
	/* after a failure, writes that fit go to the buffer dropped with it */
	if (__builtin_expect(o->cap - o->len > n, 1))
		return o->buf + o->len;
	return ct_jgrow(o, n);
}

static void ct_jput(struct ct_jout *o, const char *s, size_t n)
{
	char *p = ct_jroom(o, n);

	if (p) {
		memcpy(p, s, n);
		o->len += n;
	}
}

static void ct_jtabs(struct ct_jout *o, size_t n)
{
	char *p = ct_jroom(o, n);

	if (p) {
		memset(p, '\t', n);
		o->len += n;
	}
}

/* The bytes a JSON string cannot hold as they are (and NUL, its end),
 * and the bytes that start a sequence to check (2). */
static const unsigned char ct_jspecial[256] = {
	[0 ... 31] = 1, ['"'] = 1, ['\\'] = 1, [0x80 ... 0xff] = 2,
};

/* The sequence at p: as it is when valid UTF-8, else U+FFFD; its length.
 * A NUL ends a sequence early, so no byte past the string's is read. */
static size_t ct_jutf8(struct ct_jout *o, const unsigned char *p)
{
	size_t n = ct_utf8_len(p, 4);

	if (n)
		ct_jput(o, (const char *)p, n);
	else
		ct_jput(o, CT_UTF8_REPLACEMENT, 3);
	return n ? n : 1;
}

static void ct_jescape(struct ct_jout *o, unsigned char c)
{
	static const char short_form[32] = { ['\b'] = 'b', ['\f'] = 'f', ['\n'] = 'n',
					     ['\r'] = 'r', ['\t'] = 't' };
	char esc[8];

	if (c >= 32)
		snprintf(esc, sizeof(esc), "\\%c", c);
	else if (short_form[c])
		snprintf(esc, sizeof(esc), "\\%c", short_form[c]);
	else
		snprintf(esc, sizeof(esc), "\\u%04x", c);
	ct_jput(o, esc, strlen(esc));
}

static void ct_jstring(struct ct_jout *o, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : ""), *run;

	ct_jput(o, "\"", 1);
	while (*p) {
		for (run = p; !ct_jspecial[*p]; p++)
			;
		ct_jput(o, (const char *)run, (size_t)(p - run));
		if (ct_jspecial[*p] == 2)
			p += ct_jutf8(o, p);
		else if (*p)
			ct_jescape(o, *p++);
	}
	ct_jput(o, "\"", 1);
}

/* cJSON's rule: %1.15g, or %1.17g when that does not read back as the
 * same double; NaN and infinities null. */
void ct_json_number_text(double d, char *text, size_t n)
{
	double back = 0;

	if (isnan(d) || isinf(d)) {
		snprintf(text, n, "null");
	} else {
		snprintf(text, n, "%1.15g", d);
		if (sscanf(text, "%lg", &back) != 1 ||
		    fabs(back - d) > fmax(fabs(back), fabs(d)) * DBL_EPSILON)
			snprintf(text, n, "%1.17g", d);
	}
}

static void ct_jnumber(struct ct_jout *o, const cJSON *item)
{
	char text[32];

	ct_json_number_text(item->valuedouble, text, sizeof(text));
	ct_jput(o, text, strlen(text));
}

static void ct_jvalue(struct ct_jout *o, const cJSON *item, size_t depth);

/* The length of a key that goes out as it is (no byte to escape or to
 * check), else 0. */
static size_t ct_jplain(const char *key)
{
	const unsigned char *p = (const unsigned char *)key;

	while (!ct_jspecial[*p])
		p++;
	return *p ? 0 : (size_t)(p - (const unsigned char *)key);
}

/* A member's indentation, key and colon: in one step for a plain key
 * (every key of coldtrace's own), a third of a record's printing. */
static void ct_jkey(struct ct_jout *o, const char *key, size_t tabs)
{
	size_t k = key ? ct_jplain(key) : 0;
	char *p;

	if (k && (p = ct_jroom(o, tabs + k + 4))) {
		for (size_t i = 0; i < tabs; i++)
			*p++ = '\t';
		*p++ = '"';
		memcpy(p, key, k);
		p += k;
		*p++ = '"';
		*p++ = ':';
		if (!o->flat)
			*p++ = '\t';
		o->len = (size_t)(p - o->buf);
		return;
	}
	ct_jtabs(o, tabs);
	ct_jstring(o, key);
	ct_jput(o, ":\t", o->flat ? 1 : 2);
}

static void ct_jobject(struct ct_jout *o, const cJSON *item, size_t depth)
{
	const cJSON *c;

	ct_jput(o, "{\n", o->flat ? 1 : 2);
	for (c = item->child; c; c = c->next) {
		ct_jkey(o, c->string, o->flat ? 0 : depth + 1);
		ct_jvalue(o, c, depth + 1);
		if (!o->flat)
			ct_jput(o, c->next ? ",\n" : "\n", c->next ? 2 : 1);
		else if (c->next)
			ct_jput(o, ",", 1);
	}
	if (!o->flat)
		ct_jtabs(o, depth);
	ct_jput(o, "}", 1);
}

static void ct_jarray(struct ct_jout *o, const cJSON *item, size_t depth)
{
	const cJSON *c;

	ct_jput(o, "[", 1);
	for (c = item->child; c; c = c->next) {
		ct_jvalue(o, c, depth + 1);
		if (c->next)
			ct_jput(o, ", ", o->flat ? 1 : 2);
	}
	ct_jput(o, "]", 1);
}

static void ct_jvalue(struct ct_jout *o, const cJSON *item, size_t depth)
{
	switch (item->type & 0xFF) {
	case cJSON_NULL:
		ct_jput(o, "null", 4);
		break;
	case cJSON_False:
		ct_jput(o, "false", 5);
		break;
	case cJSON_True:
		ct_jput(o, "true", 4);
		break;
	case cJSON_Number:
		ct_jnumber(o, item);
		break;
	case cJSON_Raw:
		if (!item->valuestring)
			o->failed = 1;   /* cJSON_Print fails there too */
		else
			ct_jput(o, item->valuestring, strlen(item->valuestring));
		break;
	case cJSON_String:
		ct_jstring(o, item->valuestring);
		break;
	case cJSON_Array:
		ct_jarray(o, item, depth);
		break;
	case cJSON_Object:
		ct_jobject(o, item, depth);
		break;
	default:
		o->failed = 1;
	}
}

static char *ct_json_print_as(const cJSON *item, int flat)
{
	struct ct_jout o = { NULL, 0, 0, 0, flat };

	if (!item)
		return NULL;
	ct_jvalue(&o, item, 0);
	if (ct_jroom(&o, 1))
		o.buf[o.len] = '\0';
	if (o.failed) {
		free(o.buf);
		return NULL;
	}
	return o.buf;
}

char *ct_json_print(const cJSON *item)
{
	return ct_json_print_as(item, 0);
}

char *ct_json_print_flat(const cJSON *item)
{
	return ct_json_print_as(item, 1);
}
