"""`*`, `**`, `_` and `__` as kramdown reads them: no flanking rules, only spaces and words.

CommonMark lets a delimiter run close emphasis after punctuation only when a
space or punctuation follows, so `**마크다운(Markdown)**을` stays literal there.
kramdown (parser/kramdown/emphasis.rb) asks less: a run opens unless a space
follows it and closes unless a space precedes it; `_` also never opens after a
letter or `-` nor closes before a letter or digit. The book's Korean text relies on
this, as does its English (`**(i, i)**th`). markdown-it's pairing of delimiters
stays; only where a run may open or close changes.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.common.utils import isWhiteSpace
from markdown_it.rules_inline import StateInline
from markdown_it.rules_inline.state_inline import Delimiter


def emphasis_plugin(md: MarkdownIt) -> None:
    """Replace the emphasis tokenizer; markdown-it's balancing and rendering stay."""
    md.inline.ruler.at("emphasis", _tokenize)


def _tokenize(state: StateInline, silent: bool) -> bool:
    start = state.pos
    marker = state.src[start]
    if silent or marker not in ("_", "*"):
        return False
    end = start
    while end < state.posMax and state.src[end] == marker:
        end += 1
    before = state.src[start - 1] if start > 0 else " "
    after = state.src[end] if end < state.posMax else " "
    can_open = not isWhiteSpace(ord(after))
    can_close = not isWhiteSpace(ord(before))
    if marker == "_":
        can_open = can_open and not (before.isalpha() or before == "-")
        can_close = can_close and not after.isalnum()
    length = end - start
    for _ in range(length):
        token = state.push("text", "", 0)
        token.content = marker
        state.delimiters.append(
            Delimiter(
                marker=ord(marker),
                length=0,  # 0: markdown-it's "rule of 3" is CommonMark's, kramdown has none
                token=len(state.tokens) - 1,
                end=-1,
                open=can_open,
                close=can_close,
            )
        )
    state.pos = end
    return True
