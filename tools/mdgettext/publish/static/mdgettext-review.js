// mdgettext's review page: filter the entries by state (or those with findings, or with what the
// translator added), and move between those with findings.
// The choice is kept in the address (#fuzzy) so it can be shared; without one, the page
// opens on the radio the build checked ("with findings" when there are any).
// `j` and `k` move to the next and previous shown entry with findings (the checkbox turns them off).
(function () {
  'use strict';
  var radios = Array.prototype.slice.call(document.querySelectorAll('input[name="state"]'));
  var entries = Array.prototype.slice.call(document.querySelectorAll('.entry'));
  function show(value) {
    entries.forEach(function (entry) {
      entry.hidden = !(value === 'all' || entry.dataset.state === value ||
                       (value === 'findings' && entry.dataset.findings !== '0') ||
                       (value === 'added' && (entry.dataset.additions || '0') !== '0'));
    });
  }
  radios.forEach(function (radio) {
    radio.addEventListener('change', function () { show(radio.value); });
  });
  var wanted = location.hash.slice(1);
  var chosen = radios.filter(function (radio) { return radio.value === wanted; })[0];
  if (!chosen && wanted) {  // an entry's address (#L146): show it, whatever its state
    var target = document.getElementById(wanted);
    if (target && target.classList.contains('entry')) chosen = radios.filter(function (r) { return r.value === 'all'; })[0];
  }
  chosen = chosen || radios.filter(function (radio) { return radio.checked; })[0];
  if (chosen) { chosen.checked = true; show(chosen.value); }
  var keys = document.getElementById('shortcuts');
  document.addEventListener('keydown', function (event) {
    var step = {j: 1, k: -1}[event.key];
    if (!step || !keys || !keys.checked || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest('textarea, select, [contenteditable], input:not([type=radio]):not([type=checkbox])')) return;
    var found = entries.filter(function (e) { return !e.hidden && e.dataset.findings !== '0'; });
    if (!found.length) return;
    var here = document.activeElement && document.activeElement.closest ? document.activeElement.closest('.entry') : null;
    var at = here ? found.indexOf(here) : -1;
    if (at < 0) {  // from where the reader is: the first entry below the top of the window
      at = found.findIndex(function (e) { return e.getBoundingClientRect().top > 1; });
      at = at < 0 ? found.length : at;
      at = step > 0 ? at - 1 : at;
    }
    var next = found[Math.min(Math.max(at + step, 0), found.length - 1)];
    event.preventDefault();
    next.focus();
    next.scrollIntoView({block: 'start'});
  });
})();
