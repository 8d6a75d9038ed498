"""Attribute lists as Python-Markdown's attr_list reads them: `{: #id .class key="value" }`
(the colon is optional).

Three places: at the end of a heading's line (`## Setup { #setup }`), taken out of the
heading's text, its id kept as the heading's (`model.GIVEN_ID`); on the last line of
a paragraph of its own, where it ends the paragraph's text; and right after an inline
element (`[Go](x){ .button }`, `![a](b){ width=300 }`), inside a message, where it
must stay as written. Wherever it stands, the list shows nothing on the page, and
elsewhere (a list on a line of its own, after a blank line) it is text, as there.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline

from mdgettext.markdown.span_lists import attach, may_follow, set_attributes
from mdgettext.model import GIVEN_ID

# attr_list's tokens (its re.Scanner): key="value", key='value', key=value, a word; spaces between
PART = re.compile(r"""([^ =}]+)=(?:"(.*?)"|'(.*?)'|([^ =}]+))|([^ =}]+)| """)
OPEN = re.compile(r"\{:?[ ]*(?=[^}\n ])")
HEADING_END = re.compile(r"[ ]+\{:?[ ]*([^}\n ][^\n]*)\}[ ]*$")  # attr_list's HEADER_RE


def lists_in(text: str) -> list[str]:
    """Every attribute list attr_list could read in `text`, as written: what the judge
    compares (checks/allowlist.py), so a translation or a note adds none.

    attr_list (a tree processor) reads `{…}` (a colon optional, then something) at the
    start of an inline element's tail (`*x*{ onfocus=… }`, after a link, an image, code,
    a formula, an abbreviation: any element, whatever ends it), on the last line of a
    block of its own, and after spaces at the end of a heading, table cell or term; its
    match runs to the last `}` of the line, and a quoted value may hold a `}`. Read here
    from the text alone, so the reading holds more than the engine's, never less: a list
    from a `{` that follows anything but a space or a brace, or starts a line, or whose
    `}` ends its line; each from the first `{` since the last `}` (a `{` inside is part of
    it), and to the end of the line when a quote in it is left open. One pass."""
    found: list[str] = []
    for line in text.split("\n"):
        indent, end = len(line) - len(line.lstrip(" ")), len(line.rstrip(" "))
        at = 0
        while (start := line.find("{", at)) >= 0:
            close = line.find("}", start + 1)
            if close < 0:
                break
            body = line[start + 1 : close]
            if body.count('"') % 2 or body.count("'") % 2:  # a quoted value may run past this `}`
                close = len(line) - 1
            elif not body.lstrip(":").strip(" "):  # `{}`, `{: }`: attr_list reads no list there
                at = close + 1
                continue
            read = start if close + 1 >= end else _read_from(line, start, close, indent)
            if read is not None:
                found.append(line[read : close + 1])
            at = close + 1
    return found


def _read_from(line: str, start: int, close: int, indent: int) -> int | None:
    """The first `{` from `start` to `close` where attr_list reads an element's tail or
    a line's start (`indent`: where the line's text starts); None when there is none."""
    for at in range(start, close):
        if line[at] == "{" and (at <= indent or line[at - 1] not in " \t{}"):
            return at
    return None


def attributes_plugin(md: MarkdownIt) -> None:
    """Headings' lists before their text is parsed; a paragraph's last line; lists after elements."""
    md.core.ruler.after("block", "attr_list_headings", _headings)
    md.block.ruler.before("paragraph", "attr_list_block", _block, {"alt": ["paragraph"]})
    md.inline.ruler.before("text", "attr_list_inline", _inline)
    md.inline.ruler2.after("emphasis", "attr_list_apply", _apply)


def read(body: str) -> tuple[dict[str, str], bool]:
    """The attributes of a list's body (what lies between `{:` and `}`), and whether the
    whole body was read (attr_list assigns nothing when a stray `}` is left over)."""
    found: dict[str, str] = {}
    pos = 0
    while pos < len(body):
        part = PART.match(body, pos)
        if part is None or part.end() == pos:
            return found, False
        key, double, single, bare, word = part.groups()
        if key is not None:
            found[key] = next(v for v in (double, single, bare) if v is not None)
        elif word is not None and word.startswith("#"):
            found["id"] = word[1:]
        elif word is not None and word.startswith("."):
            found["class"] = f"{found['class']} {word[1:]}" if "class" in found else word[1:]
        elif word is not None:
            found[word] = ""
        pos = part.end()
    return found, True


def _headings(state: StateCore) -> None:
    """`## Title { #id }`: the list leaves the heading's text (a closing `##` before it too)."""
    tokens = state.tokens
    for index, token in enumerate(tokens[:-1]):
        inline = tokens[index + 1]
        if token.type != "heading_open" or inline.type != "inline" or not token.markup.startswith("#"):
            continue  # an underlined heading keeps its list (its text spans lines): see tests/test_mkdocs.py
        found = HEADING_END.search(inline.content)
        if found is None:
            continue
        attrs, whole = read(found.group(1))
        if not whole:
            continue
        text = inline.content[: found.start()]
        inline.content = text.rstrip("#").rstrip()
        set_attributes(token, attrs)
        if "id" in attrs:
            token.meta[GIVEN_ID] = attrs["id"]


def _block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A paragraph's last line that is only a list: it leaves the paragraph's text."""
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    begin, line_end = state.bMarks[start] + state.tShift[start], state.eMarks[start]
    line = state.src[begin:line_end].rstrip(" ")
    if not (line.startswith("{") and line.endswith("}")):
        return False
    opening = OPEN.match(line)
    attrs, whole = read(line[opening.end() : -1]) if opening else ({}, False)
    if not whole or (start + 1 < end and not state.isEmpty(start + 1)):
        return False  # a list followed by more text is text
    if silent:
        return True  # asked by a paragraph: it ends here
    paragraph = state.tokens[-3] if len(state.tokens) >= 3 else None
    if paragraph is None or paragraph.type != "paragraph_open" or paragraph.map is None or paragraph.map[1] != start:
        return False  # not under a paragraph: a paragraph of its own, as text
    set_attributes(paragraph, attrs)
    token = state.push("attr_list", "", 0)
    token.block, token.hidden, token.map = True, True, [start, start + 1]
    state.line = start + 1
    return True


def _inline(state: StateInline, silent: bool) -> bool:
    """A list right after an element; which element is known once emphasis is paired."""
    if not state.src.startswith("{", state.pos) or not state.tokens:
        return False
    if not may_follow(state.tokens[-1]):
        return False
    opening = OPEN.match(state.src, state.pos, state.posMax)
    close = state.src.find("}", state.pos, state.posMax)
    if opening is None or close < 0:
        return False
    attrs, whole = read(state.src[opening.end() : close])
    if not whole:
        return False
    if not silent:
        token = state.push("attr_list", "", 0)
        token.meta = {"attrs": attrs, "text": state.src[state.pos : close + 1]}
    state.pos = close + 1
    return True


def _apply(state: StateInline) -> None:
    attach(state.tokens, "attr_list", lambda token: token.meta["text"])  # after no element: text, as written
