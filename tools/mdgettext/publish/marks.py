"""Text left in the source language, marked on the page: `lang="en" class="untranslated"`.

So readers can tell it (a tinted block, a dotted underline) and screen readers pronounce
it as English. The caller passes the character spans of that text in the woven Markdown
(from `weave`'s `placed`); the tokens' line maps find the block each span is in.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from markdown_it.token import Token

from mdgettext.markdown.lines import Lines, block_lines
from mdgettext.markdown.tables import Cursor

RAW_TEXT_OPEN = re.compile(r"<(script|style|textarea)\b", re.IGNORECASE)
FALLBACK_CLASS = "untranslated"


def fallback_attributes(lang: str) -> str:
    """The attributes that mark an element's text as left in `lang`."""
    return f'lang="{lang}" class="{FALLBACK_CLASS}"'


def fallback_open(lang: str) -> str:
    """The tag that opens text left in the source language, inline."""
    return f"<span {fallback_attributes(lang)}>"


def mark_fallbacks(tokens: list[Token], text: str, spans: Sequence[tuple[int, int]], lang: str) -> set[int]:
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
