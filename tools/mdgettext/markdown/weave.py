"""Source + segments + translations -> translated Markdown.

The weaver splices: it copies the source and replaces the characters of each
translated span, and nothing else. That is why list markers, blank lines, code,
math, HTML and front-matter comments survive any translation byte for byte.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from markdown_it.token import Token

from mdgettext.markdown import frontmatter, tagtext
from mdgettext.markdown.anchors import (
    anchor_span,
    has_explicit_id,
    heading_ids_by_line,
    heading_order,
    html_heading_id,
    slugger,
)
from mdgettext.markdown.flavors import COMMONMARK
from mdgettext.markdown.htmltext import RUN
from mdgettext.markdown.lines import Lines
from mdgettext.markdown.parser import parser
from mdgettext.model import Addendum, Document, Flavor, Key, Segment, Style, TranslationMap, key_of

# Spaces after a block's last word, up to the end of its line: no reader shows them (a
# hard break ends no paragraph), so a translated block does not keep the English's.
TRAILING = re.compile(r"[ \t]+(?=\r?\n|\Z)")


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a segment's text ended up in the output, and whether it is translated."""

    segment: Segment
    start: int
    end: int
    translated: bool  # False: the source text stayed (no usable translation)
    dropped: int = 0  # source characters after the span left out: the English's trailing spaces (TRAILING)


@dataclass(frozen=True)
class Woven:
    """A translated chapter's Markdown, and where each segment ended up in it."""

    text: str
    translated: int  # segments whose text changed
    fallbacks: tuple[Segment, ...]  # segments left in the source language (missing or fuzzy)
    placed: tuple[Placed, ...] = ()  # every segment, in output order, with its output span
    flavor: Flavor = COMMONMARK  # the source's, so the text is read as the source was
    math: str | None = None  # the source's too (keys.MATHS)
    inserted: tuple[tuple[int, str], ...] = ()  # the translator's addenda: (offset in the source, text put there)
    added: tuple[
        tuple[int, int], ...
    ] = ()  # the same addenda's (start, end) in `text`: no English heading id is theirs

    @cached_property
    def tokens(self) -> tuple[Token, ...]:
        """The Markdown parsed, once for every reader: the checks compare it with the
        source, the page renders it. Readers must not change these tokens."""
        return tuple(parser(self.flavor, self.math).parse(self.text))

    @cached_property
    def translated_ids(self) -> dict[str, frozenset[str]]:
        """The ids each translated heading has where its engine makes them from the
        translated words (GitHub, Python-Markdown's toc, kramdown without a kept
        `{#id}`), by its English heading's id: a translator's `[x](#译文)` leads there on
        the page their site shows. Ids follow heading pairs, never positions."""
        by_line = heading_ids_by_line(self.tokens, self.flavor)
        found: dict[str, frozenset[str]] = {}
        for placed in self.placed:
            anchor = placed.segment.anchor
            if anchor and placed.translated:
                line = self.text.count("\n", 0, placed.start)
                found[anchor] = found.get(anchor, frozenset()) | by_line.get(line, frozenset())
        return found

    @cached_property
    def headings(self) -> tuple[str, ...]:
        """Each heading's id on the translated page, in order (anchors.heading_order): a
        heading the build writes without the English's id gets the one its site makes
        of the translated words."""
        return heading_order(self.tokens, self.flavor)


def weave(
    doc: Document, translations: TranslationMap, heading_ids: bool = False, insertions: Sequence[tuple[int, str]] = ()
) -> Woven:
    """Put every usable translation back in its span, and each of `insertions` (the
    translator's addenda, `places`) at its offset of the source.

    With `heading_ids`, a translated heading ends with `{#english-slug}` so the
    Jekyll site (kramdown) keeps the English anchor other pages link to; a heading
    whose source already has its own `{#id}` keeps that one, outside the span. Such a
    heading also answers to the anchor the book's layout links its translated
    table-of-contents name to (`#{{ name | slugify }}`): an empty
    `<span id="…">` opens it (anchors.anchor_span).
    """
    out: list[str] = []
    size = 0  # characters written so far
    last = 0
    translated = 0
    fallbacks = []
    placed = []
    ids = set(doc.headings)  # a TOC anchor never repeats an id the page has
    # a layout that links its contents to headings by name: their anchors, whatever the ids
    contents = doc.flavor.contents_by_slug and isinstance(doc.meta, dict) and bool(doc.meta.get("toc"))
    pending = sorted(insertions, key=lambda insertion: insertion[0])
    added: list[tuple[int, int]] = []
    for seg in doc.segments:
        while pending and pending[0][0] <= seg.span.start:
            at, text = pending.pop(0)
            for piece in (doc.text[last:at], text):
                out.append(piece)
                size += len(piece)
            added.append((size - len(text), size))
            last = at
        msgstr = translations.get(key_of(seg))
        shift = size + seg.span.start - last  # where the span starts in the output
        if msgstr is None or msgstr == seg.msgid:
            if msgstr is None:
                fallbacks.append(seg)
            placed.append(Placed(seg, shift, shift + seg.span.end - seg.span.start, msgstr is not None))
            continue
        explicit = has_explicit_id(doc.text, seg)
        own = None  # the id the engine gives a translated heading that keeps no English id
        if seg.anchor and contents and not (heading_ids or explicit):
            own = slugger(doc.flavor).slug(_line(msgstr))
        # its translation's slug too, where a contents name may link it: a front matter's
        # `toc`, or the ids `heading_ids` keeps; a heading with its own `{#id}` and neither
        # stays as its translator wrote it
        named = (heading_ids and doc.flavor.slug_anchors) or contents
        text = render(seg, msgstr, heading_ids and not explicit, named, ids, own)
        # `<h3 id="x">text</h3>` (an HTML segment, so never `{#id}`): the same anchor
        if heading_ids and (html_heading := html_heading_id(doc.text, seg)) is not None:
            text = anchor_span(msgstr, html_heading, ids) + text
        for piece in (doc.text[last : seg.span.start], text):
            out.append(piece)
            size += len(piece)
        last = seg.span.end
        if seg.span.style in (Style.INLINE, Style.LINE) and (trailing := TRAILING.match(doc.text, last)):
            last = trailing.end()  # the English's spaces after its last word are not the translator's
        placed.append(Placed(seg, shift, size, True, last - seg.span.end))
        translated += 1
    for at, text in pending:
        out += [doc.text[last:at], text]
        size += at - last + len(text)
        added.append((size - len(text), size))
        last = at
    out.append(doc.text[last:])
    woven = "".join(out)
    return Woven(
        woven, translated, tuple(fallbacks), tuple(placed), doc.flavor, doc.math, tuple(insertions), tuple(added)
    )


def _line(msgstr: str) -> str:
    return " ".join(msgstr.split("\n"))


def places(doc: Document, addenda: Sequence[Addendum]) -> tuple[list[tuple[int, str]], list[Addendum]]:
    """Where each addendum goes in the source's text, as `weave` takes insertions: at
    the start of the line after the top-level block holding its message (the front
    matter's, for the top of the body), set apart by blank lines; and the addenda
    whose message the chapter no longer has (or has fewer times)."""
    blocks = sorted((t.map[0], t.map[1]) for t in doc.tokens if t.level == 0 and t.nesting >= 0 and t.map is not None)
    starts = [first for first, _ in blocks]
    lines = Lines(doc.text)
    seen: dict[Key, list[int]] = {}
    for seg in doc.segments:  # the 0-based line of each occurrence of each message
        seen.setdefault(key_of(seg), []).append(seg.location.line - 1)
    front = next((t.map[1] for t in doc.tokens if t.type == "front_matter" and t.map is not None), 0)
    found, lost = [], []
    for addendum in addenda:
        if addendum.after is None:
            end = front
        else:
            occurrences = sorted(set(seen.get(addendum.after, ())))
            if len(occurrences) < addendum.occurrence:
                lost.append(addendum)
                continue
            line = occurrences[addendum.occurrence - 1]
            index = bisect_right(starts, line) - 1
            end = max(blocks[index][1], line + 1) if index >= 0 else line + 1
        at = lines.start(end)
        # set apart by one blank line, whatever blank lines the block's own lines end with
        before = "" if at == 0 or doc.text[max(at - 2, 0) : at] == "\n\n" else "\n"
        if at == len(doc.text) and not doc.text.endswith("\n"):
            before = "\n\n"
        after = "\n" if doc.text[at : at + 1] in ("\n", "") else "\n\n"
        found.append((at, before + addendum.markdown.strip("\n") + after))
    return found, lost


def render(
    seg: Segment,
    msgstr: str,
    heading_ids: bool = False,
    toc_anchor: bool = False,
    ids: set[str] | None = None,
    own: str | None = None,
) -> str:
    """The characters that replace a segment's span: `heading_ids` appends the
    English `{#id}` to a heading, `toc_anchor` opens it with its TOC anchors unless
    `ids` (the page's ids so far, updated here) already has them. `own` is the id the
    engine gives the translated heading when it keeps no English id: then the English
    slug is an anchor too, for a contents name left in English."""
    span = seg.span
    if span.style is Style.YAML:  # a translation escaped for the layout that prints it; the English as written
        return frontmatter.encode(msgstr if msgstr == seg.msgid else frontmatter.for_layout(msgstr), span.quote)
    if span.style is Style.LIQUID:
        return tagtext.encode_liquid(msgstr, span.quote)
    if span.style is Style.ATTRIBUTE:
        return tagtext.encode_attribute(msgstr, span.quote)
    if span.style is Style.LINE and seg.kind == RUN and span.continuation:
        # HTML text in a block only a blank line ends: the translator's breaks, never a blank line
        return ("\n" + span.continuation).join(line.strip() for line in msgstr.split("\n") if line.strip())
    if span.style is Style.LINE:
        text = " ".join(msgstr.split("\n"))
        if seg.anchor and toc_anchor:
            taken = ids if ids is not None else set()
            opening = anchor_span(text, own or seg.anchor, taken, seg.anchor if own else None)
            text = opening + text
        if heading_ids and seg.anchor:
            text = f"{text} {{#{seg.anchor}}}"
        return text
    if span.style is Style.CODE:  # each line after the block's prefix; a blank one as the block's blank lines are
        first, *rest = msgstr.split("\n")
        return "\n".join([first, *(span.continuation + line if line else span.quote for line in rest)])
    return msgstr.replace("\n", "\n" + span.continuation)
