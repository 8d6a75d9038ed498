"""Which chapter a translated file is of, and which translations a project has: by the
`translations` pattern first (`README-ko.md`, `docs/ko/guide.md`), then by the names
repositories give translations (`README.ko.md`, `README_ko.md`, `ko/README.md`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from mdgettext import cache
from mdgettext.errors import InputError
from mdgettext.files import display, write_all
from mdgettext.layout import Translations
from mdgettext.locale import stem_names
from mdgettext.project import Config


def english_of(config: Config, chapters: Sequence[str], translated: Path, language: str) -> Path:
    """The source of the chapter `translated` is a translation of: where `translations`
    puts that chapter's, or the chapter it is named after; two of that name must be told
    apart, and a name no chapter has is said with the chapters there are."""
    by_pattern = config.translation_of(translated)
    if by_pattern is not None and by_pattern[0] in chapters and by_pattern[1] == language:
        return config.source_path(by_pattern[0])
    names = stem_names(translated.stem, language)
    same_name = [c for c in chapters if PurePosixPath(c).name in names]
    shown = display(translated, config.root)
    if len(same_name) > 1:
        choices = ", ".join(config.relative(config.source_path(c)) for c in same_name)
        raise InputError(f"{shown}: several chapters are named {translated.name} ({choices}); say which with --source")
    if not same_name:
        listed = ", ".join(sorted(PurePosixPath(c).name for c in chapters)[:8]) or "none"
        raise InputError(
            f"{shown}: no chapter of {config.source} is named {' or '.join(sorted(names))} (chapters: {listed}); "
            "name its English with --source PATH"
        )
    return config.source_path(same_name[0])


def translations_of(config: Config, chapters: Sequence[str], language: str) -> list[Path]:
    """The translations into `language` that are where `translations` puts them, by chapter;
    none is an input error naming where they were looked for."""
    found = [path for c in chapters if (path := config.translation_path(c, language)).is_file()]
    if not found:
        where = Translations(config.translations).path("CHAPTER", language)
        raise InputError(f"no translation into {language} at {where} (the `translations` setting); name the files")
    return found


def taken_in(config: Config, language: str, read: Sequence[tuple[Path, Path]]) -> None:
    """Note in the build's record that `import` read each translated file of `read` (with its
    English), where it is the chapter's translation as the build writes it: a build may
    replace it as it is now (plan.keep_edits)."""
    record, noted = cache.load(config.build_folder, config.root), False
    for english, translated in read:
        chapter = config.chapter_of(english)
        if translated.resolve() == config.translation_path(chapter, language).resolve():
            record.done(f"import {language}/{chapter}", "", [translated])
            noted = True
    if noted:
        write_all([(config.build_path(cache.NAME), cache.encode(record))])
