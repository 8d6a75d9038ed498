"""The translatable text of a raw HTML block: runs of text between block-level tags.

A run keeps its inline tags (`<b>`, `<a href>`, `<d-footnote>`) the way a paragraph
keeps its inline Markdown, so a translator can move them with the words. Tags that
stand on a line of their own stay out of the run: in CommonMark such a line is what
makes the HTML a block at all, and it must not move. Python's own HTML tokenizer
finds the tags; nothing here parses HTML by hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import unescape
from html.parser import HTMLParser

from markdown_it.common.html_blocks import block_names

BLOCK_TAGS = frozenset(block_names)
# Elements whose content is code or pictures: never offered. Script and style are
# code the page runs; a translator who could change them could inject script, and
# translations are not trusted as HTML (see safety.py).
CODE_TAGS = frozenset({"pre", "svg", "math", "code", "script", "style"})
# Raw-text elements readers see: offered whole and verbatim (line breaks kept).
VERBATIM_TAGS = frozenset({"textarea"})
RAW_TAGS = CODE_TAGS | VERBATIM_TAGS


@dataclass(frozen=True, slots=True)
class Run:
    """A stretch of an HTML block a translator works on, with its offsets in the block."""

    start: int
    end: int
    text: str  # the msgid: whitespace folded, or the exact text of a raw-text element
    verbatim: bool = False


@dataclass(frozen=True, slots=True)
class _Event:
    kind: str  # "data", "tag" (inline), "break" (block tag, comment, declaration)
    start: int
    tag: str = ""


class _Tokenizer(HTMLParser):
    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=False)
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.events: list[_Event] = []

    def _offset(self) -> int:
        line, col = self.getpos()
        return self.line_starts[line - 1] + col

    def _tag(self, tag: str) -> None:
        kind = "break" if tag in BLOCK_TAGS or tag in RAW_TAGS else "tag"
        self.events.append(_Event(kind, self._offset(), tag))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag(tag)

    def handle_endtag(self, tag: str) -> None:
        self._tag(tag)

    def handle_data(self, data: str) -> None:
        self.events.append(_Event("data", self._offset()))

    def handle_entityref(self, name: str) -> None:
        self.handle_data(name)

    def handle_charref(self, name: str) -> None:
        self.handle_data(name)

    def _break(self) -> None:
        self.events.append(_Event("break", self._offset()))

    def handle_comment(self, data: str) -> None:
        self._break()

    def handle_decl(self, decl: str) -> None:
        self._break()

    def handle_pi(self, data: str) -> None:
        self._break()

    def unknown_decl(self, data: str) -> None:
        self._break()


def text_runs(html: str) -> list[Run]:
    """The translatable runs of a raw HTML block, in order."""
    tokenizer = _Tokenizer(html)
    tokenizer.feed(html)
    tokenizer.close()
    events = tokenizer.events
    bounds = [(ev, ev.start, events[i + 1].start if i + 1 < len(events) else len(html)) for i, ev in enumerate(events)]
    runs: list[Run] = []
    current: list[tuple[_Event, int, int]] = []
    raw_depth = 0
    skip_until = -1
    for ev, start, end in bounds:
        if start < skip_until:
            continue
        closing = html.startswith("</", start)
        if ev.tag in VERBATIM_TAGS and not closing:
            runs.extend(_run(html, current))
            current = []
            verbatim, skip_until = _verbatim(html, ev.tag, end)
            runs.extend(verbatim)
            continue
        if ev.tag in CODE_TAGS:
            raw_depth += -1 if closing else (0 if html[start:end].rstrip().endswith("/>") else 1)
            raw_depth = max(raw_depth, 0)
        if ev.kind == "break" or raw_depth:
            runs.extend(_run(html, current))
            current = []
        else:
            current.append((ev, start, end))
    runs.extend(_run(html, current))
    return runs


def _verbatim(html: str, tag: str, content_start: int) -> tuple[list[Run], int]:
    """The content of a raw-text element, one run per stretch between blank lines
    (a blank line would end the block if the text were read as Markdown), and
    where the closing tag ends."""
    close = re.compile(rf"</{tag}\s*>", re.IGNORECASE).search(html, content_start)
    content_end = close.start() if close else len(html)
    resume = close.end() if close else len(html)
    runs = []
    for chunk in re.finditer(r"\S(?:.|\n(?![ \t]*\n))*", html[content_start:content_end]):
        text = chunk.group(0).rstrip()
        if any(c.isalpha() for c in text):
            start = content_start + chunk.start()
            runs.append(Run(start, start + len(text), text, verbatim=True))
    return runs, resume


def _run(html: str, events: list[tuple[_Event, int, int]]) -> list[Run]:
    """The run of text and inline tags among `events`, trimmed: tags alone on the
    first or last line of the run stay out, so the block's own lines keep their tags."""
    texts = [i for i, (ev, s, e) in enumerate(events) if ev.kind == "data" and html[s:e].strip()]
    if not texts:
        return []
    prose = "".join(unescape(html[s:e]) for ev, s, e in events if ev.kind == "data")
    if not any(c.isalpha() for c in prose):
        return []
    first, last = texts[0], texts[-1]
    _, s, e = events[first]
    start = s + len(html[s:e]) - len(html[s:e].lstrip())
    for _, s, _e in reversed(events[:first]):
        if "\n" in html[s:start]:
            break
        start = s
    _, s, e = events[last]
    end = s + len(html[s:e].rstrip())
    for _, s, e in events[last + 1 :]:
        if "\n" in html[end:e].rstrip():
            break
        end = s + len(html[s:e].rstrip())
    return [Run(start, end, re.sub(r"\s+", " ", html[start:end]))]
