"""A chapter's HTML page: the rendered body inside the project's template.

`html.py` renders the Markdown; this module gathers what surrounds it (title,
authors, the date written for the locale by Babel, the table of contents, the
language switcher, previous/next links, the untranslated-text banner) and hands
it to a Jinja2 template, so a publisher changes the page by overriding a template
file, not Python. A file in the project's `templates/` folder replaces the
built-in file of the same name (`chapter.html.j2`, `review.html.j2`,
`mdgettext.css`).

Links between chapters: the book's Markdown links chapters the way its Jekyll site
serves them (`../gpus` from `/conclusion/`); in the build folder a chapter is
`<lang>/<name>.html`. A link to a chapter of this project goes to the built page
in the same language when that language has a catalog for it, else to the English
page. A link to a chapter this project does not have is left as the author wrote
it: the build cannot know where that page will live, and inventing a path in the
build folder would only trade one dead link for another.
"""
from __future__ import annotations

import datetime as dt
import posixpath
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from urllib.parse import urlsplit

import jinja2
from babel import Locale, UnknownLocaleError
from babel.dates import format_date
from markupsafe import Markup

from . import html
from .project import linked_chapter

STYLESHEET = "mdgettext.css"
STYLESHEET_PATH = f"static/{STYLESHEET}"  # in the build folder

# The page's own words, per language; a language missing here gets English ones,
# marked lang="en" in the page.
UI: Mapping[str, Mapping[str, str]] = {
    "en": {
        "skip": "Skip to the content",
        "part": "Part {number}",
        "authors": "Authors",
        "published": "Published",
        "contents": "Contents",
        "languages": "Read in another language",
        "previous": "Previous",
        "next": "Next",
        "self_link": "Link to this section",
        "fallback": "{count} of {total} passages on this page are not translated yet and are shown in English.",
    },
    "ko": {
        "skip": "본문으로 건너뛰기",
        "part": "{number}장",
        "authors": "저자",
        "published": "게시일",
        "contents": "목차",
        "languages": "다른 언어로 읽기",
        "previous": "이전",
        "next": "다음",
        "self_link": "이 절로 바로 가는 링크",
        "fallback": "이 페이지의 글 {total}개 가운데 {count}개는 아직 번역되지 않아 영어 원문으로 보입니다.",
    },
}


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
        return self.published.get(self.chapter, ())


@dataclass(frozen=True)
class Fallbacks:
    """What of the page stayed in English: spans in the Markdown, and counts."""

    spans: Sequence[tuple[int, int]] = ()
    count: int = 0  # messages that fell back
    total: int = 0  # messages on the page
    front_matter: Collection[str] = field(default_factory=frozenset)  # key paths, e.g. "title"


def single_file(chapter: str, language: str, source_language: str = "en") -> Site:
    """A page built on its own (`build FILE.md -o OUT.html`): no siblings, inline styles."""
    return Site(chapter, {chapter: (language,)}, source_language, stylesheet=None)


# ---------------------------------------------------------------- links


def page_path(chapter: str, language: str) -> str:
    return f"{language}/{chapter}.html"


def relative(target: str, chapter: str, language: str) -> str:
    """`target` (a path in the build folder) as a link from the page of `chapter`."""
    return posixpath.relpath(target, posixpath.dirname(page_path(chapter, language)))


def chapter_link(url: str, site: Site, language: str) -> str:
    """A Markdown link's destination as the built page of `language` should have it."""
    target = linked_chapter(url, site.chapter)
    if target is None:
        return url
    parts = urlsplit(url)
    languages = site.published.get(target)
    if not languages:
        return url
    lang = language if language in languages else site.source_language
    href = relative(page_path(target, lang), site.chapter, language)
    return href + (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")


# ---------------------------------------------------------------- page


def strings(language: str) -> tuple[str, Mapping[str, str]]:
    """The page's own words for `language` and the language they are in."""
    for code in (language, language.replace("-", "_").split("_")[0]):
        if code in UI:
            return code, UI[code]
    return "en", UI["en"]


def chapter_page(
    markdown: str,
    language: str,
    heading_ids: Sequence[str],
    site: Site,
    fallbacks: Fallbacks = Fallbacks(),
) -> str:
    """The finished page of one chapter in one language."""
    ui_lang, ui = strings(language)
    fragment = html.render(
        markdown,
        heading_ids,
        fallbacks.spans,
        link=lambda url: chapter_link(url, site, language),
        self_link_label=ui["self_link"],
    )
    meta = fragment.front_matter
    context = {
        "lang": language,
        "dir": _direction(language),
        "ui": ui,
        "ui_lang": ui_lang,
        "title": _text(meta.get("title")),
        "description": _text(meta.get("description")),
        "fallback_keys": frozenset(fallbacks.front_matter),
        "part": _text(meta.get("section_number")),
        "authors": _authors(meta.get("authors")),
        "date": _date(meta.get("date"), language),
        "headings": [h for h in fragment.headings if h.level in (2, 3)],
        "body": Markup(fragment.body),
        "languages": _languages(site, language),
        "previous": _neighbour(meta, "previous", site, language),
        "next": _neighbour(meta, "next", site, language),
        "fallback_count": fallbacks.count,
        "fallback_total": fallbacks.total,
        "stylesheet": relative(site.stylesheet, site.chapter, language) if site.stylesheet else None,
        "inline_css": None if site.stylesheet else Markup(stylesheet(site.templates)),
    }
    return environment(site.templates).get_template("chapter.html.j2").render(context)


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _direction(language: str) -> str:
    try:
        locale = Locale.parse(language.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return "ltr"
    return "rtl" if locale.character_order == "right-to-left" else "ltr"


def language_name(code: str) -> str:
    """A language's name in itself ("한국어", "English"), as a switcher shows it."""
    try:
        name = Locale.parse(code.replace("-", "_")).get_display_name(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return code
    return name[:1].upper() + name[1:] if name else code


def _languages(site: Site, language: str) -> list[dict]:
    return [
        {
            "code": code,
            "name": language_name(code),
            "href": relative(page_path(site.chapter, code), site.chapter, language),
            "current": code == language,
        }
        for code in site.languages
    ]


def _authors(value: object) -> list[dict]:
    authors = []
    for item in value if isinstance(value, list) else ():
        if not isinstance(item, dict) or not item.get("name"):
            continue
        affiliations = item.get("affiliations") or []
        if isinstance(affiliations, dict):
            affiliations = [affiliations]
        names = [_text(a.get("name")) for a in affiliations if isinstance(a, dict) and a.get("name")]
        authors.append({"name": _text(item["name"]), "url": _text(item.get("url")), "affiliations": names})
    return authors


def _date(value: object, language: str) -> dict | None:
    """The front matter's date, for `<time datetime>` and as the locale writes it."""
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, str):
        try:
            value = dt.date.fromisoformat(value.strip()[:10])
        except ValueError:
            return {"iso": "", "text": value}
    if not isinstance(value, dt.date):
        return None
    try:
        text = format_date(value, format="long", locale=language.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        text = format_date(value, format="long", locale="en")
    return {"iso": value.isoformat(), "text": text}


def _neighbour(meta: Mapping, which: str, site: Site, language: str) -> dict | None:
    url, name = meta.get(f"{which}_section_url"), meta.get(f"{which}_section_name")
    if not url:
        return None
    return {"href": chapter_link(str(url), site, language), "name": _text(name), "key": f"{which}_section_name"}


# ---------------------------------------------------------------- templates


@lru_cache(maxsize=8)
def environment(templates: Path | None) -> jinja2.Environment:
    """Templates from the project's folder first, then the built-in ones."""
    loaders: list[jinja2.BaseLoader] = []
    if templates is not None and templates.is_dir():
        loaders.append(jinja2.FileSystemLoader(str(templates)))
    loaders.append(jinja2.PackageLoader("mdgettext", "templates"))
    return jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def stylesheet(templates: Path | None) -> str:
    """The stylesheet: the project's `templates/mdgettext.css`, else the built-in one."""
    if templates is not None and (templates / STYLESHEET).is_file():
        return (templates / STYLESHEET).read_text(encoding="utf-8")
    return resources.files("mdgettext").joinpath("static", STYLESHEET).read_text(encoding="utf-8")
