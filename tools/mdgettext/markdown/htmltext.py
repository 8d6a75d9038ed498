"""The translatable text of a raw HTML block: runs of text between block-level tags.

A run keeps its inline tags (`<b>`, `<a href>`, `<d-footnote>`) the way a paragraph
keeps its inline Markdown, so a translator can move them with the words. Tags that
stand on a line of their own stay out of the run: in CommonMark such a line is what
makes the HTML a block at all, and it must not move.

The block is read as a browser reads it (`html.py`), so only text a reader sees is
offered: a tag the browser never finishes (`<div id="foo"` with no `>`) swallows
what follows it, and that is not prose; the content of `<script>`, `<style>` and the
other elements the browser reads as raw text is code or hidden, never offered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import unescape

from markdown_it.common.html_blocks import block_names
from markdown_it.rules_block.html_block import HTML_SEQUENCES

from mdgettext.markdown.html import END, RAW_TEXT, START, TEXT, Token, tokens
from mdgettext.markdown.lines import Lines, block_lines
from mdgettext.model import Document, Segment, Span

BLOCK_TAGS = frozenset(block_names)
# Elements whose content is code, pictures or hidden: never offered. Script and style
# are code the page runs; a translator who could change them could inject script
# (translations are not trusted as HTML, see checks/safety.py).
CODE_TAGS = frozenset({"pre", "svg", "math", "code"}) | (RAW_TEXT - {"textarea"})
# Raw-text elements readers see: offered whole and verbatim (line breaks kept).
VERBATIM_TAGS = frozenset({"textarea"})


@dataclass(frozen=True, slots=True)
class Run:
    """A stretch of an HTML block a translator works on, with its offsets in the block."""

    start: int
    end: int
    text: str  # the msgid: whitespace folded, or the exact text of a raw-text element
    verbatim: bool = False


# What a run is made of: ("data" | "tag", start, end); anything else ends a run.
_Piece = tuple[str, int, int]


def text_runs(html: str) -> list[Run]:
    """The translatable runs of a raw HTML block, in order."""
    runs: list[Run] = []
    current: list[_Piece] = []
    code: list[str] = []  # the open code elements, innermost last
    verbatim: Token | None = None  # the open <textarea>
    for token in tokens(html):
        if verbatim is not None:
            if token.kind == END and token.name == verbatim.name:
                runs.extend(_verbatim(html, verbatim.end, token.start))
                verbatim = None
            continue
        if token.kind == START and token.name in VERBATIM_TAGS and not code:
            runs.extend(_run(html, current))
            current = []
            verbatim = token
            continue
        if token.name in CODE_TAGS and token.kind in (START, END):
            if token.kind == END and token.name in code:
                del code[len(code) - 1 - code[::-1].index(token.name) :]
            elif token.kind == START and not token.self_closing:
                code.append(token.name)
            runs.extend(_run(html, current))
            current = []
        elif code:
            continue
        elif token.kind == TEXT:
            current.append(("data", token.start, token.end))
        elif token.kind in (START, END) and token.name not in BLOCK_TAGS:
            current.append(("tag", token.start, token.end))
        else:  # a block tag, a comment, a declaration, an unfinished tag: the run ends
            runs.extend(_run(html, current))
            current = []
    if verbatim is not None:
        runs.extend(_verbatim(html, verbatim.end, len(html)))
    runs.extend(_run(html, current))
    return runs


def _verbatim(html: str, content_start: int, content_end: int) -> list[Run]:
    """The content of a raw-text element, one run per stretch between blank lines
    (a blank line would end the block if the text were read as Markdown)."""
    runs = []
    for chunk in re.finditer(r"\S(?:.|\n(?![ \t]*\n))*", html[content_start:content_end]):
        text = chunk.group(0).rstrip()
        if any(c.isalpha() for c in text):
            start = content_start + chunk.start()
            runs.append(Run(start, start + len(text), text, verbatim=True))
    return runs


def _run(html: str, pieces: list[_Piece]) -> list[Run]:
    """The run of text and inline tags among `pieces`, trimmed: tags alone on the
    first or last line of the run stay out, so the block's own lines keep their tags."""
    texts = [i for i, (kind, s, e) in enumerate(pieces) if kind == "data" and html[s:e].strip()]
    if not texts:
        return []
    prose = "".join(unescape(html[s:e]) for kind, s, e in pieces if kind == "data")
    if not any(c.isalpha() for c in prose):
        return []
    first, last = texts[0], texts[-1]
    _, s, e = pieces[first]
    start = s + len(html[s:e]) - len(html[s:e].lstrip())
    for _, s, _e in reversed(pieces[:first]):
        if "\n" in html[s:start]:
            break
        start = s
    _, s, e = pieces[last]
    end = s + len(html[s:e].rstrip())
    for _, s, e in pieces[last + 1 :]:
        if "\n" in html[end:e].rstrip():
            break
        end = s + len(html[s:e].rstrip())
    return [Run(start, end, re.sub(r"\s+", " ", html[start:end]))]


RUN = "html"  # the kind of an HTML block's text run (one line as a msgid; the translator's breaks kept)
RUN_KINDS = frozenset({RUN, "raw html text"})  # the kinds of the segments an HTML block's runs are


def ends_at_blank_line(block: str) -> bool:
    """Whether a raw HTML block ends only at a blank line (CommonMark's kinds 6 and 7,
    `<p>`, `<div>`, `<a href>`...), so a line added inside its text stays in it; a
    comment's or a `<pre>`'s ends on the line that closes it, and Markdown follows."""
    first = block.split("\n", 1)[0].lstrip(" \t")
    closing = next((close for opening, close, _ in HTML_SEQUENCES if opening.search(first)), None)
    return closing is not None and closing.pattern == "^$"


def wrapped(text: str, span: Span, msgid: str) -> str:
    """A text run of an HTML block as its translator wrapped it: its lines in `text`,
    each without its container's marker (`>`) and the indentation before it (a break in HTML text is a space, so the
    page is the same), for the msgstr; `msgid` when they do not collapse back to it."""
    marker = span.continuation.rstrip()  # a quote's `>`: the container's, not the text's
    lines = [line.removeprefix(marker) if n else line for n, line in enumerate(text[span.start : span.end].split("\n"))]
    written = "\n".join(line.strip() for line in lines if line.strip())
    return written if re.sub(r"\s+", " ", written) == msgid else msgid


@dataclass(frozen=True)
class HtmlBlock:
    """A raw HTML block of the source and the segments of its text runs."""

    start: int
    end: int
    segments: tuple[Segment, ...]


def html_blocks(doc: Document) -> list[HtmlBlock]:
    """The document's raw HTML blocks that hold text runs: the safety judge reads each
    whole, since an attribute opened in one run and closed in the next is one tag."""
    runs = sorted((s for s in doc.segments if s.kind in RUN_KINDS), key=lambda s: s.span.start)
    if not runs:
        return []
    lines = Lines(doc.text)
    bounds = sorted(
        (lines.start(first), lines.start(end))
        for first, end in (block_lines(t) for t in doc.tokens if t.type == "html_block" and t.map)
    )
    blocks: list[HtmlBlock] = []
    at = 0
    for start, end in bounds:
        inside = []
        while at < len(runs) and runs[at].span.start < end:
            if runs[at].span.start >= start:
                inside.append(runs[at])
            at += 1
        if inside:
            blocks.append(HtmlBlock(start, end, tuple(inside)))
    return blocks
