# otlp_check.py FILE RECORD... -- check `coldtrace export --otlp` output
# against the records it came from (one line per record, in order), with
# the opentelemetry-proto package's schema (run it with the CI venv's
# python, see .ci/pydeps).
#
# Checks: each line parses as TracesData JSON (json_format.Parse, unknown
# fields refused; the hex traceId/spanId of OTLP/JSON turned to bytes
# first) with a 16-byte trace id, 8-byte span ids, one trace per line and
# a different one per line; every parent id is a span of the trace and
# exactly one span has none (the run); each image's span is under its
# maker's (fork parent, exec'd image, or the run), each import's under its
# parent import's (or its image's); each image's, import's and dlopen's
# start and end equal the record's plus one offset per run (the root's
# start_unix_ms in ns less its start_ns).  Prints one line per defect.
import base64
import json
import sys

from google.protobuf import json_format
from opentelemetry.proto.trace.v1 import trace_pb2


def to_b64(line):
    doc = json.loads(line)
    for rs in doc["resourceSpans"]:
        for ss in rs["scopeSpans"]:
            for s in ss["spans"]:
                for k in ("traceId", "spanId", "parentSpanId"):
                    if k in s:
                        s[k] = base64.b64encode(bytes.fromhex(s[k])).decode()
    return json.dumps(doc)


def spans_of(line, bad, n):
    td = json_format.Parse(to_b64(line), trace_pb2.TracesData(), ignore_unknown_fields=False)
    spans = [s for rs in td.resource_spans for ss in rs.scope_spans for s in ss.spans]
    if len({s.trace_id for s in spans}) != 1 or len(spans[0].trace_id) != 16:
        bad.append("line %d: not one 16-byte trace id" % n)
    ids = {s.span_id for s in spans}
    if len(ids) != len(spans) or any(len(i) != 8 for i in ids):
        bad.append("line %d: span ids not unique 8-byte ids" % n)
    if [s.parent_span_id for s in spans if s.parent_span_id and s.parent_span_id not in ids]:
        bad.append("line %d: a parent id that is no span of the trace" % n)
    if sum(not s.parent_span_id for s in spans) != 1:
        bad.append("line %d: not exactly one root span" % n)
    return td, spans


def check_run(rec, spans, bad, n):
    root = rec["processes"][0]
    off = root["start_unix_ms"] * 1000000 - root["start_ns"]
    by_id = {s.span_id: s for s in spans}
    run = next(s for s in spans if not s.parent_span_id)
    img = {}
    for i, p in enumerate(rec["processes"]):
        name = "(%d)" % p["pid"]
        cands = [s for s in spans if s.name.endswith(name) and s.start_time_unix_nano == p["start_ns"] + off]
        if len(cands) != 1 or cands[0].end_time_unix_nano != p["end_ns"] + off:
            bad.append("line %d: image %s: no span with its times" % (n, p["log"]))
            continue
        img[p["log"]] = s = cands[0]
        if p["exec_of"]:
            want = img.get(p["exec_of"] + ".ctlog")
        elif p["parent"] is not None:
            mk = [q for q in rec["processes"][:i] if q["pid"] == p["parent"] and q["start_ns"] <= p["start_ns"]]
            want = img.get(mk[-1]["log"]) if mk else None
        else:
            want = run
        if want is None or s.parent_span_id != want.span_id:
            bad.append("line %d: image %s not under its maker" % (n, p["log"]))
        check_imports(p, s, spans, by_id, off, bad, n)


def check_imports(p, img, spans, by_id, off, bad, n):
    under = {}
    for s in spans:
        if s.name.startswith("import ") or s.name.startswith("dlopen "):
            under.setdefault((s.name, s.start_time_unix_nano - off), s)
    ids = {}
    for im in p["imports"]:
        s = under.get(("import " + im["module"], im["start_ns"]))
        if s is None or (im["end_ns"] is not None and s.end_time_unix_nano - off != im["end_ns"]):
            bad.append("line %d: import %s: no span with its times" % (n, im["module"]))
            continue
        ids[im["id"]] = s
        want = ids.get(im["parent"], img) if im["parent"] is not None else img
        if s.parent_span_id != want.span_id:
            bad.append("line %d: import %s under %s" % (n, im["module"], by_id.get(s.parent_span_id).name))
    for d in p["dlopens"]:
        if not any(k[1] == d["t_ns"] and s.end_time_unix_nano - off == d["t_ns"] + d["dur_ns"]
                   for k, s in under.items() if k[0].startswith("dlopen ")):
            bad.append("line %d: dlopen %s: no span with its times" % (n, d["requested"]))


def main():
    lines = open(sys.argv[1]).read().splitlines()
    recs = [json.load(open(r)) for r in sys.argv[2:]]
    bad, traces = [], set()
    if len(lines) != len(recs):
        bad.append("%d lines for %d records" % (len(lines), len(recs)))
    for n, (line, rec) in enumerate(zip(lines, recs), 1):
        td, spans = spans_of(line, bad, n)
        traces.add(spans[0].trace_id)
        attrs = {a.key: a.value.string_value for a in td.resource_spans[0].resource.attributes}
        if attrs.get("coldtrace.run_id") != rec["run_id"] or attrs.get("host.name") != rec["host"]["hostname"]:
            bad.append("line %d: resource attributes %s" % (n, attrs))
        check_run(rec, spans, bad, n)
    if len(traces) != len(lines):
        bad.append("two lines share a trace id")
    for b in bad[:20]:
        print("otlp: " + b)
    print("otlp: %d lines" % len(lines))
    sys.exit(1 if bad else 0)


main()
