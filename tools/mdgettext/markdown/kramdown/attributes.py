"""kramdown's inline attribute lists: `{: #id .class key="value"}` after a block or a span.

A block IAL is a line of its own: directly under a block it gives that block its
attributes, otherwise the block that follows. A span IAL follows a span element
(`*em*{: .x}`, a link, a code span). Either way the list itself is never text: it
must not render, and must never be offered for translation as prose.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from mdgettext.markdown.span_lists import attach, may_follow, set_attributes

_BODY = r"""(?:[^}"'\n]|"[^"\n]*"|'[^'\n]*')*"""
BLOCK_IAL = re.compile(rf"\{{:(?!:)({_BODY})\}}[ \t]*$")
SPAN_IAL = re.compile(rf"\{{:(?!:)({_BODY})\}}")
PART = re.compile(r"""#([\w:-]+)|\.([\w-]+)|([\w:-]+)=(?:"([^"]*)"|'([^']*)')""")


def attributes_plugin(md: MarkdownIt) -> None:
    """Block IAL lines end a paragraph; span IALs are read where they stand."""
    md.block.ruler.before("paragraph", "ial_block", _block, {"alt": ["paragraph"]})
    md.core.ruler.after("block", "ial_apply", _apply)
    md.inline.ruler.before("text", "ial_span", _span)
    md.inline.ruler2.after("emphasis", "ial_span_apply", _apply_span)


def parse(body: str) -> dict[str, str]:
    """An IAL's attributes: `#id`, `.class` (several join), `key="value"`."""
    found: dict[str, str] = {}
    for match in PART.finditer(body):
        ident, cls, key, double, single = match.groups()
        if ident:
            found["id"] = ident
        elif cls:
            found["class"] = f"{found['class']} {cls}" if "class" in found else cls
        elif key:
            found[key] = double if double is not None else single or ""
    return found


def _block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    begin = state.bMarks[start] + state.tShift[start]
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    match = BLOCK_IAL.match(state.src, begin, state.eMarks[start])
    if match is None:
        return False
    if not silent:
        token = state.push("kramdown_ial", "", 0)
        token.map = [start, start + 1]
        token.meta = {"attrs": parse(match.group(1))}
        token.hidden = True
        token.block = True
    state.line = start + 1
    return True


def _apply(state: StateCore) -> None:
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type != "kramdown_ial" or token.map is None:
            continue
        target = _previous_block(tokens, i)
        if target is None or _ends(tokens, target) != token.map[0]:
            target = next(
                (
                    j
                    for j in range(i + 1, len(tokens))
                    if tokens[j].nesting >= 0 and tokens[j].block and tokens[j].type != "kramdown_ial"
                ),
                None,
            )
        if target is not None:
            set_attributes(tokens[target], token.meta["attrs"])


def _previous_block(tokens: list[Token], index: int) -> int | None:
    """The opening token of the block right before `index`, at the same level."""
    level = tokens[index].level
    for j in range(index - 1, -1, -1):
        if tokens[j].level == level and tokens[j].nesting >= 0 and tokens[j].block:
            return j
    return None


def _ends(tokens: list[Token], opening: int) -> int | None:
    lines = tokens[opening].map
    return lines[1] if lines else None


def _span(state: StateInline, silent: bool) -> bool:
    """Read a span IAL where it stands; which element it belongs to is known only after
    emphasis is paired, so `_apply_span` attaches it then."""
    if not state.src.startswith("{:", state.pos) or not state.tokens:
        return False
    match = SPAN_IAL.match(state.src, state.pos, state.posMax)
    if match is None:
        return False
    if not may_follow(state.tokens[-1]):
        return False
    if not silent:
        token = state.push("kramdown_ial", "", 0)
        token.meta = {"attrs": parse(match.group(1))}
    state.pos = match.end()
    return True


def _apply_span(state: StateInline) -> None:
    attach(state.tokens, "kramdown_ial", _as_written)


def _as_written(token: Token) -> str:
    """A list after no element: kramdown leaves it as text."""
    return "{:" + "".join(f" {k}={v}" for k, v in token.meta["attrs"].items()) + "}"
