"""Where a message's markup is: the spans a CAT tool must carry over untouched.

XLIFF (po/xliff.py) shows these spans to a translator as inline codes, which the
tool copies but does not let them edit. What counts as markup is what the checks
compare between a msgid and its msgstr (markdown/inline.py's `Inventory`): inline
HTML, code spans, formulas, link and image destinations, footnote references and
Liquid. The inventory says what each is; this module only finds where, by looking
for each as written, left to right. A span not found stays text: it reaches the
translator as it does in a PO editor, and the round trip keeps it either way.
A link's opening bracket is found by counting brackets back from its `](`, outside
every other span and escape: the link's words are between the two, as `<pc>` holds them.
"""

from __future__ import annotations

import re

from mdgettext.markdown import liquid
from mdgettext.markdown.inline import Reader, read_tag
from mdgettext.markdown.mathtext import find_math

_READER = Reader()


def code_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each piece of markup in a message, ascending, none overlapping."""
    if not text or not any(c in text for c in "`<$[]{\\&"):
        return []  # plain words: the common case, not parsed
    inventory = _READER(text)
    found: list[tuple[int, int]] = []
    found += [(t.start, t.end) for t in liquid.tokens(text) if t.closed]
    found += [(m.start, m.end) for m in find_math(text)]
    found += _in_order(text, inventory.html)
    for fence, _ in inventory.code:
        found += _first_free(text, re.compile(f"(?<!`){re.escape(fence)}(?!`).+?(?<!`){re.escape(fence)}(?!`)", re.S))
    for destination in inventory.links:
        if destination:
            found += _first_free(text, re.compile(r"\]\(\s*<?" + re.escape(destination) + r'>?(?:\s+"[^"]*")?\s*\)'))
    for label in inventory.footnotes:
        found += _first_free(text, re.compile(re.escape(f"[^{label}]")))
    return _disjoint(found)


def codes(text: str) -> tuple[list[tuple[int, int]], dict[int, int]]:
    """The markup spans of a message and which of them open and close a pair, by index:
    a link's `[` (or `![`) and its `](destination)`, an HTML tag and its closing tag.
    Pairs are well nested (one that crosses another stays two single codes), so a
    pair's words are the text between its two codes, as XLIFF's `<pc>` holds them."""
    spans = code_spans(text)
    opener = {start: _opening_bracket(text, spans, start) for start, _ in spans if text.startswith("](", start)}
    spans = _disjoint(spans + [span for span in opener.values() if span is not None])
    index_of = {span: index for index, span in enumerate(spans)}
    pairs: dict[int, int] = {}
    tags: list[tuple[str, int]] = []
    for index, (start, end) in enumerate(spans):
        piece = text[start:end]
        if start in opener:
            opening = opener[start]
            if opening is not None and opening in index_of:
                pairs[index_of[opening]] = index
        elif piece.startswith("<") and (tag := read_tag(piece)) is not None and not tag.self_closing:
            if not tag.closing:
                tags.append((tag.name, index))
            elif tags and tags[-1][0] == tag.name:
                pairs[tags.pop()[1]] = index
    return spans, _nested(pairs)


def _opening_bracket(text: str, spans: list[tuple[int, int]], close: int) -> tuple[int, int] | None:
    """The `[` (or `![`) that the `](` at `close` ends, outside every other span; None if there is none."""
    inside = {i for start, end in spans for i in range(start, end)}
    depth = 0
    for at in range(close - 1, -1, -1):
        if at in inside or _escaped(text, at):
            continue
        if text[at] == "]":
            depth += 1
        elif text[at] == "[":
            if depth == 0:
                return (
                    (at - 1, at + 1) if at > 0 and text[at - 1] == "!" and not _escaped(text, at - 1) else (at, at + 1)
                )
            depth -= 1
    return None


def _escaped(text: str, at: int) -> bool:
    backslashes = 0
    while at - backslashes - 1 >= 0 and text[at - backslashes - 1] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def _nested(pairs: dict[int, int]) -> dict[int, int]:
    """The pairs that nest with every other kept one (crossing ones are dropped, later first)."""
    kept: dict[int, int] = {}
    for opening in sorted(pairs):
        closing = pairs[opening]
        if all(
            closing < a or opening > b or (a < opening and closing < b) or (opening < a and b < closing)
            for a, b in kept.items()
        ):
            kept[opening] = closing
    return kept


def _in_order(text: str, pieces: tuple[str, ...]) -> list[tuple[int, int]]:
    """Each piece where it is written, each after the one before."""
    spans, at = [], 0
    for piece in pieces:
        where = text.find(piece, at)
        if where < 0:
            continue
        spans.append((where, where + len(piece)))
        at = where + len(piece)
    return spans


def _first_free(text: str, pattern: re.Pattern[str]) -> list[tuple[int, int]]:
    """Every match: the same markup written twice is two spans; `_disjoint` keeps one of overlaps."""
    return [(m.start(), m.end()) for m in pattern.finditer(text)]


def _disjoint(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans left to right, the first (then the longest) of overlapping ones kept."""
    kept: list[tuple[int, int]] = []
    for start, end in sorted(set(spans), key=lambda s: (s[0], -s[1])):
        if end > start and (not kept or start >= kept[-1][1]):
            kept.append((start, end))
    return kept
