(function () {
  "use strict";
  // Sortable tables and record filters. Reads text from the DOM; the only markup it inserts
  // is the report's own deferred record evidence (below).
  function key(cell) {
    var raw = cell.getAttribute("data-sort");
    if (raw === null) { raw = cell.textContent.trim(); }
    var num = parseFloat(raw);
    return { blank: raw === "", num: isNaN(num) ? null : num, text: raw.toLowerCase() };
  }
  function compare(x, y) {
    if (x.num !== null && y.num !== null) { return x.num - y.num; }
    return x.text < y.text ? -1 : (x.text > y.text ? 1 : 0);
  }
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    var headers = table.querySelectorAll("thead th");
    Array.prototype.forEach.call(headers, function (th, index) {
      var button = th.querySelector("button");
      if (!button) { return; }
      button.addEventListener("click", function () {
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(headers, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        rows.sort(function (a, b) {
          var x = key(a.cells[index]), y = key(b.cells[index]);
          if (x.blank !== y.blank) { return x.blank ? 1 : -1; }
          return ascending ? compare(x, y) : compare(y, x);
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("form[data-filter-table]"), function (form) {
    var table = document.getElementById(form.getAttribute("data-filter-table"));
    var text = form.querySelector("input[name=q]");
    var pattern = form.querySelector("select[name=pattern]");
    var count = form.querySelector("output");
    function apply() {
      var needle = text.value.trim().toLowerCase();
      var wanted = pattern ? pattern.value : "";
      var shown = 0;
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        var patterns = " " + (row.getAttribute("data-patterns") || "") + " ";
        var ok = (!needle || row.textContent.toLowerCase().indexOf(needle) >= 0) &&
          (!wanted || patterns.indexOf(" " + wanted + " ") >= 0);
        row.hidden = !ok;
        if (ok) { shown += 1; }
      });
      if (count) { count.textContent = shown + " shown"; }
    }
    text.addEventListener("input", apply);
    if (pattern) { pattern.addEventListener("change", apply); }
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    apply();
  });
  function openTarget() {
    var target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
    if (target && target.tagName === "DETAILS") { target.open = true; target.scrollIntoView(); }
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
  // Long texts: a preview in place; the full texts sit once in a gzip+base64 JSON block and
  // are unpacked on the first "show all" press. Text is set with textContent, never as HTML.
  // A data block's JSON list, unpacked from gzip+base64.
  function unpack(id) {
    var block = document.getElementById(id);
    var bytes = Uint8Array.from(atob(block.textContent.trim()), function (c) { return c.charCodeAt(0); });
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).json();
  }
  var fullTexts = null;
  function loadFullTexts() {
    if (fullTexts === null) { fullTexts = unpack("ragvet-full-texts"); }
    return fullTexts;
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.show-full") : null;
    if (!button) { return; }
    var index = Number(button.getAttribute("data-full-text"));
    loadFullTexts().then(function (texts) {
      var preview = button.previousElementSibling;
      if (preview && preview.classList.contains("long-text")) { preview.textContent = texts[index]; }
      button.remove();
    });
  });
  // A record's large evidence is rendered by the report into a second gzip+base64 JSON block
  // and put in place when its record is opened: markup the report itself escaped, never data.
  var details = null;
  function fillDeferred(record) {
    var holder = record.querySelector("div.deferred-detail");
    if (!holder) { return; }
    if (details === null) { details = unpack("ragvet-record-details"); }
    details.then(function (all) {
      var index = Number(holder.getAttribute("data-detail"));
      var range = document.createRange();
      range.selectNodeContents(holder);
      holder.replaceWith(range.createContextualFragment(all[index]));
    });
  }
  document.addEventListener("toggle", function (event) {
    var record = event.target;
    if (record.tagName === "DETAILS" && record.open) { fillDeferred(record); }
  }, true);
  Array.prototype.forEach.call(document.querySelectorAll("details[open]"), fillDeferred);
})();
