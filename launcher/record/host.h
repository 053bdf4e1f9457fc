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
};

/* {kernel, hostname, systemd_version, python_version}; argv is the traced
 * command (it decides which python's version is reported).  NULL: no memory. */
cJSON *ct_host_json(char *const *argv);
/* The same in two steps, so the queries overlap with the traced command:
 * start them, and later collect them (always call both). */
void ct_host_probe_start(struct ct_host_probe *p, char *const *argv);
cJSON *ct_host_probe_json(struct ct_host_probe *p);

/* env{}: the allowlisted variables that steer loading (env.c). */
cJSON *ct_env_json(void);

#endif
