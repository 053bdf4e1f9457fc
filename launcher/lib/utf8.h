/*
 * utf8.h -- the one rule for bytes that are not UTF-8 (lib/utf8.c).
 *
 * argv, cwd and paths are bytes; everything coldtrace writes as JSON or
 * HTML is UTF-8.  The rule, for every writer: a byte that does not start
 * a valid sequence becomes U+FFFD; where the exact bytes matter, the
 * record keeps them in a sibling "<key>_bytes" field, percent-escaped
 * (docs/record.md, "Bytes that are not UTF-8").
 */
#ifndef CT_UTF8_H
#define CT_UTF8_H

#include <stddef.h>

#define CT_UTF8_REPLACEMENT "\xef\xbf\xbd"   /* U+FFFD */

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 if none:
 * no overlong forms, no surrogates, nothing past U+10FFFF. */
size_t ct_utf8_len(const unsigned char *s, size_t n);
/* Whether the n bytes at s are all valid UTF-8. */
int ct_utf8_valid(const char *s, size_t n);
/* s with each invalid byte as U+FFFD (malloc'd; NULL without memory). */
char *ct_utf8_fix(const char *s);
/* s's bytes with each byte that is not part of a valid sequence, and
 * each '%', as %XX (upper-case hex): decodes back to s exactly
 * (Python: urllib.parse.unquote_to_bytes).  malloc'd; NULL without memory. */
char *ct_bytes_escape(const char *s);
/* k, or less: s cut to that many bytes (s has more) ends on a whole UTF-8
 * sequence, so text cut for a width or a buffer stays valid UTF-8 */
size_t ct_utf8_cut(const char *s, size_t k);

#endif
