/* series.js -- presentation for the series page of `coldtrace report
 * --html` (compiled into the CLI).  The page is complete without it: this
 * marks one run in every strip plot and in the runs table while the
 * pointer is on one of its dots or its row.  Text comes from the page
 * itself, set through textContent only.  Sets <body data-ready> (the
 * number of dots) when done. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("ct-data").textContent);
  var dots = document.querySelectorAll("svg.strip .dot");
  var note = document.getElementById("ct-run"), idle = note.textContent;
  var marked = null;

  function label(run) {
    for (var i = 0; i < data.runs.length; i++)
      if (String(data.runs[i].index) === run)
        return "run " + data.runs[i].dir + " (" + data.runs[i].group + ")";
    return "run " + run;
  }

  function mark(run) {
    if (run === marked) return;
    marked = run;
    document.querySelectorAll(".on").forEach(function (e) { e.classList.remove("on"); });
    if (run === null) { note.textContent = idle; return; }
    var els = document.querySelectorAll('[data-run="' + run + '"]');
    els.forEach(function (e) { e.classList.add("on"); });
    note.textContent = label(run) + ": marked in every plot and in the runs table";
  }

  document.addEventListener("mouseover", function (e) {
    var el = e.target.closest && e.target.closest("[data-run]");
    mark(el ? el.getAttribute("data-run") : null);
  });
  document.body.dataset.ready = dots.length;
})();
