"""Where a message's markup is: the spans a CAT tool must carry over untouched.

XLIFF (po/xliff.py) shows these spans to a translator as inline codes, which the
tool copies but does not let them edit. What counts as markup is what the checks
compare between a msgid and its msgstr (markdown/inline.py's `Inventory`): inline
HTML, code spans, formulas, link and image destinations, footnote references and
Liquid. The inventory says what each is; this module only finds where, by looking
for each as written, left to right. A span not found stays text: it reaches the
translator as it does in a PO editor, and the round trip keeps it either way.
"""

from __future__ import annotations

import re

from mdgettext.markdown import liquid
from mdgettext.markdown.inline import Reader
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
