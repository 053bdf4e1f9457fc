/* page.js -- presentation for `coldtrace report --html` and `coldtrace diff
 * --html` (compiled into the CLI).
 * The page is complete without it: this adds hover details, zoom and pan,
 * search, sorting and filtering.  Record text is only ever set through
 * textContent, never parsed as markup.  Sets <body data-ready> when done. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("ct-data").textContent);
  /* The imports table's rows in the page's order (before any sorting): an
   * import bar with a "row" reads its module and numbers there. */
  var impT = document.getElementById("ct-imports");
  var impRows = impT ? Array.prototype.slice.call(impT.tBodies[0].rows) : [];
  var impHeads = impT ? Array.prototype.map.call(impT.tHead.rows[0].cells, function (c) { return c.textContent; }) : [];
  function cell(row, i) { var r = impRows[row]; return r && r.cells[i] ? r.cells[i].textContent.trim() : null; }
  /* Each bar's index into bars: its data-i, else the previous bar's + 1. */
  var barEls = document.querySelectorAll(".b"), nextI = 0;
  barEls.forEach(function (b) {
    if (b.dataset.i !== undefined) nextI = +b.dataset.i;
    b.dataset.i = nextI++;
  });
  var bars = data.bars.map(unpack), span = Math.max(data.t1_ns - data.t0_ns, 1);
  var tl = document.getElementById("ct-tl"), tlw = document.getElementById("ct-tlw");
  var tip = document.getElementById("ct-tip"), axis = document.getElementById("ct-axis");
  var zoom = 1;
  var t0 = data.t0_ns;   /* "+" times count from here: the run's start, or the hovered side's */

  /* A bar of the data block, [kind, pid, value...]: data.keys[kind] is the
   * kind's name, then the values' keys ("$k": an index into data.strs,
   * "@k": an array of them, "/k": a path as [directory, last component]
   * or one index, "+k": ns after data.base_ns, "~k": the pid when null,
   * "a.b": field b of o.a); as {t, pid, o}. */
  function str(i) { return i === null ? null : data.strs[i]; }
  function unpack(b) {
    var ks = data.keys[b[0]] || ["?"], d = { t: ks[0], pid: b[1], o: {} };
    ks.slice(1).forEach(function (k, j) {
      var v = b[j + 2], s = k.charAt(0), o = d.o, p;
      if (v === undefined) v = null;
      if ("$@/+~".indexOf(s) >= 0) k = k.slice(1);
      if (s === "+" && v !== null) v += data.base_ns;
      if (s === "~" && v === null) v = d.pid;
      if (s === "$") v = str(v);
      if (s === "@" && v !== null) v = v.map(str);
      if (s === "/" && v !== null) v = typeof v === "number" ? str(v) : str(v[0]) + "/" + str(v[1]);
      p = k.split(".");
      if (p.length > 1) o = o[p[0]] = o[p[0]] || {};
      o[p[p.length - 1]] = v;
    });
    return d;
  }

  function ms(ns) {
    if (ns === null || ns === undefined || ns < 0) return "-";
    if (ns === 0) return "0";
    if (ns >= 1e9) return (ns / 1e9).toFixed(2) + " s";
    if (ns >= 1e6) return (ns / 1e6).toFixed(ns >= 1e8 ? 0 : 1) + " ms";
    return (ns / 1e3).toFixed(ns >= 1e4 ? 0 : 1) + " \u00b5s";
  }
  function at(ns) { return ns ? "+" + ms(ns - t0) : "-"; }
  function size(b) {
    var u = ["B", "KiB", "MiB", "GiB"], i = 0;
    while (b >= 1024 && i < 3) { b /= 1024; i++; }
    return (i ? b.toFixed(1) : b) + " " + u[i];
  }

  /* Faults and storage reads of a loader phase or an object's initialisers. */
  function counters(add, o) {
    if (o.major_faults === null || o.major_faults === undefined) return;
    add("faults", o.minor_faults + " minor, " + o.major_faults + " major");
    add("read from storage", size(o.read_bytes));
  }

  /* The lines of a bar's hover box, from its record object. */
  function lines(d) {
    var o = d.o, n = o.native || {}, L = [], i;
    function add(k, v) { if (v !== null && v !== undefined && v !== "") L.push(k + ": " + v); }
    if ((d.t === "import" || d.t === "init") && o.row !== undefined) {
      L.push("import " + o.module + (d.t === "init" ? "  (extension init: after its dlopen)" : ""));
      add("imported by", o.by_row !== null ? cell(o.by_row, 1) : "(top level)");
      add("start", at(o.start_ns));
      for (i = 2; i < impHeads.length; i++) add(impHeads[i], cell(o.row, i));
      if (n.cuda && n.cuda.length) add("CUDA", n.cuda.join(", "));
      add("major faults", o.major_faults);
      add("file", o.file);
    } else if (d.t === "import" || d.t === "init") {
      L.push("import " + o.module + (d.t === "init" ? "  (extension init: after its dlopen)" : ""));
      add("imported by", o.by || "(top level)");
      add("kind", o.kind);
      add("result", o.ok === false ? "failed: " + (o.error || "?") : o.ok ? "ok" : "never ended");
      add("start", at(o.start_ns));
      add("cumulative", ms(o.cumulative_us * 1e3));
      add("self", ms(o.self_us * 1e3));
      add("native", "dlopen " + ms(n.dlopen_ns) + ", file-system " + ms(n.fs_ns) + ", " +
          n.libraries + " .so, " + n.opens + " opens (" + n.open_errors + " failed), " +
          n.stats + " stats (" + n.stat_errors + " failed), mapped " + size(n.mapped_bytes + (n.objects_mapped_bytes || 0)) +
          ", " + n.threads + " threads");
      if (n.cuda && n.cuda.length) add("CUDA", n.cuda.join(", "));
      add("major faults", o.major_faults);
      add("file", o.file);
    } else if (d.t === "dlopen") {
      L.push("dlopen(" + o.requested + ")  " + o.flags);
      add("result", o.ok ? o.path : "failed: " + o.error);
      add("start", at(o.t_ns));
      add("duration", ms(o.dur_ns));
      add("new objects", o.new_objects);
      if (o.read_bytes !== null) add("faults, read from storage", o.major_faults + " major, " + size(o.read_bytes));
      add("caller", o.caller);
      add("import", o.import);
    } else if (d.t === "phase") {
      L.push(o.phase + " of dlopen(" + o.requested + ")");
      add("duration", ms(o.ns));
      add("thread CPU", ms(o.cpu_ns));
      counters(add, o);
    } else if (d.t === "ctor") {
      var c = o.constructors;
      L.push("initialisers of " + o.path);
      add("own time", ms(c.ns) + " (thread CPU " + ms(c.cpu_ns) + ")");
      add("with nested dlopens", ms(c.total_ns));
      add("entries", c.entries);
      add("order", c.order);
      counters(add, c);
    } else if (d.t === "fs") {
      L.push(o.calls + " file-system calls (" + o.failed + " failed)");
      add("from", at(o.start_ns) + " to " + at(o.end_ns));
      add("inside the calls", ms(o.busy_ns));
      add("import", o.import);
    } else if (d.t === "thread") {
      L.push("thread " + o.tid);
      add("alive", at(o.start_ns) + " to " + at(o.end_ns));
      add("created by", o.creator);
      add("Python thread", o.py_name);
      add("Python target", o.py_target);
      add("started at", o.py_started_at);
      add("start routine", o.start_routine);
      add("import", o.import);
    } else {
      L.push("child " + o.pid + " (" + o.how + ")");
      add("at", at(o.t_ns));
      add("import", o.import);
    }
    add("pid / tid", d.pid + (o.tid ? " / " + o.tid : ""));
    if (o.stack && o.stack.length) L.push("call site:\n  " + o.stack.join("\n  "));
    return L.join("\n");
  }

  tl.addEventListener("mousemove", function (e) {
    var b = e.target.closest(".b"), side = b && b.closest("[data-t0]");
    if (!b || drag) { tip.hidden = true; return; }
    t0 = side ? +side.dataset.t0 : data.t0_ns;
    tip.textContent = lines(bars[+b.dataset.i]);
    tip.hidden = false;
    var x = e.clientX + 14, y = e.clientY + 14, r = tip.getBoundingClientRect();
    if (x + r.width > innerWidth) x = Math.max(0, e.clientX - r.width - 14);
    if (y + r.height > innerHeight) y = Math.max(0, e.clientY - r.height - 14);
    tip.style.left = x + "px";
    tip.style.top = y + "px";
  });
  tl.addEventListener("mouseleave", function () { tip.hidden = true; });

  /* Zoom: the lanes get wider than the view; the time under x stays put. */
  function labW() { return tl.querySelector(".lab").offsetWidth; }
  function trackW() { return tlw.clientWidth - labW(); }
  function zoomTo(z, x) {
    var L = labW(), f = (tl.scrollLeft + x - L) / trackW();
    zoom = Math.min(Math.max(z, 1), 5000);
    tlw.style.width = zoom * 100 + "%";
    tl.scrollLeft = f * trackW() + L - x;
    drawAxis();
  }
  document.querySelectorAll("button[data-zoom]").forEach(function (b) {
    b.addEventListener("click", function () {
      var k = +b.dataset.zoom, mid = labW() + (tl.clientWidth - labW()) / 2;
      zoomTo(k ? zoom * k : 1, mid);
    });
  });
  tl.addEventListener("wheel", function (e) {
    if (!e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    zoomTo(zoom * (e.deltaY < 0 ? 1.25 : 0.8), e.clientX - tl.getBoundingClientRect().left);
  }, { passive: false });

  var drag = null;
  tl.addEventListener("mousedown", function (e) {
    drag = { x: e.clientX, s: tl.scrollLeft };
    tl.classList.add("drag");
  });
  addEventListener("mouseup", function () { drag = null; tl.classList.remove("drag"); });
  addEventListener("mousemove", function (e) {
    if (drag) tl.scrollLeft = drag.s - (e.clientX - drag.x);
  });
  tl.addEventListener("scroll", function () { requestAnimationFrame(drawAxis); });

  /* Ticks at 1, 2 or 5 x 10^k over the part of the run in view. */
  function drawAxis() {
    var W = trackW(), a = tl.scrollLeft / W, b = (tl.scrollLeft + tl.clientWidth - labW()) / W;
    var want = (b - a) * span / 8, step = Math.pow(10, Math.floor(Math.log10(want)));
    step *= want / step >= 5 ? 5 : want / step >= 2 ? 2 : 1;
    axis.textContent = "";
    for (var t = Math.ceil(a * span / step) * step; t <= b * span; t += step) {
      var d = document.createElement("div");
      d.className = "tick";
      d.style.left = (100 * t / span) + "%";
      d.textContent = ms(t);
      axis.appendChild(d);
    }
  }

  /* A table row's text for the search and the filters: its cells' and
   * the whole paths of the cut ones (their title). */
  function rowText(r) {
    if (r.ctText === undefined) {
      var t = [r.textContent];
      r.querySelectorAll("[title]").forEach(function (e) { t.push(e.title); });
      r.ctText = t.join("\n").toLowerCase();
    }
    return r.ctText;
  }
  /* The shared objects' groups start shut; a click on a group's heading
   * opens or shuts it, a row the search or a filter finds opens it. */
  var libs = document.getElementById("ct-libs");
  function reveal(r) { r.parentNode.classList.remove("shut"); }
  if (libs) {
    libs.classList.add("fold");
    Array.prototype.forEach.call(libs.tBodies, function (tb) { tb.classList.add("shut"); });
    libs.addEventListener("click", function (e) {
      var g = e.target.closest("tr.grp");
      if (g) g.parentNode.classList.toggle("shut");
    });
  }

  /* Search: bars whose module, path or request holds the text, and rows. */
  var names = bars.map(function (d) {
    var o = d.o;
    if (o.row !== undefined) o.module = cell(o.row, 1);
    return [o.module, o.path, o.requested, o.import, o.start_routine, o.py_name, o.py_target].join("\n").toLowerCase();
  });
  document.getElementById("ct-search").addEventListener("input", function (e) {
    var q = e.target.value.toLowerCase(), hits = 0, first = null;
    barEls.forEach(function (b) {
      var hit = q !== "" && names[+b.dataset.i].indexOf(q) >= 0;
      b.classList.toggle("hit", hit);
      b.classList.toggle("dim", q !== "" && !hit);
      if (hit) { hits++; first = first || b; }
    });
    document.querySelectorAll("#ct-libs tbody tr:not(.grp), #ct-imports tbody tr").forEach(function (r) {
      var hit = q !== "" && rowText(r).indexOf(q) >= 0;
      r.classList.toggle("hit", hit);
      if (hit) reveal(r);
    });
    document.getElementById("ct-found").textContent = q ? hits + " bars match" : "";
    if (first) tl.scrollLeft = first.offsetLeft - tl.clientWidth / 3;
  });

  /* Sorting: by data-v when a cell has one, a cell whose text starts with
   * a number by that number, else by text; within each
   * <tbody> (the groups), group headings stay first. */
  function key(r, i) {
    var c = r.cells[i];
    return !c ? "" : c.dataset.v !== undefined ? +c.dataset.v :
      /^-?[0-9]/.test(c.textContent) ? parseFloat(c.textContent) : c.textContent.toLowerCase();
  }
  function sortTable(t, i, dir) {
    t.querySelectorAll("tbody").forEach(function (tb) {
      var rows = Array.prototype.filter.call(tb.rows, function (r) { return !r.classList.contains("grp"); });
      rows.sort(function (x, y) {
        var a = key(x, i), b = key(y, i);
        return (a < b ? -1 : a > b ? 1 : (x.dataset.o - y.dataset.o)) * dir;
      });
      rows.forEach(function (r) { tb.appendChild(r); });
    });
  }
  document.querySelectorAll("table.sortable").forEach(function (t) {
    var o = 0;
    t.querySelectorAll("tbody tr").forEach(function (r) { r.dataset.o = o++; });
    t.querySelectorAll("thead th").forEach(function (th, i) {
      th.addEventListener("click", function () {
        var dir = th.dataset.dir === "desc" ? "asc" : "desc";
        t.querySelectorAll("thead th").forEach(function (h) { delete h.dataset.dir; });
        th.dataset.dir = dir;
        sortTable(t, i, dir === "asc" ? 1 : -1);
      });
    });
  });
  document.querySelectorAll("input.filter").forEach(function (f) {
    f.addEventListener("input", function () {
      var q = f.value.toLowerCase();
      document.getElementById(f.dataset.table).querySelectorAll("tbody tr:not(.grp)").forEach(function (r) {
        r.hidden = q !== "" && rowText(r).indexOf(q) < 0;
        if (q !== "" && !r.hidden) reveal(r);
      });
    });
  });

  /* One list: every library row in the first <tbody>, a request's rows
   * with their group's "requested by" (<tbody data-rb>); back: each to its
   * group's (<tbody> k holds group k). */
  var flat = document.getElementById("ct-flat");
  if (flat && libs) flat.addEventListener("change", function () {
    var tbs = libs.tBodies, rows = Array.prototype.slice.call(libs.querySelectorAll("tr.lib"));
    libs.classList.toggle("flat", flat.checked);
    if (!tbs.length) return;
    rows.forEach(function (r) {
      var rb = tbs[+r.dataset.g].dataset.rb, c = r.cells[3];
      if (rb && c && !c.textContent) { c.textContent = rb; delete r.ctText; }
    });
    rows.sort(function (x, y) { return x.dataset.o - y.dataset.o; });
    rows.forEach(function (r) { tbs[flat.checked ? 0 : +r.dataset.g].appendChild(r); });
  });

  drawAxis();
  document.body.dataset.ready = bars.length;
})();
