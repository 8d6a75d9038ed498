"""Lists as kramdown reads them: `1)` is not a marker, and each item decides its own `<p>`.

kramdown (parser/kramdown/list.rb) knows `1.` but not `1)`; and it wraps an item's
first paragraph in `<p>` only when a blank line follows that paragraph inside the
item, where CommonMark makes a whole list loose or tight at once.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

PAREN_MARKER = re.compile(r"\d{1,9}\)(?:[ \t]|$)")


def lists_plugin(md: MarkdownIt) -> None:
    """Wrap the list rule; decide each item's paragraph after the blocks are parsed."""
    rules = md.block.ruler.__rules__
    original = rules[md.block.ruler.__find__("list")].fn

    def list_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        begin = state.bMarks[start] + state.tShift[start]
        if PAREN_MARKER.match(state.src, begin, state.eMarks[start]):
            return False
        return original(state, start, end, silent)

    md.block.ruler.at("list", list_rule, {"alt": ["paragraph", "reference", "blockquote"]})
    md.core.ruler.after("block", "kramdown_item_paragraphs", _item_paragraphs)


def _item_paragraphs(state: StateCore) -> None:
    """kramdown's rule: an item's first paragraph drops its `<p>` unless a blank line follows
    it inside the item; the last item keeps it when every earlier item kept theirs."""
    lines = state.src.split("\n")

    def blank(line: int) -> bool:
        return line < len(lines) and not lines[line].strip(" \t>")

    tokens = state.tokens
    for start, token in enumerate(tokens):
        if token.type not in ("bullet_list_open", "ordered_list_open"):
            continue
        items = [
            i
            for i in range(start + 1, _closing(tokens, start))
            if tokens[i].type == "list_item_open" and tokens[i].level == token.level + 1
        ]
        bare: list[bool] = []  # per item: its first block is not a paragraph, or a paragraph without <p>
        for number, i in enumerate(items):
            first = tokens[i + 1]
            item_lines, paragraph_lines = tokens[i].map, first.map
            if first.type != "paragraph_open" or paragraph_lines is None or item_lines is None:
                bare.append(True)
                continue
            close = _closing(tokens, i + 1)
            last = number == len(items) - 1
            blank_after = paragraph_lines[1] < item_lines[1] and blank(paragraph_lines[1])
            only_paragraph = tokens[close + 1].type == "list_item_close"
            transparent = (not blank_after or (last and only_paragraph)) and (not last or len(items) == 1 or any(bare))
            first.hidden = tokens[close].hidden = transparent
            bare.append(transparent)


def _closing(tokens: list[Token], opening: int) -> int:
    """The index of the token that closes `tokens[opening]`."""
    depth = 0
    for j in range(opening, len(tokens)):
        depth += tokens[j].nesting
        if depth == 0:
            return j
    return len(tokens) - 1
