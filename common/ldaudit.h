/*
 * ldaudit.h -- the version of the loader's audit log (<pid>.<ns>.ldaudit),
 * written by audit/ (libcoldtrace-audit.so), read by the merger
 * (launcher/merge/merge_audit.c).  The log is text, one event a line; its
 * lines are docs/loader-audit.md.
 *
 * The first line is "V <version>" (from version 1; a log without it is
 * version 0, and reads the same).  A reader ignores a log of a newer
 * version than its own.  Never: a line's meaning changed without a new
 * version.
 */
#ifndef CT_LDAUDIT_H
#define CT_LDAUDIT_H

#define CT_LDAUDIT_VERSION 1   /* 1: the version line */

#endif
