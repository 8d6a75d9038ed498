"""A block's inline source as one msgid line: soft breaks folded to a space, the
breaks that mean something (a hard break, a break inside raw inline HTML) kept.

Re-wrapping an English paragraph must change no msgid, and a translator must see,
and can keep, every break the page shows; `structure.py` counts the hard breaks a
translation keeps.
"""

from __future__ import annotations

import re

from mdgettext.markdown.htmltext import RUN, wrapped
from mdgettext.markdown.lines import continuation
from mdgettext.markdown.parser import parser
from mdgettext.model import Segment, Span, Style

HARD_BREAK = re.compile(r"(?: {2,}|(?<!\\)(?:\\\\)*\\)$")

# A line a paragraph goes on with in every reader (CommonMark, kramdown,
# Python-Markdown): it starts with a letter, a digit that opens no ordered list, an
# opening bracket or quote, a code span (never a fence), emphasis (never a list
# marker or a rule), a link (never a definition or a footnote), an image (`![`: no
# block starts with `!`; an admonition's is `!!!`) or inline math (never a `$$`
# block). A translator who wraps their paragraph at 80 columns makes such lines; any
# other line start may open a block, and is a break the English must have.
PLAIN_LINE = re.compile(
    r"(?:[^\W\d_]|\d(?!\d*[.)](?:[ \t]|$))|[(\"'\u201c\u2018\u300c\u300e\uff08\u3010\u300a]|`(?!``)"
    r"|\*\*?(?=[^\s*\[])|_(?=[^\s_])|\[(?!\^)(?![^\]\n]*\]:)|!\[|\$(?!\$))"
)

INDENTED_PLAIN = re.compile(r" {0,3}" + PLAIN_LINE.pattern)
TRAILING = re.compile(r"[ \t]+(?=\n|\Z)")  # spaces after a block's last word, to the end of its line


def fold(content: str) -> str:
    """The msgid of a block's inline source: soft breaks become one space.

    A hard break (two spaces or a backslash before the newline) keeps its marker
    and its newline, so the translator sees it and can keep it; so does a break
    inside raw inline HTML, which is markup (`<foo⏎bar>`), not a soft break.
    """
    pieces = content.split("\n")
    in_html = breaks_in_raw_html(content)
    out = [pieces[0]]
    at = len(pieces[0])  # the offset of the break before each piece
    for piece in pieces[1:]:
        previous = out[-1]
        rest = piece.lstrip(" \t")
        kept, at = at in in_html, at + 1 + len(piece)
        if kept or HARD_BREAK.search(previous):
            out[-1] = previous + "\n"
            out.append(rest)
        else:
            out[-1] = previous.rstrip(" \t")
            out.append(" " + rest)
    return "".join(out)


def as_written(text: str, seg: Segment) -> str:
    """A block of `text` as its author wrapped it: an HTML text run's lines
    (htmltext.wrapped), any other block's `unfolded`, with the spaces its author left
    after its last word (no reader shows them at a block's end; `weave` writes them
    back in place of the English's)."""
    if seg.kind == RUN:
        return wrapped(text, seg.span, seg.msgid)
    trailing = TRAILING.match(text, seg.span.end) if seg.span.style is Style.INLINE else None
    return unfolded(text, seg.span, seg.msgid) + (trailing.group() if trailing else "")


def unfolded(text: str, span: Span, msgid: str) -> str:
    """A block's inline source as its author wrapped it: the lines of `span` in
    `text`, each continuation line without its container prefix (`> `, a list
    item's indentation), so `weave` can write them back inside the English's
    container. A translator who wrapped a paragraph at 80 columns keeps the breaks
    in the msgstr; the msgid stays `fold`ed, so re-wrapping English changes nothing.
    `msgid` when the lines do not fold back to it exactly (a lazy line, a tab)."""
    if span.style is not Style.INLINE:
        return msgid
    pieces = text[span.start : span.end].split("\n")
    if len(pieces) == 1:
        return msgid
    # the container's prefix, as the first line's says it (a list item's marker as spaces):
    # any further indentation is the translator's
    container = continuation(text[text.rfind("\n", 0, span.start) + 1 : span.start])
    written = pieces[0]
    for piece in pieces[1:]:
        if container and piece.startswith(container):
            piece = piece[len(container) :]
        # a line that may start a block (`2) …`) is joined, as the msgid has it: only
        # breaks the safety judge takes as wrapping are kept, with the translator's own
        # indentation of up to 3 spaces (never code)
        if INDENTED_PLAIN.match(piece):
            written += "\n" + piece
        elif HARD_BREAK.search(written):
            written += "\n" + piece.lstrip(" \t")
        else:
            written = written.rstrip(" \t") + " " + piece.lstrip(" \t")
    return written if fold(written) == msgid else msgid


def hard_breaks(text: str) -> int:
    """How many lines of `text` end in a hard break (the breaks `fold` keeps)."""
    return sum(1 for line in text.split("\n")[:-1] if HARD_BREAK.search(line))


def breaks_in_raw_html(content: str) -> frozenset[int]:
    """The offsets of the line breaks of a block's inline source that lie inside raw
    inline HTML (`<span⏎class="x">`, or `<foo⏎bar>` after `](`, which is a tag, not a
    link destination). Such a break is markup, not a soft break: folding it to a space
    changes what the text is (`[a](<foo bar>)` is a link)."""
    if "\n" not in content or "<" not in content:
        return frozenset()
    found: set[int] = set()
    cursor = 0
    for token in parser().parseInline(content, {})[0].children or []:
        if token.type != "html_inline":
            continue
        at = content.find(token.content, cursor)
        if at < 0:
            continue
        cursor = at + len(token.content)
        found.update(at + i for i, c in enumerate(token.content) if c == "\n")
    return frozenset(found)
