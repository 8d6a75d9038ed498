"""Math as pymdownx.arithmatex reads it (its defaults, as MkDocs sites enable it).

Inline: `$x$` with no space just inside the dollars (its "smart dollars": `$5 or $10`
is prices) and `\\(x\\)`; a code span is read first, as Python-Markdown's backtick
pattern runs before arithmatex's. Display: a block of its own (blank lines around,
as Python-Markdown splits blocks) that is wholly `$$…$$`, `\\[…\\]` or
`\\begin{env}…\\end{env}`; `$$x$$` inside a paragraph is not display math.

The tokens are dollarmath's (`math_inline`, `math_block`), so every stage reads them
as it reads other formulas, and the page typesets them.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_inline import StateInline

DOLLAR = re.compile(r"\$(?!\s)((?:\\.|[^\\$])+?)(?<!\s)\$")
ROUND = re.compile(r"\\\(((?:\\[^)]|[^\\])+?)\\\)")
BLOCK = re.compile(
    r"(?s)(?:\$\$(?P<dollar>(?:\\.|[^\\])+?)\$\$"
    r"|\\\[(?P<square>(?:\\[^\]]|[^\\])+?)\\\]"
    r"|(?P<begin>\\begin\{(?P<env>[a-z]+\*?)\}(?:\\.|[^\\])+?\\end\{(?P=env)\}))[ ]*\n?"
)
OPENINGS = ("$$", "\\[", "\\begin{")


def arithmatex_plugin(md: MarkdownIt) -> None:
    """Display math before fences (after indented code), inline math before escapes."""
    md.block.ruler.before("fence", "arithmatex_block", _block)
    md.inline.ruler.before("escape", "arithmatex_inline", _inline)


def _inline(state: StateInline, silent: bool) -> bool:
    pos = state.pos
    if state.src.startswith("$", pos):
        found, markup = DOLLAR.match(state.src, pos, state.posMax), "$"
    elif state.src.startswith("\\(", pos):
        found, markup = ROUND.match(state.src, pos, state.posMax), "\\("
    else:
        return False
    if found is None:
        return False
    if not silent:
        token = state.push("math_inline", "math", 0)
        token.content, token.markup = found.group(1), markup
    state.pos = found.end()
    return True


def _block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    begin = state.bMarks[start] + state.tShift[start]
    if state.sCount[start] - state.blkIndent >= 4 or not state.src.startswith(OPENINGS, begin):
        return False
    last = start + 1  # the block runs to the next blank line, as Python-Markdown splits blocks
    while last < end and not state.isEmpty(last):
        last += 1
    text = state.getLines(start, last, state.blkIndent, False)
    found = BLOCK.fullmatch(text)
    if found is None:
        return False
    if not silent:
        token = state.push("math_block", "math", 0)
        token.block, token.map = True, [start, last]
        token.content = found["dollar"] or found["square"] or found["begin"]
        token.markup = "$$" if found["dollar"] is not None else "\\[" if found["square"] is not None else "\\begin"
    state.line = last
    return True
