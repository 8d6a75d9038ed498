"""Heading anchors: the author's kramdown `{#id}`, the ids kramdown makes, and Jekyll's slugs.

One pattern for an explicit id, used wherever one is read, kept out of a msgid,
written back after a translated heading, or stripped before a heading is shown.
Two ways of making ids, one per flavor: plain kramdown's (ASCII letters and digits)
for CommonMark projects, and kramdown's GFM parser's, which keeps every letter of
every script (`감사의-말`), for a Jekyll site with `input: GFM` like the book's.
And `slugify`, Jekyll's filter: the book's layout links each table-of-contents
entry to `#{{ name | slugify }}`, so a heading must answer to that anchor too.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Sequence

from markdown_it.token import Token

from mdgettext.model import Flavor, Segment, Slugs

_ID = r"\{#([A-Za-z][\w-]*)\}"
TRAILING_ID = re.compile(rf"\s*{_ID}\s*$")  # `## Setup {#setup}`: at the end of a heading's text
# right after a heading's span in the source: its `{#id}`, or an attribute list that ends
# the line (MkDocs' `{ #id .class }`, which the heading's text leaves out; one list only)
_ID_AT = re.compile(rf"[ \t]*(?:{_ID}|\{{:?[ ]*[^}}\n ][^}}\n]*\}}[ \t]*$)", re.MULTILINE)


def explicit_id(heading: str) -> re.Match[str] | None:
    """The `{#id}` that ends a heading's text; group 1 is the id."""
    return TRAILING_ID.search(heading)


def strip_id(heading: str) -> str:
    """A heading's text without its `{#id}`."""
    return TRAILING_ID.sub("", heading)


_HTML_HEADING_OPEN = re.compile(r"""<h[1-6]\b[^<>]*\bid\s*=\s*["']([^"'<>]+)["'][^<>]*>[ \t]*$""", re.IGNORECASE)
_HTML_HEADING_CLOSE = re.compile(r"[ \t]*</h[1-6]\s*>", re.IGNORECASE)


def html_heading_id(text: str, seg: Segment) -> str | None:
    """The id of a raw `<h1>`-`<h6>` whose whole text is the segment `seg` of `text`
    (the book writes some headings so, with an id of its own), else None."""
    if seg.kind != "html":
        return None
    line_start = text.rfind("\n", 0, seg.span.start) + 1
    opening = _HTML_HEADING_OPEN.search(text, line_start, seg.span.start)
    if opening is None or not _HTML_HEADING_CLOSE.match(text, seg.span.end):
        return None
    return opening.group(1)


def has_explicit_id(text: str, seg: Segment) -> bool:
    """Whether the heading `seg` of `text` carries the author's own `{#id}` (its anchor)."""
    return seg.kind.startswith("heading") and _ID_AT.match(text, seg.span.end) is not None


class Slugger:
    """Heading ids as plain kramdown makes them (ASCII only), unique in the document."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def claim(self, given: str) -> str:
        """An id the author wrote: used as is, and later automatic ids avoid it."""
        self.seen[given] = self.seen.get(given, 0) + 1
        return given

    def slug(self, text: str) -> str:
        """An automatic id for a heading's text, unique in the document."""
        kept = re.sub(r"[^A-Za-z0-9 -]", "", text)
        kept = re.sub(r"^[^A-Za-z]+", "", kept)
        base = re.sub(r"[^A-Za-z0-9]", "-", kept).lower() or "section"
        count = self.seen.get(base, 0)
        self.seen[base] = count + 1
        return base if count == 0 else f"{base}-{count}"


class GfmSlugger(Slugger):
    """Heading ids as kramdown's GFM parser makes them (kramdown-parser-gfm's
    `generate_gfm_header_id`): lower case, every letter, digit, `_`, `-` and space
    kept, each space a `-`; a repeated id gets `-1`, `-2`. Ids the author wrote are
    not counted, as in kramdown."""

    def claim(self, given: str) -> str:
        """An id the author wrote, as is."""
        return given

    def slug(self, text: str) -> str:
        """An automatic id for a heading's text (its plain text: code and math included)."""
        base = gfm_id(text)
        count = self.seen.get(base, -1) + 1
        self.seen[base] = count
        return base if count == 0 else f"{base}-{count}"


# kramdown turns these into typographic symbols before it makes an id, and drops them there
TYPOGRAPHIC = (("---", "\u2014"), ("--", "\u2013"), ("...", "\u2026"), ("<<", "\u00ab"), (">>", "\u00bb"))


def slugger(flavor: Flavor) -> Slugs:
    """The heading ids the flavor's site makes (its `slugs`), counted afresh for one document."""
    return flavor.slugs()


def gfm_id(text: str) -> str:
    """kramdown-parser-gfm's id of a heading's text, before duplicates are counted."""
    for plain, symbol in TYPOGRAPHIC:
        text = text.replace(plain, symbol)
    kept = "".join(c for c in text.lower() if c in "- \t" or _word(c))
    return kept.replace(" ", "-").replace("\t", "-")


def _alnum(category: str) -> bool:
    """A letter, a mark or a decimal digit, by its Unicode category."""
    return category[0] in "LM" or category == "Nd"


def _word(c: str) -> bool:
    """Ruby's `\\p{Word}`: letters, marks, decimal digits, letter numbers (Ⅳ: Alphabetic),
    connector punctuation."""
    category = unicodedata.category(c)
    return _alnum(category) or category in ("Pc", "Nl")


def slugify(text: str) -> str:
    """Jekyll's `slugify` filter in its default mode (Jekyll::Utils.slugify): every run
    of characters that are not letters, marks or decimal digits becomes one `-`, a
    leading and a trailing `-` go, and the rest is lower case."""
    dashed = "".join(c if _alnum(unicodedata.category(c)) else "-" for c in text)
    return re.sub("-+", "-", dashed).strip("-").lower()


# The heading's scroll margin, inherited: the book's site keeps a heading clear of its fixed
# navbar with `scroll-margin-top` on h1-h6, which an element inside the heading lacks.
ANCHOR_STYLE = "scroll-margin-top: inherit"
ANCHOR_SPAN = re.compile(rf'^(?:<span id="[^"<>]*"(?: style="{ANCHOR_STYLE}")?></span>)+')  # older builds: no style


def anchor_span(text: str, heading_id: str, taken: set[str], english: str | None = None) -> str:
    """The empty elements that give a translated heading its table-of-contents anchors,
    when the page has no element with that id yet (`taken`, which this adds them to):
    `slugify(text)`, where the layout links a translated contents name, and the English
    slug (`english`, when the heading's own id is not it), where it links a name left in
    English. The first heading of a name is the one a TOC link reaches. A jump to one
    stops where a jump to the heading would: it inherits the heading's scroll margin."""
    spans = []
    for slug in dict.fromkeys((slugify(text), english or "")):
        if slug and slug != heading_id and slug not in taken:
            taken.add(slug)
            spans.append(f'<span id="{html.escape(slug)}" style="{ANCHOR_STYLE}"></span>')
    return "".join(spans)


def heading_text(content: str) -> str:
    """A heading's text as a table of contents names it: no TOC anchor, no `{#id}`."""
    return strip_id(ANCHOR_SPAN.sub("", content)).strip()


def is_anchor_span(html_text: str) -> bool:
    """Whether `html_text` is exactly a TOC anchor that `anchor_span` makes."""
    return ANCHOR_SPAN.fullmatch(html_text) is not None


HTML_ID = re.compile(r"""\bid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""")


def page_ids(tokens: Sequence[Token], flavor: Flavor) -> set[str]:
    """Every id a rendered chapter will have: its headings' (the author's `{#id}`, or
    the one the flavor makes, and the GFM one any site with GFM input makes), the
    TOC anchors a build adds, and ids written in raw HTML."""
    ids: set[str] = set()
    for heading in heading_ids_by_line(tokens, flavor).values():
        ids.update(heading)
    for token in tokens:
        if token.attrs.get("id"):
            ids.add(str(token.attrs["id"]))
        for html_text in (
            [token.content]
            if token.type == "html_block"
            else [c.content for c in token.children or () if c.type == "html_inline"]
        ):
            ids.update(next(v for v in m.groups() if v is not None) for m in HTML_ID.finditer(html_text))
    return ids


def heading_ids_by_line(tokens: Sequence[Token], flavor: Flavor) -> dict[int, frozenset[str]]:
    """The ids each Markdown heading has, by its first line (0-based): the author's
    `{#id}`, or the one the flavor's engine makes from its words and the GFM one any
    site with GFM input makes, counted through the document as the engines count them."""
    found: dict[int, frozenset[str]] = {}
    own = slugger(flavor)
    slugs: tuple[Slugs, ...] = (own,) if isinstance(own, GfmSlugger) else (own, GfmSlugger())  # any site with GFM input
    for i, token in enumerate(tokens):
        if token.type == "heading_open" and i + 1 < len(tokens):
            inline = tokens[i + 1]
            explicit = explicit_id(inline.content)
            text = _plain(inline)
            ids = frozenset((own.claim(explicit.group(1)),) if explicit else (s.slug(text) for s in slugs))
            found[token.map[0] if token.map is not None else -1 - i] = ids
    return found


def heading_order(tokens: Sequence[Token], flavor: Flavor) -> tuple[str, ...]:
    """Each Markdown heading's id, in page order, as the flavor's site gives it: the one
    the author wrote, else the one it makes of the heading's words. The same place on
    two editions of a page is the same position in their orders."""
    own = slugger(flavor)
    found = []
    for i, token in enumerate(tokens[:-1]):
        if token.type == "heading_open":
            explicit = explicit_id(tokens[i + 1].content)
            found.append(own.claim(explicit.group(1)) if explicit else own.slug(_plain(tokens[i + 1])))
    return tuple(found)


def _plain(inline: Token) -> str:
    """A heading's text as kramdown reads it for an id: text, code and math, no tags."""
    parts = []
    for child in inline.children or ():
        if child.type in ("text", "code_inline", "math_inline", "math_inline_double"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return strip_id("".join(parts)).strip()
