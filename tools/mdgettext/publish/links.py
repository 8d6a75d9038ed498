"""Where a built page sits among the others, and how its links reach them.

The book's Markdown links chapters the way its Jekyll site serves them (`../gpus`
from `/conclusion/`); in the build folder a chapter is `<lang>/<name>.html`. A link
to a chapter of this project goes to the built page in the same language when that
language has a catalog for it, else to the English page. A link to a chapter this
project does not have is left as the author wrote it: the build cannot know where
that page will live, and inventing a path in the build folder would only trade one
dead link for another.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from mdgettext.project import linked_chapter, split_url
from mdgettext.publish.templates import STYLESHEET_PATH


@dataclass(frozen=True)
class Site:
    """Where a chapter page sits among the built pages.

    `published` maps every chapter of the project to the languages it is built in
    (the source language first); `stylesheet`, when set, is the stylesheet's path
    in the build folder, else the page carries its styles inline (a single-file build).
    """

    chapter: str
    published: Mapping[str, Sequence[str]]
    source_language: str = "en"
    stylesheet: str | None = STYLESHEET_PATH
    templates: Path | None = None

    @property
    def languages(self) -> Sequence[str]:
        """The languages this page is built in: what its language switcher lists."""
        return self.published.get(self.chapter, ())


def single_file(chapter: str, language: str, source_language: str = "en") -> Site:
    """A page built on its own (`build FILE.md -o OUT.html`): no siblings, inline styles."""
    return Site(chapter, {chapter: (language,)}, source_language, stylesheet=None)


def page_path(chapter: str, language: str) -> str:
    """Where a chapter's page is in the build folder."""
    return f"{language}/{chapter}.html"


def relative(target: str, chapter: str, language: str) -> str:
    """`target` (a path in the build folder) as a link from the page of `chapter`."""
    return posixpath.relpath(target, posixpath.dirname(page_path(chapter, language)))


def chapter_link(url: str, site: Site, language: str) -> str:
    """A Markdown link's destination as the built page of `language` should have it."""
    target = linked_chapter(url, site.chapter)
    if target is None:
        return url
    parts = split_url(url)
    languages = site.published.get(target)
    if not languages or parts is None:
        return url
    lang = language if language in languages else site.source_language
    href = relative(page_path(target, lang), site.chapter, language)
    return href + (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")
