/*
 * utf8.c -- the one rule for bytes that are not UTF-8: U+FFFD in text,
 * the exact bytes percent-escaped where a record keeps them.
 *
 * Never: a sequence taken as valid that Python's strict UTF-8 decoder
 * refuses (overlong forms, surrogates, past U+10FFFF), or a read past
 * the n bytes given.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

size_t ct_utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}

/* Whether none of the n bytes at s has its high bit set, 8 at a time. */
static int ct_ascii(const char *s, size_t n)
{
	uint64_t w, any = 0;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		any |= w;
	}
	for (; i < n; i++)
		any |= (unsigned char)s[i];
	return !(any & 0x8080808080808080ull);
}

int ct_utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, len;

	if (ct_ascii(s, n))
		return 1;
	while (i < n && (len = ct_utf8_len(p + i, n - i)))
		i += len;
	return i == n;
}

/* s rewritten: valid sequences kept, every other byte (and, escaping,
 * every '%') as U+FFFD or as %XX. */
static char *ct_utf8_rewrite(const char *s, int escape)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, out = 0, len;
	char *copy = malloc(n * 3 + 1);

	while (copy && i < n) {
		len = escape && p[i] == '%' ? 0 : ct_utf8_len(p + i, n - i);
		if (len) {
			memcpy(copy + out, p + i, len);
			out += len, i += len;
		} else if (escape) {
			copy[out++] = '%';
			copy[out++] = hex[p[i] >> 4];
			copy[out++] = hex[p[i++] & 15];
		} else {
			memcpy(copy + out, CT_UTF8_REPLACEMENT, 3);
			out += 3, i++;
		}
	}
	if (copy)
		copy[out] = '\0';
	return copy;
}

char *ct_utf8_fix(const char *s)
{
	return ct_utf8_rewrite(s, 0);
}

char *ct_bytes_escape(const char *s)
{
	return ct_utf8_rewrite(s, 1);
}

size_t ct_utf8_cut(const char *s, size_t k)
{
	while (k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80)
		k--;
	return k;
}
