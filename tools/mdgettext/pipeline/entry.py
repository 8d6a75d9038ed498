"""One entry of a catalog judged as a translator types it (serve's editor): the catalog
with the entry changed, written as it would be saved and read again, and `check`'s
findings on that entry, from the judge the build runs (judged.py)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mdgettext.errors import InputError
from mdgettext.files import parse_po
from mdgettext.model import Diagnostic, Key, Severity, key_of
from mdgettext.pipeline.judged import Chapter, checked, load_project_glossary, template_keys
from mdgettext.pipeline.read import ChapterAnchors, load_chapter
from mdgettext.po import edit
from mdgettext.po.catalog import CatalogFile, State, live, state
from mdgettext.po.writer import dumps
from mdgettext.project import Config
from mdgettext.publish.review import owners


@dataclass(frozen=True)
class Place:
    """A catalog the editor may change: its chapter, language, file and shown path."""

    chapter: str
    language: str
    path: Path
    shown: str


def catalog_place(config: Config, languages: Sequence[str], shown: str) -> Place | None:
    """The catalog of a chapter in one of `languages` whose path is `shown` (as the review
    page names it), resolved inside the locale folder with every link followed; None for
    any other file (a glossary, page words, a catalog of a chapter gone, a link out)."""
    locale = config.locale_folder.resolve()
    for chapter in config.chapters():
        for language in languages:
            path = config.po_path(chapter, language)
            if config.relative(path) != shown:
                continue
            resolved = config.inside(path).resolve()
            if resolved.is_relative_to(locale) and resolved.is_file():
                return Place(chapter, language, path, shown)
            return None
    return None


def parsed(data: bytes, shown: str) -> CatalogFile:
    """A catalog's bytes read as every catalog is read (files.read_catalog)."""
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise InputError(f"{shown}: not valid UTF-8; save the file as UTF-8") from None
    return CatalogFile(parse_po(text, shown), text, shown)


def edited(catalog: CatalogFile, change: edit.Edit) -> CatalogFile:
    """The catalog as it would be saved with `change` (po/writer.py, as GNU gettext writes
    it), read again, so every finding names the line the saved file will have."""
    edit.apply(catalog.po, change)
    text = dumps(catalog.po)
    return CatalogFile(parse_po(text, catalog.display), text, catalog.display)


class Chapters:
    """The chapters' English as the checks read it, each read again only when its source
    or template changed (a translator types many times between two edits of the English)."""

    def __init__(self) -> None:
        self._read: dict[str, tuple[tuple[int, ...], Chapter]] = {}

    def __call__(self, config: Config, name: str) -> Chapter:
        """The chapter `name`, read."""
        stamp = tuple(part for path in (config.source_path(name), config.pot_path(name)) for part in _stamp(path))
        cached = self._read.get(name)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        _, doc = load_chapter(config, name)
        chapter = Chapter(name, doc, ChapterAnchors(config, {name: doc}), template_keys(config, name))
        self._read[name] = (stamp, chapter)
        return chapter


def judged_entry(
    config: Config, chapter: Chapter, language: str, catalog: CatalogFile, change: edit.Edit
) -> tuple[list[Diagnostic], str, int]:
    """`check`'s findings on the entry `change` makes (those the catalog's check reports at
    its lines), the state the build would give it (`refused` for an error), and the line
    of its msgstr in the saved file (where the review page says its findings are)."""
    now = edited(catalog, change)
    glossary = load_project_glossary(config, language)
    verdict = checked(config, chapter, language, now, glossary, review=True)
    line = now.msgid_lines[change.key]
    found = owners(list(now.msgid_lines.values()), verdict.findings, now.display).get(line, [])
    return found, _state(now, change.key, found), now.msgstr_lines[change.key]


def _state(catalog: CatalogFile, key: Key, found: Sequence[Diagnostic]) -> str:
    entry = next(e for e in live(catalog.po) if key_of(e) == key)
    now = state(entry)
    if now is State.TRANSLATED and any(d.severity is Severity.ERROR for d in found):
        return "refused"
    return now.value


def _stamp(path: Path) -> tuple[int, int]:
    try:
        found = os.stat(path)
    except OSError:
        return (0, 0)
    return (found.st_mtime_ns, found.st_size)
