"""Translated Markdown -> an HTML fragment: the chapter body, with ids, links and marks.

This module renders; it does not lay out a page (`page.py` and its template do).
What it adds to markdown-it-py's HTML is what a localized page needs:

- headings take the English slugs as ids in every language, so a link to
  `conclusion.html#further-reading` opens the same section in English and Korean,
  and each gets a self-link;
- text that fell back to the source language is marked `lang="en" class="untranslated"`
  (the project's `source_language`; publish/marks.py), a figure's caption and an answer
  button drawn from a Liquid tag too (publish/liquid_blocks.py);
- relative links go through a caller's function, which knows the built pages;
- math stays TeX, between `\\(`/`\\)` and `\\[`/`\\]` in elements a math script
  can typeset later; tables sit in a scrolling wrapper so a wide one never
  widens a phone's page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import partial
from html import escape
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token

from mdgettext.markdown import frontmatter
from mdgettext.markdown.anchors import slugify, strip_id
from mdgettext.markdown.flavors import COMMONMARK
from mdgettext.markdown.parser import parser
from mdgettext.markdown.segment import plain_text
from mdgettext.model import Flavor
from mdgettext.publish import macros as tex_macros
from mdgettext.publish.liquid import emulate
from mdgettext.publish.liquid_blocks import draw_blocks
from mdgettext.publish.marks import fallback_attributes, mark_fallbacks
from mdgettext.publish.notes import Notes, collect
from mdgettext.publish.rules import renderer

KEPT = "\ue000"  # stands for a note's `\\$` while its Markdown is read


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading of the page, for its table of contents."""

    level: int
    id: str
    text: str  # plain text, as a table of contents shows it
    fallback: bool = False  # the heading's text is the English


@dataclass(frozen=True)
class Fragment:
    """A rendered body: its HTML, its headings, and the front matter the page shows around it."""

    body: str
    headings: tuple[Heading, ...]
    front_matter: dict[str, Any] = field(default_factory=dict)
    notes: Notes = field(default_factory=Notes)  # the footnotes taken out of the text, and the keys it cites


@dataclass(frozen=True)
class Rendering:
    """How every text of one page is rendered, the same for its body and its notes (as
    mdformat's `RenderContext` carries what its renderers share): built once per page.

    `flavor` says how the text was read, `$` included (`Flavor.reading`). `link` maps each
    Markdown link's destination to the one the page should use, and `elsewhere` says of a
    link's destination (as written) the edition in another language it leads to: the link
    gets its `hreflang` and a mark in the page's words. With `liquid`, the Liquid tags the
    book's pages use are drawn as the site draws them (publish/liquid.py), and `asset` gives
    a site path (`assets/img/x.png`) the URL the page uses. The page's TeX macros (and
    `macros`) are expanded (publish/macros.py); its Distill notes and citations are numbered
    (publish/notes.py), each note reference labelled by `note_label`. A GitHub alert's title
    (which the text does not write) is `alert_titles[kind]`, in the page's language; text
    left in English is marked as `source_language`.
    """

    flavor: Flavor = COMMONMARK
    link: Callable[[str], str] | None = None
    elsewhere: Callable[[str], Elsewhere | None] | None = None
    liquid: bool = False
    site_url: str | None = None
    asset: Callable[[str], str] | None = None
    macros: Mapping[str, tex_macros.Macro] | None = None
    source_language: str = "en"
    self_link_label: str = "Link to this section"
    note_label: str = "Note {number}"
    alert_titles: Mapping[str, str] | None = None


def render(
    markdown: str,
    heading_ids: Sequence[str],
    fallbacks: Sequence[tuple[int, int]] = (),
    context: Rendering = Rendering(),
    *,
    parsed: Sequence[Token] | None = None,
    fallback_tags: Sequence[tuple[int, int]] = (),
    added: Sequence[tuple[int, int]] = (),
    refused: list[str] | None = None,
) -> Fragment:
    """The body of a page, rendered as `context` says.

    `heading_ids[i]` is the id of heading `i` (the source's slugs); `fallbacks` are
    `(start, end)` offsets in `markdown` of text left in English, and `fallback_tags` the
    spans of Liquid values left in English (a caption, an answer button). `parsed` are
    the tokens of `markdown` when a caller already has them: they are not changed (a
    token this function alters is copied first), so the checks and every page of a build
    can share one parse. A formula whose macros expand beyond their budget (typeset
    unexpanded) is told in `refused`. `added` are the (start, end) offsets of the
    translator's own blocks: a heading there is no English heading's, so it takes an id
    of its own and shifts none of the others.
    """
    flavor, link, elsewhere, asset = context.flavor, context.link, context.elsewhere, context.asset
    md = parser(flavor)
    html = renderer(flavor)
    tokens = list(parsed) if parsed is not None else md.parse(markdown)
    if context.liquid:
        raw = partial(_raw_note, md, html, link, elsewhere)
        draw = partial(emulate, site_url=context.site_url, link=link, asset=asset)
        english = (fallbacks, fallback_tags)
        tokens = draw_blocks(tokens, markdown, draw, english, fallback_attributes(context.source_language), raw)
        tokens = emulate(tokens, context.site_url, link, asset)
    tokens = tex_macros.expand_tokens(tokens, context.macros, refused)
    if context.alert_titles:
        _title_alerts(tokens, context.alert_titles)
    marked = mark_fallbacks(tokens, markdown, fallbacks, context.source_language)
    own = {
        markdown.count("\n", 0, start) + n for start, end in added for n in range(markdown.count("\n", start, end) + 1)
    }
    headings = list(_headings(tokens, heading_ids, marked, context.self_link_label, own))
    if link is not None:
        rewrite_links(tokens, link, elsewhere=elsewhere)
    if asset is not None:  # an image at a site path (`/assets/img/x.png`): the build's copy, else the site's
        rewrite_links(
            tokens, lambda src: asset(src) if src.startswith("/") and not src.startswith("//") else src, "image"
        )
    notes = collect(
        tokens,
        marked,
        context.note_label,
        lambda children: str(html.renderInline(children, md.options, {})),
        partial(_raw_note, md, html, link, elsewhere) if flavor.raw_notes else None,
    )
    options = md.options
    body = html.render(tokens, options, {})
    return Fragment(body, tuple(headings), front_matter(tokens), notes)


def _raw_note(
    md: MarkdownIt,
    html: RendererHTML,
    link: Callable[[str], str] | None,
    elsewhere: Callable[[str], Elsewhere | None] | None,
    source: str,
) -> str:
    """Text kramdown keeps raw (a note) or the site converts apart (an answer button), as
    inline Markdown: what its author wrote it as. Its
    `\\$` stays for the typesetter, which shows it as the site's MathJax does (a dollar
    sign, never a delimiter), where Markdown would leave a bare `$`."""
    kept = "\\$" in source and KEPT not in source
    env: dict[str, Any] = {}
    tokens = md.parseInline(source.replace("\\$", KEPT) if kept else source, env)
    if link is not None:
        rewrite_links(tokens, link, elsewhere=elsewhere)
    rendered = str(html.render(tokens, md.options, env))
    return rendered.replace(KEPT, "\\$") if kept else rendered


def _title_alerts(tokens: list[Token], titles: Mapping[str, str]) -> None:
    """Each alert's title in the page's words (markdown-it writes GitHub's English one)."""
    kind = ""
    for i, token in enumerate(tokens):
        if token.type == "alert_open":
            kind = str(token.meta.get("kind", "")).lower()
        elif token.type == "inline" and i and tokens[i - 1].type == "alert_title_open" and kind in titles:
            text = Token("text", "", 0, content=titles[kind])
            tokens[i] = token.copy(content=titles[kind], children=[text])


@dataclass(frozen=True)
class Elsewhere:
    """A link to a page in another language's edition (a chapter this one lacks, so the
    reader is sent to the English): that language, and the mark the page adds to the
    link, in the page's own words and their language (`(영어)`, `ko`)."""

    language: str
    mark: str
    mark_language: str


def rewrite_links(
    tokens: list[Token],
    link: Callable[[str], str],
    kind: str = "link_open",
    elsewhere: Callable[[str], Elsewhere | None] | None = None,
) -> None:
    """Give each link (or, with `kind` "image", each image) among the inline tokens the
    destination `link` makes of it; a link `elsewhere` says leads to another language's
    edition carries that language (`hreflang`) and says so at its end."""
    name = "src" if kind == "image" else "href"
    for i, token in enumerate(tokens):
        if not any(child.type == kind for child in token.children or ()):
            continue
        children: list[Token] = []
        mark: Elsewhere | None = None
        for child in token.children or ():
            if child.type == kind:
                written = str(child.attrGet(name) or "")
                mark = elsewhere(written) if elsewhere is not None and kind == "link_open" else None
                child = _with(child, name, link)
                if mark is not None:
                    child.attrSet("hreflang", mark.language)
            elif child.type == "link_close" and mark is not None:
                children.append(_edition_mark(mark))
                mark = None
            children.append(child)
        tokens[i] = token.copy(children=children)


def _edition_mark(mark: Elsewhere) -> Token:
    text = Token("html_inline", "", 0)
    text.content = f' <span class="edition" lang="{escape(mark.mark_language)}">{escape(mark.mark)}</span>'
    return text


def _with(token: Token, name: str, link: Callable[[str], str]) -> Token:
    return token.copy(attrs={**token.attrs, name: link(str(token.attrGet(name) or ""))})


def front_matter(tokens: Sequence[Token]) -> dict[str, Any]:
    """The front matter of a parsed chapter, as data."""
    return frontmatter.load(tokens[0].content) if tokens and tokens[0].type == "front_matter" else {}


# ---------------------------------------------------------------- headings


def _headings(
    tokens: list[Token], ids: Sequence[str], marked: set[int], label: str, own: AbstractSet[int] = frozenset()
) -> Iterator[Heading]:
    """Each heading with its id: the English heading's, in order, for the headings that
    translate one (ids follow heading pairs); a heading on a line of `own` (the
    translator's addition) gets its own, never one of theirs."""
    remaining = iter(ids)
    taken = set(ids)
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        children = _without_trailing_id(tokens[i + 1].children or [])
        tokens[i + 1] = inline = tokens[i + 1].copy(children=children)
        slug: str | None
        if token.map is not None and token.map[0] in own:
            slug = _own_id(plain_text(tokens[i + 1].copy(children=children)).strip(), taken)
        else:
            slug = next(remaining, None)
        if not slug:
            continue
        tokens[i] = token.copy(attrs={**token.attrs, "id": slug})
        link = Token("html_inline", "", 0)
        link.content = f'<a class="self-link" href="#{escape(slug)}" aria-label="{escape(label)}"></a>'
        inline.children = [*children, link]
        yield Heading(int(token.tag[1:]), slug, plain_text(inline).strip(), i in marked)


def _own_id(text: str, taken: set[str]) -> str:
    """An id for a heading of the translator's own: its slug, numbered past any taken."""
    base = slugify(text) or "section"
    slug, n = base, 1
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    taken.add(slug)
    return slug


def _without_trailing_id(children: list[Token]) -> list[Token]:
    """Drop the `{#slug}` the Markdown output adds for kramdown: the id is set anyway."""
    if children and children[-1].type == "text":
        return [*children[:-1], children[-1].copy(content=strip_id(children[-1].content))]
    return list(children)
