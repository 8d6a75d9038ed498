"""`import` turning the `code_blocks` setting on, for a translator who translated code.

A translator who translated the comments in a code block meant the reader to see
them. With `code_blocks` off, code is no message and the build writes the English's
block there: the translator's work would be lost on the first build. A user who
runs `import` expects to get their translation back, so `import` does what they
would otherwise be told to do by hand: it sets `code_blocks = true` in the project's
settings file (one line, said in the report, with how to undo it), makes the
templates again (`extract`) and brings every catalog the project has up to its
template (`update`'s merge, without the memory: nothing but the code's new entries,
untranslated), then imports again, so the translator's code becomes the msgstr and
no chapter imported before is left older than its template.
A dry run changes nothing: it says what the real run would set.

The line goes where the reader reads it: `mdgettext.toml`'s `# code_blocks = …`
line that `init` wrote, else the top of that file (keys before any table), else
right under `[tool.mdgettext]` in pyproject.toml; a project with neither gets an
`mdgettext.toml` holding that line.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from mdgettext.files import read_catalog, read_po, write_text
from mdgettext.po.update import merge
from mdgettext.po.writer import dumps
from mdgettext.project import Config
from mdgettext.settings import BY_KEY, PYPROJECT, SETTINGS_FILE

KEY = "code_blocks"
SET = f"{KEY} = true"
SETTING = re.compile(rf"^[ \t]*{KEY}[ \t]*=", re.MULTILINE)
COMMENTED = re.compile(rf"^#[ \t]*{KEY}[ \t]*=.*$", re.MULTILINE)
TABLE = re.compile(r"^\[tool\.mdgettext\][ \t]*(?:#.*)?$", re.MULTILINE)


def settings_text(own: str | None, pyproject: str | None) -> tuple[str, str] | None:
    """The settings file to write and its new text, `code_blocks = true` set in it;
    None where a file sets it already (to false: the project's choice, kept)."""
    if any(text is not None and SETTING.search(text) for text in (own, pyproject)):
        return None
    if own is None and pyproject is not None and (table := TABLE.search(pyproject)):
        at = table.end()
        return PYPROJECT, f"{pyproject[:at]}\n{SET}{pyproject[at:]}"
    own = own or ""
    if found := COMMENTED.search(own):
        return SETTINGS_FILE, f"{own[: found.start()]}{SET}{own[found.end() :]}"
    return SETTINGS_FILE, f"# {BY_KEY[KEY].doc}\n{SET}\n{own}"


def turn_on(config: Config, dry_run: bool) -> tuple[Config, str] | None:
    """The project's settings with `code_blocks` on, written unless `dry_run`, and the
    line saying so; None where the settings file chose `code_blocks = false`."""
    own, pyproject = (_text(config.root / name) for name in (SETTINGS_FILE, PYPROJECT))
    found = settings_text(own, pyproject)
    if found is None:
        return None
    name, text = found
    if not dry_run:
        write_text(config.root / name, text)
    done = "would set" if dry_run else "set"
    return replace(config, code_blocks=True), (
        f"{name}: {done} {SET}: the translation changes code blocks (a translated comment), so code blocks "
        f"are messages now and the translator's code is imported; set {KEY} = false to show the English's code"
    )


def _text(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.is_file() else None


def bring_up(config: Config, languages: tuple[str, ...]) -> int:
    """Every catalog of `languages` merged with its chapter's template, as `update`
    merges it (no memory offered); how many changed."""
    changed = 0
    chapters = set(config.chapters())
    for language in dict.fromkeys(languages):
        for chapter in config.catalogs(language):
            po_path, pot_path = config.po_path(chapter, language), config.pot_path(chapter)
            if chapter not in chapters or not pot_path.is_file():
                continue
            old = read_catalog(po_path, config.relative(po_path))  # parsed, and its text, from one read
            text = dumps(merge(old.po, read_po(pot_path, config.relative(pot_path))))
            if text != old.text:
                write_text(po_path, text)
                changed += 1
    return changed
