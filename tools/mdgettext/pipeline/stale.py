"""What a build must redo: each chapter's build in each language, named, with the key of
its inputs, which the record of the last build (cache.py) holds beside what it wrote.

A key covers everything that can change a chapter's outputs: the tool's version, the
settings, the images and sources (by their stamps), the templates, every chapter's
source (a link checks another chapter's headings), which languages each page links to,
the formats, and the chapter's catalog, the translator's notes beside it (its addenda
file) and the language's glossary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields
from functools import partial
from pathlib import Path

from mdgettext import __version__, cache
from mdgettext.project import PAGE_WORDS, Config
from mdgettext.settings import Settings


def published_languages(
    config: Config, chapters: Sequence[str], languages: Iterable[str]
) -> dict[str, tuple[str, ...]]:
    """Every chapter and the languages a page links to for it: the source language when this build
    makes it or an earlier one did, then each configured or requested locale that has a catalog for
    it. A language switcher never points at a page that is not there."""
    requested = list(languages)
    locales = list(dict.fromkeys([*config.configured_locales(), *requested]))
    source = config.source_language

    def source_page(chapter: str) -> tuple[str, ...]:
        built = source in requested or config.output_path(chapter, source, "html").exists()
        return (source,) if built else ()

    return {
        chapter: (
            *source_page(chapter),
            *(lang for lang in locales if lang != source and config.po_path(chapter, lang).exists()),
        )
        for chapter in chapters
    }


def job_keys(
    config: Config,
    chapters: Sequence[str],
    languages: Sequence[str],
    formats: Sequence[str],
    published: dict[str, tuple[str, ...]],
    templates_digest: str,
) -> dict[tuple[str, str], str]:
    """Each chapter's input key per language: what the book shares (the tool, settings, images, the
    README naming the book, templates, sources, pages), then the chapter's catalog, its notes and the glossary."""
    file = partial(cache.file_digest, display=config.relative)  # one that cannot be read: its path
    read = ((config.root / config.assets, "**/*"), (config.root, "README.md"))  # stamps; beside: the chapters' images
    beside = cache.listed_digest(config.source_dir, config.beside(), config.inside)
    shared = cache.digest(
        cache.digest(
            __version__, settings(config), beside, *(cache.stamps_digest(f, config.inside, g) for f, g in read)
        ),
        templates_digest,
        *(f"{c}={file(config.source_path(c))}" for c in chapters),
        repr(sorted(published.items())),
        ",".join(formats),
    )
    # a language's glossary, and the project's page words in it (pipeline/page_words.py)
    glossaries = {lang: file(config.glossary_path(lang)) + _page_words(config, lang, file) for lang in languages}
    return {
        (lang, c): cache.digest(
            shared, lang, c, file(config.po_path(c, lang)), file(config.addenda_path(c, lang)), glossaries[lang]
        )
        for lang in languages
        for c in chapters
    }


def settings(config: Config) -> str:
    """The settings as a key sees them: every one, but not where the project is (its
    outputs do not depend on it, so a project moved or copied is up to date there)."""
    return repr([(f.name, getattr(config, f.name)) for f in fields(Settings)])


def job_name(language: str, chapter: str, formats: Sequence[str]) -> str:
    """How the record names a chapter's build in one language and set of formats."""
    return f"{language}/{chapter} {'+'.join(formats)}"


def _page_words(config: Config, language: str, file: Callable[[Path], str]) -> str:
    """The project's page-word catalogs a page in `language` may read (its code, then its
    language alone: `ko_KR`, `ko`), by content; none where a chapter is named `page`."""
    if config.page_words_chapter():
        return ""
    codes = dict.fromkeys((language, language.replace("-", "_").split("_")[0]))
    return ",".join(file(config.po_path(PAGE_WORDS, code)) for code in codes)
