/*
 * ready.h -- readiness of a service (`ct-launch --ready SPEC`), run/'s own.
 *
 * run_ready_opts.c parses the options; run_ready.c follows the conditions
 * while run_capture.c tees the output (lines are fed from there, the
 * notify socket is polled there) and decides what happens at ready;
 * run_ready_net.c probes ports and URLs, run_ready_notify.c speaks the
 * sd_notify datagram protocol, run_ready_listener.c finds the traced
 * process that listens on a port, run_ready_json.c writes ready{}.
 * Never: NOTIFY_SOCKET or a process group of its own for a command run
 * without --ready (the host must not notice).
 */
#ifndef CT_RUN_READY_H
#define CT_RUN_READY_H

#include <regex.h>
#include <stdint.h>
#include <sys/types.h>
#include <cjson/cJSON.h>

#include "launch.h"

#define CT_READY_TICK_MS 10      /* port/http/file/timeout are looked at this often */
#define CT_READY_LINE_MAX 4096   /* a longer line is matched on its first 4095 bytes */
#define CT_READY_DETAIL 512
#define CT_NOTIFY_STATUS_MAX 16  /* STATUS= lines kept, the first ones */

/* run_ready_opts.c: each -1 to go on, else the exit status (2). */
int ct_ready_spec_arg(struct ct_run_opts *o, const char *spec);
int ct_at_ready_arg(struct ct_run_opts *o, const char *arg);
int ct_seconds_arg(const char *opt, const char *arg, int64_t *ms);
int ct_ready_opts_check(const struct ct_run_opts *o);

/* run_ready_listener.c: the traced process that holds the listening
 * socket of a TCP port. */
struct ct_listener {
	int found;              /* 0: no traced process holds it (see why) */
	int pid;
	int is_root;            /* the launcher's command itself */
	char exe[512];
	char argv[1024];        /* NUL-separated, argv_len bytes */
	size_t argv_len;
	int holders;            /* processes of the tree that hold it (workers too) */
	char why[160];          /* when !found */
};
void ct_listener_find(int port, pid_t root, struct ct_listener *l);

/* run_ready_net.c: one TCP connect / HTTP GET attempt, non-blocking
 * across ticks.  An HTTP probe keeps its connection between ticks. */
struct ct_http_probe {
	int fd;                 /* -1: not connected */
	int sent;
	char buf[256];          /* the start of the answer: its status line */
	size_t len;
	int last_status;        /* the last answer's status, 0: none yet */
};
/* 1: a connection to host:port was accepted; detail says where. */
int ct_port_probe(const char *host, int port, char *detail, size_t n);
/* 1: a 2xx/3xx status line arrived; detail holds it. */
int ct_http_step(struct ct_http_probe *h, const struct ct_ready_spec *sp, char *detail, size_t n);
void ct_http_close(struct ct_http_probe *h);

/* run_ready_notify.c */
struct ct_notify {
	int fd;                 /* AF_UNIX datagram socket, -1: none */
	char name[64];          /* NOTIFY_SOCKET's value ('@': abstract namespace) */
	int sender_pid;         /* of the READY=1 datagram, -1 */
	int main_pid;           /* MAINPID=, -1 when never sent */
	int nstatus;
	char status[CT_NOTIFY_STATUS_MAX][256];
	int64_t status_ns[CT_NOTIFY_STATUS_MAX];
	int ready;              /* READY=1 arrived */
	int64_t ready_ns;
};
int ct_notify_open(struct ct_notify *nt);    /* 0, or -1 after one message */
/* Reads every pending datagram; 1 when READY=1 was among them. */
int ct_notify_read(struct ct_notify *nt);
void ct_notify_close(struct ct_notify *nt);

/* run_ready.c */
enum ct_ready_state { CT_RS_WAITING, CT_RS_READY, CT_RS_TIMEOUT, CT_RS_EXITED };
enum ct_ready_step_result { CT_RSTEP_GO_ON, CT_RSTEP_DETACH };
struct ct_ready {
	const struct ct_run_opts *o;
	int64_t t0_ns;          /* just before the fork (the capture's t0) */
	pid_t pid;              /* the command: also its process group */
	enum ct_ready_state state;
	int spec;               /* the condition that fired, -1 */
	int64_t t_ns;           /* when it fired (or the timeout/exit was seen) */
	char detail[CT_READY_DETAIL];
	struct ct_listener lis; /* port/http */
	regex_t rx[CT_READY_MAX];
	unsigned rx_ok;         /* bit i: rx[i] compiled */
	char line[2][CT_READY_LINE_MAX];
	size_t line_len[2];
	struct ct_http_probe http[CT_READY_MAX];
	struct ct_notify nt;
	int64_t next_tick_ns;
	int64_t term_ns;        /* SIGTERM sent to the group, 0: not yet */
	int killed;             /* SIGKILL was needed */
	int exited_first;       /* the command had exited by itself before the SIGTERM */
	int64_t stop_done_ns;   /* the command was reaped after the SIGTERM */
	int detached;           /* --at-ready keep: the launcher left it running */
};
/* NULL without --ready; else ready (the notify socket bound).  *failed
 * set after one message. */
struct ct_ready *ct_ready_new(const struct ct_run_opts *o, int *failed);
void ct_ready_start(struct ct_ready *rd, int64_t t0_ns, pid_t pid);
int ct_ready_fd(const struct ct_ready *rd);  /* to poll for input, or -1 */
void ct_ready_input(struct ct_ready *rd);    /* the fd is readable */
/* Output of the command (is_err: stderr), for line: conditions. */
void ct_ready_feed(struct ct_ready *rd, int is_err, const char *buf, size_t n);
/* Once per capture loop: conditions, the timeout, the stop.  *timeout_ms
 * is lowered to when it wants to be called again. */
enum ct_ready_step_result ct_ready_step(struct ct_ready *rd, int reaped, int *timeout_ms);
/* The launcher's exit status given the command's own. */
int ct_ready_status(const struct ct_ready *rd, int child_status);
void ct_ready_free(struct ct_ready *rd);

/* run_ready_json.c: ready{} and not_ready{} for the record. */
cJSON *ct_ready_json(const struct ct_ready *rd);
cJSON *ct_not_ready_json(const struct ct_ready *rd);
int64_t ct_ready_ms(const struct ct_ready *rd);   /* time_to_ready_ms, -1 */

#endif
