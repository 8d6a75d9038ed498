"""GFM task lists as kramdown's GFM parser reads them: `- [ ] todo` and `- [x] done`.

kramdown-parser-gfm (`parse_list` in parser/gfm.rb) replaces `[ ]` or `[x]` (either
case) and the spaces after it, at the start of a list item's first paragraph, with a
disabled checkbox. The marker is not words: the segmenter leaves it out of the
msgid (`task_marker`), and the page gets kramdown's checkbox in its place. Unlike
mdit-py-plugins' tasklists, the block's `content` is left as written, so every
stage still finds the paragraph in the source where it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from mdgettext.model import REWRITTEN

MARKER = re.compile(r"[ \t]*\[([ xX])\][ \t]+")  # kramdown's `\s`, kept to one line
BOX = '<input type="checkbox" class="task-list-item-checkbox" disabled="disabled"{} />'


def task_marker(content: str) -> int:
    """How many characters of an item's first paragraph are its task marker (0: none)."""
    found = MARKER.match(content)
    return found.end() if found else 0


def tasks_plugin(md: MarkdownIt) -> None:
    """Checkboxes where kramdown puts them, and its classes on the item and the list."""
    md.core.ruler.after("inline", "kramdown_task_lists", _tasks)


@dataclass
class _List:
    token: Token  # the list's opening token
    boxed: bool = False  # whether an item so far had a box


def _tasks(state: StateCore) -> None:
    """As parse_list does it: once an item of a list has a box, that item and every
    later item whose first block is a paragraph get `task-list-item`, the list `task-list`."""
    tokens = state.tokens
    lists: list[_List] = []
    for index, token in enumerate(tokens):
        if token.type in ("bullet_list_open", "ordered_list_open"):
            lists.append(_List(token))
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif token.type == "inline" and index >= 2 and tokens[index - 2].type == "list_item_open" and lists:
            owner = lists[-1]
            if _box(token):
                owner.boxed = True
                owner.token.attrSet("class", "task-list")
            if owner.boxed:
                tokens[index - 2].attrSet("class", "task-list-item")


def _box(inline: Token) -> bool:
    """Put the checkbox in place of the marker; whether there was one."""
    children = inline.children or []
    first = children[0] if children else None
    found = MARKER.match(first.content) if first is not None and first.type == "text" else None
    if first is None or found is None:
        return False
    box = Token("html_inline", "", 0)
    box.content = BOX.format(' checked="checked"' if found.group(1) != " " else "")
    first.content = first.content[found.end() :]
    inline.children = [box, *children]
    inline.meta[REWRITTEN] = True  # read where it stands: the same text alone has no box
    return True
