"""`$$…$$` as kramdown reads it: display math only as a block of its own, inline everywhere else.

kramdown (parser/kramdown/math.rb) makes `$$…$$` a display block only when it
starts a line right after a block boundary (a blank line, or the start of the
document or of a container) and its closing `$$` ends a line followed by another
boundary (a blank line or the end). Everywhere else, even on a line of its own
under a line of text, it is inline math. A single `$` is not math at all for
kramdown: the book's readers see `$…$` typeset by the browser, which is the
typesetter's business (`publish/mathml.py`), not the parser's.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_inline import StateInline

CLOSE = "$$"
CONTAINERS = frozenset({"blockquote_open", "list_item_open", "footnote_open", "html_element_open", "front_matter"})


def math_plugin(md: MarkdownIt) -> None:
    """Block `$$` before paragraphs (it does not interrupt one), inline `$$` before escapes."""
    md.block.ruler.before("fence", "math_block", _block)
    md.inline.ruler.before("escape", "math_inline", _inline)


def dollars_as_kramdown(md: MarkdownIt, math: str) -> None:
    """kramdown's `$$` for a flavor that is not kramdown, where the project's `math`
    setting reads `$` as kramdown does (`math = "kramdown"`)."""
    if math == "kramdown":
        md.use(math_plugin)


def _after_boundary(state: StateBlock, line: int) -> bool:
    """kramdown's `after_block_boundary?`: nothing before in this container, or a blank line."""
    if line == 0 or state.isEmpty(line - 1):
        return True
    return not state.tokens or state.tokens[-1].type in CONTAINERS


def _block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    begin = state.bMarks[start] + state.tShift[start]
    if state.sCount[start] - state.blkIndent >= 4 or not state.src.startswith("$$", begin):
        return False
    if not _after_boundary(state, start):
        return False
    close = state.src.find(CLOSE, begin + 2)
    if close < 0:
        return False
    last = start
    while last < end and state.eMarks[last] < close:
        last += 1
    if last >= end or state.src[close + 2 : state.eMarks[last]].strip():
        return False  # text after the closing `$$`: a paragraph with inline math
    if last + 1 < end and not state.isEmpty(last + 1):
        return False  # no boundary after it: inline math in a paragraph
    if silent:
        return True
    token = state.push("math_block", "math", 0)
    token.block = True
    text = state.getLines(start, last + 1, state.blkIndent, False).strip()  # container prefixes dropped
    token.content = text[2 : text.rfind(CLOSE)].strip()
    token.markup = "$$"
    token.map = [start, last + 1]
    state.line = last + 1
    return True


INLINE = re.compile(r"\$\$(.*?)\$\$", re.DOTALL)


def _inline(state: StateInline, silent: bool) -> bool:
    if not state.src.startswith("$$", state.pos):
        return False
    match = INLINE.match(state.src, state.pos, state.posMax)
    if match is None:
        return False
    if not silent:
        token = state.push("math_inline", "math", 0)  # inline, whatever its dollars
        token.content = match.group(1).strip()
        token.markup = "$$"
    state.pos = match.end()
    return True
