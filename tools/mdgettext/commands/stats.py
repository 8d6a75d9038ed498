"""`mdgettext stats`: how far along each catalog is."""

from __future__ import annotations

from collections.abc import Sequence

from mdgettext.commands.common import Reporter
from mdgettext.files import read_po
from mdgettext.po import catalog
from mdgettext.project import Config


def stats(config: Config, languages: Sequence[str], report: Reporter) -> int:
    """One line per catalog: messages and source words, translated, fuzzy and untranslated."""
    rows = []
    for language in languages:
        for chapter in config.chapters():
            po_path = config.po_path(chapter, language)
            if not po_path.exists():
                report.warn(f"{config.relative(po_path)}: no catalog; run `mdgettext update -l {language}`")
                continue
            rows.append((config.relative(po_path), catalog.stats(read_po(po_path, config.relative(po_path)))))
    for name, s in rows:
        report.info(
            f"{name}: {s.percent:.1f}% translated; messages: {s.translated} translated, {s.fuzzy} fuzzy, "
            f"{s.untranslated} untranslated; words: {s.translated_words} translated, {s.fuzzy_words} fuzzy, "
            f"{s.untranslated_words} untranslated"
        )
    return 0
