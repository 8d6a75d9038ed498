"""Translated Markdown -> an HTML fragment: the chapter body, with ids, links and marks.

This module renders; it does not lay out a page (`page.py` and its template do).
What it adds to markdown-it-py's HTML is what a localized page needs:

- headings take the English slugs as ids in every language, so a link to
  `conclusion.html#further-reading` opens the same section in English and Korean,
  and each gets a self-link;
- text that fell back to the source language is marked `lang="en" class="untranslated"`
  (the project's `source_language`), so
  readers can tell and screen readers pronounce it right. The caller passes the
  character spans of that text in the Markdown (from `weave`'s `placed`); the
  tokens' line maps find the block each span is in;
- relative links go through a caller's function, which knows the built pages;
- math stays TeX, between `\\(`/`\\)` and `\\[`/`\\]` in elements a math script
  can typeset later; tables sit in a scrolling wrapper so a wide one never
  widens a phone's page.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from markdown_it.token import Token

from mdgettext.markdown import frontmatter
from mdgettext.markdown.anchors import strip_id
from mdgettext.markdown.flavors import COMMONMARK
from mdgettext.markdown.lines import Lines, block_lines
from mdgettext.markdown.parser import parser
from mdgettext.markdown.segment import plain_text
from mdgettext.markdown.tables import Cursor
from mdgettext.model import Flavor
from mdgettext.publish import macros as tex_macros
from mdgettext.publish.liquid import emulate
from mdgettext.publish.notes import Notes, collect
from mdgettext.publish.rules import renderer

RAW_TEXT_OPEN = re.compile(r"<(script|style|textarea)\b", re.IGNORECASE)
FALLBACK_CLASS = "untranslated"


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


def render(
    markdown: str,
    heading_ids: Sequence[str],
    fallbacks: Sequence[tuple[int, int]] = (),
    link: Callable[[str], str] | None = None,
    self_link_label: str = "Link to this section",
    parsed: Sequence[Token] | None = None,
    flavor: Flavor = COMMONMARK,
    math: str | None = None,
    liquid: bool = False,
    site_url: str | None = None,
    asset: Callable[[str], str] | None = None,
    macros: Mapping[str, tex_macros.Macro] | None = None,
    note_label: str = "Note {number}",
    source_language: str = "en",
    alert_titles: Mapping[str, str] | None = None,
    refused: list[str] | None = None,
) -> Fragment:
    """The body of a page.

    `heading_ids[i]` is the id of heading `i` (the source's slugs); `fallbacks` are
    `(start, end)` offsets in `markdown` of text left in English; `link` maps each
    Markdown link's destination to the one the page should use. `parsed` are the
    tokens of `markdown` when a caller already has them: they are not changed
    (a token this function alters is copied first), so the checks and every page
    of a build can share one parse. With `liquid`, the Liquid tags the book's pages
    use are drawn as the site draws them (publish/liquid.py), and `asset` gives a
    site path (`assets/img/x.png`) the URL the page uses. The page's TeX macros (and
    `macros`) are expanded (publish/macros.py); its Distill notes and citations are
    numbered (publish/notes.py), each note reference labelled by `note_label`. A GitHub
    alert's title (which the text does not write) is `alert_titles[kind]`, in the page's language.
    A formula left as written because its macros expand beyond their budget is told in `refused`.
    """
    tokens = list(parsed) if parsed is not None else parser(flavor, math).parse(markdown)
    if liquid:
        tokens = emulate(tokens, site_url, link, asset)
    tokens = tex_macros.expand_tokens(tokens, macros, refused)
    if alert_titles:
        _title_alerts(tokens, alert_titles)
    marked = _mark_fallbacks(tokens, markdown, fallbacks, source_language)
    headings = list(_headings(tokens, heading_ids, marked, self_link_label))
    if link is not None:
        rewrite_links(tokens, link)
    html = renderer(flavor, math)
    options = parser(flavor, math).options
    notes = collect(tokens, marked, note_label, lambda children: str(html.renderInline(children, options, {})))
    body = html.render(tokens, options, {})
    return Fragment(body, tuple(headings), front_matter(tokens), notes)


def _title_alerts(tokens: list[Token], titles: Mapping[str, str]) -> None:
    """Each alert's title in the page's words (markdown-it writes GitHub's English one)."""
    kind = ""
    for i, token in enumerate(tokens):
        if token.type == "alert_open":
            kind = str(token.meta.get("kind", "")).lower()
        elif token.type == "inline" and i and tokens[i - 1].type == "alert_title_open" and kind in titles:
            text = Token("text", "", 0, content=titles[kind])
            tokens[i] = token.copy(content=titles[kind], children=[text])


def rewrite_links(tokens: list[Token], link: Callable[[str], str]) -> None:
    """Give each link among the inline tokens the destination `link` makes of it."""
    for i, token in enumerate(tokens):
        if not any(child.type == "link_open" for child in token.children or ()):
            continue
        children = [_with_href(child, link) if child.type == "link_open" else child for child in token.children or ()]
        tokens[i] = token.copy(children=children)


def _with_href(token: Token, link: Callable[[str], str]) -> Token:
    return token.copy(attrs={**token.attrs, "href": link(str(token.attrGet("href") or ""))})


def front_matter(tokens: Sequence[Token]) -> dict[str, Any]:
    """The front matter of a parsed chapter, as data."""
    return frontmatter.load(tokens[0].content) if tokens and tokens[0].type == "front_matter" else {}


# ---------------------------------------------------------------- headings


def _headings(tokens: list[Token], ids: Sequence[str], marked: set[int], label: str) -> Iterator[Heading]:
    remaining = iter(ids)
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        children = _without_trailing_id(tokens[i + 1].children or [])
        tokens[i + 1] = inline = tokens[i + 1].copy(children=children)
        slug = next(remaining, None)
        if not slug:
            continue
        tokens[i] = token.copy(attrs={**token.attrs, "id": slug})
        link = Token("html_inline", "", 0)
        link.content = f'<a class="self-link" href="#{escape(slug)}" aria-label="{escape(label)}"></a>'
        inline.children = [*children, link]
        yield Heading(int(token.tag[1:]), slug, plain_text(inline).strip(), i in marked)


def _without_trailing_id(children: list[Token]) -> list[Token]:
    """Drop the `{#slug}` the Markdown output adds for kramdown: the id is set anyway."""
    if children and children[-1].type == "text":
        return [*children[:-1], children[-1].copy(content=strip_id(children[-1].content))]
    return list(children)


# ---------------------------------------------------------------- fallback marks


def fallback_open(lang: str) -> str:
    """The tag that opens text left in the source language, inline."""
    return f'<span lang="{lang}" class="{FALLBACK_CLASS}">'


def _mark_fallbacks(tokens: list[Token], text: str, spans: Sequence[tuple[int, int]], lang: str) -> set[int]:
    """Mark the blocks holding each span; returns the indexes of marked opening tokens.

    A span is found by the line it starts on (block tokens carry 0-based line
    maps); a table cell by its offsets in the row, split as the parser splits it;
    a text run of a raw HTML block gets a `<span>` spliced around it.
    """
    if not spans:
        return set()
    lines = Lines(text)
    starts_by_line: dict[int, list[tuple[int, int]]] = {}
    for start, end in spans:
        starts_by_line.setdefault(bisect_right(lines.starts, start) - 1, []).append((start, end))
    marked: set[int] = set()
    cursor = Cursor()
    for i, token in enumerate(tokens):
        cursor.see(token)
        if not token.map:
            continue
        first, last = token.map
        here = [s for line in range(first, last) for s in starts_by_line.get(line, ())]
        if not here:
            continue
        if token.type == "html_block":
            tokens[i] = token.copy(content=_splice_spans(token, lines, here, lang))
        elif token.type == "inline":
            opening = tokens[i - 1]
            if opening.type in ("th_open", "td_open"):
                start, end = cursor.cell(text, first) or (-1, -1)
                if any(start <= s <= end for s, _ in here):
                    _mark(tokens, i - 1, marked, lang)
            else:
                _mark(tokens, i - 1, marked, lang)
    return marked


def _mark(tokens: list[Token], index: int, marked: set[int], lang: str) -> None:
    """Put the marks on a block's opening tag, or, when the parser hides that tag
    (the paragraph of a tight list item), around the block's inline content."""
    opening = tokens[index]
    if opening.hidden:
        inline = tokens[index + 1]
        before, after = Token("html_inline", "", 0), Token("html_inline", "", 0)
        before.content, after.content = fallback_open(lang), "</span>"
        tokens[index + 1] = inline.copy(children=[before, *(inline.children or []), after])
    else:
        tokens[index] = opening = opening.copy(attrs=dict(opening.attrs))
        opening.attrSet("lang", lang)
        opening.attrJoin("class", FALLBACK_CLASS)
    marked.add(index)


def _splice_spans(token: Token, lines: Lines, spans: list[tuple[int, int]], lang: str) -> str:
    """The content of a raw HTML block with its text runs wrapped in the fallback `<span>`.

    The block's content lines are the tails of their source lines (a container's
    `> ` or indentation removed), so a position keeps its distance from its line's end.
    """
    pieces = token.content.split("\n")
    piece_starts = [0]
    for piece in pieces[:-1]:
        piece_starts.append(piece_starts[-1] + len(piece) + 1)
    first = block_lines(token)[0]

    def content_offset(pos: int) -> int:
        line = bisect_right(lines.starts, pos) - 1
        k = line - first
        return piece_starts[k] + len(pieces[k]) - (lines.end(line) - pos)

    content = token.content
    for start, end in sorted(spans, reverse=True):
        a, b = content_offset(start), content_offset(end)
        if _in_raw_text(content, a):
            continue  # a span inside <script> or <style> would change the code
        content = content[:a] + fallback_open(lang) + content[a:b] + "</span>" + content[b:]
    return content


def _in_raw_text(html: str, pos: int) -> bool:
    opened = list(RAW_TEXT_OPEN.finditer(html, 0, pos))
    if not opened:
        return False
    tag = opened[-1].group(1)
    return re.search(rf"</{tag}\s*>", html[opened[-1].end() : pos], re.IGNORECASE) is None
