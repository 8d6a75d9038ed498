// mdgettext serve: reload the page when the preview is rebuilt (added as the page is served,
// never written to the build). A page with unsaved edits (serve's editor counts them in
// <html data-drafts>) is not reloaded: it is told instead, and the translator saves first.
(function () {
  'use strict';
  var script = document.currentScript;
  var built = script ? script.dataset.version : '';
  var told = false;
  setInterval(function () {
    fetch('/__mdgettext__/version', {cache: 'no-store'})
      .then(function (r) { return r.text(); })
      .then(function (now) {
        if (now === built) return;
        if (Number(document.documentElement.dataset.drafts || 0) > 0) {
          if (!told) document.dispatchEvent(new CustomEvent('mdgettext:rebuilt'));
          told = true;
          return;
        }
        location.reload();
      })
      .catch(function () {});
  }, 500);
})();
