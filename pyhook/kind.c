/*
 * kind.c -- what kind of module an import produced, and from which file;
 * the name of the exception a failed import raised.
 *
 * Reads the module's __spec__ from its __dict__ (never through the module's
 * own attribute lookup: a lazy module would load itself), then plain
 * attributes of the spec, by names interned once (a lookup by C string
 * builds and hashes a new string each time).  A loader class is judged by
 * its name once and then known by its address (ct_classes holds it).
 * Never: an exception left set or lost.
 */
#include <string.h>

#include "pyhook.h"

static const struct {
	const char *name;
	int kind;
} ct_loaders[] = {
	{ "SourceFileLoader", CT_IMP_SOURCE },
	{ "SourcelessFileLoader", CT_IMP_BYTECODE },
	{ "ExtensionFileLoader", CT_IMP_EXTENSION },
	{ "BuiltinImporter", CT_IMP_BUILTIN },
	{ "FrozenImporter", CT_IMP_FROZEN },
	{ "NamespaceLoader", CT_IMP_NAMESPACE },
	{ "_NamespaceLoader", CT_IMP_NAMESPACE },
};

/* Attribute names, interned by ct_kind_init. */
enum { CT_N_SPEC, CT_N_ORIGIN, CT_N_LOADER, CT_N_NAME, CT_N_LOCATIONS, CT_N_COUNT };
static PyObject *ct_names[CT_N_COUNT];

/* With the GIL held, before the first import is wrapped; 0 or -1. */
int ct_kind_init(void)
{
	static const char *const text[CT_N_COUNT] = {
		"__spec__", "origin", "loader", "__name__", "submodule_search_locations",
	};

	return ct_py_intern_all(ct_names, text, CT_N_COUNT);
}

/* The interpreter that interned them is gone (init.c). */
void ct_kind_forget(void)
{
	memset(ct_names, 0, sizeof(ct_names));
}

static int ct_ends_with(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len >= n && !memcmp(s + len - n, suffix, n);
}

/* The spec attribute as text ("" when absent or not a str). */
static size_t ct_spec_text(PyObject *spec, int attr, char *buf, size_t n)
{
	PyObject *v = ct_py.getattr_obj(spec, ct_names[attr]);
	size_t len;

	if (!v) {
		ct_py.err_clear();
		buf[0] = 0;
		return 0;
	}
	len = ct_str_text(v, buf, n);
	ct_py.decref(v);
	return len;
}

/* The kind a loader class's name says. */
static int ct_class_kind(PyObject *cls)
{
	char name[64];

	ct_spec_text(cls, CT_N_NAME, name, sizeof(name));
	for (size_t i = 0; i < sizeof(ct_loaders) / sizeof(ct_loaders[0]); i++)
		if (!strcmp(name, ct_loaders[i].name))
			return ct_loaders[i].kind;
	return CT_IMP_UNKNOWN;
}

/* Loader classes met so far and their kinds, each held (a reference of
 * ours) so that its address names it for the life of the process: a
 * handful of classes load every module. */
#define CT_CLASSES 8
static struct {
	PyObject *cls;
	int kind;
} ct_classes[CT_CLASSES];
static int ct_nclasses;   /* touched with the GIL held */

/* Takes the reference to cls. */
static int ct_class_kind_kept(PyObject *cls)
{
	int kind;

	for (int i = 0; i < ct_nclasses; i++) {
		if (ct_classes[i].cls == cls) {
			ct_py.decref(cls);
			return ct_classes[i].kind;
		}
	}
	kind = ct_class_kind(cls);
	if (ct_nclasses < CT_CLASSES) {
		ct_classes[ct_nclasses].cls = cls;
		ct_classes[ct_nclasses++].kind = kind;
	} else {
		ct_py.decref(cls);
	}
	return kind;
}

/* The loader's class name (the loader itself when it is a class). */
static int ct_loader_kind(PyObject *spec)
{
	PyObject *loader = ct_py.getattr_obj(spec, ct_names[CT_N_LOADER]), *type;

	if (!loader) {
		ct_py.err_clear();
		return CT_IMP_UNKNOWN;
	}
	type = ct_py.type_of(loader);
	if (type && (type == (PyObject *)ct_py.t_type ||
		     ct_py.is_subtype((PyTypeObject *)type, ct_py.t_type))) {
		ct_py.decref(type);
		return ct_class_kind_kept(loader);
	}
	ct_py.decref(loader);
	return type ? ct_class_kind_kept(type) : CT_IMP_UNKNOWN;
}

/* A package without an origin is a namespace package. */
static int ct_is_namespace(PyObject *spec)
{
	PyObject *locs = ct_py.getattr_obj(spec, ct_names[CT_N_LOCATIONS]);
	int ns = locs && locs != ct_py.none;

	if (!locs)
		ct_py.err_clear();
	ct_py_release(locs);
	return ns;
}

/* The kind the origin's form tells: every standard loader's origin says
 * its kind ("built-in", "frozen", a .py, .pyc or .so path, none for a
 * namespace package), and so do zipimport's and most custom finders'. */
static int ct_origin_kind(PyObject *spec, const char *origin, size_t len)
{
	if (origin[0] != '/' && !strcmp(origin, "built-in"))
		return CT_IMP_BUILTIN;
	if (origin[0] != '/' && !strcmp(origin, "frozen"))
		return CT_IMP_FROZEN;
	if (ct_ends_with(origin, len, ".py"))
		return CT_IMP_SOURCE;
	if (ct_ends_with(origin, len, ".pyc"))
		return CT_IMP_BYTECODE;
	if (ct_ends_with(origin, len, ".so") || ct_ends_with(origin, len, ".pyd"))
		return CT_IMP_EXTENSION;
	if (!len && ct_is_namespace(spec))
		return CT_IMP_NAMESPACE;
	return CT_IMP_UNKNOWN;
}

/*
 * Kind of the module _find_and_load returned, by its origin, else by its
 * loader's class (a file without a known suffix); file gets spec.origin
 * when it is a path.  Only plain modules (and subclasses) are looked into: anything
 * else put in sys.modules could run code on attribute access.
 */
int ct_import_kind(PyObject *mod, char *file, size_t n)
{
	PyObject *dict, *spec;
	size_t len;
	int kind;

	file[0] = 0;
	dict = ct_py.module_get_dict(mod);  /* NULL, SystemError set: not a module */
	spec = dict ? ct_py.dict_get_item(dict, ct_names[CT_N_SPEC]) : NULL;
	if (!spec || spec == ct_py.none) {
		ct_py.err_clear();
		return CT_IMP_UNKNOWN;
	}
	ct_py.incref(spec);  /* borrowed from a dict the getattrs below may change */
	len = ct_spec_text(spec, CT_N_ORIGIN, file, n);
	kind = ct_origin_kind(spec, file, len);
	if (kind == CT_IMP_UNKNOWN)
		kind = ct_loader_kind(spec);
	ct_py.decref(spec);
	if (file[0] != '/' && !strchr(file, '/'))
		file[0] = 0;  /* "built-in", "frozen": not a file */
	return kind;
}

/* Name of the exception being raised; the exception stays set. */
void ct_exc_current(char *buf, size_t n)
{
	PyObject *type, *value, *tb, *name;

	buf[0] = 0;
	ct_py.err_fetch(&type, &value, &tb);
	if (!type)
		return;
	name = ct_py.getattr_obj(type, ct_names[CT_N_NAME]);
	if (name) {
		ct_py_text(name, buf, n);
		ct_py.decref(name);
	} else {
		ct_py.err_clear();
	}
	ct_py.err_restore(type, value, tb);
}
