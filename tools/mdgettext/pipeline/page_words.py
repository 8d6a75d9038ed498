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
from dataclasses import replace
from pathlib import Path

from mdgettext.files import current_text, read_po
from mdgettext.po.catalog import Project, metadata, same_but_date
from mdgettext.po.entries import Catalog, Entry, from_po, to_po, write
from mdgettext.po.update import new_catalog
from mdgettext.project import PAGE_WORDS, Config
from mdgettext.publish import words


def template_path(config: Config) -> Path:
    """`locale/page.pot`."""
    return config.pot_path(PAGE_WORDS)


def template(config: Config, project: Project) -> tuple[Path, str, bool]:
    """The page words' template: its path, its text, and whether the file has it already
    (but for the creation date)."""
    path = template_path(config)
    text = write(words.template(metadata(project, None)))
    return path, text, same_but_date(current_text(path), text)


def catalog(config: Config, language: str, project: Project, date: str) -> tuple[Path, Catalog, str | None]:
    """A language's page-word catalog merged with the template: its path, the catalog, and
    its text before (None for a new one, which starts from mdgettext's own words in that
    language, translated, for the project to change). Words are keyed by their msgctxt,
    so the merge is by key: every translation is kept, one whose word is gone as obsolete."""
    pot_path, path = template_path(config), config.po_path(PAGE_WORDS, language)
    pot = from_po(read_po(pot_path, config.relative(pot_path)))
    old_text = current_text(path) if path.is_file() else None
    if old_text is not None:
        old: Catalog | None = from_po(read_po(path, config.relative(path)))
    else:
        old = words.shipped(language)
    header = from_po(new_catalog(to_po(Catalog(())), language, project, date))
    if old_text is not None and old is not None:
        header = replace(header, header_comment=old.header_comment, metadata=old.metadata)
    forms = PLURALS.search(dict(header.metadata).get("Plural-Forms", ""))
    kept = {(e.msgctxt, e.msgid): e for e in old.entries if e.msgid} if old is not None else {}
    made = []
    for word in pot.entries:
        entry = Entry(
            msgctxt=word.msgctxt,
            msgid=word.msgid,
            msgid_plural=word.msgid_plural,
            extracted_comment=word.extracted_comment,
            flags=word.flags,
            msgstr_plural=tuple((i, "") for i in range(int(forms.group(1)) if forms else 2))
            if word.msgid_plural
            else (),
        )
        found = kept.pop((word.msgctxt, word.msgid), None)
        if found is not None and not found.obsolete:
            entry = replace(
                entry,
                msgstr=found.msgstr,
                translator_comment=found.translator_comment,
                msgstr_plural=tuple(sorted({**dict(entry.msgstr_plural), **dict(found.msgstr_plural)}.items())),
                flags=entry.flags + (("fuzzy",) if found.fuzzy else ()),
            )
        made.append(entry)
    for gone in kept.values():  # a word mdgettext no longer has: its translation kept, as obsolete
        if old_text is not None and (gone.msgstr or any(text for _, text in gone.msgstr_plural)):
            made.append(replace(gone, obsolete=True))
    return path, replace(header, entries=tuple(made)), old_text


PLURALS = re.compile(r"nplurals\s*=\s*(\d+)")
