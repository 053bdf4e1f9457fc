/*
 * run_systemd.c -- `--systemd`: the command as a transient systemd unit
 * (`systemd-run --scope`), and that unit's cgroup counters at its exit.
 *
 * Only where systemd is the init system (PID 1 is systemd and
 * /run/systemd/system exists, as sd_booted() checks): elsewhere (a
 * container, this project's test machines) there is no manager to ask, and
 * --systemd is refused before anything is made.  The counters are read
 * while the exited command is a zombie (with /proc/<pid>/io), from the
 * cgroup /proc/<pid>/cgroup names.  Never: a unit name or a counter
 * recorded that systemd did not give (null and the reason instead).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/json.h"
#include "lib/readfile.h"
#include "run.h"

#define CT_SYSTEMD_RUN "/usr/bin/systemd-run"

const char *ct_systemd_unavailable(char *why, size_t n)
{
	char *comm = ct_read_file("/proc/1/comm", NULL);
	struct stat st;

	if (!comm || strcmp(comm, "systemd\n")) {
		if (comm)
			snprintf(why, n, "PID 1 is '%.*s', not systemd", (int)strcspn(comm, "\n"), comm);
		else
			snprintf(why, n, "PID 1's name cannot be read (/proc/1/comm)");
		free(comm);
		return why;
	}
	free(comm);
	if (stat("/run/systemd/system", &st) < 0 || !S_ISDIR(st.st_mode))
		return "/run/systemd/system is missing: systemd is not the running init system";
	if (access(CT_SYSTEMD_RUN, X_OK) < 0)
		return CT_SYSTEMD_RUN " is missing";
	return NULL;
}

char **ct_systemd_argv(const char *path, char *const *cmd, const char *unit)
{
	size_t n = 0, i = 0;
	char **v;

	while (cmd[n])
		n++;
	v = calloc(n + 8, sizeof(*v));
	if (!v)
		return NULL;
	v[i++] = CT_SYSTEMD_RUN;
	v[i++] = "--scope";
	v[i++] = "--quiet";
	if (geteuid() != 0)
		v[i++] = "--user";   /* the user's own manager: no polkit prompt */
	v[i++] = (char *)unit;  /* "--unit=coldtrace-<run>" */
	v[i++] = "--";
	v[i++] = (char *)path;
	for (size_t k = 1; k < n; k++)
		v[i++] = cmd[k];
	return v;
}

/* The unified hierarchy's path in /proc/<pid>/cgroup ("0::/..."), malloc'd. */
static char *ct_cgroup_of(pid_t pid)
{
	char path[64], *text, *p, *e, *out = NULL;

	snprintf(path, sizeof(path), "/proc/%d/cgroup", (int)pid);
	text = ct_read_file(path, NULL);
	p = text ? strstr(text, "0::/") : NULL;
	if (p && (p == text || p[-1] == '\n')) {
		e = strchr(p, '\n');
		out = strndup(p + 3, e ? (size_t)(e - p - 3) : strlen(p + 3));
	}
	free(text);
	return out;
}

/* "key value" lines (cpu.stat) as an object of integers. */
static cJSON *ct_kv_json(const char *text)
{
	cJSON *o = cJSON_CreateObject();
	char key[64];
	long long v;
	int used;

	for (const char *p = text; o && p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (sscanf(p, "%63s %lld%n", key, &v, &used) == 2)
			ct_add_int(o, key, v);
	return o;
}

/* io.stat's lines "MAJ:MIN rbytes=.. wbytes=.. rios=.." as {"MAJ:MIN": {...}}. */
static cJSON *ct_io_json(const char *text)
{
	cJSON *o = cJSON_CreateObject(), *dev;
	char word[64], key[64];
	long long v;
	const char *p = text, *eol;
	int used;

	for (; o && p && *p; p = eol ? eol + 1 : NULL) {
		eol = strchr(p, '\n');
		if (sscanf(p, "%63s%n", word, &used) != 1 || !(dev = cJSON_CreateObject()))
			continue;
		for (p += used; (!eol || p < eol) && sscanf(p, " %63[^= \n]=%lld%n", key, &v, &used) == 2;
		     p += used)
			ct_add_int(dev, key, v);
		ct_add_item(o, word, dev);
	}
	return o;
}

static char *ct_unit_file(const char *cg, const char *name)
{
	char path[4200];

	snprintf(path, sizeof(path), "/sys/fs/cgroup%s/%s", cg, name);
	return ct_read_file(path, NULL);
}

void ct_systemd_read(pid_t pid, struct ct_unit *u)
{
	u->cgroup = ct_cgroup_of(pid);
	if (!u->cgroup)
		return;
	u->peak = ct_unit_file(u->cgroup, "memory.peak");
	u->cpu = ct_unit_file(u->cgroup, "cpu.stat");
	u->io = ct_unit_file(u->cgroup, "io.stat");
}

static cJSON *ct_or_null(const char *text, cJSON *(*parse)(const char *))
{
	cJSON *v = text ? parse(text) : NULL;

	return v ? v : cJSON_CreateNull();
}

static cJSON *ct_int_text(const char *text)
{
	return ct_int_json(strtoll(text, NULL, 10));
}

cJSON *ct_systemd_json(const struct ct_unit *u)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	ct_add_str(o, "cgroup", u->cgroup);
	ct_add_item(o, "memory_peak_bytes", ct_or_null(u->peak, ct_int_text));
	ct_add_item(o, "cpu_stat", ct_or_null(u->cpu, ct_kv_json));
	ct_add_item(o, "io_stat", ct_or_null(u->io, ct_io_json));
	ct_add_str(o, "why", u->cgroup ? NULL : "the command's cgroup (/proc/<pid>/cgroup) "
		   "could not be read at its exit");
	return o;
}

void ct_systemd_free(struct ct_unit *u)
{
	free(u->cgroup);
	free(u->peak);
	free(u->cpu);
	free(u->io);
	memset(u, 0, sizeof(*u));
}
