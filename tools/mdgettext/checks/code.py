"""Whether a code block's translation is still that code block (the `code_blocks` setting).

A code block is shown as code: its text is escaped, never read as Markdown or HTML,
so its comments and strings may say anything. What a translation must not do is
leave the block: a line that closes its fence (or an indented block ended early)
hands every line after it to the Markdown reader, where a tag runs. So the block is
written back into the chapter and read again by the flavor's parser, as the site's
engine reads it: the same block (same kind, same info string) must come back with
the translation as its text, and the rest of the page unchanged. Two things run
inside code, before or without Markdown: Jekyll's Liquid (`{% include %}`, `{{ … }}`)
and MkDocs' snippet lines (`--8<-- "file"`), which read files into the page; a
translation may have only the ones its English has.

The safety judge (`safety.py`) calls `reasons` for every code segment, so `check`
reports these as errors and the build publishes the English block; the prose checks
(`checks/__init__.py`) leave code alone.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from markdown_it.token import Token

from mdgettext.markdown import liquid
from mdgettext.markdown.lines import Lines
from mdgettext.markdown.mkdocs.snippets import LINE as SNIPPET
from mdgettext.markdown.parser import parser
from mdgettext.markdown.weave import render, weave
from mdgettext.model import Document, Reason, Segment, Style, TranslationMap, key_of

# The reasons' kinds: safety.ACTIVE holds them (no `accept` publishes them).
BROKEN, ADDS_LIQUID, ADDS_INCLUDE = "breaks code block", "code adds liquid", "code adds include"
KINDS = frozenset({BROKEN, ADDS_LIQUID, ADDS_INCLUDE})
CLOSING = "; write the code as the English has it and translate only its comments and strings: until then the build publishes the English block"


def is_code(segments: Sequence[Segment]) -> bool:
    """Whether every block a message stands in is a code block's lines."""
    return bool(segments) and all(seg.span.style is Style.CODE for seg in segments)


def reasons(doc: Document, seg: Segment, msgstr: str) -> list[Reason]:
    """Why `msgstr` may not stand in place of the code block `seg`; empty when it may."""
    index = _index(doc, seg)
    found = (_closers(doc.tokens[index], msgstr) or _reread(doc, seg, msgstr, index)) if index is not None else []
    added = list((_liquid(msgstr) - _liquid(seg.msgid)).elements())
    if added:
        found.append(Reason(ADDS_LIQUID, f"adds Liquid the English code does not have ({added[0]}), which Jekyll runs"))
    lines = set(seg.msgid.split("\n"))
    snippets = [line for line in msgstr.split("\n") if SNIPPET.match(line) and line not in lines]
    if snippets:
        found.append(
            Reason(ADDS_INCLUDE, f"adds a snippet line ({snippets[0].strip()}), which reads a file into the page")
        )
    return found


def _liquid(text: str) -> Counter[str]:
    return Counter(t.text for t in liquid.tokens(text))


def _closers(token: Token, msgstr: str) -> list[Reason]:
    """A line of the translation that closes the block's fence (named: the common case)."""
    if token.type != "fence":
        return []
    fence = re.compile(rf"[ \t]*{re.escape(token.markup[0])}{{{len(token.markup)},}}[ \t]*$")
    for number, line in enumerate(msgstr.split("\n"), 1):
        if fence.match(line):
            return [
                Reason(
                    BROKEN,
                    f"ends the code block early: its line {number} ({line.strip()}) closes the block's "
                    f"{token.markup} fence, and what follows would be read as Markdown; "
                    "take that line out or indent it into the code",
                )
            ]
    return []


def _reread(doc: Document, seg: Segment, msgstr: str, index: int) -> list[Reason]:
    """The top-level block holding the code block (the list, the quote, the fence itself)
    with this translation put back, read again: the code block must come back whole.
    Read alone, a block reads as it does in the chapter; where it does not (its English
    read alone is not the chapter's), the whole chapter is read again instead."""
    english = doc.tokens[index]
    at = english.content.find(seg.msgid)  # after the blank lines the block may open with
    expected = english.content[:at] + msgstr + english.content[at + len(seg.msgid) :]
    read = parser(doc.flavor, doc.math).parse
    top = max(i for i in range(index + 1) if doc.tokens[i].level == 0 and doc.tokens[i].nesting >= 0)
    first, end = doc.tokens[top].map or (0, 0)
    lines = Lines(doc.text)
    start, stop = lines.start(first), lines.start(end)
    alone = read(doc.text[start:stop])
    if len(alone) > index - top and alone[index - top].content == english.content:
        text = doc.text[start : seg.span.start] + render(seg, msgstr) + doc.text[seg.span.end : stop]
        tokens, at_index, count = read(text), index - top, len(alone)
    else:
        tokens, at_index, count = read(weave(doc, TranslationMap({key_of(seg): msgstr})).text), index, len(doc.tokens)
    if len(tokens) == count:
        now = tokens[at_index]
        if now.type == english.type and now.info == english.info and now.content == expected:
            return []
    return [
        Reason(
            BROKEN,
            "is no longer one code block as the English is (a blank line at its start or end, or a line "
            "that ends the block, changes what the page reads as code)",
        )
    ]


def _index(doc: Document, seg: Segment) -> int | None:
    for index, token in enumerate(doc.tokens):
        if token.type in ("fence", "code_block") and token.map and token.map[0] + 1 == seg.location.line:
            return index
    return None
