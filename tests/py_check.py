# py_check.py -- assertions over the Python view of a record.json, for the
# tests/cases/py_*.sh cases (through py_json in tests/py_lib.sh).
#
# usage: py_check.py RECORD EXPR...   every EXPR must be true.  In scope:
#   r        the record            procs    r["processes"]
#   root     procs[0]              py       root["python"]
#   imps     root["imports"]       mod(n)   first import of module n in root
#   parent(n)  module name of n's parent import (None at top level)
#   mods(p)  set of module names imported by process p
#   os, re
# Never: an assertion that passes because its subject is missing -- mod()
# of a module that was not imported fails the case with its name.
import json
import os
import re
import sys


class Missing(Exception):
    pass


def helpers(r):
    procs = r["processes"]
    root = procs[0]
    imps = root["imports"]

    def mod(name, p=None):
        for i in (p or root)["imports"]:
            if i["module"] == name:
                return i
        raise Missing("module %r not in imports[]" % name)

    def parent(name, p=None):
        p = p or root
        pid = mod(name, p)["parent"]
        if pid is None:
            return None
        return [i["module"] for i in p["imports"] if i["id"] == pid][0]

    def mods(p):
        return {i["module"] for i in p["imports"]}

    return {"r": r, "procs": procs, "root": root, "py": root["python"],
            "imps": imps, "mod": mod, "parent": parent, "mods": mods,
            "os": os, "re": re}


def main():
    r = json.load(open(sys.argv[1]))
    env = helpers(r)
    bad = 0
    for expr in sys.argv[2:]:
        try:
            ok = eval(expr, env)
        except Exception as e:  # a missing key is a failed assertion
            print("record.json: %s: %s: %s" % (expr, type(e).__name__, e))
            bad += 1
            continue
        if not ok:
            print("record.json: not true: " + expr)
            bad += 1
    sys.exit(1 if bad else 0)


main()
