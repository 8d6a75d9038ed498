"""The editor `mdgettext serve` adds to a review page: the catalog's entries to edit, one
entry's findings as the translator types, and a save, as JSON answers to the page.

The HTTP side (preview.py) lets through only what the page itself sends (its host, its
origin, the session's token); this side decides what may be read and written. Only the
catalogs of the chapters and languages being served are edited, each found by its path
as the page names it and resolved inside the locale folder with every symbolic link
followed; nothing else is ever written. A save is refused, and says so, when the file
changed since the page loaded it (Poedit, git, another window): the page's text is kept
there, and nothing on disk is overwritten. The catalog is written whole and atomically,
as GNU gettext writes it (po/writer.py); the entry's findings are `check`'s, from the
same judge the build runs (pipeline/judged.py).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from mdgettext.errors import InputError
from mdgettext.files import read_bytes, write_all
from mdgettext.model import Diagnostic, key_of
from mdgettext.pipeline.entry import Chapters, Place, catalog_place, judged_entry, parsed
from mdgettext.po import edit
from mdgettext.po.catalog import live
from mdgettext.po.writer import dumps
from mdgettext.project import Config
from mdgettext.publish.words import ENGLISH, words

ACTIONS = ("catalog", "check", "save")
MAX_PATH = 1024
WORDS = tuple(key for key in ENGLISH if key.startswith(("edit", "severity_", "state_")))  # what the page's script says


class Refused(Exception):
    """A request the editor does not carry out: its HTTP status and what to tell the page."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Editor:
    """The editing half of `serve`, for the languages it serves. Saves are one at a time."""

    def __init__(self, config: Config, languages: Sequence[str]) -> None:
        self.config, self.languages = config, tuple(languages)
        self.lock = threading.Lock()
        self.chapters = Chapters()

    def respond(self, action: str, body: bytes) -> tuple[int, dict[str, Any]]:
        """The HTTP status and JSON answer to a request's body."""
        try:
            return 200, self.answer(action, json.loads(body.decode("utf-8")))
        except (UnicodeDecodeError, ValueError):
            return 400, {"error": "not JSON"}
        except Conflict as conflict:
            return 409, {"error": str(conflict), "on_disk": conflict.on_disk, "hash": conflict.digest}
        except Refused as refused:
            return refused.status, {"error": str(refused)}

    def answer(self, action: str, request: object) -> dict[str, Any]:
        """What `action` answers `request` (a JSON object); Refused otherwise."""
        if action not in ACTIONS:
            raise Refused(404, "no such action")
        if not isinstance(request, dict):
            raise Refused(400, "the request is not a JSON object")
        config = replace(self.config)  # folders resolved afresh: one may have become a link meanwhile
        try:
            place = self.place(config, request.get("catalog"))
            if action == "catalog":
                return self._catalog(config, place)
            change = _edit(request)
            if action == "check":
                return self._check(config, place, change)
            return self._save(place, change, request.get("hash"))
        except edit.EditError as err:
            raise Refused(422, str(err)) from None
        except InputError as err:  # a catalog that does not parse, a file gone: one line, as the build says it
            raise Refused(422, str(err)) from None

    def place(self, config: Config, shown: object) -> Place:
        """The catalog the page names, if it is one this preview edits."""
        if not isinstance(shown, str) or not shown or len(shown) > MAX_PATH or "\0" in shown:
            raise Refused(400, "no catalog named")
        found = catalog_place(config, self.languages, shown)
        if found is None:
            raise Refused(403, f"{shown}: not a catalog of a chapter this preview serves; only those are edited")
        return found

    def _catalog(self, config: Config, place: Place) -> dict[str, Any]:
        data = read_bytes(place.path, place.shown)
        catalog = parsed(data, place.shown)
        page_words = words(place.language, config.own_page_words())
        return {
            "catalog": place.shown,
            "hash": edit.digest(data),
            "entries": edit.editable(catalog.po),
            "words": {key: page_words.words[key] for key in WORDS},
            "lang": page_words.language,
        }

    def _check(self, config: Config, place: Place, change: edit.Edit) -> dict[str, Any]:
        catalog = parsed(read_bytes(place.path, place.shown), place.shown)
        chapter = self.chapters(config, place.chapter)
        found, now, line = judged_entry(config, chapter, place.language, catalog, change)
        ui = words(place.language, config.own_page_words()).words
        return {"findings": [_finding(d, ui, f"{place.shown}:{line}") for d in found], "state": now}

    def _save(self, place: Place, change: edit.Edit, loaded: object) -> dict[str, Any]:
        with self.lock:
            data = read_bytes(place.path, place.shown)
            if not isinstance(loaded, str) or loaded != edit.digest(data):
                catalog = parsed(data, place.shown)
                now = next((e.msgstr for e in live(catalog.po) if key_of(e) == change.key), None)
                raise Conflict(place.shown, now, edit.digest(data))
            catalog = parsed(data, place.shown)
            edit.apply(catalog.po, change)
            text = dumps(catalog.po)
            write_all([(place.path, text)])
        return {"hash": edit.digest(text.encode("utf-8"))}


class Conflict(Refused):
    """The catalog changed on disk since the page loaded it: nothing is written."""

    def __init__(self, shown: str, on_disk: str | None, digest: str) -> None:
        super().__init__(
            409, f"{shown} changed on disk since this page loaded it (another editor, or git); nothing was written"
        )
        self.on_disk, self.digest = on_disk, digest


def _edit(request: Mapping[str, Any]) -> edit.Edit:
    msgctxt, msgid, msgstr, fuzzy = (request.get(k) for k in ("msgctxt", "msgid", "msgstr", "fuzzy"))
    if not (msgctxt is None or isinstance(msgctxt, str)) or not isinstance(msgid, str) or not msgid:
        raise Refused(400, "no entry named")
    if not isinstance(msgstr, str) or not isinstance(fuzzy, bool):
        raise Refused(400, "no translation given")
    imported = request.get("imported")
    if not (imported is None or isinstance(imported, bool)):
        raise Refused(400, "imported is true, false or left out")
    return edit.Edit((msgctxt, msgid), msgstr, fuzzy, imported)


def _finding(d: Diagnostic, page_words: Mapping[str, str], where: str) -> dict[str, Any]:
    """A finding as the review page shows one: at its entry's msgstr line, in the reviewer's words."""
    return {
        "severity": d.severity.value,
        "severity_word": page_words.get(f"severity_{d.severity.value}", d.severity.value),
        "code": d.code,
        "message": d.message,
        "where": where,
    }
