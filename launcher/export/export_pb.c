/*
 * export_pb.c -- the protobuf wire-format writer of export_pb.h.
 *
 * A nested message is written in place and its length put in front of it
 * at ct_pb_end (a memmove of the message by its length's size), so no
 * message is built twice.  Never: a write past the buffer; a partial
 * buffer taken for a whole one (oom says so).
 */
#include <stdlib.h>
#include <string.h>

#include "export_pb.h"
#include "lib/json.h"

static int ct_pb_room(struct ct_pb *p, size_t more)
{
	size_t cap = p->cap ? p->cap : 4096;
	uint8_t *b;

	if (p->oom)
		return -1;
	while (cap - p->n < more)
		cap *= 2;
	if (cap == p->cap)
		return 0;
	b = realloc(p->b, cap);
	if (!b) {
		p->oom = 1;
		return -1;
	}
	p->b = b;
	p->cap = cap;
	return 0;
}

/* v's varint bytes into out (10 at most); their count. */
static size_t ct_pb_enc(uint8_t *out, uint64_t v)
{
	size_t n = 0;

	do {
		out[n++] = (uint8_t)(v & 0x7f) | (v > 0x7f ? 0x80 : 0);
		v >>= 7;
	} while (v);
	return n;
}

static void ct_pb_raw_varint(struct ct_pb *p, uint64_t v)
{
	if (ct_pb_room(p, 10) == 0)
		p->n += ct_pb_enc(p->b + p->n, v);
}

void ct_pb_varint(struct ct_pb *p, uint32_t field, uint64_t v)
{
	ct_pb_raw_varint(p, (uint64_t)field << 3);
	ct_pb_raw_varint(p, v);
}

void ct_pb_fixed64(struct ct_pb *p, uint32_t field, uint64_t v)
{
	int i;

	ct_pb_raw_varint(p, (uint64_t)field << 3 | 1);
	if (ct_pb_room(p, 8) < 0)
		return;
	for (i = 0; i < 8; i++)
		p->b[p->n++] = (uint8_t)(v >> (8 * i));
}

void ct_pb_str(struct ct_pb *p, uint32_t field, const char *s)
{
	cJSON *valid = ct_str_json(s ? s : "");   /* the UTF-8 rule of every writer */
	const char *t = valid ? valid->valuestring : "";
	size_t len = strlen(t);

	ct_pb_raw_varint(p, (uint64_t)field << 3 | 2);
	ct_pb_raw_varint(p, len);
	if (ct_pb_room(p, len) == 0) {
		memcpy(p->b + p->n, t, len);
		p->n += len;
	}
	cJSON_Delete(valid);
}

size_t ct_pb_begin(struct ct_pb *p, uint32_t field)
{
	ct_pb_raw_varint(p, (uint64_t)field << 3 | 2);
	return p->n;
}

void ct_pb_end(struct ct_pb *p, size_t mark)
{
	uint8_t len[10];
	size_t k;

	if (p->oom || mark > p->n)
		return;
	k = ct_pb_enc(len, p->n - mark);
	if (ct_pb_room(p, k) < 0)
		return;
	memmove(p->b + mark + k, p->b + mark, p->n - mark);
	memcpy(p->b + mark, len, k);
	p->n += k;
}

void ct_pb_free(struct ct_pb *p)
{
	free(p->b);
	memset(p, 0, sizeof(*p));
}
