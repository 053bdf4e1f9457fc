/*
 * host.h -- facts about the machine a run happened on (record's host{}).
 */
#ifndef CT_HOST_H
#define CT_HOST_H

#include <cjson/cJSON.h>

/* {kernel, hostname, systemd_version, python_version}; argv is the traced
 * command (it decides which python's version is reported).  NULL: no memory. */
cJSON *ct_host_json(char *const *argv);

#endif
