"""pymdownx.snippets' include lines, left alone: `--8<-- "file.md"`, and the block form
(`--8<--`, file names one per line, `--8<--`).

MkDocs puts the named file's text in their place before anything is parsed, so a
snippet line is no words of this page: it ends the paragraph it stands in, is never
offered, and the build keeps it as written, for the site to fill in.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

# pymdownx.snippets' RE_ALL_SNIPPETS, on one line: a marker and a quoted path, or a marker alone
LINE = re.compile(
    r"""[ \t]*(?:-+8<-+[ \t]+(?:"(?:\\"|[^"\n\r])+?"|'(?:\\'|[^'\n\r])+?')(?![ \t])|(?P<block>-+8<-+)(?![ \t]))$"""
)


def snippets_plugin(md: MarkdownIt) -> None:
    """Snippet lines before anything else reads the line, interrupting a paragraph."""
    md.block.ruler.before("code", "snippets", _snippet, {"alt": ["paragraph", "reference", "blockquote", "list"]})


def _snippet(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    found = _marker(state, start)
    if found is None:
        return False
    last = start + 1
    if found["block"]:  # file names up to the closing marker, which must be there
        while last < end and not ((closing := _marker(state, last)) and closing["block"]):
            last += 1
        if last >= end:
            return False
        last += 1
    if silent:
        return True
    token = state.push("snippet", "", 0)
    token.block, token.hidden, token.map = True, True, [start, last]
    token.content = state.getLines(start, last, state.blkIndent, False)
    state.line = last
    return True


def _marker(state: StateBlock, line: int) -> re.Match[str] | None:
    return LINE.match(state.src, state.bMarks[line] + state.tShift[line], state.eMarks[line])
