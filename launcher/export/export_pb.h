/*
 * export_pb.h -- a protobuf wire-format writer, just what a Perfetto
 * trace needs: varints, fixed64, length-delimited strings and nested
 * messages (export_pb.c).
 *
 * Wire format: each field is a key varint (field number << 3 | wire type)
 * then its value; type 0 varint, 1 fixed64 (little-endian), 2 a varint
 * length then that many bytes (strings, nested messages).  Never: a
 * length that is not the nested message's size, an invalid UTF-8 string.
 */
#ifndef CT_EXPORT_PB_H
#define CT_EXPORT_PB_H

#include <stddef.h>
#include <stdint.h>

struct ct_pb {
	uint8_t *b;
	size_t n, cap;
	int oom;                /* a grow failed: the buffer is no longer whole */
};

void ct_pb_varint(struct ct_pb *p, uint32_t field, uint64_t v);
void ct_pb_fixed64(struct ct_pb *p, uint32_t field, uint64_t v);
/* s as a protobuf string: invalid UTF-8 bytes become U+FFFD. */
void ct_pb_str(struct ct_pb *p, uint32_t field, const char *s);
/* A nested message: its fields go between begin and end (which writes
 * its length in front of them); begin's value is end's mark. */
size_t ct_pb_begin(struct ct_pb *p, uint32_t field);
void ct_pb_end(struct ct_pb *p, size_t mark);
void ct_pb_free(struct ct_pb *p);

#endif
