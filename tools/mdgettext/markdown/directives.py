"""Author directives: HTML comments in the English source that steer the next block.

`<!-- mdgettext: skip -->`, `<!-- mdgettext: context menu -->` and
`<!-- mdgettext: note Keep it short. -->` apply to the block that follows them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from markdown_it.token import Token

from mdgettext.markdown.lines import block_lines
from mdgettext.model import Segment

DIRECTIVE = re.compile(r"^\s*<!--\s*mdgettext:\s*(skip|context|note)\b\s*(.*?)\s*-->\s*$", re.DOTALL)


@dataclass(frozen=True)
class Directives:
    """What the comments before a block ask for it."""

    skip: bool = False
    context: str | None = None
    notes: tuple[str, ...] = ()


def by_line(tokens: list[Token]) -> dict[int, Directives]:
    """The directives that apply to each block, keyed by the block's first line."""
    found: dict[int, Directives] = {}
    pending = Directives()
    for i, token in enumerate(tokens):
        match = DIRECTIVE.match(token.content) if token.type == "html_block" else None
        if not match:
            continue
        verb, arg = match.groups()
        if verb == "skip":
            pending = replace(pending, skip=True)
        elif verb == "context":
            pending = replace(pending, context=arg or None)
        else:
            pending = replace(pending, notes=(*pending.notes, arg))
        target = next((t for t in tokens[i + 1 :] if t.map and t.level == token.level and t.nesting >= 0), None)
        if target is not None and not DIRECTIVE.match(target.content if target.type == "html_block" else ""):
            found[block_lines(target)[0]] = pending
            for line in range(block_lines(target)[0], block_lines(target)[1]):
                found.setdefault(line, pending)
            pending = Directives()
    return found


def apply(seg: Segment, directives: dict[int, Directives]) -> Segment | None:
    """The segment as its directives have it: dropped (skip), or with a context and notes."""
    found = directives.get(seg.location.line - 1)
    if found is None:
        return seg
    if found.skip:
        return None
    return replace(seg, context=found.context or seg.context, comments=seg.comments + found.notes)
