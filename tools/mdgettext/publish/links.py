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
from typing import TYPE_CHECKING

from mdgettext.project import chapter_path, linked_chapter, split_url

if TYPE_CHECKING:
    from mdgettext.publish.bibliography import Bibliography

STYLESHEET = "mdgettext.css"
STYLESHEET_PATH = f"static/{STYLESHEET}"  # in the build folder, beside the pages
REVIEW_SCRIPT = "mdgettext-review.js"  # the review page's filter and keys (a served page allows no inline script)
REVIEW_SCRIPT_PATH = f"static/{REVIEW_SCRIPT}"


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
    book: str = ""  # the book's name, which every page shows
    site_url: str | None = None  # where the source-language book lives: links to pages not built go there
    repository: str | None = None  # the project's files on the web (`…/blob/main`): review pages link lines there
    index: str = "index"  # the chapter at the site's root: the book's home
    assets: frozenset[str] = frozenset()  # site paths (`assets/img/x.png`) the build copies beside the pages
    bibliography: Bibliography | None = None  # the BibTeX file the chapter names, read
    macros: tuple[tuple[str, str], ...] = ()  # the project's TeX macros: (name, definition)
    # the project's own page words: its locale folder and that folder as shown (pipeline/page_words.py)
    page_words: tuple[Path, str] | None = None

    @property
    def languages(self) -> Sequence[str]:
        """The languages this page is built in: what its language switcher lists."""
        return self.published.get(self.chapter, ())


def asset_url(path: str, site: Site, language: str) -> str:
    """Where a page loads a site path from: the build's copy when the project has the
    file, else the book's site, else the path as written."""
    path = path.strip()
    key = path.lstrip("/")
    if key in site.assets:
        return relative(key, site.chapter, language)
    parts = split_url(path)
    if site.site_url and parts is not None and not parts.scheme and not parts.netloc:
        return f"{site.site_url}/{key}"
    return path


def single_file(chapter: str, language: str, source_language: str = "en") -> Site:
    """A page built on its own (`build FILE.md -o OUT.html`): no siblings, inline styles."""
    return Site(chapter, {chapter: (language,)}, source_language, stylesheet=None)


def page_path(chapter: str, language: str) -> str:
    """Where a chapter's page is in the build folder."""
    return f"{language}/{chapter}.html"


def review_name(html_name: str) -> str:
    """`conclusion.html` -> `conclusion.review.html`: a page's review page beside it."""
    return html_name.removesuffix(".html") + ".review.html"


def relative(target: str, chapter: str, language: str) -> str:
    """`target` (a path in the build folder) as a link from the page of `chapter`."""
    return posixpath.relpath(target, posixpath.dirname(page_path(chapter, language)))


@dataclass(frozen=True)
class Target:
    """Where a link to a chapter leads: its address, and the language of the edition it
    lands in when that is not the page's own (the reader is sent to the English), which
    the page says beside the link and as its `hreflang`."""

    href: str
    language: str | None = None


def chapter_link(url: str, site: Site, language: str) -> str:
    """A Markdown link's destination as the built page of `language` should have it:
    the chapter's page in this language if it is built, else the English page if that
    is, else the English page at the site's URL; a link to nowhere known stays."""
    return link_target(url, site, language).href


def link_target(url: str, site: Site, language: str) -> Target:
    """`chapter_link`'s destination, and the edition it lands in when not `language`'s."""
    target = linked_chapter(url, site.chapter, site.index)
    if target is None:
        return Target(url)
    parts = split_url(url)
    if parts is None:
        return Target(url)
    tail = (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")
    return chapter_target(target, site, language, tail) or Target(url)


def chapter_href(target: str, site: Site, language: str, tail: str = "") -> str | None:
    """How the page of `site.chapter` in `language` links the chapter `target`, or None."""
    found = chapter_target(target, site, language, tail)
    return found.href if found is not None else None


def chapter_target(target: str, site: Site, language: str, tail: str = "") -> Target | None:
    """`chapter_href`'s address, and the edition it lands in when not `language`'s."""
    languages = site.published.get(target, ())
    other = None if language == site.source_language else site.source_language
    if language in languages:
        return Target(relative(page_path(target, language), site.chapter, language) + tail)
    if site.source_language in languages:
        return Target(relative(page_path(target, site.source_language), site.chapter, language) + tail, other)
    if site.site_url:
        return Target(site_url(site, target) + tail, other)
    return None


def site_url(site: Site, chapter: str, language: str | None = None) -> str:
    """A chapter's absolute URL on the book's site; a translation's lives under `/<lang>/`
    (the folder its Markdown goes into, see docs/release-builds.md: Jekyll)."""
    folder = f"/{language}" if language and language != site.source_language else ""
    return f"{site.site_url}{folder}{chapter_path(chapter, site.index)}"
