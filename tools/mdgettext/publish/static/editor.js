// mdgettext serve: edit a review page's entries in place (added as the page is served).
//
// Each entry gets an Edit button; editing opens a text box with the translation as the
// catalog has it, a fuzzy box, Save and Cancel. As the translator types, the entry's
// findings are checked again (serve runs the project's checks on it); Save writes the
// catalog, which serve rebuilds, and every open page reloads. A catalog changed on disk
// since this page loaded it (Poedit, git) is never overwritten: the save is refused and
// the text typed stays here. Everything shown comes in as text (textContent), never as
// markup. Keys: Ctrl+Enter saves, Escape closes an editor with nothing unsaved.
(function () {
  'use strict';
  var token = document.querySelector('meta[name="mdgettext-token"]');
  var catalog = document.body.dataset.catalog;
  if (!token || !catalog) return;
  var loaded = {hash: '', words: {}, lang: 'en', entries: {}};
  var open = 0;  // editors with unsaved text
  var FOCUS = 'mdgettext-focus:' + catalog;

  function word(key) { return loaded.words[key] || key; }
  function keyOf(msgctxt, msgid) { return JSON.stringify([msgctxt === undefined ? null : msgctxt, msgid]); }
  function element(tag, attributes, text) {
    var made = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { made.setAttribute(name, attributes[name]); });
    if (text !== undefined) made.textContent = text;
    return made;
  }
  function ask(action, body) {
    return fetch('/__mdgettext__/' + action, {
      method: 'POST',
      cache: 'no-store',
      credentials: 'same-origin',
      headers: {'Content-Type': 'application/json', 'X-Mdgettext-Token': token.content},
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (data) { return {status: response.status, data: data}; });
    });
  }
  function drafts(change) {
    open += change;
    document.documentElement.dataset.drafts = String(open);
  }

  function attach(entry, counter) {
    var msgctxt = entry.hasAttribute('data-msgctxt') ? entry.dataset.msgctxt : null;
    var key = keyOf(msgctxt, entry.dataset.msgid);
    var found = loaded.entries[key];
    var meta = entry.querySelector('.entry-meta');
    if (!found || !meta) return;
    var id = 'editor-' + counter;
    var button = element('button', {type: 'button', 'class': 'edit-button', 'aria-expanded': 'false', 'aria-controls': id}, word('edit'));
    meta.insertBefore(button, meta.firstChild.nextSibling);
    var editor = null;
    button.addEventListener('click', function () {
      if (editor) { editor.box.focus(); return; }
      editor = make(entry, id, found, msgctxt, key, function () {
        editor = null;
        button.setAttribute('aria-expanded', 'false');
        button.focus();
      });
      button.setAttribute('aria-expanded', 'true');
      editor.box.focus();
    });
    entry.editButton = button;
    entry.editorKey = key;
  }

  function make(entry, id, found, msgctxt, key, closed) {
    var panel = element('div', {'class': 'editor', id: id, role: 'group', 'aria-label': word('edit_label')});
    var label = element('label', {'for': id + '-text'}, word('edit_label'));
    var box = element('textarea', {id: id + '-text', rows: String(Math.min(12, Math.max(3, Math.ceil(found.msgstr.length / 70) + 1)))});
    box.lang = entry.querySelector('.translation').lang;  // the catalog's language: its spelling and fonts
    box.value = found.msgstr;
    var fuzzyLabel = element('label', {'class': 'fuzzy'});
    var fuzzy = element('input', {type: 'checkbox'});
    fuzzy.checked = found.fuzzy;
    fuzzyLabel.appendChild(fuzzy);
    fuzzyLabel.appendChild(document.createTextNode(' ' + word('edit_fuzzy')));
    // an imported translation whose pairing import doubted: unchecking this clears the doubt
    var importedLabel = element('label', {'class': 'imported'});
    var imported = element('input', {type: 'checkbox'});
    imported.checked = !!found.imported;
    importedLabel.appendChild(imported);
    importedLabel.appendChild(document.createTextNode(' ' + word('edit_imported')));
    importedLabel.hidden = !found.imported;
    var actions = element('div', {'class': 'editor-actions'});
    var save = element('button', {type: 'button', 'class': 'save'}, word('edit_save'));
    var cancel = element('button', {type: 'button', 'class': 'cancel'}, word('edit_cancel'));
    actions.appendChild(save);
    actions.appendChild(cancel);
    var status = element('p', {'class': 'editor-status', role: 'status'});
    var findings = element('ul', {'class': 'editor-findings', 'aria-label': word('state_findings')});
    var conflict = element('div', {'class': 'editor-conflict', role: 'alert'});
    conflict.hidden = true;
    [label, box, fuzzyLabel, importedLabel, actions, status, findings, conflict].forEach(function (part) { panel.appendChild(part); });
    entry.appendChild(panel);

    var saved = {msgstr: found.msgstr, fuzzy: found.fuzzy, imported: !!found.imported};
    var dirty = false;
    var timer = null;
    var asked = 0;
    function changed() {
      var now = box.value !== saved.msgstr || fuzzy.checked !== saved.fuzzy || imported.checked !== saved.imported;
      if (now !== dirty) { drafts(now ? 1 : -1); dirty = now; }
      clearTimeout(timer);
      timer = setTimeout(check, 250);
    }
    function request() {
      var body = {catalog: catalog, msgctxt: msgctxt, msgid: entry.dataset.msgid, msgstr: box.value, fuzzy: fuzzy.checked};
      if (found.imported) body.imported = imported.checked;
      return body;
    }
    function check() {
      var mine = ++asked;
      status.textContent = word('edit_checking');
      ask('check', request()).then(function (answer) {
        if (mine !== asked) return;  // a later check is under way
        if (answer.status !== 200) { status.textContent = answer.data.error || String(answer.status); return; }
        show(answer.data.findings);
        status.textContent = answer.data.findings.length ? '' : word('edit_clean');
      }).catch(function () { status.textContent = ''; });
    }
    function show(list) {
      findings.textContent = '';
      list.forEach(function (d) {
        var item = element('li', {'class': 'finding-' + d.severity});
        item.appendChild(element('span', {'class': 'severity'}, d.severity_word));
        item.appendChild(document.createTextNode(' '));
        item.appendChild(element('span', {'class': 'message', lang: 'en'}, d.message));
        item.appendChild(document.createTextNode(' '));
        item.appendChild(element('code', {'class': 'check-code'}, '[' + d.code + ']'));
        item.appendChild(document.createTextNode(' '));
        item.appendChild(element('code', {'class': 'po-line'}, d.where));
        findings.appendChild(item);
      });
    }
    function write() {
      save.disabled = true;
      status.textContent = word('edit_saving');
      var body = request();
      body.hash = loaded.hash;
      ask('save', body).then(function (answer) {
        save.disabled = false;
        if (answer.status === 200) {
          loaded.hash = answer.data.hash;
          saved = {msgstr: body.msgstr, fuzzy: body.fuzzy, imported: body.imported !== false && !!found.imported};
          found.msgstr = body.msgstr;
          found.fuzzy = body.fuzzy;
          if (body.imported === false) { found.imported = false; importedLabel.hidden = true; }
          if (dirty) { drafts(-1); dirty = false; }
          conflict.hidden = true;
          status.textContent = word('edit_saved');
          try { sessionStorage.setItem(FOCUS, key); } catch (e) { /* storage off: focus is not kept */ }
          return;
        }
        if (answer.status === 409) {
          conflict.textContent = '';
          conflict.appendChild(element('p', {}, word('edit_conflict')));
          if (answer.data.on_disk !== null && answer.data.on_disk !== undefined) {
            conflict.appendChild(element('p', {}, word('edit_on_disk')));
            conflict.appendChild(element('pre', {'class': 'on-disk', lang: box.lang}, answer.data.on_disk));
          }
          conflict.hidden = false;
          status.textContent = '';
          return;
        }
        status.textContent = word('edit_failed').replace('{reason}', answer.data.error || String(answer.status));
      }).catch(function (error) {
        save.disabled = false;
        status.textContent = word('edit_failed').replace('{reason}', String(error));
      });
    }
    function close() {
      clearTimeout(timer);
      if (dirty) { drafts(-1); dirty = false; }
      panel.remove();
      closed();
    }
    box.addEventListener('input', changed);
    fuzzy.addEventListener('change', changed);
    imported.addEventListener('change', changed);
    save.addEventListener('click', write);
    cancel.addEventListener('click', close);
    panel.addEventListener('keydown', function (event) {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) { event.preventDefault(); write(); }
      if (event.key === 'Escape' && !dirty) { event.preventDefault(); close(); }
    });
    check();
    return {box: box};
  }

  function rebuilt() {
    if (document.querySelector('.editor-rebuilt')) return;
    var notice = element('p', {'class': 'editor-rebuilt', role: 'status'}, word('edit_rebuilt'));
    document.querySelector('header').appendChild(notice);
  }

  ask('catalog', {catalog: catalog}).then(function (answer) {
    if (answer.status !== 200) return;
    loaded.hash = answer.data.hash;
    loaded.words = answer.data.words;
    loaded.lang = answer.data.lang;
    answer.data.entries.forEach(function (e) { loaded.entries[keyOf(e.msgctxt, e.msgid)] = e; });
    var entries = Array.prototype.slice.call(document.querySelectorAll('.entry'));
    entries.forEach(attach);
    var back = null;
    try { back = sessionStorage.getItem(FOCUS); sessionStorage.removeItem(FOCUS); } catch (e) { back = null; }
    var again = entries.filter(function (e) { return e.editorKey === back; })[0];
    if (again) {  // after a save, the page rebuilt: back to the entry saved, shown whatever the filter
      if (again.hidden) {
        var all = document.querySelector('input[name="state"][value="all"]');
        if (all) { all.checked = true; all.dispatchEvent(new Event('change')); }
      }
      again.editButton.focus();
      again.scrollIntoView({block: 'center'});
    }
  });
  document.addEventListener('mdgettext:rebuilt', rebuilt);
  window.addEventListener('beforeunload', function (event) {
    if (open > 0) { event.preventDefault(); event.returnValue = ''; }
  });
})();
