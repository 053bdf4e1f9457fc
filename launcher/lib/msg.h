/*
 * msg.h -- the CLI's messages to the user.
 *
 * Every line the launcher prints about itself goes through here, so each
 * starts with "coldtrace: ", ends with exactly one newline, and is written
 * with a single write(2): a message is never split or interleaved with the
 * child's output that the launcher is forwarding.
 */
#ifndef CT_MSG_H
#define CT_MSG_H

#define CT_PRINTF(a, b) __attribute__((format(printf, a, b)))

/* "coldtrace: <text>" on stderr. */
void ct_msg(const char *fmt, ...) CT_PRINTF(1, 2);
/* "coldtrace: warning: <text>" on stderr. */
void ct_warn(const char *fmt, ...) CT_PRINTF(1, 2);
/* A usage error: the message, then "coldtrace: <hint>" (a correct example). */
void ct_usage_error(const char *hint, const char *fmt, ...) CT_PRINTF(2, 3);

#endif
