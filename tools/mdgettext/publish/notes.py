"""The book's Distill notes and citations, as a page without script shows them.

The book writes a footnote inline, `text<d-footnote>the note</d-footnote>`, and a
citation as `<d-cite key="a,b"></d-cite>`; on its site Distill's script turns the
first into a numbered marker with a pop-up and the second into numbered links to
a reference list built from the chapter's BibTeX file. A browser without that
script shows the note's text run into the sentence and the citation as nothing.

So the page does what the script would, when it is built: each note becomes a
numbered note reference (`role="doc-noteref"`) linking to the notes at the end
of the article (`role="doc-endnotes"`), each with a link back; each citation
becomes numbered links (`role="doc-biblioref"`) to the references list
(`role="doc-bibliography"`), numbered in the order the chapter first cites them.
A note whose paragraph stayed English keeps the English mark in the list.

kramdown keeps a custom element's content raw, so on the book's site a note's
Markdown shows as written (`_not_`, a backticked name, `\\$`). The page renders it
(the caller's `markdown`), and numbers a citation inside a note like any other: no
reader meets a note's Markdown, or a citation that shows as nothing.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from markdown_it.token import Token

from mdgettext.markdown import urls
from mdgettext.publish.bibliography import Reference

# Each pattern stops at the next `<`: a text of many openers never closed is read once,
# not once per opener to its end (a note is paired with its closer by position, `_pairs`).
NOTE_OPEN = re.compile(r"<d-footnote(?:\s[^<>]*)?>", re.IGNORECASE)
NOTE_CLOSE = re.compile(r"</d-footnote\s*>", re.IGNORECASE)
CITE = re.compile(r"""<d-cite\s+key\s*=\s*(?:"([^"<]*)"|'([^'<]*)')\s*>\s*</d-cite\s*>""", re.IGNORECASE)
# The same elements as the review page shows them: its messages are rendered with raw HTML off.
ESCAPED_NOTE_OPEN, ESCAPED_NOTE_CLOSE = re.compile("&lt;d-footnote&gt;"), re.compile("&lt;/d-footnote&gt;")
ESCAPED_CITE = re.compile(r"&lt;d-cite key=&quot;([^&]*)&quot;&gt;&lt;/d-cite&gt;")


@dataclass(frozen=True)
class Note:
    """A footnote taken out of the text: its number, its HTML and whether it is the English."""

    number: int
    html: str
    english: bool = False


@dataclass(frozen=True)
class Notes:
    """What the chapter's notes and citations became: the notes in order, and the
    cited keys in the order of their numbers."""

    notes: tuple[Note, ...] = ()
    cited: tuple[str, ...] = ()


def note_id(number: int) -> str:
    """The id of a note in the notes list; `ref_id` is its reference's in the text."""
    return f"note-{number}"


def ref_id(number: int) -> str:  # noqa: D103
    return f"note-ref-{number}"


def reference_id(number: int) -> str:
    """The id of an entry of the references list."""
    return f"reference-{number}"


def cited_keys(text: str) -> list[str]:
    """Every key a text cites, in order, each once."""
    keys = (key.strip() for m in CITE.finditer(text) for key in (m.group(1) or m.group(2) or "").split(","))
    return list(dict.fromkeys(k for k in keys if k))


class _Numbering:
    """Numbers notes and citations in the order the page meets them."""

    def __init__(self, label: str, render: Callable[[list[Token]], str], markdown: Callable[[str], str] | None) -> None:
        self.label, self.render = label, render  # label: "Note {number}" in the page's language
        self.markdown = markdown  # a raw note's source -> its HTML, where the flavor keeps notes raw
        self.notes: list[Note] = []
        self.cited: dict[str, int] = {}

    def note(self, inner: str, english: bool) -> str:
        number = len(self.notes) + 1
        self.notes.append(Note(number, CITE.sub(self.cite, inner).strip(), english))
        label = html.escape(self.label.format(number=number))
        return (
            f'<sup class="note-ref"><a id="{ref_id(number)}" href="#{note_id(number)}" role="doc-noteref" '
            f'aria-label="{label}">{number}</a></sup>'
        )

    def cite(self, match: re.Match[str]) -> str:
        keys = [k.strip() for k in (match.group(1) or match.group(2) or "").split(",") if k.strip()]
        links = []
        for key in keys:
            number = self.cited.setdefault(key, len(self.cited) + 1)
            links.append(f'<a href="#{reference_id(number)}" role="doc-biblioref">{number}</a>')
        return f'<span class="citation">[{", ".join(links)}]</span>' if links else ""

    def in_html(self, content: str, english: bool) -> str:
        """Notes and citations inside raw HTML, as written there, numbered in the order
        they come (a citation inside a note as a numbered link in the note, by `note`)."""
        pieces, at = [], 0
        for opener, closer in _pairs(content, NOTE_OPEN, NOTE_CLOSE):
            pieces.append(CITE.sub(self.cite, content[at : opener.start()]))
            pieces.append(self.note(self.raw(content[opener.end() : closer.start()]), english))
            at = closer.end()
        pieces.append(CITE.sub(self.cite, content[at:]))
        return "".join(pieces)

    def raw(self, source: str) -> str:
        """A note's content as written in raw HTML, rendered as the page renders Markdown."""
        return self.markdown(source) if self.markdown is not None else source

    def inline(self, children: list[Token]) -> str:
        """A note's tokens as HTML: a raw note's (text and tags only) from its source."""
        if self.markdown is None or any(c.type not in ("text", "html_inline") for c in children):
            return self.render(children)
        return self.markdown(
            "".join(c.content if c.type == "html_inline" else html.escape(c.content, quote=False) for c in children)
        )


def _pairs(
    text: str, opening: re.Pattern[str], closing: re.Pattern[str]
) -> Iterator[tuple[re.Match[str], re.Match[str]]]:
    """Each opener with the first closer after it, as a lazy `open(.*?)close` pairs them,
    in one pass: an opener with no closer after it ends the pairing."""
    closers = closing.finditer(text)
    closer = next(closers, None)
    at = 0
    for opener in opening.finditer(text):
        if opener.start() < at:
            continue
        while closer is not None and closer.start() < opener.end():
            closer = next(closers, None)
        if closer is None:
            return
        yield opener, closer
        at = closer.end()


def collect(
    tokens: list[Token],
    english_blocks: set[int],
    label: str,
    render: Callable[[list[Token]], str],
    markdown: Callable[[str], str] | None = None,
) -> Notes:
    """Replace, in `tokens`, each note by its reference and each citation by its
    numbers; the notes and cited keys in order. `english_blocks` are the indexes of
    the opening tokens marked as English; `render` renders inline tokens as the page does;
    `markdown`, for a flavor that reads notes raw, renders a note's source as inline Markdown."""
    numbering = _Numbering(label, render, markdown)
    open_english: list[bool] = []  # for each open block: is it, or a block around it, English?
    for i, token in enumerate(tokens):
        english = bool(open_english and open_english[-1]) or i in english_blocks
        if token.nesting == 1:
            open_english.append(english)
        elif token.nesting == -1 and open_english:
            open_english.pop()
        if token.type == "html_block" and ("<d-" in token.content or "<D-" in token.content):
            tokens[i] = token.copy(content=numbering.in_html(token.content, english))
        elif token.type == "inline" and token.children and any(c.type == "html_inline" for c in token.children):
            marked = i - 1 in english_blocks or (bool(open_english) and open_english[-1])
            tokens[i] = token.copy(children=_children(token.children, numbering, marked))
    return Notes(tuple(numbering.notes), tuple(numbering.cited))


def _children(children: Sequence[Token], numbering: _Numbering, english: bool) -> list[Token]:
    out: list[Token] = []
    closes: list[int | None] = []  # for each child, the first note closer after it: one pass from the end
    if any(c.type == "html_inline" and NOTE_OPEN.fullmatch(c.content) for c in children):
        following: int | None = None
        for j in range(len(children) - 1, -1, -1):
            closes.append(following)
            following = j if _closes_note(children[j]) else following
        closes.reverse()
    i = 0
    while i < len(children):
        child = children[i]
        if child.type == "html_inline" and child.content.startswith("<span lang=") and "untranslated" in child.content:
            english = True  # the fallback mark around a tight list item's text
        if child.type == "html_inline" and NOTE_OPEN.fullmatch(child.content):
            end = closes[i] if i < len(closes) else None
            if end is not None:
                out.append(_html(numbering.note(numbering.inline(list(children[i + 1 : end])), english)))
                i = end + 1
                continue
        if child.type == "html_inline" and child.content.lower().startswith("<d-cite"):
            nxt = children[i + 1] if i + 1 < len(children) else None
            if nxt is not None and nxt.type == "html_inline" and nxt.content.lower().startswith("</d-cite"):
                out.append(_html(CITE.sub(numbering.cite, child.content + nxt.content)))
                i += 2
                continue
        out.append(child)
        i += 1
    return out


def _closes_note(token: Token) -> bool:
    return token.type == "html_inline" and NOTE_CLOSE.fullmatch(token.content) is not None


def _html(content: str) -> Token:
    token = Token("html_inline", "", 0)
    token.content = content
    return token


def reference_html(reference: Reference | None, key: str) -> str:
    """One entry of the references list: authors, title, venue, year, link; a key
    the BibTeX file lacks shows as itself."""
    if reference is None:
        return f'<span class="missing-reference"><code>{html.escape(key)}</code></span>'
    parts = []
    if reference.authors:
        parts.append(
            f'<span class="reference-authors">{html.escape(reference.authors)}</span>{_stop(reference.authors)}'
        )
    title = html.escape(reference.title or key)
    if reference.url and urls.allowed(reference.url):
        title = f'<a href="{html.escape(reference.url)}">{title}</a>'
    parts.append(f'<cite class="reference-title">{title}</cite>{_stop(reference.title or key)}')
    venue = ", ".join(v for v in (reference.venue, reference.year) if v)
    if venue:
        parts.append(f"{html.escape(venue)}{_stop(venue)}")
    return " ".join(parts)


def _stop(text: str) -> str:
    """The full stop after a part of a reference, unless it ends with one already
    ("et al.", a title that asks "?"): one period, as the site's list has."""
    return "" if text.rstrip().endswith((".", "?", "!")) else "."


def references(cited: Sequence[str], entries: Mapping[str, Reference]) -> list[dict[str, str]]:
    """The references list as the template draws it: number, id, HTML."""
    return [
        {"number": str(n), "id": reference_id(n), "html": reference_html(entries.get(key), key)}
        for n, key in enumerate(cited, 1)
    ]


def inline_notes(message: str, label: str) -> str:
    """A message rendered with raw HTML off, its escaped notes shown as notes in place
    and its citations as their keys: how the review page shows both columns."""
    pieces, at = [], 0
    for opener, closer in _pairs(message, ESCAPED_NOTE_OPEN, ESCAPED_NOTE_CLOSE):
        pieces += [
            message[at : opener.start()],
            f'<span class="inline-note" role="note"><span class="note-label">{html.escape(label)}</span> ',
            f"{message[opener.end() : closer.start()]}</span>",
        ]
        at = closer.end()
    message = "".join([*pieces, message[at:]])
    return ESCAPED_CITE.sub(lambda m: f'<span class="citation">[{m.group(1)}]</span>', message)
