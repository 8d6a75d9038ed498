"""Math in text, found as the book's readers' browser finds it.

kramdown leaves `$…$` as text, and the book's page typesets it in the browser with
KaTeX's auto-render (delimiters `$$…$$` display, `$…$` inline) and MathJax
(`\\(…\\)` inline, `\\[…\\]` display, which is what kramdown writes for `$$`). Both scan
one text node at a time, skip braces and backslash escapes inside the math, and
leave text without a closing delimiter alone. This module is that scan: the checks
count the math a message shows, and the page typesets it before it is published.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Tried in this order at each opening, as auto-render tries its delimiter list.
DELIMITERS = (("$$", "$$", True), ("\\[", "\\]", True), ("\\(", "\\)", False), ("$", "$", False))
OPENING = re.compile(r"\$\$|\\\[|\\\(|\$")
BRACKETS = re.compile(r"\\\[|\\\(")  # what a page whose Markdown parser reads `$` itself leaves for its typesetter
TEXT_IN_MATH = re.compile(r"(\\(?:text|textrm|textit|textbf|mbox))\{[^{}]*\}")  # \text{size of A}


@dataclass(frozen=True, slots=True)
class Math:
    """One formula in a text: where it is, its TeX, and whether it is displayed."""

    start: int
    end: int  # after the closing delimiter
    tex: str
    display: bool
    opening: str  # the delimiter as written, so the text can be given back unchanged


def find_math(text: str, dollars: bool = True) -> list[Math]:
    """The formulas of one text node, left to right; `dollars`: `$` delimits math in
    text (kramdown's sites), not only `\\(` and `\\[` (markdown-it's dollarmath took
    every `$` formula out of the text already, and a `$` left there is a dollar sign)."""
    found: list[Math] = []
    pos = 0
    opening = OPENING if dollars else BRACKETS
    while (match := opening.search(text, pos)) is not None:
        left = match.group(0)
        right, display = next((r, d) for opening, r, d in DELIMITERS if opening == left)
        end = _end_of_math(text, right, match.end())
        if end < 0:
            pos = match.end()
            continue
        found.append(Math(match.start(), end + len(right), text[match.end() : end], display, left))
        pos = end + len(right)
    return found


def _end_of_math(text: str, delimiter: str, start: int) -> int:
    """auto-render's findEndOfMath: the closing delimiter outside braces, escapes skipped."""
    index, depth = start, 0
    while index < len(text):
        if depth <= 0 and text.startswith(delimiter, index):
            return index
        char = text[index]
        if char == "\\":
            index += 1
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        index += 1
    return -1


def replace_math(text: str, found: list[Math], instead: str) -> str:
    """The text with each formula `find_math` found in it replaced by `instead`."""
    pieces, last = [], 0
    for math in found:
        pieces.append(text[last : math.start])
        pieces.append(instead)
        last = math.end
    pieces.append(text[last:])
    return "".join(pieces)


def normal(tex: str) -> str:
    """A formula as compared: runs of whitespace one space (TeX reads them so), none at the ends."""
    return " ".join(tex.split())


def shortened(tex: str, size: int = 60) -> str:
    """A formula as a message quotes it: normalised, and cut to `size` characters."""
    tex = normal(tex)
    return tex if len(tex) <= size else tex[: size - 1] + "…"


def words_aside(tex: str) -> str:
    """A formula with the words of its `\\text{…}` set aside: they are prose, and a
    translation may translate them (`\\text{size of A}`, `\\text{A의 크기}`) and
    still typeset the same formula."""
    return TEXT_IN_MATH.sub(lambda m: m.group(1) + "{…}", tex)
