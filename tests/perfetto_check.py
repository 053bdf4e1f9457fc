# perfetto_check.py TRACE RECORD [CAT:N ...] -- structural check of a
# trace written by `coldtrace export --perfetto`, decoded with the
# perfetto package's own schema (perfetto_trace_pb2; run it with the CI
# venv's python, see .ci/pydeps).
#
# Checks: it parses as a Trace; every track is a named process, thread or
# counter track; every process image and thread of RECORD has a life slice
# on its track; per track, timestamps never go back and every SLICE_END
# closes an open SLICE_BEGIN (none left open); every child process of
# RECORD (fork, spawn) is the end of a flow that starts on its parent's
# track, each exec'd image of one from its previous image.  Each CAT:N asks
# for at least N slices of that category.  As a module, load(TRACE) gives
# the tracks and the nested slices.  Prints one line per defect, exit 1.
import json
import sys
from collections import Counter, defaultdict

from perfetto.protos.perfetto.trace import perfetto_trace_pb2 as pb

BEGIN, END, INSTANT, COUNTER = 1, 2, 3, 4


def load(path):
    trace = pb.Trace()
    trace.ParseFromString(open(path, "rb").read())
    tracks, events = {}, defaultdict(list)
    for p in trace.packet:
        if p.HasField("track_descriptor"):
            tracks[p.track_descriptor.uuid] = p.track_descriptor
        elif p.HasField("track_event"):
            events[p.track_event.track_uuid].append((p.timestamp, p.track_event))
    return tracks, events


def nest(evs, bad, key):
    """The slices of one track as dicts with their parent, from its events."""
    out, stack, last = [], [], 0
    for ts, e in evs:
        if ts < last:
            bad.append("track %s: ts goes back (%d after %d)" % (key, ts, last))
        last = ts
        if e.type in (BEGIN, INSTANT):
            s = {"name": e.name, "cat": list(e.categories), "a": ts, "b": ts, "track": key,
                 "parent": stack[-1] if stack else None, "flow_out": list(e.flow_ids),
                 "flow_in": list(e.terminating_flow_ids),
                 "args": {d.name: d.WhichOneof("value") and getattr(d, d.WhichOneof("value"))
                          for d in e.debug_annotations}}
            out.append(s)
            if e.type == BEGIN:
                stack.append(s)
        elif e.type == END:
            if not stack:
                bad.append("track %s: END at %d closes nothing" % (key, ts))
            else:
                stack.pop()["b"] = ts
    if stack:
        bad.append("track %s: %d slices left open" % (key, len(stack)))
    return out


def pid_of(t):
    return t.process.pid if t.HasField("process") else t.thread.pid


def check(tracks, slices, rec, bad):
    by_track = defaultdict(list)
    for s in slices:
        by_track[s["track"]].append(s)
    for u, t in tracks.items():
        name = t.process.process_name if t.HasField("process") else \
            t.thread.thread_name if t.HasField("thread") else t.name
        if not name:
            bad.append("track %d has no name" % u)
    proc_track = {t.process.pid: u for u, t in tracks.items() if t.HasField("process")}
    thr_track = {(t.thread.pid, t.thread.tid): u for u, t in tracks.items() if t.HasField("thread")}
    for p in rec["processes"]:
        lives = [s for s in by_track[proc_track.get(p["pid"])]
                 if "process" in s["cat"] and s["a"] == p["start_ns"]]
        if not lives:
            bad.append("pid %d: no life slice for image %s" % (p["pid"], p["log"]))
        for th in p["threads"]:
            if th["tid"] and not any("thread" in s["cat"] and s["a"] == th["start_ns"]
                                     for s in by_track[thr_track.get((p["pid"], th["tid"]))]):
                bad.append("thread %d of pid %d: no named track with its life" % (th["tid"], p["pid"]))
    check_flows(tracks, slices, rec, bad)


def check_flows(tracks, slices, rec, bad):
    starts = {f: s for s in slices for f in s["flow_out"]}
    for p in rec["processes"]:
        want = p["parent"] if p["exec_of"] is None else p["pid"]
        if p["parent"] is None and p["exec_of"] is None:
            continue
        life = [s for s in slices if "process" in s["cat"] and s["a"] == p["start_ns"]
                and pid_of(tracks[s["track"]]) == p["pid"]]
        src = [starts.get(f) for s in life for f in s["flow_in"]]
        if not any(x and pid_of(tracks[x["track"]]) == want for x in src):
            bad.append("pid %d (%s): no flow from pid %s" % (p["pid"], p["log"], want))


def main():
    tracks, events = load(sys.argv[1])
    rec = json.load(open(sys.argv[2]))
    bad, slices = [], []
    for u, evs in events.items():
        if u not in tracks:
            bad.append("events on track %d, which has no descriptor" % u)
        slices += nest(evs, bad, u)
    check(tracks, slices, rec, bad)
    counts = Counter(c for s in slices for c in s["cat"])
    counts["counter"] = sum(e.type == COUNTER for evs in events.values() for _, e in evs)
    for want in sys.argv[3:]:
        cat, n = want.split(":")
        if counts[cat] < int(n):
            bad.append("%s slices: %d, expected at least %s" % (cat, counts[cat], n))
    for b in bad[:20]:
        print("pftrace: " + b)
    print("pftrace: %d tracks, %d slices, %s" % (len(tracks), len(slices), dict(counts)))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
