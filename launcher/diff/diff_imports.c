/*
 * diff_imports.c -- Python imports: modules added and removed, each with
 * the import that pulled it in ("pandas is new, pulled in by
 * torch.utils.data"), and the largest changes of each compared column
 * of cols_imports.c (at[CT_CV_DIFF]: self and cumulative time), under
 * its ct_col_dkey.
 *
 * A module imported more than once in a run (in two processes, or again
 * after a failure) counts with the sum of its values.
 */
#include <math.h>
#include <string.h>

#include "lib/fmt.h"
#include "lib/json.h"
#include "report/cols.h"
#include "diff.h"

const struct ct_col *ct_dimport_col(const char *figure)
{
	const struct ct_col *col;
	char dkey[64];
	int at;

	for (at = 1; (col = ct_col_at(&ct_cols_imports, CT_CV_DIFF, at)); at++)
		if (!strcmp(ct_col_dkey(dkey, sizeof(dkey), col), figure))
			return col;
	return NULL;
}

/* what: a compared column's ct_col_dkey (NULL: the modules only). */
static void ct_dimp_fill(struct ct_dkeys *k, const cJSON *proc, size_t irun, const char *what)
{
	const struct ct_col *col = what ? ct_dimport_col(what) : NULL;
	const cJSON *imp;
	const char *mod;
	int64_t v;

	cJSON_ArrayForEach(imp, ct_rget(proc, "imports"))
		if ((mod = ct_rstr(imp, "module"))) {
			v = col ? ct_col_value(imp, col) : -1;
			ct_dkeys_add(k, mod, imp, irun, v < 0 ? NAN : (double)v);
		}
}

/* The module of imp's parent: an earlier entry of the same imports[]
 * (they are in start order).  Walks back through prev, stopping where
 * cJSON's list wraps (the head's prev is the tail, whose next is NULL). */
static const char *ct_dparent(const cJSON *imp)
{
	double id = ct_dnum(imp, "parent");
	const cJSON *p;

	if (isnan(id))
		return NULL;
	for (p = imp->prev; p && p->next; p = p->prev)
		if (ct_dnum(p, "id") == id)
			return ct_rstr(p, "module");
	return NULL;
}

static cJSON *ct_dimp_row(const struct ct_dent *e)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "module", e->key);
	ct_add_str(o, "parent", ct_dparent(e->item));
	ct_add_str(o, "kind", ct_rstr(e->item, "kind"));
	ct_add_str(o, "file", ct_rstr(e->item, "file"));
	return o;
}

int ct_dimport_cmp(const struct ct_dctx *c, const char *module, const char *figure,
		   struct ct_dcmp *out)
{
	struct ct_dkeys k[2];
	const struct ct_dent *a, *b;
	int rc;

	ct_dkeys_build(c, k, ct_dimp_fill, figure);
	a = ct_dkeys_get(&k[0], module);
	b = ct_dkeys_get(&k[1], module);
	rc = (a ? 0 : 1) | (b ? 0 : 2);
	if (!rc)
		ct_dcompare_c(c, a->v, b->v, ct_col_dunit(ct_dimport_col(figure)), out);
	ct_dkeys_free2(k);
	return rc;
}

/* The modules' sets, then each compared column's largest changes. */
cJSON *ct_dsec_imports(const struct ct_dctx *c)
{
	struct ct_dkeys k[2];
	cJSON *o = ct_dkeys_section(c, k, ct_dimp_fill, NULL, ct_dimp_row);
	const struct ct_col *col;
	char dkey[64];
	int at;

	ct_dkeys_free2(k);
	for (at = 1; (col = ct_col_at(&ct_cols_imports, CT_CV_DIFF, at)); at++) {
		ct_dkeys_build(c, k, ct_dimp_fill, ct_col_dkey(dkey, sizeof(dkey), col));
		ct_add_item(o, dkey, ct_dkeys_changes(c, k, "module", ct_col_dunit(col), 0));
		ct_dkeys_free2(k);
	}
	return o;
}

static void ct_dshow_imp(FILE *out, const cJSON *m)
{
	const char *parent = ct_rstr(m, "parent");

	if (parent)
		fprintf(out, "    %s  (imported by %s)\n", ct_rstr(m, "module"), parent);
	else
		fprintf(out, "    %s  (top level)\n", ct_rstr(m, "module"));
}

void ct_dshow_imports(FILE *out, const cJSON *s)
{
	const cJSON *cnt = ct_rget(s, "count");
	const struct ct_col *col;
	char note[64], dkey[64], title[96];
	int n = 0, at;

	snprintf(note, sizeof(note), "modules: A %.0f, B %.0f", ct_dnum(cnt, "a"),
		 ct_dnum(cnt, "b"));
	ct_fmt_heading(out, ct_section("imports")->diff, note);
	n += ct_dshow_list(out, "added", ct_rget(s, "added"), ct_dshow_imp);
	n += ct_dshow_list(out, "removed", ct_rget(s, "removed"), ct_dshow_imp);
	for (at = 1; (col = ct_col_at(&ct_cols_imports, CT_CV_DIFF, at)); at++)
		n += ct_dshow_changes(out, ct_col_dtitle(title, sizeof(title), col),
				      ct_rget(s, ct_col_dkey(dkey, sizeof(dkey), col)), "module");
	ct_dshow_none(out, n);
}
