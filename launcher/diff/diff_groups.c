/*
 * diff_groups.c -- which runs of A compare with which runs of B.
 *
 * A series of `--cache both` holds two groups, cold and warm, whose
 * numbers differ by design: pooled, they compare the cold runs more than
 * anything.  When either side has both groups the numbers compare group
 * by group; a side of one group (a run, a warm-only series) meets the
 * other side's group of its kind (runs without a group, "asis" included,
 * are warm: nothing evicted their files).  Never: a cold run compared
 * with a warm one without a warning saying so.
 */
#include <stdio.h>
#include <string.h>

#include "lib/json.h"
#include "diff.h"

static const char *const ct_dgroups[] = { "cold", "warm" };
static const char *const ct_dside_name[] = { "A", "B" };

/* The runs of group g (contiguous: diff_load.c keeps them by group). */
static struct ct_drange ct_drange_of(const struct ct_dside *s, const char *g)
{
	struct ct_drange r = { 0, 0 };
	size_t i;

	for (i = 0; i < s->n; i++)
		if (ct_dstreq(s->group[i], g)) {
			if (!r.n)
				r.off = i;
			r.n++;
		}
	return r;
}

static int ct_dsplit(const struct ct_dside *s)
{
	return ct_drange_of(s, "cold").n && ct_drange_of(s, "warm").n;
}

/* The group of a side without both: cold when every run is cold. */
static const char *ct_dsingle(const struct ct_dside *s)
{
	return ct_drange_of(s, "cold").n == s->n ? "cold" : "warm";
}

/* Side s's runs that meet group g. */
static struct ct_drange ct_dpart(const struct ct_dside *s, const char *g)
{
	struct ct_drange all = { 0, s->n }, none = { 0, 0 };

	if (ct_dsplit(s))
		return ct_drange_of(s, g);
	return !strcmp(ct_dsingle(s), g) ? all : none;
}

static void ct_dwarn(cJSON *warnings, const char *text)
{
	if (warnings)
		ct_push(warnings, ct_str_json(text));
}

/* Neither side split: one pair of every run, a warning when one side is
 * cold and the other warm. */
static size_t ct_dpair_all(const struct ct_dctx *c, struct ct_dpair *p, cJSON *warnings)
{
	char text[160];

	p[0].group = NULL;
	p[0].r[0] = (struct ct_drange){ 0, c->s[0].n };
	p[0].r[1] = (struct ct_drange){ 0, c->s[1].n };
	if (strcmp(ct_dsingle(&c->s[0]), ct_dsingle(&c->s[1]))) {
		snprintf(text, sizeof(text), "A's runs are %s and B's %s: the numbers compare a "
			 "cold page cache with a warm one", ct_dsingle(&c->s[0]), ct_dsingle(&c->s[1]));
		ct_dwarn(warnings, text);
	}
	return 1;
}

size_t ct_dpairs(const struct ct_dctx *c, struct ct_dpair *p, cJSON *warnings)
{
	struct ct_drange r[2];
	char text[200];
	size_t g, n = 0, side;

	if (!ct_dsplit(&c->s[0]) && !ct_dsplit(&c->s[1]))
		return ct_dpair_all(c, p, warnings);
	for (g = 0; g < 2; g++) {
		r[0] = ct_dpart(&c->s[0], ct_dgroups[g]);
		r[1] = ct_dpart(&c->s[1], ct_dgroups[g]);
		if (r[0].n && r[1].n) {
			p[n].group = ct_dgroups[g];
			p[n].r[0] = r[0];
			p[n++].r[1] = r[1];
		} else if (r[0].n || r[1].n) {
			side = r[0].n ? 0 : 1;
			snprintf(text, sizeof(text), "%s has no %s runs: %s's %zu %s run%s compared "
				 "with nothing", ct_dside_name[!side], ct_dgroups[g], ct_dside_name[side],
				 r[side].n, ct_dgroups[g], r[side].n == 1 ? " is" : "s are");
			ct_dwarn(warnings, text);
		}
	}
	return n ? n : ct_dpair_all(c, p, warnings);
}

void ct_dpairs_pick(struct ct_dctx *c)
{
	struct ct_dpair p[CT_DMAX_PAIRS];
	size_t n = ct_dpairs(c, p, NULL), i, pick = 0;

	for (i = 0; i < n; i++)
		if (ct_dstreq(p[i].group, "warm"))
			pick = i;
	c->cmp[0] = p[pick].r[0];
	c->cmp[1] = p[pick].r[1];
	c->cmp_group = p[pick].group;
}
