"""A project's own page words ("Contents", "Previous", the review page's words): the
template `extract --page-words` writes into the project (`locale/page.pot`) and the
catalogs `update` keeps beside the chapters' (`locale/<lang>/LC_MESSAGES/page.po`), which
the pages use before mdgettext's own (publish/words.py). A language mdgettext ships no
words for is translated in the project's repository, not in the installed package.

The name is gettext's domain for them; a project with a chapter named `page` has that
chapter's catalogs there, and its pages use mdgettext's words.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib

from mdgettext.files import current_text, read_po
from mdgettext.po.catalog import Project, metadata, same_but_date
from mdgettext.po.update import new_catalog
from mdgettext.po.writer import dumps
from mdgettext.project import PAGE_WORDS, Config
from mdgettext.publish import words


def template_path(config: Config) -> Path:
    """`locale/page.pot`."""
    return config.pot_path(PAGE_WORDS)


def template(config: Config, project: Project) -> tuple[Path, str, bool]:
    """The page words' template: its path, its text, and whether the file has it already
    (but for the creation date)."""
    path = template_path(config)
    text = dumps(words.template(metadata(project, None)))
    return path, text, same_but_date(current_text(path), text)


def catalog(config: Config, language: str, project: Project, date: str) -> tuple[Path, polib.POFile, str | None]:
    """A language's page-word catalog merged with the template: its path, the catalog, and
    its text before (None for a new one, which starts from mdgettext's own words in that
    language, translated, for the project to change). Words are keyed by their msgctxt,
    so the merge is by key: every translation is kept, one whose word is gone as obsolete."""
    pot_path, path = template_path(config), config.po_path(PAGE_WORDS, language)
    pot = read_po(pot_path, config.relative(pot_path))
    old_text = current_text(path) if path.is_file() else None
    old = read_po(path, config.relative(path)) if old_text is not None else words.shipped(language)
    po = new_catalog(polib.POFile(), language, project, date)
    if old_text is not None and old is not None:
        po.header, po.metadata = old.header, old.metadata
    forms = PLURALS.search(po.metadata.get("Plural-Forms", ""))
    kept = {(e.msgctxt, e.msgid): e for e in old if e.msgid} if old is not None else {}
    for word in pot:
        entry = polib.POEntry(
            msgctxt=word.msgctxt, msgid=word.msgid, msgid_plural=word.msgid_plural, comment=word.comment
        )
        entry.flags = list(word.flags)
        if word.msgid_plural:
            entry.msgstr_plural = dict.fromkeys(range(int(forms.group(1)) if forms else 2), "")
        found = kept.pop((word.msgctxt, word.msgid), None)
        if found is not None and not found.obsolete:
            entry.msgstr, entry.tcomment = found.msgstr, found.tcomment
            entry.msgstr_plural.update(found.msgstr_plural)
            entry.flags += ["fuzzy"] if found.fuzzy else []
        po.append(entry)
    for gone in kept.values():  # a word mdgettext no longer has: its translation kept, as obsolete
        if old_text is not None and (gone.msgstr or any(gone.msgstr_plural.values())):
            gone.obsolete = True
            po.append(gone)
    return path, po, old_text


PLURALS = re.compile(r"nplurals\s*=\s*(\d+)")
