"""The Chinese translation end to end, as the Korean one is in test_book_engines.py: the
community Chinese chapters (tests/data/book/zh, against en-2025-12) imported and built,
then read by the book's engines. Written after the Korean tests; the Chinese text was
not used to tune the build."""

from __future__ import annotations

import re
from pathlib import Path

import kramdown
from conftest import CHAPTERS
from test_book_engines import front_matter, ids, markup_left, toc_names


def test_no_chinese_page_shows_markdown_or_tex_it_should_have_rendered(zh_book: Path) -> None:
    assert markup_left(zh_book / "build" / "zh") == {}


def test_every_chinese_contents_link_reaches_its_heading(zh_book: Path) -> None:
    """The book's layout links `#{{ name | slugify }}`: Jekyll's slugify of the Chinese names.
    An entry whose English link is broken too (the book's own slip) may stay broken: `check`
    warns about it, and no translation can fix it."""
    read = {
        (language, c): (zh_book / folder / f"{c}.md").read_text(encoding="utf-8")
        for language, folder in (("zh", "build/zh"), ("en", "source/en"))
        for c in CHAPTERS
    }
    names = {key: toc_names(front_matter(text)) for key, text in read.items()}
    site = dict(zip(read, kramdown.html(list(read.values())), strict=True))
    flat = iter(kramdown.slugify([n for listed in names.values() for n in listed]))  # one Ruby process
    slugs = {key: [next(flat) for _ in listed] for key, listed in names.items()}

    def broken(language: str, chapter: str, page: set[str] | None = None) -> list[bool]:
        """Per entry: the slug is no id of kramdown's page (or, given, of ours)."""
        kramdown_ids = set(re.findall(r'\bid="([^"]+)"', site[(language, chapter)]))
        return [s not in kramdown_ids or (page is not None and s not in page) for s in slugs[(language, chapter)]]

    dangling = {}
    for chapter in CHAPTERS:
        english = broken("en", chapter)
        chinese = broken("zh", chapter, ids(zh_book / "build" / "zh" / f"{chapter}.html"))
        assert len(english) == len(chinese)  # the translated contents keeps the English's entries
        missing = [
            n for n, ours, theirs in zip(names[("zh", chapter)], chinese, english, strict=True) if ours and not theirs
        ]
        if missing:
            dangling[chapter] = missing
    assert sum(len(names[("zh", c)]) for c in CHAPTERS) > 30
    assert dangling == {}
