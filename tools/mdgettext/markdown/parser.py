"""The one markdown-it-py parser that extraction, weaving, checks and HTML share.

Every stage must see the same blocks, or msgids extracted from the source would not
be found again when the translation is put back; so the preset lives here only.
"""
from __future__ import annotations

from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin


@lru_cache(maxsize=1)
def parser() -> MarkdownIt:
    """CommonMark plus what book chapters use: tables, front matter, footnotes, `$` math."""
    return (
        MarkdownIt("commonmark", {"html": True})
        .enable("table")
        .use(front_matter_plugin)
        .use(footnote_plugin)
        .use(dollarmath_plugin, double_inline=True)
        .use(row_offsets_plugin)
    )


def row_offsets_plugin(md: MarkdownIt) -> None:
    """Record where each table row's text starts and ends, in `table_open.meta["rows"]`.

    Line maps tell which line a row is on but not where its container prefix
    (`> `, list indentation) ends; the block state knows, while the table rule runs.
    """
    ruler = md.block.ruler
    original = ruler.__rules__[ruler.__find__("table")].fn

    def table(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
        first_token = len(state.tokens)
        found = original(state, start_line, end_line, silent)
        if found and not silent:
            rows = {
                line: (state.bMarks[line] + state.tShift[line], state.eMarks[line])
                for line in range(start_line, state.line)
            }
            state.tokens[first_token].meta["rows"] = rows
        return found

    ruler.at("table", table)


def normalize(text: str) -> str:
    """The text markdown-it-py parses: its `normalize` rule maps NUL to U+FFFD.

    Offsets stay the same (one character for one), so spans found in the normalized
    text are valid in the original. Line endings are the file layer's business.
    """
    return text.replace("\0", "\ufffd")
