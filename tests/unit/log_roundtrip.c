/*
 * log_roundtrip.c -- the preload core's event log, written by 8 threads at
 * once and read back by the merger's reader, under ASan+UBSan: every
 * record arrives once, in order per thread, strings intact (long ones cut
 * at CT_STR_MAX); a log cut short mid-chunk still reads up to the cut
 * (in order per thread, with gaps: a thread may go on in the rest of a
 * dead thread's chunk, below a chunk of its own the cut dropped).
 * Meanwhile 500 short-lived threads, one after another, write their few
 * records into the rests of each other's chunks (segments): each of them
 * reads back whole too.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ct.h"
#include "lib/ctlog_read.h"

#define THREADS 8
#define PER_THREAD 50000
#define SHORT_THREADS 500
#define SHORT_RECS 3

CT_TLS struct ct_thread ct_self;
struct ct_global ct_g;

/* Links without the rest of the shim: the log needs nothing else. */
void ct_disable(const char *why) { (void)why; ct_g.enabled = 0; }
/* Never called: a process the kernel made without fork() (log.c), a
 * fork child's log made at its first record (init.c). */
void ct_image_unseen(void) { }
void ct_log_ready(void) { }

static char long_str[CT_STR_MAX * 2];

static void emit_records(long id, long n)
{
	for (long i = 0; i < n; i++) {
		char small[32];
		const char *strs[2] = { small, i % 1000 == 0 ? long_str : "" };

		snprintf(small, sizeof(small), "t%ld-%ld", id, i);
		ct_self.depth++;
		ct_log_emit(CT_EV_STAT, (uint64_t)i, 1, 0, 0, id, i, 0, 2, strs);
		ct_self.depth--;
	}
	ct_log_thread_done();
}

static void *writer(void *arg)
{
	emit_records((long)arg, PER_THREAD);
	return NULL;
}

static void *short_writer(void *arg)
{
	emit_records((long)arg, SHORT_RECS);
	return NULL;
}

/* Records thread `id` wrote. */
static long expected(long id, long per_thread)
{
	return id < THREADS ? per_thread : SHORT_RECS;
}

static int check_log(const char *path, long expect_per_thread, int exact)
{
	struct ct_logfile lg;
	struct ct_logfile_iter it;
	struct ct_logrec ev;
	long next[THREADS + SHORT_THREADS] = { 0 };
	char want[32];
	long got = 0;
	int bad = 0;

	if (ct_logfile_open(&lg, path) != 0) {
		fprintf(stderr, "reader: %s\n", lg.problem);
		ct_logfile_close(&lg);
		return 1;
	}
	ct_logfile_iter_init(&it, &lg);
	while (ct_logfile_next(&it, &ev)) {
		long id = ev.rec->a0, i = ev.rec->a1;

		if (ev.rec->kind != CT_EV_STAT || id < 0 || id >= THREADS + SHORT_THREADS ||
		    i < next[id] || (exact && i != next[id])) {
			bad++;
			continue;
		}
		snprintf(want, sizeof(want), "t%ld-%ld", id, i);
		bad += strcmp(ct_logrec_str(&ev, 0), want) != 0;
		bad += strlen(ct_logrec_str(&ev, 1)) != (i % 1000 == 0 ? CT_STR_MAX - 1 : 0);
		next[id] = i + 1;
		got++;
	}
	for (int t = 0; t < THREADS + SHORT_THREADS; t++)
		bad += exact ? next[t] != expected(t, expect_per_thread) :
			       next[t] > expected(t, expect_per_thread);
	/* a cut log keeps most of its 4 whole chunks (records < 256 bytes) */
	bad += !exact && got < 4L * CT_CHUNK_SIZE / 256;
	/* the short threads took a few chunks between them, not one each */
	bad += exact && lg.hdr.next_chunk > SHORT_THREADS / 8;
	ct_logfile_close(&lg);
	return bad;
}

static int cut_copy(const char *from, const char *to, off_t len)
{
	char cmd[2600];

	snprintf(cmd, sizeof(cmd), "head -c %lld '%s' > '%s'", (long long)len, from, to);
	return system(cmd);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "/tmp";
	char path[1200], cut[1300];
	pthread_t th[THREADS], sh;
	int bad;

	memset(long_str, 'x', sizeof(long_str) - 1);
	ct_g.run_dir = dir;
	snprintf(ct_g.base, sizeof(ct_g.base), "unit.%d", (int)getpid());
	ct_g.no_pack = 1;   /* a file of its own, cut below as a file (the pack: shim_pack) */
	snprintf(path, sizeof(path), "%s/%s.ctlog", dir, ct_g.base);
	unlink(path);
	if (ct_log_start() != 0) {
		fprintf(stderr, "ct_log_start failed\n");
		return 1;
	}
	ct_g.enabled = 1;
	for (long t = 0; t < THREADS; t++)
		pthread_create(&th[t], NULL, writer, (void *)t);
	for (long t = THREADS; t < THREADS + SHORT_THREADS; t++)
		if (pthread_create(&sh, NULL, short_writer, (void *)t) == 0)
			pthread_join(sh, NULL);
	for (int t = 0; t < THREADS; t++)
		pthread_join(th[t], NULL);
	bad = check_log(path, PER_THREAD, 1);
	printf("full log: %d problems\n", bad);
	snprintf(cut, sizeof(cut), "%s.cut", path);
	if (cut_copy(path, cut, 5 * CT_CHUNK_SIZE + 1000) == 0) {
		int b = check_log(cut, PER_THREAD, 0);

		printf("cut log: %d problems\n", b);
		bad += b;
	} else {
		printf("cut log: cannot make the cut copy (head -c)\n");
		bad++;
	}
	unlink(cut);
	unlink(path);
	return bad != 0;
}
