"""A chapter's HTML page: the rendered body inside the project's template.

`body.py` renders the Markdown; this module gathers what surrounds it (title,
authors, the date written for the locale by Babel, the table of contents, the
language switcher, previous/next links, the untranslated-text banner) and hands
it to a Jinja2 template (`templates.py`), so a publisher changes the page by
overriding a template file, not Python.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from babel import UnknownLocaleError
from babel.dates import format_date
from markdown_it.token import Token
from markupsafe import Markup

from mdgettext import locale
from mdgettext.markdown import keys, urls
from mdgettext.model import Fallbacks
from mdgettext.publish import body, macros, mathml, notes
from mdgettext.publish.body import Elsewhere
from mdgettext.publish.context import Publishing
from mdgettext.publish.frontmatter_html import inline_html, text_of
from mdgettext.publish.links import (
    Site,
    Target,
    asset_url,
    chapter_link,
    chapter_target,
    link_target,
    page_path,
    relative,
    site_url,
)
from mdgettext.publish.templates import environment, stylesheet
from mdgettext.publish.words import words


def chapter_page(
    context: Publishing,
    markdown: str,
    language: str,
    fallbacks: Fallbacks = Fallbacks(),
    parsed: Sequence[Token] | None = None,
    refused: list[str] | None = None,
    added: Sequence[tuple[int, int]] = (),
) -> str:
    """The finished page of one chapter in one language: `markdown` is the chapter's text in
    that language (`added`: where the translator's own blocks are in it, whose headings take
    no English id); each formula left as TeX because its MathML was not safe to publish is
    told in `refused`. The context's flavor says how the source was read (a site with
    `math = "none"` typesets nothing)."""
    site, flavor = context.site, context.flavor

    def typeset(html: str) -> str:
        return mathml.typeset(html, refused, flavor.dollars_in_text) if flavor.typesets else html

    page_words = words(language, site.page_words)
    ui_lang, ui = page_words.language, page_words.words

    def elsewhere(target: Target) -> Elsewhere | None:
        if target.language is None:
            return None
        mark = ui["other_edition"]
        name = locale.language_name_in(target.language, mark.lang)
        return Elsewhere(target.language, mark.format(language=name), mark.lang)

    rendering = body.Rendering(
        flavor,
        link=lambda url: chapter_link(url, site, language),
        elsewhere=lambda url: elsewhere(link_target(url, site, language)),
        liquid=True,
        site_url=site.site_url,
        asset=lambda path: asset_url(path, site, language),
        macros=macros.from_setting(dict(site.macros)),
        source_language=site.source_language,
        self_link_label=ui["self_link"],
        note_label=ui["note"],
        alert_titles=page_words.alert_titles,
    )
    fragment = body.render(
        markdown,
        context.doc.headings,
        fallbacks.spans,
        rendering,
        parsed=parsed,
        fallback_tags=fallbacks.in_tags,
        added=added,
        refused=refused,
    )
    meta = fragment.front_matter
    entries = site.bibliography.entries if site.bibliography is not None else {}
    fields = {
        "lang": language,
        "source_lang": site.source_language,
        "dir": locale.direction(language),
        "ui": ui,
        "ui_lang": ui_lang,
        "title": text_of(_text(meta.get(keys.TITLE))) or _untitled(fragment.headings, site.chapter),
        "title_html": inline_html(_text(meta.get(keys.TITLE))),
        "description": text_of(_text(meta.get(keys.DESCRIPTION))),
        "description_html": inline_html(_text(meta.get(keys.DESCRIPTION))),
        "fallback_keys": frozenset(fallbacks.front_matter),
        "part": _text(meta.get(keys.SECTION_NUMBER)),
        "authors": _authors(meta.get(keys.AUTHORS)),
        "date": _date(meta.get(keys.DATE), language),
        "headings": _contents(fragment.headings),
        "body": Markup(typeset(fragment.body)),
        "notes": [
            {
                "number": n.number,
                "id": notes.note_id(n.number),
                "ref": notes.ref_id(n.number),
                "html": Markup(typeset(n.html)),
                "english": n.english,
            }
            for n in fragment.notes.notes
        ],
        "references": [{**r, "html": Markup(r["html"])} for r in notes.references(fragment.notes.cited, entries)],
        "languages": _languages(site, language),
        "previous": _neighbour(meta, keys.PREVIOUS_URL, keys.PREVIOUS_NAME, site, language, elsewhere),
        "next": _neighbour(meta, keys.NEXT_URL, keys.NEXT_NAME, site, language, elsewhere),
        "fallback_banner": page_words.fallback(fallbacks.count, fallbacks.total),
        "fallback_count": fallbacks.count,
        "stylesheet": relative(site.stylesheet, site.chapter, language) if site.stylesheet else None,
        "inline_css": None if site.stylesheet else Markup(stylesheet(site.templates)),
        "book": site.book,
        "home": _home(site, language, elsewhere),
        # where the page is published: the site is the source language's book (`site_url`); where
        # a translation will be published is not known, and a canonical URL must name a page that is
        "canonical": site_url(site, site.chapter) if site.site_url and language == site.source_language else None,
        "x_default": site_url(site, site.chapter) if site.site_url else None,
    }
    return environment(site.templates).get_template("chapter.html.j2").render(fields)


def _untitled(headings: Sequence[body.Heading], chapter: str) -> str:
    """The name of a page whose front matter has no title: its first top-level heading,
    which the body shows (so the header repeats no <h1>), else its file name."""
    first = next((h.text for h in headings if h.level == 1), "")
    return first or chapter.rsplit("/", 1)[-1]


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _contents(headings: Sequence[body.Heading]) -> list[dict[str, Any]]:
    """Sections (h2) with their subsections (h3) nested, as the contents list shows them;
    a subsection before any section stands on its own."""
    sections: list[dict[str, Any]] = []
    for heading in headings:
        if heading.level == 3 and sections:
            sections[-1]["subsections"].append(heading)
        elif heading.level in (2, 3):
            sections.append({"heading": heading, "subsections": []})
    return sections


def _languages(site: Site, language: str) -> list[dict[str, Any]]:
    return [
        {
            "code": code,
            "name": locale.language_name(code),
            "href": relative(page_path(site.chapter, code), site.chapter, language),
            # hreflang wants absolute URLs: the source language's page is on the site (a translation's may not be)
            "url": site_url(site, site.chapter) if site.site_url and code == site.source_language else None,
            "current": code == language,
        }
        for code in site.languages
    ]


def _authors(value: object) -> list[dict[str, Any]]:
    authors = []
    for item in value if isinstance(value, list) else ():
        if not isinstance(item, dict) or not item.get("name"):
            continue
        affiliations = item.get("affiliations") or []
        if isinstance(affiliations, dict):
            affiliations = [affiliations]
        names = [_text(a.get("name")) for a in affiliations if isinstance(a, dict) and a.get("name")]
        url = _text(item.get("url"))
        url = url if urls.allowed(url) else ""  # the links' one allow-list, as for every URL on the page
        authors.append(
            {
                "name": inline_html(_text(item["name"]), links=not url),
                "url": url,
                "affiliations": [inline_html(name) for name in names],
            }
        )
    return authors


def _date(value: object, language: str) -> dict[str, str] | None:
    """The front matter's date, for `<time datetime>` and as the locale writes it."""
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, str):
        try:
            value = dt.date.fromisoformat(value.strip()[:10])
        except ValueError:
            return {"iso": "", "text": str(value)}
    if not isinstance(value, dt.date):
        return None
    try:
        text = format_date(value, format="long", locale=language.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        text = format_date(value, format="long", locale="en")
    return {"iso": value.isoformat(), "text": text}


def _neighbour(
    meta: Mapping[str, Any],
    url_key: str,
    name_key: str,
    site: Site,
    language: str,
    elsewhere: Callable[[Target], Elsewhere | None],
) -> dict[str, Any] | None:
    url, name = meta.get(url_key), meta.get(name_key)
    if not url or not urls.allowed(str(url)):
        return None
    target = link_target(str(url), site, language)
    return {"href": target.href, "name": _text(name), "key": name_key, "elsewhere": elsewhere(target)}


def _home(site: Site, language: str, elsewhere: Callable[[Target], Elsewhere | None]) -> dict[str, Any] | None:
    """The link to the book's home (its index chapter), from any other chapter."""
    target = chapter_target(site.index, site, language) if site.chapter != site.index else None
    return {"href": target.href, "elsewhere": elsewhere(target)} if target is not None else None
