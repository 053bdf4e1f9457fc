/*
 * run_ready_listener.c -- which traced process listens on a port: the
 * socket inodes of /proc/net/tcp and tcp6 in state LISTEN on that port,
 * against the socket:[inode] links of /proc/<pid>/fd of the command and
 * its descendants (a gunicorn master that binds before its workers have
 * imported anything shows as the master).
 *
 * The command and its descendants are walked nearest first (breadth
 * first from the command), so of several holders of one socket (workers
 * that inherited it) the one named is the nearest to the command; the
 * others are counted.  Never: a process outside the command's tree named
 * as the listener, or more than CT_LIS_PROCS processes looked at.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/readfile.h"
#include "ready.h"

#define CT_LIS_INODES 16
#define CT_LIS_PROCS 4096

/* LISTEN sockets on port from one /proc/net file; appended to ino. */
static int ct_listen_inodes(const char *file, int port, unsigned long *ino, int n)
{
	char line[512];
	unsigned lport, st;
	unsigned long inode;
	FILE *f = fopen(file, "re");

	if (!f)
		return n;
	while (n < CT_LIS_INODES && fgets(line, sizeof(line), f))
		if (sscanf(line, " %*d: %*[0-9A-Fa-f]:%x %*s %x %*s %*s %*s %*u %*u %lu", &lport,
			   &st, &inode) == 3 && st == 0x0A && (int)lport == port && inode)
			ino[n++] = inode;
	fclose(f);
	return n;
}

/* The parent pid from /proc/<pid>/stat, -1. */
static int ct_ppid_of(int pid)
{
	char path[64], buf[512], *rp;
	int fd, ppid = -1;
	ssize_t r;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	r = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[r > 0 ? r : 0] = '\0';
	rp = strrchr(buf, ')');
	if (rp && sscanf(rp + 1, " %*c %d", &ppid) != 1)
		ppid = -1;
	return ppid;
}

/* root and its descendants, breadth first, into out; their count. */
static int ct_tree(pid_t root, int *out)
{
	int *pid = malloc(CT_LIS_PROCS * sizeof(*pid)), *ppid = malloc(CT_LIS_PROCS * sizeof(*ppid));
	int n = 0, m = 1, i, k;
	struct dirent *d;
	DIR *dir = opendir("/proc");

	out[0] = (int)root;
	while (dir && pid && ppid && n < CT_LIS_PROCS && (d = readdir(dir)))
		if (d->d_name[0] >= '1' && d->d_name[0] <= '9') {
			pid[n] = atoi(d->d_name);
			ppid[n] = ct_ppid_of(pid[n]);
			n++;
		}
	for (i = 0; i < m; i++)
		for (k = 0; k < n && m < CT_LIS_PROCS; k++)
			if (ppid[k] == out[i])
				out[m++] = pid[k];
	if (dir)
		closedir(dir);
	free(pid);
	free(ppid);
	return m;
}

/* Whether pid has one of the inodes open. */
static int ct_holds(int pid, const unsigned long *ino, int n)
{
	char path[64], link[64], want[48];
	struct dirent *d;
	DIR *dir;
	ssize_t r;
	int i, hit = 0;

	snprintf(path, sizeof(path), "/proc/%d/fd", pid);
	dir = opendir(path);
	while (dir && !hit && (d = readdir(dir))) {
		snprintf(path, sizeof(path), "/proc/%d/fd/%.20s", pid, d->d_name);
		r = readlink(path, link, sizeof(link) - 1);
		if (r <= 0)
			continue;
		link[r] = '\0';
		for (i = 0; i < n && !hit; i++) {
			snprintf(want, sizeof(want), "socket:[%lu]", ino[i]);
			hit = !strcmp(link, want);
		}
	}
	if (dir)
		closedir(dir);
	return hit;
}

static void ct_listener_describe(struct ct_listener *l, int pid, pid_t root)
{
	char path[64], *cmd;
	ssize_t r;
	size_t n = 0;

	l->found = 1;
	l->pid = pid;
	l->is_root = pid == (int)root;
	snprintf(path, sizeof(path), "/proc/%d/exe", pid);
	r = readlink(path, l->exe, sizeof(l->exe) - 1);
	l->exe[r > 0 ? r : 0] = '\0';
	snprintf(path, sizeof(path), "/proc/%d/cmdline", pid);
	cmd = ct_read_file(path, &n);
	l->argv_len = n < sizeof(l->argv) ? n : sizeof(l->argv);
	if (cmd)
		memcpy(l->argv, cmd, l->argv_len);
	free(cmd);
}

void ct_listener_find(int port, pid_t root, struct ct_listener *l)
{
	unsigned long ino[CT_LIS_INODES];
	int *tree = malloc(CT_LIS_PROCS * sizeof(*tree));
	int n = ct_listen_inodes("/proc/net/tcp", port, ino, 0), m, i;

	memset(l, 0, sizeof(*l));
	n = ct_listen_inodes("/proc/net/tcp6", port, ino, n);
	snprintf(l->why, sizeof(l->why), n ? "no process of the command's tree holds the "
		 "listening socket (another program's?)" : "no LISTEN socket on port %d in "
		 "/proc/net/tcp or tcp6 (another network namespace?)", port);
	m = n && tree ? ct_tree(root, tree) : 0;
	for (i = 0; i < m; i++)
		if (ct_holds(tree[i], ino, n)) {
			if (!l->found)
				ct_listener_describe(l, tree[i], root);
			l->holders++;
		}
	free(tree);
}
