/*
 * host.h -- facts about the machine a run happened on (record's host{}).
 */
#ifndef CT_HOST_H
#define CT_HOST_H

#include <cjson/cJSON.h>

#include <sys/types.h>

struct ct_helper { pid_t pid; int fd; };   /* a version query in flight */

struct ct_host_probe {
	struct ct_helper systemd, python;
	int sysver_hit;          /* sysver_line came from the cache (hostcache.c) */
	char sysver_key[4200];   /* the systemctl PATH finds ("": none known) */
	char sysver_line[256];
};

/* {kernel, hostname, systemd_version, python_version (null: the merge
 * fills it in, ct_host_python_seen)}.  NULL: no memory. */
cJSON *ct_host_json(void);
/* The same in steps, so the queries overlap with the traced command (argv:
 * it decides whether a Python's --version is asked for): start them, collect
 * them into host{}, and after the merge ct_host_probe_python (always call
 * all three). */
void ct_host_probe_start(struct ct_host_probe *p, char *const *argv);
cJSON *ct_host_probe_json(struct ct_host_probe *p);
void ct_host_probe_python(struct ct_host_probe *p, cJSON *rec);
/* host.python_version, when null, from the first of rec's processes[]
 * whose python.version is known (what pyhook read inside it). */
void ct_host_python_seen(cJSON *rec);

/* env{}: the allowlisted variables that steer loading (env.c). */
cJSON *ct_env_json(void);

#endif
